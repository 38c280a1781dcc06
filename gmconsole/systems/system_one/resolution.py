"""A check at the console: what a character can be tested on, the d100 roll, its exact odds.

Options a GM picks: an attribute ("attr:STA"), a skill on the sheet ("skill:First Aid",
"skill:Language (Elvish)"), an attack with a weapon ("attack:Sword": HEC + 5 x the weapon's
skill, or half HEC unskilled and never above HEC). The difficulty is a modifier from the
book's ladder (easy +10 ... impossible -100). What the sheet imposes is added by itself: the
wound state's penalty on skills, a wounded head or weapon arm, and to-hit given up to defend.
A called shot takes 5% off the to-hit for each 2% chance of hitting the part named.
An opposing roll's margin (`opponent_total`: a Mind Control roll made by 27) lowers the save.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.systems.system_one import combat, rules
from gmconsole.systems.system_one.book import skill_def
from gmconsole.systems.system_one.sheet import Skill, SystemOneSheet, Weapon


@dataclass(frozen=True)
class Spec:
    """What a check adds up before the die: its label, the base chance and the modifiers."""

    label: str
    base: int
    modifiers: tuple[Modifier, ...]
    kind: str  # "attribute", "skill", "language" or "attack"
    cap: int | None = None
    """Unskilled attacks never go above HEC."""
    weapon: str | None = None
    halve_final: int = 0
    """How often the final chance is halved (a rough ride, a driver firing)."""


def skill_base(sheet: SystemOneSheet, skill: Skill) -> tuple[str, int]:
    """(attribute, base chance) of a skill on the sheet: attribute + 5 x level, or the
    language table's chance (None below level 1 is refused by the caller)."""
    book = skill_def(skill.name)
    attr = (skill.attr or (book.attr if book else "")).upper()
    if book is not None and book.name == "Language" and not skill.attr:
        return "", rules.language_chance(skill.level) or 0
    if not attr:
        raise RulesError(
            f'skill {skill.label}: the book does not list it; give it an attribute (attr = "INT")'
        )
    return attr, sheet.attr(attr) + 5 * skill.level


def options(sheet: SystemOneSheet, convention: rules.Convention = "rounded") -> list[CheckOption]:
    """Every attribute, every skill (one the book does not list and the sheet gives no
    attribute stays, marked, so the GM sees why it cannot be rolled), every weapon, and
    a punch (a kick with the skill for it) for anyone."""
    out = [
        CheckOption(f"attr:{a}", f"{rules.ATTRIBUTE_NAMES[a]} ({a})", sheet.attr(a)) for a in rules.ATTRIBUTES
    ]
    for s in sheet.skills:
        try:
            value: int | None = chance_of(spec_for(sheet, f"skill:{s.label}", {}, convention), ())
            label = f"{s.label} {s.level}"
        except RulesError:
            value, label = None, f"{s.label} {s.level} (needs an attribute: attr on the sheet)"
        out.append(CheckOption(f"skill:{s.label}", label, value))
    names = {w.name.lower() for w in sheet.weapons}
    extra = [n for n in ("Punch", "Kick") if n.lower() not in names and _can_unarmed(sheet, n)]
    for name in [w.name for w in sheet.weapons] + extra:
        try:
            value = chance_of(spec_for(sheet, f"attack:{name}", {}, convention), ())
        except RulesError:
            value = None
        out.append(CheckOption(f"attack:{name}", f"Attack with {name}", value))
    return out


def _can_unarmed(sheet: SystemOneSheet, name: str) -> bool:
    try:
        return combat.unarmed(sheet, name) is not None
    except RulesError:
        return False


def attack_weapon(sheet: SystemOneSheet, name: str) -> Weapon:
    """The weapon on the sheet, or the punch or kick anyone has."""
    try:
        return sheet.weapon(name)
    except ValueError:
        found = combat.unarmed(sheet, name)
        if found is None:
            raise
        return found


def _state_mods(sheet: SystemOneSheet, convention: rules.Convention, arm: str | None) -> list[Modifier]:
    """The penalties wounds put on a skill or an attack: the overall state, the head, the arm."""
    mods: list[Modifier] = []
    state = sheet.state(convention)
    if rules.SKILL_PENALTY.get(state):
        mods.append(Modifier(state, rules.SKILL_PENALTY[state]))
    head = rules.location_band(sheet.wound("head"), sheet.lp, convention)
    if 1 <= head <= 3:
        mods.append(Modifier("head wound", rules.LIMB_SKILL_PENALTY[head]))
    if arm is not None:
        band = rules.location_band(sheet.wound(arm), sheet.lp, convention)
        if 1 <= band <= 3:
            mods.append(Modifier(f"{arm} wound", rules.LIMB_SKILL_PENALTY[band]))
    return mods


