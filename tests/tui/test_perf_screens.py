"""Screens a GM opens show their final layout in their first frame: the test dialog's system
switches used to be mounted after it, popping in (and moving the odds) a layout pass later.
And the screens benchmark runs (on one small campaign, one round; it times nothing here)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from app_driver import make_app, open_test_dialog, wait_for_screen

from gmconsole.bench import screens
from gmconsole.tui.screens.check_dialog import CheckDialog

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"


async def _frames_after(app: Any, press: Any) -> list[frozenset[Any]]:
    """The layout of every frame of the screen `press()` opens, until it has been still a while."""
    before = app.screen
    frames: list[frozenset[Any]] = []

    def seen() -> None:
        if app.screen is not before:
            frames.append(screens._layout(app.screen))

    app.post_display_hook = seen
    await press()
    for _ in range(30):  # until 0.3 s pass with no new layout
        count = len(frames)
        await asyncio.sleep(0.1)
        if frames and len(set(frames[count - 1 :])) == 1 and count == len(frames):
            break
    del app.post_display_hook
    return frames


@pytest.mark.parametrize("demo", ["torg-demo", "arm-demo"])  # switches; a scroll bar at 80x24
async def test_the_test_dialog_is_whole_in_its_first_frame(tmp_path: Path, demo: str) -> None:
    folder = tmp_path / demo
    shutil.copytree(DEMOS / demo, folder, ignore=shutil.ignore_patterns(".lock"))
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        frames = await _frames_after(app, lambda: pilot.press("t"))
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        assert dialog.switches, "the demo's first combatant has system switches"
        assert frames, "the dialog was painted"
        assert all(frame == frames[-1] for frame in frames), "a later frame moved or added rows"
        help_line = dialog.query_one("#check-help")
        assert help_line.display and "The test" in str(help_line.render())


@pytest.mark.parametrize("demo", ["torg-demo", "system-one-demo"])  # the most switches
async def test_the_test_dialog_mounts_few_widgets_per_field(tmp_path: Path, demo: str) -> None:
    """The dialog's open time is mostly Textual mounting and styling widgets (about 1 ms each
    on a quiet machine): each Select mounted six and an option list, 204 widgets for Torg's 28
    fields, and the dialog took 220 ms. Yes/no switches are one widget; a choice builds its list
    when first opened and draws its closed line itself; a row draws its own label."""
    from textual.widgets._select import SelectOverlay

    folder = tmp_path / demo
    shutil.copytree(DEMOS / demo, folder, ignore=shutil.ignore_patterns(".lock"))
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        fields = len(dialog.query(".check-row"))
        assert fields >= 20
        assert not dialog.query(SelectOverlay)
        assert len(dialog.query("*")) <= 3 * fields + 12


@pytest.mark.parametrize("demo", ["torg-demo", "system-one-demo"])  # long sheets; a long text field
async def test_the_sheet_form_is_whole_in_its_first_frame(tmp_path: Path, demo: str) -> None:
    """Its scroll bars (the list's, the many-line editor's) came a frame after the form."""
    from gmconsole.tui.screens.sheet_form import SheetForm

    folder = tmp_path / demo
    shutil.copytree(DEMOS / demo, folder, ignore=shutil.ignore_patterns(".lock"))
    app = make_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        main: Any = app.screen
        slug = sorted(app.session.roster)[0]
        frames = await _frames_after(app, lambda: _call(main.job_edit, slug))
        assert isinstance(app.screen, SheetForm)
        assert frames, "the form was painted"
        assert all(frame == frames[-1] for frame in frames), "a later frame moved or added widgets"


async def _call(job: Any, *args: Any) -> None:
    job(*args)


def test_the_screens_benchmark_runs_on_a_small_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "generic-demo"
    shutil.copytree(DEMOS / "generic-demo", folder, ignore=shutil.ignore_patterns(".lock"))
    times = asyncio.run(screens.sample_campaign(folder, samples=1, size=(80, 24)))
    assert times["empty"] and times["test"] and times["sheet"] and times["help"]
    lines = screens.report("generic-demo", times)
    assert any(line.split()[0] == "empty" and "(reference)" in line for line in lines)
    assert any(line.split()[0] == "test" and "x empty" in line for line in lines)


async def test_dialogs_bring_their_styles_without_restyling_the_console(campaign: Path) -> None:
    """Textual re-parsed every stylesheet and restyled every widget of every screen the first
    time a dialog with its own .tcss opened (90 ms of the first `t` or `e`); the dialogs are
    styled from their files all the same."""
    from textual.widgets import Select

    from gmconsole.tui.screens.prompt import NumberPrompt
    from gmconsole.tui.screens.sheet_form import SheetForm

    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        reparsed: list[bool] = []
        reparse = app.stylesheet.reparse

        def counted() -> None:
            reparsed.append(True)
            reparse()

        app.stylesheet.reparse = counted  # type: ignore[method-assign]
        await pilot.press("t")
        await wait_for_screen(pilot, CheckDialog)
        await pilot.pause()
        assert app.screen.query_one("#check-box").styles.width.value == 72  # check_dialog.tcss
        assert app.screen.query_one("#check-who", Select).styles.width.unit.name == "FRACTION"
        await pilot.press("escape")
        await pilot.press("2", "e")
        await wait_for_screen(pilot, SheetForm)
        await pilot.pause()
        assert app.screen.query_one("#sheet-box").styles.width.value == 100  # sheet_form.tcss
        await pilot.press("escape")
        await pilot.press("d")
        await wait_for_screen(pilot, NumberPrompt)
        await pilot.pause()
        assert app.screen.query_one(".prompt-box").styles.width.value == 60  # prompt.tcss
        assert not reparsed
