"""Mythmagica public rules API: exact behaviour at the edges."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica import (
    attribute_check_bonus,
    basic_yield,
    boss_swings,
    conflict_result,
    damage,
    derived_attributes,
    derived_yield,
    glory_status,
    guts_cost,
    kept_die,
    level_for_xp,
    rank_bonus,
    raw_rank,
)
from gmconsole.systems.mythmagica.rules import TIERS, raw_speed

# ---------------------------------------------------------------- kept_die


@pytest.mark.parametrize("net", [3, 4, 10])
def test_kept_die_beyond_two_edges_uses_three_dice(net: int) -> None:
    assert kept_die([4, 19, 11], net) == 19
    assert kept_die([4, 19, 11], -net) == 4
    with pytest.raises(RulesError):
        kept_die([4, 19], net)
    with pytest.raises(RulesError):
        kept_die([4, 19, 11, 2], -net)


def test_kept_die_counts_and_faces() -> None:
    assert kept_die([7], 0) == 7
    assert kept_die([7, 15], 1) == 15 and kept_die([7, 15], -1) == 7
    with pytest.raises(RulesError):
        kept_die([7, 15], 0)  # no net edge: one die
    with pytest.raises(RulesError):
        kept_die([21], 0)
    with pytest.raises(RulesError):
        kept_die([0, 5], 1)


# ---------------------------------------------------------------- conflict_result


@pytest.mark.parametrize(("margin", "tier", "success"), [
    (5, "pure success", True), (2, "pure success", True), (1, "bare success", True),
    (-1, "bare failure", False), (-2, "pure failure", False), (-9, "pure failure", False),
])
def test_conflict_result_tiers(margin: int, tier: str, success: bool) -> None:
    r = conflict_result(10, margin, 10)
    assert (r.success, r.margin, r.tier, r.natural, r.total) == (success, margin, tier, False, 10 + margin)
    assert r.tier in TIERS


def test_tie_is_undecided_with_margin_zero() -> None:
    r = conflict_result(12, 3, 15)
    assert r.success is None and r.margin == 0 and not r.natural and r.tier in TIERS


def test_naturals_are_decided_before_a_tie() -> None:
    r = conflict_result(20, 0, 20)  # natural 20 on an exact tie succeeds
    assert (r.success, r.margin, r.natural, r.tier) == (True, 2, True, "pure success")
    r = conflict_result(1, 9, 10)  # natural 1 on an exact tie fails
    assert (r.success, r.margin, r.natural, r.tier) == (False, -2, True, "pure failure")


def test_natural_margins_are_at_least_two() -> None:
    assert conflict_result(20, -15, 10).margin == 2  # would have failed by 5
    assert conflict_result(20, -9, 10).margin == 2  # would have been a bare success
    assert conflict_result(20, 5, 10).margin == 15  # a bigger real margin stands
    assert conflict_result(1, 30, 10).margin == -2  # would have succeeded
    assert conflict_result(1, -20, 10).margin == -29
    assert conflict_result(2, -20, 10).natural is False


def test_conflict_result_rejects_impossible_dice() -> None:
    for bad in (0, 21):
        with pytest.raises(RulesError):
            conflict_result(bad, 0, 10)


# ---------------------------------------------------------------- Guts and Glory


def test_guts_cost_is_threshold_plus_one_minus_total() -> None:
    assert guts_cost(15, 15) == 1  # a tie
    assert guts_cost(14, 18) == 5
    assert guts_cost(19, 28) == 10
    assert guts_cost(-3, 10) == 14
    assert guts_cost(16, 15) == 0  # already a success: nothing to buy


def test_glory_status_band_edges() -> None:
    edges = {0: 1, 3: 1, 4: 2, 9: 2, 10: 3, 18: 3, 19: 4, 30: 4, 31: 5, 45: 5, 46: 6, 63: 6}
    assert {g: glory_status(g) for g in edges} == edges


# ---------------------------------------------------------------- yields


def test_printed_yield_cells_win_over_the_formula() -> None:
    assert basic_yield(-30) == 1  # formula 0.552
    assert derived_yield(-50) == 1  # formula 1.31
    assert basic_yield(0) == 100 and derived_yield(0) == 100
    assert raw_speed(22) == 110  # formula 105


def test_yields_outside_printed_rows_use_the_formula() -> None:
    assert basic_yield(-35) == pytest.approx(0.232)  # 100 x 2^(-35/4), three figures
    assert derived_yield(60) == pytest.approx(18100)


# ---------------------------------------------------------------- levels and ranks


def test_level_for_xp_edges() -> None:
    assert [level_for_xp(x) for x in (0, 15, 16, 31, 32, 63, 64)] == [0, 0, 1, 1, 2, 2, 3]
    assert level_for_xp(8388607) == 19 and level_for_xp(8388608) == 20
    assert level_for_xp(2**40) == 20  # capped
    with pytest.raises(RulesError):
        level_for_xp(-1)


def test_raw_rank_is_zero_below_base_then_log2() -> None:
    assert raw_rank(0, 8) == 0 and raw_rank(7, 8) == 0
    assert [raw_rank(x, 8) for x in (8, 15, 16, 31, 32, 63, 64)] == [1, 1, 2, 2, 3, 3, 4]
    assert raw_rank(12, 3) == 3  # 12 / 3 = 4 -> log2 2 + 1
    assert raw_rank(11, 3) == 2
    with pytest.raises(RulesError):
        raw_rank(8, 0)
    with pytest.raises(RulesError):
        raw_rank(-1, 8)


def test_rank_bonus_takes_the_highest_degree() -> None:
    assert [rank_bonus([d]) for d in ("Expert", "Specialized", "Versed", "Reviewed", "Schooled")] == [
        4, 3, 2, 1, 0]
    assert rank_bonus(["Expert", "Specialized", "Versed", "Reviewed", "Schooled"]) == 4
    assert rank_bonus(["versed", " REVIEWED "]) == 2
    assert rank_bonus(["Schooled"]) == 0 and rank_bonus([]) == 0


# ---------------------------------------------------------------- damage


def test_damage_strength_only_when_positive_and_minimum_one() -> None:
    assert damage(6, 3, 2, 4) == 7
    assert damage(6, 0, 2, 4) == 4
    assert damage(6, -3, 2, 4) == 4  # negative Strength never subtracts
    assert damage(2, 0, 0, 9) == 1  # Ward never takes a hit below 1
    assert damage(0, -5, 0, 0) == 1


# ---------------------------------------------------------------- derived attributes

KEYS = {"AC", "BR", "CH", "GR", "VG", "WS", "HP", "FP", "RD", "RS", "raw_speed", "natural_ward"}


def test_derived_attributes_keys_and_missing_basics() -> None:
    d = derived_attributes({})
    assert set(d) >= KEYS
    assert {k: d[k] for k in ("AC", "BR", "CH", "GR", "VG", "WS")} == dict.fromkeys(
        ("AC", "BR", "CH", "GR", "VG", "WS"), 0)
    assert (d["HP"], d["FP"], d["RD"], d["RS"], d["raw_speed"], d["natural_ward"]) == (32, 32, 10, 10, 30, 0)
    assert derived_attributes({"ST": 2}) == derived_attributes(
        {"TN": 0, "ST": 2, "AG": 0, "CR": 0, "PC": 0, "HT": 0, "IN": 0})


def test_derived_attribute_formulas() -> None:
    b = {"TN": 1, "ST": 2, "AG": 3, "CR": 4, "PC": 5, "HT": 6, "IN": 7}
    d = derived_attributes(b)
    assert (d["AC"], d["BR"], d["CH"], d["GR"], d["VG"], d["WS"]) == (9, 3, 13, 7, 5, 11)
    assert d["RD"] == 10 + 1 + 3
    assert d["RS"] == 10 + 1 + 5  # Toughness + Perception, not Craftiness
    assert d["raw_speed"] == raw_speed(5 + 5)


def test_natural_ward_beyond_the_table() -> None:
    assert derived_attributes({"TN": 12})["natural_ward"] == 8
    assert [derived_attributes({"TN": t})["natural_ward"] for t in (13, 20, 50)] == [9, 16, 46]
    assert derived_attributes({"TN": -60})["natural_ward"] == 0


# ---------------------------------------------------------------- attribute checks


def test_attribute_check_bonus_doubling_rules() -> None:
    b = {"ST": 3, "AG": -1, "IN": 2, "PC": 1}
    assert attribute_check_bonus(b, ["st"]) == 6  # one basic alone counts double
    assert attribute_check_bonus(b, ["AG"]) == -2
    assert attribute_check_bonus(b, ["VG"]) == 2  # a derived attribute counts once
    assert attribute_check_bonus(b, ["ST", "VG"]) == 5
    assert attribute_check_bonus({}, ["TN"]) == 0  # missing basics count 0
    with pytest.raises(RulesError):
        attribute_check_bonus(b, [])
    with pytest.raises(RulesError):
        attribute_check_bonus(b, ["HP"])


# ---------------------------------------------------------------- boss swings


def test_boss_swings_edges() -> None:
    assert boss_swings(7, []) == 0
    assert boss_swings(7, [6]) == 1
    assert boss_swings(7, [5, 9, 0]) == 2  # swing 1 earns (5 <= 5); swing 2 does not (9 > 3)
    assert boss_swings(7, [6, 0, 0]) == 1  # stops at the first swing that earns none
    assert boss_swings(7, [5, 3, 1, 0]) == 4  # 5<=5, 3<=3, 1<=1, and the list ends
    # the 10th swing earns an 11th (0 <= 20 - 20); the 11th cannot (0 > 20 - 22)
    assert boss_swings(20, [0] * 12) == 11
