"""Attitudes kept per character on the holder's sheet: charm, press the issue, persuasion
(worked examples §7.6 I07, I09), typed at the command line on a copy of the demo."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def attitude(s: Session, who: str, toward: str):
    return (s.resolve(who).sheet.attitudes or {})[toward]


def test_a_charm_test_takes_its_dn_from_willpower_or_mind(demo: Session) -> None:
    """Kurst has no willpower adds: the DN is his MIN 8; Quinn's charm is unskilled CHA 8."""
    event = demo.execute("check quinn charm dice=17 at kurst")
    assert "vs 8" in event.text and "MIN 8" in event.text


def test_charm_then_press_the_issue(demo: Session) -> None:
    """I07: base hostile, 7 result points (a hostile result): temporarily neutral, not a
    continuing success. I09: pressing the issue fails: base and temporary become enemy."""
    demo.execute("attitude kurst quinn hostile")
    event = demo.execute("charm kurst quinn 7")
    assert "charmed to neutral (base hostile)" in event.text and "stop or press" in event.text
    assert (attitude(demo, "kurst", "quinn").base, attitude(demo, "kurst", "quinn").now) == (
        "hostile",
        "neutral",
    )
    demo.execute("press kurst quinn failure")
    assert (attitude(demo, "kurst", "quinn").base, attitude(demo, "kurst", "quinn").now) == ("enemy", "enemy")
    assert "fails" in demo.execute("persuade kurst quinn 3").text
    demo.execute("undo")  # the press; the persuasion changed nothing
    assert attitude(demo, "kurst", "quinn").now == "neutral"


def test_persuasion_reads_the_current_attitude(demo: Session) -> None:
    demo.execute("attitude kurst quinn friendly")
    # a result overcomes the attitudes up to the worst its row names: 7 RP overcomes hostile
    assert "a vow" in demo.execute("persuade kurst quinn 7").text  # two steps past friendly
    assert "yes" in demo.execute("persuade kurst quinn 7 commercial").text  # commerce: yes at best
    assert "negotiated" in demo.execute("persuade kurst quinn 1").text  # friendly result: equal
    assert "fails" in demo.execute("persuade kurst quinn 0").text  # loyal only
    demo.execute("calm kurst quinn")
    assert attitude(demo, "kurst", "quinn").now is None


@pytest.mark.parametrize(
    "line",
    [
        "charm kurst quinn 999",
        "charm kurst quinn x",
        "attitude kurst quinn adoring",
        "charm kurst",
        "attitude kurst " + "a" * 60,
    ],
)
def test_bad_attitude_lines_are_refused(demo: Session, line: str) -> None:
    with pytest.raises(RulesError):
        demo.execute(line)


def test_awe_freezes_the_target_once_per_awer(demo: Session) -> None:
    """Awe: an intimidation outside combat, read on the intimidation column (7 result points:
    stymied), freezes the target; the same character cannot try it on him again, success or not."""
    event = demo.execute("awe kurst helena 7")
    assert "awed by helena" in event.text and "no hostile action" in event.text
    assert "stymied" in event.text
    assert attitude(demo, "kurst", "helena").awe_tried
    with pytest.raises(RulesError, match="once per target"):
        demo.execute("awe kurst helena 17")
    failed = demo.execute("awe kurst quinn -2")
    assert "not awed" in failed.text
    with pytest.raises(RulesError, match="once per target"):
        demo.execute("awe kurst quinn 12")
    with pytest.raises(RulesError, match="result points"):
        demo.execute("awe kurst tolwyn 999999999999")
