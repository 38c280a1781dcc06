"""Myriad's tables, read from ``data/*.toml`` at run time.

Why files and not code: the tables are the book's (CC BY 2.0 UK) and must carry their credit and
licence line wherever they are shown, and a GM or a module can swap them (skill lists, weapons,
templates) without touching code. Stand-in files (the project's own, where the book is silent) say
``stand_in = true`` and are credited to the project.

File shape: ``title``, ``credit``, ``licence``, ``source`` (and optional ``note``, ``stand_in``) at the
top, then one or more arrays of tables (``[[weapons]]`` ...); each array is one reference table whose
columns are its keys.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import tomli

from gmconsole.engine import fast_toml
from gmconsole.systems.myriad.errors import MyriadError

REQUIRED_KEYS = ("title", "credit", "licence", "source")
CREDIT = "Myriad System by Ashok Desai (Sane Studios, www.sanestudios.co.uk)"
LICENCE = "Creative Commons Attribution 2.0 UK: England & Wales (CC BY 2.0 UK)"
DATA_DIR = Path(__file__).parent / "data"
"""The shipped data files. A plain path rather than `importlib.resources`: pip installs the
package as files, and the resources machinery costs ~1 ms more on the way to the first screen."""


class MyriadDataError(MyriadError):
    """A data file is missing, malformed, or a key asked of it does not exist."""


def data_files() -> list[str]:
    """Names (without ``.toml``) of every shipped Myriad data file, sorted."""
    return sorted(p.name.removesuffix(".toml") for p in DATA_DIR.iterdir() if p.name.endswith(".toml"))


@cache
def _load(name: str) -> dict[str, Any]:
    path = DATA_DIR / f"{name}.toml"
    if not path.is_file():
        raise MyriadDataError(unknown_message("data file", name, data_files()))
    try:
        doc = fast_toml.loads(path.read_text(encoding="utf-8"))
    except tomli.TOMLDecodeError as exc:
        raise MyriadDataError(f"myriad/data/{name}.toml: {exc}") from exc
    missing = [key for key in REQUIRED_KEYS if not isinstance(doc.get(key), str)]
    if missing:
        raise MyriadDataError(f"myriad/data/{name}.toml: missing {', '.join(missing)}")
    return doc


def load(name: str) -> dict[str, Any]:
    """A fresh copy of one data file (callers may change it without touching the cache)."""
    return copy.deepcopy(_load(name))


def document(name: str) -> Mapping[str, Any]:
    """One data file as parsed, shared with every other reader, for code that only reads it
    (the reference pane's tables): no copy is made, so it must never be changed; `load`
    gives a copy that may be."""
    return _load(name)


def rows(name: str, table: str) -> list[dict[str, Any]]:
    """The rows of array-table ``table`` in data file ``name`` (a copy the caller may change)."""
    return copy.deepcopy(_rows(name, table))


def _rows(name: str, table: str) -> list[dict[str, Any]]:
    """The cached rows themselves: read them, never change them."""
    doc = _load(name)
    value = doc.get(table)
    if not isinstance(value, list):
        tables = [key for key, val in doc.items() if isinstance(val, list)]
        raise MyriadDataError(unknown_message(f"table in {name}.toml", table, tables))
    return value


def row(name: str, table: str, key: str, value: Any, *, what: str) -> dict[str, Any]:
    """The row of ``table`` whose ``key`` equals ``value``; a clear message if there is none.

    ``what`` names the thing in the table's language ("weapon", "race") for the message.
    Only the row found is copied (the caller may change it), not the whole table.
    """
    wanted = normalise(value) if isinstance(value, str) else value
    found = _rows(name, table)
    for entry in found:
        have = entry.get(key)
        if (normalise(have) if isinstance(have, str) else have) == wanted:
            return copy.deepcopy(entry)
    raise MyriadDataError(unknown_message(what, str(value), [str(entry.get(key)) for entry in found]))


def normalise(name: str) -> str:
    """Ids are lower snake case: "Very Hard", "very-hard" and "very_hard" are the same key."""
    return "_".join(name.strip().lower().replace("-", " ").replace("&", "and").split())


def unknown_message(what: str, name: str, known: Iterable[str]) -> str:
    known = list(known)
    close = difflib.get_close_matches(normalise(name), known, n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    return f"Unknown {what} {name!r}.{hint} Known: {', '.join(known)}."
