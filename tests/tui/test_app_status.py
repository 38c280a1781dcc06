"""The lines around the panes at 80x24: the status line always names who acts (the system's
name and then the campaign's give way first), the message line ends in "…" rather than at a
word break, and the key bar keeps "? Help" when a pane's keys do not all fit."""

from __future__ import annotations

import random
from pathlib import Path

from app_driver import command, make_app, screen_text
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from gmconsole.engine.roster import Character
from gmconsole.store.session import Session
from gmconsole.tui.widgets.static_text import set_content


def long_named_campaign(path: Path) -> Path:
    with Session.create(
        path, name="The Long and Winding Road to the Delaware Crossing", system_id="generic",
        rng=random.Random(3),
    ) as s:
        s.save_character("t", Character(name="Tolwyn of the Marches and Beyond", kind="pc", sheet={"hp": 9}))
        for line in ("encounter Fight", "add t", "start"):
            s.execute(line)
    return path


async def test_status_line_keeps_the_acting_name_whole(tmp_path: Path) -> None:
    app = make_app(long_named_campaign(tmp_path / "c"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = screen_text(app).splitlines()[0]
        assert "▶ Tolwyn of the Marches and Beyond" in status, status
        assert "saved ✓" in status
        assert "Round 1" in status and "The Long" in status and "…" in status


async def test_a_long_message_ends_in_an_ellipsis_and_the_key_bar_keeps_help(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await command(pilot, "roll 1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6")
        lines = screen_text(app).splitlines()
        assert lines[-3].rstrip().endswith("…"), lines[-3]
        await pilot.press("2")  # the roster's keys join the screen's: more than 80 columns
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1]
        assert bar.rstrip().endswith("? Help") and "…" in bar, bar


class Line(App[None]):
    CSS = "#line { width: auto; height: 1; text-wrap: nowrap; } #wraps { width: auto; }"

    def compose(self) -> ComposeResult:
        yield Static(id="line")
        yield Static(id="wraps")


async def test_a_line_of_the_same_width_is_redrawn_without_a_layout(monkeypatch) -> None:
    """The status and message lines are as wide as their text: the next goblin's name in place
    of the last one's cannot move anything, so it costs no layout pass of the whole screen."""
    app = Line()
    async with app.run_test(size=(60, 10)) as pilot:
        line, wraps = app.query_one("#line", Static), app.query_one("#wraps", Static)
        for static in (line, wraps):
            set_content(static, Text("▶ Goblin 12"))
        await pilot.pause()
        layouts: list[tuple[str | None, bool]] = []
        for static in (line, wraps):
            refresh = static.refresh

            def counted(*regions, _static=static, _refresh=refresh, **options):
                layouts.append((_static.id, options.get("layout", False)))
                return _refresh(*regions, **options)

            monkeypatch.setattr(static, "refresh", counted)
        assert set_content(line, Text("▶ Goblin 13"))
        assert set_content(wraps, Text("▶ Goblin 13"))  # may wrap: its height could change
        assert not set_content(line, Text("▶ Goblin 13"))  # the same: nothing at all
        assert set_content(line, Text("▶ Goblin 140"))  # wider: laid out
        assert layouts == [("line", False), ("wraps", True), ("line", True)]
        await pilot.pause()
        assert "▶ Goblin 140" in screen_text(app)
