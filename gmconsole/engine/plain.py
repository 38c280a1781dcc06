"""Plain data: what a result object holds, as TOML and the log can keep it.

Events and a system's remembered last test (Myriad's luck) store values that came out of result
objects (dataclasses, tuples, fractions, enums, pydantic models); `plain` turns them into TOML's
own types, the same way everywhere, so an event written and read back equals the one in memory.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

_AS_IS = frozenset({str, int, float, bool})


def plain(value: Any) -> Any:
    """Plain TOML types for anything a result object may hold (dataclasses, tuples, fractions,
    enums, pydantic models), so events serialise the same everywhere, and no None anywhere
    (TOML has no null: a None entry or item is left out). TOML's own types (dates and times,
    infinite floats) are kept as they are: a JSON detour would lose them."""
    kind = type(value)  # the common types first, by exact type: an event at a 500-fighter round
    if kind in _AS_IS:  # end holds 30,000 values, and isinstance against Mapping (an ABC) was
        return value  # most of the time its text took
    if kind is dict:  # scalars kept in place, not through a call each (most values are)
        return {
            k if type(k) is str else str(k): v if type(v) in _AS_IS else plain(v)
            for k, v in value.items()
            if v is not None
        }
    if kind is list:
        return [v if type(v) in _AS_IS else plain(v) for v in value if v is not None]
    if isinstance(value, BaseModel):
        return plain(value.model_dump())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ((f.name, getattr(value, f.name)) for f in dataclasses.fields(value))
        return {name: plain(v) for name, v in fields if v is not None}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value if v is not None]
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Fraction):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str | dt.date | dt.time):
        return value
    return str(value)
