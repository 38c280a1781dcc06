"""The Torg sheet: validation with clear messages, derived values, round trip (003-torg.md §4)."""

import pytest
from pydantic import ValidationError

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.sheet import Armour, TorgSheet, Weapon, narrowed_value


def quin(**extra):
    data = {
        "name": "Quin",
        "attributes": {"DEX": 11, "STR": 9, "TOU": 11, "PER": 9, "MIN": 9, "CHA": 9, "SPI": 8},
        "skills": {"dodge": 2, "fire_combat": 3, "heavy_weapons": 1, "land_vehicles": 1, "reality": 1},
        "possibilities": {"history": [{"delta": 10, "reason": "starting"}]},
    }
    data.update(extra)
    return TorgSheet.model_validate(data)


def test_round_trip_is_exact_and_stores_no_derived_values():
    s = quin(damage={"shock": 3, "K": True})
    dumped = s.model_dump(mode="json", exclude_none=True)
    assert TorgSheet.model_validate(dumped) == s
    assert "toughness" not in dumped["damage"]
    assert s.damage.toughness == 11


def test_skill_values_and_unskilled_use():
    s = quin()
    assert s.skill_value("dodge") == 13
    assert s.action_value("Fire Combat") == (14, True)
    assert s.action_value("running") == (11, False)
    assert s.action_value("dex") == (11, True)  # a plain attribute task is not unskilled


def test_a_skill_that_cannot_be_used_unskilled_is_refused():
    with pytest.raises(TorgError, match="Quin has no adds in medicine"):
        quin().skill_value("medicine")


def test_partial_unskilled_use_is_refused_for_that_use_only():
    s = quin()
    assert s.skill_value("melee_weapons") == 11
    with pytest.raises(TorgError, match="cannot active defence with melee weapons unskilled"):
        s.skill_value("melee_weapons", use="active_defence")


def test_unknown_skill_suggests_the_near_miss():
    with pytest.raises(TorgError, match="did you mean 'dodge'"):
        quin().skill_value("dodgee")
    with pytest.raises(ValidationError, match="did you mean 'dodge'"):
        quin(skills={"dodgy": 1})


def test_impossible_attribute_is_refused():
    with pytest.raises(ValidationError, match=r"attributes\.DEX"):
        quin(attributes={"DEX": 0})


def test_unknown_cosm_is_refused():
    with pytest.raises(ValidationError, match="unknown cosm"):
        quin(cosm="narnia")


def test_possibility_rated_follows_reality():
    assert quin().possibility_rated
    ord_ = TorgSheet(name="guard", skills={"fire_combat": 1})
    assert not ord_.possibility_rated


def test_an_ord_cannot_hold_possibilities():
    with pytest.raises(ValidationError, match="is an Ord"):
        TorgSheet(name="guard", possibilities={"history": [{"delta": 2}]})


def test_possibility_ledger_history_and_refusals():
    s = quin()
    s.possibilities.spend(1, "extra roll")
    s.possibilities.gain(3, "act award")
    assert s.possibilities.count == 12
    assert [e.reason for e in s.possibilities.history] == ["starting", "extra roll", "act award"]
    with pytest.raises(TorgError, match="needs 13"):
        s.possibilities.spend(13)
    with pytest.raises(ValidationError, match="spends more"):
        quin(possibilities={"history": [{"delta": 1}, {"delta": -2}]})


def test_axioms_come_from_the_cosm_unless_overridden():
    assert quin().cosm_axioms.tech == 23
    s = quin(cosm="aysle", axioms={"magic": 20, "social": 18, "spiritual": 16, "tech": 15})
    assert s.cosm_axioms.magic == 20


def test_armour_and_weapons():
    s = quin(
        armour=Armour(name="kevlar", add=5, max=22, fatigue_penalty=True),
        weapons=[
            Weapon(name="Uzi", skill="fire combat", damage=17),
            Weapon(name="knife", skill="melee_weapons", adds=3, max=17),
        ],
    )
    assert s.toughness_against_blow() == 16
    assert s.weapon_damage("uzi") == 17
    assert s.weapon_damage("knife") == 12
    with pytest.raises(TorgError, match="has no weapon 'bazooka'"):
        s.weapon("bazooka")
    with pytest.raises(ValidationError, match="either a fixed damage"):
        Weapon(name="odd", skill="fire_combat")


def test_parenthetical_values_are_defence_only():
    ravagon = TorgSheet(
        name="Ravagon",
        side="villain",
        attributes={"DEX": 9, "STR": 14, "TOU": 10, "PER": 10, "MIN": 8, "CHA": 8, "SPI": 8},
        skills={"taunt": 1, "reality": 2},
        parenthetical={"taunt": 12},
    )
    assert ravagon.defence_value("taunt") == 12
    assert ravagon.skill_value("taunt") == 9


def test_narrowed_scope():
    assert [narrowed_value(9, 2, r) for r in ("primary", "secondary", "other")] == [11, 10, 9]
