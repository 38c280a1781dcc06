"""Multi-action (Many On One, One On Many), coordination and mass approximation.

The printed rows are value(N) by the upper-bound rule (2 -> 2, 3-4 -> 3, 5-6 -> 4, 7-10 -> 5,
11-15 -> 6); beyond 15 the book's extension applies: bonus = Toughness modifier = value(N) and
DN increase = 2 x value(N). The same shapes serve disbelief (illusions), dramatic skill steps,
miracle communities and group powers.
"""

from __future__ import annotations

from functools import cache

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load, lookup
from gmconsole.systems.torg.values import scale_value

Row = tuple[int, int, int, int]


@cache
def _rows(chart: str) -> tuple[Row, ...]:
    return tuple(tuple(int(x) for x in r) for r in load("multi_action")[chart])  # type: ignore[misc]


def _row(chart: str, n: int) -> Row | None:
    if n < 1:
        raise TorgError(f"a count must be at least 1, not {n}")
    return next((r for r in _rows(chart) if r[0] <= n <= r[1]), None)


def group_bonus(n: int) -> int:
    """Many On One bonus modifier for `n` similar characters (also the effect-total modifier
    for the number who succeeded): value(N)."""
    row = _row("many_on_one", n)
    return row[2] if row else scale_value(n)


def many_on_one_successes(n: int, margin: int) -> int:
    """How many of `n` characters succeed, by the group total's margin over the DN."""
    if margin < 0:
        return 0
    if n > 15 and margin >= 2 * scale_value(n):
        return n
    best = 0
    for _lo, hi, _, need in _rows("many_on_one"):
        if margin >= need:
            best = hi
    return min(best, n)


def one_on_many_toughness(actions: int) -> int:
    """Toughness increase for every target when one character makes `actions` actions."""
    row = _row("one_on_many", actions)
    return row[2] if row else scale_value(actions)


def one_on_many_dn(i: int) -> int:
    """DN increase for the i-th of several actions on one roll (1st +2, 2nd +4, 3rd-4th +6...)."""
    row = _row("one_on_many", i)
    return row[3] if row else 2 * scale_value(i)


def one_on_many(bonus: int, actions: list[tuple[int, int]]) -> list[bool]:
    """One roll, several actions: the same bonus is added to each action value, and the i-th
    action (in the order the player picks) must reach its DN + the i-th increase.
    `actions` are (action value, DN) pairs."""
    return [value + bonus >= dn + one_on_many_dn(i) for i, (value, dn) in enumerate(actions, start=1)]


def quick_method(targets: int, margin: int) -> int:
    """Quick method (same skill, DNs within 1, different targets): hits by the single margin
    compared with the One On Many DN column."""
    hits = 0
    for i in range(1, targets + 1):
        if margin >= one_on_many_dn(i):
            hits = i
    return hits


def coordination_difficulty(kind: str) -> int:
    """3 independent parts, 5 basic coordination, 8 with feedback, 12 unstable conditions."""
    return int(lookup(load("multi_action")["coordination"], kind, "coordination", "multi_action"))


def coordination_bonus(successes_with_lead: int) -> int:
    """The lead's bonus modifier: value(helpers who succeeded + the lead)."""
    return scale_value(successes_with_lead)


def approximate_bonus(n: int, average: int, difficulty: int) -> int:
    """Mass approximation for many helpers: value(N) + average - DN - 2, capped at value(N);
    none (0) when not positive."""
    cap = scale_value(n)
    return max(0, min(cap, cap + average - difficulty - 2))
