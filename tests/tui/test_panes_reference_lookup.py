"""The lookup box's reading of what a GM typed (gmconsole.tui.widgets.reference_lookup): rolls
against Low/High columns, names shared by several rows, numbers that must be whole keys, and
refusals that fit on one line."""

from __future__ import annotations

import pytest

from gmconsole.engine.tables import Table, TableError
from gmconsole.tui.widgets.reference_lookup import Lookup, range_columns

HITS = Table(
    name="Hit locations (2d6)",
    columns=["Body", "Low", "High", "Part"],
    rows=[
        ["humanoid", 2, 2, "head"], ["humanoid", 3, 5, "arm"], ["humanoid", 6, 8, "torso"],
        ["humanoid", 9, 12, "leg"],
        ["four_legged", 2, 2, "head"], ["four_legged", 3, 7, "torso"], ["four_legged", 8, 12, "leg"],
        ["fish", 2, 12, "body"],
    ],
)
SHIP = Table(
    name="Carrier (d100)",
    columns=["Low", "High", "System"],
    rows=[[1, 5, "Bridge"], [6, 20, "Cargo Bay"], [76, 85, "Reactor"], [86, 100, "Sickbay"]],
)
LEVELS = Table(name="Levels", columns=["Value", "Benchmark"],
               rows=[["1", "a cat"], ["10", "a car"], ["10", "a truck"], ["12", "a house"]])
ROAD = Table(name="Road", dice="2d6", columns=["2d6", "Encounter"],
             rows=[["2-6", "Wolves"], ["7-12", "Pilgrims"]])
NAMES = Table(name="Names", columns=["Name"], rows=[["Aldo"], ["Alma"], ["Bren"]])


def found(table: Table, typed: str) -> tuple[list[int], str]:
    result = Lookup(table).find(typed)
    return [r.index for r in result.rows], result.answer


def refused(table: Table, typed: str, width: int = 76) -> str:
    with pytest.raises(TableError) as caught:
        Lookup(table, width).find(typed)
    text = str(caught.value)
    assert "\n" not in text and len(text) <= max(width, 60)
    return text


def test_only_low_and_high_make_a_range() -> None:
    assert range_columns(HITS) == (1, 2) and range_columns(SHIP) == (0, 1)
    limits = Table(name="Limits", columns=["Item", "Min", "Max"], rows=[["statistic", 1, 10]])
    assert range_columns(limits) is None and range_columns(ROAD) is None


def test_a_roll_finds_the_row_of_every_body_type_and_a_name_picks_one() -> None:
    assert found(HITS, "7") == ([2, 5, 7], "7: humanoid torso · four_legged torso · fish body")
    assert found(HITS, "humanoid 7") == ([2], "humanoid 6-8: torso")
    assert found(HITS, "7 four") == ([5], "four_legged 3-7: torso")
    assert refused(HITS, "00") == "no row for 00: Hit locations (2d6) covers 2-12"  # 00 is 100


def test_a_name_shared_by_several_rows_finds_them_all() -> None:
    assert found(HITS, "humanoid") == ([0, 1, 2, 3], "humanoid: 2 head · 3-5 arm · 6-8 torso · 9-12 leg")
    assert found(HITS, "FOUR")[1].startswith("four_legged: 2 head")  # a prefix, any case


def test_refusals_name_what_was_typed_and_what_the_table_takes() -> None:
    assert refused(HITS, "13") == "no row for 13: Hit locations (2d6) covers 2-12"
    assert refused(HITS, "wing") == "no Body 'wing': look up humanoid, four_legged, fish or a roll 2-12"
    assert refused(HITS, "7 8").startswith("'7 8' holds 2 numbers")
    assert refused(HITS, "fish 1") == "no row for 1: Hit locations (2d6) covers 2-12"
    assert refused(SHIP, "bridge") == "'bridge' is not a roll: Carrier (d100) covers 1-20, 76-100"
    assert refused(ROAD, "13") == "no row for 13: Road covers 2-12"
    assert refused(ROAD, "wolves") == "'wolves' is not a roll: Road covers 2-12"
    assert refused(NAMES, "al") == "'al' could be Aldo, Alma: type more"


def test_long_lists_of_names_are_cut_to_the_width() -> None:
    rows: list[list[str | int | float]] = [[f"creature number {i}", "x"] for i in range(40)]
    many = Table(name="Many", columns=["Name", "Note"], rows=rows)
    text = refused(many, "zz", width=50)
    assert text.startswith("no Name 'zz': look up creature number 0, ") and text.endswith(", …")
    assert len(text) <= 50


def test_a_number_is_a_roll_on_ranges_and_a_whole_key_elsewhere_never_a_prefix() -> None:
    assert found(SHIP, "7") == ([1], "6-20: Cargo Bay")  # was "76" by name prefix
    assert found(SHIP, "100") == found(SHIP, "00") == ([3], "86-100: Sickbay")
    assert found(LEVELS, "10") == ([1, 2], "10: a car · a truck")
    assert found(LEVELS, "1") == ([0], "1: a cat")  # not ambiguous with 10 and 12
    assert refused(LEVELS, "11").startswith("no Value 11: look up 1, 10, 12")
    assert found(ROAD, " 7 ") == ([1], "7-12: Pilgrims")
    assert found(NAMES, "b") == ([2], "Bren")
