"""The Torg die roll: one d20 per action, rolled again on 10s and 20s, plus the extra rolls.

Who may roll again (rule book L407, L779, L2286):

| roller              | skilled use   | unskilled use |
|---------------------|---------------|---------------|
| possibility-rated   | on 10 or 20   | on 10 only    |
| Ord                 | on 10 only    | never         |

Every extra die is added to the *final die roll*; the chain goes on while the newest die is an
eligible 10/20. Extra rolls from a Possibility (one per action) or a hero/drama card (any number)
count at least 10, though only a real 10/20 continues their chain. An *up* roll is an extra roll
that is not floored and cannot be countered. *Stymied* eats the first chance of an extra roll,
whichever comes first (a natural 10/20, a Possibility, a card); up and stymie cancel each other.

Rulings recorded here (003-torg.md §9.3):
- roll-again is automatic: declining the book's "may" is never to the roller's benefit;
- hero and drama card rolls are floored at 10 like a Possibility's (cards "act as Possibilities");
- a countered Possibility or card is spent but never rolled, and does not use up a stymie (the
  chance of an extra roll never occurred).

Every die comes from a `DiceFeed`: faces typed in by hand are used first, in order, then the
injected `random.Random`. A chain is bounded (`MAX_DICE`) so a typed run of tens cannot loop.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from gmconsole.systems.torg.bonus import default_chart
from gmconsole.systems.torg.errors import TorgError

MAX_DICE = 60
"""Most dice one action may use; past this the roll is refused rather than looping."""

EXTRA_SOURCES = ("possibility", "hero", "drama")
"""Extra rolls a roller chooses after seeing the die; each counts at least 10."""


def roll_again_faces(*, possibility_rated: bool, skilled: bool) -> frozenset[int]:
    """The faces that earn another die for this roller and use."""
    if possibility_rated:
        return frozenset({10, 20}) if skilled else frozenset({10})
    return frozenset({10}) if skilled else frozenset()


class DiceFeed:
    """d20 faces for a roll: typed faces first, in order, then the random generator."""

    def __init__(self, dice: Iterable[int] | None = None, rng: random.Random | None = None) -> None:
        self._typed = [int(d) for d in (dice or ())]
        for face in self._typed:
            if not 1 <= face <= 20:
                raise TorgError(f"a d20 cannot show {face}")
        self._rng = rng

    def next(self, why: str) -> int:
        if self._typed:
            return self._typed.pop(0)
        if self._rng is not None:
            return self._rng.randint(1, 20)
        raise TorgError(f"{why} needs another d20: type one more face")


@dataclass(frozen=True)
class RollStep:
    """One die (or one chance of a die) in an action's roll, for the dice log."""

    source: str
    """"roll", "roll again", "up", "possibility", "hero" or "drama"."""
    face: int | None
    """The face shown; None when the chance produced no die (lost to stymie, countered)."""
    counts: int
    """What it adds to the final die roll (a floored extra roll counts 10)."""
    note: str = ""


@dataclass(frozen=True)
class TorgRoll:
    """An action's dice so far. Immutable: each extra roll returns a new `TorgRoll`."""

    possibility_rated: bool
    skilled: bool
    steps: tuple[RollStep, ...]
    stymie_pending: bool = False
    possibility_spent: bool = False
    notes: tuple[str, ...] = ()

    @property
    def final(self) -> int:
        """The final die roll: everything the chain and the extra rolls added."""
        return sum(s.counts for s in self.steps)

    @property
    def first_die(self) -> int:
        """The first face rolled (contradiction checks read only this one, L4781)."""
        first = self.steps[0].face
        assert first is not None
        return first

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(s.face for s in self.steps if s.face is not None)

    @property
    def bonus(self) -> int:
        return default_chart().bonus(self.final)

    @property
    def eligible(self) -> frozenset[int]:
        return roll_again_faces(possibility_rated=self.possibility_rated, skilled=self.skilled)

    def extra_roll(
        self,
        source: str,
        *,
        dice: Iterable[int] | None = None,
        rng: random.Random | None = None,
        countered: bool = False,
    ) -> TorgRoll:
        """Spend a Possibility or play a hero/drama card for another die, after seeing the roll.

        `countered`: an opponent spent a Possibility against it before the die was rolled; both
        are spent and nothing is rolled (L491). A stymie pending eats this chance instead.
        """
        if source not in EXTRA_SOURCES:
            raise TorgError(f"'{source}' gives no extra roll (choose {', '.join(EXTRA_SOURCES)})")
        if source == "possibility" and self.possibility_spent:
            raise TorgError("only one Possibility may be spent on an action's roll")
        spent = self.possibility_spent or source == "possibility"
        if countered:
            step = RollStep(source, None, 0, "countered")
            return replace(self, steps=(*self.steps, step), possibility_spent=spent)
        if self.stymie_pending:
            step = RollStep(source, None, 0, "lost to stymie")
            return replace(self, steps=(*self.steps, step), possibility_spent=spent, stymie_pending=False)
        feed = DiceFeed(dice, rng)
        steps, stymie = _chain(feed, self.eligible, source, True, False, len(self.steps))
        return replace(self, steps=(*self.steps, *steps), possibility_spent=spent, stymie_pending=stymie)


def _chain(
    feed: DiceFeed,
    eligible: frozenset[int],
    source: str,
    floor: bool,
    stymie: bool,
    used: int,
) -> tuple[list[RollStep], bool]:
    """One die and its roll-again chain; returns the steps and whether a stymie is still pending."""
    face = feed.next(f"the {source} die")
    floored = floor and face < 10
    steps = [RollStep(source, face, 10 if floored else face, "counts 10" if floored else "")]
    while face in eligible:
        if stymie:
            steps.append(RollStep("roll again", None, 0, f"{face}: roll again lost to stymie"))
            return steps, False
        if used + len(steps) >= MAX_DICE:
            raise TorgError(f"a roll may use at most {MAX_DICE} dice")
        face = feed.next("rolling again")
        steps.append(RollStep("roll again", face, face))
    return steps, stymie


def roll_d20(
    *,
    possibility_rated: bool = True,
    skilled: bool = True,
    up: bool = False,
    stymied: bool = False,
    dice: Iterable[int] | None = None,
    rng: random.Random | None = None,
) -> TorgRoll:
    """Roll an action's die: the d20 and its chain, then the up roll if the roller is up.

    Typed `dice` are used first and in order (an up roll takes the faces after the first
    chain); leftover typed faces are ignored here, so pass only what this roll should use.
    """
    notes: list[str] = []
    if up and stymied:  # L3051/L3077: decided before rolling
        up = stymied = False
        notes.append("up and stymie cancel each other")
    feed = DiceFeed(dice, rng)
    eligible = roll_again_faces(possibility_rated=possibility_rated, skilled=skilled)
    steps, stymie = _chain(feed, eligible, "roll", False, stymied, 0)
    if up:
        more, stymie = _chain(feed, eligible, "up", False, stymie, len(steps))
        steps += more
    return TorgRoll(
        possibility_rated=possibility_rated,
        skilled=skilled,
        steps=tuple(steps),
        stymie_pending=stymie,
        notes=tuple(notes),
    )


def final_die_roll(dice: Iterable[int], *, possibility_rated: bool = True, skilled: bool = True) -> int:
    """The sum of the dice the roll-again chain uses, taken from `dice` in order.

    `final_die_roll([10, 20, 8]) == 38`; an Ord's `[20, 5]` is 20 (the 5 is not used). Raises
    when the chain needs more faces than were given.
    """
    return roll_d20(possibility_rated=possibility_rated, skilled=skilled, dice=dice).final
