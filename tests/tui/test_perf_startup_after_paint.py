"""Start-up (issue #24, 1.8x a bare Textual app): work the first frame does not show waits for
it. The tables list is filled and git is asked a moment after the first paint, not on the way
to it; anything that needs the tables sooner (a key, focus in the pane) fills it at once."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from fresh_process import probe
from textual import events

from gmconsole.tui.app import GmConsole
from gmconsole.tui.screens.main import MainScreen
from gmconsole.tui.widgets.line_list import LineList
from gmconsole.tui.widgets.reference import FILL_DELAY, ReferencePane

TORG_DEMO = Path(__file__).resolve().parents[2] / "campaigns" / "torg-demo"


def torg_demo(tmp_path: Path) -> Path:
    return Path(shutil.copytree(TORG_DEMO, tmp_path / "torg-demo", ignore=shutil.ignore_patterns(".lock")))


def record_first_frame(app: GmConsole, asked: list[str] | None = None) -> dict[str, object]:
    """At the main screen's first frame: how many tables the reference pane holds, its list's
    rows, and whether git was asked yet (`asked`: one entry per `MainScreen.poll_git`)."""
    seen: dict[str, object] = {}

    def hook() -> None:
        screen = app.screen
        if seen or not isinstance(screen, MainScreen):
            return
        pane = screen.query_one(ReferencePane)
        seen["tables"] = len(pane.tables)
        seen["rows"] = [r.text.plain for r in pane.query_one("#ref-tables", LineList).rows]
        seen["git"] = bool(asked)

    app.post_display_hook = hook  # type: ignore[method-assign]
    return seen


async def test_the_tables_list_and_git_wait_for_the_first_paint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    poll_git = MainScreen.poll_git

    def spy(screen: MainScreen) -> None:
        asked.append("git")
        poll_git(screen)

    monkeypatch.setattr(MainScreen, "poll_git", spy)
    app = GmConsole(torg_demo(tmp_path), remember=False)
    seen = record_first_frame(app, asked)
    async with app.run_test(size=(120, 40)) as pilot:
        while not seen:
            await pilot.pause(0.01)
        assert seen == {"tables": 0, "rows": ["Loading tables…"], "git": False}
        await pilot.pause(FILL_DELAY + 0.2)
        pane = app.screen.query_one(ReferencePane)
        rows = [r.text.plain for r in pane.query_one("#ref-tables", LineList).rows]
        assert len(pane.tables) > 20
        assert "Loading tables…" not in rows and any(r.startswith("Bonus chart") for r in rows), rows
        assert asked == ["git"]


async def test_keys_sent_with_the_first_screen_find_the_tables(tmp_path: Path) -> None:
    """`4 / bonus Enter Enter` arriving in one read, before the timer: the pane fills its list
    when it gets the keys, so the search finds the Bonus chart and Enter opens it."""
    app = GmConsole(torg_demo(tmp_path), remember=False)
    seen = record_first_frame(app)
    async with app.run_test(size=(120, 40)) as pilot:
        while not seen:
            await pilot.pause(0.01)
        keys = [("4", "4"), ("slash", "/"), *((c, c) for c in "bonus"), ("enter", None), ("enter", None)]
        for key, character in keys:
            app._driver.send_message(events.Key(key, character))  # type: ignore[union-attr]
        for _ in range(5):
            await pilot.pause()
        pane = app.screen.query_one(ReferencePane)
        assert pane.open_table is not None and pane.open_table.name.startswith("Bonus chart")


async def test_a_redraw_before_the_timer_fills_the_list(tmp_path: Path) -> None:
    """A command typed at once redraws every pane: the list is filled then, and the timer
    that was waiting does nothing more."""
    app = GmConsole(torg_demo(tmp_path), remember=False)
    seen = record_first_frame(app)
    async with app.run_test(size=(120, 40)) as pilot:
        while not seen:
            await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        screen.refresh_all()
        pane = screen.query_one(ReferencePane)
        assert len(pane.tables) > 20 and pane._pending is None



CSS_PROBE = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from textual.css import stylesheet

    parsed = []
    real_parse = stylesheet.parse

    def spy(scope, css, read_from, **kwargs):
        parsed.append(Path(read_from[0]).name)
        return real_parse(scope, css, read_from, **kwargs)

    stylesheet.parse = spy
    from gmconsole.tui import run

    async def shown(pilot):
        from gmconsole.tui.screens.main import MainScreen

        while not isinstance(pilot.app.screen, MainScreen):
            await pilot.pause(0.01)
        app = pilot.app
        theme = app.get_theme(app.theme)
        on_screen = app.screen.styles.background.hex.lower() == theme.background.lower()
        print(json.dumps([parsed.count("app.tcss"), parsed.count("main.tcss"), on_screen]), flush=True)
        app.exit()

    run(sys.argv[1], remember=False, headless=True, size=(120, 40), auto_pilot=shown)
    """
)


