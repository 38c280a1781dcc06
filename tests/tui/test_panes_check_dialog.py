"""The test dialog: exact odds shown before rolling (percentage and bars), recomputed as the
fields change; typed dice give the expected outcome in the log; refusals stay in the dialog;
system switches reach `CheckRequest.extra`."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from app_driver import open_test_dialog
from panes_host import PaneHost, make_session
from pydantic import BaseModel
from textual import on
from textual.widgets import Input, Select

from gmconsole.engine.checks import CheckRequest, Odds
from gmconsole.engine.events import Event, EventKind
from gmconsole.systems.base import RuleOption
from gmconsole.systems.generic import GenericSystem
from gmconsole.tui.screens.check_dialog import CheckDialog, parse_extra, parse_faces
from gmconsole.tui.widgets.odds_chart import OddsChart, bar, odds_text, percent
from gmconsole.tui.widgets.roster import RosterPane
from gmconsole.tui.widgets.yes_no import YesNo


class CheckHost(PaneHost):
    """Opens the dialog on the roster's Check message, as the main screen does."""

    def __init__(self, session: Any) -> None:
        super().__init__(session, RosterPane())
        self.results: list[Event | None] = []

    @on(RosterPane.Check)
    def _check(self, message: RosterPane.Check) -> None:
        self.push_screen(CheckDialog(self.session, message.who), self._done)

    def _done(self, event: Event | None) -> None:
        self.results.append(event)
        self.redraw()


def odds_shown(dialog: CheckDialog) -> str:
    return odds_text(dialog.query_one(OddsChart).odds, 60).plain


