"""System One's `calc` lookups: the book's smaller formulas a GM reaches for mid-fight
(chances, range, size, speed, aim, defence, called shots, suppressive fire, falls, knockback,
blocks, sighting, saves against mental powers), healing and character building, power costs
and vehicles (`calc ram`, `calc flip`).

Every number is read through `engine.numbers` with its bounds, so hostile input (huge,
negative, fractional, foreign digits) is refused by name before any formula sees it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.base import Calculator
from gmconsole.systems.system_one import powers, rules, vehicles

ATTR = (0, 300)
LEVEL = (0, 20)
BIG = 100_000


@dataclass
class Args:
    """A calculator's arguments: numbers in order, and the flag words among them."""

    key: str
    usage: str
    nums: list[str]
    flags: set[str]
    words: list[str]
    """The flag words in the order typed."""

    def need(self, n: int) -> None:
        if len(self.nums) < n:
            raise RulesError(f"usage: calc {self.key} {self.usage}")

    def whole(self, i: int, what: str, bounds: tuple[int, int], default: int | None = None) -> int:
        if i >= len(self.nums):
            if default is None:
                raise RulesError(f"usage: calc {self.key} {self.usage}")
            return default
        return whole(self.nums[i], what, *bounds)

    def decimal(self, i: int, what: str, low: int, high: int) -> Decimal:
        self.need(i + 1)
        return decimal(self.nums[i], what, low, high)


def _is_number(word: str) -> bool:
    body = word.lstrip("+-")
    return bool(body) and body[0] in "0123456789."


def _chance(a: Args) -> str:
    attribute = a.whole(0, "attribute", ATTR)
    level = a.whole(1, "level", LEVEL, 0)
    if len(a.nums) > 10:
        raise RulesError("at most 8 modifiers")
    mods = sum(whole(n, "modifier", -1000, 1000) for n in a.nums[2:])
    difficulty = next(iter(a.flags), "average")
    try:
        chance = rules.success_chance(attribute, level, difficulty, mods)
    except ValueError as exc:
        raise RulesError(str(exc)) from None
    return (
        f"{attribute} + 5 x {level} {rules.DIFFICULTY[difficulty]:+d} {difficulty} {mods:+d} = {chance}%"
        f" ({rules.success_count(chance)}% to succeed on d100)"
    )


def _range(a: Args) -> str:
    weapon_range, distance = a.whole(0, "range", (1, BIG)), a.whole(1, "distance", (0, 8 * BIG))
    band = rules.range_band(distance, weapon_range)
    if band is None:
        return f"{distance} m with range {weapon_range}: beyond Extreme ({8 * weapon_range} m), no shot"
    if "heightened" in a.flags:
        halved = band[1] // 2
        return f"{distance} m with range {weapon_range}: {band[0]}, {halved:+d} (Heightened Sense halves it)"
    return f"{distance} m with range {weapon_range}: {band[0]}, {band[1]:+d}"


def _size(a: Args) -> str:
    a.need(1)
    top, _, bottom = a.nums[0].partition("/")
    times = Decimal(whole(top, "size", 1, 1_000_000)) / Decimal(
        whole(bottom or "1", "size divisor", 1, 1_000_000)
    )
    steps = round(math.log2(times))
    return f"{a.nums[0]} x man-size ({steps:+d} steps): {rules.size_modifier(steps):+d}"


def _speed(a: Args) -> str:
    speed = a.decimal(0, "speed", 0, BIG)
    return f"target at {speed} m/turn: {rules.speed_modifier(float(speed)):+d}"


def _aim(a: Args) -> str:
    turns = a.whole(0, "turns", (0, 3))
    fast = "fast" in a.flags
    return f"{turns} turn(s) aiming{' at a fast target' if fast else ''}: {rules.aim_bonus(turns, fast):+d}"


def _trade(a: Args) -> str:
    own, penalty = a.whole(0, "chance", (0, 1000)), a.whole(1, "penalty", (0, 500))
    left, mod = rules.defence_trade(own, penalty, "unarmed" in a.flags)
    return f"{own}% giving {mod:+d} to the opponent: {left}% left"


