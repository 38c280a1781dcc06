"""The `gmconsole` command at the shell: the issue's acceptance lines, run as a GM would.

The same seed is checked across two fresh interpreters (`python -m gmconsole`, what the command
runs); the other lines call the command's `main` in this process with its output captured, the
same arguments, return code and output without starting Python and importing the package for
each of them (a third of a second each)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from gmconsole.cli import main

ROOT = Path(__file__).resolve().parents[1]
Gm = Callable[..., subprocess.CompletedProcess[str]]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-m", "gmconsole", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


@pytest.fixture
def gm(capsys: pytest.CaptureFixture[str]) -> Gm:
    """The command run in this process: its return code and what it printed."""

    def call(*args: str) -> subprocess.CompletedProcess[str]:
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["gmconsole", *args], code, out, err)

    return call


def test_roll_json_shows_dice_kept_dropped_and_total(gm: Gm) -> None:
    out = gm("roll", "4d6kh3+2", "--seed", "7", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    rolls = data["terms"][0]["rolls"]
    assert len(rolls) == 4
    assert sum(r["dropped"] for r in rolls) == 1
    kept = sum(r["value"] for r in rolls if r["kept"])
    assert data["total"] == kept + 2


def test_same_seed_same_roll_and_open_ended_d20() -> None:
    a, b = run("roll", "1d20!{10,20}+3", "--seed", "3"), run("roll", "1d20!{10,20}+3", "--seed", "3")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert a.stdout.startswith("1d20!{10,20}")


def test_typed_dice(gm: Gm) -> None:
    out = gm("roll", "1d20!{10,20}+3", "--dice", "10,20,8")
    assert out.returncode == 0 and out.stdout.strip().endswith("= 41")


@pytest.mark.parametrize("expr", ["9999999d6", "1d6+", "2d6kk", "1d1!"])
def test_bad_expressions_are_one_line_errors_without_traceback(expr: str, gm: Gm) -> None:
    out = gm("roll", expr)  # an exception other than the one-line refusal fails the test here
    assert out.returncode != 0
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("gmconsole: ")
    assert "Traceback" not in out.stderr


def test_odds_json_is_exact(gm: Gm) -> None:
    out = gm("odds", "2d6", "--json")
    data = json.loads(out.stdout)
    assert data["probabilities"]["7"] == "1/6" and data["mean"] == 7.0


def test_new_check_and_systems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "keep"
    assert main(["new", str(target), "--system", "generic", "--name", "The Keep"]) == 0
    assert (target / "campaign.toml").is_file()
    assert main(["check", str(target)]) == 0
    (target / "roster").mkdir(exist_ok=True)
    (target / "roster" / "bad.toml").write_text("name = \n", encoding="utf-8")
    assert main(["check", str(target)]) == 1
    out = capsys.readouterr().out
    assert "bad.toml:1:" in out
    assert main(["systems"]) == 0
    assert "generic" in capsys.readouterr().out


def test_unknown_system_is_refused_with_a_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", str(tmp_path / "x"), "--system", "torgg"]) == 1
    err = capsys.readouterr().err
    assert "unknown system 'torgg'" in err
