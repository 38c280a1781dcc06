"""Worked examples §7.6: interaction, charm, persuasion, haggling, clearing the mind."""

from gmconsole.systems.torg import bonus, final_die_roll
from gmconsole.systems.torg.cards import ConflictLine, DramaCard
from gmconsole.systems.torg.conflict import round_effects
from gmconsole.systems.torg.dice import roll_again_faces
from gmconsole.systems.torg.interaction import (
    charm,
    clears_mind,
    concede,
    haggle_attitude,
    interaction_result,
    interrogation_needed,
    permanent_change,
    persuade,
    press_the_issue,
)
from gmconsole.systems.torg.values import measure_to_value

from .conftest import make


def test_I01_crowfire_charms_the_shaman():
    total = 14 + bonus(final_die_roll([10, 14]))
    assert total == 22
    out = charm("hostile", "hostile", total - 10)  # the shaman's resistance is 10 or less
    assert out.success and out.temporary == "neutral" and out.may_continue


def test_I03_intimidation_stymies_the_guards(crab):
    rp = 14 - 8
    assert crab.skill_value("intimidation") == 12
    assert interaction_result("intimidation", rp).key == "stymied"


def test_I04_interrogating_a_loyal_shocktrooper():
    assert 9 + interrogation_needed("loyal") == 24


def test_I07_sofia_charmed_to_neutral_only():
    crab_charm = 8 + 3  # CHA 8 unskilled, presence card +3
    assert crab_charm == 11
    out = charm("hostile", "hostile", 17 - 10)
    assert out.success and out.temporary == "neutral" and not out.may_continue


def test_I08_no_permanent_change_below_friendly():
    assert permanent_change("neutral", "neutral", "hostile") == "hostile"
    assert permanent_change("friendly", "neutral", "hostile") == "neutral"


def test_I09_pressing_the_issue_fails():
    assert press_the_issue("hostile", "neutral", False) == ("enemy", "enemy")


def test_I11_haggling_attitudes():
    assert [measure_to_value(p) for p in (3000, 2500, 7500)] == [18, 17, 20]
    assert haggle_attitude(2500, 3000, negotiator="seller") == "neutral"
    assert haggle_attitude(7500, 3000, negotiator="buyer") == "hostile"


def test_I12_the_biplane_deal():
    assert persuade("hostile", 6) == "fail"  # the merchant's 6 RP against Quin, hostile
    assert persuade("neutral", 4) == "negotiated"  # Quin's 4 RP against the neutral merchant
    merchant = concede(7500, 2500, steps=2)  # failed and forced by a negotiated result
    assert merchant == 4000 and measure_to_value(merchant) == 18
    assert haggle_attitude(merchant, 3000, negotiator="buyer") == "neutral"
    assert persuade("neutral", 5) == "negotiated"  # the merchant's 5 RP against neutral Quin
    quin = concede(2500, merchant)
    assert quin == 3250
    assert haggle_attitude(quin, 3000, negotiator="seller") == "friendly"
    assert persuade("friendly", 4) == "yes"  # deal at 3250


def test_I13_crab_clears_his_mind():
    crab_total = 21
    assert crab_total - 9 == 12
    assert clears_mind(crab_total, 9, 9)


def test_I15_hero_setback_in_a_social_scene():
    """The book's setback here is the GM's: no further charm that scene. The engine reports the
    setback for the heroes; with no prepared setback it blocks harmful actions instead."""
    card = DramaCard(1, "idea", ConflictLine("hero", hero=("setback",)), ConflictLine("villain"))
    eff = round_effects(card, "standard")
    assert "setback" in eff.effects("hero")


def test_I16_solo_unskilled_charm():
    """Solo branch thresholds are a simplification; by the rules an unskilled possibility-rated
    charm uses CHA 9 and rolls again on 10s only."""
    quin = make("Quin", {"CHA": 9}, {"reality": 1}, possibilities=1)
    assert quin.action_value("charm") == (9, False)
    assert roll_again_faces(possibility_rated=True, skilled=False) == {10}


def test_I05_declared_effect_needs_players_call():
    """The taunt 'a little too high' got a GM-trimmed discount: only 17+ result points give the
    declared effect (Player's Call, which the GM may trim); 15-16 stay Up/Setback."""
    assert interaction_result("taunt", 16).key == "up_setback"
    assert interaction_result("taunt", 17).effects == ("players_call",)
