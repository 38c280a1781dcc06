"""Worked examples §7.5: skill-specific rules, specialisations, advancement."""

from gmconsole.systems.torg.advancement import (
    TRADEMARK,
    TYPE_SPECIALISATION,
    attribute_cost,
    converted_faith_adds,
    skill_add_cost,
)
from gmconsole.systems.torg.damage import DamageState
from gmconsole.systems.torg.sheet import Specialization, narrowed_value
from gmconsole.systems.torg.skill_charts import chart_difficulty, chart_modifier, chart_result, stealth_unseen
from gmconsole.systems.torg.totals import success_level

from .conftest import make


def test_S01_survival_value():
    assert make("x", {"MIN": 11}, {"survival": 3}).skill_value("survival") == 14


def test_S03_active_find_against_stealth():
    conditions = ("broad_daylight", "dawn_dusk_fog_trees_walls_crowd")
    assert 13 + chart_modifier("stealth", *conditions) == 14
    assert stealth_unseen(17, 13, *conditions)  # Mobius' stealth total 17: unseen
    assert not stealth_unseen(13, 13, *conditions)


def test_S04_tracking_an_old_trail():
    dn = chart_difficulty("tracking", "trail", "a_few_days_old")
    assert dn == 13
    level = success_level(18 - dn)
    assert level == "good" and "pick it up again" in chart_result("tracking", level)


def test_S05_medicine_adds_to_the_next_healing_roll():
    s = DamageState(toughness=10, wounds=2)
    s.medicine(18 - 12)
    assert s.medicine_bonus == 6
    assert s.healing_roll(0)[0] == 16


def test_S07_narrowed_scope():
    assert [narrowed_value(9, 2, r) for r in ("primary", "secondary", "other")] == [11, 10, 9]


def test_S08_S09_type_specialisation_and_trademark(quin):
    quin = quin.model_copy(
        update={
            "specializations": [
                Specialization(skill="air_vehicles", type="helicopter", trademark="Blue Meanie")
            ]
        }
    )
    assert quin.skill_value("air_vehicles") == 11
    assert quin.skill_value("air_vehicles", item="helicopter") == 12
    assert quin.skill_value("air_vehicles", item="Blue Meanie") == 14
    assert quin.adds("air_vehicles") == 2
    assert (TYPE_SPECIALISATION, TRADEMARK) == (1, 3)


def test_S11_attribute_cost():
    assert attribute_cost(11) == 33


def test_S12_faith_after_conversion():
    adds = converted_faith_adds(1)
    assert adds == 0 and 9 + adds == 9
    assert skill_add_cost(0, 1, held=True) == 1


def test_skill_add_costs():
    assert skill_add_cost(2, 3) == 3 and skill_add_cost(0, 2) == 2 + 2
    assert skill_add_cost(0, 1, taught=False) == 5
    assert skill_add_cost(0, 1, unskilled_ok=False, taught=False) == 10
    assert skill_add_cost(1, 3, foreign=True) == 10