def test_the_app_css_is_parsed_once_before_the_first_screen(tmp_path: Path) -> None:
    """The theme set at start-up refreshes the CSS; Textual's refresh parsed into a new
    stylesheet and dropped the parse cache, so the first screen parsed app.tcss and
    main.tcss a second time. The theme is still applied: the screen's background is its."""
    assert probe(CSS_PROBE, str(torg_demo(tmp_path))) == [1, 1, True]


MODELS_PROBE = textwrap.dedent(
    """
    import json, sys
    from gmconsole.tui import run

    async def shown(pilot):
        from pydantic import BaseModel
        from gmconsole.tui.screens.main import MainScreen

        while not isinstance(pilot.app.screen, MainScreen):
            await pilot.pause(0.01)
        await pilot.pause()
        def every(cls):
            for sub in cls.__subclasses__():
                yield sub
                yield from every(sub)

        ours = [c for c in every(BaseModel) if c.__module__.startswith("gmconsole.engine")]
        built = sorted(c.__name__ for c in ours)
        print(json.dumps(built), flush=True)
        pilot.app.exit()

    run(sys.argv[1], remember=False, headless=True, size=(120, 40), auto_pilot=shown)
    """
)


def test_a_torg_start_builds_no_track_model(tmp_path: Path) -> None:
    """Every system imports `gmconsole.engine.tracks` for its views; the track models (Torg
    keeps none in its sheets) are built on first use, not at every start-up."""
    built = probe(MODELS_PROBE, str(torg_demo(tmp_path)))
    assert "Encounter" in built
    assert not {"BoxTrack", "LevelTrack", "PointPool"} & set(built), built


def test_the_track_models_are_still_the_engines() -> None:
    from gmconsole.engine import tracks

    box = tracks.BoxTrack(boxes=3)
    assert box.mark(5) == 2 and box.full
    assert tracks.LevelTrack(levels=["unhurt", "hurt"]).raise_by(3) == 2
    assert tracks.PointPool(maximum=5, current=5, floor=None).spend(8) == 8
    assert {"BoxTrack", "LevelTrack", "PointPool", "TrackView", "StatusView"} <= set(dir(tracks))
    with pytest.raises(AttributeError):
        _ = tracks.NoSuchTrack  # type: ignore[attr-defined]


async def test_the_campaign_is_the_first_screen_and_its_first_frame_is_fitted(tmp_path: Path) -> None:
    """The main screen is the app's first screen (no blank screen under it whose repaints drew
    it twice more), and its first frame already has the panes fitted to their sizes: the
    roster packed to its width, the lists wrapped, so nothing is drawn twice on the way."""
    app = GmConsole(torg_demo(tmp_path), remember=False)
    first: dict[str, object] = {}

    def hook() -> None:
        screen = app.screen
        if first or not isinstance(screen, MainScreen):
            return
        roster = screen.query_one("#roster-list", LineList)
        first["stack"] = len(app.screen_stack)
        first["roster"] = [r.text.plain for r in roster.rows]

    app.post_display_hook = hook  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        while not first:
            await pilot.pause(0.01)
        await pilot.pause()
        settled = [r.text.plain for r in app.screen.query_one("#roster-list", LineList).rows]
    assert first["stack"] == 1
    assert first["roster"] == settled


