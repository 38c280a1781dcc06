"""The logarithmic scale with the book's numbers (examples T-01 to T-11, D-03, D-04, D-05, D-15)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm import convert_log, log_to_measure, measure_to_log, per_round

TABLE = {-40: 1e-8, -35: 1e-7, -30: 1e-6, -25: 1e-5, -20: 1e-4, -15: 1e-3, -10: 0.01, -5: 0.1,
         0: 1, 1: 1.5, 2: 2.5, 3: 4, 4: 6, 5: 10, 10: 100, 15: 1000, 20: 1e4, 25: 1e5, 30: 1e6,
         35: 1e7, 40: 1e8, 45: 1e9}


def test_T06_every_row_of_the_log_table() -> None:
    for log, measure in TABLE.items():
        assert math.isclose(log_to_measure(log), measure, rel_tol=1e-12), log
        assert measure_to_log(measure) == log


def test_T01_T02_the_decade_below_and_the_step_within_it() -> None:
    assert [log_to_measure(x) for x in (10, 11, 12, 13, 14)] == [100, 150, 250, 400, 600]
    assert log_to_measure(15) == 1000  # either reading of the book's step 1
    assert log_to_measure(16) == 1500


def test_T03_a_negative_log_floors_to_the_multiple_of_five_below() -> None:
    assert log_to_measure(-3) == 0.25  # 0.1 x 2.5, not 1 x something


def test_D15_negative_logs() -> None:
    assert [log_to_measure(x) for x in (-1, -4, -5, -6, -11)] == [0.6, 0.15, 0.1, 0.06, 0.006]


@given(st.integers(min_value=-60, max_value=60))
def test_T05_plus_five_is_times_ten(log: int) -> None:
    assert math.isclose(log_to_measure(log + 5), 10 * log_to_measure(log), rel_tol=1e-9)
    assert measure_to_log(log_to_measure(log)) == log  # the table round-trips exactly


def test_T07_plus_one_is_about_half_again() -> None:
    for log in range(-10, 10):
        assert 1.5 - 1e-9 <= log_to_measure(log + 1) / log_to_measure(log) <= 1.67


def test_S4_S7_S9_D03_measure_to_log_rounds_five_log10() -> None:
    assert measure_to_log(1342) == 16
    assert measure_to_log(3) == 2
    assert measure_to_log(1_000_000) == 30
    cases = {2: 2, 5: 3, 0.5: -2, 20: 7, 50: 8, 9: 5, 8.6: 5, 3.28084: 3, 600: 14, 10: 5, 86_400: 25}
    assert {m: measure_to_log(m) for m in cases} == cases


@pytest.mark.parametrize("bad", [0, -1, "x"])
def test_a_measure_of_zero_or_less_has_no_log(bad) -> None:
    with pytest.raises((ValueError, RulesError)):
        measure_to_log(bad)


def test_T09_per_minute_adds_nine() -> None:
    assert convert_log(0, "m", "m", "s", "min", 1) == 9


def test_T10_corvens_sprint_is_a_hundred_feet_a_round() -> None:
    assert log_to_measure(5) == 10
    feet_per_second = convert_log(5, "m", "ft", "s", "s", 1)
    assert feet_per_second == 8
    assert per_round(feet_per_second, 3) == 10
    assert log_to_measure(10) == 100


def test_T11_decius_accelerates_in_millions_of_km_per_hour_per_hour() -> None:
    assert convert_log(3, "m", "Mkm", "s", "h", 2, extra_units={"Mkm": 45}) == -6
    assert log_to_measure(-6) == 0.06


def test_the_three_positional_arguments_use_the_unit_table() -> None:
    assert convert_log(0, "km", "m") == 15
    assert convert_log(0, "mi", "ft") == 19
    assert convert_log(37, "s", "year") == 0
    assert convert_log(10, "day", "h") == 17
    with pytest.raises(RulesError, match="unknown unit 'furlong'"):
        convert_log(1, "furlong", "m")


def test_D04_D05_round_lengths() -> None:
    assert convert_log(measure_to_log(10), "min", "s") == 14 and log_to_measure(14) == 600
    assert per_round(5, 2) == 7 and log_to_measure(7) == 25
