"""Reference pane: search by name and content, the lookup box marking the row for a value,
and rolls on random tables (nested dice and table references resolved) landing in the log."""

from __future__ import annotations

import shutil
from pathlib import Path

from panes_host import PaneHost, make_session
from textual import events, on
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, Static

from gmconsole.engine.events import EventKind
from gmconsole.store.session import Session
from gmconsole.tui.screens.prompt import TextPrompt
from gmconsole.tui.widgets.line_list import LineList
from gmconsole.tui.widgets.reference import ReferencePane

TABLES = """
title = "Wilderness"
credit = "Test GM"

[[table]]
name = "Road encounters"
dice = "2d6"
columns = ["2d6", "Encounter"]
rows = [
  ["2-4", "[[1d4+1]] wolves"],
  ["5-9", "2d6 pilgrims"],
  ["10-11", "A storm: {Weather}"],
  ["12", "Nothing"],
]

[[table]]
name = "Weather"
columns = ["Weight", "Weather"]
rows = [[3, "Rain"], [1, "Fog"], [2, "Clear"]]

[[table]]
name = "Target numbers"
kind = "lookup"
columns = ["Difficulty", "TN"]
rows = [["Easy", 5], ["Average", 6], ["Very hard", 9]]
"""


def session_with_tables(tmp_path: Path) -> Session:
    session = make_session(tmp_path)
    (session.path / "tables").mkdir(exist_ok=True)
    (session.path / "tables" / "wild.toml").write_text(TABLES, encoding="utf-8")
    session.close()
    return Session.open(session.path)


class RefHost(PaneHost):
    @on(ReferencePane.Roll)
    def _roll(self, message: ReferencePane.Roll) -> None:
        self.intent(lambda: self.session.roll_table(message.table, dice=message.dice))


def listed(pane: ReferencePane) -> list[str]:
    return [pane.tables[r.key].name for r in pane.query_one("#ref-tables", LineList).rows if r.key]


def shown_rows(pane: ReferencePane) -> list[str]:
    return [r.text.plain for r in pane.query_one("#ref-rows", LineList).rows if r.key]


async def test_search_filters_by_name_and_content(tmp_path: Path) -> None:
    app = RefHost(session_with_tables(tmp_path), ReferencePane())
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        pane = app.pane
        assert listed(pane) == ["Road encounters", "Weather", "Target numbers"]
        await pilot.press("slash", *"fog")
        await pilot.pause()
        assert listed(pane) == ["Weather"]  # "Fog" is only in a cell
        await pilot.press(*["backspace"] * 3, *"storm", "enter")
        await pilot.pause()
        assert listed(pane) == ["Road encounters"]
        await pilot.press("enter")  # open it: the matching row is marked and selected
        await pilot.pause()
        rows = shown_rows(pane)
        assert rows[2].startswith("• 10-11") and "A storm" in rows[2]
        assert not rows[0].startswith("•")
        assert pane.query_one("#ref-rows", LineList).cursor_key == "2"


async def test_lookup_box_marks_the_row_for_a_value(tmp_path: Path) -> None:
    app = RefHost(session_with_tables(tmp_path), ReferencePane())
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        pane = app.pane
        await pilot.press("enter", "equals_sign", "7")
        await pilot.pause()
        rows = shown_rows(pane)
        assert rows[1].startswith("▶ 5-9") and [r for r in rows if r.startswith("▶")] == [rows[1]]
        assert pane.query_one("#ref-rows", LineList).cursor_key == "1"
        assert "▶ 5-9: 2d6 pilgrims" in str(pane.query_one("#ref-status").render())
        await pilot.press("3")  # 73: no such row, and the book's coverage is given
        await pilot.pause()
        assert "no row for 73" in str(pane.query_one("#ref-status").render())
        assert "covers 2-12" in str(pane.query_one("#ref-status").render())
        assert not any(r.startswith("▶") for r in shown_rows(pane))
        # a lookup keyed by name takes a unique prefix
        await pilot.press("escape", "escape", "down", "down", "enter", "equals_sign", *"av", "enter")
        await pilot.pause()
        assert pane.open_table is not None and pane.open_table.name == "Target numbers"
        marked = [r for r in shown_rows(pane) if r.startswith("▶")]
        assert len(marked) == 1 and "Average" in marked[0]
        assert pane.query_one("#ref-rows", LineList).has_focus


