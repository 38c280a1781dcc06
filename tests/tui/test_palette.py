"""The command palette does not end the console when it is taken down mid-search: its list
watchers step aside once the list is gone (Textual's raised NoMatches in the search worker,
which ended the app; the random-keys test met it once under load)."""

from __future__ import annotations

from pathlib import Path

from app_driver import make_app
from textual.command import CommandList

from gmconsole.tui.palette import CommandPalette


async def test_a_palette_taken_down_mid_search_ends_nothing(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await palette.query_one(CommandList).remove()  # what taking the palette down does
        palette._list_visible = not palette._list_visible  # what a search ending does then
        palette._show_busy = not palette._show_busy
        await pilot.pause()
        assert app.is_running and app.return_code is None
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
