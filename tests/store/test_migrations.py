"""Schema versions: old files migrate in memory and are rewritten only when they change."""

from __future__ import annotations

import pytest

from gmconsole.store import CampaignError, Session, check_campaign
from gmconsole.store.migrations import (
    CURRENT,
    MigrationError,
    NewerVersionError,
    migrate,
    migration,
)

V0_CAMPAIGN = 'name = "Old times"\ngame = "generic"\n'
V0_CHARACTER = 'name = "Oldie"\ntype = "pc"\nis_template = false\n\n[sheet]\nhp = 8\nhp_max = 8\n'


def test_campaign_v0_renames_game_to_system() -> None:
    raw = {"name": "Old", "game": "generic"}
    data, changed = migrate("campaign", raw)
    assert changed
    assert data == {"schema_version": 1, "name": "Old", "system": "generic"}
    assert list(data) == ["schema_version", "name", "system"]
    assert raw == {"name": "Old", "game": "generic"}  # pure: the input is untouched


def test_character_v0_renames_type_and_is_template() -> None:
    data, changed = migrate("character", {"name": "X", "type": "creature", "is_template": True})
    assert changed and data == {"schema_version": 1, "name": "X", "kind": "creature", "template": True}


def test_current_files_pass_through_unchanged() -> None:
    for kind, version in CURRENT.items():
        data, changed = migrate(kind, {"schema_version": version, "name": "x"})
        assert not changed and data == {"schema_version": version, "name": "x"}


def test_newer_and_nonsense_versions_are_refused() -> None:
    with pytest.raises(NewerVersionError, match=r"schema_version 9 is newer .* upgrade gmconsole"):
        migrate("character", {"schema_version": 9})
    with pytest.raises(MigrationError, match=r"whole number"):
        migrate("character", {"schema_version": "one"})
    with pytest.raises(ValueError, match=r"two migrations"):
        migration("campaign", 0)(lambda d: d)


def test_an_old_campaign_opens_without_being_rewritten(tmp_path) -> None:
    root = tmp_path / "old"
    (root / "roster").mkdir(parents=True)
    (root / "campaign.toml").write_text(V0_CAMPAIGN, encoding="utf-8")
    (root / "roster" / "oldie.toml").write_text(V0_CHARACTER, encoding="utf-8")
    assert check_campaign(root) == []
    with Session.open(root) as s:
        assert s.campaign.system == "generic"
        assert s.roster["oldie"].kind == "pc"
        assert s.migrated == {"roster/oldie"}
        assert (root / "roster" / "oldie.toml").read_text() == V0_CHARACTER
        assert (root / "campaign.toml").read_text() == V0_CAMPAIGN
        s.damage("oldie", 3)  # a real change: now the file is written at the current version
        text = (root / "roster" / "oldie.toml").read_text()
        assert text.startswith("schema_version = 1\n") and 'kind = "pc"' in text and "type" not in text
        assert (root / "campaign.toml").read_text() == V0_CAMPAIGN  # still untouched


def test_a_campaign_from_the_future_is_refused(tmp_path) -> None:
    root = tmp_path / "future"
    root.mkdir()
    text = 'schema_version = 2\nname = "Later"\nsystem = "generic"\n'
    (root / "campaign.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CampaignError, match=r"campaign.toml:1: schema_version 2 is newer"):
        Session.open(root)
    assert (root / "campaign.toml").read_text() == text
    assert not (root / ".lock").exists()
