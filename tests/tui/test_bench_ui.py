"""The turn-and-repaint benchmark runs (a smoke test on a small fight; it times nothing)."""

from __future__ import annotations

import pytest

from gmconsole.bench import ui


def test_ui_benchmark_runs_and_names_both_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert ui.main(["--combatants", "12", "--turns", "3"]) == 0
    out = capsys.readouterr().out
    assert "12 combatants" in out and "the console's share" in out
    assert f"target median < {ui.TARGET_MEDIAN_MS:.0f} ms:" in out
    assert f"target p90    < {ui.TARGET_P90_MS:.0f} ms:" in out
