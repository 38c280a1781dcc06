"""Every test gets its own data folder: campaigns created by name (`gmconsole new NAME`, the
picker) land in $XDG_DATA_HOME/gmconsole/campaigns, never in the real home."""

from __future__ import annotations

from pathlib import Path

import long_run
import pytest


def pytest_configure(config: pytest.Config) -> None:
    """A run that selects the long tests (`-m long`) also runs every property test in full."""
    markexpr = config.getoption("markexpr") or ""
    long_run.LONG = "long" in markexpr and "not long" not in markexpr


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home / "gmconsole" / "campaigns"


def _shorter_idle_waits() -> None:
    """Pilot waits for the app to fall idle after every key: it sleeps in 20 ms slices until one
    passes with under 1 ms of work. Five-millisecond slices (under 0.25 ms of work) tell idle
    apart as surely and make the console tests, most of whose time is those sleeps, quicker."""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = 1 / 200
    wait.SLEEP_IDLE = wait.SLEEP_GRANULARITY / 20


_shorter_idle_waits()
