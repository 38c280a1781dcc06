"""The bonus chart as data (003-torg.md §2.3)."""

import pytest

from gmconsole.systems.torg import bonus
from gmconsole.systems.torg.bonus import BonusChart, default_chart
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (1, -12),
        (2, -10),
        (4, -8),
        (6, -5),
        (8, -2),
        (9, -1),
        (12, 0),
        (13, 1),
        (15, 2),
        (16, 3),
        (17, 4),
        (19, 6),
        (20, 7),
        (21, 8),
        (25, 8),
        (26, 9),
        (35, 10),
        (40, 11),
        (45, 12),
        (50, 13),
        (51, 14),
        (55, 14),
        (56, 15),
        (73, 18),
    ],
)
def test_chart_cells(roll, expected):
    assert bonus(roll) == expected


def test_bonus_never_goes_down():
    values = [bonus(r) for r in range(1, 200)]
    assert values == sorted(values)


def test_lowest_roll_for_each_bonus_is_the_first_roll_reaching_it():
    chart = default_chart()
    for wanted in range(-14, 30):
        lowest = chart.lowest_roll_for(wanted)
        assert bonus(lowest) >= wanted
        assert lowest == 1 or bonus(lowest - 1) < wanted


def test_a_final_die_roll_below_one_is_refused():
    with pytest.raises(TorgError):
        bonus(0)


def test_gm_chart_with_a_gap_is_refused():
    body = dict(load("bonus_chart").body)
    body["ranges"] = [[1, 1, -12], [3, 50, 0]]
    with pytest.raises(TorgError, match="should start at 2"):
        BonusChart.from_data(body)


def test_uncertain_cells_are_listed_for_the_reference_badge():
    uncertain = set(load("bonus_chart")["uncertain"])
    assert {3, 5, 17, 18, 19, 31}.issubset(uncertain)
    assert not uncertain & {1, 2, 7, 14, 15, 16, 20, 24, 29, 38, 43}
