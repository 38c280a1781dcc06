"""Rolling tables: the table's dice (typed or random), nested dice and table references, bounds."""

from __future__ import annotations

import random

import pytest

from gmconsole.engine.tables import (
    MAX_DEPTH,
    MAX_ROLLS,
    Table,
    TableError,
    TableRoll,
    load_tables,
    resolver_for,
)

WILDERNESS = """\
title = "Wilderness"
credit = "A GM's own tables"
licence = "CC0"

[[table]]
name = "Road encounters"
dice = "2d6"
columns = ["2d6", "Encounter"]
rows = [
  ["2-4", "[[1d4+1]] wolves"],
  ["5-8", "2d6 pilgrims"],
  ["9-11", "A storm: {Weather}"],
  ["12+", "{Weather}, then {Weather}"],
]

[[table]]
name = "Weather"
columns = ["Weight", "Weather"]
rows = [[3, "Rain"], [1, "Fog"], [2, "Clear"]]

[[table]]
name = "Loot"
dice = "1d100"
columns = ["d100", "Find", "Coins"]
rows = [["01-50", "Nothing", 0], ["51-95", "A pouch", "3d6 sp"], ["96-00", "A gem", "[[1d4*10]] gp"]]

[[table]]
name = "Signs"
dice = "1d6"
bare_dice = false
columns = ["d6", "Sign"]
rows = [["1-6", "A rune reading 2d6"]]
"""


@pytest.fixture
def tables() -> list[Table]:
    return load_tables(WILDERNESS, "gm/wilderness.toml")


def named(tables: list[Table], name: str) -> Table:
    return next(t for t in tables if t.name == name)


def test_typed_dice_pick_the_row_and_nested_dice_follow_in_reading_order(tables) -> None:
    road = named(tables, "Road encounters")
    result = road.roll(random.Random(1), dice=[1, 2, 3])
    assert (result.dice, result.total, result.faces) == ("2d6", 3, [1, 2])
    assert result.row.key == "2-4"
    assert result.text == "4 wolves"
    assert [(n.expr, n.total, n.faces) for n in result.nested] == [("1d4+1", 4, [3])]
    assert result.summary() == "Road encounters (2d6: 3): 4 wolves [1d4+1 = 4]"


def test_bare_dice_in_a_result_are_rolled(tables) -> None:
    result = named(tables, "Road encounters").roll(dice=[3, 3, 6, 5])
    assert result.text == "11 pilgrims"
    assert result.nested[0].expr == "2d6"


def test_bare_dice_can_be_left_as_text(tables) -> None:
    result = named(tables, "Signs").roll(dice=[4])
    assert result.text == "A rune reading 2d6" and result.nested == []


def test_nested_table_references_roll_through_the_resolver(tables) -> None:
    road = named(tables, "Road encounters")
    result = road.roll(dice=[5, 5, 4], resolver=resolver_for(tables))
    assert result.text == "A storm: Fog"
    [weather] = result.subrolls
    assert (weather.table, weather.dice, weather.total, weather.text) == ("Weather", "1d6", 4, "Fog")
    assert result.summary() == "Road encounters (2d6: 10): A storm: Fog [Weather (1d6: 4)]"


def test_two_references_in_one_result_roll_separately(tables) -> None:
    result = named(tables, "Road encounters").roll(dice=[6, 6, 1, 6], resolver=resolver_for(tables))
    assert result.text == "Rain, then Clear"
    assert [s.total for s in result.subrolls] == [1, 6]


def test_typed_dice_that_run_out_hand_over_to_the_rng(tables) -> None:
    road = named(tables, "Road encounters")
    a = road.roll(random.Random(5), dice=[2, 3], resolver=resolver_for(tables))
    b = road.roll(random.Random(5), dice=[2, 3], resolver=resolver_for(tables))
    assert a.total == 5 and a == b
    assert 2 <= a.nested[0].total <= 12


def test_multi_column_results_name_each_column(tables) -> None:
    loot = named(tables, "Loot")
    assert loot.roll(dice=[100, 3]).text == "Find: A gem; Coins: 30 gp"  # "00" reads as 100
    assert loot.roll(dice=[50]).text == "Find: Nothing; Coins: 0"
    assert loot.roll(dice=[51, 1, 2, 3]).cells == ["A pouch", "6 sp"]


def test_a_weighted_table_rolls_over_the_sum_of_its_weights(tables) -> None:
    weather = named(tables, "Weather")
    assert weather.dice == "1d6"
    assert [r.range_text for r in weather.row_list] == ["1-3", "4", "5-6"]
    assert [r.weight for r in weather.row_list] == [3, 1, 2]
    assert [weather.roll(dice=[f]).text for f in range(1, 7)] == ["Rain"] * 3 + ["Fog"] + ["Clear"] * 2
    counts = {"Rain": 0, "Fog": 0, "Clear": 0}
    rng = random.Random(2)
    for _ in range(600):
        counts[weather.roll(rng).text] += 1
    assert counts["Rain"] > counts["Clear"] > counts["Fog"] > 0


def test_random_rolls_are_reproducible_from_the_seed_and_always_find_a_row(tables) -> None:
    road = named(tables, "Road encounters")
    resolve = resolver_for(tables)
    first = [road.roll(random.Random(seed), resolver=resolve).text for seed in range(50)]
    again = [road.roll(random.Random(seed), resolver=resolve).text for seed in range(50)]
    assert first == again
    assert len(set(first)) > 3


