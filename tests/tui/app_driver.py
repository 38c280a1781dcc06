"""Helpers for driving the whole console in tests: build the app, type, read the screen."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from textual.pilot import Pilot
from textual.widgets import Input

from gmconsole.tui.app import GmConsole
from gmconsole.tui.screens.main import MainScreen

if TYPE_CHECKING:
    from gmconsole.tui.screens.check_dialog import CheckDialog


def make_app(path: Path, seed: int = 11) -> GmConsole:
    return GmConsole(path, rng=random.Random(seed))


def screen_text(app: GmConsole) -> str:
    """What the terminal shows, as plain text (no styles): what a GM reads without colour."""
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def type_line(pilot: Pilot, text: str, *, enter: bool = True) -> None:
    """Type into whatever has focus, then Enter. A text box takes the text in one insertion,
    as a paste would: key by key, most of a console test was Pilot waiting after each key.
    Typing key by key (editing keys among the characters, keys arriving in one read) is
    what test_app_text_input.py and the tmux tests are for."""
    await pilot.pause()  # a focus asked for a moment ago lands first
    focused = pilot.app.focused
    if isinstance(focused, Input):
        focused.insert_text_at_cursor(text)
        await pilot.pause()
    else:
        await keys(pilot, text)
    if enter:
        await pilot.press("enter")
    await pilot.pause()


async def keys(pilot: Pilot, text: str) -> None:
    """Type `text` one key per character."""
    for ch in text:
        await pilot.press("space" if ch == " " else ch)


async def command(pilot: Pilot, line: str) -> None:
    """':' then the line then Enter, the way a GM types a verb or dice."""
    await pilot.press("colon")
    await type_line(pilot, line)


def main_screen(app: GmConsole) -> MainScreen:
    screen = app.screen
    assert isinstance(screen, MainScreen), f"expected the main screen, got {screen!r}"
    return screen


async def wait_for_screen(pilot: Pilot, screen_type: type, *, pauses: int = 200) -> None:
    """Pause until the app shows a screen of `screen_type`; fail (rather than wait forever)
    when it has not come after `pauses` pauses."""
    for _ in range(pauses):
        if isinstance(pilot.app.screen, screen_type):
            return
        await pilot.pause()
    raise AssertionError(f"no {screen_type.__name__} after {pauses} pauses: {pilot.app.screen!r} shows")


async def open_test_dialog(pilot: Pilot) -> CheckDialog:
    """`t` on the focused pane: the test dialog, once it shows and has settled."""
    from gmconsole.tui.screens.check_dialog import CheckDialog

    await pilot.press("t")
    await wait_for_screen(pilot, CheckDialog)
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, CheckDialog)
    return dialog
