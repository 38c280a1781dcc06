"""SVG snapshots of the main screen at 80x24 and 120x40, seeded so they never drift.

Nothing on the main screen depends on the clock (the log shows no times) and the fixture
campaign's rolls come from fixed seeds. Review changes with `pytest --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

from app_driver import command, make_app
from textual.pilot import Pilot


async def _mid_fight(pilot: Pilot) -> None:
    """Round 1 under way: a held fighter, a goblin down, a condition ticking."""
    await pilot.press("s")
    await command(pilot, "cond ayla prone 2")
    await command(pilot, "dmg goblin-2 5")
    await command(pilot, "2d6+1")
    await pilot.press("h")
    await pilot.pause()


def test_main_screen_80x24(campaign: Path, snap_compare) -> None:
    assert snap_compare(make_app(campaign), terminal_size=(80, 24), run_before=_mid_fight)


def test_main_screen_120x40(campaign: Path, snap_compare) -> None:
    assert snap_compare(make_app(campaign), terminal_size=(120, 40), run_before=_mid_fight)


def test_main_screen_80x24_high_contrast_roster(campaign: Path, snap_compare) -> None:
    async def roster_in_high_contrast(pilot: Pilot) -> None:
        await _mid_fight(pilot)
        pilot.app.theme = "gm-high-contrast"
        await pilot.press("2")
        for _ in range(3):  # the roster packs its rows to the list's settled size: let it settle
            await pilot.pause()

    assert snap_compare(make_app(campaign), terminal_size=(80, 24), run_before=roster_in_high_contrast)