def test_a_total_already_rolled_picks_the_row(tables) -> None:
    result = named(tables, "Road encounters").roll(random.Random(0), total=12, resolver=resolver_for(tables))
    assert result.dice is None and result.total == 12 and result.faces == []
    assert result.summary().startswith("Road encounters (12): ")


def test_a_total_off_the_table_is_reported(tables) -> None:
    with pytest.raises(TableError, match=r"no row for 1 in Road encounters \(covers 2\+\)"):
        named(tables, "Road encounters").roll(total=1)


def test_a_lookup_table_with_dice_can_be_rolled_and_one_without_cannot() -> None:
    hit = Table(
        name="Hit location", kind="lookup", dice="1d6", columns=["d6", "Part"],
        rows=[["1-3", "Body"], ["4-6", "Arm"]],
    )
    assert hit.roll(dice=[5]).text == "Arm"
    chart = Table(name="Bonus chart", kind="lookup", columns=["Roll", "Bonus"], rows=[["1-5", 0]])
    with pytest.raises(TableError, match="Bonus chart is a lookup table with no dice to roll"):
        chart.roll(random.Random(1))
    assert chart.roll(total=3).text == "0"


@pytest.mark.parametrize(
    ("faces", "problem"),
    [
        ([3], "too few"),
        ([7, 1], "impossible"),
        ([1, 1, 3, 4], r"typed dice left over after the roll \(4\)"),
        ([1, 1, 5], r"1d4\+1 in Road encounters: typed-in die 1 is 5"),
    ],
)
def test_typed_dice_that_do_not_fit_are_refused(tables, faces: list[int], problem: str) -> None:
    with pytest.raises(TableError, match=problem):
        named(tables, "Road encounters").roll(dice=faces)


def test_a_bad_dice_expression_names_the_table() -> None:
    table = Table(name="Broken", dice="1d6", columns=["d6", "x"], rows=[["1-6", "[[2d]] bats"]])
    with pytest.raises(TableError, match=r"^2d in Broken: "):
        table.roll(random.Random(1))
    bad_dice = Table(name="Odd", dice="1q6", columns=["d6", "x"], rows=[["1-6", "x"]])
    with pytest.raises(TableError, match=r"^Odd: "):
        bad_dice.roll(random.Random(1))


def test_inline_expressions_may_carry_dice_labels() -> None:
    table = Table(name="Fire", dice="1d1", columns=["d1", "x"], rows=[[1, "[[2d6[fire]+1]] burns"]])
    result = table.roll(dice=[1, 2, 3])
    assert result.text == "6 burns"
    assert result.nested[0].faces == [2, 3]


def test_references_need_a_resolver_and_a_table_of_that_name(tables) -> None:
    road = named(tables, "Road encounters")
    with pytest.raises(TableError, match=r"refers to \{Weather\}, but no other tables were given"):
        road.roll(dice=[5, 5])
    with pytest.raises(TableError, match=r"refers to \{Weather\}, but there is no table of that name"):
        road.roll(dice=[5, 5], resolver=resolver_for([road]))

    def strict(name: str) -> Table:
        raise KeyError(name)

    with pytest.raises(TableError, match="no table of that name"):
        road.roll(dice=[5, 5], resolver=strict)


def test_a_table_that_refers_to_itself_stops_at_the_depth_bound() -> None:
    echo = Table(name="Echo", dice="1d1", columns=["d1", "x"], rows=[[1, "again: {Echo}"]])
    with pytest.raises(TableError, match=f"nest deeper than {MAX_DEPTH} \\(at Echo\\)"):
        echo.roll(random.Random(1), resolver=resolver_for([echo]))


def test_a_chain_within_the_depth_bound_resolves() -> None:
    chain = [
        Table(name=f"T{i}", dice="1d1", columns=["d1", "x"], rows=[[1, f"{i} {{T{i + 1}}}"]])
        for i in range(MAX_DEPTH)
    ]
    chain.append(Table(name=f"T{MAX_DEPTH}", dice="1d1", columns=["d1", "x"], rows=[[1, "end"]]))
    result = chain[0].roll(random.Random(1), resolver=resolver_for(chain))
    assert result.text == " ".join(str(i) for i in range(MAX_DEPTH)) + " end"


def test_fan_out_is_bounded_by_the_roll_budget() -> None:
    fan = [
        Table(name=f"F{i}", dice="1d1", columns=["d1", "x"], rows=[[1, " ".join([f"{{F{i + 1}}}"] * 3)]])
        for i in range(MAX_DEPTH)
    ]
    fan.append(Table(name=f"F{MAX_DEPTH}", dice="1d1", columns=["d1", "x"], rows=[[1, "x"]]))
    with pytest.raises(TableError, match=f"more than {MAX_ROLLS} nested rolls"):
        fan[0].roll(random.Random(1), resolver=resolver_for(fan))


def test_a_roll_is_plain_data_for_the_log(tables) -> None:
    result = named(tables, "Road encounters").roll(dice=[5, 5, 4], resolver=resolver_for(tables))
    data = result.model_dump(mode="json")
    assert data["subrolls"][0]["text"] == "Fog"
    assert TableRoll.model_validate(data) == result
