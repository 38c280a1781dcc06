"""The Myriad demo in the real console (Pilot, 80x24): a round run from the command line, the
tracker showing the conflict, KO and bleeding in words, the roster drawing box rows."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from gmconsole.tui.app import GmConsole

from .conftest import DEMO


@pytest.fixture
def demo_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # never the real ~/.config
    monkeypatch.delenv("NO_COLOR", raising=False)
    copy = tmp_path / "myriad-demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    return copy


def screen_text(app: GmConsole) -> str:
    return "\n".join("".join(seg.text for seg in strip)
                     for strip in app.screen._compositor.render_strips())


async def command(pilot: Pilot, line: str) -> None:
    """':' then the line (in one insertion, as a paste: typing is tested in tests/tui) and Enter."""
    await pilot.press("colon")
    focused = pilot.app.focused
    assert isinstance(focused, Input), focused
    focused.insert_text_at_cursor(line)
    await pilot.press("enter")
    await pilot.pause()


async def test_a_round_of_the_demo_from_the_command_line(demo_folder: Path) -> None:
    app = GmConsole(demo_folder, rng=random.Random(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "The Salt Road · Myriad" in text and "Round 2" in text
        assert "Mortal combat · 1d6 + Grace" in text
        assert "bleeding" in text  # the raider's Artery Strike, as a word

        await command(pilot, "dmg ogre raider 2 5")
        text = screen_text(app)
        assert "[out] KO (incapacitated: Wounds" in text  # the row may wrap after that
        assert "4 wounds + 1 critical" in text

        for _ in range(5):  # Tamsin, Grell, Ilse, Oduya + the raiders: round 3 begins
            await command(pilot, "next")
        assert app.session.encounter.round == 3
        text = screen_text(app)
        assert "Round 3 · Ambush at Saltpan Ford" in text and "Myriad initiative" in text
        assert "Ogre Raider 2 bleeds: 1D [" in app.session.log[-1].text

        await command(pilot, "set conflict social")
        for _ in range(6):
            await command(pilot, "next")
        assert app.session.encounter.round == 4
        assert "Social combat · 1d6 + Spirit" in screen_text(app)
        rolled = next(e.data["initiative"] for e in reversed(app.session.log)
                      if "initiative" in e.data)
        spirit = {"kesh": 4, "ilse": 5, "tamsin": 4, "oduya": 3, "grell": 2, "ogre-raider-1": 1}
        assert all(r["total"] - r["dice"][0] == spirit[r["who"]] for r in rolled)

        await pilot.press("2")  # the roster: box rows the way the record sheet draws them
        await pilot.pause()
        text = screen_text(app)
        assert "Wounds   [ ][ ][ ][ ] 4 left (KO at 0)" in text
        assert "Critical [ ][ ][ ] 3 left (dead at 0)" in text
        assert all(len(line) <= 80 for line in text.splitlines())


async def test_the_test_dialog_burns_a_six_for_an_sfx_chosen_from_the_list(demo_folder: Path) -> None:
    from textual.widgets import Input, Select

    from gmconsole.tui.screens.check_dialog import CheckDialog
    from gmconsole.tui.widgets.odds_chart import OddsChart

    app = GmConsole(demo_folder, rng=random.Random(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        done: list = []
        app.push_screen(CheckDialog(app.session, "kesh"), done.append)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        sfx = dialog.query_one("#switch-sfx", Select)
        dialog.query_one("#check-option", Select).value = "power/close_combat"
        assert sfx.value == "none"
        sfx.value = "power_strike"  # a value not in the list would be refused by the Select
        await pilot.pause()
        odds = dialog.query_one(OddsChart).render().plain
        assert "success + SFX" in odds and "Power Strike when the roll allows" in odds
        dialog.query_one("#check-dice", Input).value = "6 3 2 6 1"
        await pilot.press("f2")
        await pilot.pause()
        event = done[0]
        assert event.data["outcome"] == "success, Power Strike fires on die 1"
        assert event.data["margin"] == 11 - 6
        assert app.session.log[-1].id == event.id  # logged (the main screen redraws it)
