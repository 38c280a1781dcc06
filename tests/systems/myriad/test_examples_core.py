"""Worked examples of spec §6, core rules, by id (EX-01 ... EX-25).

Examples the spec marks as contradicting the rules (⚠) test the recommended ruling and say so.
"""

from fractions import Fraction

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.turn_order import RoundContext
from gmconsole.systems import get_system
from gmconsole.systems.myriad import (
    Resilience,
    ability_test,
    damage_dealt,
    initiative_total,
    success_chance,
    target_number,
)
from gmconsole.systems.myriad.ability import AbilityRoll
from gmconsole.systems.myriad.advancement import (
    RandomProgress,
    gradual_cost,
    monster_xp,
    skill_advances,
)
from gmconsole.systems.myriad.burning import Burn, burn, catalogue_sfx
from gmconsole.systems.myriad.conflict import free_movement, full_movement
from gmconsole.systems.myriad.creation import preset
from gmconsole.systems.myriad.healing import medic_heal, medic_tn
from gmconsole.systems.myriad.initiative import MyriadInitiative
from gmconsole.systems.myriad.modules import half_die
from gmconsole.systems.myriad.resilience import base_critical, resolve_line, wounds_line


def test_ex01_points_pool_size():
    assert preset("heroic", stats=6).stat_points == 18
    assert [preset(k).stat_points for k in ("heroic", "mundane", "godlike")] == [12, 8, 16]
    assert preset("heroic", skills=16).skill_points == 12


