"""A new campaign's log pane says what it is for instead of standing blank; the first roll
replaces the hint."""

from __future__ import annotations

from pathlib import Path

from app_driver import command, make_app, screen_text

from gmconsole.store.session import Session
from gmconsole.tui.widgets.dice_log import EMPTY


async def test_an_empty_log_says_what_lands_there(tmp_path: Path) -> None:
    Session.create(tmp_path / "new", name="New", system_id="generic").close()
    app = make_app(tmp_path / "new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert EMPTY in screen_text(app)
        await command(pilot, "roll 2d6")
        text = screen_text(app)
        assert EMPTY not in text
        assert "roll 2d6" in text