async def test_odds_are_shown_before_rolling_and_typed_dice_decide_the_outcome(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(session.log)
        dialog = await open_test_dialog(pilot)
        assert dialog.query_one("#check-who", Select).value == "ayla"
        assert dialog.query_one("#check-option", Select).value == "agility"
        assert "not known" in odds_shown(dialog)  # no target yet
        dialog.query_one("#check-target", Input).value = "15"
        await pilot.pause()
        # d20 + 3 vs 15: faces 12-20 succeed
        shown = odds_shown(dialog)
        assert "Chance of success: 45% (9/20)" in shown
        assert "success    45% " in shown and "failure    55% " in shown and "█" in shown
        dialog.query_one("#check-mods", Input).value = "+2"
        await pilot.pause()
        assert "55% (11/20)" in odds_shown(dialog)
        assert len(session.log) == before  # nothing rolled yet

        dialog.query_one("#check-dice", Input).value = "9"
        dialog.query_one("#check-dice", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, CheckDialog)
    event = session.log[-1]
    assert app.results == [event] and event.kind == EventKind.CHECK
    assert event.data["total"] == 14 and event.data["target"] == 15
    assert event.data["outcome"] == "failure" and event.data["margin"] == -1
    assert event.data["dice"][0]["face"] == 9


async def test_refusals_stay_in_the_dialog(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(session.log)
        dialog = await open_test_dialog(pilot)
        dialog.query_one("#check-target", Input).value = "10"
        dialog.query_one("#check-dice", Input).value = "25"
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is dialog
        assert "a d20 cannot show 25" in str(dialog.query_one("#check-error").render())
        dialog.query_one("#check-dice", Input).value = "x"
        await pilot.pause()
        await pilot.press("f2")
        assert "dice must be whole numbers" in str(dialog.query_one("#check-error").render())
        assert len(session.log) == before
        await pilot.press("escape")
        await pilot.pause()
        assert app.results == [None]


async def test_ladder_opponent_and_other_character(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        against = dialog.query_one("#check-against", Select)
        against.value = "__opponent__"
        dialog.query_one("#check-target", Input).value = "20"
        await pilot.pause()
        assert "Chance of success: 20% (1/5)" in odds_shown(dialog)
        assert dialog.request().opponent_total == 20 and dialog.request().difficulty is None
        against.value = "__none__"
        await pilot.pause()
        assert dialog.query_one("#check-target", Input).disabled
        assert "not known" in odds_shown(dialog)
        # Bram has no stats: his only test is the bare d20
        dialog.query_one("#check-who", Select).value = "bram"
        await pilot.pause()
        assert dialog.query_one("#check-option", Select).value == "none"
        dialog.query_one("#check-dice", Input).value = "20"
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
    assert session.log[-1].who == "bram" and session.log[-1].data["total"] == 20


# ---------------------------------------------------------------- system switches


class SwitchSystem(GenericSystem):
    """A generic system with a Torg-like "spend a Possibility" switch worth +10 on the odds."""

    def check_switches(self, sheet: BaseModel, options=None) -> list[RuleOption]:
        return [RuleOption("possibility", "Possibility", False, "Spend a Possibility: roll again, +10")]

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        base = super().odds(sheet, request)
        if base is None:
            return None
        bonus = 10 + request.extra.get("bonus", 0) if request.extra.get("possibility") else 0
        shifted = super().odds(sheet, CheckRequest(
            request.option, request.difficulty, request.modifiers + bonus, request.opponent_total))
        assert shifted is not None
        return Odds(success=shifted.success, bars=(("hit", shifted.success), ("miss", 1 - shifted.success)))


async def test_system_switches_and_extra_pairs_reach_the_request(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    session.system = SwitchSystem()  # type: ignore[assignment]
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        dialog.query_one("#check-target", Input).value = "20"
        await pilot.pause()
        assert "Chance of success: 20%" in odds_shown(dialog)
        dialog.query_one("#switch-possibility", YesNo).value = True
        dialog.query_one("#check-extra", Input).value = "bonus = 2, note = daring"
        await pilot.pause()
        request = dialog.request()
        assert request.extra == {"bonus": 2, "note": "daring", "possibility": True}
        # 20 - 3 - 12 = 5: faces 5-20 succeed; the system's own bands are drawn
        shown = odds_shown(dialog)
        assert "80% (4/5)" in shown and "hit" in shown and "miss" in shown


def test_parse_extra_reads_toml_values_and_bare_words() -> None:
    assert parse_extra("") == {}
    assert parse_extra('stat = grace; initiator = false, burn = [{sfx = "power_strike", dice = [4, 5]}]') == {
        "stat": "grace",
        "initiator": False,
        "burn": [{"sfx": "power_strike", "dice": [4, 5]}],
    }
    with pytest.raises(ValueError, match="key = value"):
        parse_extra("grace")
    assert parse_faces(" 6, 3 5") == [6, 3, 5] and parse_faces("") is None


def test_odds_chart_text_never_relies_on_colour() -> None:
    assert percent(Fraction(1, 3)) == "33.3%" and percent(Fraction(1, 2000)) == "<0.1%"
    assert percent(Fraction(0)) == "0%" and percent(Fraction(1)) == "100%"
    assert bar(Fraction(1, 2), 10) == "█████     " and bar(Fraction(1, 100), 10).strip() == "▏"
    text = odds_text(Odds(Fraction(3, 4), note="truncated at 6 rolls"), 40).plain
    assert text.splitlines() == [
        "Chance of success: 75% (3/4)",
        "success    75% " + bar(Fraction(3, 4), 25),
        "failure    25% " + bar(Fraction(1, 4), 25),
        "truncated at 6 rolls",
    ]


class ManySwitchesSystem(SwitchSystem):
    """Switches with long labels and a long note under the odds, like Torg's at the table."""

    def check_switches(self, sheet: BaseModel, options=None) -> list[RuleOption]:
        labels = ["Possibility", "Active defence", "Spend a hero card for the roll again", "Up",
                  "Stymied", "Setback", "Action type"]
        return [RuleOption(f"s{i}", label, False) for i, label in enumerate(labels)]

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        base = super().odds(sheet, request)
        note = "exact (no truncation: the roll-again chain is summed to the last die that matters)"
        return None if base is None else Odds(success=base.success, bars=base.bars, note=note)


async def test_labels_are_whole_or_end_in_an_ellipsis_and_the_odds_note_fits_80x24(tmp_path: Path) -> None:
    from app_driver import screen_text

    session = make_session(tmp_path)
    session.system = ManySwitchesSystem()  # type: ignore[assignment]
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        dialog.query_one("#check-target", Input).value = "15"
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Active defence " in text  # longer than the old 11-cell column, shown whole
        assert "Spend a hero card f…" in text  # past 20 cells: an ellipsis, not a silent cut
        assert "Chance of success" in text
        assert "die that matters)" in text  # the note wraps and is not cut off
        assert "F2 roll" in text  # the Roll line is on screen too


async def test_the_focused_fields_help_is_shown_without_a_mouse(tmp_path: Path) -> None:
    """A switch's help is a tooltip for the mouse; on the keyboard it shows under the fields."""
    from app_driver import screen_text

    session = make_session(tmp_path)
    session.system = SwitchSystem()  # type: ignore[assignment]
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        dialog.query_one("#switch-possibility", YesNo).focus()
        await pilot.pause()
        await pilot.pause()
        assert "Possibility: Spend a Possibility: roll again, +10" in screen_text(app)
        dialog.query_one("#check-dice", Input).focus()
        await pilot.pause()
        assert "Faces rolled at the table, in order" in screen_text(app)


async def test_a_yes_no_switch_is_set_from_the_keyboard_and_moves_the_odds(tmp_path: Path) -> None:
    """Space toggles, y and n set; the odds follow; Tab reaches the switch like any field."""
    from app_driver import screen_text

    session = make_session(tmp_path)
    session.system = SwitchSystem()  # type: ignore[assignment]
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        dialog.query_one("#check-target", Input).value = "20"
        await pilot.pause()
        switch = dialog.query_one("#switch-possibility", YesNo)
        assert "Possibility [ ] no" in " ".join(screen_text(app).split())
        dialog.query_one("#check-dice", Input).focus()
        await pilot.press("tab")
        assert dialog.focused is switch
        await pilot.press("space")
        await pilot.pause()
        assert switch.value is True and dialog.request().extra["possibility"] is True
        assert "Possibility [x] yes" in " ".join(screen_text(app).split())
        assert "70% (7/10)" in odds_shown(dialog)  # +10 on 20: faces 7-20
        await pilot.press("n")
        await pilot.pause()
        assert dialog.request().extra["possibility"] is False and "20%" in odds_shown(dialog)
        await pilot.press("y", "y")
        await pilot.pause()
        assert dialog.request().extra["possibility"] is True


async def test_a_choice_opens_its_list_on_enter_and_picks_by_typing(tmp_path: Path) -> None:
    """The lists are built when first opened (each built list cost the opening dialog ~10 ms),
    and a list opened from the keyboard or the mouse works as before."""
    from textual.widgets._select import SelectOverlay

    session = make_session(tmp_path)
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        assert not dialog.query(SelectOverlay), "no drop-down list is built before it is opened"
        option = dialog.query_one("#check-option", Select)
        assert dialog.focused is option and option.value == "agility"
        await pilot.press("enter")
        await pilot.pause()
        overlay = option.query_one(SelectOverlay)
        assert option.expanded and dialog.focused is overlay
        assert overlay.highlighted is not None and overlay.get_option_at_index(overlay.highlighted).prompt
        await pilot.press("w", "enter")
        await pilot.pause()
        assert option.value == "wits" and not option.expanded and dialog.focused is option
        against = dialog.query_one("#check-against", Select)
        await pilot.click(against)
        await pilot.pause()
        assert against.expanded and len(dialog.query(SelectOverlay)) == 2
        await pilot.press("escape")
        await pilot.pause()
        assert not against.expanded and app.screen is dialog


async def test_keys_typed_in_one_burst_after_enter_land_in_the_list_it_opens(tmp_path: Path) -> None:
    """Enter on a choice builds its list first: the keys behind it still go to the list."""
    import shutil

    from app_driver import make_app
    from textual import events

    camp = tmp_path / "m"
    shutil.copytree(Path(__file__).resolve().parents[2] / "campaigns" / "mythmagica-demo", camp)
    app = make_app(camp)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        option = dialog.query_one("#check-option", Select)
        values = [value for _, value in option._options]
        start = values.index(option.value)
        for key in ("enter", "down", "down", "enter", "tab", "tab", "tab", "4"):
            app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
        for _ in range(6):
            await pilot.pause()
        assert option.value == values[start + 2]
        assert dialog.query_one("#check-mods", Input).value == "4"


async def test_the_focused_fields_label_is_in_reverse_video(tmp_path: Path) -> None:
    """Which field has the focus shows without colour: its label is drawn in reverse."""
    from gmconsole.tui.widgets.field_row import FieldRow

    session = make_session(tmp_path)
    session.system = SwitchSystem()  # type: ignore[assignment]
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)

        def reversed_labels() -> list[str]:
            rows = dialog.query(".check-row").results(FieldRow)
            return [row.render().plain.strip() for row in rows if "reverse" in str(row.render().style)]

        assert reversed_labels() == ["Test"]
        await pilot.press("tab")
        assert reversed_labels() == ["Against"]
        dialog.query_one("#switch-possibility").focus()
        await pilot.pause()
        assert reversed_labels() == ["Possibility"]


class PerSheetSwitches(SwitchSystem):
    """Ayla (with stats) has the Possibility switch; Bram a switch with a long label."""

    def check_switches(self, sheet: BaseModel, options=None) -> list[RuleOption]:
        if getattr(sheet, "stats", None):
            return super().check_switches(sheet, options)
        return [RuleOption("card", "Spend a hero card for the roll again", False)]


async def test_another_characters_switches_refit_every_label(tmp_path: Path) -> None:
    from app_driver import screen_text

    from gmconsole.tui.widgets.field_row import FieldRow

    session = make_session(tmp_path)
    session.system = PerSheetSwitches()  # type: ignore[assignment]
    app = CheckHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = await open_test_dialog(pilot)
        assert {row.label_width for row in dialog.query(".check-row").results(FieldRow)} == {12}
        dialog.query_one("#check-who", Select).value = "bram"
        await pilot.pause()
        await pilot.pause()
        assert {row.label_width for row in dialog.query(".check-row").results(FieldRow)} == {21}
        text = screen_text(app)
        assert "Spend a hero card f…" in text and "Possibility" not in text
        assert "Modifiers" + " " * 12 in text  # every row's field moved right with it
