"""Dramatic skill resolution at the command line on the demo (the card in effect shows DSR "AC")."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def task(s: Session) -> dict:
    return s.encounter.state["dsr"]["helena"]


def test_steps_follow_the_cards_box_in_order(demo: Session) -> None:
    assert demo.order.effects(demo.encounter).dsr == "AC"
    demo.execute("dsr helena start science dn 10 defuse the bomb")
    event = demo.execute("dsr helena roll dice 15")  # science 14 + 2 = 16 >= 10: A (C is out of order)
    assert "(card: AC): gains step A; defuse the bomb: DN 10, steps A" in event.text
    assert task(demo)["steps_done"] == 1
    assert "DSR defuse the bomb: DN 10, steps A" in demo.order.header(demo.encounter)
    # D01-like: at step B a card without B gives no step; the success counts as an approved action
    event = demo.execute("dsr helena total 12")
    assert "the success counts as an approved action (draw WHO takes the card)" in event.text
    demo.execute("undo")  # the credit changed nothing, so undo takes back the step
    assert task(demo)["steps_done"] == 0


def test_D04_last_ditch_takes_every_step_left_at_the_raised_dns(demo: Session) -> None:
    """All four steps at once from A: DN 10 + 2/4/6/6 + 4 = 16, 18, 20, 20."""
    demo.execute("dsr helena start science dn 10")
    event = demo.execute("dsr helena total 19 last")
    assert "gains step A, B" in event.text and "critical problem" in event.text
    assert task(demo)["steps_done"] == 2 and task(demo)["needs_new_approach"]
    with pytest.raises(RulesError, match="new approach"):
        demo.execute("dsr helena total 30")
    demo.execute("dsr helena end")
    assert "dsr" not in demo.encounter.state


def test_refusals_change_nothing(demo: Session) -> None:
    with pytest.raises(RulesError, match="no dramatic task"):
        demo.execute("dsr helena roll")
    with pytest.raises(RulesError, match="cannot be used unskilled"):
        demo.execute("dsr quinn start medicine dn 10")
    demo.execute("dsr helena start science dn 10")
    state = repr(demo.encounter.state)
    for line, match in [
        ("dsr helena start find dn 8", "already has"),
        ("dsr helena roll dice 15 3", "not used"),
        ("dsr helena jump", "unknown dsr word"),
    ]:
        with pytest.raises(RulesError, match=match):
            demo.execute(line)
        assert repr(demo.encounter.state) == state
