"""`gmconsole check` on the GM's own tables, and the example table `gmconsole new` writes, run
as a GM would at the shell."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gmconsole.cli import main
from gmconsole.store import Session

TABLES = """\
schema_version = 1
title = "Test"

[[table]]
name = "Gappy"
dice = "2d6"
columns = ["2d6", "Result"]
rows = [["2-5", "a {Weather}"], ["7-10", "b {Nope}"], ["12", "c [[1d4]] [[2d]]"]]

[[table]]
name = "Weather"
kind = "random"
rows = ["rain", "sun"]

[[table]]
name = "Fine"
dice = "1d6+1d8"
columns = ["Roll", "Result"]
rows = [["2-7", "low {Weather}"], ["8+", "high {Mill sounds}"]]
"""


def test_check_reports_rolls_no_row_covers_and_references_to_no_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "c"
    assert main(["new", str(root), "--system", "generic"]) == 0
    (root / "tables" / "mine.toml").write_text(TABLES.replace("{Mill sounds}", "{weather}"))
    capsys.readouterr()
    assert main(["check", str(root)]) == 1
    out = capsys.readouterr().out.splitlines()
    shown = (root / "tables" / "mine.toml").as_posix()
    gap = "2d6 can roll 6, 11, which no row covers (rows cover 2-5, 7-10, 12)"
    assert f"{shown}:4: table 'Gappy': {gap}" in out
    assert f"{shown}:4: table 'Gappy' refers to {{Nope}}, but there is no table of that name" in out
    assert any(line.startswith(f"{shown}:4: table 'Gappy': [[2d]] in row 3 is not dice: ") for line in out)
    assert len(out) == 3  # "Fine" covers every roll of 1d6+1d8 and names a table that exists


def test_check_reports_overlapping_rows_at_their_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "c"
    assert main(["new", str(root), "--system", "generic"]) == 0
    (root / "tables" / "mine.toml").write_text(
        'schema_version = 1\n\n[[table]]\nname = "O"\ndice = "1d6"\ncolumns = ["d6", "R"]\n'
        'rows = [["1-3", "x"], ["3-6", "y"]]\n'
    )
    capsys.readouterr()
    assert main(["check", str(root)]) == 1
    assert "mine.toml:3: table 'O': rows 1 and 2 overlap (1-3 and 3-6)" in capsys.readouterr().out


def test_a_new_campaign_has_a_commented_example_table_that_checks_and_rolls(tmp_path: Path) -> None:
    root = tmp_path / "c"
    assert main(["new", str(root), "--system", "myriad"]) == 0
    text = (root / "tables" / "example.toml").read_text()
    assert text.count("\n#") >= 5 and "{Weather}" in text and "[[1d4+1]]" in text
    assert main(["check", str(root)]) == 0
    with Session.open(root, rng=random.Random(4)) as s:
        assert {"Road encounters", "Weather"} <= {t.name for t in s.tables}
        for _ in range(12):
            event = s.execute("roll table Road encounters")
            assert "no row" not in event.text
