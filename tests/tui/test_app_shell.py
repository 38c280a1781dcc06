"""The console's shell: keymap file, help, about, palette, themes, NO_COLOR, layout, picker."""

from __future__ import annotations

import gc
import io
import re
import sys
from pathlib import Path

import pytest
import tomli
from app_driver import command, main_screen, make_app, screen_text, type_line
from rich.console import Console

from gmconsole.engine.events import EventKind
from gmconsole.systems import get_system
from gmconsole.tui import run
from gmconsole.tui.app import GmConsole
from gmconsole.tui.screens.about import AboutScreen
from gmconsole.tui.screens.campaign_picker import CampaignPicker
from gmconsole.tui.screens.help import HelpScreen, help_table
from gmconsole.tui.settings import load_settings
from gmconsole.tui.themes import INSTALLED_DIR, SHIPPED_DIR, SOURCE_DIR, load_themes
from gmconsole.tui.widgets.command_line import CommandLine


async def test_keymap_file_remaps_by_action_id(campaign: Path, config_home: Path) -> None:
    config_home.mkdir(parents=True)
    keymap = 'next-turn = "space"\nnext-trun = "x"\n"roster.heal" = ["plus", "l"]\n'
    (config_home / "keymap.toml").write_text(keymap, encoding="utf-8")
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("did you mean 'next-turn'" in note for note in app.notes)
        await pilot.press("space")  # next on an unstarted encounter starts it
        await pilot.pause()
        assert app.session.encounter.round == 1
        pointer = app.session.encounter.pointer
        await pilot.press("n")  # no longer bound to next
        await pilot.pause()
        assert app.session.encounter.pointer == pointer
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert re.search(r"Space +Next: End the acting step", screen_text(app))
        console = Console(width=140, record=True, file=io.StringIO())
        console.print(help_table(app.keymap, app.pane_bindings))
        rows = console.export_text()
        assert "Roster (while focused)" in rows and re.search(r"\+/l +Heal", rows)
        assert app.keymap["roster.heal"] == "plus,l"


