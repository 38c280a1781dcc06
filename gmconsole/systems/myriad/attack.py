"""A whole attack in one call: the opposed test, then damage dice against armour (spec §4.4-§4.5).

The attacker rolls attack stat + attack skill, the defender defence stat + defence skill (by
default the same skill); the attacker initiated it, so ties hit. On a hit the damage rating is
rolled (weapon dice in mortal combat, 1 die in social combat unless the Guide adds more) and each
die strictly above the defender's armour crosses off a box on the conflict's resilience line.

SFX that change damage, by the sixes burnt for them: Power Strike and Dum Dums +1 die each,
Hard as Nails (the defender's) -1 die each, Hawkeye turns dice into automatic wounds, Armour
Piercing -1 armour each; Dum Dums always give armour 2+ one more point (ruling C22). Rulings B3
(the initiator's burns are committed first; both are checked once the outcome is known) and B7.

Nothing is changed: the defender's new sheet comes back in the report for the caller to store.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult
from gmconsole.systems.myriad.ability import AbilityRoll
from gmconsole.systems.myriad.burning import BurnResult, burn, check_success
from gmconsole.systems.myriad.combat_options import dum_dum_armour
from gmconsole.systems.myriad.conflict import conflict_type, roll_damage
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.resilience import DamageResult
from gmconsole.systems.myriad.resolution import parse_burn, run_check
from gmconsole.systems.myriad.sheet import MyriadSheet

EXTRA_DIE = ("power_strike", "dum_dums")


@dataclass(frozen=True)
class Side:
    """One side of the attack: who, with which skill, modifiers and burns (1-based die numbers).

    ``dice`` are typed faces for the test; without them the rng rolls.
    """

    sheet: MyriadSheet
    skill: str | None = None
    modifiers: int = 0
    burns: Sequence[Mapping[str, Any]] = ()
    dice: Sequence[int] | None = None
    tags: Sequence[str] = ()


@dataclass(frozen=True)
class AttackReport:
    attack: CheckResult
    defence: CheckResult
    hit: bool
    margin: int
    damage_dice: int = 0
    damage_faces: tuple[int, ...] = ()
    armour: int = 0
    automatic: int = 0
    boxes: int = 0
    line: str = ""
    applied: DamageResult | None = None
    defender: MyriadSheet | None = None
    notes: list[str] = field(default_factory=list)


def attack(attacker: Side, defender: Side, *, conflict: str = "mortal",
           weapon: str | None = None, damage_dice: int | None = None, bonus_dice: int = 0,
           damage_faces: Sequence[int] | None = None, rng: random.Random | None = None,
           extra_actions_used: int = 0) -> AttackReport:
    """Resolve one attack; see the module docstring. ``weapon`` names a weapon on the attacker's
    sheet; ``damage_dice`` overrides it; neither means unarmed (mortal) or 1 die (social)."""
    ctype = conflict_type(conflict)
    rng = rng or random.Random()
    skill = attacker.skill
    def_skill = defender.skill or skill
    att_tags = ["attack", ctype.id, *attacker.tags]
    rating = _rating(attacker.sheet, ctype.id, weapon, damage_dice, att_tags) + bonus_dice
    defence = run_check(defender.sheet, _request(ctype.defence_stat, def_skill, defender, None,
                                                 ["defence", ctype.id, *defender.tags]),
                        rng, defender.dice)
    offence = run_check(attacker.sheet,
                        _request(ctype.attack_stat, skill, attacker, defence.total, att_tags,
                                 extra_actions_used),
                        rng, attacker.dice)
    hit = bool(offence.success)
    def_burns = _activations(defender, defence, ["defence", ctype.id, *defender.tags])
    check_success(def_burns, not hit)
    report = AttackReport(attack=offence, defence=defence, hit=hit,
                          margin=offence.total - defence.total, line=ctype.resilience)
    if not hit:
        return report
    return _damage(report, attacker, defender, def_burns, ctype.armour, rating, damage_faces,
                   rng, att_tags)


def _request(stat: str, skill: str | None, side: Side, opponent: int | None, tags: list[str],
             extra_actions_used: int = 0) -> CheckRequest:
    option = f"{stat}/{skill}" if skill else stat
    return CheckRequest(option=option, modifiers=side.modifiers, opponent_total=opponent,
                        extra={"burn": list(side.burns), "tags": tags,
                               "extra_actions_used": extra_actions_used})


def _rating(sheet: MyriadSheet, conflict: str, weapon: str | None, dice: int | None,
            tags: list[str]) -> int:
    if dice is not None:
        if dice < 0:
            raise MyriadError(f"damage: {dice} dice is not a damage rating")
        return dice
    if weapon is not None:
        item = sheet.weapon(weapon)
        tags.append("close" if item.range == "melee" else "ranged")
        if item.edged:
            tags.append("edged")
        return item.damage_dice
    if conflict == "mortal":
        tags += ["close", "unarmed"]
        return sheet.unarmed_dice
    return conflict_type(conflict).default_damage_dice


def _activations(side: Side, result: CheckResult, tags: list[str]) -> BurnResult:
    """Rebuild the burn result from a rolled check (its dice and the burns asked for)."""
    roll = AbilityRoll(dice=tuple(d.face for d in result.dice), skill=0)
    return burn(roll, [parse_burn(b) for b in side.burns], side.sheet.owned_sfx(), tags=tags)


def _times(burnt: BurnResult, sfx_id: str) -> int:
    return sum(a.times for a in burnt.activations if a.sfx.id == sfx_id)


def _damage(report: AttackReport, attacker: Side, defender: Side, def_burns: BurnResult,
            armour_kind: str, rating: int, faces: Sequence[int] | None, rng: random.Random,
            tags: list[str]) -> AttackReport:
    att_burns = _activations(attacker, report.attack, tags)
    notes: list[str] = []
    rating += sum(_times(att_burns, s) for s in EXTRA_DIE)
    rating = max(0, rating - _times(def_burns, "hard_as_nails"))
    automatic = min(_times(att_burns, "hawkeye"), rating)
    rating -= automatic
    armour = defender.sheet.armour_for(armour_kind)
    if "dum_dums" in attacker.sheet.owned_sfx():  # the ammunition, burnt or not (C22)
        armour = dum_dum_armour(armour)
    armour = max(0, armour - _times(att_burns, "armour_piercing"))
    if _times(att_burns, "rune_of_death"):
        notes.append("Rune of Death: roll its dice against armour onto the critical line")
    rolled = roll_damage(rating, armour, automatic=automatic, rng=rng, dice=faces)
    new = defender.sheet.model_copy(deep=True)
    applied = new.line(report.line).apply(rolled.boxes)
    return AttackReport(attack=report.attack, defence=report.defence, hit=True,
                        margin=report.margin, damage_dice=rating, damage_faces=rolled.dice,
                        armour=armour, automatic=automatic, boxes=rolled.boxes,
                        line=report.line, applied=applied, defender=new, notes=notes)
