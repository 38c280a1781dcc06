"""Closing a sheet without saving says so: the "opening the sheet of …" line used to stay under
the panes after Esc, as if the sheet were still on its way."""

from __future__ import annotations

from pathlib import Path

from app_driver import make_app, screen_text, wait_for_screen

from gmconsole.tui.screens.sheet_form import SheetForm


async def test_a_sheet_closed_without_saving_says_so(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2", "e")  # the roster's first entry
        await wait_for_screen(pilot, SheetForm)
        await pilot.press("escape")  # nothing edited: closed at once
        await pilot.pause()
        assert not isinstance(app.screen, SheetForm)
        text = screen_text(app)
        assert "sheet closed; nothing saved" in text
        assert "opening the sheet" not in text
