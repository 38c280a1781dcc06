"""What `gmconsole check` says about tables that load but would let a GM down at the table: a
dice table whose rows leave a roll uncovered (the roll then answers "no row for 6"), and a
`{Name}` in a result that names no table, or `[[dice]]` that are not dice (the roll then
fails mid-session).

Overlapping rows are already refused when a table is built (`Table`), so a file with them is
reported by the loader. Here the table is judged against its own dice: every total the dice
can roll (from the exact distribution, so `2d6` is 2-12 and `1d6+1d8` skips nothing it can
make) must fall in a row. Pure: the tables come in, the findings go out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.tables.keys import Span, coverage_text, covers
from gmconsole.engine.tables.model import Resolver, Table, cell_text

_REFERENCE = re.compile(r"\[\[(?P<dice>(?:[^\[\]]|\[[^\[\]]*\])+)\]\]|\{(?P<ref>[^{}]+)\}")
"""`{Name}` as rolling reads it (see `rolling._TOKEN`), skipping `[[...]]` dice that may hold
braces of their own."""


def possible_totals(table: Table) -> list[int] | None:
    """Every total the table's dice can roll, or None when it has no dice or its dice cannot
    be judged exactly (a bad or too costly expression: rolling reports that itself)."""
    if not table.dice:
        return None
    from gmconsole.engine.odds import distribution

    try:
        dist = distribution(table.dice)
    except (GmConsoleError, ValueError, ArithmeticError):
        return None
    return sorted(total for total, p in dist.probabilities.items() if p > 0)


def uncovered(table: Table) -> list[int]:
    """The totals the dice can roll that no row answers (empty for a table keyed by name or
    without dice)."""
    if not table.keyed_by_number:
        return []
    totals = possible_totals(table)
    if totals is None:
        return []
    spans = [s for row in table.row_list for s in row.spans]
    return [t for t in totals if not covers(tuple(spans), t)]


def references(text: str) -> list[str]:
    """The `{Name}` references in one result cell, in reading order."""
    return [m.group("ref").strip() for m in _REFERENCE.finditer(text) if m.group("ref") is not None]


def bad_dice(table: Table) -> list[str]:
    """The `[[dice]]` in the rows that are not dice (each with the dice language's reason)."""
    from gmconsole.engine.dice import parse

    found: list[str] = []
    for row in table.row_list:
        for i, cell in enumerate(row.cells):
            if i == row.key_index:
                continue
            for m in _REFERENCE.finditer(cell_text(cell)):
                expr = m.group("dice")
                if expr is None:
                    continue
                try:
                    parse(expr.strip())
                except GmConsoleError as exc:
                    found.append(f"[[{expr}]] in row {row.index + 1} is not dice: {exc}")
    return found


def missing_references(table: Table, resolve: Resolver) -> list[str]:
    """Names of tables the rows refer to (`{Name}`) that `resolve` does not find."""
    missing: list[str] = []
    for row in table.row_list:
        for i, cell in enumerate(row.cells):
            if i == row.key_index:
                continue
            for name in references(cell_text(cell)):
                try:
                    found = resolve(name)
                except KeyError:
                    found = None
                if found is None and name not in missing:
                    missing.append(name)
    return missing


def _runs(numbers: Sequence[int]) -> list[Span]:
    runs: list[Span] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def table_findings(table: Table, resolve: Resolver) -> list[str]:
    """One line per thing wrong with `table` (empty when it is fine)."""
    found: list[str] = []
    gaps = uncovered(table)
    if gaps:
        rolls = coverage_text(_runs(gaps))
        found.append(
            f"table {table.name!r}: {table.dice} can roll {rolls}, which no row covers "
            f"(rows cover {table.coverage()})"
        )
    for name in missing_references(table, resolve):
        found.append(f"table {table.name!r} refers to {{{name}}}, but there is no table of that name")
    found += [f"table {table.name!r}: {problem}" for problem in bad_dice(table)]
    return found
