"""Roster pane: tracks and status words, one-key damage/heal with a number prompt, undo,
duplicating and spawning creatures, and the messages it sends up for the screen's dialogs."""

from __future__ import annotations

from pathlib import Path

from panes_host import PaneHost, make_session
from textual import on

from gmconsole.tui.messages import Command
from gmconsole.tui.screens.prompt import NumberPrompt, TextPrompt
from gmconsole.tui.widgets.roster import RosterPane


class RosterHost(PaneHost):
    """Also answers the roster's own messages the way the main screen does."""

    def __init__(self, session, pane) -> None:  # type: ignore[no-untyped-def]
        super().__init__(session, pane)
        self.edits: list[str | None] = []
        self.checks: list[str] = []

    @on(RosterPane.Duplicate)
    def _duplicate(self, message: RosterPane.Duplicate) -> None:
        self.intent(lambda: self.session.duplicate_character(message.slug, message.new_name))

    @on(RosterPane.Edit)
    def _edit(self, message: RosterPane.Edit) -> None:
        self.edits.append(message.slug)

    @on(RosterPane.Check)
    def _check(self, message: RosterPane.Check) -> None:
        self.checks.append(message.who)


def entry_text(pane: RosterPane, key: str) -> str:
    return next(r.text.plain for r in pane.list.rows if r.key == key)


