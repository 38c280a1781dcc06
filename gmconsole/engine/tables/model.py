"""`Table` and `Row`: a reference table as written, checked once, then looked up, rolled and searched.

A table stores exactly what the GM wrote (`columns`, `rows` of cells) plus its metadata; what
can be worked out from that (each row's numeric span, the cumulative ranges of a weighted table,
whether a lookup is by number or by name) is computed when the table is built and never stored,
so dumping a table writes back what was read.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from gmconsole.engine.model import Model
from gmconsole.engine.tables.errors import TableError
from gmconsole.engine.tables.keys import Span, coverage_text, covers, first_overlap, parse_key, span_text

if TYPE_CHECKING:
    from gmconsole.engine.tables.rolling import TableRoll

Cell = str | int | float
Kind = Literal["lookup", "random", "reference"]
Resolver = Callable[[str], "Table | None"]
"""Finds another table by name for `{Name}` references; None (or KeyError) when there is none."""


def slug(text: str) -> str:
    """`Bonus chart` -> `bonus-chart`: ids a GM can type ("table" when nothing is left)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "table"


def fold(text: str) -> str:
    """Case- and spacing-blind form used for every name comparison."""
    return " ".join(str(text).casefold().split())


def cell_text(cell: Cell) -> str:
    if isinstance(cell, float):
        return f"{cell:g}"
    return str(cell)


def _total_weight(rows: Any, k: int) -> int | None:
    """The sum of a weighted table's weights, or None when a weight is unreadable (the
    after-validator then reports which)."""
    if not isinstance(rows, list):
        return None
    total = 0
    for row in rows:
        w = row[k] if isinstance(row, list) and len(row) > k else None
        if isinstance(w, str) and w.strip().isdigit():
            w = int(w)
        if isinstance(w, bool) or not isinstance(w, int) or w < 1:
            return None
        total += w
    return total


class Row(Model):
    """One row as looked up or rolled: its cells, and what its key covers."""

    model_config = ConfigDict(frozen=True)

    index: int
    """0-based position in the table."""
    cells: tuple[Cell, ...]
    columns: tuple[str, ...]
    key_index: int = 0
    spans: tuple[Span, ...] = ()
    """Numbers this row answers to (empty for a name key or a reference table)."""
    weight: int | None = None

    @property
    def key(self) -> Cell:
        return self.cells[self.key_index]

    def __getitem__(self, column: int | str) -> Cell:
        """A cell by position or by column name (case-insensitive): `row["Bonus"]`."""
        if isinstance(column, int):
            return self.cells[column]
        wanted = fold(column)
        for i, name in enumerate(self.columns):
            if fold(name) == wanted:
                return self.cells[i]
        raise TableError(f"no column {column!r} (columns: {', '.join(self.columns)})")

    @property
    def values(self) -> dict[str, Cell]:
        """The cells other than the key, by column name."""
        pairs = enumerate(zip(self.columns, self.cells, strict=True))
        return {c: v for i, (c, v) in pairs if i != self.key_index}

    @property
    def value(self) -> Cell:
        """The first cell after the key: what a two-column lookup answers ("Bonus" for a roll)."""
        rest = list(self.values.values())
        return rest[0] if rest else self.key

    @property
    def range_text(self) -> str:
        """The numbers this row covers as a reader would write them ("3-5" for a weighted row)."""
        return ", ".join(span_text(s) for s in self.spans) if self.spans else cell_text(self.key)

    def text(self) -> str:
        """The row's result cells as one line; with several, each is named by its column."""
        values = self.values
        if len(values) == 1:
            return cell_text(next(iter(values.values())))
        return "; ".join(f"{c}: {cell_text(v)}" for c, v in values.items())


