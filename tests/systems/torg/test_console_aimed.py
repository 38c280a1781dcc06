"""Tests typed `at TARGET` keep the target whatever else is on the line: attacks against the
defence, interactions against the target's skill or attribute (their result applied by `hit`),
first aid against the patient's wounds; and the combat options' modifiers."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def sheet(s: Session, who: str):
    return s.resolve(who).sheet


@pytest.mark.parametrize(
    "line",
    [
        "check quinn fire_combat dice 15 at edeinos-2",
        "check quinn fire_combat poss dice 15 at edeinos-2",
        "check quinn fire_combat stymied dice 15 at edeinos-2",
        "check quinn fire combat dice=15 at edeinos-2",
    ],
)
def test_switch_words_keep_the_targets_defence(demo: Session, line: str) -> None:
    """Quinn's fire combat 14 + 2 (die 15) = 16 vs the Edeinos' dodge 12 (DEX 11 + 1)."""
    event = demo.execute(line)
    assert "vs 12" in event.text and "dodge 12" in event.text
    assert event.data["result"]["success"] is True if "result" in event.data else "success" in event.text


def test_a_hit_after_switch_words_offers_its_damage(demo: Session) -> None:
    """Beretta 15 + bonus 2 = 17 vs Toughness 11: 6 RP, "Knockdown K/O 5" on the Ords column."""
    demo.execute("check quinn fire_combat dice 15 at edeinos-2")
    event = demo.execute("hit")
    d = sheet(demo, "edeinos-2").damage
    assert "17" in event.text and (d.knockdown, d.K, d.shock) == (True, True, 5)


def test_a_taunt_opposes_the_targets_charisma_and_hit_applies_the_result(demo: Session) -> None:
    """Helena taunts unskilled (CHA 9) + 6 (die 19) = 15 vs the Edeinos' CHA 7: 8 RP, stymied."""
    event = demo.execute("check helena taunt dice 19 at edeinos-2")
    assert "vs 7" in event.text and "CHA 7" in event.text and "target: stymied" in event.text
    demo.execute("hit")
    assert "stymied" in sheet(demo, "edeinos-2").this_round


def test_a_trick_uses_the_targets_perception_and_sets_it_back(demo: Session) -> None:
    """Helena's trick 12 (PER 11 + 1) + 6 = 18 vs PER 8: 10 RP, setback."""
    event = demo.execute("check helena trick dice 19 at edeinos-2")
    assert "vs 8" in event.text and "target: setback" in event.text
    demo.execute("hit")
    assert "setback" in sheet(demo, "edeinos-2").this_round


def test_a_maneuver_fatigues_the_target(demo: Session) -> None:
    """Quinn maneuvers unskilled (DEX 11) + 5 (die 18) = 16 vs the Edeinos' DEX 11: 5 RP,
    fatigued: 2 shock."""
    demo.execute("check quinn maneuver dice 18 at edeinos-2")
    demo.execute("hit")
    assert sheet(demo, "edeinos-2").damage.shock == 2


def test_first_aid_takes_its_dn_from_the_patient_and_offers_no_damage(demo: Session) -> None:
    demo.execute("dmg helena 22")  # 14 RP: 2 Wnd KO 5, heavily wounded
    event = demo.execute("check quinn first_aid dice 18 at helena")
    assert "vs 12" in event.text  # heavy wound: DN 12
    with pytest.raises(RulesError, match="cannot work this damage out"):
        demo.execute("hit")


def test_combat_options_change_the_total_the_dn_and_the_damage(demo: Session) -> None:
    """Medium range (-3) and partial concealment (+3 DN): 14 + 2 - 3 = 13 vs 12 + 3 = 15 misses;
    aimed (+3) and several shots (+3 damage): 14 + 2 + 3 = 19 vs 12; damage 15 + 2 + 3 = 20."""
    event = demo.execute("check quinn fire_combat range=medium concealment=partial dice 15 at edeinos-2")
    assert "= 13 vs 15" in event.text
    event = demo.execute("check quinn fire_combat aimed fire=several_shots dice 15 at edeinos-2")
    assert "= 19 vs 12" in event.text and "3 round(s) of ammunition" in event.text
    hit = demo.execute("hit")
    assert "20 vs Toughness 11" in hit.text


def test_cover_is_armour_for_the_blow(demo: Session) -> None:
    """Soft cover: Toughness 11 + 3 = 14 (max 15); 17 - 14 = 3 RP, "O 2" on the Ords column."""
    demo.execute("check quinn fire_combat cover=soft dice 15 at edeinos-2")
    event = demo.execute("hit")
    d = sheet(demo, "edeinos-2").damage
    assert "Toughness 14 in soft cover" in event.text and d.shock == 2


