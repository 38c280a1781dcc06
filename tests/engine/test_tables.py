"""Reference tables: loading TOML (with credit inheritance and located errors), range and name
lookups, search, and writing tables back. Rolling is in test_tables_roll.py."""

from __future__ import annotations

import pytest

import gmconsole.engine.tables as tables_pkg
from gmconsole.engine.errors import RulesError
from gmconsole.engine.tables import (
    Row,
    Table,
    TableError,
    dump_tables,
    load_tables,
    resolver_for,
    search_tables,
)

# The Torg bonus chart as a GM would type it from 003-torg.md §2.3.
BONUS_CHART = """\
title = "Torg bonus chart"
credit = "Torg (West End Games, 1990). Game design by Greg Gorden."
licence = "All rights reserved; numbers kept for play at your own table."
confidence = "mixed"
source = "003-torg.md §2.3"
notes = ["A total equal to the difficulty succeeds.", "Past 50: +1 per 5 or part thereof."]

[[table]]
name = "Bonus chart"
kind = "lookup"
columns = ["Die roll", "Bonus"]
rows = [
  [1, -12], [2, -10], ["3-4", -8], ["5-6", -5], ["7–8", -2], ["9-10", -1], ["11-12", 0],
  ["13-14", 1], [15, 2], [16, 3], [17, 4], [18, 5], [19, 6], [20, 7], ["21-25", 8],
  ["26-30", 9], ["31-35", 10], ["36-40", 11], ["41-45", 12], ["46-50", 13],
  ["51+", "+1 per 5"],
]

[[table]]
name = "Difficulty"
kind = "lookup"
credit = "A GM's own ladder"
columns = ["Difficulty", "Number"]
rows = [["Very easy", 3], ["Easy", 5], ["Average", 8], ["Hard", 12], ["Very hard", 15]]
"""


def bonus() -> Table:
    return load_tables(BONUS_CHART, "torg/bonus_chart.toml")[0]


def difficulty() -> Table:
    return load_tables(BONUS_CHART, "torg/bonus_chart.toml")[1]


def one(text: str, source: str = "gm/tables.toml") -> Table:
    [table] = load_tables(text, source)
    return table


def error(text: str, source: str = "gm/tables.toml") -> str:
    with pytest.raises(TableError) as caught:
        load_tables(text, source)
    return str(caught.value)


# ---------------------------------------------------------------------- loading and credit


def test_every_table_gets_the_files_credit_unless_it_sets_its_own() -> None:
    chart, ladder = load_tables(BONUS_CHART, "torg/bonus_chart.toml")
    assert chart.credit.startswith("Torg (West End Games")
    assert chart.licence == ladder.licence == "All rights reserved; numbers kept for play at your own table."
    assert ladder.credit == "A GM's own ladder"
    assert chart.source == ladder.source == "torg/bonus_chart.toml"
    assert chart.group == "Torg bonus chart"
    assert chart.confidence == "mixed"
    assert chart.cite == "003-torg.md §2.3"
    assert chart.note == "A total equal to the difficulty succeeds.\nPast 50: +1 per 5 or part thereof."
    assert chart.stand_in is False
    assert chart.id == "bonus-chart" and chart.kind == "lookup" and chart.key == "Die roll"


def test_a_table_overrides_note_confidence_and_stand_in() -> None:
    table = one(
        'credit = "c"\nlicence = "l"\nconfidence = "text"\nstand_in = true\nnote = "file note"\n'
        '[[table]]\nname = "Omens"\nconfidence = "stand-in"\nnote = "own note"\nstand_in = false\n'
        'source = "p. 3"\nrows = ["Crow"]\n'
    )
    got = (table.confidence, table.note, table.stand_in, table.cite)
    assert got == ("stand-in", "own note", False, "p. 3")
    inherited = one('stand_in = true\n[[table]]\nname = "Omens"\nrows = ["Crow"]\n')
    assert inherited.stand_in is True and inherited.credit == "" and inherited.licence == ""


