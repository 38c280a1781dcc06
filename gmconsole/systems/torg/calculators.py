"""Torg's value chart at the command line: `calc value 12 [UNIT]`, `calc measure 250 [UNIT]`.

Every Torg quantity (a distance, a weight, a time, a speed) is a *value* on one logarithmic
chart, and the Measure Conversion Chart shifts it by a unit modifier (minutes +9, pounds -2).
A GM converts both ways mid-scene: "the bridge is 40 metres: what value do I push against?"
"""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.values import measure_to_value, units, value_in_unit, value_to_measure
from gmconsole.systems.torg.verb_list import CALCULATORS


def _number(text: str, what: str, usage: str) -> float:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        raise TorgError(f"{what} must be a number, not {text!r} (usage: calc {usage})") from None


def _measure_text(x: float) -> str:
    return f"{x:,.0f}" if x >= 10 else f"{x:,.2f}".rstrip("0").rstrip(".")


def calculate(key: str, args: Sequence[str]) -> str:
    """The one-line answer for `calc KEY ARGS` (see `CALCULATORS`)."""
    spec = next((c for c in CALCULATORS if c.key == key), None)
    if spec is None:
        raise TorgError(f"no Torg calculator {key!r} (value, measure)")
    if not args or len(args) > 2:
        raise TorgError(f"usage: calc {key} {spec.usage}")
    unit = args[1].lower() if len(args) == 2 else None
    if unit is not None and unit not in units():
        known = ", ".join(units())
        raise TorgError(f"unknown unit {unit!r} (known: {known})")
    if key == "value":
        raw = _number(args[0], "the value", f"{key} {spec.usage}")
        if raw != int(raw):
            raise TorgError(f"a value is a whole number, not {args[0]!r}")
        value = int(raw)
        if unit is None:
            return f"value {value} = measure {_measure_text(value_to_measure(value))}"
        return f"value {value} = {_measure_text(value_in_unit(value, unit))} {unit}"
    measure = _number(args[0], "the measure", f"{key} {spec.usage}")
    value = measure_to_value(measure, unit)
    shown = _measure_text(measure) + (f" {unit}" if unit else "")
    return f"{shown} = value {value}"
