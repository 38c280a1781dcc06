"""`python -m gmconsole.bench odds`: exact odds, ours against icepool on the same expressions,
and each system's standard test as the test dialog asks for it.

Both libraries cache what they worked out, so each timing is a first computation in a fresh
interpreter (imports and a warm-up on another expression done before the clock starts),
alternating ours and icepool so machine noise hits both; the median of `--rounds` is shown.
Target: no slower than icepool, and a system's test under 5 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
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


def _time(code: str, *args: str) -> float:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return float(json.loads(done.stdout))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m gmconsole.bench odds", description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=3, help="fresh processes per timing (median shown)")
    p.add_argument("--quick", action="store_true", help="only the small expressions (the smoke test)")
    args = p.parse_args(argv)
    cases = CASES[:2] if args.quick else CASES
    print(f"{'expression':<12} {'ours ms':>9} {'icepool ms':>11} {'ratio':>6}  target: ratio <= 1")
    for expr, pool in cases:
        ours, ref = [], []
        for _ in range(args.rounds):
            ours.append(_time(_CHILD, "ours", expr))
            ref.append(_time(_CHILD, "icepool", pool))
        o, r = statistics.median(ours) * 1000, statistics.median(ref) * 1000
        print(f"{expr:<12} {o:>9.2f} {r:>11.2f} {o / r:>6.2f}")
    print(f"{'system test':<24} {'ms':>7}  target: < {SYSTEM_TARGET_MS:.0f} ms (first computation)")
    for demo in sorted(CAMPAIGNS.glob("*-demo")):
        times = [_time(_SYSTEM_CHILD, str(demo)) for _ in range(1 if args.quick else args.rounds)]
        print(f"{demo.name:<24} {statistics.median(times) * 1000:>7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
