"""The dice benchmark runs (a smoke test with a handful of rolls; it times nothing)."""

from __future__ import annotations

import pytest

from gmconsole.bench import dice as dice_bench
from gmconsole.bench.__main__ import main as bench_main


def test_dice_benchmark_runs_every_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert dice_bench.main(["--iterations", "20", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    for case in dice_bench.CASES:
        assert case.ours in out
    assert "rng=None" in out


def test_bench_dispatches_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["dice", "--iterations", "5", "--rounds", "1"]) == 0
    assert "1d20!{10,20}" in capsys.readouterr().out
    assert bench_main(["nonsense"]) == 2
    assert "unknown benchmark 'nonsense'" in capsys.readouterr().out


def test_store_benchmark_runs_on_tiny_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    from gmconsole.bench import store

    assert store.main(["--events", "30", "--big", "12", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "add x50" in out and "round end at 12 combatants" in out and "open, 30 events" in out


def test_odds_benchmark_runs_on_the_small_cases(capsys: pytest.CaptureFixture[str]) -> None:
    from gmconsole.bench import odds

    assert odds.main(["--quick", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "3d6" in out and "icepool ms" in out and "torg-demo" in out
