"""How much exact work an expression needs, and how deep explosions can be followed.

Exact odds cost grows with the square of a sum's outcomes (every pair is combined), so a cap is
needed just as rolling has one. The estimate counts "pair combinations" of icepool's
convolutions; keep/drop pools are costed from timings of icepool's pool evaluation (one unit is
about 0.5 µs on the 2-core reference machine, so MAX_WORK is about two seconds there).
"""

from __future__ import annotations

from fractions import Fraction

from gmconsole.engine.dice import BinOp, Dice, DiceLimitError, Labeled, Neg, Node, Number

from .build import residual_of

MAX_WORK = 4_000_000
RESIDUAL_GOAL = Fraction(1, 10**9)
"""Explosions are followed until the chance of going deeper is at most this."""
MAX_RESIDUAL = Fraction(1, 1000)
"""Beyond this the odds would mislead: refuse instead of cutting explosions shorter."""
MAX_DEPTH = 40
_EXPLODING_POOL_WEIGHT = 6
"""Pools that explode (`explode_to_pool`) measured about n³·depth² x 3 µs, whatever the faces."""


def work(node: Node, depth: int) -> tuple[int, int]:
    """(outcomes, work units) of computing `node` with explosions capped at `depth`."""
    if isinstance(node, Number):
        return 1, 0
    if isinstance(node, Dice):
        return _term_work(node, depth)
    if isinstance(node, Neg | Labeled):
        return work(node.operand, depth)
    if isinstance(node, BinOp):
        (a, wa), (b, wb) = work(node.left, depth), work(node.right, depth)
        outcomes = a + b if node.op in "+-" else a * b
        return outcomes, wa + wb + a * b
    raise TypeError(f"not a dice syntax node: {node!r}")


def _term_work(d: Dice, depth: int) -> tuple[int, int]:
    n, faces = d.count, d.high - d.low + 1
    per_die = faces if d.success is None else min(faces, 3)
    links = depth + 1 if d.explode is not None else 1
    if d.keep is None:
        chain = per_die * links
        return max(n * chain, 1), n * n * chain * chain // 2 + links * faces * chain
    pool = n * links
    kept = min(d.keep.count, pool) if d.keep.kind[0] == "k" else max(pool - d.keep.count, 1)
    outcomes = max(kept * per_die, 1)
    if d.explode is None:
        return outcomes, n * faces * faces * max(kept, 1)
    return outcomes, _EXPLODING_POOL_WEIGHT * n**3 * links * links


def choose_depth(node: Node, requested: int | None) -> tuple[int, Fraction]:
    """The explosion depth to compute with and the residual it leaves.

    Requested: used as given. Otherwise the shallowest depth meeting RESIDUAL_GOAL, made
    shallower while the work is over MAX_WORK, as long as the residual stays under MAX_RESIDUAL.
    """
    if requested is not None:
        if requested < 0:
            raise DiceLimitError(f"explode_depth must be 0 or more, not {requested}")
        _check_work(node, requested)
        return requested, residual_of(node, requested)
    depth = 0
    residual = residual_of(node, depth)
    while residual > RESIDUAL_GOAL and depth < MAX_DEPTH:
        depth += 1
        residual = residual_of(node, depth)
    if not residual:
        _check_work(node, depth)
        return depth, residual
    while depth > 1 and work(node, depth)[1] > MAX_WORK:
        shallower = residual_of(node, depth - 1)
        if shallower > MAX_RESIDUAL:
            break
        depth, residual = depth - 1, shallower
    _check_work(node, depth)
    return depth, residual


def _check_work(node: Node, depth: int) -> None:
    units = work(node, depth)[1]
    if units > MAX_WORK:
        raise DiceLimitError(
            f"{node.canonical} is too large for exact odds "
            f"(about {units:,} steps; the limit is {MAX_WORK:,})"
        )
