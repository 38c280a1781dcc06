"""The player view: what players see of a fight (PCs' health, everyone's conditions, no NPC
numbers unless the GM makes them public), followed live from the GM's console by a second
process that never takes the lock."""

from __future__ import annotations

import queue
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gmconsole.store import Session
from gmconsole.store.player_view import FolderWatch, current, plain

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
SEPARATOR = "─" * 40


@pytest.fixture
def cannery(tmp_path: Path) -> Path:
    root = tmp_path / "s1"
    shutil.copytree(CAMPAIGNS / "system-one-demo", root, ignore=shutil.ignore_patterns(".lock"))
    return root


def test_players_see_pcs_health_and_conditions_but_no_npc_numbers(cannery: Path) -> None:
    text = plain(current(cannery))
    assert "Round 1 · resolve phase" in text and "▶ Guard 2 to act" in text
    assert "Marcus Hale  LP 10/10" in text
    vic = next(line for line in text.splitlines() if "Vic Carver" in line)
    assert "LP" not in vic and "declares" not in vic
    with Session.open(cannery) as s:
        s.execute("cond vic prone")
        s.execute("public vic")
    vic = next(line for line in plain(current(cannery)).splitlines() if "Vic Carver" in line)
    assert "LP 8/8" in vic and "[prone]" in vic


def test_a_combatant_who_is_out_is_not_to_act(cannery: Path) -> None:
    with Session.open(cannery) as s:
        acting = s.encounter.acting[0]
        s.execute(f"out {acting.id}")
        still = [c for c in s.encounter.acting if c.status != "out"]
    text = plain(current(cannery))
    assert f"▶ {acting.name} to act" not in text
    if still:
        assert f"▶ {', '.join(c.name for c in still)} to act" in text


def test_the_watch_sees_each_save_of_the_gm(cannery: Path) -> None:
    watch = FolderWatch(cannery)
    assert watch.changed() and not watch.changed()
    with Session.open(cannery, rng=random.Random(1)) as s:
        s.execute("next")
        assert watch.changed()
        s.execute("3d6")  # a roll changes no state file: nothing new to show
        assert not watch.changed()


def _reader(stream, out: queue.Queue[str]) -> None:
    for line in stream:
        out.put(line.rstrip("\n"))


def _block(out: queue.Queue[str], timeout: float) -> str:
    """The next whole view the player process printed."""
    lines: list[str] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            line = out.get(timeout=max(0.01, end - time.monotonic()))
        except queue.Empty:
            break
        if line == SEPARATOR:
            return "\n".join(lines)
        lines.append(line)
    raise AssertionError(f"no view within {timeout} s (got {lines!r})")


def test_a_player_process_follows_the_gms_console_within_a_second(cannery: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "gmconsole", "player", str(cannery), "--plain"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, out), daemon=True).start()
    try:
        first = _block(out, 20)  # the interpreter starting up
        assert "▶ Guard 2 to act" in first
        with Session.open(cannery, rng=random.Random(2)) as gm:  # the player never took the lock
            assert not gm.read_only
            gm.execute("next")
            start = time.monotonic()
            second = _block(out, 5)
            # the player polls every 0.2 s and a read takes a few ms when the machine is idle;
            # the bound is loose because the suite runs on two busy cores
            assert time.monotonic() - start < 3
            assert "▶ Guard 1 to act" in second
            gm.execute("cond marcus prone")
            assert "[prone]" in _block(out, 5)
        assert proc.poll() is None  # still following
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_not_a_campaign_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gmconsole", "player", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and done.stderr.strip().endswith(
        "is not a campaign folder (no campaign.toml)"
    )
