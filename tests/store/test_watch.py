"""An open session watches the files it holds: what `git pull` (or an editor, or the lock
holder) changes on disk is read again, and nothing is ever written over it. An open console
wrote over a teammate's merged `cond helena dazed 3` at the GM's next `next`, and "resolved"
a conflicted file by writing over its markers."""

from __future__ import annotations

import os
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


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_real_pull_into_an_open_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two clones through a bare origin. The GM's console stays open while they pull a
    teammate's condition (read again, kept), then a change to the same lines as their own
    (a conflict: reported with its line, never written over)."""
    import subprocess

    from gmconsole.store import check_campaign

    env = {
        "GIT_AUTHOR_NAME": "GM",
        "GIT_AUTHOR_EMAIL": "gm@example.org",
        "GIT_COMMITTER_NAME": "GM",
        "GIT_COMMITTER_EMAIL": "gm@example.org",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)

    def git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)

    demo = Path(__file__).resolve().parents[2] / "campaigns" / "generic-demo"
    seed = tmp_path / "seed"
    shutil.copytree(demo, seed, ignore=shutil.ignore_patterns(".lock"))
    git(seed, "init", "-q", "-b", "main")
    git(seed, "add", "-A")
    git(seed, "commit", "-qm", "start")
    git(tmp_path, "clone", "-q", "--bare", str(seed), "origin.git")
    for name in ("gm", "mate"):
        git(tmp_path, "clone", "-q", "origin.git", name)
    gm_root, mate_root = tmp_path / "gm", tmp_path / "mate"
    gm = Session.open(gm_root)
    who = gm.encounter.combatants[0]
    with Session.open(mate_root) as mate:
        mate.execute(f"cond {who.id} dazed 3")
        mate.execute("commit the teammates condition")
    assert git(mate_root, "push", "-q", "origin", "main").returncode == 0
    assert git(gm_root, "pull", "-q", "--no-rebase", "origin", "main").returncode == 0
    enc_file = f"encounters/{gm.campaign.encounter}.toml"
    with pytest.raises(ChangedOnDisk, match=enc_file.replace(".", r"\.")):
        gm.execute(f"cond {who.id} blinded 1")
    assert enc_file in gm.refresh_from_disk()
    assert "dazed" in [c.name for c in gm.encounter.get(who.id).conditions]
    gm.execute(f"cond {who.id} blinded 1")
    assert "dazed" in (gm_root / enc_file).read_text(encoding="utf-8")

    # both change the same lines: the pull leaves conflict markers, which nothing writes over
    gm.execute(f"uncond {who.id} dazed")
    gm.execute("commit the GM side")
    with Session.open(mate_root) as mate:
        mate.execute(f"cond {who.id} prone 2")
        mate.execute("commit the teammates side")
    git(mate_root, "push", "-q", "origin", "main")
    assert git(gm_root, "pull", "-q", "--no-rebase", "origin", "main").returncode != 0  # a conflict
    conflicted = (gm_root / enc_file).read_text(encoding="utf-8")
    assert "<<<<<<<" in conflicted
    assert enc_file in gm.refresh_from_disk()
    assert any(p.path == enc_file and "merge conflict" in p.message for p in gm.problems)
    with pytest.raises(RulesError):
        gm.execute(f"cond {who.id} blinded 1")
    assert (gm_root / enc_file).read_text(encoding="utf-8") == conflicted
    assert any("merge conflict" in str(p) for p in check_campaign(gm_root))
    gm.close()
