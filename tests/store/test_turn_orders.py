"""The session drives any system's turn order; here the dynamic popcorn order (Mythmagica's),
plugged into the generic system, with harm steering who goes next."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.engine.popcorn import Popcorn
from gmconsole.store import Session


@pytest.fixture
def popcorn(fight: Session, monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.setattr(fight.system, "turn_order", lambda options=None: Popcorn())
    for path in (fight.path / "encounters").glob("*.toml"):  # kept for the popcorn order now
        head, _, rest = path.read_text().partition("\n")
        path.write_text(f'{head}\norder = "popcorn"\n{rest}')
    fight.reload()
    return fight


def test_popcorn_harm_picks_the_next_actor_and_rounds_roll_over(popcorn: Session) -> None:
    event = popcorn.start_encounter(dice=[15, 3])  # one d20 per side: the PCs win the opening
    assert [r["total"] for r in event.data["initiative"]] == [15, 3]
    assert popcorn.encounter.acting[0].id == "ayla"
    popcorn.damage("goblin 3", 1)  # harmed while waiting: goes next
    popcorn.next_turn()
    assert popcorn.encounter.acting[0].id == "goblin-3"
    with pytest.raises(RulesError, match=r"Ayla cannot be picked now"):
        popcorn.choose_next("ayla")
    popcorn.choose_next("brak")
    popcorn.next_turn()
    assert popcorn.encounter.acting[0].id == "brak"
    popcorn.next_turn()  # only goblins are left: they surge together
    assert {c.id for c in popcorn.encounter.acting} == {"goblin-1", "goblin-2"}
    event = popcorn.next_turn(dice=[2, 19])  # round 2: the goblins win the opening
    assert popcorn.encounter.round == 2
    assert popcorn.encounter.acting[0].side == "foes"
    undo = popcorn.undo()
    assert popcorn.encounter.round == 1 and undo.undoes == event.id


def test_a_dropped_combatant_is_passed_over(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])  # Brak, Ayla, G1, G2, G3
    fight.damage("goblin 1", 5)
    fight.next_turn()  # Ayla
    event = fight.next_turn()  # Goblin 1 is out: Goblin 2 acts
    assert fight.encounter.acting[0].id == "goblin-2"
    assert "Goblin 1 out, skipped" in event.text
    fight.hold()  # Goblin 2 holds; the next step, Goblin 3, begins
    assert fight.encounter.acting[0].id == "goblin-3"


def test_undo_puts_back_the_popcorn_bookkeeping(popcorn: Session) -> None:
    """The order keeps who has gone in `state.popcorn` and appends to those lists in place;
    the change's `before` must not share them with the working copy."""
    popcorn.start_encounter(dice=[15, 3])
    before = popcorn.encounter.model_dump()
    event = popcorn.next_turn()
    assert popcorn.encounter.state["popcorn"]["gone"] == ["ayla"]
    (change,) = event.changes
    assert change.before is not None and change.before["state"]["popcorn"]["gone"] == []
    popcorn.undo()
    assert popcorn.encounter.model_dump() == before
    popcorn.redo()
    assert popcorn.encounter.state["popcorn"]["gone"] == ["ayla"]