def _called(a: Args) -> str:
    deduction = a.whole(0, "deduction", (0, 200))
    return f"-{deduction} to hit: {rules.called_shot_chance(deduction)}% to hit the part called"


def _suppress(a: Args) -> str:
    rounds, width = a.whole(0, "rounds", (1, 1000)), a.whole(1, "width", (1, 1000))
    roll = a.whole(2, "roll", (1, 100))
    chance, hits = rules.suppressive_fire(rounds, width, roll, "aware" in a.flags)
    return f"{rounds} rounds over {width} m: {chance}%; roll {roll}: {hits} hit(s)"


def _fall(a: Args) -> str:
    height = a.decimal(0, "height", 0, BIG)
    acro = a.whole(1, "Acrobatics", LEVEL, 0)
    return (
        f"a fall of {height} m: {rules.falling_damage(float(height), acro)} damage (location: falling table)"
    )


def _drop(a: Args) -> str:
    """A drop or a fall: safe to 3 m (+1 m an Acrobatics level); to 10 m (+1 m a level) an
    AGL check avoids the damage; past 3 m the next turn goes on getting up; the landing is
    controlled on AGL (AGL/2 when thrown), else the uncontrolled column of the falling table."""
    height, agl = a.decimal(0, "height", 0, BIG), a.whole(1, "AGL", ATTR)
    acro = a.whole(2, "Acrobatics", LEVEL, 0)
    damage = rules.falling_damage(float(height), acro)
    control = agl // 2 if "thrown" in a.flags else agl
    if height <= 3 + acro:
        return f"a drop of {height} m: no harm"
    safe = f"AGL {agl}% and no damage, else {damage}" if height <= 10 + acro else f"{damage} damage"
    return (
        f"a drop of {height} m: {safe}; the next turn spent getting up; "
        f"landing controlled on {control}% ({'thrown: AGL/2' if 'thrown' in a.flags else 'AGL'})"
    )


def _stabilise(a: Args) -> str:
    int_, fa = a.whole(0, "INT", ATTR), a.whole(1, "First Aid", LEVEL)
    damage, lp = a.whole(2, "damage", (0, 10_000)), a.whole(3, "LP", (1, 1000))
    chance = rules.stabilise_chance(int_, fa, damage, lp)
    return f"stabilise ({'First Aid ' + str(fa) if fa else 'no First Aid'}): {chance}%"


def _wake(a: Args) -> str:
    sta, hours = a.whole(0, "STA", ATTR), a.whole(1, "hours", (0, 1000))
    return f"wake after {hours} h: {rules.wake_chance(sta, hours)}%"


def _heal(a: Args) -> str:
    points = a.whole(0, "points", (0, 10_000))
    medical = "medical" in a.flags
    return (
        f"{points} point(s) in one location heal by day {rules.healing_days(points, medical)}"
        f" ({'medical care and rest' if medical else 'natural'})"
    )


def _skill(a: Args) -> str:
    base, low, high = a.whole(0, "base cost", (1, 10)), a.whole(1, "from", LEVEL), a.whole(2, "to", LEVEL)
    if low > high:
        raise RulesError(f"raise a skill from a level to a higher one, got {low} to {high}")
    return f"base {base}, level {low} to {high}: {rules.skill_cost(base, low, high)} points"


def _points(a: Args) -> str:
    """Option One or Two; a number after the attributes is Option Three's fixed sum on top."""
    if "two" in a.flags:
        int_, str_, sta = (a.whole(i, what, ATTR) for i, what in enumerate(("INT", "STR", "STA")))
        extra = a.whole(3, "Option Three's extra points", (0, 1000), 0)
        budget = rules.points_option_two(int_, str_, sta)
        text = "Option Two: " + ", ".join(f"{k} {v}" for k, v in budget.items())
        return text + (f"; Option Three: {extra} more points" if extra else "")
    if len(a.nums) not in (8, 9):
        raise RulesError(f"give the eight attributes (and Option Three's extra), got {len(a.nums)}")
    values = [whole(n, "attribute", *ATTR) for n in a.nums[:8]]
    extra = a.whole(8, "Option Three's extra points", (0, 1000), 0)
    points = rules.points_option_one(values)
    if extra:
        return f"Option One: {points} points; Option Three: + {extra} = {points + extra} points"
    return f"Option One: {points} points"


