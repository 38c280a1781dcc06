"""How hard the property tests try: a quick default run, the full count under `pytest -m long`.

`make test` has a time budget (the suite runs on every change), so the Hypothesis tests with
hundreds of examples run a quarter of them by default; `pytest -m long` (the long variants of
the reliability tests) runs them all. Set by `pytest_configure` in tests/conftest.py.
"""

from __future__ import annotations

LONG = False
"""True when the run selects the long tests (`-m long`)."""


def examples(full: int, least: int = 50) -> int:
    """`full` examples in a long run, a quarter (at least `least`) in the default one."""
    return full if LONG else min(full, max(full // 4, least))
