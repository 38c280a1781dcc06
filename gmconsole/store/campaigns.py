"""Making a new campaign folder and checking an existing one (`gmconsole new` / `check`)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from gmconsole.engine.tables import Table, resolver_for
from gmconsole.store.files import atomic_write
from gmconsole.store.folder import CAMPAIGN_FILE, load_folder
from gmconsole.store.log import check_log
from gmconsole.store.models import Campaign, dump_entity
from gmconsole.store.problems import CampaignError, Problem
from gmconsole.systems import get_system

FOLDERS = ("roster", "encounters", "tables", "log", "notes")

GITIGNORE = """\
# gmconsole: the lock names the console that has the campaign open; temp files are
# half-written saves (only ever seen after a crash).
.lock
.*.tmp
# a change being saved (seen only after a crash; the next open settles it)
.*.was
.*.none
.*.next
.*.gone
"""


GITATTRIBUTES = """\
# gmconsole: every file is UTF-8 text with LF line ends on every machine, so a campaign cloned
# on Windows saves byte for byte what it read. Each console session logs to files of its own
# (log/<start time>-<session>.toml), so clones that both played merge without a conflict;
# git shows the log as generated text. Roster and encounter files merge like any text: two
# clones that changed the same lines get a normal conflict, and `gmconsole check` names it.
* text=auto eol=lf
log/*.toml linguist-generated=true -diff
"""


EXAMPLE_TABLE = "tables/example.toml"

EXAMPLE_TABLES = """\
schema_version = 1
# Your own tables: every .toml file in tables/ is read when the console opens and shows in the
# tables pane (search it, roll it with r, or type `roll table Road encounters`). Edit this
# one, copy it, or delete it. `gmconsole check` says what is wrong with a table, and where.
title = "Examples"

# A dice table: roll `dice`, then read the row whose key covers the total. A key is a number
# or a range: "3-4", "12+", "5 or less", "1-2, 12"; rows must not overlap, and check reports
# a total the dice can roll that no row covers.
[[table]]
name = "Road encounters"
dice = "2d6"
columns = ["2d6", "Encounter"]
rows = [
  ["2-4", "[[1d4+1]] wolves"],                      # [[dice]] is rolled when the row comes up
  ["5-9", "Pilgrims, under {Weather}"],            # {Name} rolls on another table
  ["10-11", "A toll bridge: [[2d6]] silver to cross"],
  ["12", "Nothing but the road"],
]

# A random table: plain rows, numbered and rolled on 1d(rows), here 1d3. Add columns = [...]
# and rows of several cells for a table to read rather than roll.
[[table]]
name = "Weather"
kind = "random"
rows = ["driving rain", "thick fog", "clear skies"]
"""
"""The commented example `gmconsole new` puts in tables/: the file format, by example."""


def campaigns_home() -> Path:
    """Where a campaign named without a folder goes: ``$XDG_DATA_HOME/gmconsole/campaigns``
    (``~/.local/share/gmconsole/campaigns`` when unset), never inside the program's checkout."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gmconsole" / "campaigns"


def campaign_path(target: str) -> Path:
    """A folder as typed ("./ambush", "~/games/x", "/srv/c") or, for a bare name ("ambush"),
    the same name under `campaigns_home`."""
    if os.sep in target or (os.altsep and os.altsep in target) or target in (".", ".."):
        return Path(target).expanduser()
    return campaigns_home() / target


def find_campaign(target: str) -> Path:
    """The campaign folder a GM means by `target`, for every command that takes one (`open`,
    `check`, `recap`, `player`, `serve`, `commit`): the folder as typed when it holds a
    campaign, else (for a bare name) the campaign of that name under `campaigns_home`, where
    `gmconsole new NAME` and `gmconsole demo NAME` put it.

    Anything else is a `CampaignError` that says which folders were looked at and what is
    wrong with them (not there, not a folder, no campaign.toml), so `gmconsole open
    /no/such/folder` is an error, not the picker."""
    typed = Path(target).expanduser()
    if (typed / CAMPAIGN_FILE).is_file():
        return typed
    bare = not (os.sep in target or (os.altsep and os.altsep in target) or target in (".", ".."))
    home = campaigns_home() / target if bare and target else None
    if home is not None and (home / CAMPAIGN_FILE).is_file():
        return home
    why = _not_a_campaign(typed)
    if home is not None and not typed.exists():
        why += f", and there is no campaign {target!r} in {campaigns_home()}"
        known = known_campaigns()
        if known:
            why += " (there are: " + ", ".join(sorted(known)) + ")"
    raise CampaignError(why)


def _not_a_campaign(folder: Path) -> str:
    if not folder.exists():
        return f"{folder} is not there"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    return f"{folder} is not a campaign folder (no {CAMPAIGN_FILE})"


def known_campaigns() -> dict[str, Path]:
    """The campaigns under `campaigns_home`, by the name `open NAME` takes."""
    home = campaigns_home()
    try:
        return {p.parent.name: p.parent for p in sorted(home.glob(f"*/{CAMPAIGN_FILE}")) if p.is_file()}
    except OSError:
        return {}


