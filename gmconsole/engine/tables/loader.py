"""TOML text <-> tables: `load_tables` reads one file's `[[table]]` entries, `dump_tables` writes
them back so that loading the dump gives equal tables (the GM's own tables are saved this way).

The engine does no file I/O: callers hand over the text and a `source` label
("torg/bonus_chart.toml") that every error message starts with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import tomli
import tomli_w
from pydantic import ValidationError

from gmconsole.engine import fast_toml, limits
from gmconsole.engine.tables.errors import TableError
from gmconsole.engine.tables.model import Table

FILE_KEYS = ("title", "credit", "licence", "confidence", "note", "notes", "stand_in", "source")
"""Top-level keys that describe every table of the file. Other top-level keys are left alone:
a system's data file may keep its own structures beside its `[[table]]` entries."""

TABLE_KEYS = (
    "id", "name", "kind", "columns", "rows", "dice", "key", "credit", "licence", "source", "note",
    "notes", "confidence", "stand_in", "group", "bare_dice", "calculator",
)
"""Keys a `[[table]]` entry may hold; anything else is refused as a likely typo."""

_INHERITED = ("credit", "licence", "confidence")
_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def _syntax_error(exc: tomli.TOMLDecodeError, source: str) -> TableError:
    """tomli says "Invalid value (at line 12, column 5)"; the console wants "file:12: ..."."""
    message = str(exc)
    m = _LINE.search(message)
    if m is None:
        return TableError(f"{source}: {message}")
    what = message[: m.start()].rstrip()
    return TableError(f"{source}:{m.group(1)}: {what} (column {m.group(2)})")


def _table_lines(text: str) -> list[int]:
    """The line number of each `[[table]]` header, so a bad table's error points at it."""
    return [i + 1 for i, line in enumerate(text.splitlines()) if re.match(r"\s*\[\[\s*table\s*\]\]", line)]


def _note(value: Any, where: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n".join(value)
    raise TableError(f"{where}: note must be text or a list of text lines")


def _text(raw: dict[str, Any], key: str, where: str) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise TableError(f"{where}: {key} must be text, not {type(value).__name__}")
    return value


def load_tables(text: str, source: str) -> list[Table]:
    """Every `[[table]]` of one TOML file, stamped with the file's credit and licence.

    A table's own `credit`, `licence`, `confidence`, `stand_in` or `note` wins over the file's.
    Errors raise `TableError` naming `source`, the line (for syntax errors and for the offending
    table's `[[table]]` header), the table and what is wrong.
    """
    try:
        raw = fast_toml.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise _syntax_error(exc, source) from None
    entries = raw.get("table", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise TableError(f"{source}: 'table' must be an array of tables, written [[table]]")
    if len(entries) > limits.TABLES_PER_FILE:
        raise TableError(f"{source}: {len(entries):,} tables (a file may hold at most "
                         f"{limits.TABLES_PER_FILE:,}; see the README's limits)")
    file_meta = {k: _text(raw, k, source) for k in ("title", "credit", "licence", "confidence")}
    file_source = raw.get("source") if isinstance(raw.get("source"), str) else None
    file_note = _note(raw.get("note", raw.get("notes")), source)
    file_stand_in = raw.get("stand_in", False)
    if not isinstance(file_stand_in, bool):
        raise TableError(f"{source}: stand_in must be true or false")
    lines = _table_lines(text)
    tables: list[Table] = []
    seen: dict[str, str] = {}
    for n, entry in enumerate(entries):
        line = lines[n] if n < len(lines) else None
        label = str(entry.get("name") or f"#{n + 1}")
        where = f"{source}:{line}" if line else source
        where = f"{where}: table {label!r}"
        table = _build(entry, where, source, file_meta, file_source, file_note, file_stand_in)
        if table.id in seen:
            raise TableError(f"{where}: id {table.id!r} is already used by table {seen[table.id]!r}")
        seen[table.id] = table.name
        tables.append(table)
    return tables


def _build(
    entry: dict[str, Any],
    where: str,
    source: str,
    file_meta: dict[str, str | None],
    file_source: str | None,
    file_note: str,
    file_stand_in: bool,
) -> Table:
    rows = entry.get("rows")
    if isinstance(rows, list) and len(rows) > limits.TABLE_ROWS:
        raise TableError(f"{where}: {len(rows):,} rows (a table may hold at most {limits.TABLE_ROWS:,}; "
                         "see the README's limits)")
    unknown = sorted(set(entry) - set(TABLE_KEYS))
    if unknown:
        raise TableError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(TABLE_KEYS)})")
    if "note" in entry and "notes" in entry:
        raise TableError(f"{where}: give note or notes, not both")
    data = {k: v for k, v in entry.items() if k not in ("source", "note", "notes")}
    for key in _INHERITED:
        if key not in data and file_meta.get(key) is not None:
            data[key] = file_meta[key]
    if "stand_in" not in data:
        data["stand_in"] = file_stand_in
    if "group" not in data and file_meta.get("title"):
        data["group"] = file_meta["title"]
    own_note = _note(entry.get("note", entry.get("notes")), where)
    data["note"] = own_note or file_note
    cite = entry.get("source", file_source)
    if cite is not None:
        if not isinstance(cite, str):
            raise TableError(f"{where}: source must be text (where in the book the table is from)")
        data["cite"] = cite
    data["source"] = source
    try:
        return Table.model_validate(data)
    except ValidationError as exc:
        raise TableError(f"{where}: {_first_problem(exc)}") from None


