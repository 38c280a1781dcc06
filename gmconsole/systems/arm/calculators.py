"""The log-scale calculators at the command line (`calc log 12`, `calc measure 3 km`...)."""

from __future__ import annotations

from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm.scale import (
    convert_log,
    format_measure,
    log_to_measure,
    measure_to_log,
    per_round,
    unit_key,
)
from gmconsole.systems.arm.tasks import group_value

USAGES = {
    "log": "calc log LOG [UNIT]",
    "measure": "calc measure MEASURE [UNIT]",
    "convert": "calc convert LOG FROM TO [per TIME_FROM TIME_TO [POWER]]",
    "round": "calc round RATE_LOG ROUND_LENGTH",
    "group": "calc group LOG LOG...",
}


def _int(text: str, key: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError(f"{text!r} is not a whole-number log (usage: {USAGES[key]})") from None


def calculate(key: str, args: list[str]) -> str:
    usage = USAGES.get(key)
    if usage is None:
        raise RulesError(f"ARM has no calculator {key!r} (known: {', '.join(USAGES)})")
    if not args:
        raise RulesError(f"usage: {usage}")
    if key == "log":
        log = _int(args[0], key)
        unit = f" {unit_key(args[1])}" if len(args) > 1 else ""
        return f"log {log} = {format_measure(log_to_measure(log))}{unit}"
    if key == "measure":
        log = measure_to_log(args[0])
        if len(args) > 1:
            unit = unit_key(args[1])
            std = convert_log(log, unit, "m" if unit not in ("s", "min", "h", "day", "week", "year") else "s")
            return f"{args[0]} {unit} = log {log} in {unit}, {std} in standard units"
        return f"{args[0]} = log {log}"
    if key == "convert":
        if len(args) < 3:
            raise RulesError(f"usage: {usage}")
        log = _int(args[0], key)
        rest = args[3:]
        if rest and rest[0] == "per":
            if len(rest) < 3:
                raise RulesError(f"usage: {usage}")
            power = _int(rest[3], key) if len(rest) > 3 else 1
            out = convert_log(log, args[1], args[2], rest[1], rest[2], power)
            shown = format_measure(log_to_measure(out))
            return f"log {log} {args[1]}/{rest[1]} = log {out} {args[2]}/{rest[2]} ({shown})"
        out = convert_log(log, args[1], args[2])
        return f"log {log} {args[1]} = log {out} {args[2]} ({format_measure(log_to_measure(out))})"
    if key == "round":
        if len(args) < 2:
            raise RulesError(f"usage: {usage}")
        rate = _int(args[0], key)
        out = per_round(rate, args[1])
        shown = format_measure(log_to_measure(out))
        return f"rate {rate} over a round of {args[1]} = log {out} per round ({shown})"
    logs = [_int(a, key) for a in args]
    return f"group of {', '.join(map(str, logs))} = {group_value(logs)}"
