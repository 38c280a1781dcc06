"""Reality storms (spec §5.14, L4992-L5054): the Storm column, growth, maelstrom, transformation."""

from __future__ import annotations

import pytest

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.storm import Side, Storm, resolve_round


def storm(
    a_total: int | None,
    b_total: int | None,
    *,
    strength: int = 18,
    poss: int = 30,
    adds: int = 3,
    cosm: str = "core_earth",
) -> Storm:
    return Storm(
        cosm=cosm,
        strength=strength,
        sides=[
            Side(
                id="a",
                name="Decker",
                cosm="core_earth",
                reality=13,
                possibilities=poss,
                adds=adds,
                total=a_total,
            ),
            Side(
                id="b",
                name="Huntsman",
                cosm="orrorsh",
                reality=12,
                possibilities=poss,
                adds=adds,
                total=b_total,
            ),
        ],
    )


def again(s: Storm, a: int, b: int) -> Storm:
    s.sides[0].total, s.sides[1].total = a, b
    return s


def test_R10_L5014_six_result_points_cost_three_possibilities():
    s = storm(18, 0)  # 18 - 12 = 6 RP; the huntsman's 0 misses
    notes = resolve_round(s)
    assert s.sides[1].owed.possibilities == -3 and "Huntsman loses 3" in notes[0]
    assert "no effect" in notes[1] and s.round == 2 and s.waiting() == s.sides


def test_R11_L5028_multipliers_grow_radius_and_strength():
    """Start strength 18; x2, x2, x5, x2, x2 -> radius 5 x 80 = 400 m, strength 23."""
    s = storm(None, None)
    for rp in (4, 4, 6, 4, 4):
        resolve_round(again(s, 12 + rp, 0))
    assert s.radius == pytest.approx(400) and s.strength == 23 and not s.maelstrom


def test_R12_L5042_in_a_maelstrom_the_winner_drains_or_gains():
    """Row 8 ("-4 Storm x5") in a maelstrom: the opponent loses 4, or the winner gains 4; the
    storm no longer grows."""
    s = storm(12 + 9, 0)  # 9 RP: -5 Maelstrom
    resolve_round(s)
    assert s.maelstrom and s.sides[1].owed.possibilities == -5
    radius = s.radius
    resolve_round(again(s, 12 + 8, 0))
    assert s.sides[1].owed.possibilities == -9 and s.radius == radius and s.strength == 18
    s.sides[0].choice = "gain"
    notes = resolve_round(again(s, 12 + 8, 0))
    assert s.sides[0].owed.possibilities == 4 and s.sides[1].owed.possibilities == -9
    assert "gains 4" in notes[0]


def test_L5006_a_storm_in_ones_home_cosm_is_plus_three_for_that_side_only():
    s = storm(None, None)
    assert s.home_bonus(s.sides[0]) == 3 and s.home_bonus(s.sides[1]) == 0
    s.cosm = "orrorsh"
    assert s.home_bonus(s.sides[0]) == 0 and s.home_bonus(s.sides[1]) == 3


def test_L5016_losses_past_the_possibilities_come_off_the_reality_adds_then_transform():
    s = storm(12 + 6, 0, poss=2, adds=2)  # loses 3: 2 Possibilities, then 1 add
    resolve_round(s)
    b = s.sides[1]
    assert (b.possibilities, b.adds, s.over) == (0, 1, False)
    notes = resolve_round(again(s, 12 + 0, 0))  # loses 1 more: no adds left
    assert b.adds == 0 and b.owed.transformed and s.over and "transformed" in notes[0]


def test_L5046_transform_takes_up_to_five_and_the_loser_checks_contradiction():
    s = storm(12 + 13, 0, poss=3)
    notes = resolve_round(s, iter([1]))
    a, b = s.sides
    assert a.owed.possibilities == 3 and b.owed.possibilities == -3 and b.adds == 3
    assert b.owed.transformed and b.owed.physically and s.over and len(notes) == 1
    s = storm(12 + 15, 0)  # ruling §9.1 #3: 15+ reads Transform too
    resolve_round(s, iter([7]))
    assert s.sides[0].owed.possibilities == 5 and not s.sides[1].owed.physically


def test_transform_in_a_maelstrom_is_five_each_way():
    s = storm(12 + 9, 0)
    resolve_round(s)
    resolve_round(again(s, 12 + 13, 0))
    assert s.sides[0].owed.possibilities == 5 and s.sides[1].owed.possibilities == -10 and not s.over


def test_a_round_needs_both_totals():
    with pytest.raises(TorgError, match="both sides"):
        resolve_round(storm(10, None))