def _first_problem(exc: ValidationError) -> str:
    """A pydantic error as one line: "rows: row 3 has 2 cell(s) ..." or "dice: must be text"."""
    err = exc.errors()[0]
    msg = str(err["msg"]).removeprefix("Value error, ")
    loc = ".".join(str(p) for p in err["loc"])
    if err["type"] == "missing":
        return f"missing {loc}"
    return f"{loc}: {msg}" if loc else msg


# ---------------------------------------------------------------------- writing


def _scalar(value: Any) -> str:
    """One TOML value, spelt by tomli-w (so strings are escaped exactly as TOML wants); a flat
    list stays on one line, as a GM would write it."""
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    return tomli_w.dumps({"v": value})[len("v = ") :].rstrip("\n")


def dump_tables(
    tables: Sequence[Table],
    *,
    title: str | None = None,
    credit: str | None = None,
    licence: str | None = None,
) -> str:
    """TOML text for `tables`, one row per line; `load_tables` of it gives the tables back.

    File-level `title`, `credit` and `licence` are written when given; each table also carries
    its own metadata whenever it differs, so nothing depends on the file header.
    """
    out: list[str] = []
    for key, value in (("title", title), ("credit", credit), ("licence", licence)):
        if value is not None:
            out.append(f"{key} = {_scalar(value)}")
    for t in tables:
        out += ["", "[[table]]"]
        fields: list[tuple[str, Any]] = [
            ("id", t.id),
            ("name", t.name),
            ("kind", t.kind),
            ("group", t.group if t.group != (title or "") else None),
            ("credit", t.credit if t.credit != (credit or "") else None),
            ("licence", t.licence if t.licence != (licence or "") else None),
            ("confidence", t.confidence),
            ("stand_in", True if t.stand_in else None),
            ("source", t.cite or None),
            ("note", t.note or None),
            ("dice", t.dice),
            ("key", t.key if t.key != t.columns[0] else None),
            ("bare_dice", False if not t.bare_dice else None),
            ("calculator", t.calculator or None),
            ("columns", t.columns),
        ]
        for key, value in fields:
            if value is not None:
                out.append(f"{key} = {_scalar(value)}")
        out.append("rows = [")
        out += [f"  {_scalar(row)}," for row in t.rows]
        out.append("]")
    return "\n".join(out).lstrip("\n") + "\n"
