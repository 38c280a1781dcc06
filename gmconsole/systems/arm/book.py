"""The ARM data files, read once per process: the unit table, the damage table, the example
racial limits and point costs. The numbers are the book's; the files carry its credit."""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from importlib import resources
from typing import Any

from gmconsole.engine import fast_toml


@cache
def data_file(name: str) -> dict[str, Any]:
    """One `data/<name>.toml` file, parsed."""
    text = resources.files("gmconsole.systems.arm.data").joinpath(f"{name}.toml").read_text("utf-8")
    return fast_toml.loads(text)


@cache
def units() -> dict[str, int]:
    """Unit key -> the log to add to a value in that unit to get it in metres or seconds."""
    return dict(data_file("scale")["units"])


@cache
def damage_rows() -> tuple[tuple[int, int], ...]:
    """(wound level, shock level) for damage results 0, 1, ... 11 (the last row is 11 and up)."""
    table = next(t for t in data_file("damage")["table"] if t["name"] == "Damage table")
    return tuple((int(row[1]), int(row[2])) for row in table["rows"])


@cache
def unit_sizes() -> dict[str, Decimal]:
    """Unit key -> its exact size in metres or seconds (the converter's measures; the book
    converts logs only, by the table in `units`)."""
    return {k: Decimal(v) for k, v in data_file("scale")["sizes"].items()}
