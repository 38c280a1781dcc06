"""Task resolution: stat + mods + (d6 - d6) - difficulty = the result, itself a log.

Only the acting character rolls; in an opposed task the opponent's stat and mods are the
difficulty. A result of 0 or more succeeds, but 0 is a draw the GM may rule either way, so it is
flagged as such. Both dice are kept (the book reports "+3 and -5"), and the optional push die
adds +1 to the roll (2-5 also cost a shock level; 6 is free; 1 does nothing).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from gmconsole.systems.arm.scale import log_to_decimal, measure_to_log

BANDS = (
    (-5, "utter failure"),
    (-3, "bad failure"),
    (-1, "failure"),
    (0, "draw"),
    (2, "weak success"),
    (4, "success"),
)
"""Upper bound of each band (inclusive) and its name; above the last: astonishing success."""

DIFFICULTIES = (("trivial", "Trivial", 1), ("simple", "Simple", 4), ("50-50", "50/50", 6),
                ("tough", "Tough", 8), ("very-tough", "Very Tough", 11))
"""The difficulty guide for an average actor (stat 6): key, label, value."""

D6_MINUS_D6 = {k: Fraction(6 - abs(k), 36) for k in range(-5, 6)}
"""The chance of each d6 - d6 roll."""


def result_band(result: int) -> str:
    """The book's name for a result: "utter failure" ... "astonishing success"; 0 is a draw."""
    for top, name in BANDS:
        if result <= top:
            return name
    return "astonishing success"


def push_bonus(push_die: int) -> tuple[int, int]:
    """(bonus to the roll, shock levels it costs) for a push die."""
    if push_die == 1:
        return 0, 0
    return 1, (1 if push_die <= 5 else 0)


def success_chance(margin: int, push: bool = False) -> Fraction:
    """P(result >= 0) when stat + mods - difficulty = `margin`, exactly; a push adds +1 five
    times in six."""
    def plain(m: int) -> Fraction:
        return sum((p for k, p in D6_MINUS_D6.items() if m + k >= 0), Fraction(0))

    if not push:
        return plain(margin)
    return Fraction(1, 6) * plain(margin) + Fraction(5, 6) * plain(margin + 1)


def result_chances(margin: int) -> dict[str, Fraction]:
    """The chance of each result band for a margin, for the odds bars."""
    out: dict[str, Fraction] = {}
    for k, p in D6_MINUS_D6.items():
        band = result_band(margin + k)
        out[band] = out.get(band, Fraction(0)) + p
    return out


def compound_result(subtask_results: Iterable[int]) -> int:
    """Required subtasks limit the whole: the overall result is the lowest of them."""
    results = list(subtask_results)
    if not results:
        raise ValueError("a compound task needs at least one subtask")
    return min(results)


def helper_bonus(helper_result: int, large_effect: bool) -> int:
    """What an optional helpful task adds to the main task's total: its result when positive
    (large effect), or +1 for a success (small effect; a draw counts as a success)."""
    if large_effect:
        return max(0, helper_result)
    return 1 if helper_result >= 0 else 0


def group_value(values: Iterable[int]) -> int:
    """A group's stat + mods for a cooperative task: the participants' measures summed, then
    back to a log (the book's exact method; a computer need not approximate)."""
    logs = list(values)
    if not logs:
        raise ValueError("a group task needs at least one participant")
    return measure_to_log(sum(log_to_decimal(v) for v in logs))