async def test_rolling_a_random_table_logs_an_event_with_nested_rolls(tmp_path: Path) -> None:
    session = session_with_tables(tmp_path)
    app = RefHost(session, ReferencePane())
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        before = len(session.log)
        await pilot.press("r")
        await pilot.pause()
        assert app.lines == ["roll table Road encounters"]
        assert len(session.log) == before + 1 and session.log[-1].kind == EventKind.ROLL
        assert session.log[-1].data["table"] == "Road encounters"
        # typed faces: 5 + 6 = 11 -> "A storm: {Weather}", then 2 on the weather d6 -> Rain
        await pilot.press("F")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*"5 6 2", "enter")
        await pilot.pause()
        event = session.log[-1]
        assert "A storm: Rain" in event.text, event.text
        # 1 + 2 = 3 -> "[[1d4+1]] wolves" with a 3 on the d4 -> 4 wolves
        await pilot.press("F", *"1 2 3", "enter")
        await pilot.pause()
        assert "4 wolves" in session.log[-1].text
        assert app.errors == []


async def test_tables_without_dice_are_not_rolled(tmp_path: Path) -> None:
    session = session_with_tables(tmp_path)
    app = RefHost(session, ReferencePane())
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        before = len(session.log)
        await pilot.press("down", "down", "r")
        await pilot.pause()
        assert app.pane.query_one("#ref-tables", LineList).cursor_key.endswith("#target-numbers")
        assert app.lines == [] and len(session.log) == before


async def test_wide_pane_shows_list_and_table_side_by_side(tmp_path: Path) -> None:
    app = RefHost(session_with_tables(tmp_path), ReferencePane())
    async with app.run_test(size=(120, 20)) as pilot:
        await pilot.pause()
        pane = app.pane
        assert pane.has_class("-split")
        await pilot.press("down")
        await pilot.pause()
        assert pane.open_table is not None and pane.open_table.name == "Weather"
        assert pane.query_one("#ref-tables").display and pane.query_one("#ref-rows").display
        # weighted rows show the range each weight covers on the d6
        assert [r.split("│")[0].strip() for r in shown_rows(pane)] == ["1-3", "4", "5-6"]


async def test_a_word_typed_fast_in_the_list_lands_whole_in_the_search(tmp_path: Path) -> None:
    """Keys sent at once (a paste, tmux send-keys): those the app hands to the list before
    the first letter has moved the keys to the search box still join the word."""
    session = session_with_tables(tmp_path)
    app = RefHost(session, ReferencePane())
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        pane = app.pane
        before = len(session.log)
        for ch in "wea th":
            app.post_message(events.Key("space" if ch == " " else ch, ch))
        await pilot.pause()
        search = pane.query_one("#ref-search", Input)
        assert search.value == "wea th" and search.has_focus
        assert app.lines == [] and len(session.log) == before
        await pilot.press("escape", "escape")  # back to the list, then the search is cleared
        await pilot.pause()
        assert search.value == "" and len(listed(pane)) == 3
        await pilot.press("slash", *"fog")  # "/" keeps working, and replaces nothing typed
        await pilot.pause()
        assert search.value == "fog" and listed(pane) == ["Weather"]


MYRIAD_DEMO = Path(__file__).parents[2] / "campaigns" / "myriad-demo"


async def open_table(pilot: Pilot, pane: ReferencePane, name: str) -> None:
    await pilot.press("slash", *name, "enter")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert pane.open_table is not None and pane.open_table.name == name


def status_lines(pane: ReferencePane) -> list[str]:
    status = pane.query_one("#ref-status", Static)
    assert status.display
    drawn = status.render_lines(Region(0, 0, *status.size))  # as drawn: wrapped or cut
    return ["".join(seg.text for seg in strip).strip() for strip in drawn]


