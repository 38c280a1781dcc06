"""A page of a reading screen printed once per width and kept: Textual's `Static` prints a
Rich renderable twice on every layout (once to count its lines, once to paint them), and the
help's keys table is ~100 rows of tables, 60–110 ms of CPU each time `?` is pressed. Here the
lines are printed once for a width and shared by the height and the paint; and they are kept
across opens under a fingerprint of what the page holds (its text, styles and table layout),
so the next `?` at the same width with the same keys and campaign paints without printing.

The widget's own style (its colours from the theme) is laid over the kept lines at paint time,
exactly as Textual's `RichVisual` does, so a theme change shows at once and the page looks
the same as a `Static` showing the renderable.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from itertools import islice
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual._context import active_app
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RichVisual
from textual.widget import Widget
from textual.widgets import Static

KEPT = 24
"""Printed pages kept across opens (a page at a width); the oldest goes first."""
_kept: OrderedDict[tuple[Hashable, int, bool], list[list[Segment]]] = OrderedDict()


def fingerprint(renderable: object) -> Hashable | None:
    """What `renderable` prints, as a hashable value: equal fingerprints print the same lines
    at the same width. None for a kind of renderable it does not know (not kept across opens)."""
    if isinstance(renderable, str):
        return ("str", renderable)
    if isinstance(renderable, Text):
        spans = tuple((s.start, s.end, str(s.style)) for s in renderable.spans)
        return ("text", renderable.plain, spans, str(renderable.style), renderable.justify,
                renderable.overflow, renderable.no_wrap, renderable.end, renderable.tab_size)
    if isinstance(renderable, Group):
        parts = tuple(fingerprint(r) for r in renderable.renderables)
        return None if None in parts else ("group", renderable.fit, parts)
    if isinstance(renderable, Padding):
        inner = fingerprint(renderable.renderable)
        sides = (renderable.top, renderable.right, renderable.bottom, renderable.left)
        return None if inner is None else ("padding", sides, str(renderable.style), renderable.expand, inner)
    if isinstance(renderable, Table):
        return _table_print(renderable)
    return None


def _table_print(table: Table) -> Hashable | None:
    columns = []
    for c in table.columns:
        cells = tuple(fingerprint(cell) for cell in c._cells)
        if None in cells:
            return None
        columns.append((c.width, c.min_width, c.max_width, c.ratio, c.no_wrap, c.overflow, c.justify,
                        c.vertical, str(c.style), fingerprint(c.header), cells))
    rows = tuple((str(r.style), r.end_section) for r in table.rows)
    layout = (table.box, table.expand, table.pad_edge, table.show_header, table.show_edge, table.padding,
              table.width, table.min_width, table.collapse_padding, str(table.style), table.leading,
              fingerprint(table.title) if table.title else None)
    return ("table", layout, tuple(columns), rows)


def print_page(renderable: RenderableType, width: int) -> int:
    """Print `renderable` at `width` into the kept lines now, as a page showing it would;
    1 if it was printed, 0 if already kept or not of a kind that is kept. The app's console
    prints it, so call it on the app's thread."""
    key = fingerprint(renderable)
    if key is None:
        return 0
    app = active_app.get()
    options = app.console_options.update(highlight=False, width=width, height=None)
    kept_as = (key, width, options.ascii_only)
    if kept_as in _kept:
        return 0
    _kept[kept_as] = _print(app, renderable, width, options)
    _forget_oldest()
    return 1


def _print(app: Any, renderable: RenderableType, width: int, options: Any) -> list[list[Segment]]:
    # the renderable itself, not `post_render`'s wrapper: that one, given no style, drops
    # the line ends; the widget's style is laid over in `render_strips`
    segments = app.console.render(renderable, options)
    return list(Segment.split_and_crop_lines(segments, width, include_new_lines=False, pad=False))


def _forget_oldest() -> None:
    while len(_kept) > KEPT:
        _kept.popitem(last=False)


class PrintedVisual(RichVisual):
    """A Rich renderable printed once per width: the height and the paint share the lines."""

    def __init__(self, widget: Widget, renderable: RenderableType, key: Hashable | None) -> None:
        super().__init__(widget, renderable)
        self._key = key
        self._lines: dict[int, list[list[Segment]]] = {}

    def lines(self, width: int) -> list[list[Segment]]:
        """The page's lines at `width`, without the widget's style (laid over when painted)."""
        found = self._lines.get(width)
        if found is None:
            app = active_app.get()
            options = app.console_options.update(highlight=False, width=width, height=None)
            # the terminal's character set changes what Rich draws (box lines, ellipses)
            kept_as = (self._key, width, options.ascii_only) if self._key is not None else None
            found = _kept.get(kept_as) if kept_as is not None else None
            if found is not None:
                _kept.move_to_end(kept_as)
            else:
                found = _print(app, self._renderable, width, options)
                if kept_as is not None:
                    _kept[kept_as] = found
                    _forget_oldest()
        self._lines[width] = found
        return found

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.lines(width))

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        base = style.rich_style
        lines = islice(self.lines(width), None, height)
        if not base:
            return [Strip(line) for line in lines]
        add = base.__add__
        return [Strip([Segment(text, add(s), control) for text, s, control in line]) for line in lines]


class PrintedPage(Static):
    """A `Static` for one Rich renderable, printed once per width and kept across opens."""

    def __init__(self, renderable: RenderableType) -> None:
        super().__init__(markup=False)
        if isinstance(renderable, str):
            renderable = Text(renderable)  # as the reading screens show text: not markup
        self._printed = PrintedVisual(self, renderable, fingerprint(renderable))

    def render(self) -> PrintedVisual:
        return self._printed
