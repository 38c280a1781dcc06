"""Finding a campaign by name or folder for every command, and the demos that come with
gmconsole, as a new GM types them at the shell (`main([...])`, in this process)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gmconsole.tui
from gmconsole.cli import main


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The campaign `gmconsole open` would start the console on (the console is not started)."""
    seen: list[str | None] = []

    def run(path: str | None = None, **_options: object) -> int:
        seen.append(path)
        return 0

    monkeypatch.setattr(gmconsole.tui, "run", run)
    return seen


def test_a_campaign_made_by_name_is_found_by_name_by_every_command(
    data_home: Path, opened: list[str | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "keep-of-ash", "--system", "generic"]) == 0
    out = capsys.readouterr().out
    assert "open it with: gmconsole open keep-of-ash" in out
    home = data_home / "keep-of-ash"
    assert main(["open", "keep-of-ash"]) == 0
    assert opened == [str(home)]
    assert main(["recap", "keep-of-ash"]) == 0
    assert list((home / "notes").glob("recap-*.md"))
    assert main(["commit", "keep-of-ash"]) == 1  # found; refused by git, not "not a campaign"
    err = capsys.readouterr().err
    assert "git" in err and "not there" not in err


def test_open_of_a_folder_that_is_not_there_says_so_and_fails(
    tmp_path: Path, opened: list[str | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["open", str(tmp_path / "no" / "such" / "folder")]) == 1
    assert "such/folder is not there" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["open", str(tmp_path / "empty")]) == 1
    assert "is not a campaign folder (no campaign.toml)" in capsys.readouterr().err
    assert main(["open", "nobody-made-this"]) == 1
    err = capsys.readouterr().err
    assert "no campaign 'nobody-made-this'" in err
    assert opened == []  # never the picker
    assert main(["open"]) == 0
    assert opened == [None]  # no argument: the last campaign or the picker


def test_player_and_commit_refuse_what_is_not_a_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for verb in ("player", "commit", "recap"):
        assert main([verb, str(tmp_path / "gone")]) == 1
        assert "is not there" in capsys.readouterr().err


def test_demo_lists_the_shipped_demos(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    for name in ("torg-demo", "system-one-demo", "myriad-demo", "arm-demo", "mythmagica-demo"):
        assert name in out
    assert "system-one" in out


def test_demo_copies_a_demo_to_play_and_open_finds_it_by_name(
    data_home: Path, tmp_path: Path, opened: list[str | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "torg"]) == 0
    assert "open it with: gmconsole open torg-demo" in capsys.readouterr().out
    copy = data_home / "torg-demo"
    assert (copy / "campaign.toml").is_file() and (copy / ".gitignore").is_file()
    assert main(["check", str(copy)]) == 0
    assert main(["open", "torg-demo"]) == 0 and opened == [str(copy)]
    assert main(["demo", "torg"]) == 1  # never over what is there
    assert "already exists" in capsys.readouterr().err
    assert main(["demo", "system-one-demo", str(tmp_path / "mine")]) == 0
    assert (tmp_path / "mine" / "campaign.toml").is_file()
    assert main(["demo", "gurps"]) == 1
    assert "no demo called 'gurps' (demos: arm-demo" in capsys.readouterr().err
