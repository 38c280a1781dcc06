"""Fixtures for the console tests: a private config folder (settings, keymap, themes) so no
test reads or writes the real ~/.config, and a fresh fixture campaign."""

from __future__ import annotations

from pathlib import Path

import pytest
from campaign_fixture import build_campaign


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$XDG_CONFIG_HOME in the test's temp folder; returns the gmconsole config dir."""
    home = tmp_path / "config"
    home.mkdir()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home / "gmconsole"


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """The fixture campaign: Ayla, Brock, Captain Vex, a Goblin template; Ambush with 4 fighters."""
    return build_campaign(tmp_path / "camp")
