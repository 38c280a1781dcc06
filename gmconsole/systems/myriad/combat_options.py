"""Optional mortal-combat rules (spec §4.4-§4.8): area decay, WMD, push and throw, scale,
hit locations, flyers, and the damage-changing SFX.

Rulings: C9 (hit-location gaps filled, data file), C12 (throws go margin + 1 like pushes), C14
(autofire never hits the same target twice), C15 (WMD edge cases), C16 (decay counts whole decay
steps), C20 (head wounds doubled after armour), C22 (Dum Dums' +1 armour is always on).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import check_faces
from gmconsole.systems.myriad.conflict import damage_dealt
from gmconsole.systems.myriad.errors import MyriadError

PUSH_DROP_TN = 7
THROW_DAMAGE_DICE = 2


def decay_dice(base: int, decay_m: float, distance_m: float) -> int:
    """Dice at ``distance_m`` from an area's centre: base - floor(distance / decay), min 0."""
    if decay_m <= 0 or distance_m < 0:
        raise MyriadError("decay: the decay range must be positive and the distance not negative")
    return max(0, base - math.floor(distance_m / decay_m))


def wmd_hits(dice: Sequence[int], wmd: int, armour: int, hardened: int = 0) -> int:
    """Wounds from an attack with a WMD rating against a possibly hardened target (C15).

    The WMD rating is reduced by the Hardened rating; what is left lowers the target's armour and
    multiplies the hits. A normal weapon (``wmd=1``) neither lowers armour nor multiplies, and
    does nothing at all to a hardened target; neither does a WMD reduced to 0 or less.
    """
    faces = check_faces(dice, what="damage dice")
    if wmd < 1:
        raise MyriadError(f"wmd: {wmd} is not a WMD rating (1 = a normal weapon)")
    if wmd == 1:
        return 0 if hardened > 0 else damage_dealt(faces, armour)
    effective = wmd - hardened
    if effective <= 0:
        return 0
    return damage_dealt(faces, max(0, armour - effective)) * effective


def push_distance(attacker: int, defender: int) -> int:
    """Metres staggered: (attacker's result - defender's) + 1; 0 when the push failed."""
    return attacker - defender + 1 if attacker >= defender else 0


@dataclass(frozen=True)
class Throw:
    metres: int
    prone: bool
    damage_dice: int


def throw(attacker: int, defender: int, effects: Sequence[str]) -> Throw:
    """A throw: a push plus one effect per effect named (the standard throw gives one, each
    Superior Throw six another): "double" distance, "trip", or "damage" (2 dice). Each effect at
    most once (C12: the distance is margin + 1)."""
    allowed = {"double", "trip", "damage"}
    for effect in effects:
        if effect not in allowed:
            raise MyriadError(f"throw: unknown effect {effect!r} (double, trip, damage)")
    if len(set(effects)) != len(effects):
        raise MyriadError("throw: each effect can be chosen once per throw")
    metres = push_distance(attacker, defender)
    if metres == 0:
        return Throw(metres=0, prone=False, damage_dice=0)
    return Throw(metres=metres * (2 if "double" in effects else 1), prone="trip" in effects,
                 damage_dice=THROW_DAMAGE_DICE if "damage" in effects else 0)


@cache
def _scales() -> dict[str, int]:
    return {data.normalise(r["scale"]): r["order"] for r in data.rows("combat_options", "scale")}


def scale_modifier(attacker: str, target: str) -> int:
    """Rows from the attacker's scale to the target's: each row up (smaller) -1, down +1.

    >>> scale_modifier("large", "small")   # a car shooting at a child
    -2
    """
    scales = _scales()
    for name in (attacker, target):
        if data.normalise(name) not in scales:
            data.row("combat_options", "scale", "scale", name, what="scale")
    return scales[data.normalise(target)] - scales[data.normalise(attacker)]


@cache
def _locations() -> dict[str, list[tuple[int, int, str]]]:
    table: dict[str, list[tuple[int, int, str]]] = {}
    for r in data.rows("combat_options", "hit_locations"):
        table.setdefault(r["body"], []).append((r["low"], r["high"], r["part"]))
    return table


def hit_location(body: str, total: int) -> str:
    """The part hit on 2d6 for a body type ("humanoid", "bat_bird", ...)."""
    rows = _locations().get(data.normalise(body))
    if rows is None:
        raise MyriadError(data.unknown_message("body type", body, _locations()))
    for low, high, part in rows:
        if low <= total <= high:
            return part
    raise MyriadError(f"hit location: {total} is not a 2d6 total (2-12)")


def body_part(part: str) -> dict:
    """A row of the body-part table: aim penalty, wound multiplier (head x2, applied after
    armour: ruling C20) and effect."""
    return data.row("combat_options", "body_parts", "part", part, what="body part")


def body_parts() -> tuple[str, ...]:
    return tuple(r["part"] for r in data.rows("combat_options", "body_parts"))


def can_melee_flyer(attacker_count: int, flyer_count: int, *, near_flyers_target: bool) -> bool:
    """A ground melee fighter can hit a flyer only on the flyer's own count (holding to it is
    fine), and only if the flyer is attacking them or someone close to them (L761)."""
    return attacker_count == flyer_count and near_flyers_target


# ---- SFX that change damage ------------------------------------------------------------------

def hawkeye(damage_dice: int, sixes: int) -> tuple[int, int]:
    """Hawkeye: each six burnt turns one damage die into an automatic wound.

    Returns (dice still to roll, automatic wounds); never more sixes than damage dice.
    """
    if sixes > damage_dice:
        raise MyriadError(f"Hawkeye: {sixes} sixes for only {damage_dice} damage dice")
    return damage_dice - sixes, sixes


def incapacitated_by(dice: Sequence[int], armour: int, boxes_left: int) -> bool:
    """Incapacitate spell: true when its hits would be enough to KO the target."""
    return damage_dealt(dice, armour) >= boxes_left


def dum_dum_armour(armour: int) -> int:
    """Dum Dums always give a target with armour 2+ one more point (C22)."""
    return armour + 1 if armour >= 2 else armour
