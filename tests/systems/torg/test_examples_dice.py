"""Worked examples §7.1 (values, die roll, bonus, totals) and §7.2 (Possibilities, cards, up/stymie)."""

import pytest

from gmconsole.systems.torg import bonus, final_die_roll, success_level
from gmconsole.systems.torg.actions import attempt
from gmconsole.systems.torg.cards import ConflictLine, DramaCard, card_types
from gmconsole.systems.torg.combat import parse_cell
from gmconsole.systems.torg.conflict import round_effects
from gmconsole.systems.torg.damage import DamageState, Reduction, reduce_blow
from gmconsole.systems.torg.dice import roll_d20
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.reality import BUBBLE_COST
from gmconsole.systems.torg.totals import Modifier, action_total, effect_total

from .conftest import make, struck


def test_V01_skill_value_is_attribute_plus_adds():
    s = make("runner", {"DEX": 10}, {"running": 3})
    assert s.skill_value("running") == 13


def test_V02_quin_dodge(quin):
    assert quin.skill_value("dodge") == 13


def test_V03_quin_land_vehicles(quin):
    assert quin.skill_value("land vehicles") == 10


def test_V05_surgery_without_medicine_is_refused(quin):
    with pytest.raises(TorgError, match="cannot be used unskilled"):
        attempt(quin, "medicine", difficulty=12, dice=[20, 20, 20])


def test_V06_roll_again_chain():
    assert final_die_roll([10, 20, 8]) == 38


def test_V07_bonus_and_total():
    assert bonus(38) == 11
    assert action_total(10, bonus(38)).total == 21


def test_V09_open_ended_bonus():
    assert bonus(73) == 18


def test_V10_hit_then_damage_with_the_same_bonus(quin):
    hit = attempt(quin, "heavy_weapons", dice=[14])
    assert hit.roll.bonus == 1 and hit.action.total == 13
    assert effect_total(27, hit.action).total == 28  # LAW, damage value 27


def test_V11_equal_total_succeeds():
    s = make("driver", {"PER": 9}, {"land_vehicles": 1, "reality": 1})
    a = attempt(s, "land_vehicles", difficulty=22, dice=[20, 10, 13])
    assert (a.roll.final, a.roll.bonus, a.action.total) == (43, 12, 22)
    assert a.action.success and a.action.result_points == 0 and a.action.level == "minimal"


def test_V13_possibility_extra_roll():
    s = make("driver", {"PER": 9}, {"land_vehicles": 1, "reality": 1}, possibilities=3)
    a = attempt(s, "land_vehicles", difficulty=22, dice=[20, 9])
    assert (a.roll.final, a.roll.bonus, a.action.total, a.action.success) == (29, 9, 19, False)
    a = a.with_extra_roll("possibility", dice=[12])
    assert (a.roll.final, a.roll.bonus, a.action.total, a.action.success) == (41, 12, 22, True)


def test_V14_countered_possibility(quin):
    starker = make(
        "Von Starker", {"DEX": 10}, {"fire_combat": 3, "reality": 1}, possibilities=10, side="villain"
    )
    shot = attempt(starker, "fire_combat", difficulty=quin.skill_value("dodge"), dice=[7])
    assert shot.roll.bonus == -2 and shot.action.total == 11 and not shot.action.success
    shot = shot.with_extra_roll("possibility", countered=True)
    starker.possibilities.spend(1, "extra roll (countered)")
    quin.possibilities.spend(1, "counter Von Starker")
    assert shot.action.total == 11 and not shot.action.success
    assert starker.possibilities.count == quin.possibilities.count == 9


def test_V15_solo_exceeds_means_at_least():
    """Ruling §9.2 #2: 'exceeds 12' reads as >= 12, so melee 13 hits on 9+ (bonus -1)."""
    assert min(d for d in range(1, 21) if 13 + bonus(d) >= 12) == 9


def test_V17_melee_12_vs_12_hits_on_11():
    assert min(d for d in range(1, 21) if 12 + bonus(d) >= 12) == 11


def test_V18_a_roll_of_one():
    assert 12 + bonus(1) == 0