def _optionone(a: Args) -> str:
    """Attribute Option One: rolled in order, then at most 15 moved out of and 25 into any
    attribute, none above 90, the total unchanged."""
    if len(a.nums) != 16:
        raise RulesError("give the eight rolled attributes, then the eight after juggling")
    rolled = [whole(n, "attribute", *ATTR) for n in a.nums[:8]]
    final = [whole(n, "attribute", *ATTR) for n in a.nums[8:]]
    wrong = [
        f"{key} {r}->{f}"
        for key, r, f in zip(rules.ATTRIBUTES, rolled, final, strict=True)
        if f - r > 25 or r - f > 15 or (f > 90 and f != r)
    ]
    if sum(rolled) != sum(final):
        wrong.append(f"total {sum(rolled)} -> {sum(final)}")
    if wrong:
        return "Option One limits broken (at most 15 out, 25 in, 90 top, same total): " + ", ".join(wrong)
    return "Option One: the juggling keeps to the limits"


def _breakage(a: Args) -> str:
    number, roll = a.whole(0, "breakage number", (0, 100)), a.whole(1, "roll", (1, 100), 0)
    if not roll:
        return f"breakage number {number}: d100 {number} or under and it holds"
    return f"breakage number {number}, rolled {roll}: {'holds' if roll <= number else 'breaks'}"


def _derived(a: Args) -> str:
    str_, sta, int_, per = (a.whole(i, what, ATTR) for i, what in enumerate(("STR", "STA", "INT", "PER")))
    return (
        f"LP {rules.life_points(sta, str_)}, EF {rules.exertion_factors(sta, str_)}, "
        f"PW {rules.power_points(int_, per)}"
    )


def _knockback(a: Args) -> str:
    str_, damage = a.whole(0, "STR", ATTR), a.whole(1, "damage", (0, 10_000))
    steps = a.whole(2, "size steps", (-10, 10), 0)
    save = rules.knockback_save(str_, damage, steps)
    return (
        f"STR roll to stand: {save}%; failed: thrown {damage} m, an obstacle takes the lesser of the "
        f"metres left and its integrity (and so does the character), landing {damage} damage"
    )


def _block(a: Args) -> str:
    damage = a.whole(0, "weapon damage", (0, 10_000))
    cost = rules.block_damage(damage)
    half = math.ceil(cost / 2)
    return (
        f"the blocker takes {cost}: d6 1-2 left arm, 3-4 right arm, 5-6 {half} to each arm "
        f"(an unarmed attacker parried: {cost} to the limb used, d6 1-4 dominant side)"
    )


def _detect(a: Args) -> str:
    int_, distance = a.whole(0, "INT", ATTR), a.whole(1, "distance", (0, BIG))
    points = a.whole(2, "Enhanced Sense points", (0, 100), 0)
    base = 10 if "heightened" in a.flags else 5
    most = base + (2 if "heightened" in a.flags else 1) * int_
    if distance > most:
        return f"{distance} m is past the sighting limit ({most} m): not detected"
    chance = int_ + 2 * points - max(0, distance - base)
    if "secondary" in a.flags:
        chance //= 2
    return f"sighting at {distance} m: {chance}% (base range {base} m, limit {most} m)"


def _save(a: Args) -> str:
    """A save against Mind Control (INT) or Mind Reading (LDR, +15 for a guarded secret)."""
    defender, chance = a.whole(0, "defender's attribute", ATTR), a.whole(1, "chance", (0, 1000))
    roll = a.whole(2, "roll", (1, 100))
    if not rules.check(roll, chance):
        return f"the roll {roll} misses {chance}%: the power fails, no save needed"
    save = rules.opposed_save(defender, chance, roll) + (15 if "guarded" in a.flags else 0)
    return f"made by {chance - roll}: the target saves at {save}%"


def _leap(a: Args) -> str:
    leap = a.whole(0, "leap", (0, 10_000))
    far = 2 * leap if "running" in a.flags else leap
    ef = max(3, 3 * math.ceil(far / 15))
    return f"leap {far} m, up {far / 2:g} m ({far} m clearing only the body); {ef} EF, no EF back this turn"


