"""An open session watches the files it holds: what `git pull` (or an editor, or the lock
holder) changes on disk is read again, and nothing is ever written over it. An open console
wrote over a teammate's merged `cond helena dazed 3` at the GM's next `next`, and "resolved"
a conflicted file by writing over its markers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.store.watch import ChangedOnDisk


def teammate(fight: Session, tmp_path: Path, line: str) -> None:
    """What a pull brings in: a clone plays `line`, and its changed files land in the GM's
    folder (written the way git writes them: a new file renamed over the old)."""
    clone = tmp_path / "clone"
    shutil.copytree(fight.path, clone, ignore=shutil.ignore_patterns(".lock", "log"))
    with Session.open(clone) as other:
        other.execute(line)
    for rel in ("encounters/ambush.toml", "roster/ayla.toml", "campaign.toml"):
        theirs, mine = clone / rel, fight.path / rel
        if theirs.read_bytes() != mine.read_bytes():
            tmp = mine.with_name(".pulled")
            shutil.copyfile(theirs, tmp)
            tmp.replace(mine)


def test_a_pulled_change_is_never_written_over_and_is_read_again(fight: Session, tmp_path: Path) -> None:
    fight.execute("start")
    teammate(fight, tmp_path, "cond ayla dazed 3")
    pulled = (fight.path / "encounters" / "ambush.toml").read_bytes()
    assert b"dazed" in pulled
    with pytest.raises(ChangedOnDisk, match=r"encounters/ambush\.toml changed on disk"):
        fight.execute("next")  # before the console looked again: refused, their change kept
    assert (fight.path / "encounters" / "ambush.toml").read_bytes() == pulled
    assert fight.refresh_from_disk() == ["encounters/ambush.toml"]
    assert [c.name for c in fight.encounter.get("ayla").conditions] == ["dazed"]
    with pytest.raises(RulesError, match="nothing to undo"):
        fight.undo()  # undoing the start would write the encounter back over their change
    fight.execute("next")
    assert b"dazed" in (fight.path / "encounters" / "ambush.toml").read_bytes()
    assert fight.refresh_from_disk() == []  # our own save is not news


def test_the_same_bytes_written_again_is_no_change(fight: Session) -> None:
    path = fight.path / "encounters" / "ambush.toml"
    tmp = path.with_name(".same")
    tmp.write_bytes(path.read_bytes())
    tmp.replace(path)  # a checkout of the same text: a new file, the same bytes
    fight.execute("start")
    assert fight.refresh_from_disk() == []


def test_a_file_with_conflict_markers_is_a_problem_and_never_written(fight: Session) -> None:
    path = fight.path / "encounters" / "ambush.toml"
    text = path.read_text(encoding="utf-8")
    conflicted = text.replace(
        'name = "Ambush"', '<<<<<<< HEAD\nname = "Ambush"\n=======\nname = "Raid"\n>>>>>>> theirs', 1
    )
    assert conflicted != text
    path.write_text(conflicted, encoding="utf-8")
    assert fight.refresh_from_disk() == ["encounters/ambush.toml"]
    assert any(p.path == "encounters/ambush.toml" and "merge conflict" in p.message for p in fight.problems)
    assert fight.encounter is None
    with pytest.raises(RulesError):
        fight.execute("next")
    with pytest.raises(RulesError, match="already exists"):
        fight.execute("encounter Ambush")  # not made afresh over the conflicted file either
    assert path.read_text(encoding="utf-8") == conflicted
    path.write_text(text, encoding="utf-8")  # resolved by hand
    assert fight.refresh_from_disk() == ["encounters/ambush.toml"]
    assert not [p for p in fight.problems if p.path == "encounters/ambush.toml"]
    fight.execute("start")


def test_tables_roster_and_encounters_added_on_disk_appear(fight: Session) -> None:
    root = fight.path
    (root / "tables" / "weather.toml").write_text(
        'schema_version = 1\n\n[[table]]\nname = "Weather"\ndice = "1d2"\ncolumns = ["1d2", "Sky"]\n'
        'rows = [["1", "Rain"], ["2", "Sun"]]\n',
        encoding="utf-8",
    )
    shutil.copyfile(root / "roster" / "brak.toml", root / "roster" / "brakka.toml")
    shutil.copyfile(root / "encounters" / "ambush.toml", root / "encounters" / "second.toml")
    (root / "roster" / "goblin.toml").unlink()
    assert fight.refresh_from_disk() == [
        "encounters/second.toml",
        "roster/brakka.toml",
        "roster/goblin.toml",
        "tables/weather.toml",
    ]
    assert fight.find_table("weather").name == "Weather"
    assert "brakka" in fight.roster and "goblin" not in fight.roster
    assert "second" in fight.encounters
    fight.execute("encounter second")


def test_a_read_only_console_follows_the_writer(fight: Session) -> None:
    with Session.open(fight.path) as reader:
        assert reader.read_only
        fight.execute("start")
        fight.execute("dmg ayla 2")
        assert "encounters/ambush.toml" in reader.refresh_from_disk()
        assert reader.encounter is not None and reader.encounter.started
