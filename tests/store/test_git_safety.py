"""A campaign's own git config never runs a program: the status line polls git every few
seconds, and a cloned campaign's `.git/config` naming a `core.fsmonitor` script ran it as soon
as the console opened. Hooks, clean filters, an external diff and `GIT_*` variables that
redirect git are all switched off for the console's git calls (status and commit)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from gmconsole.store import Session
from gmconsole.store.git import try_status

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

WHO = {"GIT_AUTHOR_NAME": "GM", "GIT_AUTHOR_EMAIL": "gm@example.org",
       "GIT_COMMITTER_NAME": "GM", "GIT_COMMITTER_EMAIL": "gm@example.org"}


def git(cwd: Path, *args: str) -> None:
    env = {**os.environ, **WHO, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, check=True)


def script(path: Path, marker: Path, tail: str = "") -> Path:
    path.write_text(f"#!/bin/sh\necho \"$0\" >> {marker}\n{tail}", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_a_campaigns_git_config_runs_nothing(session: Session, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    root = session.path
    marker = tmp_path / "ran"
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    monitor = script(tmp_path / "fsmonitor.sh", marker)
    clean = script(tmp_path / "clean.sh", marker, "cat\n")
    differ = script(tmp_path / "diff.sh", marker)
    git(root, "config", "core.fsmonitor", str(monitor))
    git(root, "config", "filter.evil.clean", str(clean))
    git(root, "config", "core.pager", str(differ))
    for hook in ("pre-commit", "commit-msg", "post-commit", "post-index-change", "reference-transaction"):
        script(root / ".git" / "hooks" / hook, marker)
    (root / ".gitattributes").write_text("* text=auto eol=lf\n*.toml filter=evil\n", encoding="utf-8")
    for key, value in WHO.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    monkeypatch.setenv("GIT_EXTERNAL_DIFF", str(differ))
    monkeypatch.setenv("GIT_EXEC_PATH", str(tmp_path))  # would make git find no sub-command at all

    session.execute("dmg ayla 1")
    found = try_status(root)  # what the status line calls every few seconds
    assert found is not None and found.dirty and found.branch == "main"
    session.execute("commit after the fight")
    found = try_status(root)
    assert found is not None and not found.dirty
    assert not marker.exists(), marker.read_text(encoding="utf-8")
