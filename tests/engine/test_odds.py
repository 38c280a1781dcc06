"""Exact odds: known values, an independent enumeration through the roller, Monte Carlo."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import examples
from strategies import small_expressions

from gmconsole.engine.dice import DiceError, DiceLimitError, roll
from gmconsole.engine.dice.roller import plan_for_text
from gmconsole.engine.dice.sources import TermSpec
from gmconsole.engine.odds import Distribution, chance, distribution


class _NeedMore(Exception):
    def __init__(self, spec: TermSpec) -> None:
        self.spec = spec


class _Prefix:
    """A dice source that replays a prefix of faces and asks for the next die past its end."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix, self.pos = prefix, 0

    def faces(self, spec: TermSpec, n: int) -> list[int]:
        out = []
        for _ in range(n):
            if self.pos == len(self.prefix):
                raise _NeedMore(spec)
            out.append(self.prefix[self.pos])
            self.pos += 1
        return out

    more = faces


def enumerate_roller(expr: str, floor: Fraction, max_paths: int = 20_000):
    """Every way the ROLLER can go, with its chance, by branching on each die it asks for.

    Independent of the odds code: it drives the real compiled plan. Paths less likely than
    `floor` are not followed; their mass is returned as `unexplored`. None: too many paths.
    """
    plan = plan_for_text(expr)
    totals: Counter[int] = Counter()
    unexplored = Fraction(0)
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    paths = 0
    while stack:
        prefix, p = stack.pop()
        paths += 1
        if paths > max_paths:
            return None
        try:
            total = plan.run(_Prefix(prefix), [])
        except _NeedMore as need:
            spec = need.spec
            branch = p / spec.span
            if branch < floor:
                unexplored += p
                continue
            stack += [([*prefix, spec.low + i], branch) for i in range(spec.span)]
            continue
        totals[total] += p
    return {v: Fraction(q) for v, q in totals.items()}, unexplored


@pytest.mark.parametrize(
    ("expr", "op", "target", "expected"),
    [
        ("2d6", ">=", 7, Fraction(7, 12)),
        ("1d20+5", ">=", 15, Fraction(11, 20)),
        ("1d20", "==", 20, Fraction(1, 20)),
        ("2d20kh1", ">=", 20, Fraction(39, 400)),  # advantage: 1 - (19/20)^2
        ("2d20kl1", ">=", 20, Fraction(1, 400)),
        ("4d6kh3", ">=", 18, Fraction(21, 1296)),  # 6,6,6 + any, counted four ways
        ("3d6rr1", "<=", 6, Fraction(1, 125)),  # three d5 on 2..6, all twos
        ("1d6r1", "==", 1, Fraction(1, 36)),  # a 1, rerolled once, a 1 again
        ("1d6!", "==", 7, Fraction(1, 36)),
        ("1d6!", "==", 6, Fraction(0)),
        ("1d20!{10,20}", "==", 10, Fraction(0)),
        ("1d20!{10,20}", "==", 11, Fraction(1, 20) + Fraction(1, 400)),  # 11, or 10 then 1
        ("10d10>=8", "==", 10, Fraction(3, 10) ** 10),
        ("1d10>=8f1", "<", 0, Fraction(1, 10)),
        ("4dF", "==", 4, Fraction(1, 81)),
        ("1d6/2", "==", 0, Fraction(1, 6)),
        ("-1d6/2", "==", -3, Fraction(2, 6)),  # floor: -5//2 = -6//2 = -3
        ("1d6mi3", "==", 3, Fraction(1, 2)),
        ("1d6!ma5", "==", 5, Fraction(1, 6)),  # a raw 5 only: a raw 6 counts 5 and explodes on
        ("2d6 [a] + 1 [b]", ">", 12, Fraction(1, 36)),
    ],
)
def test_known_chances(expr: str, op: str, target: int, expected: Fraction) -> None:
    assert chance(expr, op, target) == expected


def test_distribution_object() -> None:
    d = distribution("3d6")
    assert isinstance(d, Distribution)
    assert d.support == tuple(range(3, 19))
    assert sum(d.probabilities.values()) == 1
    assert d.mean == Fraction(21, 2)
    assert d.variance == Fraction(35, 4)
    assert d.canonical == "3d6"
    assert (d.truncated, d.residual, d.explode_depth, d.note) == (False, 0, 0, "")
    assert all(isinstance(p, Fraction) for p in d.probabilities.values())
    chart = d.bar_chart(width=20)
    assert chart.splitlines()[0] == " 3   0.46% #"
    assert "10  12.50% ####################" in chart
    assert chart.splitlines()[-1] == "mean 10.50"


