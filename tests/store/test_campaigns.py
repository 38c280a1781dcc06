"""`gmconsole new` / `check` as library functions, and the shipped demo campaigns."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmconsole.store import CampaignError, Session, check_campaign, create_campaign
from gmconsole.store.demo import build_generic_demo
from gmconsole.store.folder import load_folder
from gmconsole.store.models import dump_entity
from gmconsole.systems import UnknownSystem
from tests.store.conftest import file_snapshot

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
DEMOS = sorted(p for p in CAMPAIGNS.iterdir() if p.is_dir()) if CAMPAIGNS.is_dir() else []


def test_create_campaign_then_check_is_clean(tmp_path: Path) -> None:
    root = create_campaign(tmp_path / "new", name="New one", system_id="generic")
    assert check_campaign(root) == []
    assert (root / "campaign.toml").read_text() == (
        'schema_version = 1\nname = "New one"\nsystem = "generic"\n'  # defaults are left out
    )


def test_create_campaign_refusals(tmp_path: Path) -> None:
    with pytest.raises(UnknownSystem, match=r"unknown system 'gurps'"):
        create_campaign(tmp_path / "a", name="A", system_id="gurps")
    assert not (tmp_path / "a").exists()
    create_campaign(tmp_path / "b", name="B", system_id="generic")
    with pytest.raises(CampaignError, match=r"already holds a campaign"):
        create_campaign(tmp_path / "b", name="B", system_id="generic")
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "stuff.txt").write_text("x")
    with pytest.raises(CampaignError, match=r"not an empty folder"):
        create_campaign(tmp_path / "c", name="C", system_id="generic")
    with pytest.raises(CampaignError, match=r"needs a name"):
        create_campaign(tmp_path / "d", name="  ", system_id="generic")


def test_there_is_a_demo_for_the_generic_system() -> None:
    assert CAMPAIGNS / "generic-demo" in DEMOS


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.name)
def test_every_shipped_campaign_passes_check(demo: Path) -> None:
    assert [str(p) for p in check_campaign(demo)] == []


@pytest.mark.parametrize("demo", DEMOS, ids=lambda p: p.name)
def test_every_shipped_campaign_round_trips_byte_for_byte(demo: Path, tmp_path: Path) -> None:
    copy = tmp_path / demo.name
    shutil.copytree(demo, copy, ignore=shutil.ignore_patterns(".lock"))
    loaded = load_folder(copy)
    entities = {"campaign.toml": (loaded.campaign, "campaign")}
    entities |= {f"roster/{k}.toml": (v, "character") for k, v in loaded.roster.items()}
    entities |= {f"encounters/{k}.toml": (v, "encounter") for k, v in loaded.encounters.items()}
    for rel, (model, kind) in entities.items():
        assert dump_entity(model, kind) == (copy / rel).read_text(encoding="utf-8"), rel
    before = file_snapshot(copy)
    with Session.open(copy) as s:
        assert not s.read_only and s.problems == []
    assert file_snapshot(copy) == before  # opening and closing writes nothing
    assert not (copy / ".lock").exists()


def test_the_generic_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_generic_demo(tmp_path / "generic-demo")
    shipped = CAMPAIGNS / "generic-demo"

    def entities(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in file_snapshot(root).items() if not k.startswith("log/")}

    assert entities(fresh) == entities(shipped)
    with Session.open(shipped, read_only=True) as s:
        assert [c.kind for c in s.roster.values()].count("pc") == 3
        assert [c.kind for c in s.roster.values()].count("npc") == 2
        assert s.roster["goblin"].template
        assert s.encounter is not None and s.encounter.round >= 1
        assert {"Mill rumours", "Mill sounds"} <= {t.name for t in s.tables}