def _able(sheet: SystemOneSheet, kind: str, convention: rules.Convention) -> None:
    """An unconscious, dying or dead character makes no attack and uses no skill (the STA
    tests to stay conscious or wake are attribute tests, and still roll)."""
    state = sheet.state(convention)
    if state in ("dying", "dead") or not sheet.conscious:
        why = state if state in ("dying", "dead") else "unconscious"
        raise RulesError(f"this character is {why}: no {'attack' if kind == 'attack' else 'skill use'}")


def defence_against(attacker: SystemOneSheet, weapon_name: str, target: SystemOneSheet) -> tuple[int, str]:
    """What the target's defence takes off this attack, and the note: 1 for every 2 points
    given up, or 3 when the target blocks unarmed (declared, or holding no weapon) against
    an armed attack."""
    try:
        armed = combat.is_armed(attack_weapon(attacker, weapon_name))
    except (ValueError, RulesError):
        armed = False
    if not target.defence:
        return 0, "not defending"
    # a Martial Artist of level 5 or more blocks a weapon as if armed (2 to 1)
    master = target.skill_level("Martial Arts") >= 5
    bare = not master and (target.defence_unarmed or not any(combat.is_armed(w) for w in target.weapons))
    ratio = 3 if bare and armed else 2
    penalty = target.defence // ratio
    how = "unarmed against a weapon, " if ratio == 3 else ""
    return penalty, f"defending {target.defence} ({how}1 in {ratio}): -{penalty}"


def spec_for(
    sheet: SystemOneSheet, option: str, extra: Mapping[str, Any], convention: rules.Convention = "rounded"
) -> Spec:
    """The base chance and modifiers an option stands for; refused by name when the sheet
    lacks it."""
    kind, _, arg = option.strip().partition(":")
    kind = kind.strip().lower()
    arg = arg.strip()
    try:
        if kind == "attr" or (not arg and kind.upper() in rules.ATTRIBUTES):
            key = (arg or kind).upper()
            if key not in rules.ATTRIBUTES:
                raise RulesError(f"no attribute {arg!r} (attributes: {', '.join(rules.ATTRIBUTES)})")
            return Spec(f"{rules.ATTRIBUTE_NAMES[key]} {sheet.attr(key)}", sheet.attr(key), (), "attribute")
        if kind == "skill":
            _able(sheet, kind, convention)
            return _skill_spec(sheet, arg, extra, convention)
        if kind == "attack":
            _able(sheet, kind, convention)
            return _attack_spec(sheet, arg, extra, convention)
    except ValueError as exc:  # the sheet's lookups say what is missing
        raise RulesError(f"this character: {exc}") from None
    raise RulesError(f"no check {option!r} (attr:STR ... attr:LDR, skill:NAME or attack:WEAPON)")