def _slip(a: Args) -> str:
    by = a.whole(0, "failed by", (1, 100))
    if by > 20:
        return f"failed by {by}: a rope slips too far (possibly a fall); a wall with holds: a fall"
    return (
        f"failed by {by}: on a rope slip {math.ceil(by / 5)}d3 m; on a wall with holds no movement this turn"
    )


CALCULATORS: dict[str, tuple[str, str, Callable[[Args], str]]] = {
    "chance": ("ATTRIBUTE [LEVEL] [DIFFICULTY] [MODS]", "calc chance 55 2 hard -> 15%", _chance),
    "range": ("WEAPON_RANGE DISTANCE [heightened]", "calc range 20 50 -> long, -60", _range),
    "size": ("TIMES_MAN_SIZE", "calc size 1/4 -> -30", _size),
    "speed": ("M_PER_TURN", "calc speed 16 -> -11", _speed),
    "aim": ("TURNS [fast]", "calc aim 2 fast -> +20", _aim),
    "trade": ("OWN_CHANCE PENALTY [unarmed]", "calc trade 60 15 -> 30 left", _trade),
    "called": ("DEDUCTION", "calc called 25 -> 10% to hit the part", _called),
    "suppress": ("ROUNDS WIDTH ROLL [aware]", "calc suppress 6 2 45 -> 2 hits", _suppress),
    "fall": ("METRES [ACROBATICS]", "calc fall 10 -> 4", _fall),
    "drop": ("METRES AGL [ACROBATICS] [thrown]", "calc drop 8 60 -> AGL 60% or 3 damage", _drop),
    "knockback": ("STR DAMAGE [SIZE_STEPS]", "calc knockback 55 4 -> 35% to stand", _knockback),
    "block": ("WEAPON_DAMAGE", "calc block 11 -> 3 to the blocker's arms", _block),
    "detect": ("INT DISTANCE [SENSE_POINTS] [heightened] [secondary]", "calc detect 50 20 -> 35%", _detect),
    "save": ("DEFENDER_ATTR CHANCE ROLL [guarded]", "calc save 50 65 38 -> saves at 23%", _save),
    "leap": ("LEAP_M [running]", "calc leap 2 running -> 4 m, 3 EF", _leap),
    "slip": ("FAILED_BY", "calc slip 12 -> rope slips 3d3 m", _slip),
    "stabilise": ("INT FIRST_AID DAMAGE LP", "calc stabilise 60 2 9 7 -> 50%", _stabilise),
    "wake": ("STA HOURS", "calc wake 55 3 -> -35%", _wake),
    "heal": ("POINTS [medical]", "calc heal 5 -> day 30", _heal),
    "skill": ("BASE FROM TO", "calc skill 1 1 3 -> 5 points", _skill),
    "points": (
        "ATTR x8 [EXTRA] | two INT STR STA [EXTRA]",
        "calc points 55 55 55 55 55 55 55 55 -> 36 (EXTRA: Option Three's fixed sum on top)",
        _points,
    ),
    "optionone": ("ROLLED x8 FINAL x8", "calc optionone 50 ... 55 ...", _optionone),
    "breakage": ("NUMBER [ROLL]", "calc breakage 90 93 -> breaks", _breakage),
    "derived": ("STR STA INT PER", "calc derived 55 55 55 55", _derived),
    **powers.CALCULATORS,
    **vehicles.CALCULATORS,
}

CALCULATOR_LIST = tuple(
    Calculator(key, key.capitalize(), usage, help) for key, (usage, help, _) in CALCULATORS.items()
)


def calculate(key: str, args: list[str]) -> str:
    if key not in CALCULATORS:
        raise RulesError(f"unknown calculator {key!r} (known: {', '.join(CALCULATORS)})")
    usage, _, run = CALCULATORS[key]
    if len(args) > 20 or any(len(a) > 40 for a in args):
        raise RulesError(f"usage: calc {key} {usage}")
    words = [w.lower() for w in args if not _is_number(w)]
    nums = [w for w in args if _is_number(w)]
    return run(Args(key, usage, nums, set(words), words))
