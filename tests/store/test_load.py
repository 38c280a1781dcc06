"""A campaign played for years opens, edits and saves correctly with bounded memory: 1,000
characters, 50 encounters and 100,000 logged events in the long variant (`-m long`), a tenth
of that by default. Opening runs in a child process so its peak memory is its own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gmconsole.bench.store import load_campaign
from gmconsole.store import Session, check_campaign

CHILD = """
import json, sys, time
from gmconsole.bench.memory import peak_mb
from gmconsole.store import Session
t0 = time.perf_counter()
with Session.open(sys.argv[1]) as s:
    opened = time.perf_counter() - t0
    s.execute("start")
    s.execute("dmg person-3 4")
    s.execute("cond person-5 prone 2")
    s.execute("next")
    s.execute("undo")
    events = len(s.log)
print(json.dumps({"opened": opened, "events": events, "peak_mb": peak_mb()}))
"""


def play(root: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(root)], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def check_load(tmp_path: Path, characters: int, encounters: int, events: int) -> None:
    root = load_campaign(tmp_path / "years", characters=characters, encounters=encounters, events=events)
    result = play(root)
    assert result["peak_mb"] < 200  # a page of the log and the state, not the years of play
    assert result["events"] <= 1000 + 10  # only the newest page of the log was read
    with Session.open(root, read_only=True) as s:
        assert len(s.roster) == characters and len(s.encounters) == encounters
        assert s.resolve("person-3").sheet.hp == 6 and s.encounter.started
        assert [c.name for c in s.encounter.combatants if c.conditions] == ["Person 5"]
    assert check_campaign(root) == []


def test_a_campaign_of_years_opens_edits_and_saves(tmp_path: Path) -> None:
    check_load(tmp_path, characters=100, encounters=5, events=10_000)


@pytest.mark.long
def test_a_campaign_of_years_at_full_size(tmp_path: Path) -> None:
    check_load(tmp_path, characters=1000, encounters=50, events=100_000)
