"""The dice log pane over a long history: newest page first, older pages as the GM scrolls up,
older day files read from the campaign's log/ only when the GM scrolls back to them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from types import SimpleNamespace

from app_driver import command, main_screen, make_app, screen_text
from textual.app import App, ComposeResult

from gmconsole.engine.events import Event, EventKind
from gmconsole.store.log import LogWriter
from gmconsole.store.session import Session
from gmconsole.tui.widgets.dice_log import MORE, PAGE, DiceLog
from gmconsole.tui.widgets.line_list import LineList


class Host(App[None]):
    def __init__(self, session: SimpleNamespace | Session) -> None:
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
    session = SimpleNamespace(
        log=[roll(i) for i in range(PAGE * 2 + 500)], log_complete=True, log_unread_days=0
    )
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


async def test_a_new_event_repaints_the_count_in_the_border_not_the_whole_pane(monkeypatch) -> None:
    """The count of events changes every turn; the pane's border, and every row of the list it
    holds, need not be drawn again for it (setting `border_subtitle` repaints all of them)."""
    session = SimpleNamespace(log=[roll(i) for i in range(40)], log_complete=True, log_unread_days=0)
    app = Host(session)
    app.CSS = "DiceLog { border: round $accent; }"  # as the main screen draws its panes
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        pane = app.query_one(DiceLog)
        repainted: list[tuple] = []
        refresh = pane.refresh
        monkeypatch.setattr(pane, "refresh", lambda *r, **k: repainted.append(r) or refresh(*r, **k))
        session.log.append(roll(40))
        pane.show(session)
        assert len(repainted) == 1 and len(repainted[0]) == 1, repainted  # one region, not all
        assert repainted[0][0].height == 1
        await pilot.pause()
        bottom = screen_text(app).splitlines()[pane.region.bottom - 1]
        assert "41 events" in bottom and bottom.strip().startswith("╰"), bottom


async def test_a_click_selects_the_row_under_the_mouse() -> None:
    session = SimpleNamespace(log=[roll(i) for i in range(5)], log_complete=True, log_unread_days=0)
    app = Host(session)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.click(DiceLog, offset=(10, 1))
        assert app.query_one(DiceLog).selected == session.log[1].id


def more_row(pane: DiceLog) -> str:
    """The text of the "earlier events" row at the top of the pane ("" when there is none)."""
    first = pane.query_one(LineList).rows[0]
    return first.text.plain if first.key == MORE else ""


PER_DAY = 300
"""Rolls a night in the old day files written below: four nights make more than a page."""


def old_nights(campaign: Path, nights: int) -> list[Event]:
    """Weekly day files of rolls in a campaign's log/, the latest a week before today's."""
    first = dt.date.today() - dt.timedelta(weeks=nights)
    events = []
    for night in range(nights):
        date = (first + dt.timedelta(weeks=night)).isoformat()
        writer = LogWriter(campaign, tag=f"night{night}")  # one console session a night
        for i in range(PER_DAY):
            event = roll(night * PER_DAY + i).model_copy(
                update={"time": f"{date}T19:{i // 60:02d}:{i % 60:02d}Z"}
            )
            writer.append(event)
            events.append(event)
    return events


async def test_older_day_files_are_read_when_the_gm_scrolls_back_to_them(tmp_path: Path) -> None:
    root = tmp_path / "camp"
    Session.create(root, name="Years", system_id="generic").close()
    written = old_nights(root, 5)
    with Session.open(root, read_only=True) as session:
        assert len(session.log) == 4 * PER_DAY  # opening read the newest four nights only
        app = Host(session)
        async with app.run_test(size=(80, 20)) as pilot:
            await pilot.pause()
            pane = app.query_one(DiceLog)
            assert pane.selected == written[-1].id and pane.border_subtitle == "1200+ events"
            assert (
                more_row(pane)
                == "── 200 earlier events and 1 older log file: keep going up to see them ──"
            )
            await pilot.press("home")  # onto the row: the oldest night is read, a page drawn
            await pilot.pause()
            assert session.log_complete and [e.id for e in session.log] == [e.id for e in written]
            assert pane.selected == written[499].id and pane.border_subtitle == "1500 events"
            assert more_row(pane) == ""  # a whole page above: everything is drawn
            await pilot.press("home")
            assert pane.selected == written[0].id and "earlier events" not in screen_text(app)


async def test_the_console_scrolls_back_into_old_nights_and_rolls_on_after(campaign: Path) -> None:
    """The whole console: earlier events come in front of the log the screen holds, a roll typed
    afterwards still lands last and is the one reported, and a bad old night is reported when
    it is read (not at open)."""
    written = old_nights(campaign, 5)
    broken = next((campaign / "log").glob(f"{written[0].time[:10]}T*.toml"))
    broken.write_text(broken.read_text() + "\n[[event]]\nkind = 'roll'\ntext = \n")
    app = make_app(campaign)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await pilot.pause()
        session = app.session
        assert session.problems == [] and not session.log_complete  # the broken night is unread
        await pilot.press("3")
        pane = main_screen(app).query_one(DiceLog)
        await pilot.press("home")
        await pilot.pause()
        assert session.log_complete and [str(p.path) for p in session.problems] == [f"log/{broken.name}"]
        assert "1 problem in older log files" in screen_text(app)
        read_back = {e.id for e in written[PER_DAY : 2 * PER_DAY]}  # night 1: night 0 has nothing to give
        selected = pane.selected
        assert selected in read_back and session.log[0].id == written[PER_DAY].id
        await command(pilot, "2d6")
        assert session.log[-1].kind == EventKind.ROLL and session.log[-1].data["expr"] == "2d6"
        assert session.log[-1].text in screen_text(main_screen(app))  # the status line says the new roll
        assert pane.selected == selected  # the GM is still reading the old night
        assert [e.id for e in session.log if e.kind == EventKind.ROLL][: 4 * PER_DAY] == [
            e.id for e in written[PER_DAY:]
        ]
