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


class CountedText(Text):
    """A Text that counts how often its width is asked for (each time a row is laid out)."""

    asked = 0

    @property
    def cell_len(self) -> int:
        CountedText.asked += 1
        return super().cell_len


async def test_only_the_rows_between_unchanged_ends_are_laid_out_again() -> None:
    """A turn with 500 combatants hands the tracker 500 rows of which two are new objects:
    only those two are measured and wrapped again (they used to be, and every row after them)."""
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a = app.query_one("#a", LineList)
        many = [Row(CountedText(f"goblin {i}"), key=str(i)) for i in range(500)]
        a.set_rows(many)
        await pilot.pause()
        CountedText.asked = 0
        turned = [*many[:10], Row(CountedText("✓ goblin 10"), key="10"), *many[11:]]
        turned[11] = Row(CountedText("▶ goblin 11"), key="11", kind="acting")
        a.set_rows(turned, select_at=11)
        assert CountedText.asked == 2


async def test_rows_changed_inside_read_as_a_fresh_layout() -> None:
    """Rows kept at both ends, with rows between that wrap to more or fewer lines, or more or
    fewer rows between: the same lines as a list laid out from scratch."""
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a, b = app.query_one("#a", LineList), app.query_one("#b", LineList)
        base = rows(["one", LONG, "three", "four", LONG, "six"])
        a.set_rows(base)
        await pilot.pause()
        for changed in (
            [*base[:1], Row(Text("short"), key="1"), *base[2:]],  # a wrapped row now one line
            [*base[:2], Row(Text(LONG), key="2"), *base[3:]],  # a one-line row now wraps
            [*base[:3], *base[4:]],  # a row gone from the middle
            [*base[:3], Row(Text("new"), key="n"), Row(Text(LONG), key="m"), *base[3:]],  # two more
            base,
        ):
            a.set_rows(changed)
            b.set_rows(list(changed))
            await pilot.pause()
            assert drawn(a) == drawn(b)
            assert a._first_line == b._first_line


async def test_scrolling_a_row_repaints_the_scrollbar_only_when_its_thumb_moves(monkeypatch) -> None:
    """Repainting a scrollbar costs as much as redrawing the rows; a 500-row list scrolled one
    row draws the same thumb most of the time."""
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a = app.query_one("#a", LineList)
        a.set_rows(rows([f"row {i}" for i in range(500)]))
        await pilot.pause()
        bar = a.vertical_scrollbar
        repaints: list[float] = []
        refresh = bar.refresh
        monkeypatch.setattr(bar, "refresh", lambda *r, **k: repaints.append(bar.position) or refresh(*r, **k))
        a.scroll_to(y=1, animate=False, immediate=True)
        assert repaints == []  # the thumb has not moved a visible eighth of a cell
        a.scroll_to(y=250, animate=False, immediate=True)
        assert len(repaints) == 1


async def test_a_row_more_asks_for_no_layout_of_the_screen(monkeypatch) -> None:
    """The log gains a row every turn: a list as tall as its pane scrolls, nothing moves."""
    app = Host()
    async with app.run_test(size=(40, 30)) as pilot:
        a = app.query_one("#a", LineList)
        lines = rows([f"row {i}" for i in range(100)])
        a.set_rows(lines)
        await pilot.pause()
        layouts: list[bool] = []
        refresh = a.refresh

        def counted(*regions, **options):
            layouts.append(options.get("layout", False))
            return refresh(*regions, **options)

        monkeypatch.setattr(a, "refresh", counted)
        a.set_rows([*lines, *rows(["x"] * 101)[100:]], select="100")
        assert layouts and not any(layouts)
        assert a.virtual_size.height == 101 and a.cursor_key == "100"
        await pilot.pause()
        assert a.scroll_offset.y == a.max_scroll_y  # scrolled to the new row
