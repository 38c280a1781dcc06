"""The value scale, unit modifiers and the difficulty scale (003-torg.md §3)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmconsole.systems.torg import measure_to_value, value_to_measure
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.values import (
    benchmarks,
    difficulty,
    difficulty_levels,
    scale_value,
    unit_modifier,
    value_in_unit,
)


@pytest.mark.parametrize(
    ("value", "measure"),
    [
        (0, 1),
        (1, 1.5),
        (2, 2.5),
        (3, 4),
        (4, 6),
        (5, 10),
        (9, 60),
        (13, 400),
        (30, 1e6),
        (65, 1e13),
        (100, 1e20),
    ],
)
def test_value_chart(value, measure):
    assert value_to_measure(value) == measure


def test_negative_values_extend_the_pattern():
    assert value_to_measure(-1) == 0.6
    assert value_to_measure(-5) == pytest.approx(0.1)
    assert measure_to_value(0.1) == -5


@given(st.integers(min_value=-20, max_value=100))
def test_round_trip_value_measure(v):
    assert measure_to_value(value_to_measure(v)) == v


@given(st.integers(min_value=0, max_value=60))
def test_just_above_a_measure_is_the_next_value(v):
    assert measure_to_value(value_to_measure(v) * 1.0001) == v + 1


def test_units():
    assert unit_modifier("minutes") == 9
    assert unit_modifier("pounds") == -2
    assert value_in_unit(12, "mph") == 60
    assert unit_modifier("mile") == unit_modifier("miles") == 16  # singular or plural
    with pytest.raises(TorgError, match="did you mean 'miles'"):
        unit_modifier("milez")


def test_non_positive_measure_is_refused():
    with pytest.raises(TorgError):
        measure_to_value(0)


def test_difficulty_scale_in_order_with_modifiers():
    levels = difficulty_levels()
    assert [d.number for d in levels] == [3, 5, 8, 10, 12, 13, 15, 18, 22, 25]
    assert difficulty("heroic").modifier == 7
    with pytest.raises(TorgError, match="unknown difficulty 'hard'"):
        difficulty("hard")


def test_scale_value_counts():
    assert [scale_value(n) for n in (1, 2, 3, 4, 5, 6, 7, 10, 11, 15)] == [0, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_benchmarks_by_dimension():
    assert (38, "time", "year") in benchmarks("time")
    assert all(d == "weight" for _, d, _ in benchmarks("weight"))
