"""`Distribution`: exact probabilities of every total, and what was cut to get them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from gmconsole.engine.dice import DiceError

COMPARISONS = (">=", ">", "<=", "<", "==")


@dataclass(frozen=True, eq=False)
class Distribution:
    """Exact odds of one expression.

    `probabilities` maps each possible total (ascending) to its exact chance; they sum to 1.
    Open-ended explosions are followed `explode_depth` extra dice deep; a die that would explode
    further is taken as it stands. `residual` is the exact chance that this cut changed the
    roll (0 when nothing explodes); `truncated` says whether it is above 0. So every listed
    chance is exact for the capped roll and within `residual` of the true one.
    """

    canonical: str
    probabilities: Mapping[int, Fraction]
    explode_depth: int
    residual: Fraction

    @property
    def truncated(self) -> bool:
        return self.residual > 0

    @property
    def support(self) -> tuple[int, ...]:
        """Every possible total, ascending."""
        return tuple(self.probabilities)

    @property
    def mean(self) -> Fraction:
        return sum((v * p for v, p in self.probabilities.items()), Fraction(0))

    @property
    def variance(self) -> Fraction:
        mean = self.mean
        return sum(((v - mean) ** 2 * p for v, p in self.probabilities.items()), Fraction(0))

    @property
    def note(self) -> str:
        """One line for a UI footnote; empty when nothing was cut."""
        if not self.truncated:
            return ""
        return (
            f"explosions followed {self.explode_depth} dice deep; "
            f"a deeper roll has chance {float(self.residual):.1e}"
        )

    def chance(self, op: str, target: int) -> Fraction:
        """P(total `op` target), op among >=, >, <=, <, ==."""
        if op not in COMPARISONS:
            raise DiceError(f"unknown comparison {op!r}; use one of {', '.join(COMPARISONS)}")
        test = {
            ">=": target.__le__,
            ">": target.__lt__,
            "<=": target.__ge__,
            "<": target.__gt__,
            "==": target.__eq__,
        }[op]
        return sum((p for v, p in self.probabilities.items() if test(v)), Fraction(0))

    def bar_chart(self, width: int = 40, max_rows: int = 24) -> str:
        """A plain-text chart, one row per total (or per range of totals when there are many)."""
        rows = _rows(self.probabilities, max_rows)
        top = max(p for _, p in rows)
        label_width = max(len(label) for label, _ in rows)
        lines = [
            f"{label:>{label_width}} {float(p) * 100:6.2f}% {'#' * round(width * p / top)}"
            for label, p in rows
        ]
        lines.append(f"mean {float(self.mean):.2f}")
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.bar_chart()


_TAIL = Fraction(1, 2000)
"""Each tail holding less than this (0.05%) folds into one `<=a` / `>=b` row on long charts."""


def _rows(probabilities: Mapping[int, Fraction], max_rows: int) -> list[tuple[str, Fraction]]:
    """Rows of the chart: every total, or for long distributions the bulk in equal ranges with
    each thin tail folded into one row (an exploding d20 otherwise draws 150 empty rows)."""
    items = list(probabilities.items())
    if len(items) <= max_rows:
        return [(str(v), p) for v, p in items]
    first, low_mass = 0, Fraction(0)
    while low_mass + items[first][1] < _TAIL:
        low_mass += items[first][1]
        first += 1
    last, high_mass = len(items) - 1, Fraction(0)
    while high_mass + items[last][1] < _TAIL:
        high_mass += items[last][1]
        last -= 1
    rows = [(f"<={items[first - 1][0]}", low_mass)] if first else []
    low, high = items[first][0], items[last][0]
    body_rows = max_rows - len(rows) - (last < len(items) - 1)
    step = -(-(high - low + 1) // body_rows)
    for start in range(low, high + 1, step):
        stop = min(start + step - 1, high)
        p = sum((probabilities.get(v, Fraction(0)) for v in range(start, stop + 1)), Fraction(0))
        rows.append((f"{start}-{stop}" if stop > start else str(start), p))
    if last < len(items) - 1:
        rows.append((f">={items[last + 1][0]}", high_mass))
    return rows
