"""Healing and recovery (spec §4.7, rulings D1, D2, C5; fixtures §6.1)."""

import pytest

from gmconsole.systems.myriad import Resilience
from gmconsole.systems.myriad.healing import (
    end_conflict,
    magic_heal,
    medic_heal,
    medic_tn,
    natural_heal,
)


@pytest.mark.parametrize(("nights", "expected"), [(3, (0, 1)), (6, (0, 0))])
def test_fixture_natural_healing_runs_in_parallel(nights, expected):
    # D2: 3 wounds + 2 critical heal to (0, 1) in 3 nights and fully in 6
    line = Resilience(boxes=5, critical=3, crossed=3, critical_crossed=2)
    natural_heal(line, nights)
    assert (line.crossed, line.critical_crossed) == expected


def test_critical_counter_resets_when_the_critical_line_is_whole():
    line = Resilience(boxes=5, critical=3, critical_crossed=1)
    natural_heal(line, 2)
    assert line.healing_nights == 2
    line.restore(1, criticals_first=True)
    assert line.healing_nights == 0


def test_medic_tn_modes_ruling_d1():
    # EX-25 / D1: 3 critical + 1 wound box left. The formula gives 8; the book prints 9.
    line = Resilience(boxes=4, critical=3, crossed=3)
    assert medic_tn(line) == 8
    # The optional reading that reproduces the printed figure needs a critical box lost;
    # with none lost it falls back to the formula.
    assert medic_tn(line, "critical_only_if_any_lost") == 8
    hurt = Resilience(boxes=4, critical=4, crossed=3, critical_crossed=1)
    assert medic_tn(hurt, "critical_only_if_any_lost") == 12 - 3


def test_medic_success_restores_one_plus_margin_criticals_first():
    line = Resilience(boxes=6, critical=3, crossed=4, critical_crossed=2)
    tn = medic_tn(line)
    assert tn == 12 - (2 + 1)
    outcome = medic_heal(line, tn + 2)
    assert outcome.success and outcome.healed is not None
    assert (outcome.healed.critical, outcome.healed.main) == (2, 1)
    assert (line.crossed, line.critical_crossed) == (3, 0)


def test_medic_failure_changes_nothing_and_dead_patient_tn_is_12():
    line = Resilience(boxes=4, critical=2, crossed=4, critical_crossed=2)
    assert line.status == "dead" and medic_tn(line) == 12
    outcome = medic_heal(line, 11)
    assert not outcome.success and outcome.healed is None and line.status == "dead"
    medic_heal(line, 12)
    assert line.critical_crossed == 1


def test_magic_heal_two_wounds_or_one_critical_per_six():
    line = Resilience(boxes=6, critical=3, crossed=5, critical_crossed=1)
    healed = magic_heal(line, 3)
    assert (healed.critical, healed.main) == (1, 4)


def test_resolve_clears_when_the_conflict_ends_but_wounds_stay():
    lines = {"wounds": Resilience(boxes=4, critical=2, crossed=2),
             "resolve": Resilience(boxes=3, crossed=3)}
    end_conflict(lines, {"resolve"})
    assert lines["resolve"].crossed == 0 and lines["wounds"].crossed == 2