def create_campaign(path: Path, name: str, system_id: str) -> Path:
    """A new campaign folder: campaign.toml, the sub-folders, a .gitignore for the lock and a
    .gitattributes for git (`gmconsole new` adds `write_example_tables`).

    Refuses a folder that already holds a campaign or any other files, and an unknown system
    (the message lists the known ones).
    """
    path = Path(path)
    system = get_system(system_id)
    if not name.strip():
        raise CampaignError("the campaign needs a name")
    if (path / CAMPAIGN_FILE).exists():
        raise CampaignError(f"{path} already holds a campaign")
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise CampaignError(f"{path} exists and is not an empty folder")
    campaign = Campaign(name=name.strip(), system=system.id)
    try:
        path.mkdir(parents=True, exist_ok=True)
        for folder in FOLDERS:
            (path / folder).mkdir(exist_ok=True)
        atomic_write(path / ".gitignore", GITIGNORE)
        atomic_write(path / ".gitattributes", GITATTRIBUTES)
        atomic_write(path / CAMPAIGN_FILE, dump_entity(campaign, "campaign"))
    except OSError as exc:  # no such parent, a file in the way, no permission, disk full
        raise CampaignError(f"cannot create a campaign at {path}: {exc.strerror or exc}") from None
    return path


def table_problems(root: Path, tables: Sequence[Table]) -> list[Problem]:
    """The campaign's own tables that load but would fail a GM mid-roll (`tables.lint`): a roll
    of the dice no row covers, a `{Name}` naming no table (the system's tables count). Each is
    reported at its table's `[[table]]` line."""
    from gmconsole.engine.tables.lint import table_findings
    from gmconsole.engine.tables.loader import _table_lines as table_lines

    resolve = resolver_for(tables)
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for table in tables:
        if not table.source.startswith("tables/"):
            continue  # the system's book tables are the system's tests' business
        n = seen[table.source] = seen.get(table.source, -1) + 1
        findings = table_findings(table, resolve)
        if not findings:
            continue
        try:
            lines = table_lines((root / table.source).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            lines = []
        line = lines[n] if n < len(lines) else 1
        problems += [Problem(table.source, line, finding) for finding in findings]
    return problems


def write_example_tables(path: Path) -> Path:
    """Put the commented example table file in a new campaign's tables/ (`gmconsole new`: a GM
    starting from nothing learns the format from it; a campaign made by code gets none)."""
    target = Path(path) / EXAMPLE_TABLE
    if target.exists():
        raise CampaignError(f"{target} already exists")
    try:
        atomic_write(target, EXAMPLE_TABLES)
    except OSError as exc:
        raise CampaignError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target


def check_campaign(path: Path) -> list[Problem]:
    """Every problem in a campaign folder (`gmconsole check`), each `path:line: message` with
    the path joined to the folder as given (so an editor can jump to it); empty when all is well.

    The log is judged by `check_log`, which validates every event but keeps none (a long
    campaign's log is 100,000 events), rather than read into events by `read_log`; the
    problems are the same, in the same order."""
    path = Path(path)
    try:
        loaded = load_folder(path)
    except CampaignError as exc:
        problem = exc.problem or Problem(CAMPAIGN_FILE, 1, str(exc))
        found = [problem]
    else:
        found = list(loaded.problems) + table_problems(path, loaded.tables)
    found += check_log(path)
    return [Problem((path / p.path).as_posix(), p.line, p.message) for p in found]
