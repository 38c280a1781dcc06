"""Worked examples §7.4: values, measures, limits, pushes, timed feats."""

import pytest

from gmconsole.systems.torg import bonus, measure_to_value, value_to_measure
from gmconsole.systems.torg.movement import (
    band_width,
    base_movement,
    creature_limit,
    human_limit,
    macro_limit,
    push,
    push_result,
    time_value,
)
from gmconsole.systems.torg.multiaction import approximate_bonus, coordination_bonus
from gmconsole.systems.torg.reality import hardpoint_radius
from gmconsole.systems.torg.values import difficulty, value_in_unit


def test_M01_measures_to_values():
    assert [measure_to_value(m) for m in (60, 400, 10_000)] == [9, 13, 20]


def test_M03_minutes():
    assert measure_to_value(25, "minutes") == 16


def test_M04_pounds():
    assert measure_to_value(160, "pounds") == 10


def test_M05_mph_to_metres_per_round():
    v = measure_to_value(55, "mph")
    assert v == 12 and value_in_unit(v, "meters_per_round") == 250


def test_M07_upper_bound_rule():
    assert measure_to_value(100) == 10
    assert measure_to_value(101) == measure_to_value(150) == 11


def test_M08_difficult_modifier():
    assert difficulty("difficult").modifier == 4


def test_M09_running_limit():
    limit = human_limit("running")
    assert [base_movement(dex, 0, limit) for dex in (9, 10, 11)] == [60, 100, 100]


def test_M11_push_modifier_goes_on_the_limit():
    p = push(11, human_limit("running"), bonus(14), "speed")
    assert (p.total, p.result_points, p.value, p.shock) == (12, 4, 11, 1)


def test_M12_skill_adds_only_up_to_the_limit():
    limit = human_limit("running")
    assert [base_movement(8, adds, limit) for adds in (0, 2, 7)] == [40, 100, 100]


def test_M13_crowfire_pushes_with_his_running_value():
    """Running 12 pushes; the modifier goes on the limit 10. A bonus of 0 counts as 1 (L2052)."""
    p = push(12, human_limit("running"), 0, "speed")
    assert p.total == 13 and p.result_points == 5 and p.value == 10 + 2


def test_M15_dolphin_swimming_limit():
    assert creature_limit("swimming", 10, primary=True) == 10


def test_M16_six_coordinating():
    assert coordination_bonus(6) == 4


def test_M17_two_hundred_wizards():
    assert approximate_bonus(201, 9, 9) == 10


def test_M19_quin_runs_a_mile():
    """Ruling §9.2 #15: a mile is value 16 by the printed modifier (the exact 1,609 m is 17)."""
    mile = measure_to_value(1, "miles")
    assert mile == 16
    p = push(11, human_limit("running"), 2, "speed")
    assert p.result_points == 5 and p.shock == 10
    speed = macro_limit("running", human_limit("running"), 1609) + (p.value - human_limit("running"))
    assert speed == 9
    t = time_value(mile, speed)
    assert t == 12 and value_to_measure(t) == 250


def test_M20_crab_climbs_a_mountain():
    """Ruling §9.2 #16: the book's 'two and a half hours' is value 20 = 10,000 s (about 2.8 h)."""
    height = measure_to_value(1500)
    assert height == 16
    limit = macro_limit("climbing", human_limit("climbing"), 1500)
    assert limit == 0
    mod, shock = push_result("speed", 9 - 8)  # climbing total 9 vs the mountain's DN 8
    assert (mod, shock) == (1, 4)
    t = time_value(height, limit + mod)
    assert t == 20 and value_to_measure(t) == 10_000


def test_M21_quin_falls_and_catches_himself():
    """'Six hours' in the book; value 22 is 25,000 s, about 6.9 h (ruling §9.2 #16)."""
    t = time_value(16, 0, failed_and_caught=True)
    assert t == 22 and value_to_measure(t) == 25_000


def test_M23_equal_speed_band():
    assert band_width(9) == pytest.approx(20)


def test_M24_template_limits():
    """Ruling §9.2 #13: lifting stays capped at 9 (60 kg) whatever the lifting adds."""
    assert base_movement(11, 0, human_limit("running")) == 100
    assert base_movement(9, 0, human_limit("lifting")) == 60
    assert base_movement(9, 3, human_limit("lifting")) == 60


def test_M25_hardpoint_radius():
    assert hardpoint_radius(measure_to_value(25), 0) == 3
    assert value_to_measure(3) == 4
    assert hardpoint_radius(7, 0, pure=True) == 1 and value_to_measure(1) == 1.5


def test_M27_gate_range():
    """Ruling §9.2 #10: the book's 'bonus of 28' is 38 (DN 51 - reality 13)."""
    distance = measure_to_value(16_000, "kilometers")
    assert distance == 37
    steps = -(-(distance - 13) // 2)
    dn = 15 + 3 * steps
    assert dn == 51 and dn - 13 == 38


def test_M28_gate_accuracy():
    ratio = measure_to_value(50_000)
    assert ratio == 24
    assert 15 + -(-ratio // 5) * 5 == 40


def test_M29_possibility_shadows_window():
    assert value_to_measure(19 + 3) == 25_000  # about 6.9 hours, "about six hours" in the book


def test_M31_multiply_food():
    assert value_to_measure(17 - 13) == 6


def test_M32_illusion_holds_a_tonne():
    assert value_to_measure(15) == 1000
