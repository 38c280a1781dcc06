"""Exact odds (spec §2.6), cross-checked by brute force and by icepool."""

import itertools
from fractions import Fraction

import icepool
import pytest

from gmconsole.systems.myriad import success_chance
from gmconsole.systems.myriad.odds import (
    expected_raw,
    opposed_chance,
    raw_distribution,
    success_chance_burning,
)


def brute(pool, skill, tn, burnt=0, mods=0):
    hits = 0
    for faces in itertools.product(range(1, 7), repeat=pool):
        sixes = faces.count(6)
        if sixes < burnt:
            continue
        if max(faces) + sixes - burnt + skill + mods >= tn:
            hits += 1
    return Fraction(hits, 6**pool)


@pytest.mark.parametrize("pool", [1, 2, 3, 4, 5])
def test_closed_form_matches_enumeration(pool):
    for skill in (0, 2):
        for tn in range(2, 14):
            assert success_chance(pool, skill, tn) == brute(pool, skill, tn)
            assert success_chance(pool, skill, tn, -1) == brute(pool, skill, tn, mods=-1)
            for burnt in range(pool + 1):
                assert success_chance_burning(pool, skill, tn, burnt) == brute(
                    pool, skill, tn, burnt
                )


@pytest.mark.parametrize("pool", [1, 3, 6, 8])
def test_closed_form_matches_icepool(pool):
    raw = icepool.Pool([icepool.d6] * pool).expand().map(lambda t: max(t) + t.count(6))
    for value, p in raw_distribution(pool).items():
        assert Fraction(raw.probability(value)) == p
    assert sum(raw_distribution(pool).values()) == 1


# Spec §2.6 derived table, rows n = 1..10, columns t = 2..11 (rounded to 3 places).
TABLE = {
    1: [0.833, 0.667, 0.500, 0.333, 0.167, 0.167, 0, 0, 0, 0],
    2: [0.972, 0.889, 0.750, 0.556, 0.306, 0.306, 0.028, 0, 0, 0],
    3: [0.995, 0.963, 0.875, 0.704, 0.421, 0.421, 0.074, 0.005, 0, 0],
    4: [0.999, 0.988, 0.938, 0.802, 0.518, 0.518, 0.132, 0.016, 0.001, 0],
    6: [1.00, 0.999, 0.984, 0.912, 0.665, 0.665, 0.263, 0.062, 0.009, 0.001],
    10: [1.00, 1.00, 0.999, 0.983, 0.838, 0.838, 0.515, 0.225, 0.070, 0.015],
}


@pytest.mark.parametrize("pool", sorted(TABLE))
def test_reproduces_the_spec_probability_table(pool):
    got = [round(float(success_chance(pool, 0, t)), 3) for t in range(2, 12)]
    assert got == pytest.approx(TABLE[pool], abs=0.0011)


def test_expected_raw_values():
    assert expected_raw(1) == Fraction(11, 3)
    assert [round(float(expected_raw(n)), 3) for n in (2, 5, 10)] == [4.806, 6.264, 7.487]


def test_skill_and_modifiers_shift_the_threshold():
    assert success_chance(2, 3, 9) == success_chance(2, 0, 6)
    assert success_chance(2, 0, 6, modifiers=2) == success_chance(2, 0, 4)
    assert success_chance(1, 0, 1) == 1
    assert success_chance(1, 0, 8) == 0


def test_opposed_chance_ties_favour_the_initiator():
    # identical sides: P(win) = (1 + P(tie)) / 2 > 1/2
    p = opposed_chance(3, 1, 3, 1)
    assert p > Fraction(1, 2)
    one_die = opposed_chance(1, 0, 1, 0)
    assert one_die == Fraction(21, 36)  # P(a >= b) for two single d6 raw values 1-5, 7


def test_b2_pool_below_one_counts_as_one_die():
    assert success_chance(0, 0, 4) == success_chance(1, 0, 4)
