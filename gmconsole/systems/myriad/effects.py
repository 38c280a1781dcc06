"""End-of-round effects and environmental damage (spec §4.8, data/damage.toml).

The initiative tracker keeps a queue of ongoing effects per combatant and resolves them when the
round ends: bleeding (Artery Strike: 1 die against natural armour + 2), burning (1 die, only
fire-retardant armour counts), asphyxiation (1 automatic point), electricity (3 dice, only insulated
armour counts), Deadly Weakness exposure (1 critical box, directly) and strangling (1 point when a
grapple is held a whole round).

Rulings: C13 (falling: floor((h - 3) / 3) automatic points, capped at 10), C20 lives in the
hit-location code (head wounds doubled after armour).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import roll_d6
from gmconsole.systems.myriad.conflict import damage_dealt
from gmconsole.systems.myriad.errors import MyriadError

FALL_FREE_METRES = 3
FALL_STEP_METRES = 3
FALL_CAP = 10
BLEED_ARMOUR_BONUS = 2


class EffectKind(StrEnum):
    BLEEDING = "bleeding"
    BURNING = "burning"
    ASPHYXIATION = "asphyxiation"
    ELECTRICITY = "electricity"
    DEADLY_WEAKNESS = "deadly_weakness"
    STRANGLING = "strangling"


@dataclass(frozen=True)
class EffectRule:
    dice: int
    automatic: int
    to_critical: bool
    name: str


@cache
def effect_rules() -> dict[EffectKind, EffectRule]:
    return {EffectKind(r["id"]): EffectRule(dice=r["dice"], automatic=r["automatic"],
                                             to_critical=r["to_critical"], name=r["name"])
            for r in data.rows("damage", "end_of_round")}


class OngoingEffect(Model):
    """An effect on a combatant, resolved at each round's end. Persisted with the encounter.

    ``rounds_left`` counts down (Burning Blade sets it); ``None`` lasts until stopped (bandaged,
    put out, given air).
    """

    model_config = ConfigDict(extra="forbid")

    kind: EffectKind
    rounds_left: int | None = Field(default=None, ge=0)
    source: str = ""


@dataclass(frozen=True)
class EffectHit:
    kind: EffectKind
    dice: tuple[int, ...]
    armour: int | None
    boxes: int
    to_critical: bool


def effect_armour(kind: EffectKind, *, natural: int = 0, worn: int = 0,
                  fire_retardant: bool = False, insulated: bool = False,
                  blocks_condition: bool = False) -> int | None:
    """Which armour counts against an end-of-round effect; ``None`` when it is blocked outright.

    Deadly Weakness has no armour roll: armour helps only if it shields against the condition,
    and then fully.
    """
    match kind:
        case EffectKind.BLEEDING:
            return natural + BLEED_ARMOUR_BONUS
        case EffectKind.BURNING:
            return max(worn, natural) if fire_retardant else 0
        case EffectKind.ELECTRICITY:
            return max(worn, natural) if insulated else 0
        case EffectKind.DEADLY_WEAKNESS:
            return None if blocks_condition else 0
        case _:
            return 0


def resolve_effect(kind: EffectKind, armour: int | None, *, rng: random.Random | None = None,
                   dice: Sequence[int] | None = None) -> EffectHit:
    """Roll (or read typed faces for) one effect's end-of-round damage against ``armour``.

    ``armour=None`` (see :func:`effect_armour`) means the effect is blocked: no dice, no damage.
    """
    rule = effect_rules()[kind]
    if armour is None:
        return EffectHit(kind=kind, dice=(), armour=None, boxes=0, to_critical=rule.to_critical)
    faces = roll_d6(rule.dice, rng=rng, dice=dice, what=f"{kind} dice")
    boxes = rule.automatic + damage_dealt(faces, armour)
    return EffectHit(kind=kind, dice=faces, armour=armour, boxes=boxes,
                     to_critical=rule.to_critical)


def tick(effect: OngoingEffect) -> OngoingEffect | None:
    """The effect after a round has ended: one round fewer, or gone at zero."""
    if effect.rounds_left is None:
        return effect
    left = effect.rounds_left - 1
    return None if left <= 0 else effect.model_copy(update={"rounds_left": left})


# ---- environmental damage ------------------------------------------------------------------

def falling_damage(metres: float) -> int:
    """Automatic points for a fall: first 3 m free, +1 per further full 3 m, at most 10 (C13)."""
    if metres < 0:
        raise MyriadError(f"height: {metres} m is not a height")
    if metres <= FALL_FREE_METRES:
        return 0
    return min(FALL_CAP, int((metres - FALL_FREE_METRES) // FALL_STEP_METRES))


def starvation_damage(days_without_food: int = 0, days_without_water: int = 0) -> int:
    """1 wound per 2 days without food, 2 wounds per day without water; armour never helps."""
    if days_without_food < 0 or days_without_water < 0:
        raise MyriadError("days: cannot be negative")
    return days_without_food // 2 + 2 * days_without_water


def exposure_damage(hours: float) -> int:
    """Extreme cold or radiation: 1 automatic point per full half hour of exposure."""
    if hours < 0:
        raise MyriadError(f"hours: {hours} is not a duration")
    return int(hours * 2)
