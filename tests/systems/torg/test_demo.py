"""The Torg demo campaign: what its builder makes, and a showcase of what a Torg GM gets."""

from __future__ import annotations

from pathlib import Path

from gmconsole.store import Session, check_campaign
from gmconsole.systems.torg.demo import build_torg_demo
from tests.store.conftest import file_snapshot
from tests.systems.torg.conftest import every_card

from .conftest import DEMO


def test_the_torg_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_torg_demo(tmp_path / "torg-demo")

    def entities(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in file_snapshot(root).items() if not k.startswith("log/")}

    assert entities(fresh) == entities(DEMO)
    assert check_campaign(DEMO) == []


def test_the_demo_shows_a_fight_in_progress() -> None:
    with Session.open(DEMO, read_only=True) as s:
        assert s.system.id == "torg" and s.problems == []
        kinds = [c.kind for c in s.roster.values()]
        assert kinds.count("pc") == 4 and kinds.count("npc") == 2
        assert s.roster["edeinos"].template and s.roster["gospog"].template
        sheets = {slug: s.sheet_of(c) for slug, c in s.roster.items()}
        assert all(sheets[p].possibility_rated for p in ("quinn", "tolwyn", "helena", "kaatok"))
        assert not sheets["ruiz"].possibility_rated  # the Ord
        assert sheets["kurst"].possibility_rated and sheets["kurst"].side == "villain"
        assert all(len(sheets[p].possibilities.history) >= 3 for p in ("quinn", "tolwyn", "kaatok"))
        enc = s.encounter
        assert enc is not None and enc.round == 2 and s.order.effects(enc) is not None
        assert sheets["kaatok"].damage.wounds == 1 and sheets["tolwyn"].damage.shock > 0
        assert any(sheets[p].held.pool for p in ("quinn", "helena", "kaatok"))
        assert all(len(sheets[p].held.hand) >= 3 for p in ("quinn", "tolwyn", "helena", "kaatok"))
        names = {t.name for t in s.tables}
        assert {"Living Land roadside", "Stelae signs", "Jungle beasts"} <= names
        assert sorted(p.name for p in (s.path / "notes").glob("*.md")) == ["session-5.md", "storm-knights.md"]


def test_no_card_is_in_two_places() -> None:
    with Session.open(DEMO, read_only=True) as s:
        deck = s.order.deck_state(s.encounter)
        held = [c for ch in s.roster.values() for c in s.sheet_of(ch).held.all()]
        everywhere = every_card(deck) + held
        assert len(everywhere) == len(set(everywhere)) == len(s.order.deck.cards)


def test_the_demos_nested_table_rolls(tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    with Session.open(copy) as s:
        event = s.roll_table("Living Land roadside", dice=[2, 3])
        assert "stelae ward" in event.text and "dead crows" in event.text


def test_the_roster_line_shows_each_players_cards_by_number() -> None:
    with Session.open(DEMO, read_only=True) as s:
        kaatok = s.sheet_of(s.roster["kaatok"])
        line = s.system.describe(kaatok)
        for card in kaatok.held.hand + kaatok.held.pool:
            assert f"#{card} " in line
        assert "pool: #" in line and "hand: #" not in s.system.describe(s.sheet_of(s.roster["ruiz"]))
