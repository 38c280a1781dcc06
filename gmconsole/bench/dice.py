"""Dice benchmark: rolls per second of `gmconsole.engine.dice.roll` next to the d20 library.

Both run the same expressions in the same process, alternating, best of several rounds (the
machine may be busy). gmconsole is measured twice: `roll()` alone — its per-die records and
text are built lazily, on demand — and `str(roll())`, which also renders the log line that
d20 always renders. Our rolls draw from one injected `random.Random`, as the systems do;
`rng=None` creates a fresh generator per roll (about 10 µs), reported on its own line.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import NamedTuple

from gmconsole.engine.dice import roll


class Case(NamedTuple):
    ours: str
    d20: str | None
    """The same roll in d20's notation; None when d20 cannot express it."""
    note: str = ""


CASES = (
    Case("1d20+5", "1d20+5"),
    Case("4d6kh3", "4d6kh3"),
    Case("8d6", "8d6"),
    Case("2d20kh1+3", "2d20kh1+3"),
    Case("3d6r1", "3d6ro1", "d20 spells reroll-once ro"),
    Case("1d20!", "1d20e20", "d20 spells explode e"),
    Case("1d20!{10,20}", "1d20e10e20", "Torg; d20 applies e10 then e20"),
    Case("10d10>=8", None, "d20 compares totals only, it cannot count successes per die"),
)
TARGET_RATIO = 2.0


def _rate(fn: Callable[[], object], iterations: int) -> float:
    start = time.perf_counter()
    for _ in range(iterations):
        fn()
    return iterations / (time.perf_counter() - start)


def _iterations_for(fn: Callable[[], object], seconds: float) -> int:
    """How many calls fill about `seconds` (from a short probe)."""
    probe = max(_rate(fn, 200), 1.0)
    return max(int(probe * seconds), 50)


def _best(fn: Callable[[], object], iterations: int | None, seconds: float, rounds: int) -> float:
    count = iterations or _iterations_for(fn, seconds)
    return max(_rate(fn, count) for _ in range(rounds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gmconsole.bench dice", description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.25, help="per measurement round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best one counts")
    parser.add_argument("--iterations", type=int, help="fixed rolls per round (smoke tests)")
    args = parser.parse_args(argv)

    try:
        import d20
    except ImportError:
        d20 = None

    rng = random.Random(2026)

    def measure(fn: Callable[[], object]) -> float:
        return _best(fn, args.iterations, args.seconds, args.rounds)

    print(f"python {platform.python_version()}, best of {args.rounds} rounds")
    if d20 is None:
        print("d20 is not importable here: run `make bench` (installs it) to compare against it.")
    header = f"{'expression':14} {'roll/s':>9} {'+text/s':>9}  {'d20 form':12} {'d20/s':>8}"
    print(header + f" {'ratio':>6} {'+text':>6}")
    worst = float("inf")
    for case in CASES:
        roll(case.ours, rng)  # warm the parse and plan caches, as d20 warms its own
        ours = measure(lambda e=case.ours: roll(e, rng))
        text = measure(lambda e=case.ours: str(roll(e, rng)))
        line = f"{case.ours:14} {ours:9,.0f} {text:9,.0f}  "
        if d20 is not None and case.d20 is not None:
            d20.roll(case.d20)
            theirs = measure(lambda e=case.d20: d20.roll(e))
            worst = min(worst, ours / theirs, text / theirs)
            line += f"{case.d20:12} {theirs:8,.0f} {ours / theirs:5.1f}x {text / theirs:5.1f}x"
        else:
            line += f"{'-':12} {'-':>8} {'-':>6} {'-':>6}"
        print(line + (f"  ({case.note})" if case.note else ""))
    fresh = measure(lambda: roll("1d20+5"))
    print(f"1d20+5 with rng=None (a fresh random.Random per roll): {fresh:,.0f} roll/s")
    if worst != float("inf"):
        verdict = "met" if worst >= TARGET_RATIO else "NOT met"
        print(f"slowest ratio to d20: {worst:.1f}x (target {TARGET_RATIO:.0f}x: {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
