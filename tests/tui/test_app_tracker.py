"""The tracker's extension point: what each system's turn order adds to the pane.

`header()` lines (Torg's flipped drama card, a declare/resolve phase) and `columns()` (popcorn's
"yet to go" / "already gone") are drawn for any order that supplies them. Popcorn and the
declare-then-resolve order run here on a bare encounter, through a host that plays the
session's part; Torg runs through a real campaign.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from app_driver import make_app, screen_text
from textual.app import App, ComposeResult

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.popcorn import Popcorn
from gmconsole.engine.roster import Character
from gmconsole.engine.turn_order import DeclareThenResolve, RoundContext, TurnOrder
from gmconsole.store.session import Session
from gmconsole.systems import get_system
from gmconsole.tui.widgets.initiative import InitiativePane
from gmconsole.tui.widgets.line_list import LineList


def fight(order: TurnOrder) -> SimpleNamespace:
    """A started encounter of two heroes and two goblins, dressed as the session the pane reads."""
    people = [("ayla", "pcs", 14), ("brock", "pcs", 11), ("gob-1", "foes", 9), ("gob-2", "foes", 12)]
    enc = Encounter(name="Bridge", order=order.id)
    for cid, side, wits in people:
        enc.add(
            Combatant(
                id=cid, name=cid.title(), side=side, sheet={"hp": 5, "hp_max": 5, "stats": {"int": wits}}
            )
        )
    system = get_system("generic")
    ctx = RoundContext(
        rng=random.Random(4), stat=lambda c, name: system.stat(system.parse_sheet(c.sheet), name)
    )
    enc.start(order, ctx)
    return SimpleNamespace(
        encounter=enc, order=order, system=system, ctx=ctx, sheet_of=lambda c: system.parse_sheet(c.sheet)
    )


class Host(App[None]):
    def __init__(self, session: SimpleNamespace) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield InitiativePane()

    def on_mount(self) -> None:
        self.query_one(InitiativePane).show(self.session)


async def test_popcorn_shows_two_columns_and_the_actor() -> None:
    session = fight(Popcorn())
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        acting = session.encounter.acting[0].name
        assert "Yet to go" in text and "│ Already gone" in text
        side = session.encounter.acting[0].side[:1].upper()
        assert f"▶ now {side} {acting}" in text  # the side's tag before the name
        pane = app.query_one(InitiativePane)
        enc, order = session.encounter, session.order
        enc.advance(order, session.ctx)  # the acting one has gone: it moves across
        pane.show(session)
        await pilot.pause()
        gone = [line.split("│")[1] for line in screen_text(app).splitlines() if "│" in line]
        assert gone[0].strip() == "Already gone" and any(acting in cell for cell in gone[1:])


async def test_declare_then_resolve_names_the_phase() -> None:
    session = fight(DeclareThenResolve(stat="int"))
    app = Host(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "declare phase" in text and "Phase: declare" in text
        lowest_first = session.encounter.acting[0].name
        assert lowest_first == "Gob-1"  # wits 9 declares first
        enc = session.encounter
        while enc.current is not None and enc.current.phase == "declare":
            enc.advance(session.order, session.ctx)
        app.query_one(InitiativePane).show(session)
        await pilot.pause()
        assert "resolve phase" in screen_text(app)


async def test_torg_drama_card_heads_the_tracker(tmp_path: Path) -> None:
    with Session.create(tmp_path / "torg", name="Torg Night", system_id="torg", rng=random.Random(3)) as s:
        blank = s.system.dump_sheet(s.system.new_sheet())
        s.save_character("hero", Character(name="Hero", kind="pc", sheet=blank))
        s.save_character("thug", Character(name="Thug", kind="creature", template=True, sheet=blank))
        for line in ("encounter Fight", "add hero", "add 2 thug", "start"):
            s.execute(line)
        card = s.order.header(s.encounter)
    assert card, "the drama deck order flips a card each round"
    app = make_app(tmp_path / "torg")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert card[0] in text
        assert "Villains F Thug" in text  # step labels shown whole, then the side's tag


async def test_a_tall_torg_header_keeps_the_acting_fighter_on_screen_at_80x24(tmp_path: Path) -> None:
    """A dramatic scene with a seized card and the GM's peek at the deck is ten lines or more:
    at 80x24 it goes beside the order instead of pushing the acting step off the pane, and
    zooming the tracker shows every line of it."""
    with Session.create(tmp_path / "torg", name="Torg Night", system_id="torg", rng=random.Random(3)) as s:
        blank = s.system.dump_sheet(s.system.new_sheet())
        s.save_character("hero", Character(name="Hero", kind="pc", sheet=blank))
        s.save_character("thug", Character(name="Thug", kind="creature", template=True, sheet=blank))
        setup = ("encounter Fight", "add hero", "add 3 thug", "start")
        for line in (*setup, "set scene dramatic", "set keep yes", "set fiat peek"):
            s.execute(line)
        head = list(s.order.header(s.encounter))
        acting = s.encounter.acting[0].name
    assert len(head) > 6, head  # more than fits above the list at 80x24
    app = make_app(tmp_path / "torg")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert any("▶" in line and acting in line for line in text.splitlines())
        shown = [line for line in head if line.strip() in text]
        assert len(shown) >= 7, f"only {len(shown)} of {len(head)} header lines shown:\n{text}"
        if len(shown) < len(head):
            assert "more: z zooms" in text
        await pilot.press("z")
        await pilot.pause()
        zoomed = screen_text(app)
        assert all(line.strip() in zoomed for line in head), zoomed
        assert any("▶" in line and acting in line for line in zoomed.splitlines())


def big_fight(tmp_path: Path, goblins: int = 40) -> Session:
    """A generic campaign: a PC whose sheet lives in the roster, spawned goblins, started."""
    s = Session.create(tmp_path / "big", name="Big", system_id="generic", rng=random.Random(5))
    s.save_character("ayla", Character(name="Ayla", kind="pc", sheet={"hp": 10, "hp_max": 10}))
    s.save_character(
        "goblin", Character(name="Goblin", kind="creature", template=True, sheet={"hp": 7, "hp_max": 7})
    )
    for line in ("encounter Horde", "add ayla", f"add {goblins} goblin", "cond goblin-2 prone 2", "start"):
        s.execute(line)
    return s


class SessionHost(App[None]):
    """A tracker drawn from a real session, as the main screen draws it after each intent."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield InitiativePane(id="kept")

    def on_mount(self) -> None:
        self.query_one("#kept", InitiativePane).show(self.session)


