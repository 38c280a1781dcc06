"""The shipped Myriad demo campaign is what `gmconsole.systems.myriad.demo` builds, and holds
what the issue asks of it: a Recommended Method party, named NPCs, a quick-NPC creature
template, a custom table with nested dice, a scene note, and a mortal conflict in round 2."""

from __future__ import annotations

import random
from pathlib import Path

from gmconsole.store import Session, check_campaign
from gmconsole.systems.myriad.demo import build_myriad_demo
from tests.store.conftest import file_snapshot

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "myriad-demo"


def test_the_shipped_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_myriad_demo(tmp_path / "myriad-demo", Session.create)

    def entities(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in file_snapshot(root).items() if not k.startswith("log/")}

    assert entities(fresh) == entities(SHIPPED)
    assert check_campaign(SHIPPED) == []


def test_the_party_is_built_with_the_recommended_method() -> None:
    with Session.open(SHIPPED, read_only=True) as s:
        pcs = {slug: c for slug, c in s.roster.items() if c.kind == "pc"}
        assert len(pcs) == 3
        for c in pcs.values():
            report = s.system.build_report(s.system.parse_sheet(c.sheet), s.options)
            assert report.ok, (c.name, report.problems)
            assert report.spent == {"stat": 16, "skill": 14, "sfx": 5, "health": 12}
        npcs = [c for c in s.roster.values() if c.kind == "npc"]
        assert len(npcs) == 3 and all("Quick NPC" in c.sheet["notes"] for c in npcs)
        raider = s.roster["ogre-raider"]
        assert raider.template and raider.kind == "creature"
        assert s.system.parse_sheet(raider.sheet).natural_armour == 2  # the book's ogre


def test_the_encounter_is_a_mortal_conflict_in_round_two() -> None:
    with Session.open(SHIPPED, read_only=True) as s:
        enc = s.encounter
        assert enc is not None and enc.round == 2 and enc.state.get("conflict", "mortal") == "mortal"
        assert [c.name for c in enc.acting] == ["Tamsin Reed"]
        assert any(k.name == "bleeding" for k in enc.get("ogre-raider-2").conditions)
        crossed = {c.name: s.system.tracks(s.resolve(c.id).sheet)[0].value for c in enc.combatants}
        assert crossed["Kesh Varro"] == 2 and crossed["Grell the Red"] == 2
        assert s.order is not None and s.order.header(enc) == ["Mortal combat · 1d6 + Grace"]


def test_the_custom_table_rolls_nested_dice_and_references(tmp_path: Path) -> None:
    copy = build_myriad_demo(tmp_path / "demo", Session.create)
    with Session.open(copy, rng=random.Random(3)) as s:
        table = s.find_table("salt road enc")
        assert table.credit and table.dice == "2d6"
        event = s.roll_table("Salt Road encounters", dice=[1, 1, 4, 2])  # 2: a dead caravan
        assert "5 camels and no drivers; a cracked bell ringing at noon" in event.text
        assert "{" not in event.text and "[[" not in event.text
    assert (SHIPPED / "notes" / "session-2.md").read_text().startswith("# Session 2")
