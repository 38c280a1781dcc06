"""A test's switches as the command line types them: `KEY=VALUE`, or a bare `KEY` for yes.

The test dialog draws each of the system's `check_switches` as a field; the command line takes
the same switches by key, so everything the dialog can do can be typed (`check tamsin
power/ranged_combat sfx=hawkeye sixes=1 dice=6,6,3 at grell`). Values arrive as text and are
read here against the switch itself, the way the dialog's fields read them: a yes/no switch
takes yes/no (or on/off, true/false, 1/0), a choice one of its choices (case-insensitive, or a
prefix only one choice has), a whole-number switch a number within its bounds. A key the
character has no switch for is refused with the keys there are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.base import RuleOption

YES = frozenset({"yes", "y", "on", "true", "1"})
NO = frozenset({"no", "n", "off", "false", "0"})
FREE_BOUND = 9_999
"""The range of a whole-number switch whose system gave no bounds of its own."""


def read_switches(switches: Sequence[RuleOption], typed: Mapping[str, str]) -> dict[str, Any]:
    """Typed `KEY=VALUE` text -> the values the dialog would have put in `CheckRequest.extra`."""
    by_key = {s.key.lower(): s for s in switches}
    out: dict[str, Any] = {}
    for key, text in typed.items():
        switch = by_key.get(key.lower())
        if switch is None:
            known = ", ".join(s.key for s in switches) or "none for this test"
            raise RulesError(f"no test switch {key!r} (switches: {known})")
        out[switch.key] = switch_value(switch, text)
    return out


def switch_value(switch: RuleOption, text: str) -> Any:
    """One typed value read against its switch; refused naming the switch and what it takes."""
    raw = text.strip()
    if switch.choices:
        return _choice(switch, raw)
    if isinstance(switch.default, bool):
        if raw.lower() in YES:
            return True
        if raw.lower() in NO:
            return False
        raise RulesError(f"{switch.key} takes yes or no, got {text!r}")
    if isinstance(switch.default, int):
        low, high = switch.bounds or (-FREE_BOUND, FREE_BOUND)
        return whole(raw, switch.key, low, high)
    if isinstance(switch.default, float):
        return float(decimal(raw, switch.key, Decimal(-FREE_BOUND), Decimal(FREE_BOUND)))
    return raw


def _choice(switch: RuleOption, raw: str) -> Any:
    shown = {str(c).lower(): c for c in switch.choices}
    if raw.lower() in shown:
        return shown[raw.lower()]
    if raw.lower() in ("none", "") and "" in shown:
        return shown[""]
    starts = [c for name, c in shown.items() if raw and name.startswith(raw.lower())]
    if len(starts) == 1:
        return starts[0]
    legal = ", ".join(str(c) or "none" for c in switch.choices)
    why = "is ambiguous" if starts else "is not one of them"
    raise RulesError(f"{switch.key} takes one of {legal}: {raw!r} {why}")


def bare_switches(switches: Sequence[RuleOption], option: str) -> tuple[str, dict[str, Any]]:
    """Yes/no switch keys typed bare after the option (`fire_combat poss`): the option without
    them, and each of them on. Only trailing words that are such keys are taken, so an option
    whose own name has spaces keeps them."""
    flags = {s.key.lower(): s.key for s in switches if isinstance(s.default, bool) and not s.choices}
    words = option.split()
    on: dict[str, Any] = {}
    while len(words) > 1 and words[-1].lower() in flags:
        on[flags[words.pop().lower()]] = True
    return " ".join(words), on


def check_bounds(switches: Sequence[RuleOption], extra: Mapping[str, Any]) -> None:
    """A whole-number switch's value, however it came (dialog or line), within its bounds."""
    for switch in switches:
        value = extra.get(switch.key)
        if switch.bounds is not None and isinstance(value, int) and not isinstance(value, bool):
            whole(value, switch.key, *switch.bounds)
