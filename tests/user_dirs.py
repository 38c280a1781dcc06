"""Where the user keeps gmconsole's things, and the run's snapshot of them: shared by
tests/conftest.py (which gives the run a home of its own) and tests/test_user_dirs.py (which
holds it). A module of its own, as `conftest` names several modules in the suite."""

from __future__ import annotations

import json
import os
from pathlib import Path

USER_DIRS = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
"""The folders an app writes the user's things in (settings, campaigns, logs, caches)."""

RUN_HOME = "GMCONSOLE_TEST_HOME"
"""Set by the run to its own home; a worker inherits it (and the run's HOME and XDG folders)."""

REAL_HOME = "GMCONSOLE_TEST_REAL_HOME"
"""The user's own home, which no test may write; the run's snapshot of it is beside RUN_HOME."""


def user_gmconsole_dirs(home: Path, environ: dict[str, str]) -> list[Path]:
    """Where gmconsole keeps the user's things, for a user whose home and environment these are."""
    defaults = {
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_STATE_HOME": home / ".local" / "state",
        "XDG_CACHE_HOME": home / ".cache",
    }
    return [Path(environ.get(name) or default) / "gmconsole" for name, default in defaults.items()]


def snapshot(folders: list[Path]) -> dict[str, list[int]]:
    """Every file under `folders` with its size and modification time (nanoseconds)."""
    found: dict[str, list[int]] = {}
    for folder in folders:
        for path in [folder, *folder.rglob("*")] if folder.exists() else []:
            with_stat = path.lstat()
            found[str(path)] = [with_stat.st_size, with_stat.st_mtime_ns]
    return found


def real_home_now() -> dict[str, list[int]]:
    """The snapshot of the user's real gmconsole folders as they are now."""
    real = json.loads(os.environ[REAL_HOME])
    return snapshot(user_gmconsole_dirs(Path(real["home"]), real["env"]))


def real_home_changes(before: dict[str, list[int]] | None = None) -> list[str]:
    """The files of the user's real gmconsole folders that differ from `before` (by default
    the run's snapshot, taken when it started)."""
    if before is None:
        before = json.loads((Path(os.environ[RUN_HOME]) / "real-home-before.json").read_text())
    after = real_home_now()
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def written_by(paths: list[str], run_folder: Path) -> list[str]:
    """Those of `paths` whose content names the run's temp folder (a recent-campaigns list
    holding a test's campaign): written by this run, not by another process of the user's."""
    mine = []
    for path in paths:
        try:
            with open(path, "rb") as file:
                data = file.read(1 << 20)
        except OSError:
            continue
        if str(run_folder).encode() in data:
            mine.append(path)
    return mine
