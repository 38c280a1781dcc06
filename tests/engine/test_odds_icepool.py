"""The exact-odds algebra (weights.py, pools.py) against icepool, which it replaced.

`reference` is the previous builder, icepool doing every step the way its documentation shows;
the new code must give the same Fractions for every expression and explosion depth, including
the shapes where it takes a different road: sums of many dice (Miller's recurrence or a packed
power), two sums added (packed product), keep/drop pools (the face walk) and exploding pools.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import examples
from strategies import expressions

from gmconsole.engine.dice import BinOp, Dice, DiceError, Group, Labeled, Neg, Node, Number, parse
from gmconsole.engine.odds.build import build, contribution


def reference(node: Node, depth: int) -> icepool.Die:
    if isinstance(node, Number):
        return icepool.Die([node.value])
    if isinstance(node, Dice):
        return _term(node, depth)
    if isinstance(node, Labeled):
        return reference(node.operand, depth)
    if isinstance(node, Neg):
        return -reference(node.operand, depth)
    if isinstance(node, Group):
        if node.per_die:
            dice = [icepool.Die(range(d.low, d.high + 1)) for d in node.items
                    if isinstance(d, Dice) for _ in range(d.count)]
        else:
            dice = [reference(item, depth) for item in node.items]
        if node.keep is None:
            return sum(dice[1:], dice[0])
        pool, k = icepool.Pool(dice), node.keep.count
        return {"kh": lambda: pool.highest(k), "kl": lambda: pool.lowest(k),
                "dh": lambda: pool.highest(drop=k), "dl": lambda: pool.lowest(drop=k)}[node.keep.kind]().sum()
    assert isinstance(node, BinOp)
    left, right = reference(node.left, depth), reference(node.right, depth)
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    if 0 in right.outcomes():
        raise DiceError("division by zero")
    if node.op == "ceil":
        return -((-left) // right)
    return left // right


def _raw(d: Dice) -> icepool.Die:
    die = icepool.Die(range(d.low, d.high + 1))
    if d.reroll is None:
        return die
    if d.reroll.recursive:
        return die.reroll(d.reroll.faces, depth="inf")
    faces = d.reroll.faces
    return die.map(lambda f: die if f in faces else f)


def _term(d: Dice, depth: int) -> icepool.Die:
    if d.count == 0:
        return icepool.Die([0])
    raw, g = _raw(d), contribution(d)
    if d.keep is None:
        extra = (lambda f: g(f) - 1) if d.explode_mode == "penetrate" else g  # !p: extras count one less
        one = raw.map(extra)
        if d.explode is not None:
            for _ in range(depth - 1):
                one = raw.map(_then(one, d.explode, extra))
            one = raw.map(_then(one, d.explode, g)) if depth else raw.map(g)
        else:
            one = raw.map(g)
        return d.count @ one if d.count > 1 else one
    pool = raw.pool(d.count) if d.explode is None else \
        raw.explode_to_pool(d.count, d.explode, depth=depth)
    k = d.keep.count
    kept = {"kh": lambda: pool.highest(k), "kl": lambda: pool.lowest(k),
            "dh": lambda: pool.highest(drop=k), "dl": lambda: pool.lowest(drop=k)}[d.keep.kind]()
    return kept.sum(map=g)


def _then(tail: icepool.Die, explode: frozenset[int], g: Callable[[int], int]) -> Callable:
    def step(face: int) -> object:
        return g(face) + tail if face in explode else g(face)

    return step


def assert_same(expr: str, depth: int) -> None:
    node = parse(expr)
    try:
        want = reference(node, depth)
    except DiceError:
        with pytest.raises(DiceError):
            build(node, depth)
        return
    got = build(node, depth)
    assert sum(got.ways.values()) == got.total
    expected = {v: Fraction(q, want.denominator()) for v, q in want.items() if q}
    assert {v: Fraction(w, got.total) for v, w in got.ways.items()} == expected, expr


@pytest.mark.parametrize(
    "expr",
    [
        "3d6", "40d6", "30d6 + 12d8 - 2d20", "12d20", "1d100 + 1d100", "6d10 * 1d4", "(3d6 + 4)/3",
        "4d6kh3", "4d6kl3", "4d6dh1", "4d6dl1", "8d10kh3", "2d20kh1 + 5", "2d20kl1", "9d4dl4",
        "5d6kh7", "5d6dl7", "3dFkh2", "6d6kh3>=5", "5d10kh3>=8f1", "4d6r1kh3", "4d6rr<=2kl2",
        "5d6mi2ma5kh3", "10d10>=8f1", "3dF", "1d6*1000 + 1d6", "(1d4*100 + 1d4)*100 + 1d4",
        "-2d6 + 3", "2d6 [fire] + 1d4 [cold]",
        "2d6!!", "1d10!!>=9 + 2", "2d6!p", "3d4!p{3,4} + 1", "1d6r1!p", "ceil(3d6 / 4)",
    ],
)
def test_fixed_expressions_match_icepool(expr: str) -> None:
    assert_same(expr, 0)


@pytest.mark.parametrize(
    "expr",
    [
        "1d6!", "3d6!", "2d6!kh1", "5d6!kh2", "4d6!kl2", "4d6!dh1", "4d6!dl1", "3d6!>=5kh2",
        "3d6!<=2kh2", "3d6!1kl1", "2d10!kh1>=8f1", "3d6r1!kh2", "3d6rr1!dl1", "3dF!kh2",
        "2d20!{10,20}kh1", "4d6!mi3kh3", "2d4!{1,4}kl1", "3d6!ma4kh1",
    ],
)
@pytest.mark.parametrize("depth", [0, 1, 3])
def test_explosions_match_icepool(expr: str, depth: int) -> None:
    assert_same(expr, depth)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(max_count=6, sides=(1, 2, 3, 4, 6, 10), max_leaves=3), st.integers(0, 2))
def test_random_expressions_match_icepool(expr: str, depth: int) -> None:
    assert_same(expr, depth)
