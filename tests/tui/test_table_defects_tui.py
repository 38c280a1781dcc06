"""Console defects a GM tripped on at the table (issue: the console at a real table), each
reproduced as reported; every test here failed before its fix."""

from __future__ import annotations

from pathlib import Path

from app_driver import make_app
from textual.content import Content


async def test_the_palette_shows_help_in_brackets_instead_of_eating_it_as_markup(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)):
        helps = [Content.from_markup(c.help).plain for c in app.get_system_commands(app.screen)]
    assert any("name [rounds] [start|end|round]" in h for h in helps)


async def test_zoom_works_from_the_tables_pane_where_letters_search(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        assert app.screen.zoomed == "reference"
        await pilot.press("f6")
        await pilot.pause()
        assert app.screen.zoomed is None
        await pilot.press("1", "z")  # the letter still zooms where letters are no search
        await pilot.pause()
        assert app.screen.zoomed == "initiative"


async def test_a_message_too_long_for_the_status_line_can_be_read_whole(campaign: Path) -> None:
    from app_driver import screen_text, type_line

    from gmconsole.tui.screens.recent import RecentMessages

    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon")
        await type_line(pilot, "dmg ayla 3 nosuchkindofharmatall_with_a_long_name")
        await pilot.pause()
        said = app.screen.recent[-1][0]
        assert len(said) > 70 and app.screen.recent[-1][1]  # an error, wider than the screen
        await pilot.press("escape", "m")
        await pilot.pause()
        assert isinstance(app.screen, RecentMessages)
        assert said.endswith("(known: damage)") and "(known: damage)" in screen_text(app)


async def test_the_torg_tracker_at_80x24_folds_its_card_and_keeps_the_one_just_hit_in_sight(
    tmp_path: Path,
) -> None:
    import shutil

    from app_driver import screen_text, type_line

    demo = tmp_path / "torg"
    shutil.copytree(Path(__file__).parents[2] / "campaigns" / "torg-demo", demo)
    app = make_app(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tracker = screen_text(app).split("╰")[0]
        rows = [line for line in tracker.splitlines() if " P " in line or " F " in line]
        assert len(rows) >= 7, tracker  # the card's five header lines fold into two
        assert "Heroes first" in tracker and "Act: taunt" in tracker
        await pilot.press("colon")
        await type_line(pilot, "dmg edeinos 3 17")
        await pilot.pause()
        tracker = screen_text(app).split("╰")[0]
        assert "Edeinos 3" in tracker and "▶" in tracker, tracker


async def test_an_attack_aimed_in_the_dialog_goes_straight_into_damage(tmp_path: Path) -> None:
    """Quick combatants by name, a test aimed at one of them (its AC fills the difficulty and
    the odds), H applies the hit's damage as the test's follow-up, R re-rolls the test, and the
    dialog remembers the last test for that character."""
    from textual.widgets import Input, Select

    from gmconsole.engine.events import EventKind
    from gmconsole.store import Session
    from gmconsole.tui.screens.check_dialog import CheckDialog

    with Session.create(tmp_path / "c", name="C", system_id="generic") as s:
        s.execute("encounter Brawl; add hero pcs hp 20 melee 5 damage 6; add thug hp 8 ac 12; start")
    app = make_app(tmp_path / "c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.job_check("hero")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        dialog.query_one("#check-option", Select).value = "melee"
        dialog.query_one("#check-at", Select).value = "thug"
        await pilot.pause()
        assert "Chance of success: 70%" in odds_text(dialog)  # d20 + 5 vs AC 12: 8 or more
        dialog.query_one("#check-dice", Input).value = "15"
        await pilot.press("f2")
        await pilot.pause()
        test = app.session.log[-1]
        assert test.kind == EventKind.CHECK and test.data["against"] == "thug" and test.data["success"]
        await pilot.press("H")
        await pilot.pause()
        hit = app.session.log[-1]
        assert hit.kind == EventKind.DAMAGE and hit.data["exchange"] == test.id
        assert app.session.encounter.get("thug").sheet["hp"] == 2
        await pilot.press("3")
        await pilot.pause()
        for _ in range(3):  # the log's cursor to the test, then R rolls it again
            if app.screen.query_one("DiceLog").selected == test.id:
                break
            await pilot.press("up")
        await pilot.press("R")
        await pilot.pause()
        again = app.session.log[-1]
        assert again.kind == EventKind.CHECK and again.id != test.id and again.data["against"] == "thug"
        await pilot.press("1")
        app.screen.job_check("hero")
        await pilot.pause()
        remembered = app.screen
        assert remembered.query_one("#check-option", Select).value == "melee"
        assert remembered.query_one("#check-at", Select).value == "thug"


def odds_text(dialog) -> str:
    from gmconsole.tui.widgets.odds_chart import OddsChart
    from gmconsole.tui.widgets.odds_chart import odds_text as render

    return render(dialog.query_one(OddsChart).odds, 60).plain


async def test_a_change_the_disk_refuses_says_so_and_dot_tries_it_again(
    campaign: Path, monkeypatch
) -> None:
    import errno
    import os

    from app_driver import type_line

    app = make_app(campaign)
    real_write = os.write
    full = {"on": True}

    def write(fd, data):
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        logged = len(app.session.log)
        monkeypatch.setattr(os, "write", write)
        await pilot.press("colon")
        await type_line(pilot, "1d20")
        await pilot.pause()
        said, error = app.screen.recent[-1]
        assert error and "No space left" in said and ". tries again" in said
        assert len(app.session.log) == logged
        full["on"] = False
        await pilot.press("escape", "full_stop")
        await pilot.pause()
        assert len(app.session.log) == logged + 1


async def test_r_rolls_the_newest_test_again_while_the_roster_hides_the_log(tmp_path: Path) -> None:
    """At 80x24 the roster shares the screen with the tracker in place of the log: R rolled
    again whatever the hidden log had selected last (a damage line: refused), not the test
    the GM had just made."""
    from app_driver import command

    from gmconsole.engine.events import EventKind
    from gmconsole.store import Session

    with Session.create(tmp_path / "c", name="C", system_id="generic") as s:
        s.execute("encounter Brawl; add hero pcs hp 20 melee 5 damage 6; add thug hp 8 ac 12; start")
    app = make_app(tmp_path / "c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")  # the roster in place of the log
        await pilot.pause()
        await command(pilot, "dmg thug 1")
        await command(pilot, "check hero melee vs 12")
        await pilot.pause()
        test = app.session.log[-1]
        assert test.kind == EventKind.CHECK
        await pilot.press("escape", "R")
        await pilot.pause()
        again = app.session.log[-1]
        assert again.kind == EventKind.CHECK and again.id != test.id and again.who == test.who
