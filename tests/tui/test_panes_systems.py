"""Every registered system through the roster and the test dialog: its tracks are drawn the
book's way (boxes crossed, the current rung bracketed, points as n/max), in a narrow column and
zoomed, then its own detail lines (`sheet_lines`), wrapped, never cut; its first test option
shows odds (or says they are unknown) without an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from panes_host import PaneHost
from textual.widgets import Static

from gmconsole.engine.roster import Character
from gmconsole.store.session import Session
from gmconsole.systems import system_ids
from gmconsole.systems.base import GameSystem
from gmconsole.tui.screens.check_dialog import CheckDialog
from gmconsole.tui.widgets.odds_chart import OddsChart
from gmconsole.tui.widgets.roster import RosterPane


def campaign(tmp_path: Path, system_id: str) -> Session:
    session = Session.create(tmp_path / system_id, name=system_id, system_id=system_id)
    sheet = session.system.dump_sheet(session.system.new_sheet())
    session.save_character("kai", Character(name="Kai", kind="pc", sheet=sheet))
    session.damage("kai", 1)
    return session


@pytest.mark.parametrize("system_id", system_ids())
async def test_roster_draws_every_track_of_the_system(tmp_path: Path, system_id: str) -> None:
    session = campaign(tmp_path, system_id)
    views = session.system.tracks(session.system.parse_sheet(session.roster["kai"].sheet))
    app = PaneHost(session, RosterPane())
    async with app.run_test(size=(40, 30)) as pilot:
        for size in ((40, 30), (110, 30)):  # a narrow column, then zoomed
            await pilot.resize_terminal(*size)
            await pilot.pause()
            tracks_fit(app, views)


def tracks_fit(app: PaneHost, views: list) -> None:
    """Each track on its own line under the name, drawn the book's way, within the column."""
    row = next(r.text.plain for r in app.pane.list.rows if r.key == "r:kai")
    width = app.pane.list.scrollable_content_region.width - 2  # the cursor gutter
    lines = row.splitlines()[1 : 1 + len(views)]  # the tracks under the name, in the book's order
    for view, line in zip(views, lines, strict=True):
        assert len(line) <= width, f"{line!r} is cut off at {width}"
        assert line.strip().startswith(view.name[:3]), (view.name, line)
        if view.kind == "boxes":
            free = view.maximum - view.value
            assert (
                line.count("[x]") == view.value
                or f"[{'x' * view.value}{'.' * free}]" in line
                or f"{free}/{view.maximum} left" in line
            ), line
        elif view.kind == "levels":
            assert f"[{view.labels[view.value].upper()}]" in line, line
        else:
            assert f"{view.value}/{view.maximum}" in line, line


@pytest.mark.parametrize("system_id", system_ids())
async def test_test_dialog_opens_for_every_system(tmp_path: Path, system_id: str) -> None:
    session = campaign(tmp_path, system_id)
    app = PaneHost(session, RosterPane())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CheckDialog(session, "kai"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        error = dialog.query_one("#check-error", Static)
        assert not error.display, error.render()
        request = dialog.request()
        assert dialog.query_one(OddsChart).odds == session.odds("kai", request)


@pytest.mark.parametrize("system_id", system_ids())
async def test_roster_detail_shows_the_systems_sheet_lines(tmp_path: Path, system_id: str) -> None:
    session = campaign(tmp_path, system_id)
    system = session.system
    sheet = system.parse_sheet(session.roster["kai"].sheet)
    if type(system).sheet_lines is GameSystem.sheet_lines:
        pytest.skip("the system shows its describe() line instead of the default field dump")
    tracks = {t.name.lower() for t in system.tracks(sheet)}
    pairs = [
        (k, v) for k, v in system.sheet_lines(sheet) if k.lower() not in tracks and (k, v) != ("Name", "Kai")
    ]
    app = PaneHost(session, RosterPane())
    async with app.run_test(size=(40, 40)) as pilot:
        for size in ((40, 40), (110, 30)):  # one console, resized: wrapped narrow, then wide
            await pilot.resize_terminal(*size)
            await pilot.pause()
            lst = app.pane.list
            row = next(r.text.plain for r in lst.rows if r.key == "r:kai")
            width = lst.scrollable_content_region.width - 2
            assert all(len(line) <= width for line in row.splitlines()), (size, row)
            flat = " ".join(row.split())
            for label, value in pairs:
                assert label in flat, (label, row)
                assert " ".join(value.split()) in flat or value in row, (value, row)


async def test_torg_roster_detail_names_the_cards_in_hand_and_pool(tmp_path: Path) -> None:
    """The Torg developer's case: a player's hand and pool by card name, in the detail view."""
    import shutil

    demo = Path(__file__).parents[2] / "campaigns" / "torg-demo"
    shutil.copytree(demo, tmp_path / "torg", ignore=shutil.ignore_patterns(".lock"))
    session = Session.open(tmp_path / "torg")
    hero = next(slug for slug, c in session.roster.items() if c.kind == "pc")
    lines = dict(session.system.sheet_lines(session.system.parse_sheet(session.roster[hero].sheet)))
    assert lines.get("Hand"), "the demo's players hold cards"
    app = PaneHost(session, RosterPane())
    async with app.run_test(size=(80, 50)) as pilot:
        await pilot.pause()
        app.pane.list.select_key(f"r:{hero}")
        await pilot.pause()
        await pilot.pause()
        row = " ".join(next(r.text.plain for r in app.pane.list.rows if r.key == f"r:{hero}").split())
        for label in ("Hand", "Pool"):  # "Pool #60 Willpower" packs with other short lines
            if lines.get(label):
                assert re.search(rf"{label}:? {re.escape(lines[label])}", row), (label, row)
