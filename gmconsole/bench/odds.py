"""`python -m gmconsole.bench odds`: exact odds, ours against icepool on the same expressions,
and each system's standard test as the test dialog asks for it.

Both libraries cache what they worked out, so each timing is a first computation in a fresh
interpreter (imports and a warm-up on another expression done before the clock starts),
alternating ours and icepool so machine noise hits both; the median of `--rounds` is shown.
Target: no slower than icepool, and a system's test under 5 ms. A system's first test includes
importing the modules its odds live in, so it is shown twice: with their bytecode cached (as an
installed console has it) and compiling them (as a checkout under PYTHONDONTWRITEBYTECODE=1
does on every start). Both use a private bytecode cache, never the tree's __pycache__, whose
stale or missing files otherwise decided half the time.

`--limits` checks the reliability promise instead: the slowest expressions the limits accept
(LIMIT_CASES, one per costly shape, each the largest of its family under cost.MAX_WORK), each
in a fresh process as far as the CLI takes it (distribution, every Fraction, the chart), with
its CPU time, wall time, peak memory and estimate. Target: every one well under 1 s (0.6 s on
the 2-core reference machine) and 200 MB; the CPU column over the estimate is what one cost
unit is worth on this machine (about 1 µs on the reference one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

CASES = (
    ("3d6", "icepool.d6.pool(3).sum()"),
    ("4d6kh3", "icepool.d6.pool(4).highest(3).sum()"),
    ("2d20kh1+5", "icepool.d20.pool(2).highest(1).sum() + 5"),
    ("10d10", "icepool.d10.pool(10).sum()"),
    ("20d6", "icepool.d6.pool(20).sum()"),
    ("100d6", "icepool.d6.pool(100).sum()"),
)
SYSTEM_TARGET_MS = 5.0
LIMIT_CASES = (
    # (the largest of a family the limits accept, the next size up, which they refuse)
    ("69d100", "70d100"),  # a long sum: Miller's recurrence
    ("13d1000", "14d1000"),  # many faces: one packed big-integer power
    ("3d10000", "3d10001"),  # the most faces there are
    ("1d10000+1d10000", "1d10000+2d10000"),  # two sums added: one packed product
    ("3d3682!", "3d3683!"),  # exploding dice with many faces
    ("118d6!", "119d6!"),  # many exploding dice
    ("20d10!>=6", "21d10!>=6"),  # an explosion half the time: 14 dice deep
    ("46d20!{10,20}", "47d20!{10,20}"),
    ("56d100r<=99", "57d100r<=99"),  # rerolled once: uneven weights over 100**2
    ("722d10000>=5000f<=100", "723d10000>=5000f<=100"),  # Fractions sharing many factors 5
    ("3d3698kh2", "3d3699kh2"),  # a keep over many faces
    ("172d6kh85", "173d6kh85"),  # a keep of half a big pool
    ("2d8532!kh1", "2d8533!kh1"),  # a keep over exploding dice
    ("6d100!>=50kh2", "7d100!>=50kh2"),
    ("2d78!{39,78}kh1", "2d79!{39,79}kh1"),  # exploding faces among the others: icepool
    ("43d6*43d6", "44d6*44d6"),  # products: every pair
    ("45d100/1d45", "46d100/1d45"),
    ("(((((1d6*10+1d6)*10+1d6)*10+1d6)*10+1d6)*10+1d6)",
     "((((((1d6*10+1d6)*10+1d6)*10+1d6)*10+1d6)*10+1d6)*10+1d6)"),  # sums that never overlap
)
LIMIT_TARGET_MS = 600.0
LIMIT_TARGET_MB = 200.0
CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"

_CHILD = """
import json, sys, time
kind, expr = sys.argv[1], sys.argv[2]
if kind == "ours":
    from gmconsole.engine.odds import distribution
    distribution("1d2")  # the parser and grammar are built on first use: not the odds
    t0 = time.perf_counter(); distribution(expr).chance(">=", 1); elapsed = time.perf_counter() - t0
else:
    import icepool
    icepool.d2.pool(1).sum().probability(">=", 1)
    t0 = time.perf_counter(); die = eval(expr, {"icepool": icepool}); die.probability(">=", 1)
    elapsed = time.perf_counter() - t0
