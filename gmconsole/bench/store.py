"""`python -m gmconsole.bench store`: the campaign files at the sizes a long campaign or a big
battle reaches, built through `Session` (and, for the long log, written directly).

- log bytes written by `add` of 50 combatants into a growing encounter, and by one round end
  at 10 and 500 combatants (targets: proportional to what changed; < 1 KB a round end at 10);
- opening a campaign whose log holds N events (default 100,000), and `gmconsole check` of it,
  in the log's shape (a file per session, at most 1000 events each) against the shape it
  replaced (one file for the whole day) in the same run: targets < 300 ms to open, < 2 s to
  check. Opening runs in a child process so its peak memory is its own.

`--events N` and `--big N` shrink the sizes (the smoke test runs them tiny); `--check-only` times
only `gmconsole check` (the rest takes minutes, mostly opening the one-day file);
`--long-session COMBATANTS TURNS` times only turns over a long session (`2000 1000`: a turn
must cost the same at the end as at first, and memory stop growing once undo's history of
500 events is full).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

OPEN_TARGET_S = 0.300
CHECK_TARGET_S = 2.0
ROUND_END_TARGET_BYTES = 1024

_OPEN_CHILD = """
import json, sys, time
from gmconsole.bench.memory import peak_mb
from gmconsole.store import Session
t0 = time.perf_counter()
with Session.open(sys.argv[1], read_only=True) as s:
    n = len(s.log)