def test_a_file_without_tables_and_with_other_structures_loads_nothing() -> None:
    torg_style = (
        'title = "Bonus chart"\ncredit = "c"\nlicence = "l"\nsource = "§2.3"\n'
        "notes = [\"a\"]\nranges = [[1, 1, -12]]\n[overflow]\nabove = 50\n"
    )
    assert load_tables(torg_style, "torg/bonus_chart.toml") == []


def test_the_documented_example_loads_and_rolls() -> None:
    doc = tables_pkg.__doc__ or ""
    example = "\n".join(line[4:] for line in doc.splitlines() if line.startswith("    "))
    found = load_tables(example, "doc.toml")
    assert [t.name for t in found] == ["Bonus chart", "Road encounters", "Weather", "Omens", "Target numbers"]
    assert [t.kind for t in found] == ["lookup", "random", "random", "random", "lookup"]
    assert found[0].lookup(73).value == "+1 per 5"
    assert found[4].lookup("very h").value == 9


def test_kind_is_inferred_from_dice_and_weights() -> None:
    assert one('[[table]]\nname = "A"\ncolumns = ["x"]\nrows = [["y"]]\n').kind == "reference"
    rolled = one('[[table]]\nname = "A"\ndice = "1d2"\ncolumns = ["d2", "x"]\nrows = [[1, "a"], [2, "b"]]\n')
    assert rolled.kind == "random"
    weighted = one('[[table]]\nname = "A"\ncolumns = ["Weight", "x"]\nrows = [[2, "a"], [1, "b"]]\n')
    assert weighted.kind == "random" and weighted.dice == "1d3"


def test_plain_rows_make_a_numbered_random_table_or_a_one_column_list() -> None:
    omens = one('[[table]]\nname = "Omens"\nkind = "random"\ncolumns = ["Omen"]\nrows = ["Crow", "Comet"]\n')
    assert omens.columns == ["d2", "Omen"] and omens.dice == "1d2"
    assert omens.rows == [[1, "Crow"], [2, "Comet"]]
    assert omens.lookup(2).value == "Comet"
    listing = one('[[table]]\nname = "Skills"\nrows = ["Dodge", "Climb"]\n')
    assert listing.kind == "reference" and listing.columns == ["Skills"]
    assert listing.text_rows() == [["Dodge"], ["Climb"]]


def test_text_rows_show_cells_as_written() -> None:
    table = one('[[table]]\nname = "A"\ncolumns = ["k", "v"]\nrows = [["1-2", -10], [3, 1.5]]\n')
    assert table.text_rows() == [["1-2", "-10"], ["3", "1.5"]]


# ---------------------------------------------------------------------- errors, located


def test_a_toml_syntax_error_names_the_file_and_line() -> None:
    text = BONUS_CHART.replace('["31-35", 10]', '["31-35" 10]')
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"31-35" 10' in row)
    message = error(text, "torg/bonus_chart.toml")
    assert message.startswith(f"torg/bonus_chart.toml:{line}: ")
    assert "column" in message


def test_a_bad_table_names_the_file_line_table_and_row() -> None:
    text = 'credit = "c"\n\n[[table]]\nname = "Bad"\ncolumns = ["a", "b"]\nrows = [[1, 2], [3]]\n'
    assert error(text) == (
        "gm/tables.toml:3: table 'Bad': row 2 has 1 cell(s) but the table has 2 column(s) (a, b)"
    )


