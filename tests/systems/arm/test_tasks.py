"""Tasks with the book's numbers (T-14, the combat example T-22 to T-31, D-01, D-02)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.systems.arm import (
    compound_result,
    group_value,
    helper_bonus,
    result_band,
    success_chance,
)
from gmconsole.systems.arm.sheet import ArmSheet, Weapon
from gmconsole.systems.arm.system import ArmSystem
from gmconsole.systems.arm.tasks import DIFFICULTIES


@pytest.mark.parametrize(
    ("result", "band"),
    [(-9, "utter failure"), (-5, "utter failure"), (-4, "bad failure"), (-3, "bad failure"),
     (-2, "failure"), (-1, "failure"), (0, "draw"), (1, "weak success"), (2, "weak success"),
     (3, "success"), (4, "success"), (5, "astonishing success"), (20, "astonishing success")],
)
def test_result_bands(result: int, band: str) -> None:
    assert result_band(result) == band


def test_T14_the_difficulty_guide_and_its_modifiers() -> None:
    assert [(label, value, value - 6) for _, label, value in DIFFICULTIES] == [
        ("Trivial", 1, -5), ("Simple", 4, -2), ("50/50", 6, 0), ("Tough", 8, 2), ("Very Tough", 11, 5)
    ]


ALEX = {"fitness": 6, "dexterity": 7, "toughness": 5, "wit": 7, "charisma": 8, "willpower": 6}
BRAD = {"fitness": 8, "dexterity": 5, "toughness": 8, "wit": 4, "charisma": 5, "willpower": 7}
CHRISTINE = {"fitness": 7, "dexterity": 7, "toughness": 6, "wit": 6, "charisma": 7, "willpower": 5}


def roll(stats: dict[str, int], option: str, difficulty: int, dice: list[int], **sheet: object) -> int:
    """The result of a test as the console rolls it, with typed dice."""
    character = ArmSheet(stats=stats, **sheet)
    request = CheckRequest(option=option, difficulty=difficulty)
    result = ArmSystem().check(character, request, random.Random(1), dice)
    assert result.margin is not None
    return result.margin


def test_T22_brad_attacks_alex() -> None:
    assert roll(BRAD, "attack:Axe", 4, [3, 5], weapons=[Weapon(name="Axe", damage=8, parry=-3)]) == 2


def test_T23_alex_dodges_prepared() -> None:
    assert roll(ALEX, "dodge", 2 + 2, [4, 1]) == 5


def test_T25_the_trick_on_brad_as_printed_and_by_the_sheet() -> None:
    """The book uses Willpower 6 for Brad while his sheet says 7: the outcome is a success
    either way (result 2 as printed, 1 by the sheet)."""
    assert roll(ALEX, "charisma", 6, [2, 2]) == 2
    assert roll(ALEX, "charisma", BRAD["willpower"], [2, 2]) == 1


def test_T26_T27_christine_not_fooled_and_the_circling_draw() -> None:
    assert roll(ALEX, "charisma", CHRISTINE["willpower"], [2, 6]) == -1
    assert roll(CHRISTINE, "circle", ALEX["wit"], [2, 1]) == 0 and result_band(0) == "draw"


def test_T29_T31_round_three() -> None:
    assert roll(ALEX, "dodge", 2 + 6, [4, 3]) == -1  # Alex's prepared dodge against a hit of 6
    assert roll(BRAD, "fitness", 6, [6, 3]) == 5  # Brad against a moving target


def test_mods_of_any_size() -> None:
    handgun = Weapon(name="Handgun", damage=7, ranged=True, accuracy=17, max_range=12)
    assert roll({"dexterity": 6}, "attack:Handgun", 4 + 2 * 0, [3, 3], weapons=[handgun]) == 19


def test_success_chance_is_exact() -> None:
    assert success_chance(0) == Fraction(21, 36)
    assert success_chance(-5) == Fraction(1, 36) and success_chance(-6) == 0
    assert success_chance(5) == 1
    assert success_chance(2) == Fraction(30, 36)  # stat 6 against Simple 4
    pushed = Fraction(1, 6) * Fraction(21, 36) + Fraction(5, 6) * Fraction(26, 36)
    assert success_chance(0, push=True) == pushed


def test_D01_compound_tasks_and_helpers() -> None:
    assert compound_result([3, -1, 2]) == -1
    assert helper_bonus(2, large_effect=True) == 2 and helper_bonus(-3, large_effect=True) == 0
    assert helper_bonus(0, large_effect=False) == 1 and helper_bonus(-1, large_effect=False) == 0


def test_D02_group_tasks_add_measures() -> None:
    assert group_value([6, 6]) == 7  # 15 + 15 = 30 -> 7.4 -> 7
    assert group_value([6]) == 6
    assert group_value([6, 6, 6, 6]) == 9  # 60 -> 8.9 -> 9
