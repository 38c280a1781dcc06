"""Draw a system's tracks the way its book draws them, in whatever width the pane has.

Systems describe their bookkeeping as neutral `TrackView`s (boxes, a level ladder, a point
pool); this module turns them into plain Rich `Text` that says everything with characters, never
with colour alone, so a track reads the same in the high-contrast theme, under NO_COLOR and in a
screenshot pasted into a chat:

- boxes:  ``Wounds [x][x][ ][ ] 2 left``  (Myriad's wound and critical lines)
- levels: ``Wound  ok wounded [HEAVY] mortal dead``  (Torg, ARM: the rung in brackets)
- points: ``HP 7/10 #######...``  (Mythmagica HP/Fate, System One Life Points)

Each shape has narrower fallbacks (``[xx..]``, ``[HEAVY] 2/4``, ``7/10``) so the roster stays
useful in an 80-column split, and the wide form comes back when the pane is zoomed.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from gmconsole.engine.tracks import StatusView, TrackView

MARKED = "[x]"
FREE = "[ ]"
BAR_FULL = "#"
BAR_EMPTY = "."
NAME_WIDTH = 8
"""Track names are padded to this width so stacked tracks line up."""

_STATUS_WORDS = {"ok": "ok", "hurt": "hurt", "down": "DOWN", "dead": "DEAD"}


def _fits(parts: Iterable[str], width: int | None) -> bool:
    return width is None or sum(len(p) for p in parts) <= width


def _name(view: TrackView, pad: int) -> str:
    """The name padded to `pad` so stacked tracks line up; a longer name is cut with "…"."""
    if not pad:
        return f"{view.name} "
    name = view.name if len(view.name) <= pad else view.name[: pad - 1] + "…"
    return f"{name:<{pad}} "


def _note(view: TrackView) -> str:
    return f" ({view.note})" if view.note else ""


def box_track(view: TrackView, width: int | None = None, pad: int = NAME_WIDTH) -> Text:
    """``Wounds [x][x][ ] 1 left``; narrower: ``Wounds [xx.] 1 left``; narrowest: ``Wounds 1/3 left``."""
    marked = max(0, min(view.value, view.maximum))
    free = view.maximum - marked
    name = _name(view, pad)
    tail = f" {free} left{_note(view)}"
    full = MARKED * marked + FREE * free
    compact = "[" + "x" * marked + "." * free + "]"
    text = Text(name, style="bold")
    if _fits((name, full, tail), width):
        text.append(full)
    elif _fits((name, compact, tail), width):
        text.append(compact)
    else:
        text.append(f"{free}/{view.maximum}")
        text.append(" left")
        if view.note:
            text.append(_note(view), style="italic")
        return text
    text.append(f" {free} left")
    if view.note:
        text.append(_note(view), style="italic")
    return text


def level_track(view: TrackView, width: int | None = None, pad: int = NAME_WIDTH) -> Text:
    """The whole ladder with the current rung in brackets and capitals, or just that rung."""
    labels = list(view.labels) or [str(i) for i in range(view.maximum + 1)]
    value = max(0, min(view.value, len(labels) - 1))
    name = _name(view, pad)
    rungs = [f"[{label.upper()}]" if i == value else label for i, label in enumerate(labels)]
    ladder = " ".join(rungs)
    text = Text(name, style="bold")
    if _fits((name, ladder, _note(view)), width):
        for i, rung in enumerate(rungs):
            if i:
                text.append(" ")
            text.append(rung, style="bold reverse" if i == value else "dim")
    else:
        text.append(rungs[value], style="bold reverse")
        text.append(f" {value}/{len(labels) - 1}")
    if view.note:
        text.append(_note(view), style="italic")
    return text


def point_bar(current: int, maximum: int, cells: int) -> str:
    """A bar of `cells` characters, ``#`` for points left and ``.`` for points gone."""
    if maximum <= 0 or cells <= 0:
        return ""
    filled = max(0, min(cells, round(cells * current / maximum)))
    if current > 0 and filled == 0:
        filled = 1  # one point left must not look like none left
    if current < maximum and filled == cells:
        filled = cells - 1  # nor a scratch like untouched
    return BAR_FULL * filled + BAR_EMPTY * (cells - filled)


