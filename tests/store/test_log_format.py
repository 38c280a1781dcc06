"""The log's text (schema 3, and 4's end-of-event marker): a line per changed leaf and per row
of data, a round's plan left to its rolls, the older layout still read, and an append a kill cut
short left out."""

from __future__ import annotations

import datetime as dt
import math
import random
import tomllib
from pathlib import Path

import pytest
import rtoml
from hypothesis import given, settings
from hypothesis import strategies as st
from long_run import examples

from gmconsole.engine.events import Change, Event, EventKind
from gmconsole.engine.roster import Character
from gmconsole.store import Session
from gmconsole.store.campaigns import check_campaign
from gmconsole.store.event_toml import event_toml, inline
from gmconsole.store.files import dump_toml
from gmconsole.store.log import EVENT_END, TORN_AT, check_log, complete_appends, log_files, read_log
from tests.store.conftest import sheet


def _goblins(tmp_path: Path, count: int) -> Session:
    s = Session.create(tmp_path / f"camp-{count}", name="Test", system_id="generic", rng=random.Random(1))
    s.save_character(
        "goblin", Character(name="Goblin", kind="creature", template=True, sheet=sheet(5, initiative=1))
    )
    s.new_encounter("Battle")
    for _ in range(0, count, 50):
        s.add_combatant("goblin", min(50, count))
    s.start_encounter()
    return s


def _round_end(s: Session) -> tuple[Event, int]:
    """The event of the `next` that ends round 1, and the bytes it added to the log."""
    while s.encounter.pointer + 1 < len(s.encounter.steps):
        s.next_turn()
    before = sum(p.stat().st_size for p in log_files(s.path))
    event = s.next_turn()
    return event, sum(p.stat().st_size for p in log_files(s.path)) - before


def test_a_round_end_logs_its_rolls_and_not_its_plan(tmp_path: Path) -> None:
    s = _goblins(tmp_path, 10)
    while s.encounter.pointer + 1 < len(s.encounter.steps):
        s.next_turn()
    plan = s.encounter.model_copy(deep=True)
    event, written = _round_end(s)
    assert s.encounter.round == 2
    (logged,) = [e for e in read_log(s.path)[0] if e.id == event.id]
    (change,) = logged.changes
    assert change.planned
    assert change.changed == {"round": (1, 2)}  # no step, pointer or initiative leaf
    assert change.added is None and change.removed is None
    rolls = logged.data["initiative"]
    assert {r["who"] for r in rolls} == {c.id for c in s.encounter.combatants}
    by_who = {r["who"]: r["total"] for r in rolls if "note" not in r}  # ties roll off afterwards
    assert by_who == {c.id: c.initiative for c in s.encounter.combatants}  # the rolls tell the plan
    assert written < 1500  # was 3.9 KB: every step and initiative written again, four lines each
    # the event in memory can still be undone exactly, plan and all
    s.undo()
    assert s.encounter == plan


def test_a_round_end_costs_its_rolls_whatever_the_fight(tmp_path: Path) -> None:
    """Proportional to what changed: each more roll (a goblin's, or a tie's roll-off) adds its
    line, 60 to 90 bytes, and nothing else grows with the fight."""
    small, small_bytes = _round_end(_goblins(tmp_path, 10))
    big, big_bytes = _round_end(_goblins(tmp_path, 50))
    rolls = len(big.data["initiative"]) - len(small.data["initiative"])
    assert rolls >= 40
    assert (big_bytes - small_bytes) / rolls < 95


def test_a_change_within_a_round_keeps_its_step_leaves(tmp_path: Path) -> None:
    s = _goblins(tmp_path, 3)
    event = s.delay(s.encounter.acting[0].id, s.encounter.steps[-1].actors[0])
    (logged,) = [e for e in read_log(s.path)[0] if e.id == event.id]
    (change,) = logged.changes
    assert not change.planned
    assert any(key.startswith("steps.") for key in change.changed or {})


V2_LOG = """\
schema_version = 2
session = "3f9a2c"

[[event]]
id = "aaa"
kind = "damage"
text = "Goblin 1 takes 3"
time = "2026-11-20T20:00:00Z"

[[event.changes]]
path = "encounters/ambush"

[event.changes.diff."combatants.2.sheet.hp"]
from = 5
to = 2

[event.changes.diff."combatants.2.conditions"]
to = [
    { name = "prone" },
]

[event.changes.diff."combatants.2.declared"]
from = "attack"
"""


def test_a_log_from_before_the_leaves_were_sorted_still_reads(tmp_path: Path) -> None:
    (tmp_path / "log").mkdir()
    path = tmp_path / "log" / "2026-11-20T20-00-00.1-3f9a2c-001.toml"
    path.write_text(V2_LOG, encoding="utf-8")
    events, problems = read_log(tmp_path)
    assert problems == [] and check_log(tmp_path) == []
    (change,) = events[0].changes
    assert change.changed == {"combatants.2.sheet.hp": (5, 2)}
    assert change.added == {"combatants.2.conditions": [{"name": "prone"}]}
    assert change.removed == {"combatants.2.declared": "attack"}
    assert path.read_text(encoding="utf-8") == V2_LOG  # read as it is, never rewritten


