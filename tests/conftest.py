"""Every test gets its own data folder: campaigns created by name (`gmconsole new NAME`, the
picker) land in $XDG_DATA_HOME/gmconsole/campaigns, never in the real home."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home / "gmconsole" / "campaigns"
