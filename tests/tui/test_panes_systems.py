"""Every registered system through the roster and the test dialog: its tracks are drawn the
book's way (boxes crossed, the current rung bracketed, points as n/max), in a narrow column and
zoomed, and its first test option shows odds (or says they are unknown) without an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from panes_host import PaneHost
from textual.widgets import Static

from gmconsole.engine.roster import Character
from gmconsole.store.session import Session
from gmconsole.systems import system_ids
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
@pytest.mark.parametrize("size", [(40, 30), (110, 30)])
async def test_roster_draws_every_track_of_the_system(tmp_path: Path, system_id: str, size: tuple) -> None:
    session = campaign(tmp_path, system_id)
    views = session.system.tracks(session.system.parse_sheet(session.roster["kai"].sheet))
    app = PaneHost(session, RosterPane())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        row = next(r.text.plain for r in app.pane.list.rows if r.key == "r:kai")
        width = app.pane.list.scrollable_content_region.width - 2  # the cursor gutter
        lines = row.splitlines()[-len(views) :]  # the tracks come last, in the book's order
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
