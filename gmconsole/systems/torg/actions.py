"""A skill attempt with a sheet: the action value from the sheet, the roll with its roll-again
rules, and the total it makes (`resolution` builds the console's test on it; an attack's
defence and damage are `aim`'s). Nothing here changes a sheet."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from gmconsole.systems.torg.dice import TorgRoll, roll_d20
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.totals import Modifier, Total, action_total


@dataclass(frozen=True)
class Attempt:
    """A character's roll for one action and the total it makes."""

    who: str
    skill: str
    skilled: bool
    roll: TorgRoll
    action: Total

    def with_extra_roll(
        self,
        source: str,
        *,
        dice: Iterable[int] | None = None,
        rng: random.Random | None = None,
        countered: bool = False,
    ) -> Attempt:
        """Spend a Possibility or play a hero/drama card after seeing the roll: re-total."""
        roll = self.roll.extra_roll(source, dice=dice, rng=rng, countered=countered)
        return replace(self, roll=roll, action=replace(self.action, roll_bonus=roll.bonus))


def attempt(
    sheet: TorgSheet,
    skill: str,
    *,
    difficulty: int | None = None,
    modifiers: Sequence[Modifier] = (),
    bonus_floor: int | None = None,
    up: bool = False,
    stymied: bool = False,
    use: str | None = None,
    item: str | None = None,
    scope: str | None = None,
    roll: TorgRoll | None = None,
    dice: Iterable[int] | None = None,
    rng: random.Random | None = None,
) -> Attempt:
    """Roll a skill (or a bare attribute, "DEX") for a character against an optional DN.
    Refuses a skill the character cannot use (no adds in a skill that needs them)."""
    value, skilled = sheet.action_value(skill, use=use, item=item, scope=scope)
    if roll is None:
        roll = roll_d20(
            possibility_rated=sheet.possibility_rated,
            skilled=skilled,
            up=up,
            stymied=stymied,
            dice=dice,
            rng=rng,
        )
    total = action_total(
        value, roll.bonus, difficulty=difficulty, modifiers=modifiers, bonus_floor=bonus_floor
    )
    return Attempt(sheet.name, skill, skilled, roll, total)
