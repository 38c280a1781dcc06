"""A system switch of the test dialog mounted but not yet showing its value (Textual's Select
reads "Select.NULL" until it has set up its options) counts as its default: the dialog once
flashed "✗ 'Select.NULL' is not an action type" for half a second each time a Torg test opened,
and computed no odds meanwhile."""

from __future__ import annotations

from pathlib import Path

from app_driver import open_test_dialog
from panes_host import PaneHost, make_session
from pydantic import BaseModel
from textual import on
from textual.widgets import Select

from gmconsole.systems.base import RuleOption
from gmconsole.systems.generic import GenericSystem
from gmconsole.tui.screens.check_dialog import CheckDialog
from gmconsole.tui.widgets.roster import RosterPane


class ActionSystem(GenericSystem):
    """A generic system with a Torg-like choice of action type, "test" by default."""

    def check_switches(self, sheet: BaseModel, options=None) -> list[RuleOption]:
        return [RuleOption("action", "Action", "test", "What the test is for", choices=("attack", "test"))]


class Host(PaneHost):
    def __init__(self, session) -> None:
        super().__init__(session, RosterPane())

    @on(RosterPane.Check)
    def _check(self, message: RosterPane.Check) -> None:
        self.push_screen(CheckDialog(self.session, message.who))


async def test_a_switch_not_yet_showing_its_value_counts_as_its_default(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    session.system = ActionSystem()  # type: ignore[assignment]
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        shown = dialog.query_one("#switch-action", Select)
        assert dialog.request().extra["action"] == "test"
        shown.value = "attack"
        assert dialog.request().extra["action"] == "attack"
        unsettled = Select([("attack", "attack"), ("test", "test")], id="switch-action")
        assert unsettled.is_blank()  # what a Select reads before it is set up
        await shown.remove()
        await dialog.query_one("#check-switches").mount(unsettled)
        unsettled.clear()  # mounted, and still without a value
        assert unsettled.is_blank()
        assert dialog.request().extra["action"] == "test"


class CalledShotSystem(GenericSystem):
    """A choice whose default is the empty value (System One's "Called shot at": no part)."""

    def check_switches(self, sheet: BaseModel, options=None) -> list[RuleOption]:
        return [RuleOption("called", "Called shot at", "", "a part to aim at", choices=("", "head"))]


async def test_an_empty_choice_reads_none_and_stays_empty_in_the_request(tmp_path: Path) -> None:
    from app_driver import screen_text

    session = make_session(tmp_path)
    session.system = CalledShotSystem()  # type: ignore[assignment]
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        assert "Called shot at none" in " ".join(screen_text(app).split())
        assert dialog.request().extra["called"] == ""
