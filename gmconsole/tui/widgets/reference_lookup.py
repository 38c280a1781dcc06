"""What the reference pane's lookup box finds for what a GM typed, and the one line it says.

`Table.lookup` answers the two shapes the engine knows: a roll on a table keyed by ranges, and a
row name (or a unique prefix of one). Some book tables come as plain reference tables with the
range spread over two number columns, ``Low`` and ``High``: Myriad's "Hit locations (2d6)" has a
row per body type and 2d6 range, "Carrier hit locations (d100)" a row per d100 range. There the
GM types the roll they made (``7``), which is no row's name: the engine refused with every row
name in a three-line error, or, on the d100 table, took ``7`` as the prefix of the row named
``76``. So the box reads a whole number on such a table as a roll against Low-High, where any
number of rows may answer it (one per body type), and takes a name with it to pick one
(``humanoid 7``). A name may be shared by several rows there (five "humanoid" rows) and then
finds them all. On a name-keyed table without those columns a number must be a whole key, never
a prefix ("1" is not "10").

Every refusal is one line naming what was typed and what the table takes, fitted to the pane.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmconsole.engine.tables import Table, TableError
from gmconsole.engine.tables.keys import Span, coverage_text, covers, span_text
from gmconsole.engine.tables.model import Row, cell_text, fold

RANGE_COLUMNS = ("low", "high")
"""Columns that hold a row's range as two numbers. Only this pair: Min/Max are limits (Myriad's
"Absolute limits"), From is a name ("Link difficulty (from / in)")."""
_NUMBER = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class Found:
    rows: list[Row]
    """The rows to mark, in table order; the first is selected."""
    answer: str
    """The lookup's answer, without the ▶ mark."""


def range_columns(table: Table) -> tuple[int, int] | None:
    """Where the Low and High columns are, when the table keeps its ranges in two columns."""
    folded = [fold(c) for c in table.columns]
    if table.keyed_by_number or not all(c in folded for c in RANGE_COLUMNS):
        return None
    return folded.index(RANGE_COLUMNS[0]), folded.index(RANGE_COLUMNS[1])


def _number(cell: object) -> int | None:
    text = cell_text(cell).strip() if isinstance(cell, str | int | float) else ""
    if text == "00":
        return 100  # as d100 tables print 100
    return int(text) if _NUMBER.fullmatch(text) else None


def _span(row: Row, columns: tuple[int, int]) -> Span | None:
    low, high = _number(row.cells[columns[0]]), _number(row.cells[columns[1]])
    if low is None and high is None:
        return None
    return (low, high)


def _fit(items: list[str], room: int) -> str:
    """As many items as fit in `room` cells, then "…"."""
    out = ""
    for i, item in enumerate(items):
        more = ", …" if i < len(items) - 1 else ""
        candidate = f"{out}, {item}" if out else item
        if len(candidate) + len(more) > room and out:
            return out + ", …"
        out = candidate
    return out


