"""Exact odds for every expression the dice language can roll, as `fractions.Fraction`.

    >>> distribution("2d6").chance(">=", 7)
    Fraction(7, 12)
    >>> chance("4d6kh3", ">=", 15)
    Fraction(25, 108)
    >>> distribution("1d20!{10,20}").explode_depth, distribution("1d20!{10,20}").truncated
    (8, True)

The algebra is icepool's (build.py); this package adds the language's reading of each
modifier, a work cap (cost.py) and a statement of how deep explosions were followed
(distribution.py). Results are cached per expression.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from gmconsole.engine.dice import Node, parse

from .build import build
from .cost import choose_depth
from .distribution import COMPARISONS, Distribution

__all__ = ["COMPARISONS", "Distribution", "chance", "distribution"]


def distribution(expr: str | Node, explode_depth: int | None = None) -> Distribution:
    """Exact distribution of the total of `expr` (text or syntax tree).

    `explode_depth`: extra dice followed per exploding die; None picks the shallowest depth whose
    residual is at most 1e-9 (within the work cap). Raises `DiceError` for a bad expression,
    `DiceLimitError` when exact odds would take too long, and `DiceError` when a division can
    divide by zero.
    """
    node = parse(expr) if isinstance(expr, str) else expr
    return _distribution(node, explode_depth)


def chance(expr: str | Node, op: str, target: int) -> Fraction:
    """P(total `op` target) for op among ">=", ">", "<=", "<", "==" ."""
    return distribution(expr).chance(op, target)


@functools.lru_cache(maxsize=128)
def _distribution(node: Node, explode_depth: int | None) -> Distribution:
    depth, residual = choose_depth(node, explode_depth)
    die = build(node, depth)
    denominator = die.denominator()
    probabilities = {outcome: Fraction(q, denominator) for outcome, q in die.items() if q}
    return Distribution(node.canonical, dict(sorted(probabilities.items())), depth, residual)
