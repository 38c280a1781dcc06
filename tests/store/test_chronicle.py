"""After the session: the recap written from the log (golden files of the Torg and Myriad
demos), and committing the campaign to git from the console, tried with real repositories."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from gmconsole.cli import main
from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
GOLDEN = Path(__file__).resolve().parent / "golden"
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture
def git_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in {
        "GIT_AUTHOR_NAME": "GM",
        "GIT_AUTHOR_EMAIL": "gm@example.org",
        "GIT_COMMITTER_NAME": "GM",
        "GIT_COMMITTER_EMAIL": "gm@example.org",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }.items():
        monkeypatch.setenv(key, value)


def copy_demo(tmp_path: Path, demo: str) -> Path:
    root = tmp_path / demo
    shutil.copytree(CAMPAIGNS / demo, root, ignore=shutil.ignore_patterns(".lock"))
    return root


@pytest.mark.parametrize("demo", ["torg-demo", "myriad-demo"])
def test_the_recap_of_a_demo_matches_its_golden_file(tmp_path: Path, demo: str) -> None:
    root = copy_demo(tmp_path, demo)
    with Session.open(root) as s:
        event = s.recap()
    written = root / event.data["recap"]
    assert written.read_text() == (GOLDEN / f"recap-{demo}.md").read_text()


def test_a_recap_never_overwrites_a_note(tmp_path: Path) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    mine = root / "notes" / "recap-2026-11-21.md"
    mine.write_text("my own words\n")
    with Session.open(root) as s:
        event = s.recap("2026-11-21")
        assert event.data["recap"] == "notes/recap-2026-11-21-2.md"
        with pytest.raises(RulesError, match="not a date"):
            s.recap("yesterday")
        assert "Nothing was logged" in (root / s.recap("2020-01-01").data["recap"]).read_text()
    assert mine.read_text() == "my own words\n"


def test_a_recap_counts_hits_dealt_after_aimed_tests(tmp_path: Path) -> None:
    root = copy_demo(tmp_path, "arm-demo")
    with Session.open(root, rng=random.Random(2)) as s:
        s.aimed_check("thug-2", CheckRequest(option="attack:Club"), "christine", dice=[6, 1])
        s.hit(dice=[3, 3])
        text = (root / s.recap().data["recap"]).read_text()
    assert "| Thug 2 | 10 | 0 |" in text or "| Thug 2 | 10 |" in text


def test_the_recap_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_demo(tmp_path, "myriad-demo")
    assert main(["recap", str(root), "--date", "2026-11-21"]) == 0
    assert "written to notes/recap-2026-11-21.md" in capsys.readouterr().out
    assert main(["recap", str(tmp_path / "nowhere")]) == 1


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, text=True, capture_output=True, check=True).stdout


@needs_git
def test_commit_from_the_console_sums_up_the_session_and_leaves_the_folder_clean(
    tmp_path: Path, git_env: None
) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    with Session.open(root, rng=random.Random(9)) as s:
        s.execute("next")
        s.execute("3d6")
        event = s.execute("commit")
        assert event.data["commit"].startswith("Session 20")
        assert git(root, "status", "--porcelain") == ""
        with pytest.raises(RulesError, match="nothing to commit"):
            s.execute("commit")
        s.execute("1d20")
        s.execute("commit the bridge holds")
    log = git(root, "log", "--format=%s")
    assert log.splitlines()[:2] == ["the bridge holds", event.data["commit"]]
    assert git(root, "status", "--porcelain") == ""


@needs_git
def test_commit_outside_a_repository_is_one_line_and_logs_nothing(tmp_path: Path, git_env: None) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    with Session.open(root) as s:
        count = len(s.log)
        with pytest.raises(RulesError, match="not in a git repository"):
            s.execute("commit")
        assert len(s.log) == count


def test_commit_without_git_installed_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    root = copy_demo(tmp_path, "torg-demo")
    with Session.open(root) as s, pytest.raises(RulesError, match="git is not installed"):
        s.execute("commit")
