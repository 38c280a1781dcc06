"""What a roll returns: the total at once, the per-die story when somebody asks for it.

`RollResult` keeps only the plan and the raw faces; `terms` and `dice` are built on first access
(most rolls in a loop only need `.total`). The records are what the CLI, the TUI dice log and the
log file all show, so they carry every mark: kept, dropped, rerolled, exploded, success, failure.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ast import Dice, Node
from .plan import EXPLODED, FROM_EXPLOSION, REROLLED, Plan, RawTerm, die_marks
from .sources import TermSpec
from .text import render_text


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One physical die as rolled.

    `face` is what the die showed; `value` what it counts as after `mi`/`ma`. A die is `kept`
    unless it was `rerolled` (replaced by a reroll) or `dropped` (by keep/drop). `exploded`: it
    brought one more die; `from_explosion`: it is such a die. `success` / `failure`: a kept die
    on the success / failure target of a counting term.
    """

    die: str
    face: int
    value: int
    term: int
    kept: bool
    dropped: bool = False
    rerolled: bool = False
    exploded: bool = False
    from_explosion: bool = False
    success: bool = False
    failure: bool = False

    @property
    def clamped(self) -> bool:
        """True when `mi`/`ma` changed what this die counts as."""
        return self.value != self.face


@dataclass(frozen=True, slots=True)
class TermRoll:
    """One dice term of the expression and its dice, in rolling order."""

    index: int
    dice: Dice
    text: str
    """The term's canonical spelling, e.g. `4d6kh3`."""
    label: str | None
    """The innermost `[label]` around the term, if any."""
    value: int
    """What the term contributed: sum of kept values, or successes minus failures."""
    rolls: tuple[DieRoll, ...]


class RollResult:
    """The outcome of `roll()`.

    `total` is the result; `canonical` the expression as echoed; `ast` its syntax tree;
    `terms` each dice term with its dice; `dice` every die of every term, in rolling order.
    `str(result)` is the one-line text form for logs and the CLI. `plan` (the compiled
    expression) and `raw` (per term: faces in rolling order, roll flags) are what `terms` is
    derived from; renderers that care about speed may read them directly.
    """

    __slots__ = ("_terms", "plan", "raw", "total")

    def __init__(self, plan: Plan, total: int, raw: list[RawTerm]) -> None:
        self.plan = plan
        self.raw = raw
        self.total = total
        self._terms: tuple[TermRoll, ...] | None = None

    @property
    def canonical(self) -> str:
        return self.plan.canonical

    @property
    def ast(self) -> Node:
        return self.plan.ast

    @property
    def terms(self) -> tuple[TermRoll, ...]:
        if self._terms is None:
            self._terms = tuple(
                annotate(spec, faces, flags)
                for spec, (faces, flags) in zip(self.plan.terms, self.raw, strict=True)
            )
        return self._terms

    @property
    def dice(self) -> tuple[DieRoll, ...]:
        return tuple(die for term in self.terms for die in term.rolls)

    def __str__(self) -> str:
        return render_text(self)

    def __repr__(self) -> str:
        return f"<RollResult {self.canonical!r} total={self.total}>"


def annotate(spec: TermSpec, faces: list[int], flags: list[int] | None) -> TermRoll:
    """Every die's record, derived from the raw faces exactly as the plan scored them."""
    node = spec.node
    counting = node.success is not None
    rolls = []
    score = 0
    for face, value, fl, kept, hit, miss in die_marks(node, faces, flags):
        if kept:
            score += (hit - miss) if counting else value
        rolls.append(
            DieRoll(
                die=node.die_name,
                face=face,
                value=value,
                term=spec.index,
                kept=kept,
                dropped=not kept and not fl & REROLLED,
                rerolled=bool(fl & REROLLED),
                exploded=bool(fl & EXPLODED),
                from_explosion=bool(fl & FROM_EXPLOSION),
                success=hit,
                failure=miss,
            )
        )
    return TermRoll(spec.index, node, spec.text, spec.label, score, tuple(rolls))
