"""LineList, the long list under the tracker and the log: what it draws after rows change.

It keeps the rows it laid out last time when the new rows start with the same ones (a log that
grew by an event, a tracker whose done steps stayed put) and skips rows that did not change at
all; either way the screen must read exactly as a list laid out from scratch.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from gmconsole.tui.widgets.line_list import LineList, Row


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield LineList(id="a")
        yield LineList(id="b")


def rows(words: list[str]) -> list[Row]:
    return [Row(Text(w), key=str(i), indent=4) for i, w in enumerate(words)]


def drawn(lst: LineList) -> list[tuple[int, str]]:
    return [(i, text.plain) for i, text in lst._visual]


LONG = "a long row that wraps under its name " * 3


async def test_rows_added_or_changed_draw_as_a_fresh_layout() -> None:
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a, b = app.query_one("#a", LineList), app.query_one("#b", LineList)
        first = rows(["one", LONG, "three"])
        a.set_rows(first)
        await pilot.pause()
        grown = [*first, *rows(["x", "y", "z", LONG])[3:]]  # the same three, one more
        a.set_rows(grown)
        b.set_rows(list(grown))
        await pilot.pause()
        assert drawn(a) == drawn(b)
        assert len(drawn(a)) > len(grown)  # the long rows wrapped
        assert all(text.startswith("    ") for i, text in drawn(a)[2:4]), drawn(a)  # hanging indent
        changed = [grown[0], Row(Text("TWO"), key="1"), *grown[2:]]  # one row in the middle
        a.set_rows(changed)
        b.set_rows([*changed])
        await pilot.pause()
        assert drawn(a) == drawn(b)
        assert (1, "TWO") in drawn(a)
        assert not any("wraps" in text for i, text in drawn(a) if i == 1)


async def test_the_same_rows_again_change_nothing() -> None:
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a = app.query_one("#a", LineList)
        same = rows(["one", "two", "three"])
        a.set_rows(same, select="2")
        await pilot.pause()
        before = a._visual
        a.set_rows(list(same))
        assert a._visual is before  # not laid out again
        assert a.cursor_key == "2"


async def test_a_row_of_several_short_lines_is_drawn_as_several_lines() -> None:
    """A "\\n" inside one drawn line reaches the terminal and scrolls the whole screen up."""
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a = app.query_one("#a", LineList)
        a.set_rows([Row(Text("one\n  two"), key="x"), Row(Text("three"), key="y")])
        await pilot.pause()
        assert drawn(a) == [(0, "one"), (0, "  two"), (1, "three")]