async def test_roster_shows_groups_tracks_and_status(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        headings = [r.text.plain for r in app.pane.list.rows if r.kind == "heading"]
        assert headings == ["── PCs (1)", "── NPCs (1)", "── Templates (1)"]
        ayla = entry_text(app.pane, "r:ayla")
        assert "Ayla · PC · ok" in ayla
        assert "HP 10/10 ##########" in ayla  # the bar is drawn with characters, not colour
        assert "Bram · NPC · hurt" in entry_text(app.pane, "r:bram")
        assert "HP 6/8 ######.." in entry_text(app.pane, "r:bram")
        assert "Goblin · creature template" in entry_text(app.pane, "r:goblin")


async def test_damage_key_and_number_prompt_changes_track_and_undoes(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        assert app.pane.selected == "ayla"
        await pilot.press("d")
        assert isinstance(app.screen, NumberPrompt)
        await pilot.press("x", "enter")  # not a number: refused with the reason, prompt stays
        assert isinstance(app.screen, NumberPrompt)
        assert "not a whole number" in str(app.screen.query_one("#prompt-error").render())
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        assert app.lines == ["dmg ayla 3"]
        assert session.roster["ayla"].sheet["hp"] == 7
        assert "Ayla · PC · hurt" in entry_text(app.pane, "r:ayla")
        assert "HP 7/10 #######..." in entry_text(app.pane, "r:ayla")

        await pilot.press("d", "9", "enter")
        await pilot.pause()
        assert session.roster["ayla"].sheet["hp"] == 0
        assert "Ayla · PC · DOWN (0 HP)" in entry_text(app.pane, "r:ayla")

        app.post_message(Command("undo"))
        await pilot.pause()
        assert session.roster["ayla"].sheet["hp"] == 7
        assert "HP 7/10" in entry_text(app.pane, "r:ayla")

        await pilot.press("l", "2", "enter")
        await pilot.pause()
        assert app.lines[-1] == "heal ayla 2"
        assert "HP 9/10" in entry_text(app.pane, "r:ayla")
        assert app.errors == []


async def test_escape_cancels_the_prompt(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d", "4", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, NumberPrompt)
        assert app.lines == []
        assert session.roster["ayla"].sheet["hp"] == 10


async def test_duplicate_a_creature(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")
        assert app.pane.selected == "goblin"
        await pilot.press("D")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+u", *"Goblin boss", "enter")
        await pilot.pause()
        assert app.errors == []
        copy = next(c for c in session.roster.values() if c.name.endswith("boss"))
        assert copy.template and copy.sheet == session.roster["goblin"].sheet
        assert any("Goblin boss" in r.text.plain for r in app.pane.list.rows)


async def test_templates_spawn_into_the_encounter_with_their_own_tracks(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    session.new_encounter("Ambush")
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(60, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "a")
        assert isinstance(app.screen, NumberPrompt)
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        assert app.lines == ["add 3 goblin"]
        spawned = [c for c in session.encounter.combatants if c.ref is None]
        assert len(spawned) == 3
        heading = [r.text.plain for r in app.pane.list.rows if r.kind == "heading"]
        assert "── Spawned in Ambush (3)" in heading
        # damage one spawned goblin from the roster: its own track changes, the template's does not
        key = f"c:{spawned[1].id}"
        app.pane.list.select_key(key)
        await pilot.press("d", "5", "enter")
        await pilot.pause()
        assert "OUT · DOWN (0 HP)" in entry_text(app.pane, key)  # dropped: out of the fight too
        assert "HP 5/5" in entry_text(app.pane, "r:goblin")


async def test_edit_and_test_keys_ask_the_screen(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "e", "t", "N")
        await pilot.pause()
        assert app.edits == ["bram", None]
        assert app.checks == ["bram"]


async def test_narrow_pane_falls_back_to_compact_entries(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(34, 8)) as pilot:
        await pilot.pause()
        # not everything fits: only the selected entry is drawn in full
        assert "HP 10/10" in entry_text(app.pane, "r:ayla")
        bram = entry_text(app.pane, "r:bram")
        assert bram.count("\n") <= 1 and "HP 6/8" in bram
        await pilot.press("v")  # full view: every entry expanded
        assert "######" in entry_text(app.pane, "r:bram")


def test_track_text_forms_by_width() -> None:
    from gmconsole.engine.tracks import TrackView
    from gmconsole.tui.widgets.tracks import pack, track_text, tracks_text

    boxes = TrackView("Wounds", "boxes", value=2, maximum=4, note="KO when full")
    assert track_text(boxes, pad=0).plain == "Wounds [x][x][ ][ ] 2 left (KO when full)"
    assert track_text(boxes, 36, pad=0).plain == "Wounds [xx..] 2 left (KO when full)"
    assert track_text(boxes, 30, pad=0).plain == "Wounds [x][x][ ][ ] 2 left"  # boxes before the note
    assert track_text(boxes, 12, pad=0).plain == "Wounds 2/4 left"  # the note goes first
    rungs = ("ok", "wounded", "heavy", "mortal", "dead")
    ladder = TrackView("Wound", "levels", value=2, maximum=4, labels=rungs)
    assert track_text(ladder, pad=0).plain == "Wound ok wounded [HEAVY] mortal dead"
    assert track_text(ladder, 20, pad=0).plain == "Wound [HEAVY] 2/4"
    points = TrackView("HP", "points", value=1, maximum=10)
    assert track_text(points, pad=0).plain == "HP 1/10 #........."  # one point left is never drawn empty
    plain = TrackView("Wounds", "boxes", value=2, maximum=4)
    lines = tracks_text([plain, TrackView("Wounds: critical", "boxes", 0, 2)], 30).plain.splitlines()
    assert lines[0].startswith("Wounds     [") and lines[1].startswith("Wounds: c… [")
    assert pack(["Wounds 4/4 left", "Crit 2/2 left", "Resolve 4/4 left"], 34) == (
        "  Wounds 4/4 left · Crit 2/2 left\n  Resolve 4/4 left"
    )


async def test_a_turn_that_changes_nothing_shown_is_not_redrawn_but_damage_is(tmp_path: Path) -> None:
    """With many spawned creatures the roster skips a redraw that would show the same (most
    turn advances), and still redraws the moment a creature's sheet or conditions change."""
    session = make_session(tmp_path)
    for line in ("encounter Brawl", "add 6 goblin", "add ayla", "start"):
        session.execute(line)
    app = RosterHost(session, RosterPane())
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        pane = app.pane
        rows = pane.list.rows
        app.intent(lambda: session.execute("next"))
        await pilot.pause()
        assert pane.list.rows is rows  # the turn moved; nothing the roster shows did
        goblin = next(c for c in session.encounter.combatants if c.sheet is not None)
        app.intent(lambda: session.execute(f"dmg {goblin.id} 2"))
        await pilot.pause()
        assert pane.list.rows is not rows
        assert "3/5" in entry_text(pane, f"c:{goblin.id}")
        rows = pane.list.rows
        app.intent(lambda: session.execute(f"cond {goblin.id} prone 2"))
        await pilot.pause()
        assert "prone 2" in entry_text(pane, f"c:{goblin.id}")
