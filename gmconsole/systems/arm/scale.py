"""The logarithmic scale: every ARM number is a log, +5 is x10 (measure = 10^(log/5)).

Log -> measure uses the book's table values (1, 1.5, 2.5, 4, 6 times a power of ten), so the
console shows what the book's examples show (log 10 is 100, log -3 is 0.25). Measure -> log
rounds 5 x log10(measure) to the nearest whole number: that reproduces every conversion the book
states, including its whole unit table (days = +25), which the book's hand method does not.
Unit conversions use the book's unit table constants, never a computed factor.
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import decimal
from gmconsole.systems.arm.book import units

MANTISSA = (Decimal("1"), Decimal("1.5"), Decimal("2.5"), Decimal("4"), Decimal("6"))


class ScaleError(RulesError):
    """A measure the scale cannot take (zero, negative, not a number) or an unknown unit."""


def log_to_decimal(log: int) -> Decimal:
    """The measure of `log` exactly as the table gives it (Decimal: -4 is 0.15, not 0.1500...2)."""
    decade = log // 5  # floor: -3 is 0.1 x 2.5, not 1 x (something for -3)
    return MANTISSA[log - 5 * decade].scaleb(decade)


def log_to_measure(log: int) -> float:
    """The table measure of an integer log: 1, 1.5, 2.5, 4, 6 times a power of ten. A negative
    log floors to the multiple of 5 below it (-3 is 0.1 x 2.5 = 0.25)."""
    return float(log_to_decimal(log))


def measure_to_log(measure: float | Decimal | str) -> int:
    """The log of a measure: floor(5 x log10(m) + 0.5). A measure of 0 or less has no log."""
    try:
        value = Decimal(str(measure))
    except InvalidOperation:
        raise ScaleError(f"{measure!r} is not a number") from None
    if not value.is_finite() or value <= 0:
        raise ScaleError(f"a measure must be above 0 to have a log, got {measure}")
    return math.floor(5 * value.log10() + Decimal("0.5"))


def unit_key(unit: str) -> str:
    """A unit as typed ("metres", "Km", "ft") -> the unit table's key; refused by name."""
    table = units()
    key = unit.strip().lower()
    aliases = {"meter": "m", "meters": "m", "metre": "m", "metres": "m", "kilometre": "km",
               "kilometres": "km", "kilometer": "km", "kilometers": "km", "centimetres": "cm",
               "millimetres": "mm", "inch": "in", "inches": "in", "foot": "ft", "feet": "ft",
               "mile": "mi", "miles": "mi", "sec": "s", "second": "s", "seconds": "s",
               "minute": "min", "minutes": "min", "hour": "h", "hours": "h", "days": "day",
               "weeks": "week", "years": "year"}
    key = aliases.get(key, key)
    if key not in table:
        raise ScaleError(f"unknown unit {unit!r} (known: {', '.join(table)})")
    return key


def convert_log(
    log: int,
    from_unit: str,
    to_unit: str,
    den_from: str | None = None,
    den_to: str | None = None,
    den_power: int = 0,
    extra_units: dict[str, int] | None = None,
) -> int:
    """A log in `from_unit` as a log in `to_unit`: log + to_std[from] - to_std[to].

    A rate or acceleration also converts its time unit (`den_from` -> `den_to`), once per power
    of it in the denominator, with the sign reversed. `extra_units` adds custom units ("Mkm":
    45, millions of kilometres) beside the book's table."""
    table = {**units(), **(extra_units or {})}

    def std(unit: str) -> int:
        return table[unit] if unit in table else units()[unit_key(unit)]

    value = log + std(from_unit) - std(to_unit)
    if den_power:
        if den_from is None or den_to is None:
            raise ScaleError("a rate needs both time units to convert its denominator")
        value -= den_power * (std(den_from) - std(den_to))
    return value


TIME_UNITS = ("s", "min", "h", "day", "week", "year")

MEASURE_LOW = Decimal("0.000001")
MEASURE_HIGH = Decimal("1000000000000000")
"""The measures a GM may type (a millionth to 10^15: logs -30 to 75, past any the book uses)."""


def read_measure(text: str, what: str) -> Decimal:
    """A measure typed by the GM (above 0, plain digits), refused by name and bounds."""
    return decimal(text, what, MEASURE_LOW, MEASURE_HIGH)


def split_measure(text: str, default_unit: str) -> tuple[Decimal, str]:
    """ "450m", "450 m", "1.5km", "30" (in `default_unit`) -> (measure, unit key)."""
    raw = text.strip().lower()
    cut = len(raw)
    while cut and not (raw[cut - 1].isascii() and (raw[cut - 1].isdigit() or raw[cut - 1] == ".")):
        cut -= 1
    number, unit = raw[:cut].strip(), raw[cut:].strip()
    return read_measure(number or raw, "the measure"), unit_key(unit or default_unit)


def distance_log(text: str) -> int:
    """A distance as typed ("450m", "30 ft", "2km"; metres by default) as a log of metres."""
    measure, unit = split_measure(text, "m")
    if unit in TIME_UNITS:
        raise ScaleError(f"{text!r} is a time, not a distance")
    return measure_to_log(measure) + units()[unit]


def per_round(rate_log: int, round_length: float | Decimal | str) -> int:
    """A rate (log, per one time unit) as a log per round of `round_length` of that unit."""
    return rate_log + measure_to_log(round_length)


def format_measure(value: float | Decimal) -> str:
    """A measure as the book writes it: up to 3 significant figures, digits grouped by spaces."""
    number = Decimal(str(value))
    if number and not Decimal("0.000001") <= abs(number) < Decimal("1e16"):
        return f"{number:.2E}".replace("E+", "e").replace("E-", "e-")
    if number == number.to_integral_value():
        return f"{int(number):,}".replace(",", " ")
    text = f"{float(number):.6f}".rstrip("0").rstrip(".")
    return text
