"""Where faces come from: a `random.Random`, or dice typed in by hand at the table.

Both sources answer the same two questions for the compiled roll plan: "the first N dice of this
term" (`faces`) and "N more dice of this term, for rerolls and explosions" (`more`). Only `more`
can be driven without bound by the dice themselves, so that is where the roll budget is spent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .ast import Dice
from .errors import DiceLimitError, ManualDiceError
from .limits import MAX_ROLLS


@dataclass(frozen=True, slots=True, eq=False)
class TermSpec:
    """One dice term of a compiled plan, with the numbers a source needs precomputed."""

    node: Dice
    index: int
    label: str | None
    text: str
    low: int
    span: int
    bits: int
    shows_faces: bool
    """Its log line is just the faces: numbered dice, each counting as rolled, summed. Marks
    then appear only through reroll/explode flags."""

    @classmethod
    def of(cls, node: Dice, index: int, label: str | None) -> TermSpec:
        span = node.high - node.low + 1
        shows_faces = not node.fudge and (
            node.keep is node.success is node.minimum is node.maximum is None
        )
        return cls(
            node, index, label, node.canonical, node.low, span, (span - 1).bit_length(),
            shows_faces,
        )


class Source(Protocol):
    def faces(self, spec: TermSpec, n: int) -> list[int]: ...
    def more(self, spec: TermSpec, n: int) -> list[int]: ...


class RngSource:
    """Uniform faces from an injected `random.Random`.

    `getrandbits` with rejection is what `Random.randrange` does inside, without its argument
    checking; drawing the fewest bits that cover the faces makes it several times faster.
    """

    __slots__ = ("_bits", "_left")

    def __init__(self, rng: random.Random, budget: int) -> None:
        self._bits = rng.getrandbits
        self._left = budget

    def faces(self, spec: TermSpec, n: int) -> list[int]:
        bits = self._bits
        k, span, low = spec.bits, spec.span, spec.low
        if span == 1 << k:
            return [bits(k) + low for _ in range(n)]
        out = []
        for _ in range(n):
            r = bits(k)
            while r >= span:
                r = bits(k)
            out.append(r + low)
        return out

    def more(self, spec: TermSpec, n: int) -> list[int]:
        self._left -= n
        if self._left < 0:
            raise DiceLimitError(
                f"{spec.text} needs more than {MAX_ROLLS:,} dice rolled in all "
                f"(rerolls and explosions count); the roll was stopped"
            )
        return self.faces(spec, n)


class ManualSource:
    """Faces typed in by hand, used in the order the roll asks for them.

    The order is the order dice are rolled at the table: each term's dice left to right, then
    that term's rerolls and explosions, round after round. Errors name the term and the die.
    """

    __slots__ = ("_faces", "_pos", "_spec", "_term_start")

    def __init__(self, faces: Sequence[int]) -> None:
        self._faces = list(faces)
        self._pos = 0
        self._spec: TermSpec | None = None
        self._term_start = 0

    def faces(self, spec: TermSpec, n: int) -> list[int]:
        if spec is not self._spec:
            self._spec, self._term_start = spec, self._pos
        return [self._next(spec) for _ in range(n)]

    more = faces

    def finish(self, canonical: str) -> None:
        """Refuse leftover faces: a typo at the table should not vanish silently."""
        left = len(self._faces) - self._pos
        if left:
            raise ManualDiceError(
                f"{_dice(len(self._faces))} typed in but {canonical} used only {self._pos}: "
                f"{left} left over"
            )

    def _next(self, spec: TermSpec) -> int:
        number = self._pos - self._term_start + 1
        if self._pos >= len(self._faces):
            raise ManualDiceError(
                f"{_dice(len(self._faces))} typed in, too few: {spec.text} needs die {number} "
                f"(a {spec.node.die_name})"
            )
        face = self._faces[self._pos]
        high = spec.low + spec.span - 1
        if isinstance(face, bool) or not isinstance(face, int) or not spec.low <= face <= high:
            raise ManualDiceError(
                f"typed-in die {self._pos + 1} is {face!r}, impossible for die {number} of "
                f"{spec.text}: a {spec.node.die_name} shows {spec.low} to {high}"
            )
        self._pos += 1
        return face


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def next_face(typed: list[int], rng: random.Random, sides: int) -> int:
    """One die for a system's own roll (a d100 check, a hit location, a d6 - d6 task): the
    next face typed in by hand, taken from `typed` and checked against the die, else a random
    one from `rng`."""
    if not typed:
        return rng.randint(1, sides)
    face = typed.pop(0)
    if not 1 <= face <= sides:
        hint = " (1-100; 00 is 100)" if sides == 100 else ""
        raise ManualDiceError(f"typed die {face} is impossible on a d{sides}{hint}")
    return face
