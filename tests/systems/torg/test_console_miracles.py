"""Miracles worked from the list on the character's sheet (worked examples §7.10 F06)."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def test_focus_then_faith_with_the_same_bonus(demo: Session) -> None:
    """Kaa-Tok: focus 12, faith 13 (SPI 11). Healing, DN 15: die 17 (+4): focus 16 succeeds,
    faith 17 is 2 RP, an average success: two wound levels (F06: a heavy wound fully healed)."""
    event = demo.execute("pray kaatok healing dice 17")
    assert "focus 12 = 16 vs 15" in event.text and "faith 17: average success" in event.text
    assert "heal TARGET 2 wound" in event.text


def test_the_community_helps_the_focus_only(demo: Session) -> None:
    """Die 14 (+1) with 3 helpers who succeeded (value(4) = 3): focus 16 reaches 15, faith 14
    misses: silence, no effect but no failed miracle."""
    event = demo.execute("pray kaatok healing community 3 dice 14")
    assert "+ community 3 = 16 vs 15" in event.text and "silence" in event.text


def test_conditions_and_the_targets_difficulty(demo: Session) -> None:
    """Soothe (DN 10), urgent -3: 7; calm takes the target's MIN as dn."""
    assert "vs 7" in demo.execute("pray kaatok soothe urgent dice 11").text
    with pytest.raises(RulesError, match="dn N"):
        demo.execute("pray kaatok calm dice 11")
    assert "vs 8" in demo.execute("pray kaatok calm dn 8 dice 11").text


@pytest.mark.parametrize(
    "line", ["pray quinn healing dice 17", "pray kaatok rain dance", "pray kaatok calm dn 999"]
)
def test_miracles_out_of_reach_are_refused(demo: Session, line: str) -> None:
    with pytest.raises(RulesError):
        demo.execute(line)
