"""The real console in a real terminal: tmux at 80x24, keys sent, the screen read back.

This is how a GM over SSH meets the app (no Pilot, a real TERM, a real tty), so it catches
what headless tests cannot: escape sequences a terminal mangles, a layout that only breaks at
the true size, a process that does not let go of the campaign lock when it quits.
Skipped only when tmux is not installed.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import tomli

from gmconsole.store.lock import LOCK_NAME

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    """One private tmux server (its own socket) holding one 80x24 window."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def __call__(self, *args: str) -> str:
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10)
        return out.stdout

    def screen(self) -> str:
        return self("capture-pane", "-p", "-t", "gm")

    def close(self) -> None:
        """Stop the server and remove its socket, which tmux leaves behind in its folder."""
        self("kill-server")
        folder = Path(os.environ.get("TMUX_TMPDIR") or "/tmp") / f"tmux-{os.getuid()}"
        (folder / self.socket).unlink(missing_ok=True)

    def keys(self, *keys: str) -> None:
        """Each key in a read of its own: the next goes once the console has drawn what the
        last one did (it has read it), or after 0.15 s when a key changes nothing on screen."""
        for key in keys:
            before = self.screen()
            self("send-keys", "-t", "gm", key)
            deadline = time.monotonic() + 0.15
            while self.screen() == before and time.monotonic() < deadline:
                time.sleep(0.01)

    def wait_gone(self, timeout: float = 10.0) -> None:
        """Wait (at most `timeout` s) for the window to close: the console has quit."""
        deadline = time.monotonic() + timeout
        while "gm" in self("list-sessions", "-F", "#{session_name}") and time.monotonic() < deadline:
            time.sleep(0.03)

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        return self.wait_until(lambda screen: text in screen, f"{text!r} never appeared", timeout)

    def wait_until(self, test: Callable[[str], bool], failure: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if test(screen):
                return screen
            time.sleep(0.03)
        raise AssertionError(f"{failure}; the screen was:\n{screen}")


def _status(screen: str) -> str:
    """The status line (above the command line's hint and the footer): the newest result. A
    miss further up the log stays on screen while later tests land."""
    return screen.splitlines()[-3]


def _events(screen: str) -> int:
    """The log's event count, from its border."""
    counts = re.findall(r"(\d+) events? ─", screen)
    return int(counts[-1]) if counts else 0


@pytest.mark.parametrize("term", ["xterm-256color", "screen"])
def test_one_round_of_combat_in_tmux(campaign: Path, config_home: Path, term: str) -> None:
    tmux = Tmux(f"gmconsole-test-{os.getpid()}-{term}")
    script = f"from gmconsole.tui import run; raise SystemExit(run({str(campaign)!r}))"
    env = f"TERM={term} XDG_CONFIG_HOME={shlex.quote(str(config_home.parent))} TEXTUAL_ANIMATIONS=none"
    command = f"env {env} {shlex.quote(sys.executable)} -c {shlex.quote(script)}"
    tmux("new-session", "-d", "-s", "gm", "-x", "80", "-y", "24", command)
    try:
        screen = tmux.wait_for("saved ✓")
        assert "Test Camp · Generic" in screen and "not started" in screen
        tmux.keys("s")
        screen = tmux.wait_for("Round 1 ·")
        assert "▶" in screen
        # ":" and a line in one read (a paste, a fast typist over SSH): the line goes to the
        # command line; the tracker used to take "o" (out) and "l" on its way there first
        tmux("send-keys", "-t", "gm", ":roll 2d6 ; no-one", "Enter")
        screen = tmux.wait_for("roll 2d6")
        assert " is out" not in screen and "[out]" not in screen
        tmux.keys(":", "cond ayla prone 1", "Enter")
        tmux.wait_for("prone(1)")
        tmux.keys(":", "dmg goblin-1 5", "Enter")
        screen = tmux.wait_for("KO (0 HP)")
        for _ in range(4):
            tmux.keys("n")
        screen = tmux.wait_for("Round 2 ·")
        assert "prone wears off Ayla" in screen
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert lines[0].rstrip().endswith("saved ✓") and "▶" in lines[0]
        assert "n Next" in lines[-1]  # the footer is on the last row, nothing pushed off screen
        tmux.keys("q")
        tmux.wait_gone()
        assert "gm" not in tmux("list-sessions", "-F", "#{session_name}"), "q quits the console"
        assert not (campaign / LOCK_NAME).exists(), "quitting released the campaign lock"
    finally:
        tmux.close()


def test_quick_combatants_and_an_aimed_attack_straight_into_damage_in_tmux(
    tmp_path: Path, config_home: Path
) -> None:
    """A fresh campaign, fighters added by name only, a test aimed at one of them from the
    command line, and H applying the hit's damage: the table's core flow at 80x24."""
    from gmconsole.store import Session

    camp = tmp_path / "fresh"
    Session.create(camp, name="Fresh", system_id="generic").close()
    tmux = Tmux(f"gmconsole-test-{os.getpid()}-aimed")
    script = f"from gmconsole.tui import run; raise SystemExit(run({str(camp)!r}))"
    env = f"TERM=screen XDG_CONFIG_HOME={shlex.quote(str(config_home.parent))} TEXTUAL_ANIMATIONS=none"
    command = f"env {env} {shlex.quote(sys.executable)} -c {shlex.quote(script)}"
    tmux("new-session", "-d", "-s", "gm", "-x", "80", "-y", "24", command)
    try:
        tmux.wait_for("saved ✓")
        tmux.keys(":", "encounter Brawl; add hero pcs hp 20 melee 5 damage 6; add 2 thug hp 8 ac 12", "Enter")
        tmux.wait_for("Thug 2")
        tmux.keys(":", "start 20 1 2", "Enter")
        tmux.wait_for("Round 1 ·")
        tmux.keys(":", "check hero melee at thug-1", "Enter")
        screen = tmux.wait_until(lambda screen: "vs 12" in _status(screen), "no result on the status line")
        while "failure" in _status(screen):  # a miss offers nothing: try again until one lands
            rolled = _events(screen) + 1
            tmux.keys(":", "check hero melee at thug-1", "Enter")
            screen = tmux.wait_until(
                lambda screen, rolled=rolled: _events(screen) >= rolled and "vs 12" in _status(screen),
                "the test was not rolled again",
            )
        tmux.keys("H")
        screen = tmux.wait_for("Hero hits (damage 6)")
        assert "2/8" in screen  # Thug 1's health in the tracker
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        tmux.keys("q")
        tmux.wait_gone()  # killing the server under a console still quitting hangs it up mid-exit
    finally:
        tmux.close()


def test_sigterm_restores_the_terminal_and_releases_the_lock(campaign: Path, config_home: Path) -> None:
    """`kill PID` (a logout, a shutdown) stops the console as `q` does: the terminal leaves the
    alternate screen and the lock goes, so the GM's shell is usable and the campaign opens."""
    tmux = Tmux(f"gmconsole-test-{os.getpid()}-term")
    script = f"from gmconsole.tui import run; raise SystemExit(run({str(campaign)!r}))"
    home = shlex.quote(str(config_home.parent))
    env = f"TERM=xterm-256color XDG_CONFIG_HOME={home} TEXTUAL_ANIMATIONS=none"
    command = f"env {env} {shlex.quote(sys.executable)} -c {shlex.quote(script)}; echo EXITED $?; sleep 30"
    tmux("new-session", "-d", "-s", "gm", "-x", "80", "-y", "24", command)
    try:
        tmux.wait_for("saved ✓")
        assert tmux("display-message", "-p", "-t", "gm", "#{alternate_on}").strip() == "1"
        pid = int(tomli.loads((campaign / LOCK_NAME).read_text())["pid"])
        os.kill(pid, signal.SIGTERM)
        tmux.wait_for("EXITED 0")
        assert tmux("display-message", "-p", "-t", "gm", "#{alternate_on}").strip() == "0"
        assert not (campaign / LOCK_NAME).exists()
    finally:
        tmux.close()
