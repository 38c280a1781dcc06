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

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gmconsole.systems.torg.bonus import BonusChart, default_chart
from gmconsole.systems.torg.dice import roll_again_faces
from gmconsole.systems.torg.totals import LEVELS, _success_bands

State = tuple[int, bool]
"""(final die roll so far, capped at the threshold; stymie still pending)."""

# Probabilities are kept as integer weights over one denominator, 20**N, where N bounds the
# dice on any path (each chained die adds at least 10 below the cap, three chains at most):
# every die divides a weight by 20 exactly, and big integers are far faster than Fractions.


def _chain(start: dict[State, int], cap: int, eligible: frozenset[int], *, floor: bool) -> dict[State, int]:
    """Roll one die (floored at 10 if `floor`) and its chain from every state below the cap."""
    done: dict[State, int] = {}
    rolling: dict[State, int] = {}
    for (v, pend), p in start.items():
        if v >= cap:
            done[(v, pend)] = done.get((v, pend), 0) + p
        else:
            rolling[(v, pend)] = rolling.get((v, pend), 0) + p
    first = True
    while rolling:
        nxt: dict[State, int] = {}
        for (v, pend), p in rolling.items():
            for face in range(1, 21):
                counts = max(face, 10) if (floor and first) else face
                key = (min(v + counts, cap), pend)
                q = p // 20
                if face in eligible and key[0] < cap:
                    if pend:  # the stymie eats this roll-again
                        done[(key[0], False)] = done.get((key[0], False), 0) + q
                    else:
                        nxt[key] = nxt.get(key, 0) + q
                else:
                    done[key] = done.get(key, 0) + q
        rolling, first = nxt, False
    return done


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
    test dialog asks again on every keystroke, and a long chain (a value of 0 against 80 with
    a Possibility and "up") takes a few hundred ms to build.
    """
    return dict(_distribution(cap, possibility_rated, skilled, up, stymied, possibility_if_below))


@lru_cache(maxsize=512)
def _distribution(
    cap: int, possibility_rated: bool, skilled: bool, up: bool, stymied: bool, below: int | None
) -> tuple[tuple[int, Fraction], ...]:
    if up and stymied:
        up = stymied = False
    eligible = roll_again_faces(possibility_rated=possibility_rated, skilled=skilled)
    scale = 20 ** (3 * (cap // 10 + 2))
    dist = _chain({(0, stymied): scale}, cap, eligible, floor=False)
    if up:
        dist = _chain(dist, cap, eligible, floor=False)
    if below is not None:
        spend = {s: p for s, p in dist.items() if s[0] < below}
        keep = {s: p for s, p in dist.items() if s[0] >= below}
        eaten = {(v, False): p for (v, pend), p in spend.items() if pend}
        rolled = _chain({s: p for s, p in spend.items() if not s[1]}, cap, eligible, floor=True)
        dist = keep
        for part in (eaten, rolled):
            for s, p in part.items():
                dist[s] = dist.get(s, 0) + p
    weights: dict[int, int] = {}
    for (v, _), w in dist.items():
        weights[v] = weights.get(v, 0) + w
    return tuple((v, Fraction(w, scale)) for v, w in weights.items())


@dataclass(frozen=True)
class Chance:
    """The chance of success and of each success level."""

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
    cap = max(max(thresholds), 1)
    dist = final_roll_distribution(
        cap,
        possibility_rated=possibility_rated,
        skilled=skilled,
        up=up,
        stymied=stymied,
        possibility_if_below=thresholds[0] if possibility else None,
    )

    def at_least(t: int) -> Fraction:
        return sum((p for v, p in dist.items() if v >= t), Fraction(0))

    reach = [at_least(t) for t in thresholds]
    levels = tuple(
        (LEVELS[i], reach[i] - (reach[i + 1] if i + 1 < len(reach) else 0)) for i in range(len(LEVELS))
    )
    parts = ["exact (no truncation: the roll-again chain is summed to the last die that matters)"]
    if possibility:
        parts.append("a Possibility is spent if the first roll fails")
    return Chance(reach[0], levels, "; ".join(parts))
