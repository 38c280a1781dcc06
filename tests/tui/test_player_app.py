"""The player screen follows the GM's saves while it runs (no lock, no writes)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from app_driver import screen_text

from gmconsole.store import Session
from gmconsole.tui.player import PlayerApp

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"


async def test_the_player_screen_shows_the_next_actor_after_the_gm_moves_on(tmp_path: Path) -> None:
    root = tmp_path / "arm"
    shutil.copytree(CAMPAIGNS / "arm-demo", root, ignore=shutil.ignore_patterns(".lock"))
    app = PlayerApp(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "▶ Brad to act" in screen_text(app)
        assert not (root / ".lock").exists()
        with Session.open(root, rng=random.Random(1)) as gm:
            gm.execute("next")
        for _ in range(20):
            await pilot.pause(0.1)
            if "▶ Thug 1 to act" in screen_text(app):
                break
        assert "▶ Thug 1 to act" in screen_text(app)
        await pilot.press("q")
