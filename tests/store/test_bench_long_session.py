"""The long-session benchmark compares rounds at the same places (a smoke test: it times
nothing against a target)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmconsole.bench import store


def test_long_session_reports_each_round_over_the_same_places(tmp_path: Path) -> None:
    result = store.long_session(tmp_path, 4, 14)  # 3 full rounds of 4 turns, then 2 turns
    assert [r for r, _ms, _full in result.rounds] == [1, 2, 3, 4]
    # round 4 reached places 0 and 1 only; round ends (place 3) are never timed
    assert result.places == 2
    assert all(ms > 0 for _r, ms, _full in result.rounds)
    assert not any(full for _r, _ms, full in result.rounds)  # 14 turns never fill undo's 500


def test_long_session_option_prints_a_line_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert store.main(["--long-session", "3", "7"]) == 0
    out = capsys.readouterr().out
    assert "round 1:" in out and "round 3:" in out and "undo history still filling" in out
