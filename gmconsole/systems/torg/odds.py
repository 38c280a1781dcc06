"""Exact chances for a Torg roll, before it is rolled.

The roll is open-ended (10s and 20s chain without limit), yet the chance of reaching a difficulty
is exact with no truncation: the bonus chart never goes down, so success is "final die roll >= t"
for one threshold t, and every chained die adds at least 10, so only chains shorter than t/10
can still matter. The distribution is therefore computed *capped at t*: all mass at or above t is
one bucket. Fractions throughout; nothing is sampled.

Covered: roll-again by roller and use, up, stymied (eats the first chance), the bonus floor
(active defence, pushes), and optionally "spend a Possibility if the roll fails" (the roll
counts at least 10; a pending stymie eats it). Hero and drama cards are left out: how many a
player holds and will play is not known before the roll.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from gmconsole.systems.torg.bonus import BonusChart, default_chart
from gmconsole.systems.torg.dice import roll_again_faces
from gmconsole.systems.torg.totals import LEVELS, _success_bands

# Probabilities are kept as integer weights over one denominator, 20**N, where N bounds the
# dice on any path (each chained die adds at least 10 below the cap, three chains at most):
# every die divides a weight by 20 exactly, and big integers are far faster than Fractions.
#
# A distribution is two lists indexed by the final die roll so far, 0..cap (cap: "cap or more",
# where nothing rolls any more): one for rolls whose stymie is still pending, one for the rest.
# A chain is rolled over all of them at once, lowest roll first: a die rolled at v only adds to
# rolls above v, so each value is settled before it rolls, and the work is about 20·cap steps
# per chain however deep the chains run (it was per depth and per value: 0 against 80 with a
# Possibility and "up" took 0.7 s the first time, now about 40 ms).

Rolls = tuple[list[int], list[int]]
"""(weights with no stymie pending, weights with one pending), by final roll so far."""


def _chain(start: Rolls, cap: int, eligible: frozenset[int], *, floor: bool) -> Rolls:
    """Roll one die (floored at 10 if `floor`) and its chain from every roll below the cap.

    A pending stymie eats the first roll-again: that die counts and the chain stops there."""
    free, pending = start
    out_free, out_pending = [0] * (cap + 1), [0] * (cap + 1)
    out_free[cap], out_pending[cap] = free[cap], pending[cap]
    chained = [0] * cap  # weight about to roll another die (no floor, nothing pending)
    for v in range(cap):
        for weights, eaten in ((free[v], False), (pending[v], True)):
            if not weights:
                continue
            q = weights // 20
            for face in range(1, 21):
                w = min(v + (max(face, 10) if floor else face), cap)
                if face in eligible and w < cap:
                    if eaten:
                        out_free[w] += q
                    else:
                        chained[w] += q
                elif eaten:
                    out_pending[w] += q
                else:
                    out_free[w] += q
    for v in range(cap):
        weights = chained[v]
        if not weights:
            continue
        q = weights // 20
        for face in range(1, 21):
            w = min(v + face, cap)
            if face in eligible and w < cap:
                chained[w] += q
            else:
                out_free[w] += q
    return out_free, out_pending


def final_roll_distribution(
    cap: int,
    *,
    possibility_rated: bool = True,
    skilled: bool = True,
    up: bool = False,
    stymied: bool = False,
    possibility_if_below: int | None = None,
) -> dict[int, Fraction]:
    """P(final die roll = v) for v < cap, and P(final >= cap) under the key `cap`.

    `possibility_if_below`: a Possibility is spent when the roll so far is below this final die
    roll (the usual "spend it if I missed").

    The distribution depends only on these few numbers, so it is kept once worked out: the
    test dialog asks again on every keystroke.
    """
    weights, scale = _weights(cap, possibility_rated, skilled, up, stymied, possibility_if_below)
    return {v: Fraction(w, scale) for v, w in weights}


@lru_cache(maxsize=512)
def _weights(
    cap: int, possibility_rated: bool, skilled: bool, up: bool, stymied: bool, below: int | None
) -> tuple[tuple[tuple[int, int], ...], int]:
    """((final roll, weight) for each roll with a weight, ..., ), and the scale they sum to."""
    if up and stymied:
        up = stymied = False
    eligible = roll_again_faces(possibility_rated=possibility_rated, skilled=skilled)
    scale = 20 ** (3 * (cap // 10 + 2))
    free, pending = [0] * (cap + 1), [0] * (cap + 1)
    (pending if stymied else free)[0] = scale
    free, pending = _chain((free, pending), cap, eligible, floor=False)
    if up:
        free, pending = _chain((free, pending), cap, eligible, floor=False)
    if below is not None:
        cut = min(below, cap + 1)
        spend = free[:cut] + [0] * (cap + 1 - cut)
        rolled, _ = _chain((spend, [0] * (cap + 1)), cap, eligible, floor=True)
        free = [0] * cut + free[cut:]
        for v in range(cap + 1):
            free[v] += rolled[v]
            if v < cut:  # a pending stymie eats the Possibility: the roll stays as it is
                free[v] += pending[v]
                pending[v] = 0
    weights = tuple((v, free[v] + pending[v]) for v in range(cap + 1) if free[v] + pending[v])
    return weights, scale


ROLL_CAP = 400
"""The highest final die roll the odds follow: reaching 400 takes some forty roll-agains in a
row (a chance below 1 in 10^100), and a hostile DN of thousands would otherwise take minutes."""


class Chance(NamedTuple):
    """The chance of success and of each success level. (A NamedTuple: the first odds of a
    session import this module, and one costs a third of a frozen dataclass to define.)"""

    success: Fraction
    levels: tuple[tuple[str, Fraction], ...]
    """(level, chance of exactly that level), minimal to spectacular."""
    note: str


def chance_of_success(
    value: int,
    difficulty: int,
    *,
    possibility_rated: bool = True,
    skilled: bool = True,
    modifiers: int = 0,
    bonus_floor: int | None = None,
    up: bool = False,
    stymied: bool = False,
    possibility: bool = False,
    chart: BonusChart | None = None,
) -> Chance:
    """Exact P(value + bonus + modifiers >= difficulty), and the chance of each success level.

    `possibility`: the roller will spend a Possibility if the first roll fails.
    """
    chart = chart or default_chart()
    # The lowest final die roll reaching each level's result points (0 means "always").
    thresholds = []
    for lo, _name, _ in _success_bands():
        need = difficulty + lo - value - modifiers
        if bonus_floor is not None and bonus_floor >= need:
            thresholds.append(0)
        else:
            thresholds.append(chart.lowest_roll_for(need))
    cap = min(max(max(thresholds), 1), ROLL_CAP)
    dist = final_roll_distribution(
        cap,
        possibility_rated=possibility_rated,
        skilled=skilled,
        up=up,
        stymied=stymied,
        possibility_if_below=thresholds[0] if possibility else None,
    )

    def at_least(t: int) -> Fraction:
        if t > ROLL_CAP:
            return Fraction(0)  # below 1 in 10^100: shown as none
        return sum((p for v, p in dist.items() if v >= t), Fraction(0))

    reach = [at_least(t) for t in thresholds]
    levels = tuple(
        (LEVELS[i], reach[i] - (reach[i + 1] if i + 1 < len(reach) else 0)) for i in range(len(LEVELS))
    )
    parts = ["exact (no truncation: the roll-again chain is summed to the last die that matters)"]
    if possibility:
        parts.append("a Possibility is spent if the first roll fails")
    return Chance(reach[0], levels, "; ".join(parts))
