"""Worked examples §7.9 (magic) and §7.10 (group powers, shards, miracles, armour)."""

import pytest

from gmconsole.systems.torg import bonus
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.faith import (
    bearers,
    community_approximation,
    group_power_bonus,
    healing_miracle,
    possibility_spender,
    send_skills_regained,
    shard_possibilities,
    shift_possibility,
)
from gmconsole.systems.torg.magic import cast, disbelief_difficulty, spells_from_mage_points
from gmconsole.systems.torg.reality import invocation_difficulty
from gmconsole.systems.torg.rules_data import cosm_axioms
from gmconsole.systems.torg.skill_charts import armour, armour_add
from gmconsole.systems.torg.totals import success_level
from gmconsole.systems.torg.values import measure_to_value


def test_G01_grendolyns_mage_points():
    assert spells_from_mage_points(4 + 1 + 1 + 1) == 5


def test_G02_casting_strength():
    """Ruling §9.2 #20: the prerequisite is enforced (Grendolyn needs alteration adds)."""
    c = cast(skill_value=12, knowledge_adds=4, requirement=15, difficulty=12, backlash=15, roll_bonus=2)
    assert c.success
    with pytest.raises(TorgError, match="below the spell's requirement"):
        cast(skill_value=10, knowledge_adds=4, requirement=15, difficulty=12, backlash=15, roll_bonus=2)


def test_G03_backlash_k1():
    c = cast(skill_value=12, knowledge_adds=4, requirement=15, difficulty=12, backlash=17, roll_bonus=2)
    assert str(c.backlash) == "K 1"


def test_G05_bonus_number_to_the_effect():
    c = cast(
        skill_value=12,
        knowledge_adds=4,
        requirement=15,
        difficulty=12,
        backlash=15,
        roll_bonus=bonus(15),
        bonus_to_value=10,
    )
    assert c.effect == 12


def test_G06_G07_disbelief():
    assert disbelief_difficulty(6) == 16
    assert disbelief_difficulty(100) == 8 + 20


def test_Q01_Q02_bearers():
    assert bearers({"quin": 4, "crab": 4, "crowfire": 2}) == ["crab", "quin"]
    assert bearers({"quin": 4, "crab": 4, "crowfire": 4, "vancen": 4}) == [
        "crab",
        "crowfire",
        "quin",
        "vancen",
    ]
    with pytest.raises(TorgError):
        bearers({"quin": 4, "crab": 0})


def test_Q03_four_coordinate():
    assert group_power_bonus(4, ["minimal"]) == 3


def test_Q05_group_power_total():
    mod = group_power_bonus(5, ["average", "good", "minimal", "average"])
    assert mod == 4 + 1 + 2 + 0 + 1 == 8
    assert 12 + 2 + mod == 22


def test_Q06_send_week_five():
    """Ruling §9.2 #11: value(5 weeks' count) is 4 by the upper-bound rule; the book's example
    adds +3. Either way the total reaches a superior success: 3 skills (a documented exception)."""
    base = 25 - 3
    assert measure_to_value(5) == 4
    assert success_level(base + 4 - 18) == "superior" == success_level(base + 3 - 18)
    assert send_skills_regained("superior") == 3


def test_Q07_shift_possibility_best_die():
    assert shift_possibility(4, [19]) == 19


def test_F02_community_capped():
    assert measure_to_value(60) == 9
    assert community_approximation(60, 10, 3) == 9


def test_F03_who_spends_the_miracles_possibility():
    assert possibility_spender(14, 13) == "faith"
    assert possibility_spender(13, 13) == "focus"  # literal 'did not exceed'


def test_F04_invocation_difficulty():
    assert invocation_difficulty(cosm_axioms("core_earth")["spiritual"]) == 44
    assert invocation_difficulty(cosm_axioms("living_land")["spiritual"]) == 29


def test_F06_average_healing_clears_a_heavy_wound():
    assert healing_miracle(2, 1) == 0
    assert healing_miracle(2, -1) == 2


def test_F07_kevlar_helmet_then_vest():
    kevlar = armour("kevlar")["add"]
    assert kevlar == 5
    assert armour_add("head", helmet=kevlar) == 5 and armour_add("torso", helmet=kevlar) == 0
    assert (
        armour_add("torso", torso=kevlar, helmet=kevlar)
        == 6
        == armour_add("head", torso=kevlar, helmet=kevlar)
    )
    assert armour_add("limbs", torso=kevlar, helmet=kevlar, limbs=True) == 7


def test_shard_tapping():
    assert [shard_possibilities(lv) for lv in (None, "minimal", "spectacular")] == [0, 1, 5]