def point_track(view: TrackView, width: int | None = None, pad: int = NAME_WIDTH) -> Text:
    """``HP 7/10 #######...``: the number always, the bar when there is room for it."""
    name = _name(view, pad)
    number = f"{view.value}/{view.maximum}"
    text = Text(name, style="bold")
    text.append(number, style="bold" if view.value < view.maximum else "")
    note = _note(view)
    room = None if width is None else width - len(name) - len(number) - len(note) - 1
    cells = min(view.maximum, 20) if room is None else min(view.maximum, 20, room)
    if cells >= 4:
        text.append(" " + point_bar(view.value, view.maximum, cells))
    if view.note:
        text.append(note, style="italic")
    return text


def track_text(view: TrackView, width: int | None = None, pad: int = NAME_WIDTH) -> Text:
    """One track on one line, as wide as `width` allows (None: the full form)."""
    if view.kind == "boxes":
        return box_track(view, width, pad)
    if view.kind == "levels":
        return level_track(view, width, pad)
    return point_track(view, width, pad)


def tracks_text(views: Iterable[TrackView], width: int | None = None) -> Text:
    """Several tracks, one per line, names aligned."""
    views = list(views)
    pad = max((len(v.name) for v in views), default=0)
    if width is not None:
        pad = min(pad, max(4, width // 3))
    return Text("\n").join(track_text(v, width, pad) for v in views)


def tracks_inline(views: Iterable[TrackView]) -> str:
    """The shortest honest summary for a one-line list entry: ``HP 7/10 · Wounds 2/4 left``."""
    return " · ".join(inline_parts(views))


def inline_parts(views: Iterable[TrackView]) -> list[str]:
    """`tracks_inline` as separate parts, for wrapping between tracks rather than inside one."""
    parts = []
    for v in views:
        if v.kind == "boxes":
            parts.append(f"{v.name} {max(0, v.maximum - v.value)}/{v.maximum} left")
        elif v.kind == "levels":
            labels = list(v.labels) or [str(i) for i in range(v.maximum + 1)]
            parts.append(f"{v.name} {labels[max(0, min(v.value, len(labels) - 1))]}")
        else:
            parts.append(f"{v.name} {v.value}/{v.maximum}")
    return parts


def pack(parts: Iterable[str], width: int, sep: str = " · ", indent: str = "  ") -> str:
    """Join `parts` with `sep`, starting a new indented line before a part that would not fit,
    so a summary wraps between items ("Wounds 4/4 left") and never inside one."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + len(sep) + len(part) <= width:
            lines[-1] += sep + part
        else:
            lines.append(indent + part)
    return "\n".join(lines)


def status_word(status: StatusView, out: bool = False) -> str:
    """The badge a GM scans for: "ok", "hurt", the system's own word for down ("KO",
    "Overcome") in capitals, "DEAD", plus "out" when the combatant left the fight."""
    if status.health in ("down", "dead"):
        word = status.label.upper() if status.label and status.label != status.health else None
        word = word or _STATUS_WORDS[status.health]
    else:
        word = status.label or _STATUS_WORDS[status.health]
    return f"{word} (out)" if out and status.health not in ("dead",) else word


def status_text(status: StatusView, out: bool = False) -> Text:
    """`status_word` styled: capitals and reverse video for down/dead, flags in brackets."""
    down = status.health in ("down", "dead")
    style = "bold reverse" if down else ("bold" if status.health == "hurt" else "")
    text = Text(status_word(status, out), style=style)
    for flag in status.flags:
        text.append(f" [{flag}]")
    return text


class TrackBlock(Widget):
    """A stack of tracks that re-flows to the widget's own width (narrow column or zoomed)."""

    DEFAULT_CSS = """
    TrackBlock { height: auto; }
    """

    def __init__(self, views: Iterable[TrackView] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._views: list[TrackView] = list(views)

    def show_tracks(self, views: Iterable[TrackView]) -> None:
        self._views = list(views)
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._views))

    def render(self) -> Text:
        if not self._views:
            return Text("no tracks", style="dim")
        return tracks_text(self._views, self.size.width or None)
