"""Nothing lost when the console is killed mid-change (SIGKILL: no cleanup, no flush, no lock
release). A child process plays a stream of changes on a copy of a demo campaign through
`Session` and reports each event id once the session returned it (saved); the test kills it
at a random moment. Afterwards every file still parses, `gmconsole check` passes, the log holds
every event the child reported saved, the next open takes the dead child's lock over, and
every change in the files is explained by the log: each entity file holds the values the
newest logged change to it gave (a kill between an intent's file writes and its log append
left a change the log did not hold, 8 of 160 kills, before the log came first). A second test
kills a console right after each write step of a few intents, every step in turn.

The default run kills 20 times over the shipped demos; `pytest -m long` runs 200.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gmconsole.engine.events import Change
from gmconsole.store import Session, check_campaign
from gmconsole.store.log import read_log
from gmconsole.store.models import snapshot

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"

ZYGOTE = r"""
import os, random, sys
from gmconsole.store import Session

print("ready", flush=True)
for order in sys.stdin:
    path, seed = order.split()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the console: plays changes until it is killed
        os.close(read_end)
        out = os.fdopen(write_end, "w", buffering=1)
        rng = random.Random(int(seed))
        session = Session.open(path, rng=random.Random(int(seed)))
        enc = session.encounter
        names = [c.id for c in enc.combatants] if enc else list(session.roster)
        lines = ["next", "undo", "redo", "1d20+3", "4d6kh3"]
        lines += [f"dmg {n} 1" for n in names] + [f"heal {n} 1" for n in names]
        lines += [f"cond {n} dazed 2" for n in names] + [f"uncond {n} dazed" for n in names]
        out.write("open\n")
        for _ in range(400):
            line = rng.choice(lines)
            try:
                result = session.execute(line)
            except Exception:
                continue  # a refusal (nothing to undo, no such condition) changes nothing
            events = result if isinstance(result, list) else [result]
            for event in events:
                if event is not None:
                    out.write(f"saved {event.id}\n")
        os._exit(0)
    os.close(write_end)
    print("pid", pid, flush=True)
    with os.fdopen(read_end) as child:
        for said in child:  # passed on as said, up to the kill
            sys.stdout.write(said)
            sys.stdout.flush()
    os.waitpid(pid, 0)
    print("done", flush=True)
"""
"""Forks a fresh console for each run: starting Python and importing the store for every kill
was most of the test's time. The zygote is single-threaded, so forking it is safe."""


class Consoles:
    """The zygote process, and one killed console at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", ZYGOTE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self._line() == "ready"

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the zygote died"
        return line.strip()

    def run_and_kill(self, camp: Path, seed: int, rng: random.Random) -> list[str]:
        """Start a console on `camp`, kill it at a random moment, return the ids it reported."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{camp} {seed}\n")
        self.process.stdin.flush()
        said = self._line()
        assert said.startswith("pid "), said
        pid = int(said.split()[1])
        assert self._line() == "open"
        time.sleep(rng.uniform(0.0, 0.4))
        with contextlib.suppress(ProcessLookupError):  # it played all its 400 lines first
            os.kill(pid, signal.SIGKILL)
        reported = []
        while (line := self._line()) != "done":
            if line.startswith("saved "):
                reported.append(line.split()[1])
        return reported

    def close(self) -> None:
        self.process.kill()
        self.process.communicate(timeout=30)


def _kill_many(tmp_path: Path, times: int) -> None:
    rng = random.Random(2026)
    demos = sorted(p.name for p in DEMOS.iterdir() if (p / "campaign.toml").is_file())
    consoles = Consoles()
    try:
        _kill_each(tmp_path, times, demos, consoles, rng)
    finally:
        consoles.close()


def _kill_each(tmp_path: Path, times: int, demos: list[str], consoles: Consoles, rng: random.Random) -> None:
    for i in range(times):
        demo = demos[i % len(demos)]
        camp = tmp_path / f"{demo}-{i}"
        if not camp.exists():
            shutil.copytree(DEMOS / demo, camp, ignore=shutil.ignore_patterns(".lock"))
        reported = consoles.run_and_kill(camp, seed=i, rng=rng)
        problems = check_campaign(camp)
        assert problems == [], f"run {i} on {demo}: {[str(p) for p in problems]}"
        logged = {e.id for e in read_log(camp)[0]}
        lost = [eid for eid in reported if eid not in logged]
        assert not lost, f"run {i} on {demo}: saved events missing from the log: {lost}"
        with Session.open(camp) as again:  # the dead child's lock is taken over
            assert not again.read_only, f"run {i}: the lock of a killed console was not taken over"
        unheld = unexplained(camp, DEMOS / demo)
        assert unheld == [], f"run {i} on {demo}: changes on disk the log does not hold: {unheld}"


def test_killing_the_console_mid_change_loses_nothing(tmp_path: Path) -> None:
    _kill_many(tmp_path, 20)


@pytest.mark.long
def test_killing_the_console_mid_change_loses_nothing_200_times(tmp_path: Path) -> None:
    _kill_many(tmp_path, 200)


# ---------------------------------------------------------------------- every change explained