class Lookup:
    """One table's lookup; `find(typed)` returns what it found or raises TableError with the
    one-line reason, no wider than `width` when the table's names can be cut to fit."""

    def __init__(self, table: Table, width: int = 76) -> None:
        self.table = table
        self.width = max(30, width)
        self.ranges = range_columns(table)
        self.key_index = table.row_list[0].key_index if table.row_list else 0
        self.key_name = table.columns[self.key_index]
        self.by_roll = table.keyed_by_number or (self.ranges is not None and self.key_index in self.ranges)
        """Rows are told apart by their numbers only (no names to offer)."""

    # ------------------------------------------------------------------ what the table takes

    def names(self) -> list[str]:
        return list(dict.fromkeys(cell_text(r.key) for r in self.table.row_list))

    def coverage(self) -> str:
        if self.table.keyed_by_number:
            return self.table.coverage()
        spans = [s for r in self.table.row_list if (s := self.span(r)) is not None]
        return coverage_text(spans)

    def span(self, row: Row) -> Span | None:
        return _span(row, self.ranges) if self.ranges else None

    def _refuse(self, what: str, *, names: bool = True) -> TableError:
        """`what` was refused; the rest of the line says what the table takes."""
        if self.by_roll or not names:
            return TableError(f"{what}: {self.table.name} covers {self.coverage()}")
        head = f"{what}: look up "
        tail = f" or a roll {self.coverage()}" if self.ranges else ""
        return TableError(head + _fit(self.names(), self.width - len(head) - len(tail)) + tail)

    # ------------------------------------------------------------------ finding

    def find(self, typed: str) -> Found:
        text = " ".join(typed.split())
        if self.table.keyed_by_number:
            return self._by_roll_key(text)
        words = text.split()
        numbers = [w for w in words if _number(w) is not None]
        if self.by_roll and not numbers:
            raise self._refuse(f"{text!r} is not a roll")
        if self.ranges and numbers:
            if len(numbers) > 1:
                raise self._refuse(f"{text!r} holds {len(numbers)} numbers")
            name = " ".join(w for w in words if w != numbers[0])
            return self._by_range(numbers[0], name)
        if numbers and len(words) == 1:
            rows = [r for r in self.table.row_list if fold(cell_text(r.key)) == fold(text)]
            if not rows:
                raise self._refuse(f"no {self.key_name} {text}")
            return self._found(rows, text)
        return self._by_name(text)

    def _by_roll_key(self, text: str) -> Found:
        if _number(text) is None:
            raise self._refuse(f"{text!r} is not a roll")
        try:
            row = self.table.lookup(text)
        except TableError:
            raise self._refuse(f"no row for {text}") from None
        rest = self._rest(row, skip_key=True)
        return Found([row], f"{row.range_text}: {rest}" if rest else row.range_text)

    def _by_range(self, typed_number: str, name: str) -> Found:
        """Rows whose Low-High covers the number; with a name, that name's rows among them."""
        n = _number(typed_number)
        rows = [r for r in self.table.row_list if (s := self.span(r)) is not None and covers((s,), n or 0)]
        if not rows:
            raise self._refuse(f"no row for {typed_number}", names=False)
        if name:
            named = self._named(rows, name)
            if not named:
                raise self._refuse(f"no {self.key_name} {name!r} for {typed_number}")
            rows = named
            name = cell_text(rows[0].key)
        return self._found(rows, f"{name} {typed_number}".strip(), number=True)

    def _by_name(self, name: str) -> Found:
        rows = self._named(self.table.row_list, name)
        if not rows:
            raise self._refuse(f"no {self.key_name} {name!r}")
        return self._found(rows, cell_text(rows[0].key))  # the whole name, not the prefix typed

    def _named(self, rows: list[Row], name: str) -> list[Row]:
        """Rows whose key is `name` (case-insensitive), else whose key is the only one that
        starts with it; a prefix of several keys is refused naming them."""
        wanted = fold(name)
        exact = [r for r in rows if fold(cell_text(r.key)) == wanted]
        if exact:
            return exact
        hits = [r for r in rows if fold(cell_text(r.key)).startswith(wanted)]
        keys = list(dict.fromkeys(cell_text(r.key) for r in hits))
        if len(keys) > 1:
            head, tail = f"{name!r} could be ", ": type more"
            raise TableError(head + _fit(keys, self.width - len(head) - len(tail)) + tail)
        return hits

    # ------------------------------------------------------------------ answering

    def _found(self, rows: list[Row], typed: str, *, number: bool = False) -> Found:
        if len(rows) == 1:
            row = rows[0]
            span = self.span(row)
            label = [] if self.by_roll else [cell_text(row.key)]
            label += [span_text(span)] if span else []
            rest = self._rest(row, skip_key=True)
            return Found(rows, f"{' '.join(label)}: {rest}" if rest else " ".join(label))
        # several rows: each without what the GM typed (the roll, or the shared name)
        parts = [self._rest(r, skip_key=not number, short=True, keep_span=not number) for r in rows]
        return Found(rows, f"{typed}: " + " · ".join(parts))

    def _rest(self, row: Row, *, skip_key: bool, short: bool = False, keep_span: bool = False) -> str:
        """The row's other cells: "Part: torso", or bare values ("humanoid torso") when short."""
        skip = set(self.ranges or ()) | ({row.key_index} if skip_key else set())
        cells = [(c, cell_text(v)) for i, (c, v) in enumerate(zip(row.columns, row.cells, strict=True))
                 if i not in skip and cell_text(v) != ""]
        span = self.span(row) if keep_span else None
        lead = [span_text(span)] if span else []
        if short or len(cells) == 1:
            return " ".join([*lead, *(v for _, v in cells)])
        return " ".join([*lead, "; ".join(f"{c}: {v}" for c, v in cells)])
