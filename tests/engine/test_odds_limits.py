"""Exact odds keep their promise: within the dice language's limits, an expression is either
computed within the work budget (about a second and 200 MB at most) or refused before any work.

The budget is cost.MAX_WORK units of the cost model (about a microsecond each on the 2-core
reference machine; `python -m gmconsole.bench odds --limits` shows what a unit is worth on
another). These tests pin the model rather than time it: the slowest shapes the adversarial
search found are priced under the budget and the next size up is not; shapes measured far over
the budget are refused; what the model assumes of a distribution bounds what is built.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import examples
from strategies import expressions

import gmconsole.engine.odds as odds
from gmconsole.bench.odds import LIMIT_CASES, measure_limit
from gmconsole.engine.dice import DiceError, DiceLimitError, parse
from gmconsole.engine.odds.build import build
from gmconsole.engine.odds.cost import MAX_WORK, _estimate, choose_depth, work


@pytest.mark.parametrize(("accepted", "refused"), LIMIT_CASES)
def test_the_slowest_accepted_shapes_sit_just_under_the_budget(accepted: str, refused: str) -> None:
    """If the cost model changes, these move: run `python -m gmconsole.bench odds --limits`,
    check the slowest is still well under a second, and update LIMIT_CASES."""
    node = parse(accepted)
    depth, _ = choose_depth(node, None)
    assert MAX_WORK * 0.7 < work(node, depth)[1] <= MAX_WORK
    with pytest.raises(DiceLimitError):
        choose_depth(parse(refused), None)


@pytest.mark.parametrize(
    ("expr", "measured"),
    [
        ("1000d10>=5kh500", "112 s"),
        ("1000dFkh500", "2.5 s"),
        ("200d100>=50dl100", "3.5 s"),
        ("100d10!>=8", "3.8 s at depth 14"),
        ("300d6-300d6", "0.6 s"),
        ("3d10000kh2", "1.4 s"),
        ("500d10kh250", "60 s"),
        ("1000d1000", "a million totals"),
        ("1d10000*1d10000", "a hundred million pairs"),
        ("((1d30*1000+1d30)*1000+1d30)*1000+1d30", "810,000 totals"),
        ("10d6!{1,6}kh3", "2.6 s in icepool"),
        ("2d1000!{500,1000}kh1", "icepool's recursion overflows"),
    ],
)
def test_shapes_measured_far_over_the_budget_are_refused(expr: str, measured: str) -> None:
    with pytest.raises(DiceLimitError, match="too large for exact odds"):
        odds.distribution(expr)


def test_refused_before_any_work(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_work(*_: object) -> None:
        raise AssertionError("built an expression the budget refuses")

    monkeypatch.setattr(odds, "build", no_work)
    with pytest.raises(DiceLimitError, match="too large for exact odds"):
        odds.distribution("999d999 + 1")


def test_a_requested_depth_is_bounded_like_the_roller() -> None:
    with pytest.raises(DiceLimitError, match="from 0 to 100"):
        odds.distribution("1d6!", explode_depth=10**9)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(max_count=5, sides=(1, 2, 3, 4, 6, 10, 20), max_leaves=3), st.integers(0, 2))
def test_the_estimate_bounds_what_is_built(expr: str, depth: int) -> None:
    """Every Shape is an upper bound: totals, their range, and the bits of the ways' total."""
    node = parse(expr)
    shape, units = _estimate(node, depth)
    try:
        built = build(node, depth)
    except DiceError:
        return  # a division by a dice total that can be 0
    assert units > 0
    assert len(built.ways) <= shape.count
    assert shape.low <= min(built.ways) and max(built.ways) <= shape.high
    assert built.total.bit_length() <= shape.bits


def test_the_slowest_accepted_expression_stays_bounded() -> None:
    """The one clock in these tests, and a generous one: the promise is about bounded work.
    Measured on the reference machine: 0.35 s of CPU and 30 MB (python -m gmconsole.bench
    odds --limits)."""
    slowest = "3d3682!"
    assert slowest in dict(LIMIT_CASES)
    units, cpu, _, peak_mb, _ = measure_limit(slowest)
    assert units <= MAX_WORK
    assert cpu < 3.0
    assert peak_mb < 200
