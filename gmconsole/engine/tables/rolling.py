"""Rolling a table: its dice pick a row, then the dice and table references inside the row are
resolved, left to right, so "[[1d4]] torches and {Weather}" reads "3 torches and light rain".

Three things in a result cell are rolled (the package docstring shows them to GMs):

- `[[expr]]`: any expression of the dice language (`[[2d6+1]]`, `[[4d6kh3]]`);
- bare `NdS`, `NdS+M` or `NdS-M` words ("2d6 goblins"), unless the table says `bare_dice = false`;
- `{Name}`: a roll on another table, found through the resolver (by id or name).

Faces typed by hand are used in reading order: the table's own dice first, then each nested
roll as it is met; when they run out, the injected `random.Random` rolls the rest. Nesting is
bounded (`MAX_DEPTH` tables deep, `MAX_ROLLS` rolls in all) so a table that refers to itself, or
two that refer to each other, fail with a clear message instead of running away.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import Field

from gmconsole.engine.dice import DiceError, ManualDiceError, RollResult
from gmconsole.engine.dice import roll as roll_dice
from gmconsole.engine.model import Model
from gmconsole.engine.tables.errors import TableError
from gmconsole.engine.tables.model import Row, cell_text

if TYPE_CHECKING:
    from gmconsole.engine.tables.model import Resolver, Table

MAX_DEPTH = 8
"""Tables deep a chain of `{Name}` references may go."""
MAX_ROLLS = 200
"""Dice expressions and table rolls, together, in one roll of a table."""

_TOKEN = re.compile(
    r"\[\[(?P<inline>(?:[^\[\]]|\[[^\[\]]*\])+)\]\]"  # [[2d6+1]], labels like [[2d6[fire]]] allowed
    r"|\{(?P<ref>[^{}]+)\}"  # {Weather}
    r"|(?<![\w.])(?P<bare>\d*[dD]\d+(?:[+-]\d+)?)(?![\w.])"  # 2d6, d20, 1d4+1
)


class NestedRoll(Model):
    """A dice expression rolled inside a result."""

    expr: str
    total: int
    faces: list[int] = Field(default=[])


class TableRoll(Model):
    """One roll on a table: what was rolled, the row it picked and the resolved result."""

    table: str
    """The table's name."""
    table_id: str
    dice: str | None
    """The expression rolled; None when the GM gave the total."""
    total: int
    faces: list[int] = Field(default=[])
    row: Row
    cells: list[str]
    """The row's result cells (all but the key), with nested rolls resolved."""
    text: str
    """The result as one line."""
    nested: list[NestedRoll] = Field(default=[])
    subrolls: list[TableRoll] = Field(default=[])
    """Rolls on other tables this result referred to, in reading order."""

    def summary(self) -> str:
        """One line for the dice log: "Encounters (2d6: 7): 7 goblins [2d6 = 7]", with each
        nested table roll shown the same way after it: "[Weather (1d6: 2)]"."""
        return f"{self.table} ({self._how()}): {self.text}{self._extra()}"

    def _how(self) -> str:
        return f"{self.dice}: {self.total}" if self.dice else f"{self.total}"

    def _extra(self) -> str:
        extra = "".join(f" [{n.expr} = {n.total}]" for n in self.nested)
        return extra + "".join(f" [{s.table} ({s._how()}){s._extra()}]" for s in self.subrolls)


