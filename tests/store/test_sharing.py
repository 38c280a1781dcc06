"""Snapshots share unchanged entries with the one before, but only entries with identical data."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest
from pydantic import ValidationError

from gmconsole.engine.events import EventKind
from gmconsole.engine.roster import Character
from gmconsole.store import Session
from gmconsole.store.sharing import SnapshotPool, fingerprint
from gmconsole.store.state import Draft
from tests.store.conftest import file_snapshot


def test_identical_entries_are_shared_and_the_snapshot_is_not_changed() -> None:
    pool = SnapshotPool()
    first = pool.share({"name": "x", "rows": [{"id": "a", "hp": 1}, {"id": "b", "hp": 2}]})
    assert first is not None
    fresh = {"name": "x", "rows": [{"id": "a", "hp": 1}, {"id": "b", "hp": 3}]}
    second = pool.share(fresh)
    assert second is not None and second == fresh
    assert second["rows"][0] is first["rows"][0]  # unchanged: the same object
    assert second["rows"][1] is fresh["rows"][1]  # changed: the new one
    assert fresh["rows"] is not second["rows"]


def test_equal_is_not_enough_to_share() -> None:
    pool = SnapshotPool()
    pool.share({"rows": [{"v": 1}, {"v": 1.0}, {"a": 1, "b": 2}, {"d": dt.date(2026, 1, 1)}]})
    fresh = {"rows": [{"v": True}, {"v": 1}, {"b": 2, "a": 1}, {"d": dt.date(2026, 1, 1)}]}
    shared = pool.share(fresh)
    assert shared is not None
    assert [repr(r) for r in shared["rows"]] == [repr(r) for r in fresh["rows"]]  # same data, types, order
    assert shared["rows"][0] is fresh["rows"][0]  # True == 1, but not the same data
    assert shared["rows"][2] is fresh["rows"][2]  # equal, but its keys come in another order
    assert fingerprint({"v": 1}) != fingerprint({"v": True}) != fingerprint({"v": 1.0})
    assert fingerprint({"a": 1, "b": 2}) != fingerprint({"b": 2, "a": 1})


def test_turns_in_a_big_encounter_keep_only_what_changed(tmp_path: Path) -> None:
    """Consecutive events share the combatants a turn did not touch, so 500 events of undo
    history do not hold 500 copies of the encounter; undo still restores it exactly."""
    with Session.create(tmp_path / "c", name="C", system_id="generic", rng=random.Random(1)) as s:
        s.save_character("goblin", Character(name="Goblin", kind="creature", template=True, sheet={"hp": 7}))
        s.execute("encounter Horde")
        s.add_combatant("goblin", 40)
        s.execute("cond goblin-1 prone 3")
        s.start_encounter()
        start = s.encounter.model_dump() if s.encounter else None
        first = s.next_turn()
        second = s.damage("goblin-5", 2)
        (a,), (b,) = first.changes, second.changes
        assert a.after is not None and b.before is not None and b.after is not None
        same = [x is y for x, y in zip(a.after["combatants"], b.after["combatants"], strict=True)]
        assert same.count(False) == 1  # only goblin 5 is a new entry
        assert all(x is y for x, y in zip(a.after["combatants"], b.before["combatants"], strict=True))
        assert b.compact().changed == {"combatants.4.sheet.hp": (7, 5)}
        s.undo()
        s.undo()
        assert s.encounter is not None and s.encounter.model_dump() == start


def test_a_turn_validates_what_it_changed_and_still_refuses_a_bad_change(tmp_path: Path) -> None:
    """Saving reuses the validated models of the entries a change shares with the encounter in
    memory; a changed entry is validated, so a bad value is refused and nothing is written."""
    with Session.create(tmp_path / "c", name="C", system_id="generic", rng=random.Random(1)) as s:
        s.save_character("goblin", Character(name="Goblin", kind="creature", template=True, sheet={"hp": 7}))
        s.execute("encounter Horde")
        s.add_combatant("goblin", 30)
        s.start_encounter()
        s.next_turn()
        kept = s.encounter.combatants[5]
        s.damage("goblin-1", 2)
        assert s.encounter.combatants[5] is kept  # the untouched goblins were not validated again
        assert s.encounter.get("goblin-1").sheet["hp"] == 5
        before = file_snapshot(s.path)
        draft = Draft(s)
        draft.encounter().combatants[7].initiative = 10**9  # beyond what the model allows
        with pytest.raises(ValidationError, match="initiative"):
            s.commit(draft, EventKind.TURN, "a bad turn")
        assert file_snapshot(s.path) == before
        assert s.encounter.combatants[7].initiative != 10**9


def test_the_session_log_holds_no_snapshots_and_undo_a_bounded_history(tmp_path: Path) -> None:
    """A long session's memory stops growing once undo's history is full: the log in memory
    keeps events as the file does (changed leaves), only the history keeps snapshots."""
    with Session.create(tmp_path / "c", name="C", system_id="generic", rng=random.Random(1)) as s:
        s.save_character("goblin", Character(name="Goblin", kind="creature", template=True, sheet={"hp": 7}))
        s.execute("encounter Horde")
        s.add_combatant("goblin", 6)
        s.start_encounter()
        s.history.limit = 5
        for _ in range(12):
            s.next_turn()
        assert all(not c.in_memory for e in s.log for c in e.changes)
        assert len(s.history._undo) == 5
        s.undo()  # the history still undoes exactly
        assert s.encounter.round == 2 and s.log[-1].kind == EventKind.UNDO


def test_a_round_end_validates_a_shared_sheet_once_for_the_turn_order(tmp_path: Path) -> None:
    """The turn order reads each goblin's initiative stat (and a tie's tiebreak): 30 goblins
    with one sheet between them cost the sheet's validation once at most, not once a read
    (the generic system has no round hooks, which would each read every sheet once). A goblin
    whose sheet changed reads its new stat."""
    with Session.create(tmp_path / "c", name="C", system_id="generic", rng=random.Random(5)) as s:
        goblin_sheet = {"hp": 5, "initiative": 1}
        goblin = Character(name="Goblin", kind="creature", template=True, sheet=goblin_sheet)
        s.save_character("goblin", goblin)
        s.execute("encounter Horde")
        s.add_combatant("goblin", 30)
        s.start_encounter()
        while s.encounter is not None and s.encounter.pointer + 1 < len(s.encounter.steps):
            s.next_turn()
        parsed = 0
        real = s.system.parse_sheet

        def counting(data):  # type: ignore[no-untyped-def]
            nonlocal parsed
            parsed += 1
            return real(data)

        s.system.parse_sheet = counting  # type: ignore[method-assign]
        s.next_turn()
        assert s.encounter is not None and s.encounter.round == 2
        assert parsed <= 1  # was 7 a goblin: three stat reads, two for each round hook
        first = s.encounter.combatants[0]
        assert s.stat_of(first, "initiative") == 1
        changed = first.model_copy(update={"sheet": {"hp": 5, "initiative": 4}})
        assert s.stat_of(changed, "initiative") == 4


def test_a_round_hook_the_system_does_not_have_is_not_called_for_everyone() -> None:
    """The generic system has no round effects: a round end need not look at each sheet for
    them. Torg has both (its cards), ARM an end-of-round one."""
    from gmconsole.systems import get_system

    generic, torg, arm = get_system("generic"), get_system("torg"), get_system("arm")
    assert not generic.has_hook("end_of_round") and not generic.has_hook("start_of_round")
    assert torg.has_hook("end_of_round") and torg.has_hook("start_of_round")
    assert arm.has_hook("end_of_round")
