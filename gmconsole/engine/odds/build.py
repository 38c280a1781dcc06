"""Syntax tree -> exact `Weights`, with an explicit cap on explosion depth.

Each dice term is built from the same reading of the rules the roller uses (ast.Dice):

* raw die: the faces, rerolled once (`r`) or until off target (`rr`, exact via conditioning);
* explosion without keep: one die's chain, `C_k = g(f) + C_(k-1) if f in X else g(f)` over the
  raw die, then n chains summed (`weights.power`);
* keep/drop on the raw faces (mi/ma are monotone, so the order by face is the order by value):
  `pools.keep_sum`; with explosions the extra dice join the pool as in play (icepool's
  `explode_to_pool`): `pools.exploding_keep`, or icepool itself when the exploding faces sit
  among the others (`2d20!{10,20}kh1`), the one shape that has no cheaper exact form here;
* `g` maps a face to what it contributes: its value after mi/ma, or +1/-1/0 when counting.

At depth `d` a die that would explode again is taken as it stands. `residual_of` is the exact
chance that happened anywhere in the roll, which is what the Distribution reports.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from fractions import Fraction
from math import gcd

from gmconsole.engine.dice import BinOp, Dice, DiceError, Group, Labeled, Neg, Node, Number
from gmconsole.engine.dice.ast import children

from .pools import exploding_keep, keep_sum
from .weights import Weights, add, combine, power

Face = Callable[[int], int]


def ceil_div(a: int, b: int) -> int:
    """`a / b` rounded up (`ceil(a / b)` in the dice language)."""
    return -(-a // b)


def build(node: Node, depth: int) -> Weights:
    """The exact distribution of `node` with explosions capped at `depth` extra dice."""
    if isinstance(node, Number):
        return Weights.point(node.value)
    if isinstance(node, Dice):
        return _term(node, depth)
    if isinstance(node, Labeled):
        return build(node.operand, depth)
    if isinstance(node, Neg):
        return -build(node.operand, depth)
    if isinstance(node, BinOp):
        left, right = build(node.left, depth), build(node.right, depth)
        if node.op == "+":
            return add(left, right)
        if node.op == "-":
            return add(left, -right)
        if node.op == "*":
            return combine(left, right, operator.mul)
        if 0 in right.ways:
            raise DiceError(f"division by zero: {node.right.canonical} can come to 0")
        if node.op == "ceil":
            return combine(left, right, ceil_div)
        return combine(left, right, operator.floordiv)
    if isinstance(node, Group):
        return _group(node, depth)
    raise TypeError(f"not a dice syntax node: {node!r}")


def _group(node: Group, depth: int) -> Weights:
    """A group's kept totals (or, per die, its kept dice) added up. Without a keep it is a
    sum; with one, icepool's pool of unlike dice (each item a die of its own distribution)
    takes the highest or lowest, imported only then."""
    if node.per_die:
        parts = [(raw_die(d), d.count) for d in node.items if isinstance(d, Dice)]
    else:
        parts = [(build(item, depth), 1) for item in node.items]
    if node.keep is None:
        total = Weights.point(0)
        for weights, count in parts:
            total = add(total, power(weights, count))
        return total
    import icepool

    dice = [icepool.Die(w.ways) for w, count in parts for _ in range(count)]
    pool = icepool.Pool(dice)
    k = node.keep.count
    kept = {"kh": lambda: pool.highest(k), "kl": lambda: pool.lowest(k),
            "dh": lambda: pool.highest(drop=k), "dl": lambda: pool.lowest(drop=k)}[node.keep.kind]()
    die = kept.sum()
    return Weights({int(o): int(q) for o, q in die.items() if q}, int(die.denominator()))


@functools.lru_cache(maxsize=256)
def raw_die(d: Dice) -> Weights:
    """One die's face after rerolls (before explosion and mi/ma), in lowest terms."""
    faces = range(d.low, d.high + 1)
    if d.reroll is None:
        return Weights(dict.fromkeys(faces, 1), len(faces))
    on = d.reroll.faces
    if d.reroll.recursive:  # rerolling until off target is the die conditioned on off target
        ways = {f: 1 for f in faces if f not in on}
        return Weights(ways, len(ways))
    # Once: a face on target is replaced by a fresh die, taken as it comes (a mixture; this also
    # holds when every face is on target). Over len(faces)**2: off target f has the first roll
    # (len(faces) ways) plus the rerolled ones; on target only the rerolled ones.
    hits = sum(1 for f in faces if f in on)
    ways = {f: hits + (0 if f in on else len(faces)) for f in faces}
    ways = {f: w for f, w in ways.items() if w}
    common = functools.reduce(gcd, ways.values())
    return Weights({f: w // common for f, w in ways.items()}, len(faces) ** 2 // common)


@functools.lru_cache(maxsize=256)
def explode_chance(d: Dice) -> Fraction:
    """Chance that one die (after rerolls) stands on the explode target."""
    if d.explode is None:
        return Fraction(0)
    die = raw_die(d)
    hits = sum(die.ways.get(face, 0) for face in d.explode)
    return Fraction(hits, die.total)


def residual_of(node: Node, depth: int) -> Fraction:
    """Exact chance that some die of `node` would explode past `depth` extra dice: one minus
    the product over dice of (1 - p**(depth+1)), in integers and one Fraction at the end."""
    kept, whole = 1, 1
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Dice):
            p = explode_chance(n)
            if p and n.count:
                all_ways = p.denominator ** (depth + 1)
                kept *= (all_ways - p.numerator ** (depth + 1)) ** n.count
                whole *= all_ways**n.count
        stack += children(n)
    return Fraction(whole - kept, whole)


def contribution(d: Dice) -> Face:
    """What one kept die adds to the term: its value, or +1 / -1 / 0 when counting."""
    if d.success is None:
        return d.value_of
    success, failure = d.success, d.failure or frozenset()

    def count(face: int) -> int:
        value = d.value_of(face)
        return (value in success) - (value in failure)

    return count


def _term(d: Dice, depth: int) -> Weights:
    if d.count == 0:
        return Weights.point(0)
    raw, g = raw_die(d), contribution(d)
    exploding = d.explode is not None and depth > 0 and explode_chance(d) > 0
    if d.keep is None:
        if exploding and d.explode_mode == "penetrate":
            one = _penetrating(raw, d.explode, g, depth)
        else:  # compounding adds the same dice up: with no keep or count, the same total
            one = _chain(raw, d.explode, g, depth) if exploding else raw.map(g)
        return power(one, d.count)
    if exploding:
        return _exploding_pool(d, raw, g, depth)
    n, k = d.count, d.keep.count
    highest = d.keep.kind in ("kh", "dl")
    kept = k if d.keep.kind[0] == "k" else max(n - k, 0)
    return keep_sum(tuple(raw.ways.items()), n, kept, highest, g)


def _split(raw: Weights, explode: frozenset[int] | None, g: Face) -> tuple[Weights, Weights]:
    """A die's faces valued by `g`: those that stop, and those that explode."""
    stop = Weights({}, 0)
    go = Weights({}, 0)
    for face, w in raw.ways.items():
        part = go if explode and face in explode else stop
        value = g(face)
        part.ways[value] = part.ways.get(value, 0) + w
        part.total += w
    return stop, go


def _one_more(raw: Weights, stop: Weights, go: Weights, chain: Weights) -> Weights:
    """A die followed, when it explodes, by `chain`: over raw.total * chain.total, the faces
    that stop keep every deeper roll's ways."""
    deeper = add(go, chain)
    ways = {v: w * chain.total for v, w in stop.ways.items()}
    for v, w in deeper.ways.items():
        ways[v] = ways.get(v, 0) + w
    return Weights(ways, raw.total * chain.total)


def _chain(raw: Weights, explode: frozenset[int] | None, g: Face, depth: int) -> Weights:
    """One die with up to `depth` extra dice: each exploding face adds a fresh chain one shorter."""
    stop, go = _split(raw, explode, g)
    chain = raw.map(g)
    if not go.ways:
        return chain
    for _ in range(depth):
        chain = _one_more(raw, stop, go, chain)
    return chain


def _penetrating(raw: Weights, explode: frozenset[int] | None, g: Face, depth: int) -> Weights:
    """One penetrating die: the first counts its value, each extra die one less; an extra die
    explodes on its raw face like the first."""
    if depth <= 0:
        return raw.map(g)
    tail = _chain(raw, explode, lambda face: g(face) - 1, depth - 1)
    stop, go = _split(raw, explode, g)
    return _one_more(raw, stop, go, tail)


def _exploding_pool(d: Dice, raw: Weights, g: Face, depth: int) -> Weights:
    """Keep/drop over a pool that exploding dice join: `pools.exploding_keep`, or icepool's
    `explode_to_pool` when the exploding faces sit among the others (`2d20!{10,20}kh1`),
    imported only then."""
    assert d.keep is not None and d.explode is not None
    done = exploding_keep(
        tuple(raw.ways.items()), d.count, d.explode, d.keep.kind, d.keep.count, g, depth
    )
    if done is not None:
        return done
    import icepool

    pool = icepool.Die(raw.ways).explode_to_pool(d.count, d.explode, depth=depth)
    k = d.keep.count
    if d.keep.kind == "kh":
        kept = pool.highest(k)
    elif d.keep.kind == "kl":
        kept = pool.lowest(k)
    elif d.keep.kind == "dh":
        kept = pool.highest(drop=k)
    else:
        kept = pool.lowest(drop=k)
    die = kept.sum(map=g)
    return Weights({v: q for v, q in die.items() if q}, die.denominator())
