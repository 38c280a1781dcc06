"""System One's rules against the book's worked examples (by id) and its tables.

Where the book contradicts itself the console follows the recommended reading, and the test
says which: the death threshold past LP (the book's literal STA/10 is below LP), wound
thresholds rounded half up (with the exact reading as the alternative), Option Two points
rounded half up.
"""

from __future__ import annotations

import pytest

from gmconsole.systems import system_one as s1
from gmconsole.systems.system_one import rules


@pytest.mark.parametrize(("two_d6", "score"), [(2, 30), (7, 55), (12, 80), (5, 45), (11, 75)])
def test_EX01_attribute_roll_table(two_d6: int, score: int) -> None:
    assert s1.attribute_score(two_d6) == score


def test_EX01_the_table_has_no_roll_outside_2d6() -> None:
    for bad in (1, 13):
        with pytest.raises(ValueError, match="2-12"):
            s1.attribute_score(bad)


def test_EX02_average_life_points() -> None:
    assert s1.life_points(55, 55) == 7  # 5 + 2, fractions ignored on both counts
    assert rules.exertion_factors(55, 55) == 68  # fractions dropped, as for LP
    assert rules.power_points(55, 55) == 7


@pytest.mark.parametrize(("str_", "sta", "lp"), [(80, 80, 12), (30, 30, 4), (90, 90, 13)])
def test_EX03_life_point_range(str_: int, sta: int, lp: int) -> None:
    assert s1.life_points(sta, str_) == lp


def test_EX05_option_two_points_round_half_up() -> None:
    """The book's 28/14/14 for 55s only works rounding half up (27.5 -> 28, 13.75 -> 14)."""
    assert rules.points_option_two(55, 55, 55) == {"skills": 28, "powers": 14, "mutations": 14}


@pytest.mark.parametrize(("values", "points"), [([55] * 8, 36), ([80] * 8, 16), ([30] * 8, 56)])
def test_option_one_points(values: list[int], points: int) -> None:
    assert rules.points_option_one(values) == points


@pytest.mark.parametrize(("level", "chance"), [(8, 110), (1, 75), (0, None), (10, 120)])
def test_EX06_language_comprehension(level: int, chance: int | None) -> None:
    assert rules.language_chance(level) == chance


def test_EX10_mind_control_save_is_reduced_by_the_attackers_margin() -> None:
    assert rules.opposed_save(50, 65, 38) == 23  # margin 27


@pytest.mark.parametrize(
    ("base", "low", "high", "cost"),
    [(1, 1, 3, 5), (1, 0, 8, 36), (3, 0, 5, 45), (1, 0, 10, 55), (2, 0, 5, 30)],
)
def test_EX18_skill_levels_cannot_be_skipped(base: int, low: int, high: int, cost: int) -> None:
    assert rules.skill_cost(base, low, high) == cost


@pytest.mark.parametrize(
    ("steps", "mod"), [(-1, -10), (-2, -30), (-3, -60), (1, 10), (2, 30), (3, 60), (4, 100), (5, 150), (0, 0)]
)
def test_EX19_target_size_series(steps: int, mod: int) -> None:
    assert rules.size_modifier(steps) == mod


@pytest.mark.parametrize(("speed", "speed_mod", "total"), [(50, -45, 105), (100, -95, 55)])
def test_EX21_mack_truck(speed: int, speed_mod: int, total: int) -> None:
    size = rules.size_modifier(5)  # 32 times man-size
    assert size == 150
    assert rules.speed_modifier(speed) == speed_mod
    assert size + speed_mod == total


def test_EX22_trading_to_hit_for_defence() -> None:
    base = s1.success_chance(50, 2)  # HEC 50, Long Blade 2
    assert base == 60
    assert rules.defence_trade(base, 15) == (30, -15)
    assert rules.defence_trade(base, 15, unarmed_vs_armed=True) == (15, -15)


@pytest.mark.parametrize(("weapon", "block"), [(3, 1), (7, 2), (11, 3)])
def test_EX23_unarmed_block_damage(weapon: int, block: int) -> None:
    assert rules.block_damage(weapon) == block


def test_EX23_a_split_block_rounds_each_half_up() -> None:
    import math

    assert math.ceil(rules.block_damage(11) / 2) == 2


@pytest.mark.parametrize(
    ("roll", "hits"), [(61, 1), (90, 1), (31, 2), (60, 2), (1, 3), (30, 3), (91, 0), (100, 0)]
)
def test_EX25_suppressive_fire(roll: int, hits: int) -> None:
    chance, got = rules.suppressive_fire(6, 2, roll)
    assert chance == 90 and got == hits


