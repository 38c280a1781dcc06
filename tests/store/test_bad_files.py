"""Bad files are reported as path:line, never overwritten, and the rest of the campaign opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.engine.roster import Character
from gmconsole.store import CampaignError, Session, check_campaign
from tests.store.conftest import sheet

BAD_FILES = {
    "roster/broken.toml": (
        'schema_version = 1\nname = "Broken"\nkind = "pc"\nplayer = \n',
        4,
        "invalid TOML",
    ),
    "roster/wrongtype.toml": (
        'schema_version = 1\nname = "Wrong"\nkind = "pc"\n\n[sheet]\nhp = "lots"\nhp_max = 10\n',
        6,
        "sheet.hp: Input should be a valid integer",
    ),
    "roster/typo.toml": ('schema_version = 1\nname = "Typo"\nkidn = "pc"\n', 3, "kidn: unknown key"),
    "roster/badkind.toml": (
        'schema_version = 1\nname = "Odd"\nkind = "dragon"\n',
        3,
        "kind: Input should be",
    ),
    "roster/future.toml": ('schema_version = 7\nname = "Future"\n', 1, "schema_version 7 is newer"),
    "encounters/mess.toml": (
        'schema_version = 1\nname = "Mess"\n\n[[combatants]]\nid = "g"\nname = "G"\n\n'
        "[combatants.sheet]\nhp = 5\nhp_max = 5\nspeed = 3\n",
        11,
        "combatants.0.sheet.speed: unknown key",
    ),
    "tables/junk.toml": ('schema_version = 1\n\n[[table]]\nname = "Junk"\nrowz = []\n', 3, "unknown key"),
    "log/2026-01-01.toml": ('schema_version = 1\n\n[[event]]\nkind = "roll"\n', 3, "event 1: text"),
}


@pytest.fixture
def messy(session: Session) -> Path:
    root = session.path
    session.close()
    for rel, (text, _line, _msg) in BAD_FILES.items():
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_each_bad_file_is_reported_with_its_line(messy: Path) -> None:
    with Session.open(messy) as s:
        reported = [str(p) for p in s.problems]
        for rel, (_text, line, message) in BAD_FILES.items():
            hits = [p for p in reported if p.startswith(f"{rel}:{line}: ")]
            assert hits, f"{rel}:{line} not in {reported}"
            assert message in hits[0], hits[0]
        assert list(s.roster) == ["ayla", "brak", "goblin"]  # the good ones opened
        assert "mess" not in s.encounters


def test_bad_files_are_never_overwritten(messy: Path) -> None:
    with Session.open(messy) as s:
        s.damage("ayla", 2)
        with pytest.raises(RulesError, match=r"roster/broken.toml could not be read"):
            s.save_character("broken", Character(name="Broken", sheet=sheet(3)))
        with pytest.raises(RulesError, match=r"already exists"):
            s.new_encounter("Mess")
        assert s.free_slug("Typo") == "typo-2"
    for rel, (text, _line, _msg) in BAD_FILES.items():
        if rel.startswith("log/"):
            continue
        assert (messy / rel).read_text(encoding="utf-8") == text


def test_check_campaign_reports_every_problem_with_the_folder_path(messy: Path) -> None:
    problems = [str(p) for p in check_campaign(messy)]
    assert len(problems) == len(BAD_FILES)
    for rel, (_text, line, _message) in BAD_FILES.items():
        assert any(p.startswith(f"{(messy / rel).as_posix()}:{line}: ") for p in problems)


def test_unknown_system_stops_the_campaign_with_its_line(tmp_path: Path) -> None:
    root = tmp_path / "c"
    root.mkdir()
    text = 'schema_version = 1\nname = "C"\nsystem = "gurps"\n'
    (root / "campaign.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CampaignError, match=r"campaign.toml:3: system: unknown system 'gurps'"):
        Session.open(root)
    problems = check_campaign(root)
    assert len(problems) == 1
    assert str(problems[0]).startswith(f"{root.as_posix()}/campaign.toml:3: system: unknown system 'gurps'")
    assert (root / "campaign.toml").read_text() == text
    assert not (root / ".lock").exists()


def test_invalid_campaign_toml_and_missing_folder(tmp_path: Path) -> None:
    root = tmp_path / "c"
    root.mkdir()
    (root / "campaign.toml").write_text('schema_version = 1\nname = "C\n', encoding="utf-8")
    with pytest.raises(CampaignError, match=r"campaign.toml:2: invalid TOML"):
        Session.open(root)
    with pytest.raises(CampaignError, match=r"not a campaign folder"):
        Session.open(tmp_path / "nowhere")
    assert "missing" in str(check_campaign(tmp_path / "nowhere")[0])


def test_dangling_references_are_reported(session: Session) -> None:
    session.new_encounter("Ambush")
    session.add_combatant("brak")
    root = session.path
    session.close()
    (root / "roster" / "brak.toml").unlink()
    (root / "campaign.toml").write_text(
        'schema_version = 1\nname = "Test"\nsystem = "generic"\nencounter = "gone"\n', encoding="utf-8"
    )
    problems = [str(p) for p in check_campaign(root)]
    assert any("campaign.toml:4: encounter: encounters/gone.toml does not exist" in p for p in problems)
    assert any("refers to roster/brak.toml, which does not exist" in p for p in problems)


def test_unknown_options_are_reported_but_kept(session: Session) -> None:
    root = session.path
    session.close()
    text = (
        'schema_version = 1\nname = "Test"\nsystem = "generic"\n\n[options]\n'
        "tied_simultaneous = true\nflanking = true\n"
    )
    (root / "campaign.toml").write_text(text, encoding="utf-8")
    with Session.open(root) as s:
        assert s.options == {"tied_simultaneous": True}
        assert [str(p) for p in s.problems] == [
            "campaign.toml:7: options.flanking: Generic has no optional rule 'flanking' "
            "(known: tied_simultaneous)"
        ]
        s.new_encounter("Keep")
    assert "flanking = true" in (root / "campaign.toml").read_text()
