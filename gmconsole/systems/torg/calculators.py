"""Torg's calculators at the command line: `calc KEY ARGS` (the list is `verb_list.CALCULATORS`).

The value chart both ways (`calc value 12 [UNIT]`, `calc measure 250 [UNIT]`): every Torg
quantity (a distance, a weight, a time, a speed) is a *value* on one logarithmic chart, and the
Measure Conversion Chart shifts it by a unit modifier (minutes +9, pounds -2). The rest are the
book's small procedures a GM works out mid-scene without touching a sheet (`rule_calcs`).

Every number is read through `gmconsole.engine.numbers` with its bounds, so a hostile figure is
refused by name before any rules code sees it.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.values import (
    benchmarks,
    measure_to_value,
    unit_key,
    value_in_unit,
    value_to_measure,
)
from gmconsole.systems.torg.verb_list import CALCULATORS

VALUE_LOW, VALUE_HIGH = -50, 200
"""Values a table needs: -50 is a millionth of a millionth, 200 is 10^40 (past the universe's
age in seconds); beyond them a float would overflow."""
MEASURE_HIGH = 10**40


def _measure_text(x: float) -> str:
    if x >= 1e15 or 0 < x < 0.01:
        return f"{x:.3g}"
    return f"{x:,.0f}" if x >= 10 else f"{x:,.2f}".rstrip("0").rstrip(".")


def calculate(key: str, args: Sequence[str]) -> str:
    """The one-line answer for `calc KEY ARGS` (see `CALCULATORS`)."""
    spec = next((c for c in CALCULATORS if c.key == key), None)
    if spec is None:
        known = ", ".join(c.key for c in CALCULATORS)
        raise TorgError(f"no Torg calculator {key[:40]!r} (known: {known})")
    if key not in ("value", "measure"):
        from gmconsole.systems.torg.rule_calcs import calculate as rules

        return rules(spec, list(args))
    if not args or len(args) > 2:
        raise TorgError(f"usage: calc {key} {spec.usage}")
    unit = unit_key(args[1]) if len(args) == 2 else None
    if key == "value":
        value = whole(args[0], "the value", VALUE_LOW, VALUE_HIGH)
        if unit is None:
            marks = [what for v, _, what in benchmarks() if v == value]
            seen = f" (like: {', '.join(marks[:3])})" if marks else ""
            return f"value {value} = measure {_measure_text(value_to_measure(value))}{seen}"
        return f"value {value} = {_measure_text(value_in_unit(value, unit))} {unit}"
    measure = decimal(args[0].replace(",", ""), "the measure", 0, MEASURE_HIGH)
    if measure <= 0:
        raise TorgError(f"the measure must be above 0, got {args[0]!r}")
    value = measure_to_value(measure, unit)  # type: ignore[arg-type]
    shown = _measure_text(float(measure)) + (f" {args[1].lower()}" if unit else "")
    return f"{shown} = value {value}"
