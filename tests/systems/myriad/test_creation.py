"""Point-buy validation with the Recommended Method and the power-level presets (§3.8, A1-A3)."""

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad.creation import (
    preset,
    preset_ids,
    validate_build,
)
from gmconsole.systems.myriad.resilience import resolve_line, wounds_line
from gmconsole.systems.myriad.sheet import BoonFlaw

from .conftest import recommended_build


def test_a1_recommended_method_is_the_default_preset():
    p = preset()
    assert (p.stat_points, p.skill_points, p.sfx_points, p.health_points, p.gp) == (
        16, 14, 5, 12, 6)
    assert (p.stat_max, p.skill_max) == (7, 4)
    assert preset_ids() == ["recommended", "mundane", "heroic", "godlike"]


def test_pool_presets_from_t1():
    assert preset("heroic", stats=6).stat_points == 18  # EX-01
    assert [preset(k).stat_points for k in ("mundane", "heroic", "godlike")] == [8, 12, 16]
    assert preset("heroic").skill_points == 12
    assert [(preset(k).stat_max, preset(k).skill_max) for k in ("mundane", "heroic",
                                                                 "godlike")] == [
        (5, 3), (7, 4), (9, 5)]
    assert preset("heroic").health_points == 12  # A3: Wounds + Resolve = 2 resiliences
    with pytest.raises(RulesError, match="Unknown preset 'epic'"):
        preset("epic")


def test_a_legal_recommended_build_passes(bronthar):
    report = validate_build(bronthar)
    assert report.ok
    assert report.spent == {"stat": 16, "skill": 14, "sfx": 5, "health": 12}
    assert report.gp_spent == 3 and report.gp_available == 6


def test_caps_are_reported_with_the_field():
    sheet = recommended_build(stats={"power": 8, "grace": 2, "intellect": 3, "spirit": 3})
    report = validate_build(sheet)
    assert "stats.power: 8 is outside 1-7 for Recommended Method (Heroic)" in report.problems
    skilled = recommended_build(skills={"close_combat": 5, "athletics": 4, "stealth": 5})
    assert any(p.startswith("skills.close_combat: 5 is above 4") for p in
               validate_build(skilled).problems)


def test_overspending_is_paid_in_gp_then_refused():
    # one stat point over (17) costs 3 GP: 3 (boons) + 3 = 6 GP, exactly enough
    sheet = recommended_build(stats={"power": 5, "grace": 4, "intellect": 4, "spirit": 4},
                              resilience={"wounds": wounds_line(5, extra_boxes=2,
                                                                extra_critical=3),
                                          "resolve": resolve_line(4, extra_boxes=4)})
    report = validate_build(sheet)
    assert report.ok, report.problems
    over = recommended_build(stats={"power": 5, "grace": 5, "intellect": 5, "spirit": 4},
                             resilience={"wounds": wounds_line(5, extra_boxes=2,
                                                               extra_critical=3),
                                         "resolve": resolve_line(4, extra_boxes=4)})
    problems = validate_build(over).problems
    assert any("points: overspent (stat 19/16) costs 9 GP, but only 6 GP" in p for p in problems)


def test_unspent_pool_points_buy_boons_but_not_other_pools():
    # 2 skill points unspent become 2 GP, but only towards boons
    sheet = recommended_build(
        skills={"close_combat": 4, "athletics": 3, "perception": 3, "persuasion": 2},
        boons_flaws=[BoonFlaw(id="lucky", level=2), BoonFlaw(id="fast", level=3)])
    assert validate_build(sheet).ok  # 7 GP of boons <= 6 + 2
    greedy = recommended_build(
        skills={"close_combat": 4, "athletics": 3, "perception": 3, "persuasion": 2},
        boons_flaws=[BoonFlaw(id="lucky", level=3), BoonFlaw(id="fast", level=3)])
    assert any(p.startswith("boons_flaws: boons cost 9 GP") for p in
               validate_build(greedy).problems)


def test_flaws_give_gp():
    sheet = recommended_build(boons_flaws=[BoonFlaw(id="natural_armour", level=3),
                                           BoonFlaw(id="prejudice")])
    assert validate_build(sheet).ok  # 9 GP of boons against 6 + 3 from the flaw


def test_health_and_boon_requirements():
    thin = recommended_build(resilience={"wounds": wounds_line(4, extra_critical=-1),
                                         "resolve": resolve_line(4)})
    problems = validate_build(thin).problems
    assert any(p.startswith("resilience.wounds.critical: 1 boxes is below its base 2")
               for p in problems)
    heavy = recommended_build(boons_flaws=[BoonFlaw(id="natural_armour_heavy", level=1)])
    assert "boons_flaws.natural_armour_heavy: requires natural_armour 3" in (
        validate_build(heavy).problems)
    too_lucky = recommended_build(boons_flaws=[BoonFlaw(id="lucky", level=4)])
    assert any("above its maximum 3" in p for p in validate_build(too_lucky).problems)


def test_every_problem_is_listed():
    sheet = recommended_build(stats={"power": 9, "grace": 9, "intellect": 1, "spirit": 1},
                              resilience={"wounds": wounds_line(9), "resolve": resolve_line(1)})
    problems = " ".join(validate_build(sheet).problems)
    assert "stats.power" in problems and "stats.grace" in problems
