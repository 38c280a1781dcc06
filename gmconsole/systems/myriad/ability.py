"""The Myriad ability test: roll d6 equal to a statistic, keep the highest, add the skill.

Rules (spec §2.2-§2.3):
- result = highest die + skill + 1 per **unburnt** six + modifiers. It is not a sum of dice.
- A six burnt for an SFX still counts as the highest die; it only loses its +1.
- Success when result >= TN; margin = result - TN. Opposed tests: the higher result wins, ties go to
  whoever initiated the action (the attacker, in a conflict).

Rulings taken here:
- B2: a pool below 1 die (stat penalties) is clamped to 1 die and the roll carries a warning.
- B5 (optional "burning fives"): a burnt five stays a five for the highest-die check; only sixes ever
  give the +1, burnt or not.
- A6: an untrained skill counts as 0 (callers pass 0).

Every roll can be made from an injected ``random.Random`` or from faces typed by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.errors import MyriadError

MAX_POOL = 30
"""Bound on dice in one pool (stats top out at 10; buffs such as Berzerk Rage add a few)."""


def check_faces(dice: Iterable[int], *, sides: int = 6, what: str = "dice") -> tuple[int, ...]:
    """Faces as a tuple, refusing anything that is not a whole number from 1 to ``sides``."""
    faces = tuple(dice)
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= sides:
            raise MyriadError(f"{what}: {face!r} is not a face of a d{sides} (1-{sides})")
    return faces


def roll_d6(count: int, *, rng: random.Random | None = None,
            dice: Sequence[int] | None = None, what: str = "dice") -> tuple[int, ...]:
    """``count`` d6: the typed ``dice`` if given (exactly ``count`` of them), else from ``rng``."""
    if count < 0:
        raise MyriadError(f"{what}: cannot roll {count} dice")
    if dice is not None:
        faces = check_faces(dice, what=what)
        if len(faces) != count:
            raise MyriadError(f"{what}: {count} dice are rolled, but {len(faces)} faces were given")
        return faces
    if count == 0:
        return ()
    if rng is None:
        raise MyriadError(f"{what}: give either typed dice or a random.Random")
    return tuple(rng.randint(1, 6) for _ in range(count))


def ability_test(dice: Sequence[int], skill: int, *, burnt_sixes: int = 0,
                 modifiers: int = 0) -> int:
    """Result of an ability test from its faces: highest + skill + unburnt sixes + modifiers.

    >>> ability_test([2, 4, 5, 6], 3)
    10
    >>> ability_test([2, 4, 5, 6], 3, burnt_sixes=1)   # the burnt six is still the highest die
    9
    """
    faces = check_faces(dice)
    if not faces:
        raise MyriadError("dice: an ability test rolls at least one die")
    _check_skill(skill)
    sixes = faces.count(6)
    if not 0 <= burnt_sixes <= sixes:
        raise MyriadError(f"burnt_sixes: {burnt_sixes} burnt, but only {sixes} six(es) were rolled")
    return max(faces) + skill + (sixes - burnt_sixes) + modifiers


def effective_pool(stat: int) -> tuple[int, str | None]:
    """Dice rolled for a statistic, and a warning when ruling B2 clamped it up to one die."""
    if stat > MAX_POOL:
        raise MyriadError(f"pool: {stat} dice is more than the {MAX_POOL} a test may roll")
    if stat < 1:
        return 1, f"pool of {stat} dice clamped to 1 (statistics never go below 1)"
    return stat, None


@dataclass(frozen=True)
class AbilityRoll:
    """One rolled ability test: the faces, which of them are burnt, and the total.

    ``burnt`` holds die indices. ``burn_bonus`` is what burnt dice add back (SFX such as Husky
    Tones make a burnt six worth +2); it is set by :mod:`.burning`, never by hand.
    """

    dice: tuple[int, ...]
    skill: int
    modifiers: int = 0
    burnt: frozenset[int] = frozenset()
    burn_bonus: int = 0
    warnings: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        check_faces(self.dice)
        if not self.dice:
            raise MyriadError("dice: an ability test rolls at least one die")
        _check_skill(self.skill)
        for index in self.burnt:
            if not 0 <= index < len(self.dice):
                raise MyriadError(f"burnt: there is no die number {index + 1}")

    @property
    def highest(self) -> int:
        return max(self.dice)

    @property
    def sixes(self) -> int:
        return self.dice.count(6)

    @property
    def unburnt_sixes(self) -> int:
        return sum(1 for i, face in enumerate(self.dice) if face == 6 and i not in self.burnt)

    @property
    def total(self) -> int:
        return self.highest + self.skill + self.unburnt_sixes + self.burn_bonus + self.modifiers

    def burning(self, indices: Iterable[int], *, bonus: int = 0) -> AbilityRoll:
        """This roll with more dice burnt (each die burns once)."""
        new = frozenset(indices)
        again = new & self.burnt
        if again:
            raise MyriadError(f"die {min(again) + 1} is already burnt")
        return replace(self, burnt=self.burnt | new, burn_bonus=self.burn_bonus + bonus)


def roll_ability(stat: int, skill: int, *, modifiers: int = 0, rng: random.Random | None = None,
                 dice: Sequence[int] | None = None) -> AbilityRoll:
    """Roll (or read typed faces for) a test of ``stat`` dice plus ``skill``."""
    _check_skill(skill)
    pool, warning = effective_pool(stat)
    faces = roll_d6(pool, rng=rng, dice=dice)
    return AbilityRoll(dice=faces, skill=skill, modifiers=modifiers,
                       warnings=(warning,) if warning else ())


# ---- target numbers and outcomes -------------------------------------------------------------

def target_numbers() -> list[tuple[str, str, int]]:
    """The ladder as (id, name, TN), easiest first."""
    return [(r["id"], r["name"], r["tn"]) for r in data.rows("target_numbers", "target_numbers")]


def target_number(name: str) -> int:
    """TN of a named difficulty, "foolproof" (4) to "impossible" (17); spaces and case are free."""
    return int(data.row("target_numbers", "target_numbers", "id", name, what="difficulty")["tn"])


def _check_skill(skill: int) -> None:
    if isinstance(skill, bool) or not isinstance(skill, int) or skill < 0:
        raise MyriadError(f"skill: {skill!r} is not a skill level (0 = untrained, up to 5)")
