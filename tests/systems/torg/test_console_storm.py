"""The reality storm tracker at the command line on the demo (Kurst the ravagon vs Quinn)."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def poss(s: Session, who: str) -> int:
    return s.resolve(who).sheet.possibilities.count


def start(s: Session) -> None:
    s.execute("add kurst")
    s.execute("storm kurst invoke in core earth")
    s.execute("storm quinn resist")


def test_a_storm_round_with_home_bonus_settles_both_sides(demo: Session) -> None:
    start(demo)
    quinn, kurst = poss(demo, "quinn"), poss(demo, "kurst")
    assert demo.encounter.state["storm"]["strength"] == 10  # the higher reality value
    demo.execute("storm kurst roll dice 17")  # reality 10 + 4 = 14 vs Quinn's 9: 5 RP
    event = demo.execute("storm quinn roll dice 8")  # 9 - 2 + 3 home = 10 vs Kurst's 10: S
    assert "+3 home cosm = 10" in event.text
    assert "Quinn Reyes loses 3; storm x2: radius 10 m, strength 11" in event.text
    assert "Kurst the Ravagon loses 1" in event.text
    assert poss(demo, "quinn") == quinn - 3  # the one acting settles at once
    assert poss(demo, "kurst") == kurst  # the other side owes it
    header = demo.order.header(demo.encounter)
    assert "Storm r2: 10 m, str 11" in header and " Kurst the Ravagon 10 (-1 due)" in header
    demo.execute("storm kurst settle")
    assert poss(demo, "kurst") == kurst - 1
    demo.execute("undo")
    demo.execute("undo")
    assert poss(demo, "quinn") == quinn and demo.encounter.state["storm"]["radius"] == 5.0


def test_what_a_side_owes_is_settled_at_the_end_of_the_round(demo: Session) -> None:
    start(demo)
    kurst = poss(demo, "kurst")
    demo.execute("storm kurst roll dice 17")
    demo.execute("storm quinn roll dice 8")
    round_now, events = demo.encounter.round, []
    while demo.encounter.round == round_now:
        events.append(demo.execute("next"))
    assert poss(demo, "kurst") == kurst - 1
    assert any("reality storm: loses 1 Possibilities" in e.text for e in events)


def test_a_transform_ends_the_storm_and_the_state_goes_once_settled(demo: Session) -> None:
    start(demo)
    kurst = poss(demo, "kurst")
    demo.execute("storm quinn roll dice 3")
    event = demo.execute("storm kurst total 22 dice 1")  # 22 - 9 = 13 RP: Transform; contradiction die 1
    assert "Quinn Reyes is TRANSFORMED" in event.text and "physically transformed" in event.text
    assert poss(demo, "kurst") == kurst + 5  # the one acting settles at once
    assert "storm" in demo.encounter.state  # Quinn still owes
    demo.execute("storm quinn settle")
    quinn = demo.resolve("quinn").sheet
    assert quinn.transformed and quinn.possibilities.count == 0 and quinn.skills["reality"] == 1
    assert "storm" not in demo.encounter.state


def test_refusals_change_nothing(demo: Session) -> None:
    with pytest.raises(RulesError, match="no reality storm"):
        demo.execute("storm quinn roll")
    with pytest.raises(RulesError, match="is an Ord"):
        demo.execute("storm ruiz invoke")
    start(demo)
    state = repr(demo.encounter.state)
    for line, match in [
        ("storm tolwyn resist", "both its sides"),
        ("storm tolwyn roll", "not in the storm"),
        ("storm quinn roll dice 15 3", "not used"),
        ("storm quinn blow", "unknown storm word"),
        ("storm kurst invoke", "already raging"),
    ]:
        with pytest.raises(RulesError, match=match):
            demo.execute(line)
        assert repr(demo.encounter.state) == state
