"""`python -m gmconsole.bench [NAME] [options]`: run one benchmark, or all of them.

NAME is a module `gmconsole.bench.NAME` exposing `main(argv: list[str]) -> int`; options after
it go to that benchmark (`python -m gmconsole.bench dice --seconds 1`). With no NAME, every
benchmark written so far runs in the order below, each given the same options. Adding one is
adding its module and a line to BENCHMARKS.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

BENCHMARKS = {
    "dice": "rolls per second against the d20 library",
    "startup": "time to import and open the console",
    "ui": "time to advance a turn and repaint, 500 combatants",
    "screens": "time for each screen a GM opens to settle, per demo",
    "store": "log size, round ends and opening a long campaign",
    "odds": "exact odds against icepool, and each system's test",
}


def _load(name: str) -> ModuleType | None:
    """The benchmark's module (with `main(argv) -> int`), or None if nobody has written it."""
    try:
        return importlib.import_module(f"gmconsole.bench.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"gmconsole.bench.{name}":
            raise
        return None


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        for name, what in BENCHMARKS.items():
            print(f"  {name:8} {what}")
        return 0
    if args and not args[0].startswith("-"):
        name, rest = args[0], args[1:]
        if name not in BENCHMARKS:
            print(f"unknown benchmark {name!r}; choose from {', '.join(BENCHMARKS)}")
            return 2
        module = _load(name)
        if module is None:
            print(f"the {name} benchmark is not written yet")
            return 2
        return int(module.main(rest))
    status = 0
    for name in BENCHMARKS:
        module = _load(name)
        if module is None:
            continue
        print(f"== {name}: {BENCHMARKS[name]}")
        status = max(status, int(module.main(args)))
        print()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
