"""Syntax tree -> roll plan: nested closures that roll and total with no per-die objects.

A plan is compiled once per expression (and cached by the roller). Running it appends one raw
record per dice term to `out` — the faces as rolled, plus reroll/explosion flags when the term
has those — and returns the total. Everything else the log shows (kept, dropped, successes,
min/max values) is a pure function of that raw record and the term, so `die_marks` derives it
later, only when somebody looks. The scorer and `die_marks` share `keep_span` and
`value_table`, which is what keeps the total and the displayed dice in agreement.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .ast import BinOp, Dice, Group, Keep, Labeled, Neg, Node, Number, to_text
from .errors import DiceError, DiceLimitError
from .limits import MAX_EXPLODE_DEPTH, MAX_ROLLS
from .sources import Source, TermSpec

REROLLED = 1
"""This face was replaced by a reroll and does not count."""
EXPLODED = 2
"""This face was on the explode target: one more die was rolled for it."""
FROM_EXPLOSION = 4
"""This die was rolled because another one exploded."""
_LOCKED = 8  # internal: a `r` (once) replacement, which may not be rerolled again

RawTerm = tuple[list[int], list[int] | None]
"""What a term leaves in the log: faces in rolling order, and roll flags (None: all zero)."""
Runner = Callable[[Source, list[RawTerm]], int]


@dataclass(frozen=True, slots=True, eq=False)
class Plan:
    """A compiled expression: `run(source, out) -> total`."""

    ast: Node
    canonical: str
    terms: tuple[TermSpec, ...]
    run: Runner
    budget: int
    """How many dice rerolls and explosions may still roll after the initial dice."""
    template: tuple[str, ...]
    """The canonical text cut at each dice term: `len(terms) + 1` pieces, for the roll log."""


def compile_plan(ast: Node) -> Plan:
    terms: list[TermSpec] = []
    run = _compile(ast, terms, None)
    initial = sum(t.node.count for t in terms)
    if initial > MAX_ROLLS:
        raise DiceLimitError(
            f"{ast.canonical} rolls {initial:,} dice; at most {MAX_ROLLS:,} may be rolled at once"
        )
    # Labels cannot hold control characters (grammar), so NUL safely marks where terms go.
    template = tuple(to_text(ast, lambda d: "\0").split("\0"))
    return Plan(ast, ast.canonical, tuple(terms), run, MAX_ROLLS - initial, template)


def _compile(node: Node, terms: list[TermSpec], label: str | None) -> Runner:
    if isinstance(node, Number):
        value = node.value
        return lambda src, out: value
    if isinstance(node, Dice):
        spec = TermSpec.of(node, len(terms), label)
        terms.append(spec)
        return _dice_runner(spec)
    if isinstance(node, Labeled):
        return _compile(node.operand, terms, node.label)
    if isinstance(node, Neg):
        operand = _compile(node.operand, terms, label)
        return lambda src, out: -operand(src, out)
    if isinstance(node, BinOp):
        return _binop_runner(node, terms, label)
    if isinstance(node, Group):
        return _group_runner(node, terms, label)
    raise TypeError(f"not a dice syntax node: {node!r}")


def kept_total(values: list[int], keep: Keep | None) -> int:
    """The sum of the values a group keeps (all of them without a keep)."""
    if keep is None:
        return sum(values)
    start, stop = keep_span(len(values), keep)
    return sum(sorted(values)[start:stop])


def _group_runner(node: Group, terms: list[TermSpec], label: str | None) -> Runner:
    """Each item rolled in turn (its dice logged as any term's); the kept totals add up. Per
    die (`{4d6+3d8}kh1`), the values kept are the dice themselves, read from the log record
    each plain term has just appended."""
    runners = [_compile(item, terms, label) for item in node.items]
    keep = node.keep
    if node.per_die:

        def pooled(src: Source, out: list[RawTerm]) -> int:
            values: list[int] = []
            for run in runners:
                run(src, out)
                values += out[-1][0]
            return kept_total(values, keep)

        return pooled

    def grouped(src: Source, out: list[RawTerm]) -> int:
        return kept_total([run(src, out) for run in runners], keep)

    return grouped


def _binop_runner(node: BinOp, terms: list[TermSpec], label: str | None) -> Runner:
    left = _compile(node.left, terms, label)
    if node.op in ("/", "ceil"):
        right = _compile(node.right, terms, label)
        divisor_text = node.right.canonical
        up = node.op == "ceil"

        def divide(src: Source, out: list[RawTerm]) -> int:
            dividend, divisor = left(src, out), right(src, out)
            if divisor == 0:
                raise DiceError(f"division by zero: {divisor_text} came to 0")
            return -(-dividend // divisor) if up else dividend // divisor

        return divide
    if isinstance(node.right, Number):  # `1d20 + 5`: the most common shape at the table
        k = node.right.value
        if node.op == "+":
            return lambda src, out: left(src, out) + k
        if node.op == "-":
            return lambda src, out: left(src, out) - k
        return lambda src, out: left(src, out) * k
    right = _compile(node.right, terms, label)
    if node.op == "+":
        return lambda src, out: left(src, out) + right(src, out)
    if node.op == "-":
        return lambda src, out: left(src, out) - right(src, out)
    return lambda src, out: left(src, out) * right(src, out)


# ---- dice terms -----------------------------------------------------------------------------


def keep_span(n: int, keep: Keep) -> tuple[int, int]:
    """The kept dice as a slice `[start:stop]` of the term's values sorted ascending."""
    k = keep.count
    if keep.kind == "kh":
        return max(n - k, 0), n
    if keep.kind == "kl":
        return 0, min(k, n)
    if keep.kind == "dh":
        return 0, max(n - k, 0)
    return min(k, n), n


def value_table(node: Dice) -> dict[int, int] | None:
    """Face -> value under `mi`/`ma`, or None when every face counts as itself."""
    if node.minimum is None and node.maximum is None:
        return None
    return {face: node.value_of(face) for face in range(node.low, node.high + 1)}


DieMarks = tuple[int, int, int, bool, bool, bool]
"""One die as the log sees it: face, value, roll flags, kept, success, failure."""


def die_marks(node: Dice, faces: list[int], flags: list[int] | None) -> list[DieMarks]:
    """Every die's marks, derived from the raw faces as the scorer counted them.

    A die is kept unless rerolled away or dropped. Ties under keep/drop go by rolling order;
    the total does not depend on which of two equal dice goes, so this agrees with the
    scorer's sorted slice.
    """
    table = value_table(node)
    values = faces if table is None else [table[f] for f in faces]
    roll_flags = flags if flags is not None else [0] * len(faces)
    if node.explode_mode == "penetrate":  # each extra die counts one less
        values = [v - 1 if fl & FROM_EXPLOSION else v for v, fl in zip(values, roll_flags, strict=True)]
    counting = [i for i, fl in enumerate(roll_flags) if not fl & REROLLED]
    if node.keep is not None:
        order = sorted(counting, key=values.__getitem__)
        start, stop = keep_span(len(order), node.keep)
        counting = order[start:stop]
    kept = [False] * len(faces)
    for i in counting:
        kept[i] = True
    success, failure = node.success or frozenset(), node.failure or frozenset()
    return [
        (face, value, fl, counts, counts and value in success, counts and value in failure)
        for face, value, fl, counts in zip(faces, values, roll_flags, kept, strict=True)
    ]


def _scorer(node: Dice) -> Callable[[list[int]], int]:
    """The term's total from the faces that count (not rerolled away), in rolling order."""
    table = value_table(node)
    keep, success, failure = node.keep, node.success, node.failure

    def score(faces: list[int]) -> int:
        values = faces if table is None else [table[f] for f in faces]
        if keep is not None:
            start, stop = keep_span(len(values), keep)
            values = sorted(values)[start:stop]
        if success is None:
            return sum(values)
        count = sum(map(success.__contains__, values))
        if failure is not None:
            count -= sum(map(failure.__contains__, values))
        return count

    return score


def _dice_runner(spec: TermSpec) -> Runner:
    node, n = spec.node, spec.node.count
    if node.is_plain:

        def plain(src: Source, out: list[RawTerm]) -> int:
            faces = src.faces(spec, n)
            out.append((faces, None))
            return sum(faces)

        return plain

    score = _scorer(node)
    if node.reroll is None and node.explode is None:

        def scored(src: Source, out: list[RawTerm]) -> int:
            faces = src.faces(spec, n)
            out.append((faces, None))
            return score(faces)

        return scored

    roll_chain = _chain_roller(spec)

    penetrate = node.explode_mode == "penetrate"

    def chained(src: Source, out: list[RawTerm]) -> int:
        faces, flags = roll_chain(src)
        out.append((faces, flags))
        if flags is None:
            return score(faces)
        total = score([f for f, fl in zip(faces, flags, strict=True) if not fl & REROLLED])
        if penetrate:  # no keep, count or bound goes with !p: the total is a plain sum
            total -= sum(1 for fl in flags if fl & FROM_EXPLOSION and not fl & REROLLED)
        return total

    return chained


def _chain_roller(spec: TermSpec) -> Callable[[Source], RawTerm]:
    """Roll a term with rerolls and/or explosions, breadth first like dice at a table.

    Every die, first or extra, goes through the same steps: a face on the reroll target is
    replaced (once for `r`, until off target for `rr`); a face that stands and is on the explode
    target brings one more die. Both look at the raw face, before `mi`/`ma`.
    """
    node = spec.node
    rerolls = node.reroll.faces if node.reroll else frozenset()
    relock = 0 if node.reroll is None or node.reroll.recursive else _LOCKED
    explodes = node.explode or frozenset()
    triggers = (rerolls | explodes).__contains__

    def roll_chain(src: Source) -> RawTerm:
        pending = src.faces(spec, node.count)
        if not any(map(triggers, pending)):
            return pending, None  # the usual case: nothing to reroll or explode, no flags
        faces: list[int] = []
        flags: list[int] = []
        origins = [0] * len(pending)
        depths = origins
        while pending:
            next_origins: list[int] = []
            next_depths: list[int] = []
            for face, origin, depth in zip(pending, origins, depths, strict=True):
                faces.append(face)
                if face in rerolls and not origin & _LOCKED:
                    flags.append(origin | REROLLED)
                    next_origins.append(origin | relock)
                    next_depths.append(depth)
                elif face in explodes:
                    if depth >= MAX_EXPLODE_DEPTH:
                        raise DiceLimitError(
                            f"{spec.text} exploded more than {MAX_EXPLODE_DEPTH} times in a row; "
                            f"the roll was stopped"
                        )
                    flags.append((origin & FROM_EXPLOSION) | EXPLODED)
                    next_origins.append(FROM_EXPLOSION)
                    next_depths.append(depth + 1)
                else:
                    flags.append(origin & FROM_EXPLOSION)
            if not next_origins:
                break
            pending = src.more(spec, len(next_origins))
            origins, depths = next_origins, next_depths
        return faces, flags

    return roll_chain
