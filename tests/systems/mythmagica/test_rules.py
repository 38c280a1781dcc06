"""Mythmagica rules: the spec's worked examples by id, and the public API's edges."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    guts_it,
    kept_die,
    level_for_xp,
    minor_refresh,
    rank_bonus,
    raw_rank,
)
from gmconsole.systems.mythmagica.rules import (
    BASICS,
    TIERS,
    group_edges,
    max_classes,
    mixed_damage,
    natural_ward,
    points_for,
    purchase_cost,
    setback,
)


def test_example_EX01_goblin_baseline_sums_to_zero() -> None:
    assert sum([-1, -1, 1, 3, 2, -3, -1]) == 0


def test_example_EX02_purchase_cost_above_the_damper() -> None:
    assert purchase_cost(2, 6) == 5
    assert purchase_cost(2, 7) == 7


def test_example_EX03_sprite_strength_yield() -> None:
    assert basic_yield(-16) == 6


def test_example_EX05_max_classes_rounds_down() -> None:
    """The book also says "round up" elsewhere; the worked example (Level 5 -> 3) wins."""
    assert max_classes(5) == 3


def test_example_EX06_rank_bonuses_do_not_stack() -> None:
    assert rank_bonus(["Reviewed", "Versed"]) == 2
    assert rank_bonus(["Reviewed", "Versed", "Specialized"]) == 3


def test_example_EX07_raw_rank_doubling() -> None:
    assert [raw_rank(x, 8) for x in (7, 8, 16, 32)] == [0, 1, 2, 3]


def test_example_EX11_rank_is_raw_plus_bonus() -> None:
    assert raw_rank(4 * 4, 4) + rank_bonus(["Versed"]) == 5


def test_example_EX14_racial_ability_is_reviewed() -> None:
    assert rank_bonus(["Reviewed"]) == 1


def test_example_EX17_rank_cost_follows_formula_not_misprint() -> None:
    """The cost table misprints base 96 rank 15 as 1638400; the formula 96 x 2^14 wins."""
    assert raw_rank(1572864, 96) == 15
    assert raw_rank(1572863, 96) == 14


def test_example_EX18_fate_points() -> None:
    assert [points_for(w) for w in (-1, 0, 3, 30, 50)] == [29, 32, 42, 430, 2436]


def test_example_EX19_hit_points() -> None:
    assert [points_for(b) for b in (0, 1, 2, 4, 6)] == [32, 35, 38, 45, 54]


def test_example_EX21_yields() -> None:
    assert [basic_yield(v) for v in (-16, 4, 8, 12)] == [6, 200, 400, 800]
    assert [derived_yield(v) for v in (-16, 4, 8, 12)] == [25, 141, 200, 283]


def test_example_EX22_daily_healing_rate() -> None:
    assert derived_attributes({})["DHR"] == 5


def test_example_EX23_natural_ward() -> None:
    assert [natural_ward(t) for t in (0, 3, 5, 8, 12)] == [0, 1, 2, 4, 8]
    assert natural_ward(15) == 11  # beyond the table: Toughness - 4


SWARMS = [  # level, TN ST AG CR PC HT IN, HP FP Ward SP Att Dam Def Stab
    ("EX26", 0, (0, 0, 0, 0, 1, -2, -6), (32, 29, 0, 20, 4, 5, 14, 15)),
    ("EX27", 2, (0, 1, 1, 0, 1, -2, -6), (35, 29, 0, 25, 8, 6, 17, 17)),
    ("EX29", 6, (0, 3, 2, 0, 2, -2, -6), (42, 32, 0, 35, 15, 8, 22, 22)),
    ("EX30", 8, (1, 3, 2, 0, 2, -2, -5), (45, 32, 1, 35, 17, 8, 25, 25)),
    ("EX31", 10, (1, 3, 2, 0, 4, -2, -5), (45, 38, 1, 40, 19, 8, 27, 29)),
]


@pytest.mark.parametrize(("ident", "level", "basics", "expected"), SWARMS, ids=[s[0] for s in SWARMS])
def test_example_EX26_to_EX31_swarm_stat_blocks(ident, level, basics, expected) -> None:
    """EX29 prints HP 41 for Brawn 3; the table gives 42 and wins (a misprint). Stability uses
    10 + TN + PC (the ruling these blocks confirm)."""
    b = dict(zip(BASICS, basics, strict=True))
    d = derived_attributes(b)
    got = (d["HP"], d["FP"], d["natural_ward"], d["raw_speed"] - 10, level + d["VG"] + 4,
           5 + max(0, b["ST"]), level + d["RD"] + 4, level + d["RS"] + 4)
    assert got == expected


def test_example_EX33_margin() -> None:
    assert conflict_result(15, 5, 15).margin == 5
    assert conflict_result(5, 5, 15).margin == -5


def test_example_EX34_climb_success() -> None:
    r = conflict_result(14, 4, 15)
    assert (r.success, r.margin, r.tier) == (True, 3, "pure success")
    assert conflict_result(11, 4, 15).success is None and conflict_result(12, 4, 15).success


def test_example_EX35_tie_costs_one_guts() -> None:
    r = conflict_result(11, 4, 15)
    assert r.success is None and r.margin == 0
    assert guts_cost(15, 15) == 1


def test_example_EX37_stealth_arithmetic_not_printed_sum() -> None:
    """The book prints total 31; 13 + 7 + 10 = 30, margin +11 (the arithmetic wins)."""
    r = conflict_result(13, 7 + 10, 10 + 6 + 3)
    assert (r.total, r.margin) == (30, 11)


def test_example_EX41_edges_cancel() -> None:
    assert kept_die([15, 4], 1 - 2) == 4


def test_example_EX42_extreme_drawback_for_defender() -> None:
    assert kept_die([3, 17, 9], 2) == 17


def test_example_EX43_cap_three_dice() -> None:
    assert kept_die([3, 17, 9], 4) == 17
    with pytest.raises(RulesError):
        kept_die([3, 17, 9, 12], 4)


def test_example_EX45_group_edges() -> None:
    assert [group_edges(n) for n in (2, 3, 4)] == [1, 1, 2]


def test_example_EX53_guts_cost_ruling() -> None:
    """The book's wording says a miss by 3 costs 3; every worked number charges threshold + 1 -
    total (so 4), which is the ruling followed."""
    assert guts_cost(12, 15) == 4


def test_example_EX55_minor_refresh() -> None:
    assert minor_refresh(44) == 31


def test_example_EX57_guts_it() -> None:
    assert guts_it(12) == 18
    assert guts_it(18) == 30


def test_example_EX58_margin_damage() -> None:
    r = conflict_result(16, 12, 22)
    assert r.margin == 6
    assert damage(5, 0, r.margin, 0) == 11


def test_example_EX61_EX62_boss_swings() -> None:
    assert boss_swings(7, [2, 2, 5]) == 3
    assert boss_swings(7, [5, 5]) == 2


def test_example_EX67_mixed_attack() -> None:
    assert mixed_damage([6, 3, 4]) == 9


def test_example_P4_pegasus_sneak_guts() -> None:
    assert kept_die([10, 20], -1) == 10
    r = conflict_result(10, 4, 18)
    assert r.total == 14 and guts_cost(14, 18) == 5
    assert glory_status(5) == 2


def test_example_P6_lasso_setback() -> None:
    r = conflict_result(kept_die([11, 18], 1), 14, 28)
    assert r.margin == 4 and setback(10, 2, r.margin) == 16


def test_example_P9_defender_guts_follows_arithmetic() -> None:
    """The text prints total 23 and 3 Guts; 13 + 14 = 27 vs 21, so Bob pays 7 (Guts 5 -> 12)."""
    r = conflict_result(13, 14, 21)
    assert r.margin == 6
    assert guts_cost(21, r.total) == 7 and glory_status(12) == 3


def test_example_P12_P15_P18_glory_chain() -> None:
    assert guts_cost(19, 28) == 10 and glory_status(12 + 10) == 4
    assert guts_cost(18, 28) == 11 and glory_status(22 + 11) == 5
    assert minor_refresh(33) == 31
    assert guts_cost(15, 28) == 14 and 31 + 14 == 45 and glory_status(45) == 5 and glory_status(47) == 6


def test_example_P13_P14_hoof_damage() -> None:
    assert damage(17, 0, kept_die([17, 14], -1) + 13 - 15, 7) == 22
    assert damage(17, 0, kept_die([14, 5], -1) + 13 - 15, 7) == 13


def test_example_P19_natural_twenty_doubles_with_craftiness() -> None:
    """The text omits Craftiness (32); adding it as earlier steps do gives 36."""
    r = conflict_result(20, 14, 28)
    assert r.natural and r.margin == 6
    assert setback(10, 2, r.margin) * 2 == 36


# ---------------------------------------------------------------- API edges


def test_natural_twenty_beats_a_tie_and_one_fails() -> None:
    r = conflict_result(20, 0, 20)
    assert r.success and r.natural and r.margin == 2
    r = conflict_result(1, 30, 10)
    assert r.success is False and r.natural and r.margin == -2 and r.tier == "pure failure"
    assert conflict_result(20, 30, 10).margin == 40


def test_bare_results() -> None:
    assert conflict_result(11, 0, 10).tier == "bare success"
    assert conflict_result(9, 0, 10).tier == "bare failure"


def test_level_for_xp_table_edges() -> None:
    xps = (0, 15, 16, 31, 32, 8388607, 8388608, 10**9)
    assert [level_for_xp(x) for x in xps] == [0, 0, 1, 1, 2, 19, 20, 20]


def test_attribute_check_bonus() -> None:
    b = {"ST": 3, "AG": 1, "IN": 2, "PC": 1}
    assert attribute_check_bonus(b, ["ST"]) == 6
    assert attribute_check_bonus(b, ["VG"]) == 4
    assert attribute_check_bonus(b, ["IN", "PC"]) == 3
    with pytest.raises(RulesError):
        attribute_check_bonus(b, ["Level"])


def test_raw_stability_uses_perception() -> None:
    d = derived_attributes({"TN": 1, "CR": 5, "PC": 2})
    assert d["RS"] == 13


def test_glory_status_bands_and_refusals() -> None:
    assert [glory_status(g) for g in (0, 3, 4, 9, 10, 18, 19, 30, 31, 45, 46, 63)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    for bad in (-1, 64):
        with pytest.raises(RulesError):
            glory_status(bad)


def test_rank_bonus_unknown_degree() -> None:
    assert rank_bonus([]) == 0
    with pytest.raises(RulesError):
        rank_bonus(["Master"])


def test_damage_minimum_and_negative_strength() -> None:
    assert damage(3, -4, 0, 10) == 1
    assert damage(6, -4, 2, 1) == 7


@given(st.lists(st.integers(1, 20), min_size=1, max_size=3), st.integers(-5, 5))
def test_kept_die_is_one_of_the_dice(dice, net) -> None:
    if len(dice) != 1 + min(abs(net), 2):
        with pytest.raises(RulesError):
            kept_die(dice, net)
        return
    k = kept_die(dice, net)
    assert k in dice
    assert k == (max(dice) if net > 0 else min(dice) if net < 0 else dice[0])


@given(st.integers(1, 20), st.integers(-30, 30), st.integers(-10, 50))
def test_conflict_result_invariants(kept, adj, threshold) -> None:
    r = conflict_result(kept, adj, threshold)
    assert r.tier in TIERS
    if r.success is None:
        assert r.margin == 0 and not r.natural
    else:
        assert r.success == (r.margin > 0)
        assert abs(r.margin) >= 1
    if r.natural:
        assert abs(r.margin) >= 2


@given(st.integers(-60, 60))
def test_points_monotone(v) -> None:
    assert points_for(v) <= points_for(v + 1)


def test_odds_are_exact() -> None:
    """(How fast is for `python -m gmconsole.bench odds`, not a timed unit test: a 50 ms limit
    here failed on a loaded machine.)"""
    from fractions import Fraction

    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems import get_system

    system = get_system("mythmagica")
    sheet = system.new_sheet()
    odds = system.odds(sheet, CheckRequest("attr:ST", difficulty=10))
    assert odds.success == Fraction(10, 19)  # 11-20 win, 10 ties and is re-rolled, 1-9 fail
    # empirical check with edges
    req = CheckRequest("attr:ST", difficulty=15, extra={"edges": 1})
    p = system.odds(sheet, req).success
    rng = random.Random(4)
    wins = sum(bool(system.check(sheet, req, rng).success) for _ in range(4000))
    assert abs(wins / 4000 - float(p)) < 0.03
