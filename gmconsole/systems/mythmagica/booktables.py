"""Reading the book's tables from `data/*.toml` (the licence asks that they stay out of code)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from gmconsole.engine import fast_toml

_RANGE = re.compile(r"^(-?\d+)-(-?\d+)$")
DATA_DIR = Path(__file__).parent / "data"


@cache
def _file(name: str) -> dict[str, Any]:
    return fast_toml.loads((DATA_DIR / name).read_text(encoding="utf-8"))


@cache
def table_rows(file: str, name: str) -> tuple[tuple[Any, ...], ...]:
    """The rows of the `[[table]]` called `name` in `data/<file>`."""
    for table in _file(file).get("table", []):
        if table["name"] == name:
            return tuple(tuple(r) for r in table["rows"])
    raise KeyError(f"no table {name!r} in {file}")


@cache
def int_lookup(file: str, name: str, column: int = 1) -> dict[int, Any]:
    """A table keyed by an integer first column (rows with range keys are skipped)."""
    return {r[0]: r[column] for r in table_rows(file, name) if isinstance(r[0], int)}


def ranges(file: str, name: str) -> list[tuple[int, int | None, Any]]:
    """Rows keyed "a-b", "a+" or a single number, as (low, high, value); high None is open."""
    out: list[tuple[int, int | None, Any]] = []
    for key, value, *_ in table_rows(file, name):
        text = str(key).strip()
        if text.endswith("+"):
            out.append((int(text[:-1]), None, value))
        elif m := _RANGE.match(text):
            out.append((int(m[1]), int(m[2]), value))
        else:
            out.append((int(text), int(text), value))
    return out


def range_lookup(file: str, name: str, value: int) -> Any:
    for lo, hi, out in ranges(file, name):
        if value >= lo and (hi is None or value <= hi):
            return out
    raise KeyError(value)


def named_rows(file: str, name: str) -> dict[str, tuple[Any, ...]]:
    """Rows keyed by their first column, lower-cased."""
    return {str(r[0]).lower(): r for r in table_rows(file, name)}
