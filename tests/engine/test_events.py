"""Events carry exact inverses; History keeps undo and redo stacks over them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Change, Event, EventKind, History, leaf_diff


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


_GONE = object()


def walked_diff(before: Any, after: Any, prefix: str = "") -> dict[str, Any]:
    """The leaf-by-leaf walk `leaf_diff` must agree with (it skips equal subtrees instead)."""
    out: dict[str, Any] = {}
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            out.update(walked_diff(before.get(key, _GONE), after.get(key, _GONE), f"{prefix}{key}."))
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            out.update(walked_diff(b, a, f"{prefix}{i}."))
        return out
    if isinstance(before, list) and isinstance(after, list) and before and after:
        # a resized list: equal entries at both ends are trimmed, the rest paired by index
        start = 0
        while start < min(len(before), len(after)) and before[start] == after[start]:
            start += 1
        end = 0
        while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
            end += 1
        old, new = before[start : len(before) - end], after[start : len(after) - end]
        for i in range(max(len(old), len(new))):
            b = old[i] if i < len(old) else _GONE
            a = new[i] if i < len(new) else _GONE
            if b is _GONE or a is _GONE:
                out[f"{prefix}{start + i}"] = {"from": b} if a is _GONE else {"to": a}
            else:
                out.update(walked_diff(b, a, f"{prefix}{start + i}."))
        return out
    if (before is _GONE and after is _GONE) or before == after:
        return out
    entry = {} if before is _GONE else {"from": before}
    if after is not _GONE:
        entry["to"] = after
    out[prefix.rstrip(".") or "."] = entry
    return out


snapshots = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.sampled_from(["a", "b"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("xyz"), inner, max_size=3),
    max_leaves=12,
)


@given(snapshots, snapshots)
def test_leaf_diff_is_the_leaf_by_leaf_walk(before: Any, after: Any) -> None:
    assert leaf_diff(before, after) == walked_diff(before, after)
    assert leaf_diff(before, before) == {}


def test_a_combatant_added_or_removed_is_logged_alone() -> None:
    goblins = [{"id": f"g{i}", "sheet": {"hp": 7}} for i in range(50)]
    grown = [*goblins[:10], {"id": "new", "sheet": {"hp": 3}}, *goblins[10:]]
    assert leaf_diff({"combatants": goblins}, {"combatants": grown}) == {
        "combatants.10": {"to": {"id": "new", "sheet": {"hp": 3}}}
    }
    shrunk = goblins[:20] + goblins[21:]
    removed = leaf_diff({"combatants": goblins}, {"combatants": shrunk})
    assert removed == {"combatants.20": {"from": goblins[20]}}


def test_leaf_diff_names_only_what_changed_in_a_big_encounter() -> None:
    goblins = [{"id": f"g{i}", "sheet": {"hp": 7}, "conditions": [{"name": "prone"}]} for i in range(500)]
    after = [{**g, "sheet": {"hp": 3}} if g["id"] == "g42" else g for g in goblins]
    after[7] = {**after[7], "conditions": []}
    diff = leaf_diff({"round": 1, "combatants": goblins}, {"round": 2, "combatants": after})
    assert diff == {
        "round": {"from": 1, "to": 2},
        "combatants.7.conditions": {"from": [{"name": "prone"}], "to": []},
        "combatants.42.sheet.hp": {"from": 7, "to": 3},
    }


def test_a_nan_that_stayed_is_no_change() -> None:
    nan = float("nan")
    assert leaf_diff({"x": nan, "y": 1}, {"x": nan, "y": 2}) == {"y": {"from": 1, "to": 2}}
