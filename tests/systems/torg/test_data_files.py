"""Every Torg data file carries the credit, licence and a confidence badge (003-torg.md §9.5)."""

import pytest

from gmconsole.systems.torg.tables import (
    CONFIDENCE,
    TorgDataError,
    data_file_names,
    load,
    parse_data_file,
)

FILES = data_file_names()


def test_the_core_tables_ship():
    for name in (
        "bonus_chart",
        "combat_results",
        "general_results",
        "interaction_results",
        "value_chart",
        "difficulty",
        "healing",
        "skills",
        "cosms",
        "limits",
    ):
        assert name in FILES


@pytest.mark.parametrize("name", FILES)
def test_each_file_has_credit_licence_and_confidence(name):
    f = load(name)
    assert "West End Games" in f.credit
    assert f.licence
    assert f.confidence in CONFIDENCE
    assert f.title


def test_one_credit_line_across_files():
    assert len({load(n).credit for n in FILES}) == 1


def test_a_file_without_its_licence_is_refused():
    with pytest.raises(TorgDataError, match="missing licence"):
        parse_data_file("x", {"title": "t", "credit": "c", "confidence": "text"})


def test_unknown_confidence_is_refused():
    with pytest.raises(TorgDataError, match="confidence"):
        parse_data_file("x", {"title": "t", "credit": "c", "licence": "l", "confidence": "sure"})


def test_unknown_file_suggests():
    with pytest.raises(TorgDataError, match="did you mean 'bonus_chart'"):
        load("bonus_chrt")


def test_missing_key_names_the_file():
    with pytest.raises(TorgDataError, match=r"difficulty\.toml: missing key 'nope'"):
        load("difficulty")["nope"]