def test_point_blank_floors_the_bonus_at_one(demo: Session) -> None:
    event = demo.execute("check quinn fire_combat range=point_blank dice 5 at edeinos-2")
    assert "= 15 vs 12" in event.text  # die 5 is -5, floored at +1


def test_a_disarm_offers_no_damage(demo: Session) -> None:
    demo.execute("check quinn fire_combat attack=disarm dice 20 20 5 at edeinos-2")
    with pytest.raises(RulesError):
        demo.execute("hit")


@pytest.mark.parametrize(
    "line",
    [
        "calc value 1542",
        "calc value 99999999999999999999999",
        "calc value " + "10" * 40,
        "calc measure " + "9" * 80,
        "calc measure 0",
        "calc measure -5",
        "calc value ٣",
        "calc value 2.5",
        "gain quinn 99999999999999999999",
        "gain quinn 5000",
        "spend quinn ٣",
        "check quinn fire_combat dice 99",
        "check quinn fire_combat range=moon",
    ],
)
def test_hostile_numbers_are_refused_by_name(demo: Session, line: str) -> None:
    with pytest.raises(RulesError):
        demo.execute(line)


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("calc value 1 mile", "value 1 = "),
        ("calc measure 1 week", "= value 29"),
        ("calc measure 1 mile", "= value 16"),
        ("calc measure 2 weeks", "= value 31"),
    ],
)
def test_singular_units(demo: Session, line: str, answer: str) -> None:
    assert answer in demo.execute(line).text


def test_an_active_dodge_answers_the_pending_hit(demo: Session) -> None:
    """Quinn hits with 16 (die 15); the Edeinos dodges actively: 12 + 6 (die 19) = 18 beats 16,
    the hit is stopped and `hit` has nothing to apply."""
    demo.execute("check quinn fire_combat dice=15 at edeinos-2")
    event = demo.execute("check edeinos-2 dodge dice=19 at quinn")
    assert "vs 17" in event.text and event.data.get("answers")
    with pytest.raises(RulesError):
        demo.execute("hit")
    assert sheet(demo, "edeinos-2").damage.shock == 0


def test_a_failed_dodge_leaves_the_hit_pending(demo: Session) -> None:
    """The dodge's bonus is at least 1 (die 3 is -8): 12 + 1 = 13 does not beat 16."""
    demo.execute("check quinn fire_combat dice=15 at edeinos-2")
    event = demo.execute("check edeinos-2 dodge dice=3 at quinn")
    assert "= 13 vs 17" in event.text
    demo.execute("hit")
    assert sheet(demo, "edeinos-2").damage.K


def test_an_interaction_is_answered_with_the_same_skill(demo: Session) -> None:
    """Helena's taunt 15 (die 19) stymies the Edeinos unless it taunts back above 15: unskilled
    CHA 7 + 6 (die 19) = 13 is not enough, and hit still applies the taunt."""
    demo.execute("check helena taunt dice=19 at edeinos-2")
    event = demo.execute("check edeinos-2 taunt dice=19 at helena")
    assert "= 13 vs 16" in event.text and event.data.get("answers")
    demo.execute("hit")
    assert "stymied" in sheet(demo, "edeinos-2").this_round


def test_a_possibility_spent_after_a_success_is_a_switch(demo: Session) -> None:
    """A Possibility may be spent after seeing any roll (a better result, more damage): the
    test line's possibility_anyway switch does it; possibility alone spends only on a miss."""
    before = demo.resolve("quinn").sheet.possibilities.count
    event = demo.execute("check quinn fire_combat possibility_anyway dice=15,12 at edeinos-2")
    assert "= 23 vs 12" in event.text and "spends a Possibility" in event.text
    assert demo.resolve("quinn").sheet.possibilities.count == before - 1
    assert "possibility_anyway" in {o.key for o in demo.system.check_switches(demo.resolve("quinn").sheet)}


def test_a_dodge_with_nothing_to_dodge_says_so(demo: Session) -> None:
    """A dodge answers a pending shot or throw; against a blow, or with nothing pending, the
    line says what a dodge answers rather than a bare total, and the blow stays pending."""
    demo.execute("check kurst unarmed_combat dice=16 at quinn")
    event = demo.execute("check quinn dodge dice=13 at kurst")
    assert "no shot or throw of theirs to dodge" in event.text and " vs " not in event.text
    assert "Kurst the Ravagon hits" in demo.execute("hit").text
