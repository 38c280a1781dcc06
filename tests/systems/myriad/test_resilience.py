"""Resilience lines: main line, critical line, KO and death (spec §3.5, §4.6, fixtures §6.1)."""

import pytest
from pydantic import ValidationError

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad import Resilience
from gmconsole.systems.myriad.resilience import resolve_line


def test_fixture_overflow_onto_the_critical_line_incapacitates():
    line = Resilience(boxes=4, critical=3)
    result = line.apply(5)
    assert (line.crossed, line.critical_crossed) == (4, 1)
    assert (line.remaining, line.critical_remaining) == (0, 2)
    assert line.status == "incapacitated"
    assert (result.main, result.critical, result.discarded) == (4, 1, 0)


def test_fixture_light_damage_stays_active():
    line = Resilience(boxes=7, critical=4)
    line.apply(2)
    assert (line.crossed, line.status) == (2, "active")


def test_emptying_the_critical_line_is_death_and_overflow_is_discarded():
    line = Resilience(boxes=2, critical=1)
    result = line.apply(10)
    assert line.status == "dead"
    assert result.discarded == 7


def test_non_critical_line_empties_to_out_of_the_conflict():
    resolve = resolve_line(3)
    resolve.apply(3)
    assert resolve.status == "incapacitated"
    assert resolve.critical_remaining == 0
    assert resolve.apply(2).discarded == 2


def test_damage_straight_to_the_critical_line():
    line = Resilience(boxes=5, critical=3)
    line.apply(2, to_critical=True)
    assert (line.crossed, line.critical_crossed, line.status) == (0, 2, "active")
    plain = resolve_line(3)
    plain.apply(1, to_critical=True)  # no critical line: lands on the main line
    assert plain.crossed == 1


def test_restore_orders():
    line = Resilience(boxes=4, critical=3)
    line.apply(6)
    healed = line.restore(3, criticals_first=True)
    assert (healed.critical, healed.main) == (2, 1)
    assert line.status == "active"  # C5: one main box back ends incapacitation


def test_shorthand_and_persisted_shape():
    line = Resilience(boxes=4, critical=2, crossed=1)
    dumped = line.model_dump()
    assert dumped["line"] == {"boxes": 4, "marked": 1}
    assert dumped["critical_line"] == {"boxes": 2, "marked": 0}
    assert Resilience.model_validate(dumped) == line


def test_impossible_lines_are_refused():
    with pytest.raises(ValidationError, match="exceeds boxes"):
        Resilience(boxes=3, crossed=4)
    with pytest.raises(RulesError, match="not a number of boxes"):
        Resilience(boxes=3).apply(-1)