def row_texts(pane: InitiativePane) -> list[tuple[str | None, str, str]]:
    lines = pane.query_one(LineList)
    return [(row.key, row.kind, row.text.plain) for row in lines.rows]


async def test_a_turn_rebuilds_only_the_rows_that_changed(tmp_path: Path, monkeypatch) -> None:
    """500 goblins: a turn moves the pointer one step, so two rows change; the tracker used to
    build all of them again. Here the rows built are counted, not timed."""
    with big_fight(tmp_path) as session:
        app = SessionHost(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            pane = app.query_one("#kept", InitiativePane)
            built: list[str] = []
            original = InitiativePane._row

            def counting(self, c, *args, **kwargs):
                built.append(c.id)
                return original(self, c, *args, **kwargs)

            monkeypatch.setattr(InitiativePane, "_row", counting)
            session.next_turn()
            pane.show(session)
            assert len(built) <= 2, built  # the step left and the step reached
            built.clear()
            pane.show(session)  # nothing changed at all
            assert built == []
            session.execute("dmg goblin-7 3")  # one goblin hit: its row only
            pane.show(session)
            assert built == ["goblin-7"]


async def test_rows_built_turn_by_turn_read_as_rows_built_afresh(tmp_path: Path) -> None:
    """Whatever happens (turns, a round's end, damage to a goblin and to a roster PC, a
    condition ticking away, a hold, someone added mid-round, an undo), the tracker that
    rebuilt only what changed reads exactly like one drawing the fight for the first time."""
    with big_fight(tmp_path, goblins=12) as session:
        app = SessionHost(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            kept = app.query_one("#kept", InitiativePane)
            steps = [
                "next", "next", "dmg goblin-3 4", "next", "dmg ayla 3", "next", "hold",
                "add goblin", "next", "next", "undo", "next", "dmg goblin-5 9", "next",
                *["next"] * 12, "heal ayla 2", "next",
            ]
            for line in steps:
                session.execute(line)
                kept.show(session)
                fresh = InitiativePane()
                await app.mount(fresh)
                fresh.show(session)
                assert row_texts(kept) == row_texts(fresh), line
                assert kept.query_one(LineList).cursor_key == fresh.query_one(LineList).cursor_key
                await fresh.remove()
            assert session.encounter.round >= 2


async def test_damage_far_above_the_acting_step_does_not_push_it_out_of_sight(tmp_path: Path) -> None:
    """After H on a foe at the top of a long order, the tracker scrolled up to the foe and the
    acting combatant left the 9-line pane at 80x24."""
    from app_driver import command, main_screen, make_app

    from gmconsole.store import Session
    from gmconsole.tui.widgets.initiative import InitiativePane
    from gmconsole.tui.widgets.line_list import LineList

    with Session.create(tmp_path / "g", name="G", system_id="generic") as s:
        s.execute("encounter Horde; add 24 thug hp 10; start")
        for _ in range(20):
            s.execute("next")
    app = make_app(tmp_path / "g")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        acting = screen.session.encounter.acting[0].id
        first = screen.session.encounter.steps[0].actors[0]
        await command(pilot, f"dmg {first} 1")
        lines = screen.query_one(InitiativePane).query_one(LineList)
        rows = [r.key for r in lines.rows]
        at = rows.index(acting)
        top = int(lines.scroll_offset.y)
        assert top <= lines._first_line[at] < top + lines.size.height
