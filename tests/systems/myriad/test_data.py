"""Every data file carries the credit and licence line; stand-ins say they are the project's."""

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad import data

FILES = data.data_files()


def test_the_core_tables_are_shipped():
    assert {"target_numbers", "power_levels", "conflicts", "advancement", "equipment",
            "boons_flaws", "races", "sfx", "skills", "damage", "modifiers"} <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_credit_and_licence(name):
    doc = data.load(name)
    assert doc["title"] and doc["source"]
    if doc.get("stand_in"):
        assert "gmconsole project" in doc["credit"]
        assert doc["title"].endswith("(stand-in)")
    else:
        assert doc["credit"] == data.CREDIT
        assert doc["licence"] == data.LICENCE
    tables = [k for k, v in doc.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
    assert tables, f"{name} holds no table"


def test_unknown_keys_get_a_clear_message():
    with pytest.raises(RulesError, match="Unknown data file 'weapons'"):
        data.load("weapons")
    with pytest.raises(RulesError, match=r"Unknown table in equipment.toml 'guns'"):
        data.rows("equipment", "guns")
    with pytest.raises(RulesError, match="Did you mean 'long_sword'"):
        data.row("equipment", "weapons", "id", "long swrod", what="weapon")


def test_loaded_rows_are_copies():
    first = data.rows("target_numbers", "target_numbers")
    first[0]["tn"] = 99
    assert data.rows("target_numbers", "target_numbers")[0]["tn"] == 4
