"""Exact odds for every expression the dice language can roll, as `fractions.Fraction`.

    >>> distribution("2d6").chance(">=", 7)
    Fraction(7, 12)
    >>> chance("4d6kh3", ">=", 15)
    Fraction(25, 108)
    >>> distribution("1d20!{10,20}").explode_depth, distribution("1d20!{10,20}").truncated
    (8, True)

build.py reads each modifier as the roller does and builds the distribution as whole numbers of
ways (weights.py: sums by Miller's recurrence or packed big-integer products; pools.py: keep
and drop without listing the rolls; icepool, the reference the tests hold it to, only for an
exploding pool whose exploding faces sit among the others). cost.py prices an expression
before any work and refuses it past the budget; distribution.py states how deep explosions
were followed. Results are cached per expression.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from gmconsole.engine.dice import Dice, Node, parse
from gmconsole.engine.dice.ast import children

from .build import build, raw_die
from .cost import choose_depth
from .distribution import COMPARISONS, Distribution
from .weights import small_primes

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
    built = build(node, depth)
    ways = dict(sorted(built.ways.items()))
    return Distribution(node.canonical, ways, built.total, depth, residual, _primes(node))


def _primes(node: Node) -> frozenset[int]:
    """Prime factors of every die total in `node`: those of the distribution's total."""
    primes: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Dice):
            primes |= small_primes(raw_die(n).total)
        stack += children(n)
    return frozenset(primes)