def test_explosions_are_truncated_and_say_so() -> None:
    d = distribution("1d6!")
    assert d.truncated
    assert d.residual == Fraction(1, 6) ** (d.explode_depth + 1)
    assert d.residual <= Fraction(1, 10**9)
    assert sum(d.probabilities.values()) == 1
    assert "explosions followed" in d.note
    shallow = distribution("1d6!", explode_depth=2)
    assert (shallow.explode_depth, shallow.residual) == (2, Fraction(1, 216))
    assert shallow.support[-1] == 18  # 6, 6, then a 6 taken as it stands
    assert shallow.probabilities[18] == Fraction(1, 216)
    assert "explosions followed 2 dice deep" in shallow.bar_chart()
    # a pool: the chance that any of three dice went deeper
    pool = distribution("3d6!kh2", explode_depth=1)
    assert pool.residual == 1 - (1 - Fraction(1, 36)) ** 3


def test_rerolled_away_explosions_leave_nothing_to_truncate() -> None:
    d = distribution("1d6rr6!")
    assert not d.truncated and d.support == (1, 2, 3, 4, 5)


def test_odds_limits_and_errors() -> None:
    with pytest.raises(DiceLimitError, match="too large for exact odds"):
        distribution("1000d1000")
    with pytest.raises(DiceError, match="division by zero: 1d2 - 1 can come to 0"):
        distribution("1d6/(1d2-1)")
    with pytest.raises(DiceError, match="unknown comparison"):
        chance("1d6", "!=", 3)
    with pytest.raises(DiceLimitError, match="explode_depth"):
        distribution("1d6!", explode_depth=-1)


def test_distribution_is_cached_per_expression() -> None:
    assert distribution("2d6+1") is distribution("2d6 + 1")


@pytest.mark.parametrize(
    "expr",
    ["4d6kh3", "1d20!{10,20}", "10d10>=8f1", "3d6r1", "2d20kh1+3", "1d6!ma5+1d4", "4dF",
     "3d6rr<=2", "5d6!kh2", "(2d10mi3)/2", "6d6dl2-1d4"],
)
def test_exact_odds_agree_with_monte_carlo(expr: str) -> None:
    rng = random.Random(20261121)
    n = 6000
    seen = Counter(roll(expr, rng).total for _ in range(n))
    d = distribution(expr)
    for value, p in d.probabilities.items():
        assert abs(seen[value] / n - float(p)) < 0.025, (value, seen[value] / n, float(p))
    assert set(seen) <= set(d.support)
    assert abs(sum(seen.elements()) / n - float(d.mean)) < 0.05 * max(1.0, abs(float(d.mean)))


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_expressions())
def test_exact_odds_match_enumerating_the_roller(expr: str) -> None:
    """The odds code and the roller read every modifier the same way."""
    floor = Fraction(1, 10**6)
    enumerated = enumerate_roller(expr, floor)
    if enumerated is None:
        return  # too many paths to enumerate; covered by smaller examples
    exact, unexplored = enumerated
    try:
        d = distribution(expr)
    except DiceLimitError:
        return
    slack = unexplored + d.residual
    for value in set(exact) | set(d.probabilities):
        got, want = d.probabilities.get(value, Fraction(0)), exact.get(value, Fraction(0))
        assert abs(got - want) <= slack, (value, got, want)
    if not slack:
        assert d.probabilities == exact


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_expressions(max_leaves=4), st.integers(0, 2**32))
def test_rolled_totals_lie_in_the_support(expr: str, seed: int) -> None:
    try:
        result = roll(expr, random.Random(seed))
        d = distribution(expr)
    except DiceLimitError:
        return  # a runaway explosion, or too large for exact odds: both tested on their own
    deepest = max((sum(r.exploded for r in t.rolls) for t in result.terms), default=0)
    if deepest <= d.explode_depth:  # no chain can have gone past the cut
        assert result.total in d.probabilities
        assert d.probabilities[result.total] > 0
