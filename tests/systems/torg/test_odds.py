"""Exact chances of success (003-torg.md §8: show the exact chance before rolling)."""

import random
from fractions import Fraction

import pytest

from gmconsole.systems.torg.dice import roll_d20
from gmconsole.systems.torg.odds import chance_of_success, final_roll_distribution


def test_distribution_sums_to_one():
    dist = final_roll_distribution(60)
    assert sum(dist.values()) == 1


def test_ord_unskilled_is_a_plain_d20():
    """No roll-again: value 13 vs 12 needs bonus >= -1, a roll of 9+: 12/20."""
    c = chance_of_success(13, 12, possibility_rated=False, skilled=False)
    assert c.success == Fraction(12, 20)


def test_possibility_rated_reaching_a_roll_of_21():
    """Needing bonus 8 (final >= 21) takes a chain: a 20 (then anything), or a 10 then 11+,
    or 10, 10, then anything."""
    c = chance_of_success(10, 18)
    d20 = Fraction(1, 20)
    assert c.success == d20 + d20 * (10 * d20 + d20)


def test_bonus_floor_makes_a_low_need_certain():
    assert chance_of_success(12, 13, bonus_floor=1).success == 1


def test_levels_add_up_to_success():
    c = chance_of_success(10, 10, possibility=True)
    assert sum(p for _, p in c.levels) == c.success
    assert c.levels[0][0] == "minimal"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"value": 10, "difficulty": 15},
        {"value": 10, "difficulty": 22, "possibility": True},
        {"value": 9, "difficulty": 12, "up": True},
        {"value": 9, "difficulty": 14, "stymied": True, "possibility": True},
    ],
)
def test_exact_chance_matches_simulation(kwargs):
    c = chance_of_success(**kwargs)
    rng = random.Random(11)
    n, hits = 40_000, 0
    for _ in range(n):
        r = roll_d20(up=kwargs.get("up", False), stymied=kwargs.get("stymied", False), rng=rng)
        if kwargs["value"] + r.bonus < kwargs["difficulty"] and kwargs.get("possibility"):
            r = r.extra_roll("possibility", rng=rng)
        hits += kwargs["value"] + r.bonus >= kwargs["difficulty"]
    assert abs(hits / n - float(c.success)) < 0.01


def _by_paths(cap, *, possibility_rated=True, skilled=True, up=False, stymied=False, below=None):
    """The final-roll distribution by following every die one path at a time (independent of
    odds.py's lowest-roll-first sweep): a roll-again face chains, a pending stymie eats the first
    one, "up" adds a second chain, a Possibility a floored one when the roll is below `below`."""
    from functools import cache

    from gmconsole.systems.torg.dice import roll_again_faces

    if up and stymied:
        up = stymied = False
    again = roll_again_faces(possibility_rated=possibility_rated, skilled=skilled)

    @cache
    def chain(v, pending, floor):
        if v >= cap:
            return {(v, pending): Fraction(1)}
        out = {}
        for face in range(1, 21):
            w = min(v + (max(face, 10) if floor else face), cap)
            if face in again and w < cap and not pending:
                ends = chain(w, False, False)
            else:
                ends = {(w, pending and not (face in again and w < cap)): Fraction(1)}
            for key, p in ends.items():
                out[key] = out.get(key, 0) + p / 20
        return out

    def then(dist, step):
        out = {}
        for (v, pending), p in dist.items():
            for key, q in step(v, pending).items():
                out[key] = out.get(key, 0) + p * q
        return out

    dist = chain(0, stymied, False)
    if up:
        dist = then(dist, lambda v, pending: chain(v, pending, False))
    if below is not None:

        def spend(v, pending):
            if v >= below:
                return {(v, pending): Fraction(1)}
            return {(v, False): Fraction(1)} if pending else chain(v, False, True)

        dist = then(dist, spend)
    final = {}
    for (v, _), p in dist.items():
        final[v] = final.get(v, 0) + p
    return final


@pytest.mark.parametrize("cap", [1, 10, 11, 21, 41])
@pytest.mark.parametrize(
    "flags",
    [
        {},
        {"skilled": False},
        {"possibility_rated": False},
        {"up": True},
        {"stymied": True},
        {"up": True, "stymied": True},
        {"stymied": True, "skilled": False},
    ],
)
@pytest.mark.parametrize("below", [None, 0, 15, "cap"])
def test_distribution_matches_following_every_path(cap, flags, below):
    below = cap if below == "cap" else below
    got = final_roll_distribution(cap, possibility_if_below=below, **flags)
    assert got == _by_paths(cap, below=below, **flags)
