"""The Mythmagica plug-in: sheets, opposition, damage offers, quick NPCs, verbs and lookups."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.systems import get_system
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet, Weapon

SYSTEM = get_system("mythmagica")


def bob() -> MythmagicaSheet:
    """Bellerophon from the Pegasus example, close enough for the lasso steps."""
    return MythmagicaSheet(TN=0, ST=3, AG=0, CR=2, PC=0, HT=0, IN=0, level=8, armour_ward=7,
                           weapons=[Weapon(name="Lasso", kind="range", setback=10, tempo=12, strength=False)])


def stallion() -> MythmagicaSheet:
    return MythmagicaSheet(cast="stock", TN=4, ST=8, AG=0, PC=2, level=6,
                           weapons=[Weapon(name="Hooves", kind="natural", damage=17, strength=False)])


def test_unknown_statistics_are_refused_by_name() -> None:
    with pytest.raises(ValidationError, match="dodge"):
        MythmagicaSheet.model_validate({"dodge": 3})
    with pytest.raises(ValidationError):
        MythmagicaSheet(TN=60)


def test_entrapment_meets_stability_and_offers_setback() -> None:
    opp = SYSTEM.oppose(bob(), "attack:Lasso", stallion())
    assert opp.difficulty == stallion().stability and "Stability" in opp.note
    req = CheckRequest("attack:Lasso", difficulty=opp.difficulty)
    result = SYSTEM.check(bob(), req, random.Random(1), dice=[20])
    offer = SYSTEM.damage_offer(bob(), req, result, stallion(), random.Random(1))
    assert offer.kind == "setback" and offer.amount == (10 + 2 + result.margin) * 2


def test_weapon_attack_meets_defense_and_offers_damage_after_ward() -> None:
    horse, rider = stallion(), bob()
    opp = SYSTEM.oppose(horse, "attack:Hooves", rider)
    assert opp.difficulty == rider.defense
    req = CheckRequest("attack:Hooves", difficulty=opp.difficulty)
    result = SYSTEM.check(horse, req, random.Random(1), dice=[15])
    offer = SYSTEM.damage_offer(horse, req, result, rider, random.Random(1))
    assert offer.kind == "damage" and offer.amount == 17 + result.margin - rider.ward
    assert SYSTEM.oppose(horse, "attr:ST", rider) is None


def test_damage_and_overcome_without_mutating() -> None:
    s = stallion()
    change = SYSTEM.apply_damage(s, 200)
    assert s.damage == 0 and SYSTEM.status(change.sheet).label == "Overcome" and change.harmed
    healed = SYSTEM.heal(change.sheet, 5)
    assert healed.sheet.damage == change.sheet.hp_max - 5
    with pytest.raises(RulesError, match="kind"):
        SYSTEM.apply_damage(s, 1, "fire")


def test_a_mook_falls_to_its_first_point() -> None:
    mook = stallion().model_copy(update={"cast": "mook"})
    assert SYSTEM.status(SYSTEM.apply_damage(mook, 1).sheet).health == "down"


def test_quick_sheet() -> None:
    s = SYSTEM.quick_sheet({"level": 3, "hp": 12, "attack": 7, "damage": 6})
    assert s.hp_max == 12 and s.attack_bonus(s.weapons[0]) == 7 and s.cast == "stock"
    with pytest.raises(RulesError, match="init"):
        SYSTEM.quick_sheet({"init": 3})
    with pytest.raises(RulesError):
        SYSTEM.quick_sheet({"hp": 0})


def test_calculators() -> None:
    assert "566%" in SYSTEM.calculate("yield", ["10"])
    assert "238%" in SYSTEM.calculate("yield", ["10", "derived"])
    assert "5 Guts" in SYSTEM.calculate("guts", ["14", "18"])
    assert "3 swing" in SYSTEM.calculate("boss", ["7", "2", "2", "5"])
    with pytest.raises(RulesError, match="usage"):
        SYSTEM.calculate("guts", ["14"])


def test_mooks_have_no_guts_and_verbs_refuse_by_name() -> None:
    from gmconsole.systems.base import Scene

    scene = Scene(rng=random.Random(1))
    with pytest.raises(RulesError, match="named"):
        SYSTEM.perform(stallion(), "guts", ["2"], scene)
    named = bob().model_copy(update={"guts_spent": 12})
    assert SYSTEM.perform(named, "gutsit", [], scene).sheet.guts_spent == 18
    assert SYSTEM.perform(named, "refresh", ["major"], scene).sheet.guts_spent == 0
    with pytest.raises(RulesError, match="usage"):
        SYSTEM.perform(named, "refresh", ["sideways"], scene)


def test_scene_conditions_clear_at_the_end() -> None:
    s = bob().model_copy(update={"conditions": ["Stunned", "Maimed"]})
    assert SYSTEM.end_encounter(s).sheet.conditions == ["Maimed"]


def test_tables_keep_quality_notes_away() -> None:
    import re

    for name, text in SYSTEM.data_files().items():
        assert "credit" in text and "licence" in text, name
        assert not re.search(r"\bL\d{3,4}\b|confidence|OCR|\bEX-\d|\bC\d{1,2}\b", text), name
    assert any(t.name == "Fate Points and Hit Points" for t in SYSTEM.tables())


def test_the_end_of_a_scene_reads_the_guts_and_glory_consequence() -> None:
    """Overcome at 0 HP with 5 Guts spent (Glory Status 2): the Aftershock row for status 2;
    at 0 FP the Aftermath row; an unnamed foe at 0 HP dies."""
    sheet = SYSTEM.quick_sheet({"hp": 10, "fp": 10})
    named = sheet.model_copy(update={"cast": "named", "guts_spent": 5, "damage": 10})
    change = SYSTEM.end_encounter(named)
    assert change is not None and "Aftershock at Glory Status 2: Minor" in change.text
    beaten = named.model_copy(update={"damage": 0, "setback": 10, "guts_spent": 0})
    assert "Aftermath at Glory Status 1: Just loses" in SYSTEM.end_encounter(beaten).text
    mook = sheet.model_copy(update={"damage": 10})
    assert "dies" in SYSTEM.end_encounter(mook).text
    assert SYSTEM.end_encounter(sheet) is None
