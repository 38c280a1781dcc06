"""Aimed attacks for the console's attack-to-damage flow (`GameSystem.oppose`, `damage_offer`).

A Myriad attack is an opposed test: the target answers with its defence statistic for the
conflict and, by default, the same skill (Grace in a fight, Spirit in an argument). The console
rolls that defence itself (`Opposition.roll`). A hit rolls the weapon's damage dice (the first
weapon fit for the skill, else the unarmed dice) against the target's armour; each die over the
armour crosses off a box. Social attacks deal one die against social armour.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gmconsole.systems.base import DamageOffer, Opposition
from gmconsole.systems.myriad.conflict import damage_dealt
from gmconsole.systems.myriad.sheet import MyriadSheet

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckResult

DEFENCE = {"power": "grace", "intellect": "spirit"}
"""Attack statistic -> the statistic that defends against it (mortal, social)."""


def oppose(skill_option: str, target: MyriadSheet) -> Opposition | None:
    """The target's defence test against an attack of `skill_option` ("power/close_combat")."""
    from gmconsole.engine.checks import CheckRequest

    stat, _, skill = skill_option.partition("/")
    defence = DEFENCE.get(stat)
    if defence is None:
        return None
    option = f"{defence}/{skill}" if skill and skill in target.skills else defence
    return Opposition(roll=CheckRequest(option=option), note=option.replace("_", " ").title())


def damage_offer(
    attacker: MyriadSheet,
    skill_option: str,
    result: CheckResult,
    target: MyriadSheet,
    rng: random.Random,
    dice: Sequence[int] | None,
) -> DamageOffer | None:
    """The hit's damage dice against the target's armour, as boxes (typed faces first)."""
    if not result.success:
        return None
    stat, _, skill = skill_option.partition("/")
    if stat == "intellect":
        count, armour, kind, what = 1, target.social_armour, "resolve", "words"
    elif stat == "power":
        ranged = skill == "ranged_combat"
        fit = [g for g in attacker.gear if g.kind == "weapon" and (g.range != "melee") == ranged]
        weapon = fit[0] if fit else None
        count = weapon.damage_dice if weapon else attacker.unarmed_dice
        what = weapon.name if weapon else "unarmed"
        armour, kind = target.armour, "wounds"
    else:
        return None
    typed = list(dice or [])
    faces = [typed.pop(0) if typed else rng.randint(1, 6) for _ in range(count)]
    boxes = damage_dealt(faces, armour)
    shown = " ".join(map(str, faces))
    return DamageOffer(
        amount=boxes, kind=kind, text=f"{what} {count}D [{shown}] vs armour {armour}", dice=tuple(faces)
    )
