"""The Torg value scale: values <-> measures, unit modifiers, benchmarks, difficulty numbers.

Every 5 points of value is x10 and one value means the same measure in every dimension (seconds,
metres, kilograms, metres per round). A listed measure is the *upper bound* of its value
(L2014): 100 is value 10, 101-150 value 11. Values below 0 extend the pattern (-1 is 0.6).
Ruling §9.2 #15: conversions use the printed unit modifiers (a mile +16, a week +29) even where
the exact measure would land elsewhere. Ruling §9.2 #16: time values show the exact measure;
the book rounds some (value 20 "two and a half hours" is 10,000 s, about 2.8 h).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load, lookup


@cache
def _mantissa() -> tuple[Fraction, ...]:
    m = tuple(Fraction(str(x)) for x in load("value_chart")["mantissa"])
    if len(m) != 5 or m[0] != 1 or list(m) != sorted(m) or m[-1] >= 10:
        raise TorgError("value_chart.toml: mantissa must be five rising numbers from 1, below 10")
    return m


def _exact(value: int) -> Fraction:
    return _mantissa()[value % 5] * Fraction(10) ** (value // 5)


def value_to_measure(value: int) -> float:
    """The measure of a value: 0 -> 1, 9 -> 60, 10 -> 100, 13 -> 400, 20 -> 10,000."""
    return float(_exact(int(value)))


def measure_to_value(measure: float, unit: str | None = None) -> int:
    """The value of a measure by the upper-bound rule (60 -> 9, 101 -> 11), plus the unit's
    modifier when `unit` is given (25 minutes -> 7 + 9 = 16; 160 pounds -> 12 - 2 = 10)."""
    if measure <= 0:
        raise TorgError(f"a measure must be above 0, not {measure}")
    m = Fraction(str(measure)) if isinstance(measure, float) else Fraction(measure)
    # Start from the decade and walk to the first value whose measure is >= m.
    v = 5 * (len(str(int(m))) - 1) if m >= 1 else -5
    while _exact(v) >= m:
        v -= 5
    while _exact(v) < m:
        v += 1
    return v + (unit_modifier(unit) if unit else 0)


def value_in_unit(value: int, unit: str) -> float:
    """A game value read back in a unit: measure(value - modifier) (12 -> 250 m/round,
    12 in mph -> measure(9) = 60 mph)."""
    return value_to_measure(value - unit_modifier(unit))


@cache
def _units() -> dict[str, tuple[str, int]]:
    return {k: (str(d), int(m)) for k, (d, m) in load("value_chart")["units"].items()}


def units() -> dict[str, tuple[str, int]]:
    """unit -> (dimension, modifier) from the Measure Conversion Chart."""
    return dict(_units())


def unit_key(text: str) -> str:
    """A unit as typed, singular or plural ("mile", "miles", "metre"), as the chart names it."""
    key = text.strip().lower().replace("metre", "meter")
    for form in (key, key + "s", key.removesuffix("s")):
        if form in _units():
            return form
    return lookup(_units(), key, "unit", "value_chart")


def unit_modifier(unit: str) -> int:
    return _units()[unit_key(unit)][1]


@dataclass(frozen=True)
class DifficultyLevel:
    key: str
    label: str
    number: int
    """The standalone difficulty number."""
    modifier: int
    """Added to an attribute-based difficulty for unusual circumstances."""


@cache
def difficulty_levels() -> tuple[DifficultyLevel, ...]:
    """The Difficulty Number scale, easiest first."""
    rows = load("difficulty")["levels"]
    levels = tuple(DifficultyLevel(k, str(v[0]), int(v[1]), int(v[2])) for k, v in rows.items())
    return tuple(sorted(levels, key=lambda d: d.number))


def difficulty(key: str) -> DifficultyLevel:
    """A named difficulty ("average" -> DN 8, modifier 0; "difficult" -> 12, +4)."""
    return lookup({d.key: d for d in difficulty_levels()}, key, "difficulty", "difficulty")


def benchmarks(dimension: str | None = None) -> list[tuple[int, str, str]]:
    """(value, dimension, what) rows of the benchmark chart, optionally one dimension."""
    rows = [(int(v), str(d), str(w)) for v, d, w in load("benchmarks")["rows"]]
    return [r for r in rows if dimension is None or r[1] == dimension]


def scale_value(count: int) -> int:
    """value(N) for counting people or actions (multi-action, coordination, community):
    the upper-bound value of the count (2 -> 2, 3-4 -> 3, 5-6 -> 4, 7-10 -> 5, 100 -> 10)."""
    if count < 1:
        raise TorgError(f"a count must be at least 1, not {count}")
    return measure_to_value(count)
