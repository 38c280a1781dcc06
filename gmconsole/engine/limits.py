"""How big a campaign's files and what they hold may be: every cap in one place.

A campaign folder comes from anyone (a clone, a shared drive, an archive), so nothing in it
may make the console read without end: a link to `/dev/zero`, a table of a million rows or an
encounter of a million combatants (14-20 s and 2 GB at every open), a 50 MB name. Each cap is
far above what play at a table produces (the benchmarks' 2,000-goblin fight, a d1000 table, a
1,000-event log file) and each refusal names the file, the size found and the cap. The README
lists them for GMs.
"""

from __future__ import annotations

KIB = 1024
MIB = 1024 * KIB

CAMPAIGN_FILE_BYTES = 256 * KIB
"""campaign.toml: a name, a system, a few switches and a clock."""

ROSTER_FILE_BYTES = 1 * MIB
"""One character's file (a sheet, its notes)."""

ENCOUNTER_FILE_BYTES = 16 * MIB
"""One encounter's file: a 2,000-combatant fight with inline sheets is about 1 MB."""

TABLE_FILE_BYTES = 4 * MIB
"""One file of the GM's own tables."""

LOG_FILE_BYTES = 128 * MIB
"""One log file (at most 1,000 events a file: a long session starts another)."""

OTHER_FILE_BYTES = 16 * MIB
"""Any other TOML file the store reads."""

LINE_CHARS = 100_000
"""The longest line a campaign, roster, encounter or table file may hold: a name or a note of
50 MB is refused by this before it is parsed (log files, the app's own, are exempt)."""

TABLE_ROWS = 10_000
"""Rows in one reference table (a d1000 table has 1,000)."""

TABLES_PER_FILE = 1_000
"""`[[table]]` entries in one table file."""

COMBATANTS = 5_000
"""Combatants in one encounter (the benchmarks play 2,000)."""

_BY_FOLDER = {
    "roster": ROSTER_FILE_BYTES,
    "encounters": ENCOUNTER_FILE_BYTES,
    "tables": TABLE_FILE_BYTES,
    "log": LOG_FILE_BYTES,
}


def file_bytes(relative: str) -> int:
    """The size cap of a file by its path in the campaign folder ("roster/ayla.toml")."""
    if relative == "campaign.toml":
        return CAMPAIGN_FILE_BYTES
    return _BY_FOLDER.get(relative.partition("/")[0], OTHER_FILE_BYTES)


def size_text(size: int) -> str:
    """A byte count as a GM reads it ("16 MiB", "3.2 MiB", "900 bytes")."""
    for unit, scale in (("MiB", MIB), ("KiB", KIB)):
        if size >= scale:
            value = size / scale
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{size} bytes"
