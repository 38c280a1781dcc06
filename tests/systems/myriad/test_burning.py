"""Burning sixes for SFX and the one-extra-action-a-round cap (spec §2.2, rulings B3, B5, B7)."""

import pytest

from gmconsole.systems.myriad.ability import AbilityRoll
from gmconsole.systems.myriad.burning import (
    Burn,
    Sfx,
    SfxError,
    burn,
    catalogue_sfx,
    check_success,
    sfx_catalogue,
)

OWNED = {
    s: catalogue_sfx(s)
    for s in ("power_strike", "mighty_leap", "guns_akimbo", "hard_as_nails", "husky_tones")
}


def test_catalogue_holds_the_book_sfx_with_their_flags():
    cat = sfx_catalogue()
    assert cat["power_strike"].trigger == ["attack", "unarmed"]
    assert cat["power_strike"].repeatable
    assert cat["hard_as_nails"].requires_success is False  # B7: defensive mitigation
    assert cat["change_the_subject"].requires_success is True
    assert cat["guns_akimbo"].extra_action and not cat["guns_akimbo"].requires_success
    assert cat["husky_tones"].bonus_per_six == 2
    assert cat["scathing_glance"].cost_sixes == 0


def test_burnt_six_loses_its_bonus_but_stays_highest():
    roll = AbilityRoll(dice=(6, 6, 3), skill=2)
    assert roll.total == 6 + 2 + 2
    result = burn(roll, [Burn("power_strike", (0, 1))], OWNED, tags={"attack", "unarmed"})
    assert result.roll.total == 6 + 2
    assert result.activations[0].times == 2


def test_husky_tones_makes_a_burnt_six_worth_two():
    roll = AbilityRoll(dice=(6, 4), skill=1)
    result = burn(roll, [Burn("husky_tones", (0,))], OWNED, tags={"attack", "romance", "social"})
    assert result.roll.total == 6 + 1 + 2


@pytest.mark.parametrize(
    ("burns", "tags", "message"),
    [
        ([Burn("power_strike", (2,))], {"attack", "unarmed"}, "shows 3; only a 6"),
        ([Burn("power_strike", (0,))], {"attack", "close"}, "fires only on a attack unarmed"),
        ([Burn("rune_of_death", (0,))], {"attack"}, "no SFX 'rune_of_death'"),
        ([Burn("mighty_leap", (0, 1))], {"jump"}, "costs exactly 1"),
        ([Burn("power_strike", (0,)), Burn("power_strike", (0,))], {"attack", "unarmed"},
         "already burnt"),
        ([Burn("power_strike", (5,))], {"attack", "unarmed"}, "no die number 6"),
    ],
)
def test_illegal_burns_are_refused(burns, tags, message):
    roll = AbilityRoll(dice=(6, 6, 3), skill=0)
    with pytest.raises(SfxError, match=message):
        burn(roll, burns, OWNED, tags=tags)


def test_extra_action_cap_one_per_round():
    roll = AbilityRoll(dice=(6, 6, 2), skill=1)
    first = burn(roll, [Burn("guns_akimbo", (0,))], OWNED, tags={"attack", "ranged"})
    assert first.extra_actions == 1
    with pytest.raises(SfxError, match="at most one SFX extra action a round"):
        burn(roll, [Burn("guns_akimbo", (1,))], OWNED, tags={"attack", "ranged"},
             extra_actions_used=1)
    leap = AbilityRoll(dice=(6, 6), skill=0)
    with pytest.raises(SfxError, match="at most one"):
        burn(leap, [Burn("mighty_leap", (0,)), Burn("guns_akimbo", (1,))], OWNED,
             tags={"jump", "attack", "ranged"})


def test_b7_success_requirement_checked_after_the_outcome():
    roll = AbilityRoll(dice=(6, 1), skill=0)
    result = burn(roll, [Burn("power_strike", (0,))], OWNED, tags={"attack", "unarmed"})
    assert check_success(result, True) is result
    with pytest.raises(SfxError, match="Power Strike need a successful test"):
        check_success(result, False)
    defence = burn(roll, [Burn("hard_as_nails", (0,))], OWNED, tags={"defence"})
    assert check_success(defence, False) is defence  # mitigation works on a failed defence


def test_b5_optional_burning_fives_give_no_bonus_and_stay_highest():
    custom = {"lucky_break": Sfx(id="lucky_break", name="Lucky Break", trigger=[])}
    roll = AbilityRoll(dice=(5, 3), skill=1)
    with pytest.raises(SfxError, match="only a 6"):
        burn(roll, [Burn("lucky_break", (0,))], custom)
    result = burn(roll, [Burn("lucky_break", (0,))], custom, burnable_faces=(5, 6))
    assert result.roll.total == roll.total == 6
