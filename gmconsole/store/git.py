"""The campaign folder in git: whether it is in a repository, its branch and whether it has
uncommitted changes (for the status line), and committing it with a message that sums up the
session.

git runs as a program with an argument list, never through a shell, with a timeout. A missing
`git`, a folder outside any repository, or git refusing (no name configured, a merge in
progress) is a `GitError` of one line, never a traceback.

A campaign comes from anyone, and its `.git/config` with it: git must never run a program that
config names. The status line polls git every few seconds, so a `core.fsmonitor` script in a
cloned campaign would run as soon as the console opened. Every git call therefore turns off
what runs programs (`SAFE_CONFIG`: fsmonitor, hooks, pager, external diff, signing, automatic
gc, and each clean/smudge filter the config defines) and runs with the `GIT_*` variables that
redirect git or name programs taken out of its environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from gmconsole.engine.errors import GmConsoleError

TIMEOUT = 10.0
"""Seconds a git command may take (a network file system, a huge repository)."""


class GitError(GmConsoleError):
    """git is missing, the folder is in no repository, or git refused."""


@dataclass(frozen=True)
class GitStatus:
    """What the status line says of git: the branch, and whether there is anything to commit."""

    branch: str
    """The branch checked out ("(detached)" when none is)."""
    dirty: bool
    """Whether the campaign folder has changes git has not committed (new files included)."""

    def label(self) -> str:
        return f"git {self.branch}" + (" ✎" if self.dirty else " ✓")


SAFE_CONFIG = (
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.editor=false",
    "core.sshCommand=false",
    "diff.external=",
    "commit.gpgSign=false",
    "tag.gpgSign=false",
    "gc.auto=0",
    "maintenance.auto=false",
    "core.untrackedCache=false",
    "credential.helper=",
)
"""`-c` settings given to every git call: none of them lets the campaign's config run a program."""

KEPT_ENV = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE", "GIT_COMMITTER_NAME",
            "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE", "GIT_CONFIG_GLOBAL")
"""The only `GIT_*` variables passed on (who a commit is by, the GM's own config file); the
rest (GIT_DIR, GIT_EXEC_PATH, GIT_EXTERNAL_DIFF, GIT_PAGER, GIT_SSH_COMMAND, GIT_CONFIG_COUNT...)
could redirect git or make it run something."""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in KEPT_ENV}
    env.update({"GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_PAGER": "cat", "PAGER": "cat"})
    return env


def _run(exe: str, folder: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """git with the safe settings, its own filters' programs switched off (their names come
    from the config, read without running anything)."""
    safe = [part for setting in SAFE_CONFIG for part in ("-c", setting)]
    filters = r"^filter\..*\.(clean|smudge|process)$"
    listed = subprocess.run(
        [exe, *safe, "config", "--null", "--name-only", "--get-regexp", filters],
        cwd=folder, capture_output=True, text=True, timeout=TIMEOUT, check=False, env=_env(),
    )
    for key in listed.stdout.split("\0") if listed.returncode == 0 else []:
        if key:
            safe += ["-c", f"{key}="]
    return subprocess.run(
        [exe, *safe, *args], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT, check=False,
        env=_env(), stdin=subprocess.DEVNULL,
    )


def _git(folder: Path, *args: str) -> str:
    exe = shutil.which("git")
    if exe is None:
        raise GitError("git is not installed (or not on PATH)")
    try:
        done = _run(exe, folder, list(args))
    except (OSError, subprocess.SubprocessError) as exc:
        raise GitError(f"git could not run: {exc}") from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise GitError(f"git {args[0]}: {lines[-1] if lines else 'failed'}")
    return done.stdout


def status(folder: Path) -> GitStatus:
    """The branch and whether the campaign folder has uncommitted changes."""
    _in_repository(folder)
    if _ignored(folder):
        raise GitError(f"{folder} is in a git repository that ignores it (see its .gitignore)")
    # `branch --show-current` names the branch of a repository just `git init`ed too, where
    # `rev-parse HEAD` fails (no commit yet): the status line and `commit` work from the start
    branch = _git(folder, "branch", "--show-current").strip() or "(detached)"
    changed = _git(folder, "status", "--porcelain", "--untracked-files=all", "--", ".")
    return GitStatus(branch, bool(changed.strip()))


def try_status(folder: Path) -> GitStatus | None:
    """`status`, or None when git is missing or the folder is in no repository."""
    try:
        return status(folder)
    except GitError:
        return None


def _in_repository(folder: Path) -> None:
    try:
        inside = _git(folder, "rev-parse", "--is-inside-work-tree").strip()
    except GitError as exc:
        if "not a git repository" in str(exc):
            raise GitError(f"{folder} is not in a git repository (git init there first)") from None
        raise
    if inside != "true":
        raise GitError(f"{folder} is not in a git work tree")


def _ignored(folder: Path) -> bool:
    """Whether the repository ignores the campaign (a demo copy under an ignored `.play/`)."""
    exe = shutil.which("git")
    if exe is None:
        return False
    try:
        done = _run(exe, folder, ["check-ignore", "-q", "campaign.toml"])
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def commit(folder: Path, message: str) -> str:
    """Stage everything in the campaign folder (and only there) and commit it; returns the new
    commit's short id. Nothing to commit is refused by name."""
    status(folder)
    _git(folder, "add", "--all", "--", ".")
    staged = _git(folder, "diff", "--cached", "--name-only", "--", ".")
    if not staged.strip():
        raise GitError("nothing to commit: the campaign is as git last saw it")
    _git(folder, "commit", "--quiet", "--no-verify", "--message", message, "--", ".")
    return _git(folder, "rev-parse", "--short", "HEAD").strip()
