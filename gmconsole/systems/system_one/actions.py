"""System One's own verbs (`defend WHO 20`, `stabilise WHO`, `exert WHO 5`...), its `calc`
lookups and the rolled-character generator."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from gmconsole.engine.errors import RulesError, whole_number
from gmconsole.systems.base import Generated, SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.sheet import SystemOneSheet

ROLL_PRIORITY = ("HEC", "INT", "STA", "AGL", "STR", "PER", "LDR", "ATT")
"""Where the generator puts the highest rolls when the player assigns freely."""


def _one(args: Sequence[str], usage: str) -> str:
    if len(args) != 1:
        raise RulesError(f"usage: {usage}")
    return args[0]


def perform(s: SystemOneSheet, action: str, args: list[str]) -> SheetChange:
    if action == "defend":
        if not args or len(args) > 2 or (len(args) == 2 and args[1] != "unarmed"):
            raise RulesError("usage: defend WHO N [unarmed]")
        n = whole_number(args[0], "to-hit given up")
        ratio = 3 if args[1:] == ["unarmed"] else 2
        if n < 0:
            raise RulesError(f"to-hit given up is 0 or more, got {n}")
        text = f"gives up {n}% to-hit to defend: attackers -{n // ratio}%" if n else "stops defending"
        return SheetChange(s.model_copy(update={"defence": n}), text, {"defence": n, "ratio": ratio})
    if action == "stabilise":
        return SheetChange(
            s.model_copy(update={"stabilised": True, "bleed_clock": 0}), "is stabilised: the bleeding stops"
        )
    if action == "ko":
        return SheetChange(s.model_copy(update={"conscious": False}), "falls unconscious")
    if action == "wake":
        if s.state() in ("dying", "dead"):
            raise RulesError(f"cannot wake while {s.state()}: heal the damage below LP first")
        if not s.stabilised:
            raise RulesError("must be stabilised before waking (stabilise WHO)")
        return SheetChange(
            s.model_copy(update={"conscious": True, "hours_unconscious": 0}), "regains consciousness"
        )
    if action == "exert":
        n = whole_number(_one(args, "exert WHO N"), "EF")
        if n < 0:
            raise RulesError(f"EF to spend is 0 or more, got {n}")
        state = s.state()
        if state in ("dying", "dead"):
            raise RulesError(f"no exertion while {state}")
        cost = n * rules.EF_MULTIPLIER[state]
        left = s.ef - s.ef_spent
        if cost > left:
            raise RulesError(
                f"{cost} EF needed ({n} x{rules.EF_MULTIPLIER[state]} {state}), only {left} left"
            )
        times = f" ({n} x{rules.EF_MULTIPLIER[state]}, {state})" if state != "healthy" else ""
        return SheetChange(
            s.model_copy(update={"ef_spent": s.ef_spent + cost}),
            f"spends {cost} EF{times}: {left - cost}/{s.ef} left",
        )
    if action == "rest":
        arg = _one(args, "rest WHO N|all")
        n = s.ef_spent if arg == "all" else min(whole_number(arg, "EF"), s.ef_spent)
        if n < 0:
            raise RulesError(f"EF to regain is 0 or more, got {n}")
        return SheetChange(
            s.model_copy(update={"ef_spent": s.ef_spent - n}),
            f"regains {n} EF: {s.ef - s.ef_spent + n}/{s.ef}",
        )
    if action == "power":
        if len(args) < 2 or args[-1] not in ("on", "off"):
            raise RulesError("usage: power WHO NAME on|off")
        name, on = " ".join(args[:-1]), args[-1] == "on"
        new = s.model_copy(deep=True)
        power = next((p for p in new.powers if p.name.lower() == name.lower()), None)
        if power is None:
            have = ", ".join(p.name for p in s.powers) or "none"
            raise RulesError(f"no power {name!r} (has: {have})")
        if on and not power.active and power.pw > s.pw - s.pw_allocated:
            raise RulesError(f"{power.name} needs {power.pw} PW; {s.pw - s.pw_allocated} free")
        power.active = on
        return SheetChange(
            new,
            f"switches {power.name} {'on' if on else 'off'}: {new.pw - new.pw_allocated}/{new.pw} PW free",
        )
    if action in ("xp", "ip"):
        n = whole_number(_one(args, f"{action} WHO N"), action.upper())
        total = getattr(s, action) + n
        if total < 0:
            raise RulesError(f"{action.upper()} would fall below 0 ({getattr(s, action)} {n:+d})")
        text = f"{action.upper()} {n:+d}: {total}"
        if action == "ip":
            text += f" ({total // 25} point(s) to spend on skills or powers held)"
        return SheetChange(s.model_copy(update={action: total}), text)
    if action == "recover":
        return _recover(s, args)
    if action == "repair":
        name = " ".join(args)
        new = s.model_copy(deep=True)
        armour = next((a for a in new.armour if a.name.lower() == name.lower()), None)
        if armour is None:
            have = ", ".join(a.name for a in s.armour) or "none"
            raise RulesError(f"no armour {name!r} (has: {have})")
        armour.current = None
        return SheetChange(new, f"{armour.name} repaired to {armour.physical}")
    raise RulesError(f"System One has no action {action!r}")


def _recover(s: SystemOneSheet, args: list[str]) -> SheetChange:
    """Days of healing for every location at once: the first point 2 days after the wound, the
    next 4 more, and so on (with medical care and rest 1, 2, 3...). Counted from the wound, so
    give the days since each location was last hurt."""
    if not args or len(args) > 2 or (len(args) == 2 and args[1] != "medical"):
        raise RulesError("usage: recover WHO DAYS [medical]")
    days = whole_number(args[0], "days")
    if days < 0:
        raise RulesError(f"days cannot be negative, got {days}")
    medical = args[1:] == ["medical"]
    new = s.model_copy(deep=True)
    healed: list[str] = []
    for slot, damage in s.wounds.items():
        points = min(damage, rules.healed_by(days, medical))
        if points:
            new.wounds[slot] -= points
            healed.append(f"{slot.replace('_', ' ')} {points}")
    if new.state() in ("healthy", "wounded", "serious"):
        new.stabilised = True
    how = "with medical care" if medical else "naturally"
    if not healed:
        return SheetChange(new, f"{days} day(s) {how}: nothing healed yet")
    left = f"LP {new.lp - new.damage}/{new.lp}"
    return SheetChange(new, f"{days} day(s) {how}: heals {', '.join(healed)} ({left})")


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise RulesError(f"{text!r} is not a number or a fraction like 1/4") from None


def calculate(key: str, args: list[str], usage: Mapping[str, str]) -> str:
    try:  # the session checked the key against the system's calculators
        return _calculate(key, args)
    except IndexError:
        raise RulesError(f"usage: calc {key} {usage[key]}") from None
    except ValueError as exc:
        raise RulesError(f"calc {key}: {exc}") from None


def _calculate(key: str, args: list[str]) -> str:
    flags = {a.lower() for a in args if not a.lstrip("-").replace("/", "").isdigit()}
    nums = [a for a in args if a.lower() not in flags]
    if key == "chance":
        attribute = whole_number(nums[0], "attribute")
        level = whole_number(nums[1], "level") if len(nums) > 1 else 0
        mods = sum(whole_number(n, "modifier") for n in nums[2:])
        difficulty = next(iter(flags), "average")
        chance = rules.success_chance(attribute, level, difficulty, mods)
        return (
            f"{attribute} + 5 x {level} {rules.DIFFICULTY[difficulty]:+d} {difficulty} {mods:+d} = {chance}%"
            f" ({rules.success_count(chance)}% to succeed on d100)"
        )
    if key == "range":
        weapon_range, distance = whole_number(nums[0], "range"), whole_number(nums[1], "distance")
        band = rules.range_band(distance, weapon_range)
        if band is None:
            return f"{distance} m with range {weapon_range}: beyond Extreme ({8 * weapon_range} m), no shot"
        return f"{distance} m with range {weapon_range}: {band[0]}, {band[1]:+d}"
    if key == "size":
        times = _fraction(nums[0])
        if times <= 0:
            raise RulesError("a size is more than 0 times man-size")
        steps = round(math.log2(times))
        return f"{nums[0]} x man-size ({steps:+d} steps): {rules.size_modifier(steps):+d}"
    if key == "speed":
        return f"target at {nums[0]} m/turn: {rules.speed_modifier(float(_fraction(nums[0]))):+d}"
    if key == "aim":
        turns = whole_number(nums[0], "turns")
        fast = "fast" in flags
        return (
            f"{min(max(turns, 0), 3)} turn(s) aiming{' at a fast target' if fast else ''}: "
            f"{rules.aim_bonus(turns, fast):+d}"
        )
    if key == "trade":
        own, penalty = whole_number(nums[0], "chance"), whole_number(nums[1], "penalty")
        left, mod = rules.defence_trade(own, penalty, "unarmed" in flags)
        return f"{own}% giving {mod:+d} to the opponent: {left}% left"
    if key == "called":
        deduction = whole_number(nums[0], "deduction")
        return f"-{deduction} to hit: {rules.called_shot_chance(deduction)}% to hit the part called"
    if key == "suppress":
        rounds, width, roll = (
            whole_number(nums[0], "rounds"),
            whole_number(nums[1], "width"),
            whole_number(nums[2], "roll"),
        )
        if width <= 0:
            raise RulesError("the width is at least 1 m")
        chance, hits = rules.suppressive_fire(rounds, width, roll, "aware" in flags)
        return f"{rounds} rounds over {width} m: {chance}%; roll {roll}: {hits} hit(s)"
    if key == "fall":
        height = float(_fraction(nums[0]))
        acro = whole_number(nums[1], "Acrobatics") if len(nums) > 1 else 0
        return f"a fall of {nums[0]} m: {rules.falling_damage(height, acro)} damage (location: falling table)"
    if key == "stabilise":
        int_, fa, dmg, lp = (whole_number(n, "number") for n in nums[:4])
        chance = rules.stabilise_chance(int_, fa, dmg, lp)
        return f"stabilise ({'First Aid ' + str(fa) if fa else 'no First Aid'}): {chance}%"
    if key == "wake":
        sta, hours = whole_number(nums[0], "STA"), whole_number(nums[1], "hours")
        return f"wake after {hours} h: {rules.wake_chance(sta, hours)}%"
    if key == "heal":
        points = whole_number(nums[0], "points")
        medical = "medical" in flags
        return (
            f"{points} point(s) in one location heal by day {rules.healing_days(points, medical)}"
            f" ({'medical care and rest' if medical else 'natural'})"
        )
    if key == "skill":
        base, low, high = (whole_number(n, "number") for n in nums[:3])
        return f"base {base}, level {low} to {high}: {rules.skill_cost(base, low, high)} points"
    if key == "points":
        values = [whole_number(n, "attribute") for n in nums]
        if len(values) != 8:
            raise RulesError(f"give the eight attributes, got {len(values)}")
        return f"Option One: {rules.points_option_one(values)} points"
    if key == "derived":
        str_, sta, int_, per = (whole_number(n, "attribute") for n in nums[:4])
        return (
            f"LP {rules.life_points(sta, str_)}, EF {rules.exertion_factors(sta, str_)}, "
            f"PW {rules.power_points(int_, per)}"
        )
    raise RulesError(f"unknown calculator {key!r}")


def generate(args: list[str], rng: random.Random) -> Generated:
    """Eight 2d6 rolls through the attribute table; the highest go where a fighter wants
    them, or in sheet order (`in-order`, Option One) for the player to juggle."""
    in_order = args[:1] == ["in-order"]
    if args and not in_order:
        raise RulesError("usage: gen character [in-order]")
    scores = [rules.attribute_score(rng.randint(1, 6) + rng.randint(1, 6)) for _ in rules.ATTRIBUTES]
    if in_order:
        attributes = dict(zip(rules.ATTRIBUTES, scores, strict=True))
    else:
        attributes = dict(zip(ROLL_PRIORITY, sorted(scores, reverse=True), strict=True))
    sheet = SystemOneSheet(
        attributes=attributes, skills=[{"name": "Language", "specialisation": "native", "level": 8}]
    )  # type: ignore[list-item]
    return Generated(name="New character", kind="pc", sheet=sheet)
