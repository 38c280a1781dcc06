"""Exact odds of a Myriad test, as Fractions, for the preview before a roll.

The raw value of n d6 is highest die + number of sixes (spec §2.6):
- no six and highest h (1-5): probability (h^n - (h-1)^n) / 6^n, raw value h;
- exactly k >= 1 sixes: probability C(n,k) 5^(n-k) / 6^n, raw value 6 + k.
That closed form is exact, so no enumeration over 6^n outcomes is needed; the tests cross-check it
against brute force and icepool.

With sixes burnt for SFX the raw value is 6 + (k - burnt); :func:`success_chance_burning` gives
the chance of both having the sixes to burn and still succeeding. When fives may be burnt too
(ruling B5) or a burn depends on the roll, :func:`face_outcomes` lists every distinct outcome
(highest die, sixes, fives) with its exact chance, so a policy can be evaluated on each.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from gmconsole.systems.myriad.ability import MAX_POOL, effective_pool
from gmconsole.systems.myriad.errors import MyriadError


@cache
def raw_distribution(pool: int, burnt: int = 0) -> dict[int, Fraction]:
    """P(highest + unburnt sixes = v) for ``pool`` dice when ``burnt`` sixes are burnt.

    Outcomes with fewer than ``burnt`` sixes cannot pay for the burn and are left out, so the
    values sum to P(at least ``burnt`` sixes).
    """
    n, _ = effective_pool(pool)
    if burnt < 0 or burnt > n:
        raise MyriadError(f"burnt: cannot burn {burnt} sixes from {n} dice")
    whole = Fraction(1, 6**n)
    dist: dict[int, Fraction] = {}
    if burnt == 0:
        for high in range(1, 6):
            p = (high**n - (high - 1) ** n) * whole
            if p:
                dist[high] = p
    for k in range(max(1, burnt), n + 1):
        dist[6 + k - burnt] = comb(n, k) * 5 ** (n - k) * whole
    return dist


@dataclass(frozen=True)
class FaceOutcome:
    """One class of rolls of a pool: its chance, the highest die, and how many sixes and fives."""

    p: Fraction
    highest: int
    sixes: int
    fives: int


@cache
def face_outcomes(pool: int) -> tuple[FaceOutcome, ...]:
    """Every (highest, sixes, fives) a pool can show, with its exact chance (they sum to 1).

    Counted, not enumerated: C(n, k6) C(n - k6, k5) placements of the sixes and fives, and the
    other dice all 1-4 (their highest matters only when no five or six shows).
    """
    n, _ = effective_pool(pool)
    whole = Fraction(1, 6**n)
    found: list[FaceOutcome] = []
    for k6 in range(n + 1):
        for k5 in range(n - k6 + 1):
            rest = n - k6 - k5
            ways = comb(n, k6) * comb(n - k6, k5)
            if k6 or k5:
                top = 6 if k6 else 5
                found.append(FaceOutcome(ways * 4**rest * whole, top, k6, k5))
                continue
            for high in range(1, 5):
                count = high**rest - (high - 1) ** rest
                found.append(FaceOutcome(ways * count * whole, high, 0, 0))
    return tuple(found)


def success_chance(pool: int, skill: int, tn: int, modifiers: int = 0) -> Fraction:
    """Exact P(highest die + unburnt sixes + skill + modifiers >= tn) with ``pool`` d6.

    >>> success_chance(3, 1, 6)       # the book's "average person" (ruling B1: not 80%)
    Fraction(19, 27)
    """
    return success_chance_burning(pool, skill, tn, 0, modifiers)


def success_chance_burning(pool: int, skill: int, tn: int, burnt: int,
                           modifiers: int = 0) -> Fraction:
    """Exact P(rolling at least ``burnt`` sixes, burning them, and still reaching ``tn``)."""
    _check(pool, skill)
    need = tn - skill - modifiers
    return sum((p for v, p in raw_distribution(pool, burnt).items() if v >= need), Fraction(0))


def total_distribution(pool: int, skill: int, modifiers: int = 0) -> dict[int, Fraction]:
    """P(result = v) for a test with nothing burnt."""
    _check(pool, skill)
    return {v + skill + modifiers: p for v, p in raw_distribution(pool).items()}


def opposed_chance(initiator_pool: int, initiator_skill: int, responder_pool: int,
                   responder_skill: int, initiator_modifiers: int = 0,
                   responder_modifiers: int = 0) -> Fraction:
    """Exact P(the initiator wins an opposed test): their result >= the responder's (ties win)."""
    att = total_distribution(initiator_pool, initiator_skill, initiator_modifiers)
    dfn = total_distribution(responder_pool, responder_skill, responder_modifiers)
    return sum((pa * pd for a, pa in att.items() for d, pd in dfn.items() if a >= d), Fraction(0))


def expected_raw(pool: int) -> Fraction:
    """Mean of highest + sixes (spec §2.6: 11/3 for one die)."""
    return sum((v * p for v, p in raw_distribution(pool).items()), Fraction(0))


def _check(pool: int, skill: int) -> None:
    if pool > MAX_POOL:
        raise MyriadError(f"pool: {pool} dice is more than the {MAX_POOL} a test may roll")
    if skill < 0:
        raise MyriadError(f"skill: {skill} is not a skill level (0 = untrained)")
