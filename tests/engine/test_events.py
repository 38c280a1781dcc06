"""Events carry exact inverses; History keeps undo and redo stacks over them."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Change, Event, EventKind, History


def damage(n: int, before: int = 10) -> Event:
    return Event(
        kind=EventKind.DAMAGE,
        text=f"Orc takes {n}",
        who="orc",
        data={"amount": n},
        changes=[Change(path="roster/orc", before={"hp": before}, after={"hp": before - n})],
    )


def test_a_change_inverts_by_swapping_before_and_after() -> None:
    created = Change(path="roster/ayla", before=None, after={"hp": 10})
    assert created.inverted() == Change(path="roster/ayla", before={"hp": 10}, after=None)
    assert created.inverted().inverted() == created


def test_the_inverse_reverses_the_changes_in_reverse_order() -> None:
    event = Event(
        kind=EventKind.ENCOUNTER,
        text="add goblin",
        changes=[
            Change(path="roster/goblin", before=None, after={"hp": 5}),
            Change(path="encounters/ambush", before={"round": 1}, after={"round": 1, "n": 2}),
        ],
    )
    undo = event.inverse()
    assert undo.kind == EventKind.UNDO and undo.undoes == event.id
    assert undo.text == "undo: add goblin"
    assert [c.path for c in undo.changes] == ["encounters/ambush", "roster/goblin"]
    assert undo.changes[1].after is None and undo.changes[1].before == {"hp": 5}
    assert undo.id != event.id


def test_events_get_ids_times_and_survive_json() -> None:
    a, b = damage(3), damage(3)
    assert a.id != b.id and len(a.id) == 12
    assert a.time.endswith("Z") and "T" in a.time
    assert Event.model_validate_json(a.model_dump_json()) == a
    assert Event(kind=EventKind.ROLL, text="3d6 = 11").reversible is False
    assert a.reversible


def test_undo_then_redo_walks_the_two_stacks() -> None:
    history = History()
    assert not history.can_undo and not history.can_redo
    first, second = damage(3), damage(2, before=7)
    history.record(first)
    history.record(second)
    assert history.peek_undo() is second
    undo = history.undo()
    assert undo.undoes == second.id and undo.changes[0].after == {"hp": 7}
    assert history.can_redo and history.peek_undo() is first
    redo = history.redo()
    assert redo.kind == EventKind.REDO and redo.undoes == second.id
    assert redo.changes == second.changes and redo.data == second.data
    assert redo.text == "redo: Orc takes 2"
    assert history.peek_undo() is second and not history.can_redo


def test_a_new_change_clears_the_redo_stack() -> None:
    history = History()
    history.record(damage(3))
    history.undo()
    assert history.can_redo
    history.record(damage(1))
    assert not history.can_redo
    with pytest.raises(RulesError, match="nothing to redo"):
        history.redo()


def test_events_without_changes_are_not_undoable_and_leave_redo_alone() -> None:
    history = History()
    history.record(damage(3))
    history.undo()
    history.record(Event(kind=EventKind.ROLL, text="1d20 = 12"))
    assert not history.can_undo and history.can_redo


def test_nothing_to_undo_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="nothing to undo"):
        History().undo()


def test_history_keeps_only_the_latest_changes() -> None:
    history = History(limit=3)
    events = [damage(i + 1) for i in range(5)]
    for e in events:
        history.record(e)
    undone = [history.undo().undoes for _ in range(3)]
    assert undone == [events[4].id, events[3].id, events[2].id]
    assert not history.can_undo