def test_EX25_aware_targets_use_twenty() -> None:
    chance, hits = rules.suppressive_fire(6, 2, 1, aware=True)
    assert chance == 60 and hits == 3


def test_EX26_walking_the_fire_in() -> None:
    turn1 = [rules.shot_modifier(k, rof=5) for k in (1, 2)]
    assert turn1 == [-20, -15]  # A, then the same again at B after a switch
    turn2 = [rules.shot_modifier(k, rof=5) for k in (3, 4, 5, 6, 7)]  # B's run carries across turns
    assert turn2 == [-10, -5, 0, 5, 10]
    assert rules.shot_modifier(1, rof=1, aim=30) == 30
    assert rules.shot_modifier(2, rof=5, aim=30) == -15  # aim counts on the first shot only


def test_EX27_head_hit_with_a_helmet() -> None:
    assert s1.damage_through(4, 5, "head") == 0  # not 4 x 2 - 5 = 3
    assert s1.damage_through(8, 5, "head") == 6
    assert s1.damage_through(8, 5, "torso") == 3


def test_EX29_stabilisation_penalty() -> None:
    assert rules.stabilise_chance(60, 2, 9, 7) == 50  # 60 + 10 - 20
    assert rules.stabilise_chance(60, 0, 9, 7) == -10  # 30 - 40: only 01-05 saves him
    assert s1.check(4, -10) and not s1.check(6, -10)


def test_EX30_knockback_save() -> None:
    assert rules.knockback_save(55, 4) == 35
    assert not s1.check(66, 35)


def test_EX31_armour_integrity() -> None:
    through = s1.damage_through(8, 5, "torso")
    assert through == 3 and rules.integrity_loss(through, 2) == 2  # armour 5 -> 3
    assert rules.integrity_loss(3, 0) == 0  # integrity 0 never wears


@pytest.mark.parametrize(("speed", "mod"), [(16, -11), (8, -3), (4, 0), (5, 0)])
def test_EX46_human_paces_as_target_speed(speed: int, mod: int) -> None:
    assert rules.speed_modifier(speed) == mod


@pytest.mark.parametrize(("height", "damage"), [(3, 0), (4, 1), (5, 1), (6, 2), (10, 4), (20, 9)])
def test_EX47_falling_damage(height: int, damage: int) -> None:
    assert rules.falling_damage(height) == damage


def test_falling_with_acrobatics_takes_a_metre_a_level_off() -> None:
    assert rules.falling_damage(10, acrobatics=3) == rules.falling_damage(7)


def test_EX49_ranged_to_hit_assembly() -> None:
    base = s1.success_chance(50, 3)
    band = rules.range_band(50, 20)
    assert base == 65 and band == ("long", -60)
    aim = rules.aim_bonus(2, fast_target=True)  # the target runs at 16 m/turn
    assert aim == 20
    assert base + band[1] + rules.speed_modifier(16) + aim == 14
    assert rules.unskilled_to_hit(50) == 25 and rules.unskilled_to_hit(50, 40) == 50  # never above HEC


def test_range_bands_end_at_extreme() -> None:
    assert rules.range_band(20, 20) == ("short", 0)
    assert rules.range_band(40, 20) == ("medium", -25)
    assert rules.range_band(160, 20) == ("extreme", -140)
    assert rules.range_band(161, 20) is None


# ---------------------------------------------------------------------- the check


@pytest.mark.parametrize(
    ("difficulty", "chance"),
    [("easy", 75), ("average", 65), ("difficult", 40), ("hard", 15), ("impossible", -35)],
)
def test_success_chance_by_difficulty(difficulty: str, chance: int) -> None:
    assert s1.success_chance(55, 2, difficulty) == chance


def test_success_chance_is_not_clamped_and_refuses_unknown_difficulties() -> None:
    assert s1.success_chance(90, 10, "easy", 20) == 170
    with pytest.raises(ValueError, match="unknown difficulty"):
        s1.success_chance(50, 0, "trivial")


@pytest.mark.parametrize(
    ("roll", "chance", "ok"),
    [
        (5, -100, True),
        (1, 0, True),
        (6, 5, False),
        (96, 300, False),
        (100, 500, False),
        (95, 95, True),
        (50, 50, True),
        (51, 50, False),
    ],
)
def test_check_automatic_results_and_roll_under(roll: int, chance: int, ok: bool) -> None:
    assert s1.check(roll, chance) is ok


def test_check_refuses_an_impossible_roll() -> None:
    with pytest.raises(ValueError, match="1-100"):
        s1.check(0, 50)
    with pytest.raises(ValueError, match="1-100"):
        s1.check(101, 50)