print(json.dumps(elapsed))
"""

_SYSTEM_CHILD = """
import json, sys, time
from gmconsole.store import Session
from gmconsole.engine.checks import CheckRequest
with Session.open(sys.argv[1], read_only=True) as s:
    slug = next(slug for slug, c in s.roster.items() if c.kind == "pc")
    sheet = s.resolve(slug).sheet
    option = s.system.check_options(sheet)[0].key
    ladder = s.system.difficulties()
    request = CheckRequest(option=option, difficulty=ladder[len(ladder) // 2].value if ladder else 10)
    t0 = time.perf_counter(); s.odds(slug, request); elapsed = time.perf_counter() - t0
print(json.dumps(elapsed))
"""


_LIMIT_CHILD = """
import json, sys, time
from gmconsole.bench.memory import peak_mb
from gmconsole.engine.dice import parse
from gmconsole.engine.odds import distribution
from gmconsole.engine.odds.cost import choose_depth, work
distribution("1d2").bar_chart()
node = parse(sys.argv[1])
units = work(node, choose_depth(node, None)[0])[1]
base = peak_mb()
c0, t0 = time.process_time(), time.perf_counter()
d = distribution(node)
d.probabilities, d.chance(">=", 1), d.bar_chart()
cpu, wall = time.process_time() - c0, time.perf_counter() - t0
peak = peak_mb()
print(json.dumps([units, cpu, wall, peak, peak - base]))
"""


def measure_limit(expr: str) -> tuple[int, float, float, float, float]:
    """(estimate in cost units, CPU s, wall s, peak MB, MB grown) of `expr` in a fresh process:
    its distribution, every Fraction and the chart, as `gmconsole odds` would show them."""
    units, cpu, wall, peak, grown = json.loads(_run(_LIMIT_CHILD, expr))
    return units, cpu, wall, peak, grown


def limits(rounds: int) -> int:
    """The slowest accepted expressions, each in fresh processes (median CPU of `rounds`)."""
    from gmconsole.engine.odds.cost import MAX_WORK

    print(f"MAX_WORK {MAX_WORK:,} units; target: cpu < {LIMIT_TARGET_MS:.0f} ms, "
          f"peak < {LIMIT_TARGET_MB:.0f} MB")
    print(f"{'expression':<32} {'units':>8} {'cpu ms':>8} {'wall ms':>8} {'peak MB':>8} "
          f"{'+MB':>6} {'us/unit':>8}")
    worst = 0.0
    for expr, _ in LIMIT_CASES:
        runs = [measure_limit(expr) for _ in range(rounds)]
        units, cpu, wall, peak, grown = min(runs, key=lambda r: r[1])
        cpu = statistics.median(r[1] for r in runs)
        worst = max(worst, cpu)
        shown = expr if len(expr) <= 32 else expr[:29] + "..."
        print(f"{shown:<32} {units:>8,} {cpu * 1000:>8.1f} {wall * 1000:>8.1f} {peak:>8.1f} "
              f"{grown:>6.1f} {cpu * 1e6 / units:>8.2f}")
    print(f"slowest: {worst * 1000:.0f} ms cpu")
    return 0


def _run(code: str, *args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          check=True, env=env).stdout


def _time(code: str, *args: str, env: dict[str, str] | None = None) -> float:
    return float(json.loads(_run(code, *args, env=env)))


def _bytecode(cache: str, write: bool) -> dict[str, str]:
    """The children's environment: bytecode only in `cache`, written there or only read."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _system_tests(rounds: int, demos: list[Path], *, compiling: bool = True) -> None:
    """Each demo's standard test, from cached bytecode and (`compiling`) from none at all."""
    print(f"{'system test':<20} {'cached ms':>10} {'compiling ms':>13}  target: < "
          f"{SYSTEM_TARGET_MS:.0f} ms (first computation)")
    with tempfile.TemporaryDirectory() as cached, tempfile.TemporaryDirectory() as empty:
        for demo in demos:
            _run(_SYSTEM_CHILD, str(demo), env=_bytecode(cached, write=True))  # fills the cache
            warm = [_time(_SYSTEM_CHILD, str(demo), env=_bytecode(cached, write=False))
                    for _ in range(rounds)]
            cold = [_time(_SYSTEM_CHILD, str(demo), env=_bytecode(empty, write=False))
                    for _ in range(rounds if compiling else 0)]
            shown = f"{statistics.median(cold) * 1000:>13.2f}" if cold else f"{'-':>13}"
            print(f"{demo.name:<20} {statistics.median(warm) * 1000:>10.2f} {shown}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gmconsole.bench odds", description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=3, help="fresh processes per timing (median shown)")
    p.add_argument("--quick", action="store_true", help="only the small expressions (the smoke test)")
    p.add_argument("--limits", action="store_true",
                   help="time the slowest expressions the limits accept (LIMIT_CASES) instead")
    args = p.parse_args(argv)
    if args.limits:
        return limits(args.rounds)
    cases = CASES[:1] if args.quick else CASES
    print(f"{'expression':<12} {'ours ms':>9} {'icepool ms':>11} {'ratio':>6}  target: ratio <= 1")
    for expr, pool in cases:
        ours, ref = [], []
        for _ in range(args.rounds):
            ours.append(_time(_CHILD, "ours", expr))
            ref.append(_time(_CHILD, "icepool", pool))
        o, r = statistics.median(ours) * 1000, statistics.median(ref) * 1000
        print(f"{expr:<12} {o:>9.2f} {r:>11.2f} {o / r:>6.2f}")
    demos = sorted(CAMPAIGNS.glob("*-demo"))
    if args.quick:  # the smoke test: one system's test, from cached bytecode, shows it still runs
        demos = [d for d in demos if d.name == "torg-demo"]
    _system_tests(1 if args.quick else args.rounds, demos, compiling=not args.quick)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
