"""A modal page of text to read and close (help, about): scroll with the keys a GM already
uses in the panes (j/k, arrows, PgUp/PgDn, Home/End), close with Esc or q. Each page is a
`PrintedPage`: printed once per width and kept across opens, so a second `?` does not print
the help's big tables again. The scroll bar's column is kept whether or not the bar shows
(`scrollbar-gutter: stable`): otherwise a page was printed at the full width, found taller
than the box, and printed again one bar narrower, twice the work on every first open."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from gmconsole.tui.screens.printed_page import PrintedPage

BOX_MAX = 110
"""The reading box's widest (columns, borders included); it is 96% of the screen below that."""


def page_width(screen_width: int) -> int:
    """The width a page gets in the box on a screen `screen_width` columns wide: the box less
    its thick border, its padding and the scroll bar's column (kept, see above)."""
    return min(screen_width * 96 // 100, BOX_MAX) - 2 - 2 - 2


class ReadingScreen(ModalScreen[None]):
    """Subclasses set `TITLE` and implement `pages()` (what to show, top to bottom)."""

    DEFAULT_CSS = f"""
    ReadingScreen {{ align: center middle; }}
    ReadingScreen > VerticalScroll {{
        width: 96%; max-width: {BOX_MAX}; height: 96%;
        border: thick $primary; background: $surface; padding: 0 1;
        scrollbar-gutter: stable;
    }}
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "dismiss", "Close", id="reading.close"),
        Binding("j,down", "scroll(1)", "Down", show=False),
        Binding("k,up", "scroll(-1)", "Up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("home", "scroll(-100000)", "Top", show=False),
        Binding("end", "scroll(100000)", "End", show=False),
    ]
    TITLE = ""

    def pages(self) -> list[RenderableType]:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = f"{self.TITLE} · Esc to close · j/k PgUp/PgDn to scroll"
            box.can_focus = False
            for page in self.pages():
                yield PrintedPage(page)

    def action_scroll(self, delta: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=delta, animate=False)
