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
