"""Resolving actions with sheets: a skill attempt, an active defence, an attack with damage.

These join the pieces (action value from the sheet, the roll with its roll-again rules, totals,
the defender's value, Toughness, the Combat Results Table) so the system's dialog and the console
call one function per action. Nothing here mutates a sheet: applying a blow is separate
(`DamageState.apply` on a copy), so the GM can first buy damage off with Possibilities and cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from gmconsole.systems.torg.combat import CombatResult, combat_result, defence_skill
from gmconsole.systems.torg.dice import TorgRoll, roll_d20
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.totals import Modifier, Total, action_total, effect_total


@dataclass(frozen=True)
class Attempt:
    """A character's roll for one action and the total it makes."""

    who: str
    skill: str
    skilled: bool
    roll: TorgRoll
    action: Total

    def with_extra_roll(
        self,
        source: str,
        *,
        dice: Iterable[int] | None = None,
        rng: random.Random | None = None,
        countered: bool = False,
    ) -> Attempt:
        """Spend a Possibility or play a hero/drama card after seeing the roll: re-total."""
        roll = self.roll.extra_roll(source, dice=dice, rng=rng, countered=countered)
        return replace(self, roll=roll, action=replace(self.action, roll_bonus=roll.bonus))


def attempt(
    sheet: TorgSheet,
    skill: str,
    *,
    difficulty: int | None = None,
    modifiers: Sequence[Modifier] = (),
    bonus_floor: int | None = None,
    up: bool = False,
    stymied: bool = False,
    use: str | None = None,
    item: str | None = None,
    roll: TorgRoll | None = None,
    dice: Iterable[int] | None = None,
    rng: random.Random | None = None,
) -> Attempt:
    """Roll a skill (or a bare attribute, "DEX") for a character against an optional DN.
    Refuses a skill the character cannot use (no adds in a skill that needs them)."""
    value, skilled = sheet.action_value(skill, use=use, item=item)
    if roll is None:
        roll = roll_d20(
            possibility_rated=sheet.possibility_rated,
            skilled=skilled,
            up=up,
            stymied=stymied,
            dice=dice,
            rng=rng,
        )
    total = action_total(
        value, roll.bonus, difficulty=difficulty, modifiers=modifiers, bonus_floor=bonus_floor
    )
    return Attempt(sheet.name, skill, skilled, roll, total)


def active_defence(
    sheet: TorgSheet,
    skill: str,
    *,
    modifiers: Sequence[Modifier] = (),
    dice: Iterable[int] | None = None,
    rng: random.Random | None = None,
) -> Attempt:
    """An active defence (dodge, melee weapons, unarmed combat, willpower...): bonus below 1
    counts as 1, and its total is the DN of every attack on the character this round.
    Melee and unarmed active defence need at least one add."""
    return attempt(sheet, skill, modifiers=modifiers, bonus_floor=1, use="active_defence", dice=dice, rng=rng)


@dataclass(frozen=True)
class AttackOutcome:
    attempt: Attempt
    defence: int
    """The DN the attack had to reach."""
    defence_from: str
    hit: bool
    damage: Total | None
    """Damage total vs effective Toughness (only on a hit)."""
    result: CombatResult | None
    """The CRT cell before any buying off (None on a miss; harmless below Toughness)."""
    stun: bool = False


def attack(
    attacker: TorgSheet,
    defender: TorgSheet,
    skill: str,
    *,
    weapon: str | None = None,
    damage_value: int | None = None,
    defence_total: int | None = None,
    modifiers: Sequence[Modifier] = (),
    effect_modifiers: Sequence[Modifier] = (),
    toughness_extra: int = 0,
    point_blank: bool = False,
    stun: bool = False,
    wielding_melee: bool | None = None,
    martial_art: bool = False,
    up: bool = False,
    stymied: bool = False,
    roll: TorgRoll | None = None,
    dice: Iterable[int] | None = None,
    rng: random.Random | None = None,
) -> AttackOutcome:
    """An attack: total vs the defender's value (passive) or `defence_total` (active); on a hit,
    damage value (weapon, `damage_value`, or STR unarmed) + the same bonus vs Toughness under
    armour (+ cover or One-on-Many `toughness_extra`), read on the defender's CRT column."""
    if defence_total is None:
        if wielding_melee is None:
            wielding_melee = any(w.skill == "melee_weapons" for w in defender.weapons)
        from_skill = defence_skill(skill, wielding_melee=wielding_melee, martial_art=martial_art)
        defence = defender.defence_value(from_skill)
    else:
        from_skill, defence = "active defence", defence_total
    att = attempt(
        attacker,
        skill,
        difficulty=defence,
        modifiers=modifiers,
        bonus_floor=1 if point_blank else None,
        up=up,
        stymied=stymied,
        item=weapon,
        roll=roll,
        dice=dice,
        rng=rng,
    )
    return resolve_damage(
        att,
        defender,
        defence,
        from_skill,
        weapon=weapon,
        damage_value=damage_value,
        effect_modifiers=effect_modifiers,
        toughness_extra=toughness_extra,
        stun=stun,
        attacker=attacker,
    )


def resolve_damage(
    att: Attempt,
    defender: TorgSheet,
    defence: int,
    defence_from: str,
    *,
    attacker: TorgSheet,
    weapon: str | None = None,
    damage_value: int | None = None,
    effect_modifiers: Sequence[Modifier] = (),
    toughness_extra: int = 0,
    stun: bool = False,
) -> AttackOutcome:
    """The damage step of an attack already rolled (also after an extra roll re-totals it)."""
    hit = bool(att.action.success)
    if not hit:
        return AttackOutcome(att, defence, defence_from, False, None, None, stun)
    if damage_value is None:
        if weapon is not None:
            damage_value = attacker.weapon_damage(weapon)
        elif att.skill in ("unarmed_combat", "unarmed combat"):
            damage_value = attacker.attributes.STR
        else:
            raise TorgError("name the weapon or give its damage value")
    toughness = defender.toughness_against_blow(extra=toughness_extra)
    damage = effect_total(damage_value, att.action, difficulty=toughness, modifiers=effect_modifiers)
    rp = damage.margin or 0
    result = combat_result(rp, possibility_rated=defender.possibility_rated)
    return AttackOutcome(att, defence, defence_from, True, damage, result, stun)
