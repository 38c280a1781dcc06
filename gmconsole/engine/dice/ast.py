"""The dice syntax tree: frozen dataclasses, each able to print its canonical form.

The tree is what the roller compiles and what exact odds are computed from, so it holds meaning
rather than spelling: every alias (`k3`, `x`, `cs>=`, `ro`, `p`) has already been resolved by the
parser, targets are plain sets of faces, and `node.canonical` prints the one spelling that parses
back to an equal tree. Nodes are hashable, which lets parsing, compiling and odds be cached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

KeepKind = Literal["kh", "kl", "dh", "dl"]
ExplodeMode = Literal["", "compound", "penetrate"]
"""How the extra dice of an explosion count: as dice of their own (`!`), added into the die
that exploded (`!!`, compounding), or each one less (`!p`, penetrating)."""
BinaryOperator = Literal["+", "-", "*", "/", "ceil"]
"""`/` divides rounding down (floor); `ceil` divides rounding up, written `ceil(a / b)`."""


class Node:
    """Base of every syntax-tree node."""

    __slots__ = ()

    @property
    def canonical(self) -> str:
        """The canonical spelling: parsing it gives back an equal node."""
        return to_text(self)


@dataclass(frozen=True, slots=True)
class Number(Node):
    """An integer literal (negative after folding a unary minus)."""

    value: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll faces in `faces`: once (`r`) or until the face is off target (`rr`)."""

    faces: frozenset[int]
    recursive: bool


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep or drop the highest / lowest `count` dice of a term."""

    kind: KeepKind
    count: int


@dataclass(frozen=True, slots=True)
class Dice(Node):
    """`count` dice of `sides` faces, with the modifiers applied in this order:

    reroll (raw face) -> explode (raw face) -> min/max (value) -> keep/drop (value) ->
    success and failure counting (value). A fudge die (`fudge=True`) has `sides=3` and the
    faces -1, 0, +1. `d%` is `1d100`.
    """

    count: int
    sides: int
    fudge: bool = False
    reroll: Reroll | None = None
    explode: frozenset[int] | None = None
    minimum: int | None = None
    maximum: int | None = None
    keep: Keep | None = None
    success: frozenset[int] | None = None
    failure: frozenset[int] | None = None
    explode_mode: ExplodeMode = ""

    @property
    def low(self) -> int:
        """Lowest face."""
        return -1 if self.fudge else 1

    @property
    def high(self) -> int:
        """Highest face."""
        return 1 if self.fudge else self.sides

    @property
    def die_name(self) -> str:
        """The single die, as a person names it: `d6`, `dF`."""
        return "dF" if self.fudge else f"d{self.sides}"

    @property
    def is_plain(self) -> bool:
        """True for a bare `NdS`: every die counts once, as rolled."""
        return (
            self.reroll is None
            and self.explode is None
            and self.minimum is None
            and self.maximum is None
            and self.keep is None
            and self.success is None
        )

    def value_of(self, face: int) -> int:
        """The value a face counts as after `mi`/`ma`."""
        if self.minimum is not None and face < self.minimum:
            return self.minimum
        if self.maximum is not None and face > self.maximum:
            return self.maximum
        return face


@dataclass(frozen=True, slots=True)
class Neg(Node):
    """Unary minus of anything but a number literal (those fold into `Number`)."""

    operand: Node


@dataclass(frozen=True, slots=True)
class BinOp(Node):
    """`left op right`; `/` is floor division."""

    op: BinaryOperator
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Group(Node):
    """Several rolls of which the kept totals add up: `{1d20, 1d20}kh1`, `(1d4, 2+2, 3d6kl1)kh1`
    (d20's set). `per_die`: one roll whose dice are kept among themselves, Roll20's
    `{4d6+3d8}kh1` (the single highest die of the seven); its items are plain dice terms."""

    items: tuple[Node, ...]
    keep: Keep | None = None
    per_die: bool = False


def children(node: Node) -> tuple[Node, ...]:
    """The nodes directly under `node` (for the walks that count, price or bound a tree)."""
    if isinstance(node, BinOp):
        return (node.left, node.right)
    if isinstance(node, Neg | Labeled):
        return (node.operand,)
    if isinstance(node, Group):
        return node.items
    return ()


@dataclass(frozen=True, slots=True)
class Labeled(Node):
    """A term with a label, `2d6 [fire]`: the label travels with its dice into the log."""

    operand: Node
    label: str


# ---- canonical text -----------------------------------------------------------------------

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "ceil": 4}
_UNARY = 3
_ATOM = 4


def _precedence(node: Node) -> int:
    if isinstance(node, BinOp):
        return _PRECEDENCE[node.op]
    if isinstance(node, Neg) or (isinstance(node, Number) and node.value < 0):
        return _UNARY
    return _ATOM


def to_text(node: Node, dice_text: Callable[[Dice], str] | None = None) -> str:
    """Print `node` canonically; `dice_text` may decorate each dice term (the roll log uses it
    to put the rolled faces after each term), everything else is spelled the same."""

    def text(n: Node) -> str:
        if isinstance(n, Number):
            return str(n.value)
        if isinstance(n, Dice):
            return dice_text(n) if dice_text else dice_canonical(n)
        if isinstance(n, Neg):
            inner = text(n.operand)
            return f"-{inner}" if _precedence(n.operand) >= _UNARY else f"-({inner})"
        if isinstance(n, BinOp) and n.op == "ceil":
            left, right = text(n.left), text(n.right)
            if _precedence(n.left) < _PRECEDENCE["/"]:
                left = f"({left})"
            if _precedence(n.right) <= _PRECEDENCE["/"]:
                right = f"({right})"
            return f"ceil({left} / {right})"
        if isinstance(n, BinOp):
            prec = _PRECEDENCE[n.op]
            left, right = text(n.left), text(n.right)
            if _precedence(n.left) < prec:
                left = f"({left})"
            if _precedence(n.right) <= prec:
                right = f"({right})"
            return f"{left} {n.op} {right}"
        if isinstance(n, Group):
            joined = (" + " if n.per_die else ", ").join(text(i) for i in n.items)
            keep = "" if n.keep is None else f"{n.keep.kind}{n.keep.count}"
            return "{" + joined + "}" + keep
        if isinstance(n, Labeled):
            inner = text(n.operand)
            bare = isinstance(n.operand, Dice) or (
                isinstance(n.operand, Number) and n.operand.value >= 0
            )
            return f"{inner if bare else f'({inner})'} [{n.label}]"
        raise TypeError(f"not a dice syntax node: {n!r}")

    return text(node)


def dice_canonical(d: Dice) -> str:
    """`count` `d` `sides` then modifiers in evaluation order: r/rr, !, mi, ma, keep, success, f."""
    parts = [f"{d.count}d{'F' if d.fudge else d.sides}"]
    if d.reroll is not None:
        parts.append(("rr" if d.reroll.recursive else "r") + _target(d, d.reroll.faces, False))
    success = "" if d.success is None else _target(d, d.success, True)
    if d.explode is not None:
        bang = {"": "!", "compound": "!!", "penetrate": "!p"}[d.explode_mode]
        if d.explode == {d.high}:
            # A bare "!" directly before a comparator would swallow it as its own target.
            follows = d.minimum is None and d.maximum is None and d.keep is None
            bare = not (follows and success[:1] in ("<", ">", "="))
            parts.append(bang if bare else bang + _target(d, d.explode, False))
        else:
            parts.append(bang + _target(d, d.explode, False))
    if d.minimum is not None:
        parts.append(f"mi{d.minimum}")
    if d.maximum is not None:
        parts.append(f"ma{d.maximum}")
    if d.keep is not None:
        parts.append(f"{d.keep.kind}{d.keep.count}")
    parts.append(success)
    if d.failure is not None:
        parts.append("f" + _target(d, d.failure, False))
    return "".join(parts)


def _target(d: Dice, faces: frozenset[int], success: bool) -> str:
    """Shortest unambiguous spelling of a set of faces.

    Reroll, explode and failure targets write a single face bare (`r1`, `!10`, `f1`) like every
    dice tool does; success targets prefer ranges (`>=8`), then `=N`, then `cs{...}`.
    """
    ordered = sorted(faces)
    first, last = ordered[0], ordered[-1]
    if not success and len(ordered) == 1:
        return str(first) if first >= 0 else f"={first}"
    if last - first + 1 == len(ordered):
        if last == d.high:
            return f">={first}"
        if first == d.low:
            return f"<={last}"
    if len(ordered) == 1:
        return f"={first}"
    listed = "{" + ",".join(map(str, ordered)) + "}"
    return "cs" + listed if success else listed