def test_V19_an_ord_doctor_does_not_roll_again_on_20():
    doctor = make("Dr. Throckton", {"MIN": 9}, {"medicine": 2})
    a = attempt(doctor, "medicine", dice=[20])
    assert a.roll.final == 20 and a.action.total == 18


def test_V21_crowfire_rolls_a_one():
    crowfire = make("Crowfire", {"MIN": 9}, {"survival": 3, "reality": 1})
    assert attempt(crowfire, "survival", dice=[1]).action.total == 0


def test_V22_unskilled_jumping_loses_the_roll_again_on_20(quin):
    """Solo example: unskilled possibility-rated use rolls again on 10 only."""
    a = attempt(quin, "long_jumping", difficulty=11, dice=[20])
    assert not a.skilled and a.roll.final == 20 and a.action.total == 18
    assert attempt(quin, "long_jumping", difficulty=11, dice=[11]).action.success
    assert not attempt(quin, "long_jumping", difficulty=11, dice=[9]).action.success


def test_V23_result_points():
    t = action_total(15, 0, difficulty=12)
    assert t.result_points == 3 and success_level(3) == "good"


def test_P02_possibility_removes_wound_k_and_shock():
    blow = reduce_blow(parse_cell("Wnd K 4"), [Reduction("possibility", ("wound", "K", "shock"))])
    s = struck(DamageState(toughness=11), blow)
    assert (s.shock, s.K, s.wounds) == (1, False, 0)


def test_P03_mortal_blow_bought_down_to_heavy(quin):
    blow = reduce_blow(parse_cell("3 Wnd KO 5"), [Reduction("possibility", ("shock", "K", "wound"))])
    struck(quin.damage, blow)
    assert quin.damage.wounds == 2 and quin.damage.shock == 2
    assert not quin.damage.O  # an O without a K has no effect


def test_P04_three_coup_de_grace_cards():
    plus = card_types()["coup_de_grace"]["effect_bonus"]
    hit = action_total(10, 0, difficulty=8)
    dmg = effect_total(17, hit, modifiers=[Modifier("coup de grace", plus)] * 3)
    assert dmg.total == 26


def test_P06_up_roll_not_floored_then_a_possibility():
    eff = round_effects(
        DramaCard(1, "action", ConflictLine("hero", hero=("up",)), ConflictLine("villain")), "standard"
    )
    r = roll_d20(up=eff.up("hero"), dice=[13, 4])
    assert r.final == 17
    assert r.extra_roll("possibility", dice=[14]).final == 31


def test_P07_stymie_eats_the_20s_roll_again():
    r = roll_d20(stymied=True, dice=[20])
    assert r.final == 20 and not r.stymie_pending
    assert r.extra_roll("possibility", dice=[5]).final == 30


def test_P08_stymie_absorbs_the_possibility_then_a_hero_card_rolls():
    r = roll_d20(stymied=True, dice=[12]).extra_roll("possibility", dice=[])
    assert r.final == 12 and r.steps[-1].note == "lost to stymie"
    assert r.extra_roll("hero", dice=[15]).final == 27


def test_P10_reality_bubble_costs_a_possibility(quin):
    quin.possibilities.spend(BUBBLE_COST, "reality bubble: keep the plane flying")
    assert quin.possibilities.count == 9


def test_P11_two_possibilities_on_one_blow_are_refused():
    """Solo example spends two Possibilities on one crash; the rules allow one plus cards
    (ruling §9.2 #17: the solo adventure is a teaching simplification)."""
    heavy = parse_cell("2 Wnd")
    assert reduce_blow(heavy, [Reduction("possibility", ("wound",))]) == parse_cell("Wnd")
    with pytest.raises(TorgError, match="only one Possibility"):
        reduce_blow(heavy, [Reduction("possibility", ("wound",)), Reduction("possibility", ("wound",))])
    assert reduce_blow(heavy, [Reduction("possibility", ("wound",)), Reduction("hero", ("wound",))]).harmless


def test_P12_one_possibility_removes_two_wound_levels():
    """Ruling §9.3: a Possibility may pick the same option twice."""
    assert reduce_blow(parse_cell("2 Wnd"), [Reduction("possibility", ("wound", "wound"))]).harmless
