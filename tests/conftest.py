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
