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


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_an_expression_with_a_leading_minus_is_an_expression_not_an_option(command: str, gm: Gm) -> None:
    out = gm(command, "-1d6", *(["--seed", "1"] if command == "roll" else []))
    assert out.returncode == 0, out.stderr
    expected = ["-1d6"] if command == "roll" else ["-6", "mean -3.50"]
    assert all(text in out.stdout for text in expected)
    assert gm("roll", "1d6", "--seed", "-1").returncode == 0  # a negative option value still reads


@pytest.mark.parametrize("typed", ["٣", "3,,4", "3,", ",3", "", "99999999999999999999", "3.5"])
def test_typed_dice_refuse_foreign_digits_and_empty_items(typed: str, gm: Gm) -> None:
    out = gm("roll", "2d6", "--dice", typed)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.startswith("gmconsole: --dice") and len(out.stderr.splitlines()) == 1


HOSTILE = "\x1b]52;c;aGk=\x07\x1b]0;owned\x07\x1b[2J\x9b31m\u202e"
"""OSC 52 (writes the clipboard), OSC 0 (retitles the terminal), CSI, C1 CSI, a bidi override."""


def toml_escaped(text: str) -> str:
    """`text` for a TOML basic string, each control character as a \\uXXXX escape."""
    return "".join(f"\\u{ord(c):04x}" if raw_controls(c) else c for c in text)


def raw_controls(text: str) -> set[str]:
    return {c for c in text if c not in "\n\t" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in "\u202e")}


def test_a_dice_label_with_control_characters_prints_as_escapes(gm: Gm) -> None:
    out = gm("roll", "1d6 [a\x9b31m\u202eb]", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert raw_controls(out.stdout) == set()
    assert "[a\\x9b31m\\u202eb]" in out.stdout


def test_check_reports_campaign_text_a_terminal_would_act_on_and_prints_it_escaped(
    tmp_path: Path, gm: Gm
) -> None:
    root = tmp_path / "keep"
    assert gm("new", str(root), "--system", "generic", "--name", "The Keep").returncode == 0
    assert gm("check", str(root)).returncode == 0
    campaign = (root / "campaign.toml").read_text(encoding="utf-8")
    escaped = toml_escaped(HOSTILE)
    (root / "campaign.toml").write_text(
        campaign.replace('name = "The Keep"', f'name = "The Keep{escaped}"'), encoding="utf-8"
    )
    (root / "notes").mkdir(exist_ok=True)
    (root / "notes" / "session.md").write_text(f"# Notes\n\nall fine\nnot {HOSTILE} fine\n", encoding="utf-8")
    (root / "notes" / "forged\nline.md").write_text("ok\n", encoding="utf-8")
    out = gm("check", str(root))
    assert out.returncode == 1
    assert raw_controls(out.stdout + out.stderr) == set()
    lines = out.stdout.splitlines()
    line_of_name = campaign.splitlines().index('name = "The Keep"') + 1
    assert any(f"campaign.toml:{line_of_name}: holds a control character (\\x1b)" in line for line in lines)
    assert any("notes/session.md:4: holds a control character (\\x1b)" in line for line in lines)
    assert any("forged\\x0aline.md:1: the file name holds" in line for line in lines), lines
    assert not any(line.startswith("line.md") for line in lines)


def test_check_takes_a_literal_backslash_and_layout_characters_as_text(tmp_path: Path, gm: Gm) -> None:
    root = tmp_path / "keep"
    assert gm("new", str(root), "--system", "generic", "--name", "The Keep").returncode == 0
    campaign = (root / "campaign.toml").read_text(encoding="utf-8")
    (root / "campaign.toml").write_text(
        campaign.replace('name = "The Keep"', "name = 'C:\\u001b\\\\e and \"\\\\u202e\"'"), encoding="utf-8"
    )
    (root / "notes").mkdir(exist_ok=True)
    (root / "notes" / "plan.md").write_text("# Plan\n\n\tindented\r\nwindows line\n", encoding="utf-8")
    out = gm("check", str(root))
    assert out.returncode == 0, out.stdout


def test_a_new_campaign_name_with_control_characters_is_refused(tmp_path: Path, gm: Gm) -> None:
    out = gm("new", str(tmp_path / "x"), "--system", "generic", "--name", f"Keep {HOSTILE}")
    assert out.returncode == 1 and not (tmp_path / "x").exists()
    assert "cannot hold control characters" in out.stderr and raw_controls(out.stderr) == set()
