"""`roll()`: the one entry point for rolling, with random or typed-in dice."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from .ast import Node
from .parser import parse
from .plan import Plan, RawTerm, compile_plan
from .result import RollResult
from .sources import ManualSource, RngSource


@functools.lru_cache(maxsize=1024)
def plan_for_text(expr: str) -> Plan:
    """Parse and compile once per distinct string: the table repeats itself."""
    return compile_plan(parse(expr))


@functools.lru_cache(maxsize=256)
def plan_for_ast(ast: Node) -> Plan:
    """Systems that build trees directly get the same caching, keyed by the (hashable) tree."""
    return compile_plan(ast)


def roll(
    expr: str | Node,
    rng: random.Random | None = None,
    dice: Sequence[int] | None = None,
) -> RollResult:
    """Roll a dice expression (text or syntax tree) and return the result.

    `rng`: the `random.Random` to draw from; None means a fresh `random.Random()` seeded by the
    OS (never the `random` module's shared functions). Pass one in to replay a session from its
    seed, or in tight loops: creating a `Random` costs about 10 µs, more than a whole roll.
    `dice`: faces typed in by hand, used in rolling order instead of `rng` (see ManualSource);
    too few, too many or an impossible face raises `ManualDiceError` naming the die.
    Raises `DiceError` (or a subclass) for anything wrong with the expression.
    """
    plan = plan_for_text(expr) if isinstance(expr, str) else plan_for_ast(expr)
    out: list[RawTerm] = []
    if dice is None:
        source = RngSource(rng if rng is not None else random.Random(), plan.budget)
        return RollResult(plan, plan.run(source, out), out)
    manual = ManualSource(dice)
    total = plan.run(manual, out)
    manual.finish(plan.canonical)
    return RollResult(plan, total, out)
