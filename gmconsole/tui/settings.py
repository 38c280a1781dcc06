"""The console's own small settings file: the theme and the campaigns opened lately.

It lives at ``$XDG_CONFIG_HOME/gmconsole/settings.toml`` (``~/.config/gmconsole`` when the
variable is unset) beside the user's ``keymap.toml`` and ``themes/``. Looking the folder up never
creates it; only `save` does, so a read-only home or a test with a temporary config dir is safe.
A broken settings file is not worth refusing to start over: it reads as defaults.
"""

from __future__ import annotations

import os
from pathlib import Path

import tomli
import tomli_w
from pydantic import BaseModel, Field, ValidationError

RECENT_LIMIT = 8


def config_dir() -> Path:
    """Where the user's settings, keymap and extra themes live (not created here)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "gmconsole"


class Settings(BaseModel):
    """What the console remembers between runs."""

    schema_version: int = 1
    theme: str = "gm-dark"
    """Name of the theme last chosen (a registered Textual theme name)."""
    recent: list[str] = Field(default_factory=list)
    """Campaign folders opened, newest first; the first one reopens when no path is given."""

    @property
    def last_campaign(self) -> str | None:
        return self.recent[0] if self.recent else None

    def remember(self, path: str | Path) -> None:
        """Put a campaign at the front of the recent list (absolute, no duplicates)."""
        full = str(Path(path).resolve())
        self.recent = [full, *(p for p in self.recent if p != full)][:RECENT_LIMIT]


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or defaults when the file is missing or unreadable."""
    path = path or settings_path()
    try:
        return Settings.model_validate(tomli.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomli.TOMLDecodeError, ValidationError):
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (temp file + replace); failures are the caller's to show."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(tomli_w.dumps(settings.model_dump()), encoding="utf-8")
    os.replace(tmp, path)
