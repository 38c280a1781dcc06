"""Themes as files: every ``*.toml`` in the shipped ``themes/`` folder and in the user's
``~/.config/gmconsole/themes/`` becomes a Textual `Theme`, so a GM adds one without code.

A theme file holds Textual's `Theme` fields at the top level (name, dark, primary, background...)
and gmconsole's own colours under ``[variables]`` (`VARIABLE_DEFAULTS` lists them). A bad file
is reported and skipped, never fatal: the console must open even if a theme is broken.
"""

from __future__ import annotations

import sys
from pathlib import Path

import tomli
from textual.color import Color, ColorParseError
from textual.theme import Theme

from gmconsole.tui.settings import config_dir

INSTALLED_DIR = Path(sys.prefix) / "share" / "gmconsole" / "themes"
"""Where a built wheel puts the repository's themes/ (pyproject's `data-files`)."""
SOURCE_DIR = Path(__file__).resolve().parents[2] / "themes"
"""The checkout's themes/ folder, used when the package runs from the source tree (the
editable install `make setup` makes), so an edited theme shows without reinstalling."""
SHIPPED_DIR = SOURCE_DIR if SOURCE_DIR.is_dir() else INSTALLED_DIR
"""The themes that come with gmconsole, wherever this installation keeps them."""

DEFAULT_THEME = "gm-dark"

VARIABLE_DEFAULTS: dict[str, str] = {
    "gm-acting-background": "#005f87",
    "gm-acting-foreground": "#ffffff",
    "gm-cursor-background": "#585858",
    "gm-cursor-foreground": "#ffffff",
    "gm-muted": "#8a8a8a",
}
"""gmconsole's own CSS variables; a theme's [variables] may override any of them."""

_COLOUR_FIELDS = (
    "primary",
    "secondary",
    "warning",
    "error",
    "success",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
_OTHER_FIELDS = {"name": str, "dark": bool, "luminosity_spread": float, "text_alpha": float}


def theme_dirs() -> list[Path]:
    """Shipped themes first, then the user's (a user theme with the same name wins)."""
    return [SHIPPED_DIR, config_dir() / "themes"]


def parse_theme(data: dict, source: str) -> Theme:
    """A Theme from one file's table; ValueError naming the field when something is wrong."""
    unknown = set(data) - set(_COLOUR_FIELDS) - set(_OTHER_FIELDS) - {"variables"}
    if unknown:
        raise ValueError(f"{source}: unknown key(s) {', '.join(sorted(unknown))}")
    if "name" not in data or "primary" not in data:
        raise ValueError(f"{source}: a theme needs at least 'name' and 'primary'")
    kwargs: dict = {}
    for key, kind in _OTHER_FIELDS.items():
        if key in data:
            value = data[key]
            if kind is float and isinstance(value, int):
                value = float(value)
            if not isinstance(value, kind):
                raise ValueError(f"{source}: {key} must be a {kind.__name__}")
            kwargs[key] = value
    for key in _COLOUR_FIELDS:
        if key in data:
            try:
                Color.parse(data[key])
            except ColorParseError as exc:
                raise ValueError(f"{source}: {key}: {exc}") from exc
            kwargs[key] = data[key]
    variables = data.get("variables", {})
    if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
        raise ValueError(f"{source}: [variables] must map names to colour strings")
    return Theme(variables=dict(variables), **kwargs)


def load_themes(dirs: list[Path] | None = None) -> tuple[list[Theme], list[str]]:
    """Every theme found, in file-name order, and one message per file that could not be read."""
    themes: list[Theme] = []
    problems: list[str] = []
    for folder in dirs if dirs is not None else theme_dirs():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                themes.append(parse_theme(tomli.loads(path.read_text(encoding="utf-8")), str(path)))
            except (OSError, tomli.TOMLDecodeError, ValueError) as exc:
                problems.append(str(exc) if str(path) in str(exc) else f"{path}: {exc}")
    return themes, problems
