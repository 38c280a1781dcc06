"""Plain Rich `Text` builders for engine results: dice, checks, log events, conditions.

Nothing here relies on colour to carry meaning: a dropped die is struck through AND wrapped
in parentheses, an exploded die carries "!", success and failure are words, the acting
combatant has "▶", a held one "[held]", a dead one "✝". Colours only repeat what the words say.
"""

from __future__ import annotations

import re
import textwrap

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
_DROPPED = re.compile(r"(?<=[\[ (])\((-?\d+[r!*f]*)\)(?=[ \],)])")
_TOTAL = re.compile(r"(?<= = )-?\d+")


def marked_text(text: str) -> Text:
    """Plain engine text with a dropped die "(x)" struck through (logs written before dice
    read "(x)" everywhere said "~~x~~": shown the same way)."""
    out = Text(_STRUCK.sub(r"(\1)", text))
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
    if cond.rounds is None:  # nothing ticks: it lasts until removed or the fight ends
        return f"{bearer_name}: {cond.name}, until removed or the fight ends"
    left = f", {cond.rounds} left"
    moment = _EXPIRES[cond.expires]
    whose = f" of {anchor_name}" if anchor_name and cond.expires != "round" else ""
    return f"{bearer_name}: {cond.name}{left}, ticks at {moment}{whose}"


SHORT_VALUE = 14
"""A sheet line whose value is at most this long (a stat, "2D") packs with others on a line."""


def sheet_detail(pairs: list[tuple[str, str]], width: int, indent: int = 2) -> list[Text]:
    """A system's `sheet_lines` as lines of at most `width` cells for the roster's detail view:
    short pairs packed "Power 6 · Grace 2 · ...", each long one on its own lines, "SFX: ..."
    with its wrapped lines under the value (nothing cut at 80 columns)."""
    out: list[Text] = []
    pad = " " * indent
    packed: Text | None = None
    for label, value in pairs:
        if len(value) <= SHORT_VALUE and "," not in value:
            item = Text.assemble((label, "dim"), " ", value)
            if packed is not None and packed.cell_len + 3 + item.cell_len <= width:
                packed.append(" · ", style="dim")
                packed.append_text(item)
                continue
            packed = Text(pad).append_text(item)
            out.append(packed)
            continue
        packed = None
        hang = min(indent + len(label) + 2, width // 2)
        words = textwrap.wrap(value, max(10, width - hang)) or [""]
        first = Text(pad).append(f"{label}:", style="dim")
        first.append(" " * (hang - indent - len(label) - 1) + words[0])
        out.append(first)
        out += [Text(" " * hang + word) for word in words[1:]]
    return out
