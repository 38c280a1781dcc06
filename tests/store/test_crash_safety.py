"""Nothing lost when the console is killed mid-change (SIGKILL: no cleanup, no flush, no lock
release). A child process plays a stream of changes on a copy of a demo campaign through
`Session` and reports each event id once the session returned it (saved); the parent kills it
at a random moment. Afterwards every file still parses, `gmconsole check` passes, the log holds
every event the child reported saved, and the next open takes the dead child's lock over.

The default run kills 20 times over the three shipped demos; `pytest -m long` runs 200.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gmconsole.store import Session, check_campaign
from gmconsole.store.log import read_log

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"

CHILD = r"""
import random, sys
from gmconsole.store import Session

path, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
session = Session.open(path, rng=random.Random(seed))
enc = session.encounter
names = [c.id for c in enc.combatants] if enc else list(session.roster)
lines = ["next", "undo", "redo", "1d20+3", "4d6kh3"]
lines += [f"dmg {n} 1" for n in names] + [f"heal {n} 1" for n in names]
lines += [f"cond {n} dazed 2" for n in names] + [f"uncond {n} dazed" for n in names]
print("ready", flush=True)
for _ in range(400):
    line = rng.choice(lines)
    try:
        result = session.execute(line)
    except Exception:
        continue  # a refusal (nothing to undo, no such condition) changes nothing
    events = result if isinstance(result, list) else [result]
    for event in events:
        if event is not None:
            print("saved", event.id, flush=True)
"""


def _run_and_kill(camp: Path, seed: int, rng: random.Random) -> list[str]:
    """Start the child on `camp`, kill it at a random moment, return the ids it reported."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(camp), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(rng.uniform(0.0, 0.4))
    child.send_signal(signal.SIGKILL)
    out, _ = child.communicate(timeout=30)
    return [line.split()[1] for line in out.splitlines() if line.startswith("saved ")]


def _kill_many(tmp_path: Path, times: int) -> None:
    rng = random.Random(2026)
    demos = sorted(p.name for p in DEMOS.iterdir() if (p / "campaign.toml").is_file())
    for i in range(times):
        demo = demos[i % len(demos)]
        camp = tmp_path / f"{demo}-{i}"
        if not camp.exists():
            shutil.copytree(DEMOS / demo, camp, ignore=shutil.ignore_patterns(".lock"))
        reported = _run_and_kill(camp, seed=i, rng=rng)
        problems = check_campaign(camp)
        assert problems == [], f"run {i} on {demo}: {[str(p) for p in problems]}"
        logged = {e.id for e in read_log(camp)[0]}
        lost = [eid for eid in reported if eid not in logged]
        assert not lost, f"run {i} on {demo}: saved events missing from the log: {lost}"
        with Session.open(camp) as again:  # the dead child's lock is taken over
            assert not again.read_only, f"run {i}: the lock of a killed console was not taken over"


def test_killing_the_console_mid_change_loses_nothing(tmp_path: Path) -> None:
    _kill_many(tmp_path, 20)


@pytest.mark.long
def test_killing_the_console_mid_change_loses_nothing_200_times(tmp_path: Path) -> None:
    _kill_many(tmp_path, 200)