LOOKUP = 'kind = "lookup"\ncolumns = ["k", "v"]\n'
WEIGHTED = 'columns = ["Weight", "v"]\n'


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (LOOKUP + 'rows = [["1-3", 1], [3, 2]]', "rows 1 and 2 overlap (1-3 and 3)"),
        (LOOKUP + 'rows = [["61+", 1], [70, 2]]', "rows 1 and 2 overlap (61+ and 70)"),
        (LOOKUP + 'rows = [["1-3, 2", 1]]', "row 1 covers 1-3 twice"),
        (LOOKUP + 'rows = [["5-3", 1]]', "row 1: range '5-3' runs backwards"),
        (LOOKUP + 'rows = [["1", 1], ["two", 2]]', "row 2: key 'two' is not a number"),
        (LOOKUP + 'rows = [["one", 1], [2, 2]]', "row 2: key '2' is a number"),
        (LOOKUP + 'rows = [["one", 1], ["ONE", 2]]', "rows 1 and 2 have the same key"),
        ('kind = "random"\ncolumns = ["k", "v"]\nrows = [[1, 1]]', "a random table needs dice"),
        ('dice = "1d6"\nkind = "reference"\ncolumns = ["k"]\nrows = [[1]]', "a reference table has no dice"),
        (WEIGHTED + 'rows = [[0, "a"]]', "row 1: weight 0 must be a whole number of 1 or more"),
        (WEIGHTED + 'dice = "2d6"\nrows = [[1, "a"]]', "weights add up to 1, so the table rolls 1d1"),
        ('columns = ["k", "k "]\nrows = [[1, 2]]', "column 'k ' appears twice"),
        ('columns = []\nrows = [[1]]', "needs at least one column"),
        ('columns = ["k"]\nrows = []', "has no rows"),
        ('columns = ["k"]\nrows = [[true]]', "row 1: cells hold text or numbers, not true/false"),
        ('columns = ["k"]\nrows = [[[1]]]', "row 1: a cell holds a list or table"),
        ('columns = ["k"]\nkey = "z"\nrows = [[1]]', "key column 'z' is not one of the columns (k)"),
        ('kind = "magic"\ncolumns = ["k"]\nrows = [[1]]', "kind: Input should be 'lookup', 'random' or"),
        ('colums = ["k"]\nrows = [[1]]', "unknown key 'colums'"),
        ('columns = ["k"]\nrows = [[1]]\nnote = 3', "note must be text or a list of text lines"),
        ('columns = ["k"]\nrows = [[1]]\nsource = 3', "source must be text"),
        ('columns = ["k"]\nrows = [[1]]\nnote = "a"\nnotes = ["b"]', "give note or notes, not both"),
    ],
)
def test_malformed_tables_are_refused_with_the_reason(body: str, problem: str) -> None:
    message = error(f'[[table]]\nname = "T"\n{body}\n')
    assert message.startswith("gm/tables.toml:1: table 'T': ")
    assert problem in message


def test_file_level_problems() -> None:
    assert error("table = 3\n") == "gm/tables.toml: 'table' must be an array of tables, written [[table]]"
    assert error('[[table]]\ncolumns = ["k"]\nrows = [[1]]\n') == "gm/tables.toml:1: table '#1': missing name"
    assert "the name is blank" in error('[[table]]\nname = "  "\ncolumns = ["k"]\nrows = [[1]]\n')
    bad_credit = 'credit = 3\n[[table]]\nname = "A"\nrows = ["x"]\n'
    assert error(bad_credit) == "gm/tables.toml: credit must be text, not int"
    assert "stand_in must be true or false" in error('stand_in = "yes"\n')
    twice = '[[table]]\nname = "Loot"\nrows = ["a"]\n\n[[table]]\nname = "loot"\nrows = ["b"]\n'
    assert error(twice) == "gm/tables.toml:5: table 'loot': id 'loot' is already used by table 'Loot'"


def test_table_error_is_a_rules_error() -> None:
    assert issubclass(TableError, RulesError)


# ---------------------------------------------------------------------- lookups by number


