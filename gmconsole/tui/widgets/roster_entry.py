"""What the roster pane draws, apart from how: one `Entry` per roster character or spawned
creature, the facts read from its sheet through the system, and whether a redraw would show
anything new (a turn advance with 500 spawned goblins usually would not)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from gmconsole.engine.encounter import Combatant
from gmconsole.engine.errors import RulesError
from gmconsole.systems.base import GameSystem

if TYPE_CHECKING:
    from gmconsole.engine.tracks import StatusView, TrackView


@dataclass(slots=True)
class Entry:
    """One line of the roster: a roster character (`slug`) or a spawned combatant (`cid`).
    Built afresh for every entry on every redraw, so a plain slotted class (a frozen one costs
    three times as much to make, with 500 spawned creatures that is a millisecond a turn)."""

    key: str
    """Row key: "r:<slug>" or "c:<combatant id>"."""
    who: str
    """What a command line names it by (slug or combatant id)."""
    name: str
    kind: str
    slug: str | None
    combatant: Combatant | None
    template: bool = False
    tracks: tuple[TrackView, ...] = ()
    status: StatusView | None = None
    describe: str = ""
    lines: tuple[tuple[str, str], ...] = ()
    """The system's detail lines (`sheet_lines`): hand and pool, SFX, gear..."""
    problem: str = ""
    sig: tuple = ()
    """Everything the entry's text depends on, so unchanged entries reuse their drawn text."""


def sheet_facts(system: GameSystem, sheet_data: dict[str, Any]) -> tuple:
    """(tracks, status, describe, detail lines, problem) of one stored sheet, through the
    system. Detail lines only from a system that writes its own `sheet_lines` (the default's
    raw field names say less than `describe` does), without the ones a track already draws."""
    try:
        sheet: BaseModel = system.parse_sheet(sheet_data)
        tracks = tuple(system.tracks(sheet))
        lines: tuple[tuple[str, str], ...] = ()
        if type(system).sheet_lines is not GameSystem.sheet_lines:
            shown = {t.name.lower() for t in tracks}
            lines = tuple((k, v) for k, v in system.sheet_lines(sheet) if k.lower() not in shown)
        return tracks, system.status(sheet), system.describe(sheet), lines, ""
    except (ValidationError, RulesError, ValueError) as exc:
        first = str(exc).splitlines()[1 if isinstance(exc, ValidationError) else 0].strip()
        return (), None, "", (), f"sheet invalid: {first}"


def same_view(now: tuple, before: tuple) -> bool:
    """Whether the roster would draw the same: same system and character objects, same
    encounter, and fighters equal in everything an entry shows (compared in place, without
    building anything: this runs for 500 spawned creatures on every turn)."""
    system, chars, enc_name, fighters = now
    old_system, old_chars, old_name, old_fighters = before
    if system is not old_system or enc_name != old_name or len(chars) != len(old_chars):
        return False
    if any(a is not b for a, b in zip(chars, old_chars, strict=True)):
        return False
    if len(fighters) != len(old_fighters):
        return False
    for a, b in zip(fighters, old_fighters, strict=True):
        if a is b:
            continue
        if (a.id != b.id or a.name != b.name or a.ref != b.ref or a.status != b.status
                or a.sheet != b.sheet or a.conditions != b.conditions):
            return False
    return True
