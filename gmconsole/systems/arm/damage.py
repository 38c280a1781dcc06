"""Blows and the tracks: from a damage total to wound and shock levels, and back by hand.

A blow's damage total is the hit's result + the weapon's damage (+ the strength mod for a melee
weapon) + d6 - d6. Toughness plus the wound armour, and Toughness plus the shock armour, are
taken off it, and each remainder is read on the damage table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm.condition import SHOCK_LEVELS, WOUND_LEVELS
from gmconsole.systems.arm.sheet import ArmSheet
from gmconsole.systems.base import DamageOffer, SheetChange

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckResult


def apply(s: ArmSheet, amount: int, kind: str) -> SheetChange:
    """`amount` by kind: "damage"/"stun", a blow's damage total; "wound"/"shock", levels."""
    new = s.model_copy(deep=True)
    c = new.condition
    before = (c.wound, c.shock)
    if kind in ("damage", "stun"):
        wound_result = amount - (s.stats["toughness"] + s.armour.wound)
        shock_result = amount - (s.stats["toughness"] + s.armour.shock)
        got = c.apply_damage(wound_result, shock_result, stun=kind == "stun")
        armour = f" + armour {s.armour.wound}/{s.armour.shock}" if s.armour.wound or s.armour.shock else ""
        text = (f"takes {'a stun blow of ' if kind == 'stun' else ''}{amount} vs Toughness "
                f"{s.stats['toughness']}{armour}: wound {wound_result:+d} -> +{got[0]}, "
                f"shock {shock_result:+d} -> +{got[1]}")
        detail = {"wound_result": wound_result, "shock_result": shock_result, "wound_levels": got[0],
                  "shock_levels": got[1], "destroyed": c.destroyed}
    elif kind in ("wound", "shock"):
        if amount < 0:
            raise RulesError(f"{kind} levels must be 0 or more; use heal to take them away")
        c.apply(amount if kind == "wound" else 0, amount if kind == "shock" else 0)
        text = f"takes {amount} {kind} level(s)"
        detail = {"wound_levels": amount if kind == "wound" else 0,
                  "shock_levels": amount if kind == "shock" else 0}
    else:
        raise RulesError(f"ARM has no damage kind {kind!r} (known: damage, stun, wound, shock)")
    text += f": now {c.label()}"
    return SheetChange(new, text, detail, harmed=(c.wound, c.shock) != before or c.destroyed)


def lower(s: ArmSheet, amount: int, kind: str) -> SheetChange:
    """Take levels off a track by hand ("wound" or "shock"; "damage" and "stun" mean shock)."""
    if amount < 0:
        raise RulesError("heal takes a number of levels, 0 or more")
    if kind not in ("damage", "stun", "wound", "shock"):
        raise RulesError(f"ARM has no damage kind {kind!r} (known: damage, stun, wound, shock)")
    new = s.model_copy(deep=True)
    c = new.condition
    if kind == "wound":
        c.wound = max(0, c.wound - amount)
        c.destroyed = c.destroyed and c.wound >= 5
    else:
        c.shock = max(0, c.shock - amount)
    track = "wound" if kind == "wound" else "shock"
    level = WOUND_LEVELS[c.wound] if track == "wound" else SHOCK_LEVELS[c.shock]
    return SheetChange(new, f"recovers {amount} {track} level(s): now {level}")


def blow(attacker: ArmSheet, option: str, result: CheckResult, rng: random.Random,
         dice: Sequence[int] | None) -> DamageOffer | None:
    """The damage total of a successful attack with a weapon (None for other tests or a miss)."""
    if not result.success or not option.lower().startswith("attack:"):
        return None
    weapon = attacker.weapon(option.split(":", 1)[1])
    typed = list(dice or [])
    plus = typed.pop(0) if typed else rng.randint(1, 6)
    minus = typed.pop(0) if typed else rng.randint(1, 6)
    for face in (plus, minus):
        if not 1 <= face <= 6:
            raise RulesError(f"typed die {face} is impossible on a d6")
    strength = attacker.strength_mod() if weapon.strength and not weapon.ranged else 0
    hit = result.margin or 0
    total = hit + weapon.damage + strength + plus - minus
    parts = f"hit {hit} + {weapon.name} {weapon.damage}" + (f" + strength {strength}" if strength else "")
    return DamageOffer(amount=total, kind="stun" if weapon.stun else "damage",
                       text=f"{parts} + [+{plus} -{minus}] = {total}", dice=(plus, minus))
