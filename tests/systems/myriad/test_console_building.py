"""Character building at the console: the point-buy check, random generation, template costs."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def test_build_shows_the_running_totals_against_the_preset(demo: Session) -> None:
    legal = demo.execute("build tamsin")
    assert legal.text == ("Tamsin Reed build check: Recommended Method (Heroic): stat 16/16, "
                          "skill 14/14, sfx 5/5, health 12/12, GP 5/6: legal")
    heroic = demo.execute("build kesh heroic")  # T-1's Heroic pools: 3 a statistic, 3 per 4 skills
    assert "stat 16/12, skill 14/12" in heroic.text and "overspent" in heroic.text
    with pytest.raises(RulesError, match="usage: build WHO"):
        demo.execute("build kesh epic")


@pytest.mark.parametrize("level", ["mundane", "heroic", "godlike"])
def test_random_generation_follows_the_power_level(demo: Session, level: str) -> None:
    demo.execute(f"gen random {level} as Rolled {level}")
    sheet = demo.resolve(f"Rolled {level}").sheet
    top = {"mundane": 4, "heroic": 6, "godlike": 8}[level]
    assert all(1 <= v <= top for v in sheet.stats.values())
    assert all(1 <= v <= {"mundane": 3, "heroic": 4, "godlike": 5}[level]
               for v in sheet.skills.values())
    assert len(sheet.sfx) == {"mundane": 3, "heroic": 5, "godlike": 7}[level]
    assert sheet.line("wounds").boxes > sheet.stats["power"]
    demo.system.parse_sheet(demo.system.dump_sheet(sheet))  # what the loader accepts


def test_points_average_dice_and_template_costs(demo: Session) -> None:
    demo.execute("gen random mundane points as Tom")
    assert all(1 <= v <= 3 for v in demo.resolve("Tom").sheet.stats.values())  # d3
    assert demo.execute("calc template elf").text.endswith("Elf: 33 GP (the book prints 30)")
