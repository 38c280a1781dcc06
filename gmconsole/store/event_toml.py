"""The TOML text of one logged event: a line per changed leaf and per row of its data.

The log is the one file the console writes on every change, and the only one that grows with
play, so its layout is chosen for size and speed rather than left to a general writer:

    [[event]]
    id = "3c398219cfc1"
    kind = "turn"
    text = "Round 2; Goblin 3"
    time = "2026-11-26T03:59:48Z"

    [event.data]
    initiative = [
        { who = "goblin-1", dice = [9], modifier = 1, total = 10 },
    ]

    [[event.changes]]
    path = "encounters/battle"
    planned = true

    [event.changes.changed]
    round = [1, 2]
    "combatants.4.sheet.hp" = [5, 2]

Every value is written inline on its key's line (a list of tables one table a line), so a
changed leaf costs one line where tomli_w wrote a four-line table for it, and a 500-goblin
round's rolls are 500 lines rather than 2,500. tomli_w took 155-250 ms to write that round's
event; this takes a few. Strings are JSON's escaped form, which is TOML's basic string
(plus DEL, which TOML wants escaped too), so nothing here parses strings by hand. Every text
is read back by tomli in the tests, over generated values.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable, Mapping
from json.encoder import encode_basestring  # C speed; json.dumps(ensure_ascii=False) calls it
from typing import Any

from gmconsole.engine.plain import plain

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_CHANGE_TABLES = ("changed", "added", "removed")
_CHANGE_FLAGS = ("planned", "created", "deleted")
_ROW_INDENT = "    "


def toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes (quote, backslash, control characters) are TOML's."""
    out = encode_basestring(text)
    return out.replace("\x7f", "\\u007f") if "\x7f" in out else out


_KEYS: dict[str, str] = {}
"""Keys as written (the same few repeat on every row)."""


def toml_key(key: str) -> str:
    """A key as TOML writes it, bare when it can be."""
    text = _KEYS.get(key)
    if text is None:
        if len(_KEYS) > 4096:
            _KEYS.clear()
        text = _KEYS[key] = key if _BARE_KEY.match(key) else toml_string(key)
    return text


def _item(value: Any) -> str:
    """`inline` of an item, a str's or an int's text written here: the two types most items
    are (a 2,000-goblin round's rolls are 45,000 values), spared `inline`'s chain of checks."""
    kind = type(value)
    if kind is str:
        return toml_string(value)
    if kind is int:
        return str(value)
    return inline(value)


def inline(value: Any) -> str:
    """One value on one line: arrays as `[a, b]`, tables as `{ k = v }`; None entries and
    items are left out, and other types made plain first (`plain`)."""
    kind = type(value)
    if kind is str:
        return toml_string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is float:
        return "nan" if math.isnan(value) else repr(value)  # "inf", "-inf", "1e+16": TOML floats
    if kind is list or kind is tuple:
        return "[" + ", ".join([_item(v) for v in value if v is not None]) + "]"
    if kind is dict:
        if not value:
            return "{}"
        keys = _KEYS
        pairs = [f"{keys.get(k) or toml_key(k)} = {_item(v)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(pairs) + " }"
    if isinstance(value, dt.date | dt.time):  # datetime is a date
        return value.isoformat()
    made = plain(value)
    if type(made) is kind:
        raise TypeError(f"cannot write {kind.__name__} to the log: {value!r}")
    return inline(made)


def _rows(value: Any) -> bool:
    return type(value) is list and bool(value) and all(type(v) is dict for v in value)


def _line(key: str, value: Any) -> str:
    """`key = value`, a list of tables written a table a line."""
    key = toml_key(key if type(key) is str else str(key))
    if _rows(value):
        rows = "".join(f"{_ROW_INDENT}{inline(v)},\n" for v in value)
        return f"{key} = [\n{rows}]\n"
    return f"{key} = {inline(value)}\n"


def _table(header: str, entries: Mapping[str, Any]) -> str:
    return f"\n[{header}]\n" + "".join(_line(k, v) for k, v in entries.items() if v is not None)


def event_toml(event: Mapping[str, Any]) -> str:
    """The `[[event]]` block for an event's fields (`id`, `kind`, ..., `data`, `changes`, each
    change with its leaf tables): its own fields, then `[event.data]`, then each change."""
    data = event.get("data") or {}
    changes: Iterable[Mapping[str, Any]] = event.get("changes") or ()
    out = ["[[event]]\n"]
    out += (_line(k, v) for k, v in event.items() if k not in ("data", "changes") and v is not None)
    if data:
        out.append(_table("event.data", data if isinstance(data, Mapping) else plain(data)))
    for change in changes:
        out.append("\n[[event.changes]]\n")
        out.append(_line("path", change["path"]))
        out += (_line(flag, True) for flag in _CHANGE_FLAGS if change.get(flag))
        out += (_table(f"event.changes.{name}", change[name]) for name in _CHANGE_TABLES if change.get(name))
    return "".join(out)