async def test_a_roll_on_a_table_with_low_and_high_columns(tmp_path: Path) -> None:
    """Myriad's hit locations keep a 2d6 range per body type in Low/High columns: typing 7 in
    the lookup box gave a 3-line "no row named '7' (rows: humanoid, humanoid, ...)"."""
    shutil.copytree(MYRIAD_DEMO, tmp_path / "myriad")
    app = RefHost(Session.open(tmp_path / "myriad"), ReferencePane())
    async with app.run_test(size=(78, 14)) as pilot:  # the pane's size at 80x24
        await pilot.pause()
        pane = app.pane
        await open_table(pilot, pane, "Hit locations (2d6)")
        await pilot.press("equals_sign", "7")
        await pilot.pause()
        marked = [r for r in shown_rows(pane) if r.startswith("▶")]
        bodies = ["humanoid", "bat_bird", "dragon_insect", "four_legged", "snake_worm", "centipede"]
        assert [r.split()[1] for r in marked] == bodies  # one row per body type covers a 7
        status = str(pane.query_one("#ref-status").render())
        assert status.startswith("▶ 7: humanoid torso · bat_bird wing"), status
        await pilot.press("backspace", *"humanoid 7")
        await pilot.pause()
        assert [r for r in shown_rows(pane) if r.startswith("▶")] == [
            r for r in shown_rows(pane) if r.startswith("▶ humanoid") and "torso" in r
        ]
        assert str(pane.query_one("#ref-status").render()) == "▶ humanoid 6-8: torso"
        await pilot.press(*["backspace"] * 10, *"13")  # out of range: one line, what was typed and what works
        await pilot.pause()
        assert status_lines(pane) == ["✗ no row for 13: Hit locations (2d6) covers 2-12"]
        await pilot.press(*["backspace"] * 2, *"wing")
        await pilot.pause()
        (line,) = status_lines(pane)
        assert line.startswith("✗ no Body 'wing': look up humanoid, bat_bird")
        assert line.endswith("or a roll 2-12")
        assert not any(r.startswith("▶") for r in shown_rows(pane))


async def test_a_number_on_a_d100_table_with_low_and_high_is_a_roll_not_a_prefix(tmp_path: Path) -> None:
    shutil.copytree(MYRIAD_DEMO, tmp_path / "myriad")
    app = RefHost(Session.open(tmp_path / "myriad"), ReferencePane())
    async with app.run_test(size=(78, 14)) as pilot:
        await pilot.pause()
        pane = app.pane
        await open_table(pilot, pane, "Carrier hit locations (d100)")
        await pilot.press("equals_sign", "7")  # was row "76" (Reactor), by name prefix
        await pilot.pause()
        assert str(pane.query_one("#ref-status").render()).startswith("▶ 6-20: System: Cargo Bay")
        await pilot.press("6")
        await pilot.pause()
        assert str(pane.query_one("#ref-status").render()).startswith("▶ 76-85: System: Reactor")


async def test_r_rolls_the_table_under_the_cursor_again_after_a_roll(tmp_path: Path) -> None:
    """A roll redrew the list with the cursor back on the table opened last, so the next r
    rolled that one instead of the table the GM had moved to."""
    session = session_with_tables(tmp_path)
    omens = (
        '[[table]]\nname = "Road omens"\ndice = "1d3"\ncolumns = ["1d3", "Omen"]\n'
        'rows = [["1", "crows"], ["2", "bells"], ["3", "a hanged man"]]\n'
    )
    (session.path / "tables" / "omens.toml").write_text(omens, encoding="utf-8")
    session.close()
    session = Session.open(session.path)
    app = RefHost(session, ReferencePane())
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        pane = app.query_one(ReferencePane)
        tables = pane.query_one("#ref-tables", LineList)
        keys = [r.key for r in tables.rows if r.key and pane.tables[r.key].dice]
        names = [pane.tables[k].name for k in keys]
        assert {"Road encounters", "Road omens"} <= set(names)
        pane._open(keys[0])  # a table was opened, then the GM moved to another and rolled
        await pilot.pause()
        tables.focus()
        tables.move_to(next(i for i, r in enumerate(tables.rows) if r.key == keys[1]))
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert app.lines[-2:] == [f"roll table {names[1]}"] * 2


async def test_a_converter_table_runs_its_calculator_on_what_is_typed(tmp_path: Path) -> None:
    """ARM's unit table: type a measure in the lookup box and see it in every other unit."""
    from app_driver import make_app, screen_text

    root = tmp_path / "arm"
    shutil.copytree(Path(__file__).resolve().parents[2] / "campaigns" / "arm-demo", root)
    app = make_app(root)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        pane = app.screen.query_one(ReferencePane)
        key = next(k for k, t in pane.tables.items() if t.name == "Unit conversions")
        pane._open(key)
        await pilot.pause()
        pane.action_lookup()
        await pilot.pause()
        await pilot.press(*"3 km")
        await pilot.pause()
        status = str(pane.query_one("#ref-status", Static).render())
        assert "3 km" in status and "ft" in status and "✗" not in status
        assert "▶" in screen_text(app)
