"""The console's own small settings file: the theme and the campaigns opened lately.

It lives at ``$XDG_CONFIG_HOME/gmconsole/settings.toml`` (``~/.config/gmconsole`` when the
variable is unset) beside the user's ``keymap.toml`` and ``themes/``. Looking the folder up never
creates it; only `save` does, so a read-only home or a test with a temporary config dir is safe.
A broken settings file is not worth refusing to start over: it reads as defaults.

Three fields read by hand into a dataclass rather than a pydantic model: this module is
imported before the first screen, and building the model class cost ~5 ms of every start-up
for a file of one string and a list of strings.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import tomli
import tomli_w

RECENT_LIMIT = 8


def config_dir() -> Path:
    """Where the user's settings, keymap and extra themes live (not created here)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "gmconsole"


@dataclass
class Settings:
    """What the console remembers between runs."""

    schema_version: int = 1
    theme: str = "gm-dark"
    """Name of the theme last chosen (a registered Textual theme name)."""
    recent: list[str] = field(default_factory=list)
    """Campaign folders opened, newest first; the first one reopens when no path is given."""

    @property
    def last_campaign(self) -> str | None:
        return self.recent[0] if self.recent else None

    def remember(self, path: str | Path) -> None:
        """Put a campaign at the front of the recent list (absolute, no duplicates)."""
        full = str(Path(path).resolve())
        self.recent = [full, *(p for p in self.recent if p != full)][:RECENT_LIMIT]

    @classmethod
    def read(cls, data: Any) -> Settings:
        """Settings from a parsed file; a value of the wrong kind (or a file that is not a
        table) gives the defaults, unknown keys are left out."""
        if not isinstance(data, dict):
            return cls()
        found = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        version, theme, recent = (found.get(k) for k in ("schema_version", "theme", "recent"))
        if "schema_version" in found and (not isinstance(version, int) or isinstance(version, bool)):
            return cls()
        if "theme" in found and not isinstance(theme, str):
            return cls()
        if "recent" in found and not (isinstance(recent, list) and all(isinstance(p, str) for p in recent)):
            return cls()
        return cls(**found)

    def dump(self) -> dict[str, Any]:
        """The fields in their order, as the file holds them."""
        return asdict(self)


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or defaults when the file is missing or unreadable."""
    path = path or settings_path()
    try:
        return Settings.read(tomli.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError):
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (temp file + replace); failures are the caller's to show."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(tomli_w.dumps(settings.dump()), encoding="utf-8")
    os.replace(tmp, path)
