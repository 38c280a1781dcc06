"""How much exact work an expression needs, and how deep explosions can be followed.

The promise: within the dice language's limits (500 characters, 100 operators deep, 1000 dice
and 10,000 sides a term, explosions 100 deep), exact odds of any expression take well under a
second and 200 MB, `gmconsole odds` included (every Fraction and the chart), or are refused
before any work with a clear message. So the tree is priced first, from the dice alone, with a
`Shape` per node (outcomes at most, lowest and highest total, bits of the total number of
ways: upper bounds, which a property test checks against what is built) and the cost of each
step of build.py: the same `*_cost` functions weights.py and pools.py use to choose their
method, so the price follows the method that will run. The Fractions made at the end and the
exact residual of explosions are priced too.

Calibration (reference machine: 2 cores, CPython 3.11): one cost unit is about one microsecond
of CPU. Each constant was fitted to timings of its own step, then the whole estimate was checked
against an adversarial search: for about 100 families of shapes (many dice, many faces, rerolls,
counting, mi/ma, keep/drop of big pools, exploding dice and pools, sums of many terms, products,
divisions, sums that never overlap, 100 nested operators) the largest accepted member was run in
a fresh process. Measured CPU over estimate stayed between 0.3 and 1.2 (small expressions aside,
where fixed costs dominate a few milliseconds). MAX_WORK = 300,000 units therefore means about
0.3 s here; the slowest accepted expression found, 3d3682! (an exploding d3682: 22,000 totals),
takes 0.35 s of CPU and 30 MB in all (the whole process; wall time is the same on an idle
machine). `python -m gmconsole.bench odds --limits` re-measures those worst cases
(bench/odds.py LIMIT_CASES) on any machine, with CPU per unit.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

from gmconsole.engine.dice import BinOp, Dice, DiceLimitError, Group, Labeled, Neg, Node, Number
from gmconsole.engine.dice.ast import children
from gmconsole.engine.dice.limits import MAX_EXPLODE_DEPTH

from .build import explode_chance, residual_of
from .pools import exploding_keep_cost, icepool_pool_cost, keep_cost
from .weights import PAIR_COST, WORD_COST, add_cost, power_cost, words

MAX_WORK = 300_000
"""Cost units an expression may take: about 0.3 s of CPU on the reference machine, 0.35 s at
most for the worst shapes found (their CPU ran up to 1.2 times the estimate)."""
RESIDUAL_GOAL = Fraction(1, 10**9)
"""Explosions are followed until the chance of going deeper is at most this."""
MAX_RESIDUAL = Fraction(1, 1000)
"""Beyond this the odds would mislead: refuse instead of cutting explosions shorter."""
MAX_DEPTH = 40
FRACTION_COST = 4.0
"""One Fraction made at the end, and its share of the chart and the mean."""
FRACTION_WORD_COST = 0.16
"""Each 30-bit digit of that Fraction's numerator (divisibility checks, the reduction)."""
FRACTION_SQUARE_COST = 0.0011
"""Times the digits squared: dividing out a prime the total shares with the ways can take
one division per factor, and there can be as many factors as digits (1000d10000>=5000f<=100:
faces counted 100 at a time, so ways with thousands of factors 5)."""
BASE_COST = 50.0
"""What any expression costs (depth choice, sorting, the Distribution)."""
NODE_COST = 40.0
"""Each node of the tree: parsing it, walking it twice, copying what it holds."""


@dataclass(frozen=True, slots=True)
class Shape:
    """What the estimate knows of a distribution before building it (all upper bounds)."""

    count: int
    low: int
    high: int
    bits: int

    @property
    def span(self) -> int:
        return self.high - self.low


def work(node: Node, depth: int) -> tuple[int, int]:
    """(outcomes at most, cost units) of computing `node` with explosions capped at `depth`,
    the Fractions of its result included."""
    shape, units = _estimate(node, depth)
    w = words(shape.bits)
    units += BASE_COST + shape.count * (FRACTION_COST + FRACTION_WORD_COST * w
                                        + FRACTION_SQUARE_COST * w * w)
    return shape.count, math.ceil(units + _residual_cost(node, depth))


def _estimate(node: Node, depth: int) -> tuple[Shape, float]:
    shape, units = _priced(node, depth)
    return shape, units + NODE_COST


def _priced(node: Node, depth: int) -> tuple[Shape, float]:
    if isinstance(node, Number):
        return Shape(1, node.value, node.value, 1), 1.0
    if isinstance(node, Dice):
        return _term(node, depth)
    if isinstance(node, Neg):
        (s, units) = _estimate(node.operand, depth)
        return Shape(s.count, -s.high, -s.low, s.bits), units + s.count * PAIR_COST
    if isinstance(node, Labeled):
        return _estimate(node.operand, depth)
    if isinstance(node, BinOp):
        (a, ua), (b, ub) = _estimate(node.left, depth), _estimate(node.right, depth)
        bits = a.bits + b.bits
        if node.op in "+-":
            low, high = (a.low + b.low, a.high + b.high) if node.op == "+" else \
                (a.low - b.high, a.high - b.low)
            step = add_cost(a.count, a.span, b.count, b.span, bits) + b.count * PAIR_COST
        else:
            low, high = _corners(node.op, a, b)
            step = a.count * b.count * (PAIR_COST + WORD_COST * (words(a.bits) + words(b.bits)))
        count = min(a.count * b.count, high - low + 1)
        return Shape(count, low, high, bits), ua + ub + step
    if isinstance(node, Group):
        return _group(node, depth)
    raise TypeError(f"not a dice syntax node: {node!r}")


