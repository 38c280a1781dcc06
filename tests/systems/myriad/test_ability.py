"""The ability test, target numbers and opposed tests (spec §2.2-§2.3, fixtures §6.1)."""

import random

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad import ability_test, target_number
from gmconsole.systems.myriad.ability import (
    AbilityRoll,
    effective_pool,
    roll_ability,
    target_numbers,
)


@pytest.mark.parametrize(
    ("dice", "skill", "burnt", "expected"),
    [
        ([3, 5, 2], 1, 0, 6),  # L455
        ([2, 4, 5, 6], 3, 0, 10),  # L492
        ([2, 4, 5, 6], 3, 1, 9),  # L492: the burnt six is still the highest die
        ([6, 6, 4, 3], 0, 2, 6),  # L780: both sixes burnt
        ([6, 2], 0, 0, 7),  # L780
    ],
)
def test_compact_fixtures_roll_test(dice, skill, burnt, expected):
    assert ability_test(dice, skill, burnt_sixes=burnt) == expected


def test_highest_die_not_a_sum_and_each_unburnt_six_adds_one():
    assert ability_test([6, 6, 6], 2) == 6 + 2 + 3
    assert ability_test([1, 1, 1, 1], 0) == 1
    assert ability_test([4, 2], 1, modifiers=-2) == 3


def test_raw_value_is_never_exactly_six_without_burning():
    # [derived] a top die of 6 always brings its own +1
    rng = random.Random(7)
    for _ in range(500):
        dice = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        assert ability_test(dice, 0) != 6


@pytest.mark.parametrize(
    ("dice", "kwargs", "message"),
    [
        ([7, 2], {}, "not a face of a d6"),
        ([0], {}, "not a face of a d6"),
        ([], {}, "at least one die"),
        ([6, 2], {"burnt_sixes": 2}, "only 1 six"),
        ([5, 2], {"burnt_sixes": -1}, "burnt"),
    ],
)
def test_bad_dice_are_refused_with_a_message(dice, kwargs, message):
    with pytest.raises(RulesError, match=message):
        ability_test(dice, 1, **kwargs)


def test_negative_skill_is_refused():
    with pytest.raises(RulesError, match="skill"):
        ability_test([3], -1)


def test_target_number_ladder():
    assert target_number("foolproof") == 4
    assert target_number("Average") == 6
    assert target_number("very hard") == 9
    assert target_number("Very-Hard") == 9
    assert target_number("impossible") == 17
    assert [tn for _, _, tn in target_numbers()] == [4, 5, 6, 7, 8, 9, 11, 13, 15, 17]


def test_unknown_difficulty_names_the_ladder():
    with pytest.raises(RulesError, match=r"Unknown difficulty 'tricksy'.*'tricky'"):
        target_number("tricksy")


def judged(dice: list[int], skill: int, *, tn: int | None = None, against: int | None = None,
           initiator: bool = True) -> tuple[bool | None, int | None]:
    """A test as the console judges it: (success, margin)."""
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems import get_system
    from gmconsole.systems.myriad.sheet import MyriadSheet

    sheet = MyriadSheet(stats={"power": len(dice), "grace": 1, "intellect": 1, "spirit": 1},
                        skills={"athletics": skill} if skill else {})
    request = CheckRequest(option="power/athletics", difficulty=tn, opponent_total=against,
                           extra={"initiator": initiator})
    result = get_system("myriad").check(sheet, request, random.Random(1), dice=dice)
    return result.success, result.margin


def test_success_is_equal_or_beat_and_margin():
    # fixture: result 9 vs TN 9 succeeds (L492)
    assert judged([5], 4, tn=9) == (True, 0)
    assert judged([4], 4, tn=9) == (False, -1)
    assert judged([6], 5, tn=9) == (True, 3)  # 6 + 5 + 1 for the six


def test_opposed_ties_go_to_the_initiator():
    # fixture: {fn: opposed, initiator: 7, responder: 7, expect: initiator} (L461)
    assert judged([5], 2, against=7) == (True, 0)
    assert judged([5], 2, against=7, initiator=False) == (False, 0)
    assert judged([4], 2, against=7) == (False, -1)


def test_roll_from_rng_is_reproducible_and_typed_dice_are_used_in_order():
    a = roll_ability(4, 2, rng=random.Random(3))
    b = roll_ability(4, 2, rng=random.Random(3))
    assert a.dice == b.dice and len(a.dice) == 4
    typed = roll_ability(4, 3, dice=[2, 4, 5, 6])
    assert typed.dice == (2, 4, 5, 6)
    assert typed.total == 10


def test_typed_dice_must_match_the_pool():
    with pytest.raises(RulesError, match="4 dice are rolled, but 3 faces"):
        roll_ability(4, 1, dice=[1, 2, 3])


def test_ruling_b2_pool_below_one_is_clamped_with_a_warning():
    assert effective_pool(0) == (1, effective_pool(0)[1])
    assert "never go below 1" in (effective_pool(0)[1] or "")
    rolled = roll_ability(0, 1, dice=[4])
    assert rolled.total == 5
    assert rolled.warnings and "clamped to 1" in rolled.warnings[0]
    with pytest.raises(RulesError, match="more than"):
        roll_ability(31, 0, rng=random.Random(1))


def test_burning_dice_on_a_roll():
    roll = AbilityRoll(dice=(2, 4, 5, 6), skill=3)
    burnt = roll.burning([3])
    assert (roll.total, burnt.total) == (10, 9)
    assert burnt.highest == 6
    with pytest.raises(RulesError, match="already burnt"):
        burnt.burning([3])
