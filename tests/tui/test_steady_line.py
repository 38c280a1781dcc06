"""`SteadyLine`, the status and message lines: a turn's next name, longer or shorter than the
last, costs no layout pass of the whole screen, and the padding that keeps the line's width
never reaches past the room it is given (where it would end the line in a stray "…")."""

from __future__ import annotations

from app_driver import screen_text
from rich.text import Text
from textual.app import App, ComposeResult

from gmconsole.tui.widgets.static_text import SteadyLine


class Host(App[None]):
    CSS = "#line { width: auto; max-width: 100%; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }"

    def compose(self) -> ComposeResult:
        yield SteadyLine(id="line")


async def test_a_narrower_name_keeps_the_width_and_costs_no_layout(monkeypatch) -> None:
    app = Host()
    async with app.run_test(size=(40, 5)) as pilot:
        line = app.query_one("#line", SteadyLine)
        line.show_line(Text("▶ Goblin 342"), 40)
        await pilot.pause()
        layouts: list[bool] = []
        refresh = line.refresh

        def counted(*regions, **options):
            layouts.append(options.get("layout", False))
            return refresh(*regions, **options)

        monkeypatch.setattr(line, "refresh", counted)
        assert line.show_line(Text("▶ Goblin 7"), 40)  # narrower: padded to the widest
        assert line.show_line(Text("▶ Goblin 42"), 40)
        assert not line.show_line(Text("▶ Goblin 42"), 40)  # the same: nothing at all
        assert line.show_line(Text("▶ Goblin 1234"), 40)  # wider than ever: laid out once
        assert layouts == [False, False, True]
        await pilot.pause()
        first = screen_text(app).splitlines()[0]
        assert first.rstrip() == "▶ Goblin 1234"
        line.show_line(Text("▶ Goblin 9"), 40)
        await pilot.pause()
        assert screen_text(app).splitlines()[0].rstrip() == "▶ Goblin 9"  # the padding is blank


async def test_the_padding_stops_at_the_room_given() -> None:
    app = Host()
    async with app.run_test(size=(40, 5)) as pilot:
        line = app.query_one("#line", SteadyLine)
        line.show_line(Text("x" * 30), 40)
        line.show_line(Text("short"), 12)  # less room now (a wider right-hand part)
        assert line.content.cell_len == 12
        await pilot.pause()
        assert "…" not in screen_text(app)
        line.show_line(Text("y" * 20), 12)  # a text wider than the room is not cut here
        assert line.content.cell_len == 20
