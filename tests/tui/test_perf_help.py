"""The help screen prints its big keys table once per width and keeps it: a second `?` paints
the kept lines, and what it shows is exactly what Textual's `Static` shows for the same pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_driver import make_app, screen_text
from rich.table import Table
from textual.visual import RenderOptions, RichVisual

from gmconsole.tui.screens import printed_page
from gmconsole.tui.screens.help import HelpScreen
from gmconsole.tui.screens.printed_page import PrintedPage


@pytest.fixture
def table_prints(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a Rich table is printed (one item per print)."""
    printed: list[int] = []
    original = Table.__rich_console__

    def counting(self, console, options):  # type: ignore[no-untyped-def]
        printed.append(1)
        return original(self, console, options)

    monkeypatch.setattr(Table, "__rich_console__", counting)
    monkeypatch.setattr(printed_page, "_kept", type(printed_page._kept)())
    return printed


async def test_a_second_help_prints_no_table(campaign: Path, table_prints: list[int]) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        first_shown = screen_text(app)
        first = len(table_prints)
        assert first > 0
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert len(table_prints) == first  # the kept lines, not printed again
        assert screen_text(app) == first_shown


async def test_each_page_shows_what_a_static_shows(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        pages = list(app.screen.query(PrintedPage))
        assert len(pages) >= 4
        for page in pages:
            width = page.size.width
            style = page.visual_style
            options = RenderOptions(page._get_style, page.styles)
            kept = page.render().render_strips(width, None, style, options)
            plain = RichVisual(page, page.render()._renderable).render_strips(width, None, style, options)
            assert kept == plain
            assert len(kept) == page.render().get_height(page.styles, width) == page.size.height


def test_a_page_that_says_something_else_is_printed_anew() -> None:
    """The kept lines are found by what the page holds: a changed cell, style or column is a
    different page (the help after a keymap or a setting changed), an equal one the same."""
    from rich.console import Group
    from rich.text import Text

    from gmconsole.tui.screens.printed_page import fingerprint

    def page(cell: str, style: str = "bold", width: int = 8) -> Group:
        table = Table(box=None, expand=True, show_header=False)
        table.add_column(width=width, style=style)
        table.add_column(ratio=1)
        table.add_row(Text("d"), Text(cell))
        return Group(Text("— Turn —", style="bold underline"), table)

    assert fingerprint(page("Damage")) == fingerprint(page("Damage"))
    assert fingerprint(page("Damage")) != fingerprint(page("Damage!"))
    assert fingerprint(page("Damage")) != fingerprint(page("Damage", style="italic"))
    assert fingerprint(page("Damage")) != fingerprint(page("Damage", width=9))
    assert fingerprint(object()) is None  # a kind it does not know is not kept


async def test_the_first_help_prints_each_page_once(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At one width: the scroll bar's place is kept whether or not it shows, so the pages are
    not printed again one column narrower when the bar appears (which doubled the first `?`)."""
    printed: list[tuple] = []

    class Kept(type(printed_page._kept)):  # type: ignore[misc]
        def __setitem__(self, key: tuple, value: object) -> None:
            printed.append(key)
            super().__setitem__(key, value)

    monkeypatch.setattr(printed_page, "_kept", Kept())
    app = make_app(campaign)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        pages = list(app.screen.query(PrintedPage))
        assert len(printed) == len(pages)
        assert {width for _, width, _ in printed} == {pages[0].size.width}


@pytest.mark.parametrize("size", [(80, 24), (100, 40), (131, 30), (200, 50)])
async def test_help_printed_ahead_makes_the_first_help_print_nothing(
    campaign: Path, table_prints: list[int], size: tuple[int, int]
) -> None:
    """`print_ahead` (for a quiet moment after the first screen) prints the pages at the width
    the help's box gives them, so the first ? only paints."""
    from gmconsole.tui.screens.help import print_ahead

    app = make_app(campaign)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert print_ahead(app) == 5
        before = len(table_prints)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert len(table_prints) == before
        assert print_ahead(app) == 0  # kept already
