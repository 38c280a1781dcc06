"""Keys typed in one burst land where they were typed, in dialogs and in the tables pane too:
each key goes to the widget focused once the keys before it have been handled."""

from __future__ import annotations

import shutil
from pathlib import Path

from app_driver import main_screen, make_app
from textual import events

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"


def burst(app, keys: list[tuple[str, str | None]]) -> None:
    for key, character in keys:  # all in one read, as tmux or a slow SSH link delivers them
        app._driver.send_message(events.Key(key, character))


async def test_tab_tab_tab_then_digits_land_in_the_modifiers_of_the_test_dialog(tmp_path: Path) -> None:
    camp = tmp_path / "m"
    shutil.copytree(DEMOS / "mythmagica-demo", camp)
    app = make_app(camp)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        burst(app, [("tab", None), ("tab", None), ("tab", None), ("1", "1"), ("7", "7")])
        for _ in range(4):
            await pilot.pause()
        assert app.screen.query_one("#check-mods").value == "17"


async def test_a_search_then_enter_enter_opens_the_table(tmp_path: Path) -> None:
    camp = tmp_path / "m"
    shutil.copytree(DEMOS / "mythmagica-demo", camp)
    app = make_app(camp)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        burst(app, [("slash", "/"), *((c, c) for c in "glory"), ("enter", None), ("enter", None)])
        for _ in range(4):
            await pilot.pause()
        pane = main_screen(app).query_one("ReferencePane")
        assert pane.open_table is not None and pane.open_table.name == "Glory Status"
