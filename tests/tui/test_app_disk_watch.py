"""The console follows its files: a roster entry, table or encounter change that arrives on
disk while it is open (a `git pull`, an editor) shows without a restart, and a change made in
the console to a file changed since is refused by name instead of written over it."""

from __future__ import annotations

import shutil
from pathlib import Path

from app_driver import command, make_app, screen_text


async def test_a_roster_entry_added_on_disk_shows_without_a_restart(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Zed Newcomer" not in screen_text(app)
        text = (campaign / "roster" / "ayla.toml").read_text(encoding="utf-8")
        zed = text.replace('"Ayla"', '"Zed Newcomer"')
        (campaign / "roster" / "zed.toml").write_text(zed, encoding="utf-8")
        await pilot.pause(2.2)  # the console looks every 2 s
        shown = screen_text(app)
        assert "Zed Newcomer" in shown
        assert "read again from disk: roster/zed.toml" in shown


async def test_a_pulled_encounter_is_not_written_over(campaign: Path, tmp_path: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        enc = campaign / "encounters" / "ambush.toml"
        pulled = enc.read_text(encoding="utf-8").replace('name = "Ambush"', 'name = "Ambush at dusk"', 1)
        tmp = tmp_path / "pulled.toml"
        tmp.write_text(pulled, encoding="utf-8")
        shutil.move(tmp, enc)
        await command(pilot, "start")  # refused by the file's name, unless the console looked first
        refused = "encounters/ambush.toml changed on disk" in screen_text(app)
        assert refused or "Round 1" in screen_text(app)
        if refused:
            assert enc.read_text(encoding="utf-8") == pulled
            await pilot.pause(2.2)
            await command(pilot, "start")
        assert "Round 1" in screen_text(app) and "Ambush at dusk" in screen_text(app)
        saved = enc.read_text(encoding="utf-8")
        assert 'name = "Ambush at dusk"' in saved and "round = 1" in saved
