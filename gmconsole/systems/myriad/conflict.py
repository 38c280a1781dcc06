"""Conflict: types, initiative, attacks, damage against armour, movement (spec §4.1-§4.6).

A conflict type names an attack statistic, a defence statistic and the resilience line its damage
crosses off: mortal (Power/Grace, Wounds) and social (Intellect/Spirit, Resolve) by default.

- Initiative, rolled at the start of **every** round: 1d6 + the conflict's defence statistic
  (+ modifiers). Highest acts first; equal totals act at exactly the same time, and KO/death from
  that step is applied only after every tied action has resolved (ruling C2).
- An attack is an opposed test: attack stat + attack skill against defence stat + defence skill (by
  default the same skill); the attacker initiated it, so ties hit.
- Damage: roll the damage rating in d6; each die **strictly above** the armour crosses off a box
  (ruling C17: a die equal to the armour does nothing).
- Armour: the higher of worn armour and natural armour (+ Heavy); they never stack.

Rulings: C6 (defending is free, it does not use the round's action), C7 (social damage is dice
against social armour, default 0), C21 (armour 6+ is allowed; ordinary dice then never wound).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import check_faces
from gmconsole.systems.myriad.errors import MyriadError


@dataclass(frozen=True)
class ConflictType:
    id: str
    name: str
    attack_stat: str
    defence_stat: str
    resilience: str
    armour: str
    default_damage_dice: int


@dataclass(frozen=True)
class ResilienceType:
    id: str
    name: str
    base_stat: str
    critical: bool
    permanent_effect: str
    reset_on_conflict_end: bool


@cache
def conflict_types() -> dict[str, ConflictType]:
    keys = ConflictType.__dataclass_fields__
    return {r["id"]: ConflictType(**{k: r[k] for k in keys})
            for r in data.rows("conflicts", "conflict_types")}


@cache
def resilience_types() -> dict[str, ResilienceType]:
    keys = ResilienceType.__dataclass_fields__
    return {r["id"]: ResilienceType(**{k: r[k] for k in keys})
            for r in data.rows("conflicts", "resilience_types")}


def conflict_type(conflict_id: str) -> ConflictType:
    known = conflict_types()
    key = data.normalise(conflict_id)
    if key not in known:
        data.row("conflicts", "conflict_types", "id", conflict_id, what="conflict type")
    return known[key]


# ---- initiative ------------------------------------------------------------------------------

def initiative_total(die: int, defence: int, modifiers: int = 0) -> int:
    """One combatant's initiative for a round: the d6 + the defence statistic + modifiers."""
    (face,) = check_faces([die], what="initiative die")
    return face + defence + modifiers


def initiative_modifier(conflict_id: str, *, fast_slow: int = 0,
                        cold_blooded_exposed: bool = False) -> int:
    """Initiative modifiers from boons and flaws.

    Fast 3 / Slow 3 give +1 / -1 to mortal-combat initiative (ruling C19: on by default). Cold
    Blooded in extreme heat or cold gives -1, applied once (ruling C18).
    """
    mod = 0
    if conflict_id == "mortal" and abs(fast_slow) >= 3:
        mod += 1 if fast_slow > 0 else -1
    if cold_blooded_exposed:
        mod -= 1
    return mod


# ---- attack and damage -----------------------------------------------------------------------

def damage_dealt(dice: Sequence[int], armour: int) -> int:
    """Boxes crossed off: the number of damage dice strictly above the armour rating.

    >>> damage_dealt([1, 2, 6], 1)
    2
    """
    faces = check_faces(dice, what="damage dice")
    if armour < 0:
        raise MyriadError(f"armour: {armour} is below 0")
    return sum(1 for face in faces if face > armour)


def effective_armour(worn: int = 0, natural: int = 0, natural_heavy: int = 0) -> int:
    """Worn and natural armour never stack: the higher counts (NA 3 + Heavy 1 = 4)."""
    if min(worn, natural, natural_heavy) < 0:
        raise MyriadError("armour: ratings cannot be negative")
    return max(worn, natural + natural_heavy)


def unarmed_damage(natural_weapon: int = 0, natural_weapon_heavy: int = 0) -> int:
    """Unarmed damage dice: 1 + Natural Weapon levels + Heavy levels (an Ogre hits for 2D)."""
    return 1 + natural_weapon + natural_weapon_heavy


# ---- movement --------------------------------------------------------------------------------

def free_movement(defence: int, *, fast_slow: int = 0, penalty: int = 0) -> int:
    """Units moved alongside an action: 3 + defence stat, +Fast / -Slow, - penalties (min 0)."""
    return max(0, 3 + defence + fast_slow - penalty)


def full_movement(defence: int, *, fast_slow: int = 0, penalty: int = 0) -> int:
    """Units moved by giving up the round's action: 3 x the free movement."""
    return 3 * free_movement(defence, fast_slow=fast_slow, penalty=penalty)
