"""`Distribution`: exact probabilities of every total, and what was cut to get them."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from gmconsole.engine.dice import DiceError

from .weights import fractions_of

COMPARISONS = (">=", ">", "<=", "<", "==")


@dataclass(frozen=True, eq=False)
class Distribution:
    """Exact odds of one expression.

    `ways` maps each possible total (ascending) to its number of ways out of `total`;
    `probabilities` gives the same as exact Fractions (summing to 1), made on first use: a sum
    of a thousand dice has thousands of Fractions with 2000-bit denominators, while `chance`,
    `mean` and the chart add whole numbers and make one Fraction each.
    Open-ended explosions are followed `explode_depth` extra dice deep; a die that would explode
    further is taken as it stands. `residual` is the exact chance that this cut changed the
    roll (0 when nothing explodes); `truncated` says whether it is above 0. So every listed
    chance is exact for the capped roll and within `residual` of the true one.
    """

    canonical: str
    ways: Mapping[int, int]
    total: int
    explode_depth: int
    residual: Fraction
    primes: frozenset[int] = frozenset()
    """Prime factors of `total` when known (they let the Fractions skip a gcd each)."""

    @functools.cached_property
    def probabilities(self) -> Mapping[int, Fraction]:
        """Each possible total (ascending) to its exact chance."""
        return fractions_of(self.ways, self.total, self.primes)

    @property
    def truncated(self) -> bool:
        return self.residual > 0

    @property
    def support(self) -> tuple[int, ...]:
        """Every possible total, ascending."""
        return tuple(self.ways)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(v * w for v, w in self.ways.items()), self.total)

    @property
    def variance(self) -> Fraction:
        return Fraction(sum(v * v * w for v, w in self.ways.items()), self.total) - self.mean**2

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
        return Fraction(sum(w for v, w in self.ways.items() if test(v)), self.total)

    def bar_chart(self, width: int = 40, max_rows: int = 24) -> str:
        """A plain-text chart, one row per total (or per range of totals when there are many)."""
        rows = _rows(self.ways, self.total, max_rows)
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


def _rows(ways: Mapping[int, int], total: int, max_rows: int) -> list[tuple[str, Fraction]]:
    """Rows of the chart: every total, or for long distributions the bulk in equal ranges with
    each thin tail folded into one row (an exploding d20 otherwise draws 150 empty rows).
    Sums run over whole numbers of ways; each row makes one Fraction."""
    items = list(ways.items())
    if len(items) <= max_rows:
        return [(str(v), Fraction(w, total)) for v, w in items]
    tail = total * _TAIL.numerator  # a mass m is under _TAIL when m * den < tail
    first, low_mass = 0, 0
    while (low_mass + items[first][1]) * _TAIL.denominator < tail:
        low_mass += items[first][1]
        first += 1
    last, high_mass = len(items) - 1, 0
    while (high_mass + items[last][1]) * _TAIL.denominator < tail:
        high_mass += items[last][1]
        last -= 1
    rows = [(f"<={items[first - 1][0]}", Fraction(low_mass, total))] if first else []
    low, high = items[first][0], items[last][0]
    body_rows = max_rows - len(rows) - (last < len(items) - 1)
    step = -(-(high - low + 1) // body_rows)
    masses = [0] * -(-(high - low + 1) // step)
    for v, w in items[first : last + 1]:  # one pass: the range may be far wider than the totals
        masses[(v - low) // step] += w
    for i, mass in enumerate(masses):
        start = low + i * step
        stop = min(start + step - 1, high)
        rows.append((f"{start}-{stop}" if stop > start else str(start), Fraction(mass, total)))
    if last < len(items) - 1:
        rows.append((f">={items[last + 1][0]}", Fraction(high_mass, total)))
    return rows