def test_bonus_chart_lookups_by_roll() -> None:
    chart = bonus()
    assert chart.keyed_by_number
    assert chart.lookup(1).value == -12
    assert chart.lookup(4).value == -8
    assert chart.lookup(8).value == -2  # an en dash range
    assert chart.lookup(38)["Bonus"] == 11
    assert chart.lookup("38").value == 11  # typed by a GM
    assert chart.value(16) == 3
    assert chart.value(50, "Bonus") == 13


def test_an_open_ended_row_answers_every_roll_past_it() -> None:
    chart = bonus()
    row = chart.lookup(73)
    assert row.key == "51+" and row.value == "+1 per 5" and row.spans == ((51, None),)
    assert chart.lookup(10_000).index == 20
    assert chart.coverage() == "1+"


def test_a_missing_number_names_the_table_and_what_it_covers() -> None:
    chart = bonus()
    with pytest.raises(TableError, match=r"^no row for 0 in Bonus chart \(covers 1\+\)$"):
        chart.lookup(0)
    gappy = one(
        '[[table]]\nname = "Bonus chart"\nkind = "lookup"\ncolumns = ["Roll", "Bonus"]\n'
        'rows = [["1-20", 0], ["31-60", 1]]\n'
    )
    with pytest.raises(TableError, match=r"^no row for 23 in Bonus chart \(covers 1-20, 31-60\)$"):
        gappy.lookup(23)
    with pytest.raises(TableError, match=r"no row for 61 in Bonus chart \(covers 1-20, 31-60\)"):
        gappy.lookup(61)
    with pytest.raises(TableError, match="keyed by number; 'abc' is not a whole number"):
        gappy.lookup("abc")
    with pytest.raises(TableError, match="not True"):
        gappy.lookup(True)


@pytest.mark.parametrize(
    ("key", "inside", "outside"),
    [
        ("-5 or less", [-5, -40], [-4]),
        ("<=0", [0, -1], [1]),
        ("≤ 0", [0], [1]),
        (">=61", [61, 99], [60]),
        ("61 or more", [61], [60]),
        ("-10 to -5", [-10, -5], [-11, -4]),
        ("-10--5", [-7], [-4]),
        ("96-00", [96, 100], [95]),
        ("00", [100], [0]),
        ("1-2, 12", [1, 2, 12], [3, 11]),
        ("+3", [3], [4]),
    ],
)
def test_range_spellings(key: str, inside: list[int], outside: list[int]) -> None:
    table = Table(name="T", kind="lookup", columns=["k", "v"], rows=[[key, "hit"]])
    for n in inside:
        assert table.lookup(n).value == "hit"
    for n in outside:
        with pytest.raises(TableError):
            table.lookup(n)


# ---------------------------------------------------------------------- lookups by name


def test_name_keys_match_ignoring_case_or_by_unique_prefix() -> None:
    ladder = difficulty()
    assert not ladder.keyed_by_number
    assert ladder.lookup("AVERAGE").value == 8
    assert ladder.lookup("  very   EASY ").value == 3
    assert ladder.lookup("ha").value == 12
    with pytest.raises(TableError, match="'very' is ambiguous in Difficulty: Very easy, Very hard"):
        ladder.lookup("very")
    with pytest.raises(TableError, match=r"no row named 'Heroic' in Difficulty \(rows: Very easy, Easy, "):
        ladder.lookup("Heroic")
    with pytest.raises(TableError, match="name a row"):
        ladder.lookup("  ")


def test_a_typed_number_is_a_whole_name_never_a_prefix() -> None:
    """A table keyed by names that happen to be numbers (a d100 table built from a book's
    list): "7" is row 7 or nothing, not the only row starting with 7 (which was "76")."""
    carrier = Table(name="Carrier", columns=["Roll", "Part"], rows=[["76", "Reactor"], ["7", "Cargo"]])
    assert carrier.lookup("7")["Part"] == "Cargo"
    only_76 = Table(name="Carrier", columns=["Roll", "Part"], rows=[["76", "Reactor"], ["80", "Bridge"]])
    with pytest.raises(TableError, match="no row named '7' in Carrier"):
        only_76.lookup("7")
    assert only_76.lookup("76")["Part"] == "Reactor"


