"""A scrolling list of Rich lines with a selection cursor, drawn line by line.

Both the initiative tracker (500 combatants must repaint in a few milliseconds) and the dice
log (a whole campaign's history) are long lists of short lines, so they share this widget:
it only renders the rows on screen (Textual's line API), wraps a row that is wider than the
pane instead of cutting it off, and marks the cursor with a "›" in the gutter as well as a
background, so the selection shows without colour.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

GUTTER = 2


@dataclass(frozen=True)
class Row:
    """One logical row; `key` makes it selectable (a combatant id, an event id)."""

    text: Text
    key: str | None = None
    kind: str = ""
    """"acting", "muted" or "heading": picks a component class for the row's style."""
    cache_key: Hashable | None = None
    """Set when the same row text recurs across updates (log events), so wrapping is reused."""
    indent: int = 0
    """Columns the wrapped lines of a long row are indented by (under a name, after a tag)."""


def _trimmed(line: Text) -> Text:
    line = line.copy()
    line.rstrip()
    return line


def wrap(text: Text, width: int, indent: int, console: Console) -> list[Text]:
    """`text` in lines of at most `width` cells, lines after the first indented by `indent`
    (kept under half the width, so a narrow pane still has room for the words)."""
    lines = list(text.wrap(console, width))
    indent = min(indent, width // 2)
    if indent <= 0 or len(lines) < 2 or "\n" in text.plain:
        return lines
    rest = Text(" ").join(_trimmed(line) for line in lines[1:])
    pad = " " * indent
    return [lines[0], *(Text(pad).append_text(line) for line in rest.wrap(console, width - indent))]


class LineList(ScrollView, can_focus=True):
    """Rows of text, a cursor over the keyed rows, and messages when the cursor moves."""

    DEFAULT_CSS = """
    LineList { width: 1fr; }
    """
    """As wide as its container: sized to its own text (width auto), a list stayed as narrow as
    it was first laid out."""
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "line-list--cursor",
        "line-list--acting",
        "line-list--muted",
        "line-list--heading",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(-1)", "Up", show=False),
        Binding("down,j", "cursor(1)", "Down", show=False),
        Binding("pageup", "cursor(-10)", "Page up", show=False),
        Binding("pagedown", "cursor(10)", "Page down", show=False),
        Binding("home", "cursor_to(0)", "First", show=False),
        Binding("end", "cursor_to(-1)", "Last", show=False),
    ]

    class Highlighted(Message):
        """The cursor is now on the row with this key (None when the list is empty)."""

        def __init__(self, line_list: LineList, key: str | None) -> None:
            super().__init__()
            self.line_list = line_list
            self.key = key

        @property
        def control(self) -> LineList:
            return self.line_list

    class Resized(Message):
        """The list's own size changed (not always its pane's: a sibling shown or hidden
        resizes the list alone). Panes that fit rows to `text_width` redraw on this."""

        def __init__(self, line_list: LineList) -> None:
            super().__init__()
            self.line_list = line_list

        @property
        def control(self) -> LineList:
            return self.line_list

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.rows: list[Row] = []
        self.cursor: int | None = None
        """Index into `rows` of the selected row (always a keyed row), or None."""
        self._visual: list[tuple[int, Text]] = []
        self._first_line: list[int] = []
        self._wrap_cache: dict[Hashable, list[Text]] = {}
        """Wrapped lines of rows with a `cache_key`, for the current width."""
        self._width = 0
        self._styles: dict[str, Style] = {}
        self._posted_size: tuple[int, int] | None = None
        """(text width, height) last announced with `Resized`."""
        self._laid_out_size: Size | None = None
        """The size of the scrollable region the rows were last laid out for."""
        self._top_row: int | None = None
        """The row asked to be at the top (`scroll_to_row(top=True)`)."""
        self._strips: dict[tuple, tuple[Text, Strip]] = {}
        self._old_strips: dict[tuple, tuple[Text, Strip]] = {}
        """Drawn lines by the identity of their text, this frame's and the last: the tracker
        scrolls one row a turn, so every line on screen moves but few of them change."""

    # ------------------------------------------------------------------ data in

    @property
    def text_width(self) -> int:
        """Cells a row has whether or not the scrollbar shows: what a pane that lays out its
        own rows (the roster's packed tracks, a table's columns) should fit them to."""
        return self.content_region.width - self.styles.scrollbar_size_vertical - GUTTER

    @property
    def cursor_key(self) -> str | None:
        return self.rows[self.cursor].key if self.cursor is not None else None

    def set_rows(self, rows: list[Row], *, select: str | None = None, select_at: int | None = None) -> None:
        """Replace the rows; the cursor goes to row `select_at`, else the first row keyed
        `select`, else stays on its key, else the nearest. (`select_at` is for a key that
        appears on several rows: a combatant who declares, then resolves.)"""
        previous = self.cursor_key
        old = self.rows
        if rows == old and (select is None or select == previous) and (select_at in (None, self.cursor)):
            return  # nothing to draw again: a turn advance leaves most lists as they were
        same = min(len(old), len(rows))  # rows at the start still laid out as they were
        if rows[:same] != old[:same]:
            same = next(i for i in range(same) if rows[i] is not old[i])
        self.rows = rows
        target = select or previous
        keyed = [i for i, r in enumerate(rows) if r.key is not None]
        index = next((i for i in keyed if rows[i].key == target), None) if target else None
        if select_at is not None and 0 <= select_at < len(rows) and rows[select_at].key is not None:
            index = select_at
        if index is None and keyed:
            index = keyed[0] if self.cursor is None else min(keyed, key=lambda i: abs(i - (self.cursor or 0)))
        self.cursor = index
        self._top_row = None
        self._layout(keep=same)
        if self.cursor_key != previous:
            self.post_message(self.Highlighted(self, self.cursor_key))

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Lay the rows out for the size the list has now, unless they already are, and
        announce a new text width or height with `Resized`. The list's Resize does this after
        the frame of the layout that sized it; a screen may do it sooner (see
        `MainScreen.on_resize`), and the Resize then finds nothing left to do."""
        if self.scrollable_content_region.size != self._laid_out_size:
            self._layout()
        size = (self.text_width, self.size.height)
        if size != self._posted_size:
            self._posted_size = size
            self.post_message(self.Resized(self))

    def watch_show_vertical_scrollbar(self) -> None:
        """The scrollbar came or went: the text is one cell narrower or wider, and no Resize
        says so (without this, the last letter of a full-width line was cut off)."""
        self.call_later(self.fit)

    def _layout(self, keep: int = 0) -> None:
        """Wrap the rows to the width into screen lines; the first `keep` rows are the ones last
        laid out (a log that grew by one event, a tracker whose done steps stayed put)."""
        region = self.scrollable_content_region.size
        width = region.width - GUTTER
        if width < 1:  # not laid out yet: wrapping to nothing would be slow and wrong
            self._visual = [(i, row.text.split(allow_blank=True)[0]) for i, row in enumerate(self.rows)]
            self._first_line = list(range(len(self.rows)))
            self.virtual_size = Size(0, len(self.rows))
            self._laid_out_size = None
            return  # `fit` lays the rows out once the widget has a size
        if width != self._width or len(self._first_line) < keep:
            keep = 0
        if width != self._width:
            self._wrap_cache.clear()
            self._width = width
        first = self._first_line[:keep]
        visual = self._visual[: self._first_line[keep]] if keep < len(self._first_line) else self._visual[:]
        console = self.app.console
        cache = self._wrap_cache
        for index in range(keep, len(self.rows)):
            row = self.rows[index]
            first.append(len(visual))
            key = row.cache_key
            lines = cache.get(key) if key else None
            if lines is None:
                text = row.text  # a row of several lines is always split: a "\n" sent to the
                one = text.cell_len <= width and "\n" not in text.plain  # terminal scrolls it
                lines = [text] if one else wrap(text, width, row.indent, console)
                if key:
                    cache[key] = lines
            if len(lines) == 1:
                visual.append((index, lines[0]))
            else:
                visual.extend((index, line) for line in lines)
        self._visual = visual
        self._first_line = first
        self._laid_out_size = region
        self.virtual_size = Size(width + GUTTER, len(visual))
        if self._top_row is not None:
            self.scroll_to_row(self._top_row, top=True)
        self._scroll_cursor_visible()
        self.refresh()

    # ------------------------------------------------------------------ cursor

    def action_cursor(self, delta: int) -> None:
        keyed = [i for i, r in enumerate(self.rows) if r.key is not None]
        if not keyed:
            return
        pos = keyed.index(self.cursor) if self.cursor in keyed else 0
        self.move_to(keyed[max(0, min(len(keyed) - 1, pos + delta))])

    def action_cursor_to(self, position: int) -> None:
        keyed = [i for i, r in enumerate(self.rows) if r.key is not None]
        if keyed:
            self.move_to(keyed[position])

    def move_to(self, index: int) -> None:
        if index == self.cursor:
            return
        self._top_row = None
        self.cursor = index
        self._scroll_cursor_visible()
        self.refresh()
        self.post_message(self.Highlighted(self, self.cursor_key))

    def select_key(self, key: str) -> None:
        """Put the cursor on the row with this key, if there is one."""
        for i, row in enumerate(self.rows):
            if row.key == key:
                self.move_to(i)
                return

    def scroll_to_row(self, index: int, *, top: bool = False) -> None:
        """Make a row (all its wrapped lines) visible, optionally at the top of the pane (and
        kept there when the list is resized or wrapped again, until the rows or cursor move)."""
        if not 0 <= index < len(self._first_line):
            return
        if top:
            self._top_row = index
        start = self._first_line[index]
        end = self._first_line[index + 1] if index + 1 < len(self._first_line) else len(self._visual)
        if top:
            self.scroll_to(y=start, animate=False, immediate=True)
        else:
            self.scroll_to_region(Region(0, start, 1, end - start), animate=False, immediate=True)

    def _scroll_cursor_visible(self) -> None:
        if self.cursor is not None:
            self.scroll_to_row(self.cursor)

    # ------------------------------------------------------------------ drawing

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.scrollable_content_region.width
        if index >= len(self._visual):
            return Strip.blank(width, self._style(""))
        row_index, text = self._visual[index]
        row = self.rows[row_index]
        style = self._row_style(row_index, row)
        first = self._first_line[row_index] == index
        mark = "› " if row_index == self.cursor and first else "  "
        key = (id(text), mark, style, scroll_x, width)
        hit = self._strips.get(key) or self._old_strips.get(key)
        if hit is not None and hit[0] is text:
            strip = hit[1]
        else:
            segments = [Segment(mark), *text.render(self.app.console)]
            strip = Strip(segments).crop_extend(scroll_x, scroll_x + width, None).apply_style(style)
        if len(self._strips) > 4 * max(self.size.height, 10):
            self._old_strips, self._strips = self._strips, {}
        self._strips[key] = (text, strip)
        return strip

    def _row_style(self, row_index: int, row: Row) -> Style:
        """Row kind first; the cursor on top (full colours only while the list has focus)."""
        kind = row.kind if row.kind in ("acting", "muted", "heading") else ""
        if row_index == self.cursor:
            return self._style(kind, "cursor" if self.has_focus else "selected")
        return self._style(kind)

    def _style(self, *parts: str) -> Style:
        """The widget's style plus component styles, worked out once per theme and focus change
        (looking styles up for every line of every repaint is the slow part of a big list)."""
        key = "+".join(parts)
        style = self._styles.get(key)
        if style is None:
            style = self.rich_style
            for part in parts:
                if part == "selected":
                    style += Style(bold=True)
                elif part:
                    style += self.get_component_rich_style(f"line-list--{part}")
            self._styles[key] = style
        return style

    def notify_style_update(self) -> None:
        self._styles.clear()
        self._strips.clear()
        self._old_strips.clear()
        super().notify_style_update()

    def on_click(self, event: events.Click) -> None:
        """The mouse is optional, but a click selects the row under it."""
        index = self.scroll_offset.y + event.y
        if 0 <= index < len(self._visual):
            row_index = self._visual[index][0]
            if self.rows[row_index].key is not None:
                self.move_to(row_index)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
