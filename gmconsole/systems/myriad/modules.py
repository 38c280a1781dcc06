"""Smaller optional modules: romance, terror, magic limits and counters, racial boon effects,
and the random-generation dice (spec §3.8, §4.9, §4.10, T-22, T-23, T-30).

Rulings: A11 (Famous once per session per level), F5 (easy weave thresholds 6/8/10), E7 (vehicle
and character Mighty Leap are separate SFX), and the romance damage by button.
"""

from __future__ import annotations

from collections.abc import Iterable

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import check_faces
from gmconsole.systems.myriad.errors import MyriadError

ROMANCE_REGAIN_ON_FAILED_TURN_OFF = 2
SPELL_BASE_LIMIT = 5
IMBUE_BASE_LIMIT = 2
GLIDE_RATIO = 10


# ---- romance ---------------------------------------------------------------------------------

def romance_damage(kind: str, success: bool) -> int:
    """Cynicism damage of a romantic attack: 1, 2 (minor button), 3 (major button), 0 (turn-off).

    A failed attack that hit a turn-off gives the target 2 back (returned as -2).
    """
    row = data.row("social", "romance_damage", "id", kind, what="romantic attack")
    if not success:
        return -ROMANCE_REGAIN_ON_FAILED_TURN_OFF if row["id"] == "turn_off" else 0
    return int(row["damage"])


# ---- terror ----------------------------------------------------------------------------------

def fear_dice(source: str, modifiers: Iterable[str] = ()) -> int:
    """Fear damage dice: the base for what is met plus each circumstance (T-22)."""
    base = data.row("social", "fear_damage", "id", source, what="fear source")
    if base["kind"] != "base":
        raise MyriadError(f"{base['source']} is a modifier, not what is encountered")
    total = int(base["dice"])
    for mod in modifiers:
        row = data.row("social", "fear_damage", "id", mod, what="fear modifier")
        if row["kind"] != "modifier":
            raise MyriadError(f"{row['source']} is what is encountered, not a modifier")
        total += int(row["dice"])
    return total


# ---- magic -----------------------------------------------------------------------------------

def spell_limit(intellect: int, puissance: int = 0) -> int:
    """Components in one woven spell: 5 + Intellect + Puissance."""
    return SPELL_BASE_LIMIT + intellect + puissance


def imbue_limit(intellect: int, puissance: int = 0) -> int:
    """Components in one imbued item: Intellect + 2 + Puissance (at double the sixes)."""
    return intellect + IMBUE_BASE_LIMIT + puissance


def easy_weave_bonus(result: int) -> int:
    """Optional easy weave: a bonus six at 6+, another at 8+, one more per further 2 (F5)."""
    return 0 if result < 6 else 1 + (result - 6) // 2


def easy_counter(spell_sixes: int, counter_sixes: int) -> bool:
    """Optional easy counter: cancelled when more than half the spell's sixes are burnt."""
    return counter_sixes * 2 > spell_sixes


def counter_spell(spell_sixes: int, component_sixes: int) -> bool:
    """The Counter-Spell component negates 2 SFX dice per six, all or nothing."""
    return component_sixes * 2 >= spell_sixes


# ---- racial boons ----------------------------------------------------------------------------

def glide_distance(launch_m: float, landing_m: float) -> float:
    """Gliding: about 10 x (launch height - landing height)."""
    if landing_m > launch_m:
        raise MyriadError("gliding: cannot glide up to a higher landing point")
    return GLIDE_RATIO * (launch_m - landing_m)


def longevity_aging(damage: int) -> int:
    """Longevity: aging damage / 10, rounded to the nearest, halves up (1.5 -> 2)."""
    return (damage + 5) // 10


# ---- random generation -----------------------------------------------------------------------

def half_die(face: int, sides: int) -> int:
    """A d6 or d10 halved and rounded up stands in for a d3 or d5 (EX-02)."""
    (checked,) = check_faces([face], sides=sides, what=f"d{sides}")
    return -(-checked // 2)


def random_skill(d100: int) -> str:
    """The skill id for a d100 roll on the example table (T-4)."""
    for row in data.rows("skills", "random_skills"):
        if row["low"] <= d100 <= row["high"]:
            return str(row["skill"])
    raise MyriadError(f"random skill: {d100} is not a d100 roll (1-100)")
