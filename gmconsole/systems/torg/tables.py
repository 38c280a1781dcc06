"""Torg's book tables, read from `data/*.toml` at run time.

Why data files: the rule book grants no licence, so its tables are kept out of the code (the code
holds only procedures) and the GM can correct any cell from a printed copy. Every file carries
`title`, `credit`, `licence` and a `confidence` badge (spec §9.5: `text`, `ocr-rec`,
`ocr-uncertain`, `mixed`, or `stand-in` for the project's own replaceable data), plus `notes`
where the rulings taken for that table are written down for the GM to read.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import tomli

from gmconsole.engine import fast_toml
from gmconsole.systems.torg.errors import TorgError

META_KEYS = ("title", "credit", "licence", "confidence")
CONFIDENCE = frozenset({"text", "ocr-rec", "ocr-uncertain", "mixed", "stand-in"})
DATA_DIR = Path(__file__).parent / "data"
"""The shipped data files. A plain path rather than `importlib.resources`: pip installs the
package as files, and the resources machinery costs ~1 ms more on the way to the first screen."""


class TorgDataError(TorgError):
    """A data file or a lookup in one is wrong; the message names the file and the key."""


@dataclass(frozen=True)
class DataFile:
    """One loaded data file: its metadata and the rest of its keys."""

    name: str
    title: str
    credit: str
    licence: str
    confidence: str
    source: str = ""
    notes: tuple[str, ...] = ()
    body: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        try:
            return self.body[key]
        except KeyError:
            raise TorgDataError(f"{self.name}.toml: missing key '{key}'") from None


def data_file_names() -> list[str]:
    """Every data file shipped with the Torg package, without the `.toml` suffix."""
    return sorted(p.name[:-5] for p in DATA_DIR.iterdir() if p.name.endswith(".toml"))


def parse_data_file(name: str, raw: dict[str, Any]) -> DataFile:
    """Check a data file's metadata and wrap it; a GM's replacement file goes through here too."""
    missing = [k for k in META_KEYS if not isinstance(raw.get(k), str) or not raw.get(k)]
    if missing:
        raise TorgDataError(f"{name}.toml: missing {', '.join(missing)}")
    if raw["confidence"] not in CONFIDENCE:
        raise TorgDataError(
            f"{name}.toml: confidence '{raw['confidence']}' is not one of {sorted(CONFIDENCE)}"
        )
    notes = raw.get("notes", [])
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise TorgDataError(f"{name}.toml: notes must be a list of strings")
    body = {k: v for k, v in raw.items() if k not in (*META_KEYS, "source", "notes")}
    if "stand_in" in body and not isinstance(body["stand_in"], bool):
        raise TorgDataError(f"{name}.toml: stand_in must be true or false")
    return DataFile(
        name=name,
        title=raw["title"],
        credit=raw["credit"],
        licence=raw["licence"],
        confidence=raw["confidence"],
        source=str(raw.get("source", "")),
        notes=tuple(notes),
        body=body,
    )


@cache
def load(name: str) -> DataFile:
    """Load `data/<name>.toml` once per process (the files are read-only at run time)."""
    path = DATA_DIR / f"{name}.toml"
    if not path.is_file():
        raise TorgDataError(f"no Torg data file '{name}'{suggest(name, data_file_names())}")
    try:
        raw = fast_toml.loads(path.read_text(encoding="utf-8"))
    except tomli.TOMLDecodeError as exc:
        raise TorgDataError(f"{name}.toml: {exc}") from exc
    return parse_data_file(name, raw)


def suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """'; did you mean X?' for an unknown key, or the list of choices when nothing is close."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    if close:
        return f"; did you mean '{close[0]}'?"
    shown = ", ".join(sorted(choices)[:12])
    return f" (known: {shown}{', ...' if len(choices) > 12 else ''})"


def lookup(table: dict[str, Any], key: str, what: str, file: str) -> Any:
    """`table[key]` with a clear message naming the file and the near misses."""
    try:
        return table[key]
    except KeyError:
        raise TorgDataError(f"unknown {what} '{key}' in {file}.toml{suggest(key, list(table))}") from None
