"""Worked examples of spec §6, optional combat rules and SFX, by id (EX-17 ... EX-57)."""


import pytest

from gmconsole.systems.myriad import Resilience, damage_dealt
from gmconsole.systems.myriad.combat_options import (
    body_part,
    can_melee_flyer,
    decay_dice,
    dum_dum_armour,
    hawkeye,
    hit_location,
    incapacitated_by,
    push_distance,
    scale_modifier,
    throw,
    wmd_hits,
)
from gmconsole.systems.myriad.conflict import effective_armour, unarmed_damage
from gmconsole.systems.myriad.effects import (
    EffectKind,
    effect_armour,
    exposure_damage,
    falling_damage,
    resolve_effect,
    starvation_damage,
)


def test_ex17_scale_modifier():
    assert scale_modifier("Large", "Small") == -2  # a car shooting at a child
    assert scale_modifier("small", "large") == 2


def test_ex26_push_margin_plus_one():
    assert push_distance(9, 6) == 4
    assert push_distance(6, 6) == 1  # a tie goes to the attacker
    assert push_distance(5, 6) == 0


@pytest.mark.parametrize(("distance", "dice"), [(0, 5), (2, 4), (4, 3), (6, 2), (8, 1), (10, 0),
                                                 (1.9, 5), (3, 4)])
def test_ex27_grenade_decay_ruling_c16(distance, dice):
    assert decay_dice(5, 2, distance) == dice


def test_ex29_flyer_only_on_its_own_count():
    # Eagle at 5 dives on the fighter at 4; the fighter at 6 holds to 5.
    assert can_melee_flyer(5, 5, near_flyers_target=True)  # the held fighter
    assert not can_melee_flyer(4, 5, near_flyers_target=True)
    assert not can_melee_flyer(2, 5, near_flyers_target=False)


def test_ex30_falling_starvation_cold_ruling_c13():
    assert [falling_damage(h) for h in (3, 6, 9, 40)] == [0, 1, 2, 10]
    assert starvation_damage(days_without_food=4) == 2
    assert starvation_damage(days_without_water=1) == 2
    assert exposure_damage(2) == 4


def test_ex31_artery_strike_bleed_armour():
    assert effect_armour(EffectKind.BLEEDING, natural=0, worn=4) == 2
    assert effect_armour(EffectKind.BLEEDING, natural=2) == 4
    assert resolve_effect(EffectKind.BLEEDING, 2, dice=[2]).boxes == 0


def test_ex33_hawkeye():
    dice_left, automatic = hawkeye(3, 2)  # arrow 3D, 2 sixes burnt on a hit
    assert (dice_left, automatic) == (1, 2)
    assert automatic + damage_dealt([4], 0) == 3
    with pytest.raises(ValueError, match="4 sixes for only 3"):
        hawkeye(3, 4)


def test_ex34_superior_throw_ruling_c12():
    # Annette's six #1 throws an ungrappled foe; the standard throw's free effect is 2D damage,
    # six #2 adds an automatic trip. Distance: margin + 1 (C12), not the margin the text gives.
    flung = throw(10, 7, ["damage", "trip"])
    assert (flung.metres, flung.prone, flung.damage_dice) == (4, True, 2)
    with pytest.raises(ValueError, match="once per throw"):
        throw(10, 7, ["trip", "trip"])


def test_ex41_incapacitate_joe():
    joe = Resilience(boxes=5, critical=3)
    joe.apply(damage_dealt([1, 4], 2))
    assert joe.remaining == 4
    # 1 and 2 don't beat armour 2 (ruling C17); 3, 4, 4, 6 do: 4 >= 4 boxes left
    assert incapacitated_by([1, 2, 3, 4, 4, 6], 2, joe.remaining)
    assert joe.remaining == 4  # no real damage


def test_ex49_deadly_weakness():
    werewolf = Resilience(boxes=6, critical=3)
    for _ in range(3):  # sunlight, 3 rounds: 1 critical each, directly
        hit = resolve_effect(EffectKind.DEADLY_WEAKNESS, 0)
        werewolf.apply(hit.boxes, to_critical=hit.to_critical)
    assert (werewolf.crossed, werewolf.critical_crossed) == (0, 3)


def test_ex54_natural_armour_and_weapons():
    assert damage_dealt([1, 2], 2) == 0  # NA 2: ones and twos never wound
    assert effective_armour(natural=3, natural_heavy=1) == 4
    assert effective_armour(worn=3, natural=2) == 3
    assert unarmed_damage(natural_weapon=1) == 2  # Ogre


def test_ex57_glyph_of_retribution():
    assert damage_dealt([1, 2, 3, 4, 6], 3) == 2  # Barney takes 2
    assert damage_dealt([4], 2) == 1  # one die back at the ogre's armour 2


def test_fixture_wmd_and_ruling_c15():
    assert wmd_hits([1, 1, 4, 5, 6], wmd=5, armour=6, hardened=2) == 9
    assert wmd_hits([6, 6], wmd=1, armour=0, hardened=1) == 0  # normal weapon, hardened target
    assert wmd_hits([6, 2], wmd=1, armour=2) == 1  # a normal weapon: armour untouched, x1
    assert wmd_hits([6, 6, 3], wmd=3, armour=4, hardened=2) == 2  # WMD 1 left: armour 3, x1


def test_hit_locations_ruling_c9_and_c20():
    assert hit_location("humanoid", 2) == "head" and hit_location("humanoid", 7) == "torso"
    assert hit_location("bat_bird", 2) == "head" and hit_location("bat_bird", 3) == "torso"
    assert hit_location("snake_worm", 3) == "torso"
    assert body_part("head")["wound_multiplier"] == 2 and body_part("arm")["wound_multiplier"] == 1
    with pytest.raises(ValueError, match="not a 2d6 total"):
        hit_location("humanoid", 13)


def test_dum_dums_armour_ruling_c22():
    assert (dum_dum_armour(1), dum_dum_armour(2)) == (1, 3)
