"""Showing and searching tables does not load the dice engine; rolling on one does.

A console draws its reference pane at start-up, so what `gmconsole.engine.tables` imports is paid
by every GM at every start; the dice engine is only needed once someone rolls. Checked in a
fresh interpreter, since the test session has imported everything long ago.
"""

from __future__ import annotations

import textwrap

from fresh_process import probe

PROBE = textwrap.dedent(
    """
    import json, sys

    from gmconsole.engine.tables import load_tables, search_tables

    text = 'title = "t"\\ncredit = "c"\\nlicence = "l"\\n[[table]]\\nname = "Weather"\\ndice = "1d2"\\n' \\
        'columns = ["1d2", "Sky"]\\nrows = [["1", "Rain"], ["2", "Fog"]]\\n'
    tables = load_tables(text, source="probe")
    found = [t.name for t in search_tables(tables, "fog")]
    shown = "gmconsole.engine.dice" in sys.modules
    from gmconsole.engine.tables import MAX_DEPTH, TableRoll
    import random
    rolled = tables[0].roll(random.Random(1), dice=[2])
    print(json.dumps({"found": found, "dice_before_roll": shown, "is_roll": isinstance(rolled, TableRoll),
                      "depth": MAX_DEPTH, "dice_after_roll": "gmconsole.engine.dice" in sys.modules}))
    """
)


def test_tables_load_and_search_without_the_dice_engine() -> None:
    result = probe(PROBE)
    assert result["found"] == ["Weather"]
    assert result["dice_before_roll"] is False
    assert result["is_roll"] is True and result["depth"] > 0 and result["dice_after_roll"] is True


def test_unknown_names_are_refused() -> None:
    import gmconsole.engine.tables as tables

    assert tables.TableRoll.__name__ == "TableRoll"
    try:
        tables.NoSuchName  # noqa: B018 - the attribute access is what is tested
    except AttributeError as exc:
        assert "NoSuchName" in str(exc)
    else:
        raise AssertionError("an unknown name must raise AttributeError")
