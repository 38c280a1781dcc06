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
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.book import skill_def
from gmconsole.systems.system_one.sheet import Skill, SystemOneSheet


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

    def chance(self, extra: int = 0) -> int:
        total = self.base + sum(m.value for m in self.modifiers) + extra
        return total if self.cap is None else min(total, self.cap)


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
    out = [
        CheckOption(f"attr:{a}", f"{rules.ATTRIBUTE_NAMES[a]} ({a})", sheet.attr(a)) for a in rules.ATTRIBUTES
    ]
    for s in sheet.skills:
        try:
            value = spec_for(sheet, f"skill:{s.label}", {}, convention).chance()
        except RulesError:
            continue
        out.append(CheckOption(f"skill:{s.label}", f"{s.label} {s.level}", value))
    for w in sheet.weapons:
        out.append(
            CheckOption(
                f"attack:{w.name}",
                f"Attack with {w.name}",
                spec_for(sheet, f"attack:{w.name}", {}, convention).chance(),
            )
        )
    return out


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


def spec_for(
    sheet: SystemOneSheet, option: str, extra: Mapping[str, Any], convention: rules.Convention = "rounded"
) -> Spec:
    """The base chance and modifiers an option stands for; refused by name when the sheet
    lacks it."""
    kind, _, arg = option.strip().partition(":")
    kind = kind.strip().lower()
    arg = arg.strip()
    who = "this character"
    try:
        if kind == "attr" or (not arg and kind.upper() in rules.ATTRIBUTES):
            key = (arg or kind).upper()
            if key not in rules.ATTRIBUTES:
                raise RulesError(f"no attribute {arg!r} (attributes: {', '.join(rules.ATTRIBUTES)})")
            return Spec(f"{rules.ATTRIBUTE_NAMES[key]} {sheet.attr(key)}", sheet.attr(key), (), "attribute")
        if kind == "skill":
            skill = sheet.skill(arg)
            attr, base = skill_base(sheet, skill)
            if not attr:
                if skill.level == 0:
                    raise RulesError(f"{skill.label} at level 0: no chance of understanding")
                mods = _state_mods(sheet, convention, None)
                return Spec(f"{skill.label} {skill.level} ({base}%)", base, tuple(mods), "language")
            mods = _state_mods(sheet, convention, None)
            label = f"{skill.label} {skill.level} ({attr} {sheet.attr(attr)})"
            return Spec(label, base, tuple(mods), "skill")
        if kind == "attack":
            weapon = sheet.weapon(arg)
            skill_name = weapon.skill or "Streetfighting"
            level = sheet.skill_level(skill_name)
            hec = sheet.attr("HEC")
            arm = "right arm" if sheet.handedness == "right" else "left arm"
            mods = _state_mods(sheet, convention, arm)
            if sheet.defence:
                mods.append(Modifier("defending", -sheet.defence))
            mods += _ranged_mods(weapon.range_m, extra)
            deduction = _number(extra, "called_cost") if extra.get("called") else 0
            if deduction:
                mods.append(Modifier(f"called shot ({extra['called']})", -deduction))
            if level > 0:
                label = f"{weapon.name} ({skill_name} {level}, HEC {hec})"
                return Spec(label, hec + 5 * level, tuple(mods), "attack", weapon=weapon.name)
            label = f"{weapon.name} (unskilled, HEC {hec}/2)"
            return Spec(label, hec // 2, tuple(mods), "attack", cap=hec, weapon=weapon.name)
    except ValueError as exc:  # the sheet's lookups say what is missing
        raise RulesError(f"{who}: {exc}") from None
    raise RulesError(f"no check {option!r} (attr:STR ... attr:LDR, skill:NAME or attack:WEAPON)")


def _number(extra: Mapping[str, Any], key: str) -> int:
    value = extra.get(key) or 0
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RulesError(f"{key.replace('_', ' ')} must be a whole number, got {value!r}") from None
    if number < 0:
        raise RulesError(f"{key.replace('_', ' ')} cannot be negative, got {number}")
    return number


def _ranged_mods(weapon_range: int, extra: Mapping[str, Any]) -> list[Modifier]:
    """The range band, the target's speed and aiming, from the test's switches (a shot
    beyond eight times the weapon's range is refused)."""
    mods: list[Modifier] = []
    distance = _number(extra, "distance")
    if distance and weapon_range:
        band = rules.range_band(distance, weapon_range)
        if band is None:
            raise RulesError(f"{distance} m is beyond extreme range ({8 * weapon_range} m): no shot")
        if band[1]:
            mods.append(Modifier(f"{band[0]} range", band[1]))
    speed = _number(extra, "target_speed")
    if rules.speed_modifier(speed):
        mods.append(Modifier("target speed", rules.speed_modifier(speed)))
    aim = _number(extra, "aim")
    if aim and weapon_range:
        mods.append(Modifier("aim", rules.aim_bonus(aim, fast_target=speed > 5)))
    return mods


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
    return total if spec.cap is None else min(total, spec.cap)


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
    capped = spec.cap is not None and spec.base + sum(m.value for m in mods) > spec.cap
    name = who or ""
    return CheckResult(
        label=f"{name}: {spec.label}" if name else spec.label,
        dice=(Die(100, face),),
        modifiers=tuple(mods),
        total=face,
        target=chance,
        success=success,
        outcome=outcome + (" (unskilled: capped at HEC)" if capped else ""),
        margin=chance - face,
        who=name or None,
        detail={
            "roll": face,
            "chance": chance,
            "kind": spec.kind,
            "weapon": spec.weapon,
            "called": request.extra.get("called") or None,
            "called_cost": int(request.extra.get("called_cost") or 0),
        },
    )


def odds(sheet: SystemOneSheet, request: CheckRequest, convention: rules.Convention = "rounded") -> Odds:
    spec = spec_for(sheet, request.option, request.extra, convention)
    chance = chance_of(spec, _modifiers(spec, request))
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
        success=Fraction(wins, 100), note=f"chance {chance}%: roll {chance} or under on d100", bars=bars
    )
