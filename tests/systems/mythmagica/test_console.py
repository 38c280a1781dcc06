"""The shipped Mythmagica demo is what the builder makes, and a fight runs through `Session`
the way a GM runs it (checks, damage, undo, Guts, popcorn initiative)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session, check_campaign
from gmconsole.systems.mythmagica.demo import build_mythmagica_demo
from tests.store.conftest import file_snapshot

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "mythmagica-demo"


@pytest.fixture
def demo(tmp_path: Path):
    copy = tmp_path / "demo"
    shutil.copytree(SHIPPED, copy)
    with Session.open(copy, rng=random.Random(7)) as s:
        yield s


def test_the_shipped_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_mythmagica_demo(tmp_path / "mythmagica-demo", Session.create)

    def entities(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in file_snapshot(root).items() if not k.startswith("log/")}

    assert entities(fresh) == entities(SHIPPED)
    assert check_campaign(SHIPPED) == []


def test_the_demo_is_in_round_two_with_harm_and_a_condition() -> None:
    with Session.open(SHIPPED, read_only=True) as s:
        enc = s.encounter
        assert enc is not None and enc.round == 2
        # Theron was hurt on Snagtooth's turn, so he had to be picked next
        assert [c.name for c in enc.acting] == ["Theron the Wise"]
        cols = s.order.columns(enc)
        assert cols["Already gone"] == ["snagtooth"]
        # Stunned lasts the scene: set with the system's condition verb, on the goblin's sheet
        assert s.resolve("goblin-raider-2").sheet.conditions == ["Stunned"]
        assert s.resolve("ione").sheet.guts_spent == 3
        assert s.resolve("ione").sheet.damage == 6


def test_a_check_logs_dice_and_outcome(demo: Session) -> None:
    event = demo.execute("check ardan attack:Longsword vs 15")
    text = event.text if hasattr(event, "text") else str(event)
    assert "Longsword attack" in text and "vs 15" in text


def test_a_typed_check_through_the_system() -> None:
    from gmconsole.systems import get_system

    system = get_system("mythmagica")
    with Session.open(SHIPPED, read_only=True) as s:
        ardan = s.resolve("ardan").sheet
    req = CheckRequest("attack:Longsword", difficulty=15, extra={"edges": 1})
    result = system.check(ardan, req, random.Random(1), dice=[4, 13])
    assert [d.face for d in result.dice] == [4, 13] and [d.kept for d in result.dice] == [False, True]
    # attack bonus: rank (raw 3 + Versed 2) + tempo 1 + VG 3 = 9
    assert result.total == 22 and result.success and result.margin == 7
    tie = system.check(ardan, CheckRequest("attack:Longsword", difficulty=15), random.Random(1), dice=[6, 12])
    assert [d.face for d in tie.dice] == [6, 12] and tie.dice[0].note and tie.total == 21
    with pytest.raises(RulesError, match="has no skill 'dodge'"):
        system.check(ardan, CheckRequest("skill:dodge"), random.Random(1), who="Ardan")


def test_guts_buy_a_bare_success_and_are_spent() -> None:
    from gmconsole.systems import get_system
    from gmconsole.systems.base import Scene

    system = get_system("mythmagica")
    with Session.open(SHIPPED, read_only=True) as s:
        ione = s.resolve("ione").sheet
    req = CheckRequest("attr:ST", difficulty=15, extra={"guts": True})
    result = system.check(ione, req, random.Random(1), dice=[10])
    assert result.success and result.margin == 1 and result.detail["guts"] == 8  # 15 + 1 - 8
    change = system.after_check(ione, req, result, Scene(rng=random.Random(1)))
    assert change.sheet.guts_spent == 11 and ione.guts_spent == 3


def test_damage_lands_on_hp_and_undo_restores_it(demo: Session) -> None:
    before = demo.resolve("ardan").sheet.damage
    demo.execute("dmg ardan 7")
    assert demo.resolve("ardan").sheet.damage == before + 7
    demo.execute("dmg ardan 3 setback")
    assert demo.resolve("ardan").sheet.setback == 3
    demo.execute("undo")
    demo.execute("undo")
    assert demo.resolve("ardan").sheet.damage == before


def test_guts_verbs_and_refresh(demo: Session) -> None:
    demo.execute("guts ione 10")
    assert demo.resolve("ione").sheet.guts_spent == 13
    demo.execute("refresh ione minor")
    assert demo.resolve("ione").sheet.guts_spent == 10
    with pytest.raises(RulesError):
        demo.execute("guts ione 99")


def test_the_round_runs_through_popcorn_and_harm_forces_the_pick(demo: Session) -> None:
    enc = demo.encounter
    assert [c.name for c in enc.acting] == ["Theron the Wise"]
    demo.execute("dmg goblin raider 2 3")
    demo.execute("next")
    assert [c.name for c in demo.encounter.acting] == ["Goblin Raider 2"]
    demo.execute("pick ardan")
    demo.execute("next")
    assert [c.name for c in demo.encounter.acting] == ["Ardan of Thessaly"]


def test_surprise_on_a_loss_by_five(tmp_path: Path) -> None:
    from gmconsole.engine.encounter import Combatant, Encounter
    from gmconsole.engine.turn_order import RoundContext
    from gmconsole.systems import get_system

    order = get_system("mythmagica").turn_order()
    enc = Encounter(name="x", combatants=[Combatant(id="a", name="A", side="pcs"),
                                         Combatant(id="b", name="B", side="foes")])
    enc.state["unaware_sides"] = ["foes"]
    enc.round = 1
    order.plan_round(enc, RoundContext(dice=[13, 7, 9]))
    assert order.columns(enc)["Yet to go"] == ["a"]
