"""The suite leaves the user alone: no test, and no console, server or command a test starts,
reads or writes the real home (`make test` once wrote the real ~/.config/gmconsole/settings.toml,
and the recent-campaigns list then showed pytest folders)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from user_dirs import REAL_HOME, USER_DIRS, real_home_changes, real_home_now

from gmconsole.cli import main
from gmconsole.tui.settings import Settings, config_dir, save_settings


def real_home() -> Path:
    return Path(json.loads(os.environ[REAL_HOME])["home"])


def inside(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def test_every_user_folder_of_a_test_is_outside_the_real_home(tmp_path_factory) -> None:
    run = tmp_path_factory.getbasetemp().parent  # the run's folder (a worker's is inside it)
    assert not inside(Path.home(), real_home()) and inside(Path.home(), run)
    for name in USER_DIRS:
        assert os.environ.get(name), f"{name} is not set for the test"
        assert inside(Path(os.environ[name]), run), f"{name}={os.environ[name]} is outside the run's folder"
    assert inside(config_dir(), run)


def test_a_subprocess_inherits_the_isolated_folders(tmp_path_factory) -> None:
    code = "import os, pathlib; print(pathlib.Path.home()); print(os.environ.get('XDG_STATE_HOME', ''))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    home, state = (Path(line) for line in out.splitlines())
    run = tmp_path_factory.getbasetemp().parent
    assert inside(home, run) and inside(state, run) and not inside(home, real_home())


def test_saving_settings_and_making_a_campaign_by_name_leave_the_real_home_unchanged(data_home: Path) -> None:
    before = real_home_now()  # just before: another process of the user's may write there too
    save_settings(Settings(recent=["/somewhere/pytest-of-nobody"]))
    assert main(["new", "by-name", "--system", "myriad"]) == 0
    assert (data_home / "by-name" / "campaign.toml").is_file()
    assert real_home_changes(before) == []
