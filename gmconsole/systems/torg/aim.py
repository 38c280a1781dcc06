"""Tests aimed at a target for the console's `at TARGET` flow (`GameSystem.oppose`,
`damage_offer`).

What the target's sheet opposes, by the skill tested (the option's first words; switch words
after it never hide the target):

- an attack: the target's passive defence, dodge against shots and throws, melee weapons (if
  it wields one) or unarmed combat against blows, DEX when neither applies; concealment adds to
  it (`combat_options`). A hit offers its damage: the weapon (or STR bare-handed) + the bonus +
  the damage modifiers of the combat options and cards, less Toughness, armour and cover;
- intimidation, test, taunt, trick, maneuver: the target's same skill, else its base attribute
  (SPI, MIN, CHA, PER, DEX). A success offers the Interaction Results Table's effect on the
  target (`hit` marks it stymied or set back, or gives the maneuver's 2 fatigue shock);
- first aid and medicine: the DN set by the target's condition (8, 12 heavy, 15 mortal), no
  damage to offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.base import DamageOffer, Opposition
from gmconsole.systems.torg.combat import DODGED, PARRIED, defence_skill
from gmconsole.systems.torg.combat_options import read_options
from gmconsole.systems.torg.damage import medicine_difficulty
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.interaction import INTERACTIONS, defence_attribute, interaction_result
from gmconsole.systems.torg.sheet import TorgSheet

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult

ATTACKS = DODGED | PARRIED


def skill_of(option: str) -> str | None:
    """The skill or attribute key an option names (switch words after it ignored); None when
    it names none."""
    from gmconsole.systems.torg.check_words import split_skill

    text = option.strip()
    words = (text.partition(":")[2] if text.startswith(("attr:", "skill:")) else text).split()
    try:
        return split_skill(words)[0] if words else None
    except TorgError:
        return None


def oppose(attacker: TorgSheet, option: str, target: TorgSheet) -> Opposition | None:
    """What the target opposes a test of `option` with; None for a test aimed at no one. A
    dodge at someone with no shot of theirs pending says what a dodge answers (no DN)."""
    skill = skill_of(option)
    if skill == "dodge":
        return Opposition(note="no shot or throw of theirs to dodge (a blow is parried: melee or unarmed)")
    if skill in ATTACKS:
        wields = any(w.skill == "melee_weapons" for w in target.weapons)
        answer = defence_skill(skill, wielding_melee=wields)
        value = target.defence_value(answer)
        return Opposition(difficulty=value, note=f"{answer.replace('_', ' ')} {value}")
    if skill in INTERACTIONS:
        if target.adds(skill) or skill in target.parenthetical:
            value, what = target.defence_value(skill), skill.replace("_", " ")
        else:
            what = defence_attribute(skill)
            value = target.attribute(what)
        return Opposition(difficulty=value, note=f"{what} {value}")
    if skill in ("charm", "persuasion"):
        value = target.defence_value("willpower")
        what = "willpower" if target.adds("willpower") or "willpower" in target.parenthetical else "MIN"
        return Opposition(difficulty=value, note=f"{what} {value}")
    if skill == "first_aid":
        if target.damage.dead:
            raise TorgError(f"{target.name} is dead: no first aid is possible")
        value = target.damage.first_aid_difficulty()
        return Opposition(difficulty=value, note=f"first aid DN {value} ({target.damage.wound_level})")
    if skill == "medicine":
        value = medicine_difficulty(target.damage.wounds)
        return Opposition(difficulty=value, note=f"medicine DN {value} ({target.damage.wound_level})")
    return None


def answer(option: str, attack: CheckRequest, attack_result: CheckResult) -> Opposition | None:
    """An active defence against a hit still pending (L3890, L3994-L3998): dodge against shots
    and throws, melee weapons or unarmed combat against blows, the same skill against an
    interaction. The attack hits if its total reaches the defence total, so the defence stops
    it with a total above the attack's; the bonus is at least 1, as for any active defence.
    None for any other test."""
    skill, attack_skill = skill_of(option), skill_of(attack.option)
    if attack_skill is None or skill is None or not attack_result.success:
        return None
    answers = {"dodge"} if attack_skill in DODGED else PARRIED if attack_skill in PARRIED else {attack_skill}
    if skill not in answers or (attack_skill not in ATTACKS and attack_skill not in INTERACTIONS):
        return None
    total = int(attack_result.total)
    return Opposition(
        difficulty=total + 1,
        extra={"bonus_floor": 1},
        note=f"active defence: above the attack's {total}",
    )


def damage_offer(
    attacker: TorgSheet, request: CheckRequest, result: CheckResult, target: TorgSheet
) -> DamageOffer | None:
    """What `hit` applies after a successful aimed test; None for a miss, a test with nothing
    to apply, or a ranged attack with no weapon on the sheet (the GM types the damage)."""
    skill = skill_of(request.option)
    if not result.success or skill is None:
        return None
    if skill in INTERACTIONS:
        rp = int(result.margin or 0)
        cell = interaction_result(skill, rp)
        if cell is None:
            return None
        return DamageOffer(amount=rp, kind=skill, text=f"{skill} {rp} RP: {cell.key.replace('_', ' / ')}")
    if skill not in ATTACKS:
        return None
    from gmconsole.systems.torg.check_words import read_test

    options = read_options(read_test(attacker, request).extra)
    if options.disarm:
        return None  # a disarm's effect is against STR: the GM rules what falls
    bonus = int(result.detail.get("bonus", 0))
    weapon = next((w for w in attacker.weapons if w.skill == skill), None)
    if weapon is not None:
        base, what = attacker.weapon_damage(weapon.name), weapon.name
    elif skill == "unarmed_combat":
        base, what = attacker.attribute("STR"), "STR"
    else:
        return None
    effect = int(result.detail.get("effect_modifier", 0))
    total = base + bonus + effect
    text = f"{what} {base} {bonus:+d} bonus" + (f" {effect:+d} modifiers" if effect else "")
    if options.cover_add:
        worn = target.toughness_against_blow()
        toughness = max(worn, min(worn + options.cover_add, options.cover_max))
        text += f" - Toughness {toughness} in {options.cover} cover"
        return DamageOffer(amount=total - toughness, kind="rp", text=text)
    return DamageOffer(amount=total, kind="damage", text=text)
