"""Plain Rich `Text` builders for engine results: dice, checks, log events, conditions.

Nothing here relies on colour to carry meaning: a dropped die is struck through AND wrapped
in parentheses, an exploded die carries "!", success and failure are words, the acting
combatant has "▶", a held one "[held]", a dead one "✝". Colours only repeat what the words say.
"""

from __future__ import annotations

import re

from rich.text import Text

from gmconsole.engine.encounter import Condition
from gmconsole.engine.events import Event

KIND_TAGS: dict[str, str] = {
    "roll": "roll",
    "check": "test",
    "damage": "dmg ",
    "heal": "heal",
    "condition": "cond",
    "turn": "turn",
    "encounter": "enc ",
    "roster": "edit",
    "campaign": "camp",
    "note": "note",
    "undo": "undo",
    "redo": "redo",
}
"""A fixed-width word per event kind, so the log reads as columns without colour."""

_EXPIRES = {"start": "start of turn", "end": "end of turn", "round": "end of round"}


def event_text(event: Event) -> Text:
    """One log line: a fixed-width kind tag, then the event's sentence with its dice marked.

    The sentence is the engine's plain text ("Ayla: 4d6kh3 (6, 5, ~~2~~, 4) = 15", a check's
    "[14 (3)] +2 = 16 vs 15: success"), which already marks every die without colour; here a
    struck die becomes "(2)" drawn struck through, and the total is bold.
    """
    tag = KIND_TAGS.get(str(event.kind), str(event.kind)[:4])
    line = Text(f"{tag} ", style="dim")
    line.append_text(marked_text(event.text))
    return line


_STRUCK = re.compile(r"~~(.+?)~~")
_DROPPED = re.compile(r"(?<=[\[ ])\((\d+!?)\)(?=[ \]])")
_TOTAL = re.compile(r"(?<= = )-?\d+")


def marked_text(text: str) -> Text:
    """Plain engine text with "~~x~~" shown as a struck "(x)", dropped "(x)" struck too."""
    out = Text()
    pos = 0
    for m in _STRUCK.finditer(text):
        out.append(text[pos : m.start()])
        out.append(f"({m.group(1)})", style="strike dim")
        pos = m.end()
    out.append(text[pos:])
    plain = out.plain
    for m in _DROPPED.finditer(plain):
        out.stylize("strike dim", m.start(), m.end())
    for m in _TOTAL.finditer(plain):
        out.stylize("bold", m.start(), m.end())
    return out


def condition_text(cond: Condition) -> str:
    """ "prone(2)" or "prone" for a condition without a duration."""
    return cond.name if cond.rounds is None else f"{cond.name}({cond.rounds})"


def condition_reminder(cond: Condition, bearer_name: str, anchor_name: str | None) -> str:
    """ "Orc 2: prone, 1 left, ticks at end of turn" — for the tracker's reminder line."""
    left = "" if cond.rounds is None else f", {cond.rounds} left"
    moment = _EXPIRES[cond.expires]
    whose = f" of {anchor_name}" if anchor_name and cond.expires != "round" else ""
    return f"{bearer_name}: {cond.name}{left}, ticks at {moment}{whose}"
