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
