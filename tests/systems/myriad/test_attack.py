"""A whole attack: opposed test, damage SFX, dice against armour, boxes crossed (spec §4.4-§4.5)."""

import random

import pytest

from gmconsole.systems.myriad.attack import Side, attack
from gmconsole.systems.myriad.burning import SfxError, catalogue_sfx
from gmconsole.systems.myriad.sheet import Gear, MyriadSheet


@pytest.fixture
def nefarius() -> MyriadSheet:
    return MyriadSheet(name="Nefarius", stats={"power": 4, "grace": 4, "intellect": 3,
                                               "spirit": 3},
                       skills={"close_combat": 2, "ranged_combat": 3, "persuasion": 2},
                       sfx=[catalogue_sfx("hard_as_nails")],
                       gear=[Gear(name="Bow", kind="weapon", damage_dice=3, range="medium")],
                       resilience={"wounds": {"boxes": 4, "critical": 3},
                                   "resolve": {"boxes": 3}})


def test_a_sword_hit_crosses_off_boxes_and_leaves_the_original_alone(bronthar, nefarius):
    report = attack(Side(bronthar, "close_combat", dice=[5, 3, 2, 1]),
                    Side(nefarius, dice=[4, 4, 1, 1]), weapon="long sword",
                    damage_faces=[1, 1, 3, 6])
    assert (report.attack.total, report.defence.total, report.hit, report.margin) == (
        9, 6, True, 3)
    assert (report.damage_dice, report.armour, report.boxes) == (4, 0, 4)
    assert report.defender is not None
    assert report.defender.line("wounds").status == "incapacitated"
    assert nefarius.line("wounds").crossed == 0


def test_ties_hit_and_misses_do_no_damage(bronthar, nefarius):
    tie = attack(Side(bronthar, "close_combat", dice=[2, 1, 1, 1]),
                 Side(nefarius, dice=[4, 1, 1, 1]), weapon="long sword",
                 damage_faces=[6, 6, 6, 6])
    assert tie.hit and tie.margin == 0
    miss = attack(Side(nefarius, "close_combat", dice=[1, 1, 1, 1]),
                  Side(bronthar, dice=[2, 1, 1, 1]))
    assert not miss.hit and miss.boxes == 0 and miss.defender is None


def test_armour_counts_against_each_die(bronthar, nefarius):
    report = attack(Side(nefarius, "ranged_combat", dice=[6, 1, 1, 1]),
                    Side(bronthar, "ranged_combat", dice=[1, 1, 1, 1]), weapon="bow",
                    damage_faces=[3, 4, 6])
    assert report.armour == 3 and report.boxes == 2  # chain mail 3: only 4 and 6 wound


def test_power_strike_and_hard_as_nails_change_the_dice(bronthar, nefarius):
    report = attack(Side(bronthar, "close_combat", dice=[6, 6, 2, 1],
                         burns=[{"sfx": "power_strike", "dice": [1, 2]}]),
                    Side(nefarius, dice=[6, 2, 1, 1],
                         burns=[{"sfx": "hard_as_nails", "dice": [1]}]),
                    damage_faces=[5, 5])
    # attack: 6 + 4, both sixes burnt = 10; defence: 6 + 2, six burnt = 8
    assert (report.attack.total, report.defence.total) == (10, 8)
    assert report.damage_dice == 1 + 2 - 1 and report.boxes == 2


def test_hawkeye_turns_dice_into_automatic_wounds(nefarius, bronthar):
    archer = nefarius.model_copy(update={"sfx": [catalogue_sfx("hawkeye")]})
    report = attack(Side(archer, "ranged_combat", dice=[6, 6, 5, 1],
                         burns=[{"sfx": "hawkeye", "dice": [1, 2]}]),
                    Side(bronthar, "ranged_combat", dice=[1, 1, 1, 1]), weapon="bow",
                    damage_faces=[2])
    assert (report.automatic, report.damage_dice, report.boxes) == (2, 1, 2)


def test_an_attack_sfx_on_a_miss_is_refused(bronthar, nefarius):
    with pytest.raises(SfxError, match="need a successful test"):
        attack(Side(bronthar, "close_combat", dice=[6, 1, 1, 1],
                    burns=[{"sfx": "power_strike", "dice": [1]}]),
               Side(nefarius, dice=[6, 6, 6, 6]))


def test_social_attack_does_one_resolve_box(bronthar, nefarius):
    report = attack(Side(bronthar, "persuasion", dice=[4, 3, 2, 1]),
                    Side(nefarius, dice=[3, 2, 1]), conflict="social", damage_faces=[1])
    assert report.line == "resolve" and report.boxes == 1
    assert report.defender is not None and report.defender.line("resolve").crossed == 1
    strong = attack(Side(bronthar, "persuasion", dice=[4, 3, 2, 1]),
                    Side(nefarius, dice=[3, 2, 1]), conflict="social", bonus_dice=1,
                    damage_faces=[1, 2])
    assert strong.boxes == 2  # the Guide grants a strong case +1


def test_rolled_attack_is_reproducible(bronthar, nefarius):
    first = attack(Side(bronthar, "close_combat"), Side(nefarius), weapon="long sword",
                   rng=random.Random(11))
    again = attack(Side(bronthar, "close_combat"), Side(nefarius), weapon="long sword",
                   rng=random.Random(11))
    assert first.attack.total == again.attack.total and first.boxes == again.boxes
