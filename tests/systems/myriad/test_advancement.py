"""Experience and advancement (spec §3.9, T-6/T-7/T-8); the book examples are in test_examples_core."""

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad import level_for_xp
from gmconsole.systems.myriad.advancement import (
    RandomProgress,
    gains_between,
    gains_for_level,
    gradual_cost,
    skill_advances,
    xp_for_level,
)

PRINTED = [0, 10, 25, 45, 70, 100, 135, 175, 220, 270, 325, 385, 450, 520, 595, 675, 760, 850,
           945, 1045, 1150, 1260, 1375, 1495, 1620, 1750, 1885, 2025, 2170, 2320]


def test_fixture_xp_270_is_level_10():
    assert level_for_xp(270) == 10
    assert level_for_xp(269) == 9
    assert level_for_xp(0) == 1


def test_table_matches_its_closed_form_and_extends_past_30():
    for level, xp in enumerate(PRINTED, start=1):
        assert xp_for_level(level) == xp == 5 * (level - 1) * (level + 2) // 2
    assert xp_for_level(31) == 2475
    assert level_for_xp(2475) == 31
    with pytest.raises(RulesError):
        level_for_xp(-1)


def test_level_gains_a4_stat_points_every_fourth_level():
    assert gains_for_level(2).sfx_points == 1 and gains_for_level(3).sfx_points == 0
    assert [lv for lv in range(2, 30) if gains_for_level(lv).stat_points] == [
        4, 8, 12, 16, 20, 24, 28]
    total = gains_between(1, 4)
    assert (total.skill_points, total.sfx_points, total.health_points, total.stat_points) == (
        6, 2, 3, 1)


def test_gradual_costs_and_refusals():
    assert gradual_cost("new_skill") == 3
    assert gradual_cost("new_sfx", owned_sfx=0) == 5
    with pytest.raises(RulesError, match="needs the level it rises to"):
        gradual_cost("stat")
    with pytest.raises(RulesError, match="Unknown purchase"):
        gradual_cost("spell")  # type: ignore[arg-type]


def test_skill_advance_needs_two_dice():
    with pytest.raises(RulesError, match="roll 2d6"):
        skill_advances(2, [6])


def test_a5_only_failed_skills_are_ticked_once():
    progress = RandomProgress()
    progress.tick_failure("stealth")
    progress.tick_failure("stealth")
    assert progress.end_session() == ["stealth"]
    assert progress.failed_skills == []
