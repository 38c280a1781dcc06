"""Extended actions (spec §2.5, fixture §6.1)."""

import pytest
from pydantic import ValidationError

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad.extended import ExtendedAction, Section, progress_after


def test_fixture_progress_sequence():
    # {fn: extended, tn: 7, target: 10, rolls: [9,6,10,10], expect_progress: [3,2,6,10]}
    task = ExtendedAction(name="Pick the vault", sections=[Section(name="lock", tn=7, target=10)])
    seen = [task.record_roll("lock", r).after for r in (9, 6, 10, 10)]
    assert seen == [3, 2, 6, 10]
    assert task.complete


def test_progress_never_below_zero():
    assert progress_after(1, 3, 7) == 0
    assert progress_after(0, 7, 7) == 1


def test_sections_in_order_and_prerequisites():
    task = ExtendedAction(
        name="Build a bridge",
        sections=[Section(name="survey", tn=6, target=2),
                  Section(name="build", tn=8, target=3, requires=["survey"])],
    )
    with pytest.raises(RulesError, match="cannot be worked on yet: finish survey"):
        task.record_roll("build", 12)
    task.record_roll("survey", 7)
    assert task.section("survey").complete
    assert task.record_roll("build", 10).after == 3
    with pytest.raises(RulesError, match="already complete"):
        task.record_roll("build", 10)


def test_others_contribute_only_once_started():
    task = ExtendedAction(name="Research", sections=[Section(name="library", tn=6, target=8)])
    with pytest.raises(RulesError, match="once it has started"):
        task.contribute("library", 2)
    task.record_roll("library", 7)
    assert task.contribute("library", 3).after == 5
    assert task.contribute("library", -9).after == 0


def test_unknown_section_and_bad_requirements():
    task = ExtendedAction(name="A", sections=[Section(name="x", tn=6, target=1)])
    with pytest.raises(RulesError, match="has no section 'y'"):
        task.record_roll("y", 6)
    with pytest.raises(ValidationError, match="no section 'ghost'"):
        ExtendedAction(name="B", sections=[Section(name="x", tn=6, target=1, requires=["ghost"])])


def test_ordered_tasks_offer_one_section_at_a_time():
    task = ExtendedAction(name="C", ordered=True, sections=[
        Section(name="a", tn=4, target=1), Section(name="b", tn=4, target=1)])
    assert [s.name for s in task.open_sections()] == ["a"]
