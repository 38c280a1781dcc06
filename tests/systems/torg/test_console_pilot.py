"""The Torg demo in the real console (Pilot, 80x24): the drama card heads the tracker, and a
round runs from the command line (a check spending a Possibility, damage through the CRT,
buying it off, the next card flipped)."""

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
    copy = tmp_path / "torg-demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    return copy


def screen_text(app: GmConsole) -> str:
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def command(pilot: Pilot, line: str) -> None:
    """':' then the line (in one insertion, as a paste: typing is tested in tests/tui) and Enter."""
    await pilot.press("colon")
    focused = pilot.app.focused
    assert isinstance(focused, Input), focused
    focused.insert_text_at_cursor(line)
    await pilot.press("enter")
    await pilot.pause()


async def test_a_round_of_the_torg_demo_from_the_command_line(demo_folder: Path) -> None:
    app = GmConsole(demo_folder, rng=random.Random(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = app.session
        header = session.order.header(session.encounter)
        text = screen_text(app)
        assert "The Delaware Crossing" in text and "Round 2" in text
        for line in header[:4]:  # the card's essentials are all on screen
            assert line in text, line
        assert "wounded" in text  # Kaa-Tok's wound level, in words

        possibilities = session.resolve("helena").sheet.possibilities.count
        await command(pilot, "check helena find poss dice 3 15 vs 14")
        assert session.resolve("helena").sheet.possibilities.count == possibilities - 1
        assert "spends a Possibility" in screen_text(app)

        await command(pilot, "dmg quinn 25")  # 25 - 15 (kevlar) = 10 RP: Wnd K 4
        assert session.resolve("quinn").sheet.damage.wounds == 1
        await command(pilot, "buyoff quinn wound")
        assert session.resolve("quinn").sheet.damage.wounds == 0
        assert "buys off wound" in screen_text(app)

        for _ in range(7):  # the five heroes and two edeinos: round 3 and a new card
            await command(pilot, "next")
        assert session.encounter.round == 3
        text = screen_text(app)
        assert "Round 3" in text
        assert session.order.header(session.encounter)[0] in text


def test_in_rounds_a_hero_card_on_a_test_comes_only_from_the_pool(tmp_path: Path) -> None:
    """Quinn's hero card #22 is in her hand: in rounds it must be pooled first."""
    import shutil

    from gmconsole.engine.errors import RulesError
    from gmconsole.store import Session

    root = tmp_path / "torg"
    shutil.copytree(Path(__file__).resolve().parents[3] / "campaigns" / "torg-demo", root)
    with Session.open(root) as s:
        before = len(s.log)
        try:
            s.execute("check quinn fire_combat hero dice=1,5 at edeinos-2")
        except RulesError as exc:
            assert "only from the pool" in str(exc) and "#22" in str(exc)
        else:
            raise AssertionError("a hand card was played in rounds")
        assert len(s.log) == before and 22 in s.resolve("quinn").sheet.cards.hand  # nothing spent