ICEPOOL_KEEP_COST = 0.1
"""Per outcome x die x kept die x reachable kept total, for icepool's keep over a pool of
unlike dice (measured: 10 x 1d100 kh3 59 ms, 20 exploding d20s kh10 0.9 s, 8 x 10d10 kh2 30 ms,
100d6 + 100d8 kh50 0.5 s, each within a factor of 1.5 of the estimate or under it)."""


def _group(node: Group, depth: int) -> tuple[Shape, float]:
    """A group: its items' own cost, then either their sum or icepool's keep over them as
    unlike dice (see ICEPOOL_KEEP_COST)."""
    if node.per_die:  # plain dice, each die a distribution of its faces
        dies = [(Shape(d.high - d.low + 1, d.low, d.high, (d.high - d.low + 1).bit_length()), d.count)
                for d in node.items if isinstance(d, Dice)]
        units = NODE_COST * len(dies)
    else:
        priced = [_estimate(item, depth) for item in node.items]
        dies = [(s, 1) for s, _ in priced]
        units = sum(u for _, u in priced)
    outcomes = max(s.count for s, _ in dies)  # icepool walks the outcomes the dice share
    dice = sum(n for _, n in dies)
    bits = sum(s.bits * n for s, n in dies)
    if node.keep is None:
        low, high = sum(s.low * n for s, n in dies), sum(s.high * n for s, n in dies)
        step = PAIR_COST * sum(s.count * n for s, n in dies) * (high - low + 1)
    else:
        k = max(0, min(node.keep.count, dice))
        kept = k if node.keep.kind[0] == "k" else dice - k
        least, most = min(s.low for s, _ in dies), max(s.high for s, _ in dies)
        low, high = min(kept * least, 0), max(kept * most, 0)
        step = ICEPOOL_KEEP_COST * outcomes * dice * max(kept, 1) * (high - low + 1)
    span = high - low + 1
    count = min(span, math.prod(s.count ** n for s, n in dies)) if dice <= 64 else span
    return Shape(max(count, 1), low, high, bits), units + step


