"""The Myriad sheet: validation with field-named messages, lookups, derived values (spec §3)."""

import pytest
from pydantic import ValidationError

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad.sheet import BoonFlaw, Gear, MyriadSheet

from .conftest import recommended_build


def test_minimal_sheet_gets_its_resilience_lines_from_stats():
    sheet = MyriadSheet(name="Nefarius", stats={"power": 4, "grace": 4, "intellect": 3,
                                                  "spirit": 3})
    assert (sheet.line("wounds").boxes, sheet.line("wounds").critical) == (4, 2)
    assert sheet.line("resolve").boxes == 3 and not sheet.line("resolve").has_critical


@pytest.mark.parametrize(
    ("stats", "message"),
    [
        ({"power": 11, "grace": 3, "intellect": 3, "spirit": 3}, "stats.power: 11 is impossible"),
        ({"power": 0, "grace": 3, "intellect": 3, "spirit": 3}, "stats.power: 0 is impossible"),
        ({"power": 3, "grace": 3, "intellect": 3}, "stats: missing spirit"),
    ],
)
def test_impossible_stats_name_the_field(stats, message):
    with pytest.raises(ValidationError, match=message):
        MyriadSheet(name="X", stats=stats)


def test_impossible_skill_and_duplicates():
    with pytest.raises(ValidationError, match=r"skills.stealth: 6 is impossible"):
        recommended_build(skills={"stealth": 6})
    with pytest.raises(ValidationError, match="boons_flaws: lucky listed twice"):
        recommended_build(boons_flaws=[BoonFlaw(id="lucky"), BoonFlaw(id="Lucky")])
    with pytest.raises(ValidationError, match="a weapon needs a damage rating"):
        Gear(name="Stick", kind="weapon")


def test_lookups_with_clear_messages(bronthar):
    assert bronthar.stat("Grace") == 4
    with pytest.raises(RulesError, match="Bronthar has no statistic 'strength'"):
        bronthar.stat("strength")
    assert bronthar.skill("Close Combat") == 4
    # A6: untrained is 0 and allowed, unless the caller insists on training
    assert bronthar.skill("medic") == 0
    with pytest.raises(RulesError, match="Bronthar lacks the skill 'medic'"):
        bronthar.skill("medic", untrained_ok=False)
    with pytest.raises(RulesError, match=r"Unknown skill 'medik'.*'medic'"):
        bronthar.skill("medik")
    with pytest.raises(RulesError, match="no 'nerve' line"):
        bronthar.line("nerve")
    with pytest.raises(RulesError, match=r"carries no weapon 'axe'.*Long sword"):
        bronthar.weapon("axe")
    assert bronthar.weapon("long sword").damage_dice == 4


def test_derived_values(bronthar):
    assert bronthar.armour == 3
    assert bronthar.unarmed_dice == 1
    assert bronthar.fast_slow == 1
    assert bronthar.pool("power") == 4 and bronthar.pool("power", -5) == 1  # B2
    assert bronthar.level == 1
    assert bronthar.gp_from_boons_flaws == 3
    assert set(bronthar.owned_sfx()) >= {"power_strike", "mighty_leap"}
    ogre = recommended_build(boons_flaws=[BoonFlaw(id="natural_armour", level=2),
                                          BoonFlaw(id="natural_weapon", level=1)], gear=[])
    assert (ogre.armour, ogre.unarmed_dice) == (2, 2)


def test_round_trip_through_a_dict(bronthar):
    dumped = bronthar.model_dump(mode="json", exclude_none=True)
    assert MyriadSheet.model_validate(dumped) == bronthar
    assert "armour" not in dumped and "level" not in dumped  # derived values are not stored


def test_boon_price_from_the_list():
    assert BoonFlaw(id="natural_armour", level=2).cost == 6
    assert BoonFlaw(id="prejudice").cost == -3
    assert BoonFlaw(id="ally", level=3, gp=3).cost == 3
    with pytest.raises(RulesError, match="Unknown boon or flaw 'lucy'"):
        _ = BoonFlaw(id="lucy").cost
