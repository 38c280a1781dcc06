"""Wounds and shock: two tracks of levels 0-5, added to by each blow and capped at 5.

A blow's damage total less (Toughness + armour) is looked up on the damage table, once with the
wound armour and once with the shock armour (the same value twice with one armour value or none).
A negative result does no damage of that kind. A stun blow lowers the wound level it inflicts by
one and raises the shock level by one (each kept within 0-5), applied to the looked-up levels.
Wound 5 is dead, shock 5 unconscious; a wound result of 16 or more destroys the body.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.arm.book import damage_rows

WOUND_LEVELS = ("unharmed", "light", "moderate", "severe", "mortal", "dead")
SHOCK_LEVELS = ("unharmed", "dazed", "giddy", "reeling", "fainting", "unconscious")
DESTROYED_AT = 16


def damage_levels(result: int) -> tuple[int, int] | None:
    """(wound level, shock level) for a damage result: None below 0, (5, 5) from 11 up."""
    if result < 0:
        return None
    rows = damage_rows()
    return rows[min(result, len(rows) - 1)]


class Condition(Model):
    """A character's wound and shock levels, and whether the body was destroyed."""

    model_config = ConfigDict(extra="forbid")
    TOP: ClassVar[int] = 5

    wound: int = Field(default=0, ge=0, le=5)
    shock: int = Field(default=0, ge=0, le=5)
    destroyed: bool = False

    @property
    def dead(self) -> bool:
        return self.wound >= self.TOP or self.destroyed

    @property
    def unconscious(self) -> bool:
        return self.shock >= self.TOP

    def apply(self, wound: int, shock: int) -> None:
        """Add levels to each track, capped at 5 (Moderate 2 + Severe 3 = Dead 5)."""
        self.wound = max(0, min(self.TOP, self.wound + wound))
        self.shock = max(0, min(self.TOP, self.shock + shock))

    def apply_damage(self, wound_result: int, shock_result: int, stun: bool = False) -> tuple[int, int]:
        """Apply one blow given its two damage results (total less Toughness + wound armour,
        and less Toughness + shock armour); returns the levels this blow inflicted (after the
        stun adjustment, before the cap). Destroyed from a wound result of 16 or more."""
        w_levels, s_levels = damage_levels(wound_result), damage_levels(shock_result)
        new_wound = w_levels[0] if w_levels else 0
        new_shock = s_levels[1] if s_levels else 0
        if stun:
            if w_levels:
                new_wound = max(0, new_wound - 1)
            if s_levels:
                new_shock = min(self.TOP, new_shock + 1)
        self.apply(new_wound, new_shock)
        if wound_result >= DESTROYED_AT:
            self.destroyed = True
        return new_wound, new_shock

    def label(self) -> str:
        """ "Moderate / Reeling", "Dead", "destroyed"."""
        if self.destroyed:
            return "destroyed"
        return f"{WOUND_LEVELS[self.wound].capitalize()} / {SHOCK_LEVELS[self.shock].capitalize()}"