def _skill_spec(
    sheet: SystemOneSheet, name: str, extra: Mapping[str, Any], convention: rules.Convention
) -> Spec:
    mods = _state_mods(sheet, convention, None)
    over = combat.number(extra, "past_lp", 0, 10_000)
    if name.lower() == "first aid" and not any(s.name.lower() == "first aid" for s in sheet.skills):
        # stabilising without the skill: INT/2, and 20% (not 10%) for each point past LP
        if over:
            mods.append(Modifier(f"{over} past LP", -20 * over))
        label = f"First Aid, unskilled (INT {sheet.attr('INT')}/2)"
        return Spec(label, sheet.attr("INT") // 2, tuple(mods), "skill")
    skill = sheet.skill(name)
    attr, base = skill_base(sheet, skill)
    if over and skill.name.lower() == "first aid":
        mods.append(Modifier(f"{over} past LP", -10 * over))
    if not attr:
        if skill.level == 0:
            raise RulesError(f"{skill.label} at level 0: no chance of understanding")
        return Spec(f"{skill.label} {skill.level} ({base}%)", base, tuple(mods), "language")
    label = f"{skill.label} {skill.level} ({attr} {sheet.attr(attr)})"
    return Spec(label, base, tuple(mods), "skill")


def _attack_spec(
    sheet: SystemOneSheet, name: str, extra: Mapping[str, Any], convention: rules.Convention
) -> Spec:
    weapon = attack_weapon(sheet, name)
    skill_name = weapon.skill or "Streetfighting"
    level = sheet.skill_level(skill_name)
    hec = sheet.attr("HEC")
    hand = "right" if (sheet.handedness == "right") == (extra.get("hand", "usual") != "off") else "left"
    mods = _state_mods(sheet, convention, f"{hand} arm")
    if sheet.defence:
        mods.append(Modifier("defending", -sheet.defence))
    defence = combat.number(extra, "target_defence", 0, 500)
    if defence:
        mods.append(Modifier("target defending", -defence))
    mods += combat.attack_mods(sheet, weapon, extra)
    halve_base, halve_final = combat.halvings(extra, weapon.range_m > 0)
    base, cap = (hec + 5 * level, None) if level > 0 else (hec // 2, hec)
    how = f"{skill_name} {level}, HEC {hec}" if level > 0 else f"unskilled, HEC {hec}/2"
    if halve_base:
        base //= 2
        how += f", halved moving ({extra.get('moving')})"
    return Spec(f"{weapon.name} ({how})", base, tuple(mods), "attack", cap, weapon.name, halve_final)


def _modifiers(spec: Spec, request: CheckRequest) -> list[Modifier]:
    mods = list(spec.modifiers)
    if request.difficulty:
        mods.append(Modifier(_difficulty_label(request.difficulty), request.difficulty))
    if request.opponent_total:
        mods.append(Modifier("opponent's margin", -request.opponent_total))
    if request.modifiers:
        mods.append(Modifier("GM", request.modifiers))
    return mods


def _difficulty_label(value: int) -> str:
    names = {v: k for k, v in rules.DIFFICULTY.items()}
    return names.get(value, "difficulty")


def chance_of(spec: Spec, mods: Sequence[Modifier]) -> int:
    total = spec.base + sum(m.value for m in mods)
    if spec.cap is not None:  # unskilled: half HEC and the modifiers, never above HEC
        total = rules.unskilled_to_hit(spec.cap, total - spec.cap // 2)
    for _ in range(spec.halve_final):
        total //= 2
    return total


def chance_text(spec: Spec, mods: Sequence[Modifier], chance: int) -> str:
    """How the chance was reached, in the order the book adds it up: "85 -10 wounded
    -25 medium range = 50%" (the modifiers change the chance, never the roll)."""
    parts = [str(spec.base), *(f"{m.value:+d} {m.label}" for m in mods)]
    capped = spec.cap is not None and spec.base + sum(m.value for m in mods) > spec.cap
    if capped:
        parts.append(f"(at most HEC {spec.cap})")
    if spec.halve_final:
        parts.append("halved" if spec.halve_final == 1 else "halved twice")
    return f"{' '.join(parts)} = {chance}%"


def run_check(
    sheet: SystemOneSheet,
    request: CheckRequest,
    rng: random.Random,
    dice: Sequence[int] | None,
    who: str | None,
    convention: rules.Convention = "rounded",
) -> CheckResult:
    spec = spec_for(sheet, request.option, request.extra, convention)
    typed = list(dice or [])
    if len(typed) > 1:
        raise RulesError(
            f"a check rolls one d100; {len(typed)} dice were typed ({' '.join(map(str, typed))})"
        )
    face = next_face(typed, rng, 100)
    mods = _modifiers(spec, request)
    chance = chance_of(spec, mods)
    success = rules.check(face, chance)
    if face <= rules.AUTO_SUCCESS:
        outcome = "automatic success (01-05)"
    elif face >= rules.AUTO_FAILURE:
        outcome = "automatic failure (96-00)"
    else:
        outcome = "success" if success else "failure"
    name = who or ""
    label = f"{spec.label}, chance {chance_text(spec, mods, chance)}"
    return CheckResult(
        label=f"{name}: {label}" if name else label,
        dice=(Die(100, face),),
        total=face,
        target=chance,
        success=success,
        outcome=outcome,
        margin=chance - face,
        who=name or None,
        detail={
            "roll": face,
            "chance": chance,
            "modifiers": [[m.label, m.value] for m in mods],
            "kind": spec.kind,
            "weapon": spec.weapon,
            "called": combat.called_part(request.extra) or None,
            "called_cost": int(request.extra.get("called_cost") or 0),
        },
    )


def odds(sheet: SystemOneSheet, request: CheckRequest, convention: rules.Convention = "rounded") -> Odds:
    spec = spec_for(sheet, request.option, request.extra, convention)
    mods = _modifiers(spec, request)
    chance = chance_of(spec, mods)
    wins = rules.success_count(chance)
    auto = Fraction(rules.AUTO_SUCCESS, 100)
    fail = Fraction(100 - rules.AUTO_FAILURE + 1, 100)
    bars = (
        ("01-05", auto),
        ("success", Fraction(wins, 100) - auto),
        ("failure", 1 - Fraction(wins, 100) - fail),
        ("96-00", fail),
    )
    return Odds(
        success=Fraction(wins, 100),
        note=f"chance {chance_text(spec, mods, chance)}: roll {chance} or under on d100",
        bars=bars,
    )
