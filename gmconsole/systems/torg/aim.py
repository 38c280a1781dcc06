"""Aimed attacks for the console's attack-to-damage flow (`GameSystem.oppose`, `damage_offer`).

The difficulty of an attack is the target's passive defence: dodge against shots and throws,
melee weapons (if it wields one) or unarmed combat against blows, DEX when neither applies.
The damage total is the attacker's weapon for that skill (or STR bare-handed) plus the test's
bonus number; the target's Toughness and armour are taken off by `apply_damage` as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.base import DamageOffer, Opposition
from gmconsole.systems.torg.combat import DODGED, PARRIED, defence_skill
from gmconsole.systems.torg.sheet import TorgSheet

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckResult


def oppose(attacker: TorgSheet, skill: str, target: TorgSheet) -> Opposition | None:
    """The target's defence against `skill`; None for a test that is no attack."""
    if skill not in DODGED | PARRIED:
        return None
    wields = any(w.skill == "melee_weapons" for w in target.weapons)
    answer = defence_skill(skill, wielding_melee=wields)
    value = target.defence_value(answer)
    return Opposition(difficulty=value, note=f"{answer.replace('_', ' ')} {value}")


def damage_offer(attacker: TorgSheet, skill: str, result: CheckResult) -> DamageOffer | None:
    """Weapon damage (or STR) + the bonus, as a damage total; None for a miss or no attack."""
    if not result.success or skill not in DODGED | PARRIED:
        return None
    bonus = int(result.detail.get("bonus", 0))
    weapon = next((w for w in attacker.weapons if w.skill == skill), None)
    if weapon is not None:
        base, what = attacker.weapon_damage(weapon.name), weapon.name
    elif skill == "unarmed_combat":
        base, what = attacker.attribute("STR"), "STR"
    else:
        return None  # a ranged attack without a weapon on the sheet: the GM types the damage
    return DamageOffer(amount=base + bonus, kind="damage", text=f"{what} {base} {bonus:+d} bonus")
