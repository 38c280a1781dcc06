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


Segments = list[tuple[str, str]]
"""A candidate rendering: (text, style) pieces."""


def _first_fit(width: int | None, *candidates: Segments) -> Text:
    """The first candidate that fits in `width` (the last one regardless: it is the shortest)."""
    chosen = candidates[-1]
    for candidate in candidates:
        if width is None or sum(len(t) for t, _ in candidate) <= width:
            chosen = candidate
            break
    text = Text()
    for piece, style in chosen:
        text.append(piece, style=style)
    return text


def _name(view: TrackView, pad: int) -> str:
    """The name padded to `pad` so stacked tracks line up; a longer name is cut with "…"."""
    if not pad:
        return f"{view.name} "
    name = view.name if len(view.name) <= pad else view.name[: pad - 1] + "…"
    return f"{name:<{pad}} "


def _note(view: TrackView) -> list[tuple[str, str]]:
    """The note as an optional last piece: narrower forms drop it before dropping the track."""
    return [(f" ({view.note})", "italic")] if view.note else []


def box_track(view: TrackView, width: int | None = None, pad: int = NAME_WIDTH) -> Text:
    """``Wounds [x][x][ ] 1 left``; narrower: ``Wounds [xx.] 1 left``; narrowest: ``Wounds 1/3 left``."""
    marked = max(0, min(view.value, view.maximum))
    free = view.maximum - marked
    name = (_name(view, pad), "bold")
    tail = (f" {free} left", "")
    full = (MARKED * marked + FREE * free, "")
    compact = ("[" + "x" * marked + "." * free + "]", "")
    count = (f"{free}/{view.maximum} left", "")
    note = _note(view)
    return _first_fit(
        width,
        [name, full, tail, *note],
        [name, compact, tail, *note],
        [name, full, tail],
        [name, compact, tail],
        [name, count, *note],
        [name, count],
    )


def level_track(view: TrackView, width: int | None = None, pad: int = NAME_WIDTH) -> Text:
    """The whole ladder with the current rung in brackets and capitals, or just that rung."""
    labels = list(view.labels) or [str(i) for i in range(view.maximum + 1)]
    value = max(0, min(view.value, len(labels) - 1))
    name = (_name(view, pad), "bold")
    ladder: Segments = []
    for i, label in enumerate(labels):
        if i:
            ladder.append((" ", ""))
        ladder.append((f"[{label.upper()}]", "bold reverse") if i == value else (label, "dim"))
    rung = [(f"[{labels[value].upper()}]", "bold reverse"), (f" {value}/{len(labels) - 1}", "")]
    note = _note(view)
    return _first_fit(width, [name, *ladder, *note], [name, *ladder], [name, *rung, *note], [name, *rung])


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
    name = (_name(view, pad), "bold")
    number = (f"{view.value}/{view.maximum}", "bold" if view.value < view.maximum else "")
    note = _note(view)
    room = None if width is None else width - len(name[0]) - len(number[0]) - 1
    cells = min(view.maximum, 20) if room is None else min(view.maximum, 20, room)
    bar = [(" " + point_bar(view.value, view.maximum, cells), "")] if cells >= 4 else []
    note_room = None if room is None else room - sum(len(t) for t, _ in note)
    short = min(cells, note_room) if note_room is not None else cells
    short_bar = [(" " + point_bar(view.value, view.maximum, short), "")] if short >= 4 else []
    return _first_fit(width, [name, number, *bar, *note], [name, number, *short_bar, *note],
                      [name, number, *bar], [name, number])


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
    return f"OUT · {word}" if out and status.health != "dead" else word


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
