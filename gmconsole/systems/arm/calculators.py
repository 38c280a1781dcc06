"""The log-scale calculators at the command line (`calc log 12`, `calc measure 3 km`...).

Every number is read through `gmconsole.engine.numbers` with its bounds: a log from -100 to
100 (10^-20 to 10^20, far past anything the book measures), a measure from 10^-9 to 10^15.
"""

from __future__ import annotations

from decimal import Decimal

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.arm.book import unit_sizes
from gmconsole.systems.arm.scale import (
    TIME_UNITS,
    convert_log,
    format_measure,
    log_to_measure,
    measure_to_log,
    per_round,
    read_measure,
    split_measure,
    unit_key,
    units,
)
from gmconsole.systems.arm.tasks import compound_result, group_value

USAGES = {
    "log": "calc log LOG [UNIT]",
    "measure": "calc measure MEASURE [UNIT]",
    "units": "calc units MEASURE UNIT",
    "convert": "calc convert LOG FROM TO [per TIME_FROM TIME_TO [POWER]]",
    "round": "calc round RATE_LOG ROUND_LENGTH",
    "group": "calc group LOG LOG...",
    "subtasks": "calc subtasks RESULT RESULT...",
}

LOG_BOUND = 100
MAX_TERMS = 50


def _log(text: str, what: str = "the log") -> int:
    return whole(text, what, -LOG_BOUND, LOG_BOUND)


def _shown(log: int) -> str:
    return format_measure(log_to_measure(log))


def calculate(key: str, args: list[str]) -> str:
    usage = USAGES.get(key)
    if usage is None:
        raise RulesError(f"ARM has no calculator {key!r} (known: {', '.join(USAGES)})")
    if not args:
        raise RulesError(f"usage: {usage}")
    try:
        return CALCULATORS[key](args)
    except IndexError:
        raise RulesError(f"usage: {usage}") from None


def _log_calc(args: list[str]) -> str:
    log = _log(args[0])
    unit = f" {unit_key(args[1])}" if len(args) > 1 else ""
    return f"log {log} = {_shown(log)}{unit}"


def _measure(args: list[str]) -> str:
    measure = read_measure(args[0], "the measure")
    log = measure_to_log(measure)
    if len(args) > 1:
        unit = unit_key(args[1])
        std = convert_log(log, unit, "s" if unit in TIME_UNITS else "m")
        return f"{args[0]} {unit} = log {log} in {unit}, {std} in standard units"
    return f"{args[0]} = log {log}"


def _units(args: list[str]) -> str:
    """A measure in one unit shown in every other unit of its kind (the converter): the measure
    itself, and its log there as the book's unit table gives it (the log is what a test uses)."""
    measure, unit = split_measure(" ".join(args), "m")
    log = measure_to_log(measure)
    kind = TIME_UNITS if unit in TIME_UNITS else tuple(u for u in units() if u not in TIME_UNITS)
    size = unit_sizes()
    shown = [f"{format_measure(_figures(measure * size[unit] / size[other]))} {other} "
             f"(log {convert_log(log, unit, other)})" for other in kind if other != unit]
    return f"{format_measure(measure)} {unit} (log {log} in {unit}) = " + ", ".join(shown)


def _figures(value: Decimal) -> Decimal:
    """Three significant figures, as a converter shows a measure."""
    return Decimal(f"{value:.3g}")


def _convert(args: list[str]) -> str:
    log = _log(args[0])
    source, dest = args[1], args[2]
    rest = args[3:]
    if rest and rest[0] == "per":
        power = whole(rest[3], "the power of time", 1, 3) if len(rest) > 3 else 1
        out = convert_log(log, source, dest, rest[1], rest[2], power)
        square = {1: "", 2: "²", 3: "³"}[power]
        return (f"log {log} {source}/{rest[1]}{square} = log {out} {dest}/{rest[2]}{square} "
                f"({_shown(out)})")
    if rest:
        raise IndexError
    out = convert_log(log, source, dest)
    return f"log {log} {source} = log {out} {dest} ({_shown(out)})"


def _round(args: list[str]) -> str:
    rate = _log(args[0], "the rate")
    length = read_measure(args[1], "the round length")
    out = per_round(rate, length)
    return f"rate {rate} over a round of {args[1]} = log {out} per round ({_shown(out)})"


def _terms(args: list[str], what: str) -> list[int]:
    if len(args) > MAX_TERMS:
        raise RulesError(f"at most {MAX_TERMS} numbers, got {len(args)}")
    return [_log(a, what) for a in args]


def _group(args: list[str]) -> str:
    logs = _terms(args, "a participant's log")
    return f"group of {', '.join(map(str, logs))} = {group_value(logs)}"


def _subtasks(args: list[str]) -> str:
    results = _terms(args, "a subtask's result")
    return f"subtasks {', '.join(map(str, results))}: the whole task's result is {compound_result(results)}"


CALCULATORS = {"log": _log_calc, "measure": _measure, "units": _units, "convert": _convert,
               "round": _round, "group": _group, "subtasks": _subtasks}