# ---------------------------------------------------------------------- locations and wounds


@pytest.mark.parametrize(
    ("d20", "where"),
    [
        (1, "head"),
        (2, "left arm"),
        (3, "left arm"),
        (4, "right arm"),
        (5, "right arm"),
        (6, "torso"),
        (12, "torso"),
        (13, "left leg"),
        (16, "left leg"),
        (17, "right leg"),
        (20, "right leg"),
    ],
)
def test_hit_location(d20: int, where: str) -> None:
    assert s1.hit_location(d20) == where


T55 = {  # LP: (exact quarter, half, three quarters), (rounded ...)
    4: ((1, 2, 3), (1, 2, 3)),
    5: ((2, 3, 4), (1, 3, 4)),
    6: ((2, 3, 5), (2, 3, 5)),
    7: ((2, 4, 6), (2, 4, 5)),
    8: ((2, 4, 6), (2, 4, 6)),
    9: ((3, 5, 7), (2, 5, 7)),
    10: ((3, 5, 8), (3, 5, 8)),
    11: ((3, 6, 9), (3, 6, 8)),
    12: ((3, 6, 9), (3, 6, 9)),
    13: ((4, 7, 10), (3, 7, 10)),
}


@pytest.mark.parametrize("lp", sorted(T55))
def test_wound_thresholds_both_conventions(lp: int) -> None:
    exact, rounded = T55[lp]
    assert rules.wound_thresholds(lp, "exact") == exact
    assert rules.wound_thresholds(lp, "rounded") == rounded


def test_wound_states_use_rounded_thresholds_by_default() -> None:
    """LP 7 rounded: wounded from 2, serious from 4, critical from 5 (exact: 6)."""
    states = [s1.wound_state(d, 7, 55) for d in range(0, 13)]
    assert states == [
        "healthy",
        "healthy",
        "wounded",
        "wounded",
        "serious",
        "critical",
        "critical",
        "dying",
        "dying",
        "dying",
        "dying",
        "dying",
        "dead",
    ]
    assert s1.wound_state(5, 7, 55, "exact") == "serious"


def test_death_is_past_lp_plus_a_tenth_of_sta() -> None:
    """The book's literal threshold (dead at STA/10) would kill the 7-LP character it shows
    surviving 9 damage; the recommended reading counts STA/10 past LP."""
    assert s1.wound_state(9, 7, 55) == "dying"
    assert s1.wound_state(11, 7, 55) == "dying"
    assert s1.wound_state(12, 7, 55) == "dead"
    assert rules.death_threshold(7, 55) == 12


def test_location_effects() -> None:
    assert rules.location_effects("left arm", 0, 8) == []
    assert rules.location_effects("left arm", 1, 8) == ["-10% to skills with the left arm"]
    assert rules.location_effects("left arm", 2, 8) == ["-15% to skills with the left arm"]
    assert rules.location_effects("left arm", 4, 8)[0] == "drops what the left arm holds"
    assert "-25% to skills with the left arm" in rules.location_effects("left arm", 4, 8)  # not "-2%"
    assert rules.location_effects("right leg", 6, 8) == ["right leg lost"]
    assert rules.location_effects("right leg", 4, 8) == ["no faster than a Walk"]
    assert rules.location_effects("head", 6, 8) == ["killed by the head wound"]
    assert rules.location_effects("torso", 7, 8) == ["no faster than a Walk"]


def test_staying_conscious_waking_and_bleeding() -> None:
    assert rules.unconsciousness_chance(60, "serious") == 60
    assert rules.unconsciousness_chance(60, "critical") == 10
    assert rules.unconsciousness_chance(60, "wounded") is None
    assert (
        rules.wake_chance(55, 1) == -55
        and rules.wake_chance(55, 12) == 55
        and rules.wake_chance(55, 14) == 75
    )
    assert rules.bleeding_per_minute(9, 7) == 2 and rules.bleeding_per_minute(7, 7) == 1


def test_healing_schedule() -> None:
    """5 points in the left arm take 30 days (one still missing at day 20); 3 in the right leg
    heal by day 12, when the arm is still 2 down."""
    assert [rules.healing_days(k) for k in range(1, 9)] == [2, 6, 12, 20, 30, 42, 56, 72]
    assert [rules.healing_days(k, medical=True) for k in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert rules.healing_days(5) == 30 and rules.healed_by(20) == 4
    assert rules.healing_days(3) == 12 and 5 - rules.healed_by(12) == 2


def test_called_shot_chance() -> None:
    assert rules.called_shot_chance(25) == 10 and rules.called_shot_chance(9) == 2
