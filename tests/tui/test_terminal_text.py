"""Text from a campaign never reaches the terminal raw (issue 23): an OSC 52 in a campaign's name
wrote the GM's clipboard, an OSC 0 retitled the terminal. Control characters and bidi overrides
in any campaign text (the name, a table's title and rolled cell, a log event from another
clone, a roster entry's player, notes and tags) reach the terminal only as visible escapes,
whatever pane draws them: checked on what the screen writes to the terminal, escape sequences
and all, in the console (in-process and in a real pseudo-terminal) and the player view."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import tomli_w
from app_driver import make_app, type_line
from campaign_fixture import build_campaign
from textual.app import App

from gmconsole.tui.player import PlayerApp
from gmconsole.tui.terminal_text import visible_strip

OSC52 = "\x1b]52;c;aGk=\x07"
OSC0 = "\x1b]0;owned\x07"
CSI = "\x1b[31;4242m"
C1 = "\x9b4243m"
BIDI = "\u202e"
HOSTILE = OSC52 + OSC0 + CSI + C1 + BIDI

RAW = [seq.encode() for seq in (OSC52, OSC0, CSI, C1, BIDI)] + [b"\x1b]52", b"\x1b]0;", b"\xc2\x9b"]
"""The sequences as the terminal would receive them; Textual writes none of these itself."""

SHOWN = "\\x1b]52;c;aGk="
"""The start of the OSC 52 as a GM reads it on the screen."""


def hostile_campaign(root: Path) -> Path:
    """The test campaign with the hostile text in its name, a table (title and cell), a log
    file from another clone, and Ayla's player, notes and tags."""
    build_campaign(root)
    campaign = (root / "campaign.toml").read_text(encoding="utf-8")
    name_line = next(line for line in campaign.splitlines() if line.startswith("name = "))
    data = {"name": f"Camp {HOSTILE}"}
    campaign = campaign.replace(name_line, tomli_w.dumps(data).strip())
    (root / "campaign.toml").write_text(campaign, encoding="utf-8")
    table = {
        "schema_version": 1,
        "table": [{"name": f"Trap {BIDI}", "dice": "1d2", "columns": ["1d2", "Result"],
                   "rows": [["1-2", f"cell {HOSTILE}"]]}],
    }
    (root / "tables" / "trap.toml").write_text(tomli_w.dumps(table), encoding="utf-8")
    ayla = root / "roster" / "ayla.toml"
    text = ayla.read_text(encoding="utf-8")
    for key, value in (("player", f"Sam {HOSTILE}"), ("notes", f"note {HOSTILE}")):
        line = next((line for line in text.splitlines() if line.startswith(f"{key} = ")), None)
        new = tomli_w.dumps({key: value}).strip()
        text = text.replace(line, new) if line else text.replace("\n", f"\n{new}\n", 1)
    ayla.write_text(text, encoding="utf-8")
    mine = sorted((root / "log").glob("*.toml"))[-1]  # the events of the build, then another clone's
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    event = {"id": "0badc0ffee00", "kind": "note", "text": f"from the other clone {HOSTILE}", "time": now}
    log = {"schema_version": 4, "session": "ffffff", "event": [event]}
    other = mine.name.rsplit("-", 2)[0] + "-ffffff-001.toml"  # read after the build's own
    (root / "log" / other).write_text(tomli_w.dumps(log), encoding="utf-8")
    return root


def terminal_output(app: App) -> str:
    """What the screen writes to the terminal for a full repaint: escape sequences and text."""
    update = app.screen._compositor.render_update(full=True)
    return update.render_segments(app.console)


def assert_no_raw(output: str | bytes) -> None:
    data = output.encode() if isinstance(output, str) else output
    for seq in RAW:
        assert seq not in data, f"{seq!r} reached the terminal raw"


async def test_the_console_shows_campaign_text_as_escapes_in_every_pane(tmp_path: Path) -> None:
    root = hostile_campaign(tmp_path / "camp")
    app = make_app(root)
    seen = ""
    async with app.run_test(size=(100, 50)) as pilot:  # room for every event in the log pane
        await pilot.pause()
        await pilot.press(":")
        await type_line(pilot, "roll table trap")
        for key in ("1", "2", "3", "4"):
            await pilot.press(key)
            await pilot.pause()
            out = terminal_output(app)
            assert_no_raw(out)
            seen += out
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        out = terminal_output(app)
        assert_no_raw(out)
        seen += out
    import re

    plain = re.sub("\x1b\\[[0-9;?]*[A-Za-z]", "", seen)  # the screen's own colours and moves
    for shown in ("Camp ", "cell ", "from the other clone ", "Sam "):
        assert shown + SHOWN in plain, (shown, [line for line in plain.splitlines() if "clone" in line])
    assert "Trap \\u202e" in plain


async def test_the_player_view_shows_campaign_text_as_escapes(tmp_path: Path) -> None:
    root = hostile_campaign(tmp_path / "camp")
    app = PlayerApp(root)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        out = terminal_output(app)
    assert_no_raw(out)
    assert "Camp " + SHOWN in out


def test_the_plain_player_view_prints_campaign_text_as_escapes(tmp_path: Path) -> None:
    root = hostile_campaign(tmp_path / "camp")
    proc = subprocess.Popen(
        [sys.executable, "-m", "gmconsole", "player", str(root), "--plain"], stdout=subprocess.PIPE
    )
    try:
        assert proc.stdout is not None
        seen = read_until(proc.stdout.fileno(), "─".encode(), timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert "Camp " + SHOWN in seen.decode()
    assert_no_raw(seen)


def test_a_line_with_an_escape_keeps_its_width() -> None:
    from rich.segment import Segment
    from textual.strip import Strip

    strip = Strip([Segment("ab"), Segment(f"c{OSC52}d"), Segment("  ")])
    shown = visible_strip(strip)
    assert shown.cell_length == strip.cell_length
    assert "\x1b" not in shown.text and shown.text.startswith("abc\\x1b]")
    plain = Strip([Segment("plain")])
    assert visible_strip(plain) is plain


def read_until(fd: int, needle: bytes, timeout: float) -> bytes:
    seen = b""
    end = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_the_console_in_a_real_terminal_writes_no_raw_sequence(tmp_path: Path) -> None:
    """`gmconsole open` on a pseudo-terminal, its bytes read as the terminal emulator would."""
    import fcntl
    import struct
    import termios

    root = hostile_campaign(tmp_path / "camp")
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gmconsole", "open", str(root)],
        stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True, start_new_session=True,
    )
    os.close(follower)
    try:
        seen = read_until(leader, SHOWN.encode(), timeout=30)
        os.write(leader, b"3")
        seen += read_until(leader, b"other clone", timeout=5)
        os.write(leader, b"q")
        proc.wait(timeout=20)
        seen += read_until(leader, b"\x00never", timeout=0.5)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)
    assert SHOWN.encode() in seen, seen[-2000:]
    assert_no_raw(seen)
