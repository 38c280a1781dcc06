"""Property: any valid table survives dump_tables -> load_tables unchanged, and every total its
ranges cover finds the row that covers it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from long_run import examples

from gmconsole.engine.tables import Table, dump_tables, load_tables
from gmconsole.engine.tables.model import fold

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=20)
NAME = TEXT.filter(lambda s: s.strip() != "")
CELL = st.one_of(TEXT, st.integers(-(10**6), 10**6), st.floats(allow_nan=False, allow_infinity=False))
META = st.fixed_dictionaries(
    {},
    optional={
        "credit": TEXT,
        "licence": TEXT,
        "note": TEXT,
        "confidence": TEXT,
        "stand_in": st.booleans(),
        "cite": TEXT,
        "group": TEXT,
    },
)


@st.composite
def columns(draw, n: int) -> list[str]:
    return draw(st.lists(NAME, min_size=n, max_size=n, unique_by=fold))


@st.composite
def reference_tables(draw) -> Table:
    width = draw(st.integers(1, 4))
    cols = draw(columns(width))
    rows = draw(st.lists(st.lists(CELL, min_size=width, max_size=width), min_size=1, max_size=6))
    key = draw(st.sampled_from(cols))
    return Table(name=draw(NAME), columns=cols, rows=rows, key=key, **draw(META))


@st.composite
def spans(draw) -> list[str | int]:
    """Disjoint ascending ranges written the ways a GM would: 7, "3-5", and an open last row."""
    cuts = draw(st.lists(st.integers(-50, 150), min_size=1, max_size=8, unique=True).map(sorted))
    keys: list[str | int] = []
    for lo, hi in zip(cuts, [*cuts[1:], None], strict=True):
        top = None if hi is None else hi - 1
        if top is None:
            keys.append(draw(st.sampled_from([f"{lo}+", lo])))
        elif top == lo:
            keys.append(draw(st.sampled_from([lo, str(lo)])))
        else:
            keys.append(f"{lo}-{top}")
    return keys


@st.composite
def keyed_tables(draw) -> Table:
    keys = draw(spans())
    width = draw(st.integers(1, 3))
    cols = draw(columns(width + 1))
    rows = [[k, *draw(st.lists(CELL, min_size=width, max_size=width))] for k in keys]
    kind = draw(st.sampled_from(["lookup", "random"]))
    dice = "1d20" if kind == "random" else draw(st.sampled_from([None, "2d6"]))
    return Table(name=draw(NAME), kind=kind, dice=dice, columns=cols, rows=rows, **draw(META))


@st.composite
def weighted_tables(draw) -> Table:
    weights = draw(st.lists(st.integers(1, 20), min_size=1, max_size=6))
    cols = ["Weight", *draw(columns(1)).copy()]
    if fold(cols[1]) == "weight":
        cols[1] = "Result"
    rows = [[w, draw(TEXT)] for w in weights]
    return Table(name=draw(NAME), columns=cols, rows=rows, **draw(META))


TABLES = st.one_of(reference_tables(), keyed_tables(), weighted_tables())


def _unique_ids(tables: list[Table]) -> list[Table]:
    return [t.model_copy(update={"id": f"t{i}"}) for i, t in enumerate(tables)]


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(TABLES, min_size=1, max_size=3), st.one_of(st.none(), TEXT), st.one_of(st.none(), TEXT))
def test_any_valid_table_round_trips_through_toml_text(tables, title, credit) -> None:
    tables = [t.model_copy(update={"source": "gm/x.toml"}) for t in _unique_ids(tables)]
    text = dump_tables(tables, title=title, credit=credit)
    again = load_tables(text, "gm/x.toml")
    assert again == tables
    assert dump_tables(again, title=title, credit=credit) == text


@settings(max_examples=100, deadline=None)
@given(keyed_tables(), st.integers(-60, 200))
def test_a_covered_total_finds_exactly_the_row_that_covers_it(table: Table, total: int) -> None:
    covering = [r for r in table.row_list if any(
        (lo is None or lo <= total) and (hi is None or total <= hi) for lo, hi in r.spans
    )]
    assert len(covering) <= 1
    if covering:
        assert table.lookup(total) == covering[0]
