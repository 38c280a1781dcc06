"""Keys that arrive in one read (SSH, tmux, a paste) edit in the order they were typed."""

from __future__ import annotations

from pathlib import Path

from app_driver import make_app
from textual import events
from textual.widgets import Input

from gmconsole.tui.widgets.command_line import CommandLine
from gmconsole.tui.widgets.text_input import TextInput


def _burst(app, keys: str) -> None:
    """Post every key at once, as the driver does with bytes that came in one read."""
    for key in keys.split():
        character = key if len(key) == 1 else None
        app.post_message(events.Key(key, character))


async def test_backspace_in_a_burst_deletes_the_character_before_it(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon")
        line = app.screen.query_one(CommandLine)
        assert line.has_focus
        _burst(app, "a b c backspace 1 2")
        await pilot.pause()
        assert line.value == "ab12"  # Textual alone gave "abc1": the Backspace ran last
        _burst(app, "home d right backspace x")
        await pilot.pause()
        assert line.value == "dxb12"  # Home, d, Right (past the a), Backspace (the a), x


async def test_every_text_box_of_the_console_keeps_typing_order(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        boxes = list(app.screen.query(Input))
        assert boxes and all(isinstance(box, TextInput) for box in boxes)
        search = app.screen.query_one("#ref-search", Input)
        search.focus()
        await pilot.pause()
        _burst(app, "b o x backspace n u s")
        await pilot.pause()
        assert search.value == "bonus"
