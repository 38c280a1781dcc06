"""Updating a `Static` (or a border's subtitle) only when what it shows changes, and laying
out or repainting no more than that.

`Static.update` always repaints and, by default, asks for a layout pass over the whole screen;
the status line, message line and tracker headings are re-set after every intent, mostly to
the same text, so skipping the no-op updates keeps a turn's repaint small. The status and
message lines are as wide as their text and never wrap: a new text of the same width (the
next goblin's name in place of the last one's) cannot move anything, so it skips the layout
pass (a reflow of the whole screen, ~2 ms at 500 combatants) as well. A border subtitle set
the usual way repaints the whole bordered pane; the log's count of events changes every turn,
so only the border's bottom line is repainted. `SteadyLine` goes one further: it keeps the
width of the widest text it has shown (within the room it is given), so the next goblin's
longer or shorter name is not a layout pass either.
"""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static


def _one_line_width(content: object) -> int | None:
    """Cells of a one-line text, None for anything else (several lines, a renderable)."""
    if isinstance(content, Text) and "\n" not in content.plain:
        return content.cell_len
    if isinstance(content, Content) and "\n" not in content.plain:
        return content.cell_length
    return None  # a str may be markup: its width is not its length


def same_size(static: Static, old: object, new: object) -> bool:
    """Whether `new` takes exactly the room `old` took in `static`: one line each, as many
    cells, in a widget that never wraps (so neither its width nor its height can change)."""
    if static.styles.text_wrap != "nowrap":
        return False
    width = _one_line_width(old)
    return width is not None and width == _one_line_width(new)


def set_content(static: Static, content: Text | str, *, layout: bool = True) -> bool:
    """Show `content` unless it is already shown; `layout=False` when the widget's size cannot
    change (a one-line, fixed-width line), found out here for a no-wrap line whose new text
    is as wide as the old. Returns whether anything changed."""
    old = static.content
    if old == content:
        return False
    static.update(content, layout=layout and not same_size(static, old, content))
    return True


def set_border_subtitle(widget: Widget, text: str) -> bool:
    """Show `text` (markup, as `border_subtitle` takes it) in the widget's bottom border,
    repainting only that line (`Widget.border_subtitle` repaints all of the widget and, with
    it, everything it holds). Returns whether anything changed."""
    if widget.border_subtitle == text:
        return False
    height, width = widget.outer_size.height, widget.outer_size.width
    if widget.border_subtitle is None or not height or widget.styles.border_bottom[0] in ("", "none"):
        widget.border_subtitle = text  # no bottom border drawn yet: the usual way
        return True
    # What the `border_subtitle` descriptor stores (as Content), without its full refresh.
    widget._border_subtitle = widget.render_str(text).expand_tabs(4).split()[0]
    left, top = widget.content_offset  # a refreshed region is placed from the content's corner
    widget.refresh(Region(-left, height - 1 - top, width, 1))
    return True


class SteadyLine(Static):
    """A one-line, no-wrap `Static` as wide as the widest text it has shown, up to a `room` its
    owner gives: a narrower text is padded with spaces to that width. At 500 goblins the
    acting name's width changes on about one turn in three ("Goblin 7", "Goblin 42", "Goblin
    342"), and each change laid the whole screen out again (~6 ms of a turn's repaint); the
    padding is blank on the line's own background, so nothing a GM sees changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._cells = 0

    def show_line(self, text: Text, room: int) -> bool:
        """Show `text` (one line) at least as wide as the widest before it, never wider than
        `room` cells (padding past the room would end the line in a stray "…"). Returns
        whether anything changed."""
        cells = text.cell_len
        width = min(max(cells, self._cells), max(room, cells))
        self._cells = width
        if cells < width:
            text = text.copy()
            text.pad_right(width - cells)
        return set_content(self, text)
