"""`calc value` / `calc measure`: the value chart and the unit modifiers at the command line
(spec §3.1-§3.2, with the book's numbers)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import EventKind
from gmconsole.store import Session
from gmconsole.systems import get_system

DEMO = Path(__file__).resolve().parents[3] / "campaigns" / "torg-demo"


@pytest.mark.parametrize(
    ("key", "args", "answer"),
    [
        ("value", ["12"], "value 12 = measure 250 (like: brown bear)"),
        ("value", ["12", "mph"], "value 12 = 60 mph"),  # 12 in mph -> measure(9) = 60
        ("value", ["0"], "value 0 = measure 1 (like: second, 1 kilo, 1 meter)"),
        ("measure", ["250", "meters"], "250 meters = value 12"),
        ("measure", ["25", "minutes"], "25 minutes = value 16"),  # 7 + 9
        ("measure", ["160", "pounds"], "160 pounds = value 10"),  # 12 - 2
        ("measure", ["101"], "101 = value 11"),  # the upper-bound rule
    ],
)
def test_the_value_chart_both_ways(key: str, args: list[str], answer: str) -> None:
    assert get_system("torg").calculate(key, args) == answer


@pytest.mark.parametrize(
    ("key", "args", "message"),
    [
        ("value", [], "usage: calc value VALUE"),
        ("value", ["x"], "must be a whole number"),
        ("value", ["2.5"], "whole number"),
        ("measure", ["5", "parsecs"], "unknown unit 'parsecs'"),
        ("measure", ["0"], "above 0"),
    ],
)
def test_bad_arguments_are_refused_by_name(key: str, args: list[str], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get_system("torg").calculate(key, args)


def test_calc_at_the_command_line_logs_a_note_and_changes_nothing(tmp_path: Path) -> None:
    shutil.copytree(DEMO, tmp_path / "demo")
    with Session.open(tmp_path / "demo") as s:
        undoable = s.history.can_undo
        event = s.execute("calc measure 40 meters")
        assert event.kind == EventKind.NOTE and event.text == "40 meters = value 8"
        assert event.changes == [] and s.history.can_undo == undoable
        assert s.log[-1] is event
        assert s.completions("calc mea") == ["calc measure"]
        with pytest.raises(RulesError, match="no calculator 'weight'"):
            s.execute("calc weight 3")
