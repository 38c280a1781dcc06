"""Conflict types, initiative, damage against armour, movement (spec §4, fixtures §6.1)."""


import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad import damage_dealt, initiative_total
from gmconsole.systems.myriad.conflict import (
    conflict_type,
    effective_armour,
    free_movement,
    full_movement,
    initiative_modifier,
    resilience_types,
    unarmed_damage,
)


def test_standard_conflict_types():
    mortal, social = conflict_type("mortal"), conflict_type("Social")
    assert (mortal.attack_stat, mortal.defence_stat, mortal.resilience) == (
        "power", "grace", "wounds")
    assert (social.attack_stat, social.defence_stat, social.resilience) == (
        "intellect", "spirit", "resolve")
    assert resilience_types()["resolve"].reset_on_conflict_end
    assert resilience_types()["wounds"].critical
    with pytest.raises(RulesError, match="Unknown conflict type 'mortel'"):
        conflict_type("mortel")


@pytest.mark.parametrize(("die", "defence", "expected"), [(5, 3, 8), (1, 4, 5)])
def test_initiative_fixtures(die, defence, expected):
    assert initiative_total(die, defence) == expected


def test_initiative_modifiers_and_bad_die():
    assert initiative_total(4, 3, -1) == 6
    assert initiative_modifier("mortal", fast_slow=3) == 1  # C19
    assert initiative_modifier("mortal", fast_slow=-3) == -1
    assert initiative_modifier("social", fast_slow=3) == 0
    assert initiative_modifier("mortal", fast_slow=2, cold_blooded_exposed=True) == -1  # C18
    with pytest.raises(RulesError, match="initiative die"):
        initiative_total(7, 3)


@pytest.mark.parametrize(
    ("dice", "armour", "expected"),
    [([1, 2, 6], 1, 2), ([1, 1, 1, 1, 1], 0, 5), ([1, 4], 2, 1), ([1, 2, 3, 4, 6], 3, 2)],
)
def test_damage_fixtures(dice, armour, expected):
    assert damage_dealt(dice, armour) == expected


def test_c17_a_die_equal_to_armour_does_nothing_and_c21_armour_six_is_immune():
    assert damage_dealt([2, 2, 3], 2) == 1
    assert damage_dealt([6, 6, 6], 6) == 0
    with pytest.raises(RulesError):
        damage_dealt([3], -1)


def test_armour_never_stacks_and_unarmed_dice():
    assert effective_armour(worn=3, natural=2) == 3  # EX-54
    assert effective_armour(natural=3, natural_heavy=1) == 4
    assert effective_armour(worn=1, natural=3, natural_heavy=1) == 4
    assert unarmed_damage() == 1
    assert unarmed_damage(natural_weapon=1) == 2  # Ogre


def test_movement():
    # fixture: defence 3 -> free 6, full 18 (L668); EX-18 extras
    assert (free_movement(3), full_movement(3)) == (6, 18)
    assert (free_movement(2, fast_slow=-1), full_movement(2, fast_slow=-1)) == (4, 12)
    assert (free_movement(3, fast_slow=3), full_movement(3, fast_slow=3)) == (9, 27)
    assert free_movement(1, penalty=10) == 0