async def test_a_layout_pass_leaves_the_lists_scrollbars_alone(tmp_path: Path) -> None:
    """A screen layout pass that keeps a list's size does not repaint its scrollbars: Textual's
    scroll view compared the virtual size the layout offers with the one the list sets from its
    wrapped rows, never equal, and repainted both bars of every list after every pass."""
    from textual.scrollbar import ScrollBar

    app = GmConsole(torg_demo(tmp_path), remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        repainted: list[ScrollBar] = []
        refresh = ScrollBar.refresh

        def spy(bar: ScrollBar, *args: object, **kwargs: object) -> object:
            repainted.append(bar)
            return refresh(bar, *args, **kwargs)

        ScrollBar.refresh = spy  # type: ignore[method-assign]
        try:
            app.screen._refresh_layout(app.size)
        finally:
            ScrollBar.refresh = refresh  # type: ignore[method-assign]
        assert repainted == []


async def test_keys_typed_with_the_first_screen_reach_a_roster_not_laid_out(tmp_path: Path) -> None:
    """At 80 columns the roster is hidden until `2`: its rows are placeholders until the list
    has a width, so `2 e` sent together still edits the first entry (no rows at all left `e`
    with nobody to edit)."""
    from gmconsole.tui.screens.sheet_form import SheetForm

    app = GmConsole(torg_demo(tmp_path), remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("2", "e"):
            app._driver.send_message(events.Key(key, key))  # type: ignore[union-attr]
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, SheetForm):
                break
        assert isinstance(app.screen, SheetForm)


async def test_the_toast_rack_is_hidden_with_the_first_layout_and_still_shows_notices(tmp_path: Path) -> None:
    """The toast rack is hidden in the first layout pass (Textual hid it after the first frame,
    a layout pass and a frame of their own); a notice still shows, and goes."""
    from textual.widgets._toast import ToastRack

    app = GmConsole(torg_demo(tmp_path), remember=False)
    first: dict[str, object] = {}

    def hook() -> None:
        if not first and isinstance(app.screen, MainScreen):
            rack = app.screen.query_one(ToastRack)
            first["inline"] = rack.styles.inline.get_rule("display")

    app.post_display_hook = hook  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        while not first:
            await pilot.pause(0.01)
        assert first["inline"] == "none"
        app.notify("the drama deck is shuffled", timeout=0.3)
        await pilot.pause(0.05)
        rack = app.screen.query_one(ToastRack)
        assert rack.display and "the drama deck is shuffled" in str(rack.query_one("Toast").render())
        for _ in range(30):
            await pilot.pause(0.1)
            if not rack.query("Toast"):
                break
        assert not rack.query("Toast")


async def test_the_first_screen_settles_without_waiting_for_refresh_ticks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the first screen still asks for after its first frame (the screen's Resizes, a new
    scrollbar's layout) is laid out at once, not at the next refresh tick: no layout pass of
    the settling screen comes from the refresh timer."""
    import traceback

    from gmconsole.tui.screens import main as main_module

    ticked: list[str] = []
    refresh_layout = MainScreen._refresh_layout

    def spy(screen: MainScreen, *args: object, **kwargs: object) -> None:
        if screen._settling and any(f.name == "_tick" for f in traceback.extract_stack()):
            ticked.append("tick")
        refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(MainScreen, "_refresh_layout", spy)
    app = GmConsole(torg_demo(tmp_path), remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(main_module.SETTLE_SECONDS + 0.05)
        screen = app.screen
        assert isinstance(screen, MainScreen) and not screen._settling
    assert ticked == []


def test_every_model_builds_its_validator_on_first_use() -> None:
    """Every pydantic model of gmconsole derives from `Model` (built on first use): a model
    that only ever appears inside another is never built on its own."""
    from pydantic import BaseModel

    from gmconsole.engine.model import Model
    from gmconsole.systems import get_system, system_ids

    for system_id in system_ids():
        get_system(system_id)

    def every(cls: type) -> list[type]:
        return [c for sub in cls.__subclasses__() for c in (sub, *every(sub))]

    ours = [c for c in every(BaseModel) if c.__module__.startswith("gmconsole")]
    assert len(ours) > 60
    assert [c.__qualname__ for c in ours if not issubclass(c, Model)] == []


NESTED_PROBE = textwrap.dedent(
    """
    import json, sys
    from gmconsole.engine.encounter import Combatant, Encounter
    from gmconsole.store.session import Session

    session = Session.open(sys.argv[1])
    fighters = len(session.encounter.combatants)
    session.close()
    print(json.dumps([fighters, Encounter.__pydantic_complete__, Combatant.__pydantic_complete__]))
    """
)


def test_a_model_only_ever_nested_is_not_built_at_open(tmp_path: Path) -> None:
    """The encounter is validated at open, its combatants with it, but the combatant's own
    validator is never built (a fresh process: tests elsewhere build it)."""
    fighters, encounter_built, combatant_built = probe(NESTED_PROBE, str(torg_demo(tmp_path)))
    assert fighters > 0 and encounter_built and not combatant_built


async def test_the_open_table_view_is_made_when_first_needed(tmp_path: Path) -> None:
    """The first frame has no open-table view (it is hidden until a table opens); keys sent
    with the first screen that open a table and type a lookup find it made at once."""
    from textual.widgets import Input

    app = GmConsole(torg_demo(tmp_path), remember=False)
    first: dict[str, object] = {}

    def hook() -> None:
        if not first and isinstance(app.screen, MainScreen):
            first["view"] = bool(app.screen.query("#ref-table"))

    app.post_display_hook = hook  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        while not first:
            await pilot.pause(0.01)
        assert first["view"] is False
        keys = [("4", "4"), ("slash", "/"), *((c, c) for c in "bonus"), ("enter", None), ("enter", None)]
        keys += [("equals_sign", "="), ("1", "1"), ("2", "2")]
        for key, character in keys:
            app._driver.send_message(events.Key(key, character))  # type: ignore[union-attr]
        for _ in range(8):
            await pilot.pause()
        pane = app.screen.query_one(ReferencePane)
        assert pane.open_table is not None and pane.open_table.name.startswith("Bonus chart")
        assert pane.query_one("#ref-lookup", Input).value == "12"


def test_the_fewest_lines_of_an_entry_in_full_are_never_more_than_it_takes() -> None:
    """The roster skips drawing every entry in full to learn that they do not all fit when
    their fewest lines already do not: that count must never exceed the real one."""
    from gmconsole.store.session import Session
    from gmconsole.tui.widgets import roster as roster_module

    for demo in sorted(TORG_DEMO.parent.glob("*-demo")):
        session = Session(demo, read_only=True)
        pane = roster_module.RosterPane()
        pane.session = session
        pane._new_sheet_cache = {}
        for entry in pane._entries(session):
            for width in (20, 40, 58, 100):
                drawn = pane._entry_text(entry, width, True).plain.count("\n") + 1
                assert roster_module._full_lines_at_least(entry) <= drawn, (demo.name, entry.name)


def test_a_list_or_dict_default_is_each_models_own() -> None:
    """Empty lists and dicts are defaults (`Field(default=[])`), not factories, whose signature
    pydantic inspected for every such field of every model built at start-up; pydantic copies
    such a default for each instance, so no two share one."""
    from gmconsole.engine.encounter import Combatant, Encounter
    from gmconsole.systems.torg.hand import HeldCards

    one, two = Encounter(name="a"), Encounter(name="b")
    one.combatants.append(Combatant(id="x", name="X"))
    assert two.combatants == [] and Encounter(name="c").combatants == []
    hand = HeldCards()
    hand.hand.append(1)
    assert HeldCards().hand == []


async def test_the_key_bar_line_is_made_once_at_start_and_again_on_a_pane_switch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key bar reads the live bindings once for the first screen (the focus moves several
    times while it mounts, and Textual asks again for a focus that ended where it began), and
    again when the focus really moves: the roster's keys show once its pane has the focus."""
    from gmconsole.tui.widgets.key_bar import KeyBar

    made: list[str] = []
    make_line = KeyBar._make_line

    def spy(bar: KeyBar) -> object:
        line = make_line(bar)
        made.append(line.plain)
        return line

    monkeypatch.setattr(KeyBar, "_make_line", spy)
    app = GmConsole(torg_demo(tmp_path), remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert len(made) == 1
        await pilot.press("2")
        await pilot.pause()
        assert len(made) == 2 and "Edit" in made[-1] and "Edit" not in made[0]
