"""Experience and advancement (spec §3.9, T-6/T-7/T-8; EX-05..EX-11)."""

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad import level_for_xp
from gmconsole.systems.myriad.advancement import (
    RandomProgress,
    gains_between,
    gains_for_level,
    gradual_cost,
    monster_xp,
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


def test_ex06_ex07_ex09_gradual_costs():
    assert gradual_cost("stat", new_level=4) == 20  # EX-06
    assert gradual_cost("skill", new_level=3) == 9  # EX-07
    assert gradual_cost("new_skill") == 3
    assert gradual_cost("new_sfx", owned_sfx=3) == 11  # EX-09
    with pytest.raises(RulesError, match="Unknown purchase"):
        gradual_cost("spell")  # type: ignore[arg-type]


def test_ex05_monster_xp():
    assert [monster_xp(5, m, fine=True) for m in (5, 3, 1, 8, 20)] == [3, 1, 0, 6, 10]
    assert [monster_xp(5, m) for m in (4, 6, 7, 3)] == [1, 1, 2, 0]


def test_ex10_random_skill_advancement():
    assert skill_advances(2, [3, 5])
    assert not skill_advances(2, [2, 6])
    assert not skill_advances(5, [6, 6])  # blocked at the cap
    with pytest.raises(RulesError, match="roll 2d6"):
        skill_advances(2, [6])


def test_ex11_random_progression_counters():
    progress = RandomProgress(skill_increases=4, stat_ticks={"grace": 4})
    new_skill, stat_up = progress.skill_increased("grace")
    assert new_skill and stat_up
    assert progress.skill_increases == 0 and progress.stat_ticks["grace"] == 0
    sfx = RandomProgress(dice_burnt=0)
    assert not sfx.burnt(20, owned_sfx=2)
    assert sfx.burnt(1, owned_sfx=2) and sfx.dice_burnt == 0


def test_a5_only_failed_skills_are_ticked_once():
    progress = RandomProgress()
    progress.tick_failure("stealth")
    progress.tick_failure("stealth")
    assert progress.end_session() == ["stealth"]
    assert progress.failed_skills == []