async def test_help_and_about_screens(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert re.search(r"d +Dmg: Damage the selected combatant.* dmg <who> …", text)
        assert re.search(r"ctrl\+r/ctrl\+y +Redo", text)
        await pilot.press("escape", "A")
        await pilot.pause()
        assert isinstance(app.screen, AboutScreen)
        about = screen_text(app)
        for _ in range(12):  # page through: every system's credit is somewhere on the screen
            await pilot.press("pagedown")
            about += screen_text(app)
        for needle in (
            "Myriad",
            "CC BY 2.0 UK",
            "R. E. Bridson",
            "Text Liberation License",
            "West End Games",
            "Paul Clegg",
        ):
            assert needle in about
        assert get_system("myriad").credit in about  # a registered system speaks for itself


async def test_palette_runs_registry_actions_and_themes(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await type_line(pilot, "Start (s)", enter=False)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.encounter.round == 1
        await pilot.press("ctrl+p")
        await type_line(pilot, "Theme: gm-high-contrast", enter=False)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "gm-high-contrast"
        assert load_settings().theme == "gm-high-contrast"


async def test_palette_finds_every_verb_by_its_aliases_and_the_systems_calculators(tmp_path: Path) -> None:
    import shutil

    from gmconsole.store import commands

    camp = tmp_path / "arm"
    shutil.copytree(Path(__file__).resolve().parents[2] / "campaigns" / "arm-demo", camp)
    app = make_app(camp)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for usage in commands.USAGE.values():
            assert any(usage in t for t in titles), usage
        assert any("dmg WHO N [KIND] (also: damage, hurt)" in t for t in titles)
        system = app.session.system
        for calc in system.calculators:
            assert any(f"calc {calc.key}" in t for t in titles), calc.key
        for action in system.sheet_actions:
            assert any(f"{action.key} WHO" in t for t in titles), action.key
        await pilot.press("ctrl+p")
        await type_line(pilot, "damage", enter=False)
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        line = app.screen.query_one(CommandLine)
        assert line.value == "dmg " and app.focused is line


async def test_theme_key_cycles_our_themes_and_remembers(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        for _ in range(3):
            await pilot.press("T")
            await pilot.pause()
            seen.append(app.theme)
        assert sorted(seen) == ["gm-dark", "gm-high-contrast", "gm-light"]
        assert load_settings().theme == seen[-1]


async def test_no_color_keeps_every_state_readable(campaign: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        acting = app.session.encounter.acting[0].name
        await command(pilot, "dmg goblin-2 5")
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        assert app.no_color
        assert re.search(rf"{re.escape(acting)}  \S+  \[held\]", text) and "KO" in text and "▶" in text
        svg_chrome = {"ff5f57", "febc2e", "28c840", "c5c8c6"}  # the SVG's window buttons and default ink
        colours = set(re.findall(r"#([0-9a-f]{6})", app.export_screenshot())) - svg_chrome
        assert colours and all(c[0:2] == c[2:4] == c[4:6] for c in colours), colours


async def test_layout_80x24_shows_tracker_and_one_pane_with_the_others_a_key_away(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = main_screen(app)

        def shown() -> list[str]:
            return [
                p for p in ("initiative", "roster", "log", "reference") if screen.query_one(f"#{p}").display
            ]

        assert shown() == ["initiative", "log"]
        await pilot.press("2")
        assert shown() == ["initiative", "roster"]
        await pilot.press("z")  # zoom the roster: the acting combatant stays in the status line
        await pilot.pause()
        assert shown() == ["roster"]
        acting = app.session.encounter.acting[0].name
        assert f"▶ {acting}" in screen_text(app).splitlines()[0]
        await pilot.press("z", "3")
        assert shown() == ["initiative", "log"]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert shown() == ["initiative", "roster", "log", "reference"]


async def test_acting_combatant_stays_visible_in_a_long_encounter(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await command(pilot, "add 30 Goblin")
        await pilot.press("s")
        for _ in range(25):
            await pilot.press("n")
        await pilot.pause()
        acting = app.session.encounter.acting[0].name
        tracker = screen_text(app).split("3 Log")[0]
        assert re.search(rf"▶ +\S* +\S+ {re.escape(acting)}\b", tracker), tracker  # score, side, name


async def test_reroll_the_selected_roll(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await command(pilot, "4d6kh3")
        await pilot.press("3", "R")
        await pilot.pause()
        first, second = app.session.log[-2:]
        assert first.kind == second.kind == EventKind.ROLL
        assert second.data["expr"] == first.data["expr"] == "4d6kh3"
        assert second.id != first.id


async def test_tab_completes_names_and_cycles(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon")
        await type_line(pilot, "dmg Gob", enter=False)
        line = main_screen(app).query_one(CommandLine)
        await pilot.press("tab")
        first = line.value
        await pilot.press("tab")
        assert {first, line.value} == {"dmg goblin-1", "dmg goblin-2"}  # slugs: no spaces
        assert app.focused is line  # tab completed instead of moving focus


async def test_picker_creates_a_campaign_and_it_reopens_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data_home: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    app = GmConsole(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, CampaignPicker)
        picker.query_one("#new-name").focus()
        await type_line(pilot, "Night Road", enter=False)
        picker.query_one("#new-system").value = "generic"
        picker.query_one("#new-name").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.campaign.name == "Night Road"
        assert (data_home / "night-road" / "campaign.toml").is_file()  # not inside the checkout
    again = GmConsole(None)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.session is not None and again.session.campaign.name == "Night Road"


def test_run_honours_no_mouse(monkeypatch: pytest.MonkeyPatch, campaign: Path) -> None:
    seen: dict = {}

    def fake_run(self: GmConsole, **kwargs: object) -> int:
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(GmConsole, "run", fake_run)
    assert run(str(campaign), no_mouse=True) == 0
    assert seen["mouse"] is False


def test_run_pauses_the_collector_only_until_the_first_screen(campaign: Path, config_home: Path) -> None:
    """The launcher pauses the cyclic GC for the start-up; once the main screen is up it is
    back on (with the start-up's objects frozen out of it), and it is on after the console
    exits whatever happened."""
    seen: dict[str, object] = {}

    async def autopilot(pilot: object) -> None:
        app = pilot.app  # type: ignore[attr-defined]
        while app.startup_gc_paused:
            await pilot.pause()  # type: ignore[attr-defined]
        seen["after"] = gc.isenabled()
        seen["frozen"] = gc.get_freeze_count()
        app.exit(0)

    gc.unfreeze()
    try:
        assert run(str(campaign), remember=False, headless=True, size=(80, 24), auto_pilot=autopilot) == 0
    finally:
        gc.unfreeze()  # leave the test process's collector as it was
    assert seen["after"] is True and gc.isenabled()
    assert isinstance(seen["frozen"], int) and seen["frozen"] > 10_000


def test_shipped_themes_reach_an_installed_wheel() -> None:
    """themes/ sits at the top of the repository, outside the package: a wheel carries it as
    data files under <prefix>/share/gmconsole/themes, and the console looks there when it does
    not run from a checkout (before, a pip-installed console had no themes at all)."""
    pyproject = tomli.loads((SOURCE_DIR.parent / "pyproject.toml").read_text(encoding="utf-8"))
    data_files = pyproject["tool"]["setuptools"]["data-files"]
    assert data_files["share/gmconsole/themes"] == ["themes/*.toml"]
    assert Path(sys.prefix) / "share" / "gmconsole" / "themes" == INSTALLED_DIR
    assert SHIPPED_DIR == SOURCE_DIR  # this test runs from the checkout
    names = {t.name for t in load_themes([SOURCE_DIR])[0]}
    assert {"gm-dark", "gm-light", "gm-high-contrast"} <= names


def test_a_broken_theme_file_is_reported_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text('name = "mine"\nprimary = "#5f87d7"\n', encoding="utf-8")
    (tmp_path / "bad.toml").write_text('name = "oops"\nprimary = "not a colour"\n', encoding="utf-8")
    (tmp_path / "odd.toml").write_text('name = "odd"\nprimray = "#ffffff"\n', encoding="utf-8")
    themes, problems = load_themes([tmp_path])
    assert [t.name for t in themes] == ["mine"]
    assert any("bad.toml" in p and "primary" in p for p in problems)
    assert any("odd.toml" in p and "primray" in p for p in problems)


def test_shipped_themes_load_and_stay_in_256_colours() -> None:
    themes, problems = load_themes([SHIPPED_DIR])
    assert not problems
    assert {"gm-dark", "gm-light", "gm-high-contrast"} <= {t.name for t in themes}
    xterm = {0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF}  # the 6x6x6 cube
    greys = {8 + 10 * i for i in range(24)}  # the grey ramp
    for theme in themes:
        colours = [getattr(theme, f) for f in ("primary", "background", "foreground", "accent", "error")]
        colours += list(theme.variables.values())
        for colour in filter(None, colours):
            r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
            assert {r, g, b} <= xterm or (r == g == b and r in greys), f"{theme.name}: {colour}"


async def test_help_lists_every_verb_the_command_line_takes(campaign: Path) -> None:
    from gmconsole.store import commands

    app = make_app(campaign)
    async with app.run_test(size=(120, 80)) as pilot:
        await pilot.press("question_mark", "end")
        await pilot.pause()
        text = screen_text(app)
        for usage in commands.USAGE.values():
            assert usage in text, usage  # brackets such as [start|end|round] survive as text


async def test_an_unusable_campaign_says_why_and_offers_the_picker(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "campaign.toml").write_text("name = [unclosed\n", encoding="utf-8")
    app = GmConsole(broken)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignPicker)
        assert app.session is None
        text = screen_text(app)
        assert "✗ cannot open" in text and "invalid TOML" in text  # the picker says why
