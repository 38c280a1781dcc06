"""The dice log pane over a long history: newest page first, older pages as the GM scrolls up."""

from __future__ import annotations

from types import SimpleNamespace

from app_driver import screen_text
from textual.app import App, ComposeResult

from gmconsole.engine.events import Event, EventKind
from gmconsole.tui.widgets.dice_log import PAGE, DiceLog


class Host(App[None]):
    def __init__(self, session: SimpleNamespace) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield DiceLog()

    def on_mount(self) -> None:
        self.query_one(DiceLog).show(self.session)
        self.query_one(DiceLog).focus_list()


def roll(i: int) -> Event:
    return Event(kind=EventKind.ROLL, text=f"Ayla: 4d6kh3 (6, 5, ~~2~~, 4) = {i}", data={"expr": "4d6kh3"})


async def test_long_history_opens_on_the_newest_page_and_scrolls_back_to_the_first_roll() -> None:
    session = SimpleNamespace(log=[roll(i) for i in range(PAGE * 2 + 500)])
    app = Host(session)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        pane = app.query_one(DiceLog)
        assert pane.selected == session.log[-1].id
        assert "= 2499" in screen_text(app) and pane.border_subtitle == "2500 events"
        await pilot.press("home")  # onto "1500 earlier events": one more page comes in
        await pilot.pause()
        assert pane.selected == session.log[1499].id
        await pilot.press("home", "home")
        await pilot.pause()
        assert pane.selected == session.log[0].id  # the whole campaign, back to its first roll
        assert "earlier events" not in screen_text(app)
        session.log.append(roll(9999))  # a new roll while reading old ones: the cursor stays
        pane.show(session)
        await pilot.pause()
        assert pane.selected == session.log[0].id
        await pilot.press("end")
        assert pane.selected == session.log[-1].id


async def test_a_click_selects_the_row_under_the_mouse() -> None:
    session = SimpleNamespace(log=[roll(i) for i in range(5)])
    app = Host(session)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.click(DiceLog, offset=(10, 1))
        assert app.query_one(DiceLog).selected == session.log[1].id