def test_ex02_substitute_dice():
    assert [half_die(f, 6) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert [half_die(f, 10) for f in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_ex03_starting_resilience_ruling_a2():
    assert (wounds_line(4).boxes, wounds_line(4).critical, resolve_line(3).boxes) == (4, 2, 3)
    assert (base_critical(5), base_critical(1)) == (3, 1)
    # 12 HP: +2 Wound boxes (4 HP) + 4 Critical (4 HP) + 4 Resolve (4 HP)
    bought = wounds_line(4, extra_boxes=2, extra_critical=4)
    assert (bought.boxes, bought.critical, resolve_line(3, extra_boxes=4).boxes) == (6, 6, 7)


def test_ex05_monster_xp():
    assert [monster_xp(5, m, fine=True) for m in (5, 3, 1, 8, 20)] == [3, 1, 0, 6, 10]
    assert [monster_xp(5, m) for m in (4, 5, 6, 7, 3)] == [1, 1, 1, 2, 0]


def test_ex06_power_3_to_4_costs_20():
    assert gradual_cost("stat", new_level=4) == 20


def test_ex07_acrobatics_2_to_3_costs_9():
    assert gradual_cost("skill", new_level=3) == 9


def test_ex09_fourth_sfx_costs_11():
    assert gradual_cost("new_sfx", owned_sfx=3) == 11


def test_ex10_random_skill_advancement():
    assert skill_advances(2, [3, 5])
    assert not skill_advances(2, [2, 6])
    assert not skill_advances(5, [6, 6])  # blocked at the absolute 5
    assert not skill_advances(4, [6, 6], cap=4)  # or the power level's cap


def test_ex11_random_progression_counters():
    progress = RandomProgress(skill_increases=4)
    assert progress.skill_increased(None) == (True, False)
    assert progress.skill_increases == 0
    grace = RandomProgress(stat_ticks={"grace": 4})
    assert grace.skill_increased("grace") == (False, True)
    assert grace.stat_ticks["grace"] == 0
    tally = RandomProgress(dice_burnt=19)
    assert not tally.burnt(1, owned_sfx=2)  # 20: nothing
    assert tally.burnt(1, owned_sfx=2) and tally.dice_burnt == 0  # 21: a new SFX


def test_ex13_average_person_ruling_b1():
    # ⚠ The book claims "better than 80%"; the exact chance is 19/27. Stat 4 gives 65/81.
    assert success_chance(3, 1, target_number("average")) == Fraction(19, 27)
    assert success_chance(4, 1, 6) == Fraction(65, 81)


def test_ex14_modifier_scale():
    from gmconsole.systems.myriad import data

    scale = {r["advantage"]: r["modifier"] for r in data.rows("modifiers", "scale")}
    assert scale == {"small": 1, "large": 2, "overwhelming": 3}
    blinded = [r for r in data.rows("modifiers", "opposed_examples") if "blinded" in r["situation"]]
    assert blinded[0]["modifier"] == 3
    # A thief (Grace 3 / Stealth 2, +3) against a blinded guard (Spirit 3 / Perception 2)
    assert ability_test([4, 2, 1], 2, modifiers=3) >= ability_test([5, 3, 3], 2)  # ties: thief


def test_ex15_helens_chasm_jump_and_mighty_leap():
    assert ability_test([2, 4, 5, 6], 3) >= 9  # case A: 10
    roll = AbilityRoll(dice=(2, 4, 5, 6), skill=3)
    leap = burn(roll, [Burn("mighty_leap", (3,))], {"mighty_leap": catalogue_sfx("mighty_leap")},
                tags={"jump"})
    assert leap.roll.total == 9  # case B: still 9 >= TN 9
    assert leap.extra_actions == 1  # the free close-combat attack at +1


def test_ex18_movement_and_closing_distance():
    assert (free_movement(3), full_movement(3)) == (6, 18)
    distance = 40
    distance -= full_movement(3)  # round 1: only moves
    assert distance == 22
    distance -= full_movement(3)
    assert distance == 4
    assert distance <= free_movement(3)  # round 3: closes and attacks in the same round
    assert (free_movement(2, fast_slow=-1), full_movement(2, fast_slow=-1)) == (4, 12)  # Dwarf
    assert (free_movement(3, fast_slow=3), full_movement(3, fast_slow=3)) == (9, 27)  # Naga


def test_ex19_single_side_rounds_roll_no_initiative():
    enc = Encounter(name="Ambush", combatants=[Combatant(id="nefarius", name="Nefarius",
                                                         side="villains")])
    notices = enc.start(MyriadInitiative(), RoundContext(stat=lambda c, n: 4))
    assert any("no initiative roll" in n.text for n in notices)
    assert enc.acting[0].id == "nefarius"


def test_ex21_initiative():
    assert initiative_total(5, 3) == 8  # Bronthar
    assert initiative_total(1, 4) == 5  # Nefarius
    enc = Encounter(name="Duel", combatants=[Combatant(id="b", name="Bronthar", side="pcs"),
                                             Combatant(id="n", name="Nefarius", side="foes")])
    grace = {"b": 3, "n": 4}
    enc.start(MyriadInitiative(), RoundContext(dice=[5, 1], stat=lambda c, _: grace[c.id]))
    assert enc.acting[0].name == "Bronthar"


def test_ex22_stunt_and_overflow_onto_the_critical_line():
    # The stunt is +1 to the attack roll, never to damage.
    assert ability_test([4, 2, 1], 3, modifiers=1) == ability_test([4, 2, 1], 3) + 1
    wounds = damage_dealt([1, 1, 1, 1, 1], 0)  # magic sword 5D vs ordinary clothes
    assert wounds == 5
    nefarius = Resilience(boxes=4, critical=3)
    nefarius.apply(wounds)
    assert (nefarius.crossed, nefarius.critical_crossed) == (4, 1)
    assert (nefarius.status, nefarius.critical_remaining) == ("incapacitated", 2)
    nefarius.apply(2)
    assert nefarius.status == "dead"


def test_ex23_social_combat_gigaton_man():
    # ⚠ Ruling C8: the text says the defence won initiative, but the prosecution opens.
    system = get_system("myriad")
    lawyer = system.parse_sheet({"name": "Prosecutor", "stats": {"power": 2, "grace": 2,
                                                                 "intellect": 4, "spirit": 4}})
    gigaton = system.parse_sheet({"name": "Gigaton Man", "stats": {"power": 9, "grace": 5,
                                                                   "intellect": 3,
                                                                   "spirit": 3}})
    assert system.stat(lawyer, "initiative:social") == 4  # d6 + Spirit
    # Round 1: the lawyer's quote hits: 1 Resolve damage
    gigaton = system.damage_from_dice(gigaton, [3], "resolve").sheet
    assert gigaton.line("resolve").crossed == 1
    # Gigaton Man hits back; the Guide rules his case strong: damage 2
    lawyer = system.apply_damage(lawyer, 2, "resolve").sheet
    assert lawyer.line("resolve").remaining == 2
    # Round 2: a funny quote, +1 to the attack and +1 damage = 2: the lawyer is beaten
    lawyer = system.apply_damage(lawyer, 1 + 1, "resolve").sheet
    assert lawyer.line("resolve").remaining == 0
    assert system.status(lawyer).label == "conceded"
    # All Resolve damage clears when the conflict ends
    assert system.end_conflict(gigaton).sheet.line("resolve").crossed == 0


def test_ex25_medic_tn_erratum_ruling_d1():
    # ⚠ 3 critical + 1 wound box left: the book prints TN 9, the formula gives 12 - 4 = 8.
    patient = Resilience(boxes=4, critical=3, crossed=3)
    assert medic_tn(patient) == 8
    outcome = medic_heal(patient, 10)  # roll 10 vs TN 8: restore 1 + 2 = 3
    assert outcome.healed is not None and outcome.healed.restored == 3
    dead = Resilience(boxes=4, critical=2, crossed=4, critical_crossed=2)
    assert medic_tn(dead) == 12  # tried within 10 minutes if the Guide agrees