def test_each_leaf_and_each_row_is_one_line() -> None:
    change = Change(path="roster/ayla", before={"hp": 5, "tags": ["a"]}, after={"hp": 2, "x": {"y": 1}})
    event = Event(kind=EventKind.DAMAGE, text="t", data={"rows": [{"a": 1}, {"b": [1, 2]}]}, changes=[change])
    compact = [change.compact().model_dump(exclude_none=True)]
    dumped = event.model_dump(exclude_none=True) | {"changes": compact}
    text = event_toml(dumped)
    assert "    { a = 1 },\n    { b = [1, 2] },\n" in text
    assert "[event.changes.changed]\nhp = [5, 2]\n" in text
    assert '[event.changes.added]\nx = { y = 1 }\n' in text
    assert '[event.changes.removed]\ntags = ["a"]\n' in text


keys = st.text(max_size=8)
scalars = (
    st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats()
    | st.booleans()
    | st.text(max_size=10)
    | st.dates()
    | st.times()
    | st.datetimes()
    | st.datetimes(timezones=st.just(dt.UTC))
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=10,
)


def _same(a: object, b: object) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@settings(max_examples=examples(300), deadline=None)
@given(st.dictionaries(keys, values, max_size=4))
def test_any_value_reads_back_as_written_by_both_parsers(data: dict) -> None:
    """Every TOML value, with any key or string (quotes, control characters, DEL, emoji),
    reads back the same, by tomllib and by rtoml (the fast path of `check`)."""
    text = event_toml({"id": "x", "kind": "note", "text": "t", "data": data})
    assert _same(tomllib.loads(text)["event"][0].get("data", {}), data)
    if not any(type(v) is dt.time for v in _leaves(data)):  # rtoml reads a time as a string
        assert _same(rtoml.loads(text)["event"][0].get("data", {}), data)


def _leaves(value: object) -> list[object]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]


def test_a_value_the_log_cannot_hold_is_refused_not_written_as_none() -> None:
    with pytest.raises(TypeError, match="cannot write NoneType"):
        inline(None)
    assert inline([1, None, {"a": None, "b": 2}]) == "[1, { b = 2 }]"  # TOML has no null


def _killed_mid_append(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """A campaign whose console wrote events past the first page of its log file and was then
    killed inside an append: the file stops at that page boundary, mid-event (as Linux leaves
    a write that SIGKILL interrupts). Returns the campaign, its log file and the ids saved
    before the cut-off append."""
    root = tmp_path / "camp"
    with Session.create(root, name="C", system_id="generic", rng=random.Random(3)) as s:
        while True:
            s.roll("3d6")
            (file,) = log_files(root)
            if file.stat().st_size > TORN_AT + 200:
                break
    text = file.read_bytes()
    assert not text[TORN_AT - 1 : TORN_AT + 1].endswith(EVENT_END.encode())
    file.write_bytes(text[:TORN_AT])
    whole = text[: text.rfind(EVENT_END.encode(), 0, TORN_AT) + len(EVENT_END)]
    saved = [Event.model_validate(e).id for e in tomllib.loads(whole.decode())["event"]]
    return root, file, saved


def test_an_append_a_kill_cut_short_is_left_out_and_nothing_saved_is_lost(tmp_path: Path) -> None:
    """The crash-safety test once found a log file of exactly 4,096 bytes whose last event
    stopped mid-line: `check` called the file invalid TOML and every event in it was lost to
    the console. The cut-off append (never reported saved) is left out; the rest reads."""
    root, file, saved = _killed_mid_append(tmp_path)
    events, problems = read_log(root)
    assert problems == [] and [e.id for e in events] == saved and len(saved) > 3
    assert check_log(root) == [] and check_campaign(root) == []
    with Session.open(root) as s:
        assert [e.id for e in s.log][-len(saved) :] == saved
        s.roll("1d6")  # goes to a file of its own; the dead console's stays as it was
    assert file.stat().st_size == TORN_AT


def test_only_a_cut_where_a_kill_stops_a_write_is_left_out(tmp_path: Path) -> None:
    """Text after the last complete event of a file that does not stop at a page boundary was
    put there by hand: a bad one is reported, as before. A first append cut short (no event
    complete yet, header included) holds nothing."""
    root, file, _saved = _killed_mid_append(tmp_path)
    file.write_bytes(file.read_bytes() + b"\n")
    assert read_log(root)[1] != []
    head = dump_toml({"schema_version": 4, "session": "x"}).encode() + b'\n[[event]]\ntext = "'
    first = head + b"a" * (TORN_AT - len(head))
    assert complete_appends(first) == b"" and complete_appends(b"") == b""
    file.write_bytes(first)
    assert read_log(root) == ([], [])
    older = b'schema_version = 3\nsession = "x"\n' + b"#" * (TORN_AT - 33)
    assert complete_appends(older) == older  # before the marker: read as it was written