def _corners(op: str, a: Shape, b: Shape) -> tuple[int, int]:
    """Lowest and highest of x*y or x//y over the two ranges (floor division is monotone in
    each argument on either side of 0, so the extremes sit at the ends or at y = -1, 1)."""
    ys = [b.low, b.high]
    if op == "*":
        values = [x * y for x in (a.low, a.high) for y in ys]
    else:
        ys += [y for y in (-1, 1) if b.low <= y <= b.high]
        values = [x // y for x in (a.low, a.high) for y in ys if y]
        if op == "ceil":  # rounding up moves each corner by at most one
            values += [-(-x // y) for x in (a.low, a.high) for y in ys if y]
        if not values:  # the divisor is only ever 0: build.py refuses it
            values = [0]
    return min(values), max(values)


def _term(d: Dice, depth: int) -> tuple[Shape, float]:
    n = d.count
    if n == 0:
        return Shape(1, 0, 0, 1), 1.0
    faces = d.high - d.low + 1
    if d.reroll is not None and d.reroll.recursive:
        faces -= len(d.reroll.faces)
    die_bits = (d.high - d.low + 1).bit_length() * (2 if d.reroll and not d.reroll.recursive else 1)
    if d.success is None:
        glow, ghigh = d.value_of(d.low), d.value_of(d.high)
    else:
        glow, ghigh = (-1 if d.failure else 0), 1
    gspan = ghigh - glow
    setup = faces * PAIR_COST * 4  # the raw die, its values, the explode chance
    exploding = d.explode is not None and depth > 0 and explode_chance(d) > 0
    if d.keep is not None:
        most = n * (depth + 1) if exploding else n
        kept = d.keep.count if d.keep.kind[0] == "k" else most - d.keep.count
        kept = max(0, min(kept, most))
        hot, above = _groups(d) if exploding else ((), None)
        if exploding and above is None:
            units = icepool_pool_cost(n, depth, faces)
        elif exploding:
            good_is_hot = above == (d.keep.kind in ("kh", "dl"))
            groups = ((len(hot), most), (faces - len(hot), n))
            good, bad = groups if good_is_hot else groups[::-1]
            drop = d.keep.kind[0] == "d"
            units = exploding_keep_cost(n, depth, kept, drop, good, bad, gspan, die_bits)
        else:
            units = keep_cost(n, kept, faces, gspan, die_bits)
        low, high = min(0, kept * glow), max(0, kept * ghigh)
        # an exploding pool's size varies, and so may the dice kept: then only the range bounds
        fixed = not exploding or (d.keep.kind[0] == "k" and d.keep.count <= n)
        count = min(kept * gspan + 1, high - low + 1) if fixed else high - low + 1
        return Shape(count, low, high, most * die_bits), setup + units
    links = depth + 1 if exploding else 1
    low, high = min(glow, links * glow), max(ghigh, links * ghigh)
    one = Shape(min(high - low + 1, faces ** links), low, high, links * die_bits)
    units = setup
    if exploding:
        hot = min(len(d.explode or ()), faces)
        for k in range(1, links):
            reach = Shape(one.count, min(glow, (k + 1) * glow), max(ghigh, (k + 1) * ghigh),
                          (k + 1) * die_bits)
            units += add_cost(hot, gspan, reach.count, reach.span, reach.bits) + reach.count * PAIR_COST
    units += power_cost(n, one.span, one.count, n * one.bits)
    return Shape(min(n * one.span + 1, one.count**n), n * low, n * high, n * one.bits), units


@functools.lru_cache(maxsize=256)
def _groups(d: Dice) -> tuple[tuple[int, ...], bool | None]:
    """The exploding faces a die can stand on, and whether they are all above the others
    (True), all below (False), or among them (None: icepool's case in build.py)."""
    gone = d.reroll.faces if d.reroll is not None and d.reroll.recursive else frozenset()
    low, high = d.low, d.high
    hot = tuple(f for f in d.explode or () if low <= f <= high and f not in gone)
    skip = gone | set(hot)
    coldest = next((f for f in range(low, high + 1) if f not in skip), None)
    warmest = next((f for f in range(high, low - 1, -1) if f not in skip), None)
    if not hot or coldest is None or warmest is None:
        return hot, None
    if min(hot) > warmest:
        return hot, True
    return hot, False if max(hot) < coldest else None


RESIDUAL_SQUARE_COST = 0.0017
"""The exact residual is one Fraction of two numbers as long as all the exploding dice's
totals together: its gcd costs about this per (30-bit digit)**2 (1000d10000! at depth 40:
half a second)."""


def _residual_cost(node: Node, depth: int) -> float:
    """The exact residual: a power of each exploding term's chance, then one Fraction."""
    bits = 0
    for d in _dice(node):
        if d.explode is not None and d.count:
            p = explode_chance(d)
            if p:
                bits += d.count * (depth + 1) * p.denominator.bit_length()
    return RESIDUAL_SQUARE_COST * words(bits) ** 2 if bits else 0.0


def _dice(node: Node) -> list[Dice]:
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Dice):
            out.append(n)
        stack += children(n)
    return out


def choose_depth(node: Node, requested: int | None) -> tuple[int, Fraction]:
    """The explosion depth to compute with and the residual it leaves.

    Requested: used as given. Otherwise the shallowest depth meeting RESIDUAL_GOAL, made
    shallower while the work is over MAX_WORK, as long as the residual stays under MAX_RESIDUAL.
    The search compares in floating point and settles near-ties exactly, so a refused
    expression costs microseconds however large its Fractions would be.
    """
    if requested is not None:
        if not 0 <= requested <= MAX_EXPLODE_DEPTH:
            raise DiceLimitError(
                f"explode_depth must be from 0 to {MAX_EXPLODE_DEPTH} (the roller's own limit), "
                f"not {requested}"
            )
        _check_work(node, requested)
        return requested, residual_of(node, requested)
    exploding = [(float(explode_chance(d)), d.count) for d in _dice(node)
                 if d.explode is not None and d.count and explode_chance(d)]
    depth = 0
    if exploding:
        while _above(node, exploding, depth, RESIDUAL_GOAL) and depth < MAX_DEPTH:
            depth += 1
        while depth > 1 and work(node, depth)[1] > MAX_WORK:
            if _above(node, exploding, depth - 1, MAX_RESIDUAL):
                break
            depth -= 1
    _check_work(node, depth)
    return depth, residual_of(node, depth)


def _above(node: Node, exploding: list[tuple[float, int]], depth: int, bound: Fraction) -> bool:
    """residual_of(node, depth) > bound, exactly, computing it exactly only when close."""
    log_untouched = sum(n * math.log1p(-(p ** (depth + 1))) for p, n in exploding)
    approx = -math.expm1(log_untouched)
    if approx > float(bound) * (1 + 1e-6):
        return True
    if approx < float(bound) * (1 - 1e-6):
        return False
    return residual_of(node, depth) > bound


def _check_work(node: Node, depth: int) -> None:
    units = work(node, depth)[1]
    if units > MAX_WORK:
        raise DiceLimitError(
            f"{node.canonical} is too large for exact odds "
            f"(about {units:,} steps; the limit is {MAX_WORK:,})"
        )