class _Rolling:
    """State shared by every roll in one `Table.roll` call: typed faces, the rng, the budget."""

    def __init__(self, rng: random.Random | None, faces: Sequence[int] | None, resolver: Resolver | None):
        self.rng = rng if rng is not None else random.Random()
        self.faces = list(faces or [])
        self.resolver = resolver
        self.count = 0

    def spend(self, what: str) -> None:
        self.count += 1
        if self.count > MAX_ROLLS:
            raise TableError(f"rolling {what} needs more than {MAX_ROLLS} nested rolls; check the table")

    def dice(self, expr: str, where: str) -> tuple[int, list[int]]:
        """Roll one expression, with typed faces while any are left; returns (total, faces).

        An expression takes whole dice from the typed faces: exactly as many as it rolls
        (explosions included), found as the one prefix the dice language accepts.
        """
        self.spend(where)
        try:
            result = self._typed(expr) if self.faces else roll_dice(expr, rng=self.rng)
        except DiceError as exc:
            raise TableError(f"{where}: {exc}") from None
        return result.total, [d.face for d in result.dice]

    def _typed(self, expr: str) -> RollResult:
        for k in range(len(self.faces) + 1):
            try:
                result = roll_dice(expr, dice=self.faces[:k])
            except ManualDiceError:
                continue
            del self.faces[:k]
            return result
        return roll_dice(expr, dice=self.faces)  # raises, naming the die that does not fit


def roll_table(
    table: Table,
    *,
    rng: random.Random | None,
    dice: Sequence[int] | None,
    resolver: Resolver | None,
    total: int | None,
) -> TableRoll:
    state = _Rolling(rng, dice, resolver)
    result = _roll(table, state, depth=0, total=total)
    if state.faces:
        left = ", ".join(map(str, state.faces))
        raise TableError(f"{table.name}: typed dice left over after the roll ({left})")
    return result


def _roll(table: Table, state: _Rolling, depth: int, total: int | None = None) -> TableRoll:
    if depth > MAX_DEPTH:
        raise TableError(
            f"table references nest deeper than {MAX_DEPTH} (at {table.name}); "
            "does a table refer to itself?"
        )
    if not table.dice and total is None:
        raise TableError(f"{table.name} is a {table.kind} table with no dice to roll; look a row up instead")
    faces: list[int] = []
    rolled = total is None
    if total is None:
        assert table.dice is not None
        total, faces = state.dice(table.dice, table.name)
    else:
        state.spend(table.name)
    row = table.lookup(total)
    nested: list[NestedRoll] = []
    subrolls: list[TableRoll] = []
    cells: list[str] = []
    for i, cell in enumerate(row.cells):
        if i == row.key_index:
            continue
        cells.append(_resolve(cell_text(cell), table, state, depth, nested, subrolls))
    names = [c for i, c in enumerate(row.columns) if i != row.key_index]
    text = cells[0] if len(cells) == 1 else "; ".join(f"{n}: {c}" for n, c in zip(names, cells, strict=True))
    return TableRoll(
        table=table.name, table_id=table.id, dice=table.dice if rolled else None, total=total,
        faces=faces, row=row, cells=cells, text=text, nested=nested, subrolls=subrolls,
    )


def _resolve(
    text: str,
    table: Table,
    state: _Rolling,
    depth: int,
    nested: list[NestedRoll],
    subrolls: list[TableRoll],
) -> str:
    def replace(m: re.Match[str]) -> str:
        if m.group("ref") is not None:
            return _refer(m.group("ref").strip(), table, state, depth, subrolls)
        expr = m.group("inline") if m.group("inline") is not None else m.group("bare")
        if m.group("bare") is not None and not table.bare_dice:
            return m.group(0)
        total, faces = state.dice(expr.strip(), f"{expr.strip()} in {table.name}")
        nested.append(NestedRoll(expr=expr.strip(), total=total, faces=faces))
        return str(total)

    return _TOKEN.sub(replace, text)


def _refer(name: str, table: Table, state: _Rolling, depth: int, subrolls: list[TableRoll]) -> str:
    if state.resolver is None:
        raise TableError(f"{table.name} refers to {{{name}}}, but no other tables were given to roll on")
    try:
        other = state.resolver(name)
    except KeyError:
        other = None
    if other is None:
        raise TableError(f"{table.name} refers to {{{name}}}, but there is no table of that name")
    sub = _roll(other, state, depth + 1)
    subrolls.append(sub)
    return sub.text