def test_reference_tables_look_up_their_key_column_by_name() -> None:
    skills = Table(
        name="Skills",
        columns=["Skill", "Attribute"],
        rows=[["dodge", "DEX"], ["find", "PER"], ["1st aid", "MIN"]],
    )
    assert skills.kind == "reference"
    assert skills.lookup("Dodge")["Attribute"] == "DEX"
    assert skills.lookup("1st")["attribute"] == "MIN"
    by_attribute = Table(name="Skills", columns=["Skill", "Attribute"], key="Attribute", rows=skills.rows)
    assert by_attribute.lookup("per").key == "PER"
    assert by_attribute.lookup("per").value == "find"


def test_row_access_by_position_and_column() -> None:
    row = bonus().lookup(15)
    assert isinstance(row, Row)
    assert (row[0], row[1], row["die roll"]) == (15, 2, 15)
    assert row.values == {"Bonus": 2}
    assert row.range_text == "15"
    with pytest.raises(TableError, match=r"no column 'Penalty' \(columns: Die roll, Bonus\)"):
        row["Penalty"]
    three = Table(name="T", kind="lookup", columns=["Roll", "Hit", "Damage"], rows=[["1-3", "Arm", 2]])
    assert three.lookup(2).text() == "Hit: Arm; Damage: 2"


# ---------------------------------------------------------------------- search


def test_search_ranks_name_matches_above_content_matches() -> None:
    chart, ladder = load_tables(BONUS_CHART, "torg/bonus_chart.toml")
    assert chart.search("bonus chart") == 100
    assert chart.search("bonus-chart") == 100
    assert chart.search("bon") == 80
    assert chart.search("chart") == 70  # at the start of a word of the name
    assert chart.search("hart") == 60  # inside a word
    assert chart.search("chart bonus") == 50
    assert chart.search("die roll torg") == 30  # a column name and the group
    assert ladder.search("average") == 10  # a cell
    assert chart.search("average") == 0
    assert chart.search("") > 0
    # The ladder matches "bonus" only through its group (the file title): it ranks after.
    assert search_tables([ladder, chart], "bonus") == [chart, ladder]
    assert search_tables([ladder, chart], "easy") == [ladder]
    assert search_tables([chart, ladder], "difficulty") == [ladder, chart]  # chart: "difficulty" in its note
    assert search_tables([chart, ladder], "dragon") == []


def test_matching_rows_filter_a_reference_table() -> None:
    ladder = difficulty()
    assert [r.key for r in ladder.matching_rows("very")] == ["Very easy", "Very hard"]
    assert [r.key for r in ladder.matching_rows("hard 15")] == ["Very hard"]
    assert len(ladder.matching_rows("")) == 5


def test_resolver_finds_tables_by_name_or_id() -> None:
    chart, ladder = load_tables(BONUS_CHART, "torg/bonus_chart.toml")
    find = resolver_for([chart, ladder])
    assert find("BONUS CHART") is chart
    assert find("bonus-chart") is chart
    assert find("difficulty") is ladder
    assert find("weather") is None


# ---------------------------------------------------------------------- writing back


def test_dump_then_load_gives_the_same_tables() -> None:
    original = load_tables(BONUS_CHART, "torg/bonus_chart.toml")
    header = {"title": "Torg bonus chart", "credit": original[0].credit, "licence": original[0].licence}
    text = dump_tables(original, **header)
    assert load_tables(text, "torg/bonus_chart.toml") == original
    assert dump_tables(load_tables(text, "torg/bonus_chart.toml"), **header) == text  # deterministic
    assert '  ["51+", "+1 per 5"],\n' in text
    assert load_tables(dump_tables(original), "torg/bonus_chart.toml") == original
