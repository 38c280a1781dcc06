"""Blows and the tracks: from a damage total to wound and shock levels, and back by hand.

A blow's damage total is the hit's result + the weapon's damage (+ the strength mod for a melee
weapon) + d6 - d6. Toughness plus the wound armour, and Toughness plus the shock armour, are
taken off it, and each remainder is read on the damage table. A mental attack does shock only
(the table's shock column; armour does not help against it, our ruling). Each blow that wounds is
recorded on the sheet's wound list (at most five: five wounds are death).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.arm.condition import SHOCK_LEVELS, WOUND_LEVELS, Condition
from gmconsole.systems.arm.sheet import ArmSheet, WoundNote
from gmconsole.systems.base import DamageOffer, SheetChange

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckResult

KINDS = ("damage", "stun", "mental", "wound", "shock")
MAX_TOTAL = 1000
"""The largest damage total or number of levels `dmg` takes (the table ends at 16)."""


def apply(s: ArmSheet, amount: int, kind: str, armour_counts: bool = True) -> SheetChange:
    """`amount` by kind: "damage"/"stun"/"mental", a blow's damage total; "wound"/"shock", levels.
    Without `armour_counts` (the campaign's option "armour" off) armour adds nothing."""
    amount = whole(amount, "the damage", 0, MAX_TOTAL)
    new = s.model_copy(deep=True)
    c = new.condition
    before = (c.wound, c.shock)
    toughness = s.stats["toughness"]
    if kind in ("damage", "stun"):
        worn = (s.armour.wound, s.armour.shock) if armour_counts else (0, 0)
        wound_result = amount - (toughness + worn[0])
        shock_result = amount - (toughness + worn[1])
        got = c.apply_damage(wound_result, shock_result, stun=kind == "stun")
        armour = f" + armour {worn[0]}/{worn[1]}" if any(worn) else ""
        if not armour_counts and (s.armour.wound or s.armour.shock):
            armour = " (armour not counted in this campaign)"
        text = (f"takes {'a stun blow of ' if kind == 'stun' else ''}{amount} vs Toughness "
                f"{toughness}{armour}: wound {wound_result:+d} -> +{got[0]}, "
                f"shock {shock_result:+d} -> +{got[1]}")
        detail = {"wound_result": wound_result, "shock_result": shock_result, "wound_levels": got[0],
                  "shock_levels": got[1], "destroyed": c.destroyed}
    elif kind == "mental":
        shock_result = amount - toughness
        got = c.apply_damage(-1, shock_result)
        text = (f"takes a mental attack of {amount} vs Toughness {toughness}: "
                f"shock {shock_result:+d} -> +{got[1]}")
        detail = {"shock_result": shock_result, "wound_levels": 0, "shock_levels": got[1]}
    elif kind in ("wound", "shock"):
        c.apply(amount if kind == "wound" else 0, amount if kind == "shock" else 0)
        got = (amount if kind == "wound" else 0, amount if kind == "shock" else 0)
        text = f"takes {amount} {kind} level(s)"
        detail = {"wound_levels": got[0], "shock_levels": got[1]}
    else:
        raise RulesError(f"ARM has no damage kind {kind!r} (known: {', '.join(KINDS)})")
    _record_wound(new, c.wound - before[0], f"{kind} {amount}")
    text += f": now {c.label()}"
    return SheetChange(new, text, detail, harmed=(c.wound, c.shock) != before or c.destroyed)


def _record_wound(s: ArmSheet, levels: int, note: str) -> None:
    """Add a wound to the list, or fold it into the last when five are already recorded."""
    if levels <= 0:
        return
    if len(s.wounds) < 5:
        s.wounds.append(WoundNote(level=min(levels, Condition.TOP), note=note))
    else:
        last = s.wounds[-1]
        s.wounds[-1] = WoundNote(level=min(Condition.TOP, last.level + levels), note=f"{last.note}; {note}")


def lower(s: ArmSheet, amount: int, kind: str | None) -> SheetChange:
    """Take levels off one track by hand (the book has no healing rule). With no track named,
    or a kind of blow, it is shock, and the log says so."""
    amount = whole(amount, "the levels to heal", 0, 5)
    if kind is not None and kind not in KINDS:
        raise RulesError(f"ARM has no damage kind {kind!r} (known: {', '.join(KINDS)})")
    said = "" if kind in ("wound", "shock") else " (no track named: shock; heal WHO N wound for wounds)"
    kind = "wound" if kind == "wound" else "shock"
    new = s.model_copy(deep=True)
    c = new.condition
    if kind == "wound":
        c.wound = max(0, c.wound - amount)
        c.destroyed = c.destroyed and c.wound >= 5
        _forget_wounds(new, c.wound)
        level = WOUND_LEVELS[c.wound]
    else:
        c.shock = max(0, c.shock - amount)
        level = SHOCK_LEVELS[c.shock]
    return SheetChange(new, f"recovers {amount} {kind} level(s): now {level}{said}")


def _forget_wounds(s: ArmSheet, wound: int) -> None:
    """Keep the wound list no heavier than the wound track: the newest wounds heal first."""
    while s.wounds and sum(w.level for w in s.wounds) > wound:
        excess = sum(w.level for w in s.wounds) - wound
        last = s.wounds[-1]
        if last.level <= excess:
            s.wounds.pop()
        else:
            s.wounds[-1] = WoundNote(level=last.level - excess, note=last.note)


def blow(attacker: ArmSheet, option: str, result: CheckResult, rng: random.Random,
         dice: Sequence[int] | None) -> DamageOffer | None:
    """The damage total of a successful attack with a weapon (None for other tests, a miss, or a
    weapon no longer on the sheet)."""
    if not result.success or result.margin is None or not option.lower().startswith("attack:"):
        return None
    try:
        weapon = attacker.weapon(option.split(":", 1)[1])
    except ValueError:
        return None
    typed = list(dice or [])
    plus = next_face(typed, rng, 6)
    minus = next_face(typed, rng, 6)
    strength = attacker.strength_mod() if weapon.strength and not weapon.ranged else 0
    hit = result.margin
    total = max(0, hit + weapon.damage + strength + plus - minus)
    parts = f"hit {hit} + {weapon.name} {weapon.damage}" + (f" + strength {strength}" if strength else "")
    return DamageOffer(amount=total, kind="stun" if weapon.stun else "damage",
                       text=f"{parts} + [+{plus} -{minus}] = {total}", dice=(plus, minus))
