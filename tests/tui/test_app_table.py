"""The console at the table: the flows a GM runs in a session, driven by keys through Pilot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_driver import command, main_screen, make_app, screen_text, type_line

from gmconsole.engine.events import EventKind
from gmconsole.store.session import Session
from gmconsole.tui.screens.problems import ProblemsScreen


async def test_open_campaign_shows_name_system_and_fighters(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Test Camp · Generic" in text
        assert "saved ✓" in text
        for name in ("Ayla", "Brock", "Goblin 1", "Goblin 2"):
            assert name in text
        assert "not started" in text


async def test_bad_file_is_listed_and_the_campaign_still_opens(campaign: Path) -> None:
    (campaign / "roster" / "broken.toml").write_text("schema_version = 1\nname = [\n", encoding="utf-8")
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        assert "broken.toml" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "Ayla" in screen_text(main_screen(app))  # the rest of the campaign is open


async def test_roll_from_the_command_line(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await command(pilot, "3d6+2")
        event = app.session.log[-1]
        assert event.kind == EventKind.ROLL
        assert event.data["expr"] == "3d6+2"
        total = event.data["result"]["total"]
        assert 5 <= total <= 20
        assert f"= {total}" in screen_text(app)
        # history: up brings the line back
        await pilot.press("colon", "up")
        assert main_screen(app).query_one("#command").value == "3d6+2"


async def test_a_refused_command_is_one_line_not_a_traceback(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        before = len(app.session.log)
        await command(pilot, "dmg nobody 5")
        assert len(app.session.log) == before
        assert "✗" in screen_text(app)


async def test_add_combatants_in_bulk_with_a_key(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")  # puts "add " on the command line
        await type_line(pilot, "3 Goblin")
        names = [c.name for c in app.session.encounter.combatants]
        assert names[-3:] == ["Goblin 3", "Goblin 4", "Goblin 5"]
        assert "Goblin 5" in screen_text(app)
        assert app.focused is not None and app.focused.id == "init-list"  # keys are back on the panes


async def test_rounds_advance_and_a_condition_expires_in_the_log(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await command(pilot, "cond ayla prone 2")
        assert "prone(2)" in screen_text(app)
        for _ in range(8):  # two full rounds of four fighters
            await pilot.press("n")
            await pilot.pause()
        enc = app.session.encounter
        assert enc.round == 3
        assert not enc.get("ayla").conditions
        assert any("prone wears off Ayla" in e.text for e in app.session.log)
        assert "prone" not in screen_text(app).split("3 Log")[0]


async def test_damage_until_a_goblin_drops_then_undo(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = main_screen(app)
        screen.query_one("#init-list").select_key("goblin-1")
        await pilot.pause()
        for amount in ("2", "3"):
            await pilot.press("d")
            await type_line(pilot, amount)
        text = screen_text(app)
        assert "KO" in text and "0 HP" in text
        goblin = app.session.encounter.get("goblin-1")
        assert goblin.sheet["hp"] == 0
        await pilot.press("u")
        await pilot.pause()
        assert app.session.encounter.get("goblin-1").sheet["hp"] == 3  # 5 - 2
        assert "KO" not in screen_text(app).split("3 Log")[0]
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.session.encounter.get("goblin-1").sheet["hp"] == 0


async def test_hold_then_act_now(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        first = app.session.encounter.acting[0]
        await pilot.press("h")
        await pilot.pause()
        enc = app.session.encounter
        assert enc.get(first.id).status == "held"
        assert re.search(rf"{re.escape(first.name)}  \S+  \[held\]", screen_text(app))  # after its health
        assert first.id not in [c.id for c in enc.acting]
        main_screen(app).query_one("#init-list").select_key(first.id)
        await pilot.press("i")
        await pilot.pause()
        enc = app.session.encounter
        assert [c.id for c in enc.acting] == [first.id]
        assert f"▶ {first.name}" in screen_text(app).split("\n", 1)[0]  # the status line names it


async def test_restart_finds_everything_as_it_was(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "n")
        await command(pilot, "dmg goblin-2 3")
        await command(pilot, "cond brock blessed 3 start")
        await pilot.press("T")  # next theme, remembered
        await pilot.pause()
        theme = app.theme
        state = app.session.encounter.model_dump()
        log_ids = [e.id for e in app.session.log]
    again = make_app(campaign)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.session.encounter.model_dump() == state
        assert [e.id for e in again.session.log] == log_ids
        assert again.theme == theme != "gm-dark"
        assert "blessed(3)" in screen_text(again)
        assert not again.session.read_only  # the first app released its lock


async def test_locked_campaign_opens_read_only_and_says_so(campaign: Path) -> None:
    holder = Session.open(campaign)
    try:
        app = make_app(campaign)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.session.read_only
            assert "read-only" in screen_text(app)
            before = app.session.encounter.model_dump()
            await pilot.press("s")
            await pilot.pause()
            assert app.session.encounter.model_dump() == before
            assert "✗" in screen_text(app)
    finally:
        holder.close()


async def test_a_read_only_console_takes_the_campaign_once_its_holder_is_gone(campaign: Path) -> None:
    holder = Session.open(campaign)
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        assert app.session.read_only
        screen.poll_disk()
        assert "W takes it" not in screen.recent[-1][0]  # the holder is still there
        holder.close()
        screen.poll_disk()  # what the console's timer does every 2 s
        assert "has closed this campaign: W takes it" in screen.recent[-1][0]
        await pilot.press("W")
        await pilot.pause()
        assert not app.session.read_only and "read-only" not in screen_text(app).splitlines()[0]
        await pilot.press("s")
        await pilot.pause()
        assert app.session.encounter.round == 1


async def test_search_a_table_and_roll_on_it(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")  # the reference pane takes the lower half at 80x24
        await pilot.pause()
        await pilot.press("slash")
        await type_line(pilot, "storm", enter=False)
        await pilot.pause()
        text = screen_text(app)
        assert "Road encounters" in text and "Weather" not in text.split("4 Tables")[1]
        await pilot.press("escape", "enter")  # leave the search box, open the table
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        event = app.session.log[-1]
        assert event.data.get("table") == "Road encounters"
        assert event.text in screen_text(app)  # "Road encounters (2d6: 9): Pilgrims on the road"
        await pilot.press("3")
        await pilot.pause()
        assert f"roll {event.text}" in screen_text(app)  # and it is in the log pane


async def test_test_dialog_rolls_for_the_selected_combatant(campaign: Path) -> None:
    from gmconsole.tui.screens.check_dialog import CheckDialog

    app = make_app(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        main_screen(app).query_one("#init-list").select_key("brock")
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, CheckDialog) and app.screen.who == "brock"
        await pilot.press("f2")
        await pilot.pause()
        event = app.session.log[-1]
        assert event.kind == EventKind.CHECK and event.who == "brock"
        assert event.text[:40] in screen_text(app)  # reported on the message line and in the log


async def test_a_failed_save_is_shown_in_words(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gmconsole.store.journal as journal

    write = journal.stage

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(journal, "stage", disk_full)
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert "NOT SAVED ✗" in text.splitlines()[0] and "✗ could not save encounters/ambush.toml" in text
        assert app.session.encounter.round == 0  # nothing changed
        monkeypatch.setattr(journal, "stage", write)
        await pilot.press("s")
        await pilot.pause()
        assert "saved ✓" in screen_text(app) and app.session.encounter.round == 1


async def test_enter_acts_now_from_the_tracker_only(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        first = app.session.encounter.acting[0].id
        await pilot.press("h")  # the first fighter holds
        await pilot.pause()
        tracker = main_screen(app).query_one("#init-list")
        tracker.select_key(first)
        await pilot.press("3", "enter")  # Enter in the log does nothing to the fight
        await pilot.pause()
        assert app.session.encounter.get(first).status == "held"
        await pilot.press("1", "enter")
        await pilot.pause()
        assert [c.id for c in app.session.encounter.acting] == [first]


async def test_remove_waits_for_enter_and_rolls_read_without_markup(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        main_screen(app).query_one("#init-list").select_key("brock")
        await pilot.press("x")  # one stray key must not take a fighter away
        await pilot.pause()
        assert "brock" in [c.id for c in app.session.encounter.combatants]
        assert main_screen(app).query_one("#command").value == "remove brock "
        await pilot.press("enter")
        await pilot.pause()
        assert "brock" not in [c.id for c in app.session.encounter.combatants]
        await command(pilot, "4d6kh3")
        message = screen_text(app).splitlines()[-3]
        assert "~~" not in message and re.search(r"4d6kh3 \(.*\(\d\).*\) = \d+", message)
