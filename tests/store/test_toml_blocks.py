"""`BlockWriter` writes exactly what `dump_toml` writes, however the document changes between writes,
and `render_block` renders a block exactly as tomli_w does."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import examples
from tomli_w._writer import Context, format_key_part, gen_table_chunks

from gmconsole.store import Session
from gmconsole.store.files import _has_cr, drop_none, dump_toml
from gmconsole.store.models import dump_entity
from gmconsole.store.toml_blocks import BlockWriter
from gmconsole.store.toml_table import Unusual, render_block

keys = st.text(min_size=0, max_size=6) | st.sampled_from(["id", "name", "hp", "sheet", "a b", "ü"])
leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["two\nlines", "crlf\r\n", 'q"uote', "tab\t", "x" * 120, "\x7f"])
    | st.dates()
    | st.times()
    | st.datetimes()
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=8,
)
entries = st.dictionaries(keys, values, max_size=5)


@st.composite
def documents(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A few versions of one document: its lists of tables draw their entries from a shared
    pool, so later versions repeat, reorder, drop and change entries an earlier one had."""
    pool = draw(st.lists(entries, min_size=1, max_size=6))
    names = draw(st.lists(keys, min_size=1, max_size=3, unique=True))
    versions = []
    for _ in range(draw(st.integers(1, 4))):
        rest = draw(st.dictionaries(keys, values, max_size=4))
        doc: dict[str, Any] = {}
        for name in names:
            if draw(st.booleans()):
                doc[name] = draw(st.lists(st.sampled_from(pool) | entries, min_size=1, max_size=6))
        for k, v in rest.items():
            doc.setdefault(k, v)
        if draw(st.booleans()):  # reorder the top level too
            doc = dict(draw(st.permutations(list(doc.items()))))
        versions.append(doc)
    return versions


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_same_text_as_dump_toml_across_changes(versions: list[dict[str, Any]]) -> None:
    writer = BlockWriter()
    for doc in versions:
        assert writer.dumps(doc) == dump_toml(doc)


def test_the_cases_that_take_the_slow_path_still_match() -> None:
    writer = BlockWriter()
    big = {"id": "x" * 30, "name": "y" * 30, "notes": "z" * 60}
    docs: list[dict[Any, Any]] = [
        {"a": 1, "rows": [big, {"id": "short"}]},
        {"a": 1, "rows": [{"id": "short"}, {"id": "also"}]},  # every entry inline: an inline array
        {"a": "has\r\nCR", "rows": [big]},  # a CR outside the blocks: escaped strings everywhere
        {"a": 1, "rows": [big, {"note": "cr\r"}]},  # a CR inside one block
        {"a": 1, "rows": [None, big]},  # a table list only once None is dropped
        {1: "int key", "rows": [big]},
        {"\r": [big]},  # a CR in the name of a table list
        {"rows": [big], "b": None, "t": {}, "d": dt.date(2026, 11, 21), "later": 2},
        {"rows": [big, big], "more": [big], "t": {"x": {"y": [big]}}},
    ]
    for doc in docs:
        assert writer.dumps(doc) == dump_toml(doc), doc


def test_a_big_encounter_saved_turn_after_turn_is_what_a_full_dump_writes(tmp_path: Path) -> None:
    """The session's files, written through its block writers, equal a fresh full dump after
    turns, harm, conditions, holds, undo and redo."""
    with Session.create(tmp_path / "c", name="C", system_id="generic", rng=random.Random(3)) as s:
        s.execute("encounter Horde")
        s.save_character("goblin", _goblin())
        s.add_combatant("goblin", 30)
        s.execute("cond goblin-1 prone 2")
        s.start_encounter()
        steps = [
            "next",
            "dmg goblin-3 2",
            "cond goblin-4 burning 1 round",
            "next",
            "hold",
            "dmg goblin-7 9",
            "undo",
            "redo",
            "next",
            "cond goblin-2 dazed 2",
            "uncond goblin-2 dazed",
            "prev",
            "undo",
            "next",
            "next",
        ]
        file = tmp_path / "c" / "encounters" / "horde.toml"
        for line in steps * 3:
            s.execute(line)
            assert s.encounter is not None
            assert file.read_text(encoding="utf-8") == dump_entity(s.encounter, "encounter"), line


def _goblin() -> Any:
    from gmconsole.engine.roster import Character

    return Character(name="Goblin", kind="creature", template=True, sheet={"hp": 7, "hp_max": 7})


plain_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3)
    | st.lists(inner, max_size=3).map(tuple)
    | st.dictionaries(keys, inner, max_size=3)
    | st.lists(st.dictionaries(keys, inner, max_size=3), min_size=1, max_size=3),
    max_leaves=10,
)


@settings(max_examples=examples(400), deadline=None)
@given(st.dictionaries(keys, plain_values, max_size=5), keys)
def test_a_block_renders_as_tomli_w_renders_it(entry: dict[str, Any], name: str) -> None:
    """`render_block` is tomli_w's table writer (None dropped first) byte for byte, and says
    when a carriage return is in it, on any plain data: nested tables, arrays of tables long
    and short (inline), tuples, multi-line strings, dates."""
    clean = drop_none(entry)
    part = format_key_part(name)
    expected = "".join(gen_table_chunks(clean, Context(True, 4), name=part, inside_aot=True))
    text, has_cr = render_block(entry, part)
    assert text == expected
    assert has_cr == _has_cr(clean)


def test_data_that_is_not_plain_is_left_to_tomli_w() -> None:
    """A mapping that is not a dict, or a key that is not a str, is not guessed at: the block
    writer renders it with tomli_w (after dropping None, which makes keys str)."""
    from types import MappingProxyType

    odd = ({"sheet": MappingProxyType({"hp": 3})}, {"sheet": {1: "one"}}, {"x": [MappingProxyType({})]})
    for entry in odd:
        with pytest.raises(Unusual):
            render_block(entry, "rows")  # type: ignore[arg-type]
        doc = {"rows": [entry, {"id": "y" * 90}]}
        assert BlockWriter().dumps(doc) == dump_toml(doc)
