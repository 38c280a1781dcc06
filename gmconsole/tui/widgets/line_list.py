"""A scrolling list of Rich lines with a selection cursor, drawn line by line.

Both the initiative tracker (500 combatants must repaint in a few milliseconds) and the dice
log (a whole campaign's history) are long lists of short lines, so they share this widget:
it only renders the rows on screen (Textual's line API), wraps a row that is wider than the
pane instead of cutting it off, and marks the cursor with a "›" in the gutter as well as a
background, so the selection shows without colour.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from math import ceil
from typing import ClassVar, NamedTuple

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip

GUTTER = 2


class _Frame(NamedTuple):
    """What every line of one repaint needs (see `LineList.render_lines`)."""

    scroll_x: int
    scroll_y: int
    width: int
    focused: bool
    strips_kept: int
    """Drawn lines kept before the older ones are let go."""


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


def _common_ends(old: list[Row], new: list[Row]) -> tuple[int, int]:
    """How many rows at the start and at the end of `new` are the rows of `old` there (never
    overlapping, in either list). Mostly the very objects: equality is only asked of others
    (the log's "earlier events" row is made anew each time)."""
    most = min(len(old), len(new))
    head = next((i for i in range(most) if new[i] is not old[i] and new[i] != old[i]), most)
    most -= head
    ends = zip(reversed(new), reversed(old), strict=False)  # the lists may differ in length
    tail = next((i for i, (a, b) in enumerate(ends) if i >= most or (a is not b and a != b)), most)
    return head, tail


def _bar_drawing(bar: ScrollBar) -> list[Segment]:
    """What a vertical scrollbar draws, but for its colours (as `ScrollBar._render_bar` asks
    its renderer for it)."""
    height, virtual = bar.size.height, bar.window_virtual_size
    window = bar.window_size if bar.window_size < virtual else 0
    drawn = bar.renderer.render_bar(
        size=height, virtual_size=ceil(virtual), window_size=ceil(window), position=bar.position
    )
    return drawn.segments


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
        self._frame: _Frame | None = None
        """What the lines being drawn share, while `render_lines` draws them."""
        self._in_bar_batch = False
        """Whether scrollbar changes wait for the end of a `_bar_batch`."""
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
        appears on several rows: a combatant who declares, then resolves.) Rows that are the
        very objects of the last call keep their wrapped lines: a turn advance hands the
        tracker 500 rows of which two are new, the log one new row at the end."""
        previous = self.cursor_key
        old = self.rows
        if rows == old and (select is None or select == previous) and (select_at in (None, self.cursor)):
            return  # nothing to draw again: a turn advance leaves most lists as they were
        head, tail = _common_ends(old, rows)
        self.rows = rows
        self.cursor = self._cursor_for(rows, select or previous, select_at)
        self._top_row = None
        self._layout(keep=head, tail=tail)
        if self.cursor_key != previous:
            self.post_message(self.Highlighted(self, self.cursor_key))

    def _cursor_for(self, rows: list[Row], target: str | None, select_at: int | None) -> int | None:
        """Row `select_at` if keyed, else the first row keyed `target`, else the keyed row
        nearest the cursor's old place."""
        if select_at is not None and 0 <= select_at < len(rows) and rows[select_at].key is not None:
            return select_at
        if target:
            index = next((i for i, r in enumerate(rows) if r.key == target), None)
            if index is not None:
                return index
        keyed = [i for i, r in enumerate(rows) if r.key is not None]
        if not keyed:
            return None
        return keyed[0] if self.cursor is None else min(keyed, key=lambda i: abs(i - (self.cursor or 0)))

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Nothing to do when the screen's layout pass leaves the list its size. `ScrollView`
        also compares the virtual size the layout offers with the list's own, which `_layout`
        sets from the wrapped rows and the layout never knows: they always differed, so every
        pass of the screen's layout repainted both scrollbars of every list, one more frame
        after each (three at start-up)."""
        if size == self._size and size - self.styles.gutter.totals == self._container_size:
            return False
        return super()._size_updated(size, virtual_size, container_size, layout)

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

    def _layout(self, keep: int = 0, tail: int = 0) -> None:
        """Wrap the rows to the width into screen lines; the first `keep` rows and the last
        `tail` ones are those last laid out (a log that grew by one event, a tracker whose
        acting step moved down one: only the rows between are wrapped again)."""
        region = self.scrollable_content_region.size
        width = region.width - GUTTER
        if width < 1:  # not laid out yet: wrapping to nothing would be slow and wrong
            self._visual = [(i, row.text.split(allow_blank=True)[0]) for i, row in enumerate(self.rows)]
            self._first_line = list(range(len(self.rows)))
            self.virtual_size = Size(0, len(self.rows))
            self._laid_out_size = None
            self._width = 0  # these lines are not wrapped: none of them is kept
            return  # `fit` lays the rows out once the widget has a size
        old_first, old_visual = self._first_line, self._visual
        old_count = len(old_first)
        if width != self._width or old_count < keep + tail:
            keep = tail = 0
        if width != self._width:
            self._wrap_cache.clear()
            self._width = width
        first = old_first[:keep]
        visual = old_visual[: old_first[keep]] if keep < old_count else old_visual[:]
        self._wrap_rows(range(keep, len(self.rows) - tail), first, visual)
        if tail:
            start = old_count - tail  # the old index of the first kept row at the end
            shift = len(visual) - old_first[start]
            rest = old_visual[old_first[start] :]
            moved = len(self.rows) - old_count
            visual += [(i + moved, text) for i, text in rest] if moved else rest
            first += [line + shift for line in old_first[start:]] if shift else old_first[start:]
        self._visual = visual
        self._first_line = first
        self._laid_out_size = region
        with self._bar_batch():
            self._set_virtual_size(Size(width + GUTTER, len(visual)))
            if self._top_row is not None:
                self.scroll_to_row(self._top_row, top=True)
            self._scroll_cursor_visible()
        self.refresh()

    def _wrap_rows(self, indexes: range, first: list[int], visual: list[tuple[int, Text]]) -> None:
        """Append the screen lines of these rows to `visual`, and where each starts to `first`."""
        width = self._width
        console = self.app.console
        cache = self._wrap_cache
        rows = self.rows
        for index in indexes:
            row = rows[index]
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

    def _set_virtual_size(self, size: Size) -> None:
        """A new length without a layout pass when only the scrolling changes: setting
        `virtual_size` asks for a reflow of the whole screen (~2 ms with every pane up), which
        a list sized by its container (1fr, not auto) does not need to grow by a line, the
        dice log's lot on every turn. The scrollbar is brought up to date here instead, as the
        reflow would (`Widget._scroll_update`), but repainted only if it now looks different;
        one coming or going still lays the screen out (its reactive does)."""
        if size == self.virtual_size:
            return
        styles = self.styles
        if self._laid_out_size is None or styles.width.is_auto or styles.height.is_auto:
            self.virtual_size = size
            return
        self.set_reactive(LineList.virtual_size, size)
        self._refresh_scrollbars()
        if self.show_horizontal_scrollbar:  # never with rows wrapped to the width; just in case
            self._scroll_update(size)
            return
        if self.show_vertical_scrollbar:
            window = self.container_size.height - self.scrollbar_size_horizontal
            self._set_bar(window_virtual_size=size.height, window_size=window)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """As `ScrollView.watch_scroll_y`, but the scrollbar is repainted only when its thumb
        moves on screen: scrolled a row a turn, a 500-row tracker's thumb moves an eighth of a
        cell every four turns, and repainting the bar costs as much as redrawing the rows."""
        if self.show_vertical_scrollbar:
            self._set_bar(position=new_value)
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)

    def _set_bar(self, **values: float) -> None:
        """Set the vertical scrollbar's reactives without their repaint (see `_bar_batch`)."""
        with self._bar_batch():
            bar = self.vertical_scrollbar
            for name, value in values.items():
                if name == "position":
                    value = bar.validate_position(value)
                bar.set_reactive(getattr(ScrollBar, name), value)

    @contextmanager
    def _bar_batch(self) -> Iterator[None]:
        """The vertical scrollbar is repainted once at the end of what is done inside, and only
        if it then draws differently: a log that grows by a row and scrolls to it moves the
        thumb up and back down again."""
        if self._in_bar_batch:
            yield
            return
        before = _bar_drawing(self.vertical_scrollbar) if self.show_vertical_scrollbar else None
        self._in_bar_batch = True
        try:
            yield
        finally:
            self._in_bar_batch = False
        if self.show_vertical_scrollbar:
            bar = self.vertical_scrollbar
            if before is None or _bar_drawing(bar) != before:
                bar.refresh()

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

    def fit_together(self, first: int, second: int) -> bool:
        """Whether rows `first` and `second` (all their wrapped lines) fit on screen at once."""
        if not (0 <= first < len(self._first_line) and 0 <= second < len(self._first_line)):
            return False
        low, high = min(first, second), max(first, second)
        end = self._first_line[high + 1] if high + 1 < len(self._first_line) else len(self._visual)
        return end - self._first_line[low] <= max(self.size.height, 1)

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

    def render_lines(self, crop: Region) -> list[Strip]:
        """As `Widget.render_lines`, with what every line needs looked up once for all of
        them: the scroll offset, the width, the focus (each a walk up the DOM that cost as
        much as drawing the line itself from the cache)."""
        self._frame = self._look_up_frame()
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _look_up_frame(self) -> _Frame:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        return _Frame(scroll_x, scroll_y, width, self.has_focus, 4 * max(self.size.height, 10))

    def render_line(self, y: int) -> Strip:
        frame = self._frame or self._look_up_frame()
        scroll_x, width = frame.scroll_x, frame.width
        index = frame.scroll_y + y
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
        if len(self._strips) > frame.strips_kept:
            self._old_strips, self._strips = self._strips, {}
        self._strips[key] = (text, strip)
        return strip

    def _row_style(self, row_index: int, row: Row) -> Style:
        """Row kind first; the cursor on top (full colours only while the list has focus)."""
        kind = row.kind if row.kind in ("acting", "muted", "heading") else ""
        if row_index == self.cursor:
            focused = self._frame.focused if self._frame is not None else self.has_focus
            return self._style(kind, "cursor" if focused else "selected")
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
