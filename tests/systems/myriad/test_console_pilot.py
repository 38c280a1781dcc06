"""The Myriad demo in the real console (Pilot, 80x24): a round run from the command line, the
tracker showing the conflict, KO and bleeding in words, the roster drawing box rows."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot

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
    await pilot.press("colon")
    for ch in line:
        await pilot.press("space" if ch == " " else ch)
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
        assert "[out] KO (incapacitated: Wounds empty)" in text
        assert "4 wounds + 1 critical" in text

        for _ in range(5):  # Tamsin, Grell, Ilse, Oduya + the raiders: round 3 begins
            await command(pilot, "next")
        assert app.session.encounter.round == 3
        text = screen_text(app)
        assert "Round 3 · Ambush at Saltpan Ford · Myriad initiative" in text
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