class Table(Model):
    """A lookup, random or reference table. See the package docstring for the TOML format."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = ""
    """Stable id (defaults to the name as a slug)."""
    name: str = Field(min_length=1)
    kind: Kind = "reference"
    columns: list[str]
    rows: list[list[Cell]]
    dice: str | None = None
    """The dice expression a random table is rolled with ("1d100", "2d6")."""
    key: str | None = None
    """The column rows are looked up by (defaults to the first)."""
    credit: str = ""
    licence: str = ""
    source: str = ""
    """Where the table was loaded from ("torg/bonus_chart.toml")."""
    note: str = ""
    confidence: str | None = None
    """How sure the data is (a system's own badge: "text", "ocr-rec", "stand-in"...)."""
    stand_in: bool = False
    """The project's own stand-in data, not the book's: the GM may replace it."""
    group: str = ""
    """The title of the file the table came from, for grouping in the reference pane."""
    cite: str = ""
    """Where in the book the data comes from (the TOML `source` key)."""
    bare_dice: bool = True
    """Whether plain dice in results ("2d6 goblins") are rolled; `[[...]]` always is."""
    calculator: str = ""
    """A calculator of the system (`calc KEY`) the reference pane's lookup box runs on what is
    typed while this table is open ("3 km" on ARM's unit table shows it in every unit)."""

    _rows: list[Row] = PrivateAttr(default_factory=list)
    _numeric: bool = PrivateAttr(default=False)

    # ------------------------------------------------------------------ building

    @model_validator(mode="before")
    @classmethod
    def _normalise(cls, data: Any) -> Any:
        """Fill what a hand-written table may leave out: id, kind, key, and plain-text rows."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        rows = data.get("rows")
        name = data.get("name")
        if isinstance(name, str) and not data.get("id"):
            data["id"] = slug(name)
        columns = data.get("columns")
        key = data.get("key") or (columns[0] if isinstance(columns, list) and columns else None)
        weighted = isinstance(key, str) and fold(key) == "weight"
        if "kind" not in data:
            data["kind"] = "random" if data.get("dice") or weighted else "reference"
        if isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows):
            if data["kind"] == "random":
                if data.get("dice") is None:
                    data["dice"] = f"1d{len(rows)}"
                if columns is None or (isinstance(columns, list) and len(columns) == 1):
                    result = columns[0] if columns else "Result"
                    data["columns"] = [f"d{len(rows)}", result]
                data["rows"] = [[i + 1, r] for i, r in enumerate(rows)]
            else:
                data["rows"] = [[r] for r in rows]
                data.setdefault("columns", [data.get("name") or "Entry"])
        columns = data.get("columns")
        if data.get("key") is None and isinstance(columns, list) and columns:
            data["key"] = columns[0]
        if weighted and data.get("dice") is None and isinstance(columns, list):
            total = _total_weight(data.get("rows"), columns.index(key) if key in columns else 0)
            if total is not None:
                data["dice"] = f"1d{total}"
        for i, row in enumerate(data.get("rows") or []):
            if isinstance(row, list) and any(isinstance(c, bool) for c in row):
                raise ValueError(f"row {i + 1}: cells hold text or numbers, not true/false")
            if isinstance(row, list) and any(isinstance(c, list | dict) for c in row):
                raise ValueError(f"row {i + 1}: a cell holds a list or table; cells hold text or numbers")
        return data

    @model_validator(mode="after")
    def _check(self) -> Table:
        if not self.name.strip():
            raise ValueError("the name is blank")
        if not self.columns:
            raise ValueError("needs at least one column")
        seen: set[str] = set()
        for c in self.columns:
            if not c.strip():
                raise ValueError("a column has an empty name")
            if fold(c) in seen:
                raise ValueError(f"column {c!r} appears twice")
            seen.add(fold(c))
        if not self.rows:
            raise ValueError("has no rows")
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {i + 1} has {len(row)} cell(s) but the table has {len(self.columns)} "
                    f"column(s) ({', '.join(self.columns)})"
                )
        folded = [fold(c) for c in self.columns]
        if self.key is None or fold(self.key) not in folded:
            raise ValueError(f"key column {self.key!r} is not one of the columns ({', '.join(self.columns)})")
        k = folded.index(fold(self.key))
        if self.kind == "reference":
            if self.dice is not None:
                raise ValueError("a reference table has no dice; make it kind = \"random\" to roll it")
            self._rows = [self._row(i, k, ()) for i in range(len(self.rows))]
        elif folded[k] == "weight":
            self._build_weighted(k)
        else:
            self._build_keyed(k)
        if self.kind == "random" and not self.dice:
            raise ValueError('a random table needs dice, e.g. dice = "1d6"')
        return self

    def _row(self, i: int, k: int, spans: tuple[Span, ...], weight: int | None = None) -> Row:
        return Row(
            index=i, cells=tuple(self.rows[i]), columns=tuple(self.columns), key_index=k,
            spans=spans, weight=weight,
        )

    def _build_weighted(self, k: int) -> None:
        rows: list[Row] = []
        total = 0
        for i, row in enumerate(self.rows):
            w = row[k]
            if isinstance(w, str) and w.strip().isdigit():
                w = int(w)
            if not isinstance(w, int) or w < 1:
                raise ValueError(f"row {i + 1}: weight {w!r} must be a whole number of 1 or more")
            rows.append(self._row(i, k, ((total + 1, total + w),), weight=w))
            total += w
        expected = f"1d{total}"
        if self.dice is not None and self.dice.replace(" ", "").lower() not in (expected, expected[1:]):
            raise ValueError(
                f"weights add up to {total}, so the table rolls {expected}, not {self.dice}; "
                "drop dice or key the rows by range"
            )
        self._rows = rows
        self._numeric = True

    def _build_keyed(self, k: int) -> None:
        parsed: list[tuple[Span, ...] | None] = []
        for i, row in enumerate(self.rows):
            try:
                parsed.append(parse_key(row[k]))
            except ValueError as exc:
                raise ValueError(f"row {i + 1}: {exc}") from None
        numeric = self.kind == "random" or parsed[0] is not None
        if numeric:
            for i, spans in enumerate(parsed):
                if spans is None:
                    raise ValueError(
                        f"row {i + 1}: key {cell_text(self.rows[i][k])!r} is not a number or range "
                        "like 7, 3-4, 61+ or 5 or less"
                    )
            keyed = [(s, i) for i, spans in enumerate(parsed) for s in spans or ()]
            clash = first_overlap(keyed)
            if clash is not None:
                a, b, sa, sb = clash
                what = f"row {a + 1} covers {span_text(sa)} twice" if a == b else (
                    f"rows {a + 1} and {b + 1} overlap ({span_text(sa)} and {span_text(sb)})"
                )
                raise ValueError(what)
            self._rows = [self._row(i, k, spans or ()) for i, spans in enumerate(parsed)]
        else:
            names: dict[str, int] = {}
            for i, spans in enumerate(parsed):
                if spans is not None:
                    raise ValueError(
                        f"row {i + 1}: key {cell_text(self.rows[i][k])!r} is a number, but the table "
                        "is keyed by name (row 1); key every row the same way"
                    )
                name = fold(cell_text(self.rows[i][k]))
                if name in names:
                    same = cell_text(self.rows[i][k])
                    raise ValueError(f"rows {names[name] + 1} and {i + 1} have the same key {same!r}")
                names[name] = i
            self._rows = [self._row(i, k, ()) for i in range(len(self.rows))]
        self._numeric = numeric

    # ------------------------------------------------------------------ reading

    @property
    def row_list(self) -> list[Row]:
        """Every row as a `Row` (with its computed spans)."""
        return list(self._rows)

    @property
    def keyed_by_number(self) -> bool:
        return self._numeric

    def coverage(self) -> str:
        """The numbers the table answers ("1-50, 51+" merges to "1+")."""
        return coverage_text([s for r in self._rows for s in r.spans])

    def lookup(self, key: int | str) -> Row:
        """The row for a total (matched against ranges) or a name (case-insensitive, or a unique
        prefix of one). A typed "23" on a numeric table is the number 23."""
        if isinstance(key, bool):
            raise TableError(f"{self.name}: look up a number or a name, not {key!r}")
        if self._numeric:
            if isinstance(key, str):
                text = key.strip()
                if not re.fullmatch(r"[+-]?\d+", text):
                    raise TableError(f"{self.name} is keyed by number; {key!r} is not a whole number")
                key = int(text)
            for row in self._rows:
                if covers(row.spans, key):
                    return row
            raise TableError(f"no row for {key} in {self.name} (covers {self.coverage()})")
        return self._by_name(str(key))

    def _by_name(self, name: str) -> Row:
        wanted = fold(name)
        if not wanted:
            raise TableError(f"{self.name}: name a row to look up")
        for row in self._rows:
            if fold(cell_text(row.key)) == wanted:
                return row
        if wanted.isdigit():
            hits = []  # a typed number is a whole key: "7" must not find the row named "76"
        else:
            hits = [r for r in self._rows if fold(cell_text(r.key)).startswith(wanted)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            names = ", ".join(cell_text(r.key) for r in hits)
            raise TableError(f"{name!r} is ambiguous in {self.name}: {names}")
        known = [cell_text(r.key) for r in self._rows]
        shown = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
        raise TableError(f"no row named {name!r} in {self.name} (rows: {shown})")

    def value(self, key: int | str, column: int | str | None = None) -> Cell:
        """One cell of the looked-up row: `column`, or the first cell after the key."""
        row = self.lookup(key)
        return row.value if column is None else row[column]

    def text_rows(self) -> list[list[str]]:
        """Every row's cells as display text, in table order (headers are `columns`)."""
        return [[cell_text(c) for c in row] for row in self.rows]

    # ------------------------------------------------------------------ searching

    def _haystack(self) -> str:
        parts = [self.name, self.group, self.note, *self.columns]
        parts += [cell_text(c) for row in self.rows for c in row]
        return fold(" ".join(parts))

    def search(self, query: str) -> int:
        """How well the table matches a query: 0 for no match, higher for better.

        Every word of the query must appear in the name, the group, the note, the column names or
        the cells. Name matches rank first: exact, then prefix, then at the start of a word of
        the name ("ward" finds "Natural Ward" before "XP rewards"), then substring.
        """
        q = fold(query)
        if not q:
            return 1
        name = fold(self.name)
        if q in (name, fold(self.id)):
            return 100
        if name.startswith(q) or fold(self.id).startswith(q):
            return 80
        if re.search(rf"(?<!\w){re.escape(q)}", name):  # at the start of a word of the name
            return 70
        if q in name:
            return 60
        words = q.split()
        if all(w in name for w in words):
            return 50
        head = fold(" ".join([self.name, self.group, self.note, *self.columns]))
        if all(w in head for w in words):
            return 30
        if all(w in self._haystack() for w in words):
            return 10
        return 0

    def matching_rows(self, query: str) -> list[Row]:
        """Rows whose cells contain every word of the query (to filter a long reference table)."""
        words = fold(query).split()
        return [
            row
            for row in self._rows
            if all(w in fold(" ".join(cell_text(c) for c in row.cells)) for w in words)
        ]

    # ------------------------------------------------------------------ rolling

    def roll(
        self,
        rng: random.Random | None = None,
        dice: Sequence[int] | None = None,
        resolver: Resolver | None = None,
        *,
        total: int | None = None,
    ) -> TableRoll:
        """Roll the table's dice (or use faces typed by hand, in order; or a `total` already rolled),
        pick the row, and resolve the dice and `{Table}` references inside its result."""
        from gmconsole.engine.tables.rolling import roll_table

        return roll_table(self, rng=rng, dice=dice, resolver=resolver, total=total)


def search_tables(tables: Sequence[Table], query: str) -> list[Table]:
    """The tables matching `query`, best first (ties keep their order)."""
    scored = [(t.search(query), i, t) for i, t in enumerate(tables)]
    return [t for s, _, t in sorted(scored, key=lambda x: (-x[0], x[1])) if s > 0]


def resolver_for(tables: Sequence[Table]) -> Resolver:
    """A resolver finding a table by id or name (case-insensitive), for `Table.roll`."""

    def resolve(name: str) -> Table | None:
        wanted = fold(name)
        for t in tables:
            if fold(t.name) == wanted or fold(t.id) == wanted or t.id == slug(name):
                return t
        return None

    return resolve
