"""The Tables pane in the whole console at 80x24: letters typed in its lists search the tables
instead of running the main screen's one-key actions (a GM typing "bonus" there once marked the
acting hero out with "o", undid a change with "u" and tried to start the encounter with "s")."""

from __future__ import annotations

from pathlib import Path

from app_driver import command, main_screen, make_app, screen_text
from textual.widgets import Input

from gmconsole.tui.app import GmConsole
from gmconsole.tui.widgets.key_bar import KeyBar
from gmconsole.tui.widgets.line_list import LineList
from gmconsole.tui.widgets.reference import ReferencePane

BONUS = """\
schema_version = 1

[[table]]
name = "Bonus chart"
dice = "1d6"
columns = ["1d6", "Bonus"]
rows = [["1-2", "-1"], ["3-4", "+0"], ["5-6", "+2"]]
"""


def with_bonus_chart(campaign: Path) -> Path:
    (campaign / "tables" / "bonus.toml").write_text(BONUS, encoding="utf-8")
    return campaign


def listed(pane: ReferencePane) -> list[str]:
    return [pane.tables[r.key].name for r in pane.query_one("#ref-tables", LineList).rows if r.key]


def key_bar(app: GmConsole) -> str:
    return str(main_screen(app).query_one(KeyBar).render())


async def test_a_word_typed_in_the_table_list_searches_and_changes_nothing(campaign: Path) -> None:
    app = make_app(with_bonus_chart(campaign))
    async with app.run_test(size=(80, 24)) as pilot:
        await command(pilot, "start")  # an acting hero to mark out, a change to undo
        session = app.session
        encounter = session.encounter.model_dump() if session.encounter else None
        log_length = len(session.log)
        undo_top = session.history.peek_undo()
        assert undo_top is not None
        await pilot.press("4")
        await pilot.pause()
        pane = main_screen(app).query_one(ReferencePane)
        tables = pane.query_one("#ref-tables", LineList)
        assert tables.has_focus
        bar = key_bar(app)
        assert "Search" in bar and "Roll" in bar
        live = main_screen(app).active_bindings  # what the key bar and help draw from
        assert not {"o", "u", "s"} & set(live) and live["r"].binding.id == "reference.roll"
        assert {"1", "question_mark", "colon"} <= set(live)
        await pilot.press(*"bonus")
        await pilot.pause()
        search = pane.query_one("#ref-search", Input)
        assert search.value == "bonus" and search.has_focus
        assert listed(pane) == ["Bonus chart"]
        assert (session.encounter.model_dump() if session.encounter else None) == encounter
        assert len(session.log) == log_length and session.history.peek_undo() is undo_top
        # Escape goes back to the filtered list; r there rolls on the selected random table
        await pilot.press("escape")
        await pilot.pause()
        assert tables.has_focus and listed(pane) == ["Bonus chart"]
        await pilot.press("r")
        await pilot.pause()
        assert len(session.log) == log_length + 1
        assert session.log[-1].data["table"] == "Bonus chart"
        # Escape on a filtered list clears the search; 1 still goes back to the tracker
        await pilot.press("escape")
        await pilot.pause()
        assert search.value == "" and "Road encounters" in listed(pane)
        await pilot.press("1")
        await pilot.pause()
        assert main_screen(app).query_one("#init-list").has_focus
        assert {"o", "u", "s"} <= set(main_screen(app).active_bindings)  # the tracker's keys are back


async def test_r_rolls_and_digits_switch_panes_from_the_list(campaign: Path) -> None:
    app = make_app(with_bonus_chart(campaign))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        pane = main_screen(app).query_one(ReferencePane)
        tables = pane.query_one("#ref-tables", LineList)
        key = tables.cursor_key
        assert key is not None and pane.tables[key].dice  # the first table is a random one
        before = len(app.session.log)
        await pilot.press("r")
        await pilot.pause()
        assert len(app.session.log) == before + 1
        assert app.session.log[-1].data["table"] == pane.tables[key].name
        assert pane.query_one("#ref-search", Input).value == ""
        await pilot.press("3")  # the log pane, not a search for "3"
        await pilot.pause()
        assert main_screen(app).side_pane == "log" and not pane.display


async def test_letters_in_an_open_table_search_too(campaign: Path) -> None:
    app = make_app(with_bonus_chart(campaign))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        pane = main_screen(app).query_one(ReferencePane)
        await pilot.press("enter")  # open the first table: its rows have the keys
        await pilot.pause()
        assert pane.query_one("#ref-rows", LineList).has_focus
        log_length = len(app.session.log)
        await pilot.press(*"weath")
        await pilot.pause()
        assert pane.query_one("#ref-search", Input).value == "weath"
        assert listed(pane)[0] == "Weather" and len(app.session.log) == log_length  # by name, then content
        assert "Weather" in screen_text(app)
