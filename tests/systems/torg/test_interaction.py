"""Interaction results and the attitude procedures (003-torg.md §5.9-§5.10)."""

import pytest

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.interaction import (
    attitude_result,
    cards_stripped,
    charm,
    clears_mind,
    concede,
    defence_attribute,
    haggle_attitude,
    interaction_result,
    interrogation_needed,
    permanent_change,
    persuade,
    persuasion_difficulty,
    press_the_issue,
    villain_action_attribute,
)


@pytest.mark.parametrize(
    ("kind", "rp", "key"),
    [
        ("intimidation", 0, "unskilled"),
        ("test", 5, "stymied"),
        ("taunt", 10, "setback"),
        ("trick", 15, "up_setback"),
        ("intimidation", 15, "break"),
        ("maneuver", 5, "fatigued"),
        ("maneuver", 12, "stymied_fatigued"),
        ("maneuver", 15, "setback_fatigued"),
    ],
)
def test_table_cells(kind, rp, key):
    assert interaction_result(kind, rp).key == key


def test_plus_two_row_is_a_cap_from_17():
    """Ruling §9.3: '+2' applies at 17+ result points and is not cumulative."""
    assert interaction_result("taunt", 16).key == "up_setback"
    assert interaction_result("taunt", 17).key == "players_call"
    assert interaction_result("taunt", 40).key == "players_call"


def test_up_setback_splits_actor_and_target():
    r = interaction_result("trick", 15)
    assert r.effects == ("setback",) and r.actor_up
    assert interaction_result("maneuver", 11).effects == ("stymied", "fatigued")


def test_failure_and_unknown_kind():
    assert interaction_result("trick", -1) is None
    with pytest.raises(TorgError, match="unknown interaction 'tricks'"):
        interaction_result("tricks", 3)


def test_defences_and_villain_chart():
    assert [defence_attribute(k) for k in ("intimidation", "test", "taunt", "trick", "maneuver")] == [
        "SPI",
        "MIN",
        "CHA",
        "PER",
        "DEX",
    ]
    assert villain_action_attribute("taunt") == "CHA"


def test_cards_stripped_by_level():
    assert [cards_stripped(lv) for lv in ("minimal", "good", "superior", "spectacular")] == [1, 1, 2, 3]


def test_attitude_bands():
    assert [attitude_result(rp) for rp in (0, 1, 3, 7, 12, 16, 17)] == [
        "loyal",
        "friendly",
        "neutral",
        "hostile",
        "enemy",
        "enemy",
        "enemy+1",
    ]


def test_charm_against_a_friendly_target_is_easy():
    out = charm("friendly", "friendly", 1)
    assert out.success and out.temporary == "loyal" and not out.may_continue


def test_press_the_issue_success():
    assert press_the_issue("hostile", "neutral", True) == ("hostile", "friendly")


def test_permanent_change_when_friendly_and_fair():
    assert permanent_change("friendly", "neutral", "hostile") == "neutral"
    assert permanent_change("friendly", "enemy", "hostile") == "hostile"


@pytest.mark.parametrize(
    ("current", "rp", "commercial", "outcome"),
    [
        ("neutral", 3, False, "negotiated"),
        ("neutral", 7, False, "yes"),
        ("neutral", 12, False, "yes"),
        ("friendly", 7, False, "vow"),
        ("friendly", 1, False, "negotiated"),
        ("hostile", 7, False, "negotiated"),
        ("hostile", 12, False, "negotiated"),
        ("hostile", 3, False, "fail"),
        ("friendly", 7, True, "yes"),
        ("neutral", -1, False, "fail"),
    ],
)
def test_persuasion(current, rp, commercial, outcome):
    assert persuade(current, rp, commercial=commercial) == outcome


def test_persuasion_difficulty_by_risk():
    assert [persuasion_difficulty(10, r) for r in ("none", "moderate", "high")] == [10, 13, 15]


def test_haggling_limits():
    with pytest.raises(TorgError, match="out of bounds"):
        haggle_attitude(100_000, 3000, negotiator="buyer")
    assert concede(4000, 4000) == 4000


def test_clear_mind_needs_the_influence_rp():
    assert not clears_mind(15, 9, 7)
    assert clears_mind(15, 9, 7, from_enemy=True)


def test_interrogation_thresholds():
    assert [interrogation_needed(a) for a in ("enemy", "hostile", "neutral", "friendly", "loyal")] == [
        0,
        3,
        7,
        12,
        15,
    ]
