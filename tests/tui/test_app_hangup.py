"""A console whose terminal goes away stops and lets go of its campaign."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from app_driver import make_app

from gmconsole.store.lock import LOCK_NAME
from gmconsole.tui import terminal_watch


def test_a_hung_up_terminal_is_noticed() -> None:
    """After a hang-up the terminal stops being one: that is what the console polls for,
    because SIGHUP does not always reach it (started through make) and Textual's driver then
    spins on empty reads."""
    leader, follower = os.openpty()
    try:
        assert not terminal_watch.terminal_gone(follower)
        os.close(leader)  # the terminal emulator, sshd or tmux went away
        assert terminal_watch.terminal_gone(follower)
    finally:
        os.close(follower)


async def test_hang_up_releases_the_lock_and_exits(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert (campaign / LOCK_NAME).exists()
        app.hang_up()
        await pilot.pause()
        assert not (campaign / LOCK_NAME).exists()
    assert app.return_code == 0


async def test_sighup_runs_the_hang_up(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert terminal_watch.on_hangup(app.hang_up)
        try:
            os.kill(os.getpid(), signal.SIGHUP)
            await pilot.pause()
            await pilot.pause()
            assert not (campaign / LOCK_NAME).exists()
        finally:
            asyncio.get_running_loop().remove_signal_handler(signal.SIGHUP)
