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


# ---------------------------------------------------------------------- what the rules did


def _system_one_round(root: Path) -> None:
    """The System One demo played on: three more rifle hits on Guard 2, held to the round's
    end, where they kill him; then an automatic failure (98) against Guard 1."""
    with Session.open(root, rng=random.Random(3)) as s:
        for _ in range(3):
            s.aimed_check("marcus", CheckRequest(option="attack:Rifle"), "guard-2", dice=[10])
            s.hit(dice=[15, 6, 6])
        assert s.encounter is not None
        while s.encounter.round == 1:
            s.execute("next")
        assert s.system.status(s.resolve("guard-2").sheet).health == "dead"
        s.aimed_check("marcus", CheckRequest(option="attack:Rifle"), "guard-1", dice=[98])


def test_a_system_one_recap_counts_held_hits_who_fell_at_the_round_end_and_no_failure_as_best(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_demo(tmp_path, "system-one-demo")
    _system_one_round(root)
    assert main(["recap", str(root)]) == 0
    text = next((root / "notes").glob("recap-*.md")).read_text()
    assert "## Who fell\n\n- Guard 2 (dead)\n" in text
    assert "- Marcus Hale hits (Rifle 2d6 (6, 6) = 12 " in text  # the Hits section
    assert "| Who | Dealt | Taken |" in text
    # the demo's own 7, then three held hits of 12, each counted when made
    assert "| Marcus Hale | 43 | 0 |" in text
    assert "| Guard 2 | 0 | 43 |" in text
    assert "- The loading bay: 2 rounds" in text  # the fight began on an earlier day
    best = [line for line in text.splitlines() if line.startswith("- Best:")]
    worst = [line for line in text.splitlines() if line.startswith("- Worst:")]
    assert best and all("success" in line and "failure" not in line for line in best)
    assert any("automatic failure" in line for line in worst)
    assert all("success (" not in line for line in worst)


def test_the_demo_recap_lists_a_failed_roll_as_worst_never_best(tmp_path: Path) -> None:
    root = copy_demo(tmp_path, "system-one-demo")
    with Session.open(root) as s:
        event = s.recap()
    text = (root / event.data["recap"]).read_text()
    assert "- Worst: Dana Reyes: Pistol" in text and "- Best: Dana Reyes" not in text
    assert "| Vic Carver | 5 | 0 |" in text and "| Marcus Hale | 7 | 0 |" in text


def _append_event(root: Path, time: str, text: str) -> None:
    log = root / "log" / "zz-hand-made.toml"
    log.write_text(
        f'schema_version = 1\n\n[[event]]\nid = "abcdef123456"\nkind = "note"\ntext = "{text}"\n'
        f'time = "{time}"\n',
        encoding="utf-8",
    )


def test_an_event_time_that_is_not_a_time_does_not_stop_the_recap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    _append_event(root, "not a time", "odd")
    assert main(["recap", str(root)]) == 0, capsys.readouterr().err
    assert (root / "notes" / "recap-2026-11-21.md").is_file()
    assert main(["recap", str(root)]) == 0  # and the next one too


def test_an_event_dated_2999_is_not_the_last_day_played(tmp_path: Path) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    _append_event(root, "2999-01-01T10:00:00Z", "from the future")
    with Session.open(root) as s:
        event = s.recap()
    assert event.data["date"] != "2999-01-01"
    assert not (root / "notes" / "recap-2999-01-01.md").exists()


def test_a_recap_is_never_written_through_a_link_out_of_the_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.rmtree(root / "notes")
    (root / "notes").symlink_to(outside, target_is_directory=True)
    assert main(["recap", str(root)]) == 1
    err = capsys.readouterr().err
    assert "link out of the campaign" in err and err.count("\n") == 1
    assert list(outside.iterdir()) == []


def test_recap_text_from_the_campaign_reaches_the_note_as_visible_escapes(tmp_path: Path) -> None:
    root = copy_demo(tmp_path, "torg-demo")
    toml = root / "campaign.toml"
    toml.write_text(toml.read_text().replace('name = "', 'name = "\\u001b]52;c;aGk=\\u0007', 1))
    with Session.open(root) as s:
        event = s.recap()
    text = (root / event.data["recap"]).read_text()
    assert "\x1b" not in text and "\x07" not in text
    assert text.startswith("# \\x1b]52;c;aGk=\\x07")


def test_recap_on_a_read_only_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mount = tmp_path / "ro"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mount)],
                          capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip("cannot mount a file system here (needs root)")
    try:
        root = copy_demo(mount, "torg-demo")
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        assert main(["recap", str(root)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "read-only" in err.lower()
    finally:
        subprocess.run(["umount", str(mount)], check=False)