def _leaf(snap: object, key: str) -> object:
    """The value at a dotted leaf key ("combatants.2.sheet.hp") of a snapshot."""
    here = snap
    for part in key.split("."):
        here = here[int(part)] if isinstance(here, list) else here[part]  # type: ignore[index]
    return here


def _entities(s: Session) -> dict[str, dict]:
    """Every entity of an open session, by entity path, as its snapshot."""
    paths = ["campaign", *(f"roster/{k}" for k in s.roster), *(f"encounters/{k}" for k in s.encounters)]
    return {path: snapshot(s.entity(path)) for path in paths}


def unexplained(camp: Path, original: Path) -> list[str]:
    """What on disk the log does not explain, for a copy `camp` of the campaign `original`
    played since: an entity changed by a new event (one `original`'s log does not hold) must
    hold the values its newest change gave (changed and added leaves; a deleted entity must be
    gone), and every other entity must be as in `original`. Empty when all is explained."""
    with Session.open(original, read_only=True) as was:
        before = {e.id for e in read_log(original)[0]}
        old = _entities(was)
    latest: dict[str, Change] = {}
    for event in read_log(camp)[0]:
        if event.id in before:
            continue
        for change in event.changes:
            latest[change.path] = change
    out: list[str] = []
    with Session.open(camp, read_only=True) as s:
        now = _entities(s)
        for path in sorted(set(old) | set(now)):
            if path not in latest and old.get(path) != now.get(path):
                out.append(f"{path}: changed on disk, but no event since says so")
        for path, change in latest.items():
            model = s.entity(path)
            if change.deleted:
                if model is not None:
                    out.append(f"{path}: deleted in the log, still on disk")
                continue
            if model is None:
                out.append(f"{path}: in the log, not on disk")
                continue
            snap = snapshot(model)
            wanted = {k: v[1] for k, v in (change.changed or {}).items()} | dict(change.added or {})
            for key, value in wanted.items():
                try:
                    found = _leaf(snap, key)
                except (KeyError, IndexError, ValueError, TypeError):
                    found = "<missing>"
                if found != value:
                    out.append(f"{path}: {key} is {found!r} on disk, the log's last change made it {value!r}")
    return out


KILL_AT = r"""
import os, sys
import gmconsole.store.log as log
from gmconsole.store import Session

for order in sys.argv[1:]:
    camp, name, nth = order.split("|")
    pid = os.fork()
    if pid:
        os.waitpid(pid, 0)
        continue
    calls = [0]

    def killing(real, nth=int(nth)):
        def step(*args, **kwargs):
            result = real(*args, **kwargs)
            calls[0] += 1
            if calls[0] == nth:
                os._exit(9)  # killed right after this step: no clean-up runs
            return result
        return step

    session = Session.open(camp)
    if name == "append":
        log.append_text = killing(log.append_text)
    else:
        setattr(os, name, killing(getattr(os, name)))
    for line in ["dmg ayla 1", "encounter Skirmish", "add goblin 2", "start", "next", "undo"]:
        session.execute(line)
    os._exit(0)
print("done")
"""
"""One interpreter forks a console for each kill point (starting Python for each took most of
the test's time)."""

KILL_POINTS = [(step, nth) for step in ("replace", "append", "fsync") for nth in (1, 2, 3, 5, 8)]


def test_a_kill_right_after_any_write_step_leaves_every_change_explained(tmp_path: Path) -> None:
    """Killed right after the n-th atomic rename, log append or fsync of a few intents (a new
    encounter changes campaign.toml and creates its file; a round start changes the encounter
    and the roster's sheets on some systems): the next open settles the staged files, and the
    log explains every file."""
    orders = []
    for step, nth in KILL_POINTS:
        camp = tmp_path / f"{step}-{nth}"
        shutil.copytree(DEMOS / "generic-demo", camp, ignore=shutil.ignore_patterns(".lock"))
        orders.append(f"{camp}|{step}|{nth}")
    done = subprocess.run(
        [sys.executable, "-c", KILL_AT, *orders], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stdout.strip() == "done", done.stderr
    for order in orders:
        camp = Path(order.split("|")[0])
        with Session.open(camp) as again:
            assert not again.read_only
        assert check_campaign(camp) == [], order
        assert unexplained(camp, DEMOS / "generic-demo") == [], order
        leftovers = [
            p.name
            for p in camp.rglob(".*")
            if p.is_file() and p.name.endswith((".was", ".none", ".next", ".gone", ".tmp"))
        ]
        assert leftovers == [], order


def test_staging_look_alikes_outside_the_entity_files_are_left_alone(tmp_path: Path) -> None:
    camp = tmp_path / "camp"
    shutil.copytree(DEMOS / "generic-demo", camp, ignore=shutil.ignore_patterns(".lock"))
    event_id = read_log(camp)[0][-1].id  # a logged event: its staged files would roll forward
    odd = [
        camp / f"....{event_id}.next",
        camp / f".notes.md.{event_id}.next",
        camp / "roster" / f"..x.toml.{event_id}.next",
    ]
    for path in odd:
        path.write_text("not an entity", encoding="utf-8")
    with Session.open(camp) as s:
        assert not s.read_only
    assert all(path.exists() for path in odd)
    assert check_campaign(camp) == []
