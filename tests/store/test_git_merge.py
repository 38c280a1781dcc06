"""Campaign folders in git, tried the way a GM would: the Torg demo in a repository, cloned
twice, played in both clones on the same day, committed and pulled together.

The log's shape (a file per console session) is what makes the merge clean; `.gitattributes`
keeps the files text with LF ends; a true conflict in an entity file is reported by `check`
at the conflict's line instead of as a TOML error.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.store import Session, check_campaign
from gmconsole.store.log import LogWriter, read_log
from gmconsole.store.migrations import CURRENT

DEMO = Path(__file__).resolve().parents[2] / "campaigns" / "torg-demo"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "GM",
    "GIT_AUTHOR_EMAIL": "gm@example.org",
    "GIT_COMMITTER_NAME": "GM",
    "GIT_COMMITTER_EMAIL": "gm@example.org",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, env=ENV, text=True, capture_output=True, check=check)


@pytest.fixture
def clones(tmp_path: Path) -> tuple[Path, Path]:
    """A bare repository holding the Torg demo, and two clones of it (the GM's and a co-GM's)."""
    origin = tmp_path / "origin"
    seed = tmp_path / "seed"
    shutil.copytree(DEMO, seed, ignore=shutil.ignore_patterns(".lock"))
    git(seed, "init", "-q", "-b", "main")
    git(seed, "add", "-A")
    git(seed, "commit", "-q", "-m", "the demo")
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(origin))
    a, b = tmp_path / "a", tmp_path / "b"
    for clone in (a, b):
        git(tmp_path, "clone", "-q", str(origin), str(clone))
        git(clone, "config", "pull.rebase", "false")
    return a, b


def commit_all(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def test_two_clones_played_on_the_same_day_merge_without_a_conflict(clones: tuple[Path, Path]) -> None:
    a, b = clones
    with Session.open(a, rng=random.Random(1)) as s:
        s.next_turn()
        s.next_turn()
        s.roll("3d6")
    with Session.open(b, rng=random.Random(2)) as s:
        s.roll("1d20")
        s.check("quinn", CheckRequest(option=s.system.check_options(s.resolve("quinn").sheet)[0].key))
    commit_all(a, "played in a")
    git(a, "push", "-q", "origin", "main")
    commit_all(b, "rolled in b")
    pulled = git(b, "pull", "-q", "origin", "main", check=False)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert git(b, "status", "--porcelain").stdout == ""  # merged, nothing left in conflict
    assert check_campaign(b) == []
    events, problems = read_log(b)
    assert problems == []
    texts = [e.text for e in events]
    assert any("3d6" in t for t in texts) and any("1d20" in t for t in texts)
    assert [e.time for e in events] == sorted(e.time for e in events)
    with Session.open(b) as s:  # opening and closing the merged campaign writes nothing
        assert any("3d6" in e.text for e in s.log) and any("1d20" in e.text for e in s.log)
    assert git(b, "status", "--porcelain").stdout == ""


def test_a_true_conflict_is_named_by_check_at_its_line(clones: tuple[Path, Path]) -> None:
    a, b = clones
    for repo, note in ((a, "Owes Kurst a favour."), (b, "Swore to kill Kurst.")):
        with Session.open(repo, rng=random.Random(3)) as s:
            quinn = s.roster["quinn"]
            s.save_character("quinn", quinn.model_copy(update={"notes": note}))
        commit_all(repo, f"edit in {repo.name}")
    git(a, "push", "-q", "origin", "main")
    pulled = git(b, "pull", "-q", "origin", "main", check=False)
    assert pulled.returncode != 0  # the same lines of the same sheet: a real conflict
    problems = check_campaign(b)
    conflicted = [p for p in problems if "merge conflict" in p.message]
    assert conflicted, problems
    path = Path(conflicted[0].path)
    lines = path.read_text().splitlines()
    assert lines[conflicted[0].line - 1].startswith("<<<<<<<")
    assert "invalid TOML" not in str(conflicted[0])


def test_every_campaign_carries_gitattributes(tmp_path: Path) -> None:
    shipped = sorted((DEMO.parent).glob("*/campaign.toml"))
    assert shipped and all((p.parent / ".gitattributes").is_file() for p in shipped)
    made = tmp_path / "new"
    Session.create(made, name="New", system_id="generic").close()
    text = (made / ".gitattributes").read_text()
    assert "eol=lf" in text and text == (DEMO / ".gitattributes").read_text()


def test_an_old_day_file_log_is_read_and_new_events_go_beside_it(tmp_path: Path) -> None:
    """Log schema 1 kept one file per day; it is read as it is and never rewritten."""
    root = tmp_path / "old"
    shutil.copytree(DEMO, root, ignore=shutil.ignore_patterns(".lock"))
    (old_file,) = sorted((root / "log").glob("*.toml"))
    assert old_file.read_text().startswith("schema_version = 1")
    before = old_file.read_bytes()
    count = len(read_log(root)[0])
    with Session.open(root, rng=random.Random(4)) as s:
        assert len(s.log) == count
        s.roll("2d6")
    assert old_file.read_bytes() == before
    new_files = sorted(set((root / "log").glob("*.toml")) - {old_file})
    assert len(new_files) == 1
    assert new_files[0].read_text().startswith(f"schema_version = {CURRENT['log']}\nsession = ")
    events, problems = read_log(root)
    assert problems == [] and len(events) == count + 1 and "2d6" in events[-1].text
    assert check_campaign(root) == []


def test_a_long_session_starts_new_files_so_none_grows_without_bound(tmp_path: Path) -> None:
    from gmconsole.engine.events import Event, EventKind
    from gmconsole.store import log as log_module

    root = tmp_path / "camp"
    Session.create(root, name="Long", system_id="generic").close()
    writer = LogWriter(root, tag="abc123")
    limit = log_module.LOG_FILE_EVENTS
    for i in range(limit + 5):
        writer.append(Event(kind=EventKind.ROLL, text=f"roll {i}", time="2026-11-25T20:00:00Z"))
    files = sorted((root / "log").glob("*.toml"))
    assert len(files) == 2 and [f.name[-15:] for f in files] == ["abc123-001.toml", "abc123-002.toml"]
    events, _ = read_log(root)
    assert [e.text for e in events] == [f"roll {i}" for i in range(limit + 5)]


def test_commit_on_a_campaign_just_git_inited_makes_the_first_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gmconsole.cli import main
    from gmconsole.store import git as gitmod

    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    folder = tmp_path / "keep"
    assert main(["new", str(folder), "--system", "generic"]) == 0
    git(folder, "init", "-q", "-b", "main")
    assert gitmod.try_status(folder) == gitmod.GitStatus("main", True)  # the status line, from the start
    assert main(["commit", str(folder)]) == 0, capsys.readouterr().err
    assert git(folder, "log", "--oneline").stdout.count("\n") == 1
    assert git(folder, "status", "--porcelain").stdout == ""


def test_two_clones_that_start_different_encounters_merge_cleanly(clones: tuple[Path, Path]) -> None:
    a, b = clones
    with Session.open(a) as s:
        s.execute("encounter Reactor")
    with Session.open(b) as s:
        s.execute("encounter Hangar")
    assert "encounter" not in (a / "campaign.toml").read_text()  # moved out of campaign.toml
    commit_all(a, "a starts the reactor fight")
    git(a, "push", "-q", "origin", "main")
    commit_all(b, "b starts the hangar fight")
    pulled = git(b, "pull", "-q", "origin", "main", check=False)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert git(b, "status", "--porcelain").stdout == ""
    assert check_campaign(b) == []
    with Session.open(b) as s:
        assert s.campaign.encounter in ("hangar", "reactor")
        s.execute("encounter reactor")  # the switch clears the other mark
    with Session.open(b) as s:
        assert s.campaign.encounter == "reactor" and s.encounter is not None
        assert s.encounter.name == "Reactor"
    commit_all(b, "b on the reactor")
    git(b, "push", "-q", "origin", "main")
    # second round, from the new layout: both switch away from the same fight
    git(a, "pull", "-q", "origin", "main")
    with Session.open(a) as s:
        s.execute("encounter hangar")
    with Session.open(b) as s:
        s.execute("end")
    commit_all(a, "a back to the hangar")
    git(a, "push", "-q", "origin", "main")
    commit_all(b, "b ends the fight")
    pulled = git(b, "pull", "-q", "origin", "main", check=False)
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    with Session.open(b) as s:
        assert s.campaign.encounter == "hangar"


def test_which_fight_is_on_survives_reopening_and_undo(tmp_path: Path) -> None:
    with Session.create(tmp_path / "c", name="C", system_id="generic") as s:
        s.execute("encounter One")
        s.execute("encounter Two")
        s.execute("undo")
    with Session.open(tmp_path / "c") as s:
        assert s.campaign.encounter == "one"
        s.execute("end")
        assert s.encounter is None
        s.execute("undo")
    with Session.open(tmp_path / "c") as s:
        assert s.campaign.encounter == "one"
        s.execute("end")
    with Session.open(tmp_path / "c") as s:
        assert s.campaign.encounter is None and s.encounter is None
        s.execute("encounter one")
    text = (tmp_path / "c" / "encounters" / "one.toml").read_text()
    assert "active = true" in text
    assert not (tmp_path / "c" / "encounters" / "two.toml").exists()  # its making was undone
    assert "encounter" not in (tmp_path / "c" / "campaign.toml").read_text()
