"""Interaction attacks at the command line read the Interaction Results Table (T9, spec §6.3)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.store import Session

DEMO = Path(__file__).resolve().parents[3] / "campaigns" / "torg-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Session:
    shutil.copytree(DEMO, tmp_path / "demo")
    with Session.open(tmp_path / "demo") as s:
        yield s


@pytest.mark.parametrize(
    ("skill", "difficulty", "die", "word"),
    [
        ("taunt", 8, 19, "stymied"),  # 8 + 6 = 14 vs 8: 6 RP, Taunt/Trick column -> stymied
        ("maneuver", 9, 18, "fatigued"),  # 11 + 5 = 16 vs 9: 7 RP, Maneuver column -> fatigued
        ("intimidation", 2, 18, "setback"),  # 8 + 5 = 13 vs 2: 11 RP, Intimidate/Test -> setback
    ],
)
def test_a_successful_interaction_names_what_the_target_suffers(
    demo: Session, skill: str, difficulty: int, die: int, word: str
) -> None:
    event = demo.check("quinn", CheckRequest(option=skill, difficulty=difficulty), dice=[die])
    assert f"target: {word}" in event.text
    assert event.data["detail"]["interaction"]["result"].startswith(word.split(" ")[0])


def test_a_failed_interaction_has_no_table_result(demo: Session) -> None:
    event = demo.check("quinn", CheckRequest(option="taunt", difficulty=20), dice=[5])
    assert "target:" not in event.text and "interaction" not in event.data["detail"]