elapsed = time.perf_counter() - t0
print(json.dumps({"seconds": elapsed, "events": n, "peak_mb": peak_mb()}))
"""


def _log_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in (root / "log").glob("*.toml"))


def _campaign(root: Path, goblins: int) -> object:
    """A generic campaign whose active encounter has `goblins` goblins (added 50 at a time,
    the most one `add` takes), not started."""
    from gmconsole.engine.roster import Character
    from gmconsole.store import Session

    session = Session.create(root, name="Bench", system_id="generic", rng=random.Random(1))
    session.save_character(
        "goblin",
        Character(
            name="Goblin", kind="creature", template=True, sheet={"hp": 5, "hp_max": 5, "initiative": 1}
        ),
    )
    session.execute("encounter Battle")
    left = goblins
    while left:
        session.execute(f"add {min(50, left)} goblin")
        left -= min(50, left)
    return session


def growing_adds(tmp: Path, count: int) -> tuple[int, int]:
    """(log bytes, events) written by adding `count` goblins one `add` at a time."""
    session = _campaign(tmp / "adds", 0)
    before, events = _log_bytes(session.path), len(session.log)
    for _ in range(count):
        session.execute("add goblin")
    written, n = _log_bytes(session.path) - before, len(session.log) - events
    session.close()
    return written, n


def round_end(tmp: Path, combatants: int) -> tuple[int, float]:
    """(log bytes, seconds) of the `next` that ends a round with `combatants` fighting."""
    session = _campaign(tmp / f"round-{combatants}", combatants)
    session.execute("start")
    enc = session.encounter
    while enc.pointer + 1 < len(enc.steps):
        session.execute("next")
        enc = session.encounter
    before = _log_bytes(session.path)
    t0 = time.perf_counter()
    session.execute("next")
    elapsed = time.perf_counter() - t0
    written = _log_bytes(session.path) - before
    session.close()
    return written, elapsed


@dataclass(frozen=True)
class LongSession:
    """Turn CPU over a long session, round by round (see `long_session`)."""

    rounds: list[tuple[int, float, bool]]
    """(round, median CPU ms of its turns at the places every timed round reached, whether
    undo's history was full when the round began)."""
    places: int
    """How many places in the round the medians are taken over."""
    kb_per_turn: float
    """Memory kept per turn once the history is full (the log in memory: an event a turn)."""


def long_session(tmp: Path, combatants: int, turns: int) -> LongSession:
    """`turns` turns of a `combatants`-strong fight, each timed.

    A turn late in a round costs a little more than one early in it (more steps are marked
    begun, so each snapshot and file is a little bigger), so comparing the first turns played
    with the last ones says where they fell in their rounds rather than whether play grew
    dearer: each round's median is taken over the same places (the steps every round reached,
    round ends left out, as they plan the next round). A turn must cost the same in the last
    round as in the first round after undo's bounded history filled."""
    import gc
    import resource

    from gmconsole.engine.events import History

    session = _campaign(tmp / f"long-{combatants}", combatants)
    session.execute("start")
    by_round: dict[int, dict[int, float]] = {}
    full_from: int | None = None
    rss_full = None
    for turn in range(turns):
        enc = session.encounter
        place = (enc.round, enc.pointer)
        t0 = time.process_time()
        session.next_turn()
        elapsed = time.process_time() - t0
        if place[1] + 1 < len(enc.steps):  # not the round end
            by_round.setdefault(place[0], {})[place[1]] = elapsed
        if turn == History().limit:  # the undo history is full from here on
            full_from = session.encounter.round + 1
            gc.collect()
            rss_full = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    gc.collect()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_full if rss_full is not None else 0
    session.close()
    common = set.intersection(*(set(places) for places in by_round.values())) if by_round else set()
    rounds = [
        (r, statistics.median(places[p] for p in common) * 1000, full_from is not None and r >= full_from)
        for r, places in sorted(by_round.items())
        if common
    ]
    return LongSession(rounds, len(common), grown / max(1, turns - History().limit - 1))


def long_log(root: Path, events: int, *, per_session: bool) -> None:
    """A generic campaign with `events` rolls in its log: files of 1000 events each (the log's
    shape), or all in one file of one day (the shape it replaced)."""
    from gmconsole.store import Session
    from gmconsole.store.files import dump_toml
    from gmconsole.store.log import LOG_FILE_EVENTS

    Session.create(root, name="Long", system_id="generic").close()
    size = LOG_FILE_EVENTS if per_session else events
    for start in range(0, events, size):
        chunk = range(start, min(events, start + size))
        stamp = f"2026-01-01T{start // 3600 % 24:02d}-{start // 60 % 60:02d}-{start % 60:02d}Z"
        name = f"{stamp}-bench-{start // size + 1:03d}.toml" if per_session else "2026-01-01.toml"
        header = dump_toml(
            {"schema_version": 2 if per_session else 1, **({"session": "bench"} if per_session else {})}
        )
        body = rolls_text(chunk, lambda i: f"2026-01-01T10:{i // 60 % 60:02d}:{i % 60:02d}Z")
        (root / "log" / name).write_text(header + body, encoding="utf-8")


def rolls_text(numbers: range, time_of: Callable[[int], str]) -> str:
    """The `[[event]]` blocks of one roll per number, as a log file holds them."""
    from gmconsole.engine.events import Event, EventKind
    from gmconsole.store.log import event_text

    return "".join(
        "\n"
        + event_text(
            Event(kind=EventKind.ROLL, text=f"roll {i}", time=time_of(i),
                  data={"expr": "1d20", "total": i % 20 + 1})
        )
        for i in numbers
    )


def open_in_child(root: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _OPEN_CHILD, str(root)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def check_seconds(root: Path) -> float:
    from gmconsole.store import check_campaign

    t0 = time.perf_counter()
    problems = check_campaign(root)
    elapsed = time.perf_counter() - t0
    assert not problems, problems
    return elapsed


def check_how() -> str:
    """How `check` reads the log here: which parser judges it, and whether workers can help."""
    from gmconsole.engine import fast_toml
    from gmconsole.store import log

    fast = fast_toml.rtoml is not None
    parser = "rtoml, tomli where unsure" if fast else "tomli only: rtoml is not installed"
    workers = f"{log._cores()} worker processes" if log._fork_context() is not None else "no workers"
    return f"{parser}; {workers} from {log.PARALLEL_BYTES / 1e6:.0f} MB of log"


def round_end_target_ms(combatants: int) -> float:
    """Issue #13's time for a round end: < 50 ms at 500 combatants, < 200 ms at 2,000 (in
    proportion between and beyond)."""
    return 50.0 if combatants <= 500 else 50.0 + (combatants - 500) * 150.0 / 1500


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gmconsole.bench store", description=__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=100_000, help="events in the long log")
    p.add_argument("--big", type=int, default=500, help="combatants in the big round end")
    p.add_argument("--rounds", type=int, default=3, help="repeats of each timing (median shown)")
    p.add_argument("--check-only", action="store_true", help="time only the check of the long log")
    p.add_argument("--long-session", type=int, nargs=2, metavar=("COMBATANTS", "TURNS"),
                   help="time only turns over a long session (e.g. 2000 1000)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if args.check_only:
            return check_only(tmp, args.events, args.rounds)
        if args.long_session:
            size, turns = args.long_session
            result = long_session(tmp, size, turns)
            print(f"long session, {size} combatants, {turns} turns (turn CPU, median over the same "
                  f"{result.places} places in each round):")
            for r, ms, full in result.rounds:
                print(f"  round {r}: {ms:.1f} ms{'' if full else ' (undo history still filling)'}")
            print(f"  {result.kb_per_turn:.1f} KB kept per turn once undo is full "
                  "(target: flat from round to round, bounded)")
            return 0
        written, n = growing_adds(tmp, 50)
        print(
            f"add x50 into a growing encounter: {written / 1024:.1f} KB in {n} events "
            f"({written / max(n, 1):.0f} B an event; target: proportional to what changed)"
        )
        for size in (10, args.big):
            b, s = round_end(tmp, size)
            target = (
                f"< {ROUND_END_TARGET_BYTES} B"
                if size == 10
                else f"bytes proportional to the entries that changed, < {round_end_target_ms(size):.0f} ms"
            )
            print(f"round end at {size} combatants: {b} B written, {s * 1000:.0f} ms (target: {target})")
        results = {}
        for shape in (True, False):
            root = tmp / ("sessions" if shape else "one-day")
            long_log(root, args.events, per_session=shape)
            opens = [open_in_child(root) for _ in range(args.rounds)]
            checks = [check_seconds(root) for _ in range(args.rounds)]
            results[shape] = (
                statistics.median(o["seconds"] for o in opens),
                max(o["peak_mb"] for o in opens),
                statistics.median(checks),
            )
        (ours_open, ours_mb, ours_check), (ref_open, ref_mb, ref_check) = results[True], results[False]
        print(
            f"open, {args.events} events: {ours_open * 1000:.0f} ms, {ours_mb:.0f} MB peak "
            f"(one day file: {ref_open * 1000:.0f} ms, {ref_mb:.0f} MB; ratio {ours_open / ref_open:.2f}; "
            f"target < {OPEN_TARGET_S * 1000:.0f} ms)"
        )
        print(
            f"check, {args.events} events: {ours_check:.2f} s (one day file: {ref_check:.2f} s; "
            f"ratio {ours_check / ref_check:.2f}; target < {CHECK_TARGET_S:.0f} s; {check_how()})"
        )
    return 0


def check_only(tmp: Path, events: int, rounds: int) -> int:
    """`--check-only`: the check of the long log in the log's shape, each round and the median."""
    root = tmp / "sessions"
    long_log(root, events, per_session=True)
    checks = [check_seconds(root) for _ in range(rounds)]
    print(
        f"check, {events} events: {statistics.median(checks):.2f} s "
        f"(rounds: {', '.join(f'{c:.2f}' for c in checks)}; target < {CHECK_TARGET_S:.0f} s; {check_how()})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def load_campaign(root: Path, *, characters: int, encounters: int, events: int) -> Path:
    """A long-running campaign for load tests: `characters` roster entries, `encounters`
    encounters of ten combatants each (the first one active) and `events` logged events in
    session files, written straight to disk (building it through a Session would take hours)."""
    from gmconsole.engine.encounter import Combatant, Encounter
    from gmconsole.engine.roster import Character
    from gmconsole.store import Session
    from gmconsole.store.models import dump_entity

    Session.create(root, name="Years of play", system_id="generic").close()
    system_sheet = {"hp": 10, "hp_max": 10, "initiative": 2, "stats": {}}
    for i in range(characters):
        kind = "pc" if i < 6 else "npc"
        character = Character(name=f"Person {i}", kind=kind, sheet=dict(system_sheet))
        (root / "roster" / f"person-{i}.toml").write_text(
            dump_entity(character, "character"), encoding="utf-8"
        )
    for e in range(encounters):
        members = [
            Combatant(
                id=f"person-{(e * 10 + k) % characters}",
                name=f"Person {(e * 10 + k) % characters}",
                ref=f"person-{(e * 10 + k) % characters}",
                side="pcs" if k < 4 else "foes",
            )
            for k in range(min(10, characters))
        ]
        enc = Encounter(name=f"Fight {e}", order="rolled", combatants=members)
        (root / "encounters" / f"fight-{e}.toml").write_text(dump_entity(enc, "encounter"), encoding="utf-8")
    if encounters:
        campaign = root / "campaign.toml"
        campaign.write_text(
            campaign.read_text(encoding="utf-8") + 'encounter = "fight-0"\n', encoding="utf-8"
        )
    if events:
        long_log_events(root, events)
    return root


def long_log_events(root: Path, events: int) -> None:
    """`events` rolls in files of 1000, appended to the campaign's log."""
    from gmconsole.store.files import dump_toml
    from gmconsole.store.log import LOG_FILE_EVENTS

    header = dump_toml({"schema_version": 2, "session": "load"})
    for start in range(0, events, LOG_FILE_EVENTS):
        stamp = f"2025-{start // 30000 % 12 + 1:02d}-01T10-{start // 1000 % 60:02d}-00Z"
        day = f"{stamp[:10]}T10:00:00Z"
        body = rolls_text(range(start, min(events, start + LOG_FILE_EVENTS)), lambda _i, day=day: day)
        (root / "log" / f"{stamp}-load-{start // LOG_FILE_EVENTS + 1:03d}.toml").write_text(
            header + body, encoding="utf-8"
        )
