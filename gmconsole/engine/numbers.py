"""Numbers a GM types, read with their bounds where they are read.

Every number a verb, calculator, switch or action takes passes through `whole` or `decimal`:
a hostile or mistyped figure ("99999999999", "1e9999", "٣", "2.5" where a count is meant) is
refused with a message that names what it is for and its bounds, before any rules code sees
it, so no calculator overflows and no sheet is written with a value its loader refuses.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from gmconsole.engine.errors import RulesError

_ASCII_DIGITS = frozenset("0123456789")

MAX_DIGITS = 12
"""No number a GM types at the table needs more digits than this; longer ones are refused
before they are converted (a thousand-digit integer is itself a denial of service)."""


def _plain_digits(body: str) -> bool:
    return bool(body) and set(body) <= _ASCII_DIGITS


def whole(text: str | int, what: str, low: int, high: int) -> int:
    """`text` as a whole number from `low` to `high`; a RulesError names `what` and the bounds
    otherwise ("the amount must be a whole number from 0 to 10000, got '2.5'")."""
    bounds = f"a whole number from {low} to {high}"
    if isinstance(text, bool):
        raise RulesError(f"{what} must be {bounds}, got {text!r}")
    if isinstance(text, int):
        value = text
    else:
        raw = text.strip()
        body = raw[1:] if raw[:1] in "+-" else raw
        if not _plain_digits(body) or len(body) > MAX_DIGITS:
            raise RulesError(f"{what} must be {bounds}, got {text!r}")
        value = int(raw)
    if not low <= value <= high:
        raise RulesError(f"{what} must be {bounds}, got {value}")
    return value


def decimal(text: str | int | float, what: str, low: Decimal | int, high: Decimal | int) -> Decimal:
    """`text` as a decimal number (ASCII digits, one optional point, no exponent) from `low`
    to `high`, as an exact `Decimal`; refused by name and bounds otherwise."""
    bounds = f"a number from {low} to {high}"
    if isinstance(text, bool):
        raise RulesError(f"{what} must be {bounds}, got {text!r}")
    raw = str(text).strip()
    body = raw[1:] if raw[:1] in "+-" else raw
    whole_part, _, frac = body.partition(".")
    digits_ok = (_plain_digits(whole_part) or (whole_part == "" and _plain_digits(frac))) and (
        frac == "" or _plain_digits(frac)
    )
    if not digits_ok or len(whole_part) + len(frac) > 2 * MAX_DIGITS:
        raise RulesError(f"{what} must be {bounds}, got {text!r}")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise RulesError(f"{what} must be {bounds}, got {text!r}") from None
    if not Decimal(low) <= value <= Decimal(high):
        raise RulesError(f"{what} must be {bounds}, got {raw}")
    return value
