"""System One's rules as pure functions: the d100 check, the attribute table, the derived
statistics, hit location, damage through armour, wound states, and the smaller formulas a GM
reaches for at the table (stabilising, waking, falling, ranged modifiers, healing days).

Nothing here rolls: dice come in as numbers, so the worked examples and typed-in dice use the
same code as a random roll. Rounding follows the book where it speaks ("ignoring fractions":
floor; "or fraction thereof" / "rounded up": ceiling) and rounds half up where it only says
"rounded" (wound thresholds, point budgets).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

DIFFICULTY = {"easy": 10, "average": 0, "difficult": -25, "hard": -50, "impossible": -100}
"""The task difficulty modifiers; "average" is the default."""

AUTO_SUCCESS = 5
"""01-05 always succeeds, whatever the chance."""
AUTO_FAILURE = 96
"""96-00 always fails, whatever the chance (00 is 100)."""

ATTRIBUTES = ("STR", "AGL", "STA", "INT", "PER", "ATT", "HEC", "LDR")
ATTRIBUTE_NAMES = {
    "STR": "Strength",
    "AGL": "Agility",
    "STA": "Stamina",
    "INT": "Intelligence",
    "PER": "Personality",
    "ATT": "Attractiveness",
    "HEC": "Hand-Eye Coordination",
    "LDR": "Leadership",
}

LOCATIONS = ("head", "left arm", "right arm", "torso", "left leg", "right leg")
ARMS = ("left arm", "right arm")
LEGS = ("left leg", "right leg")

WoundState = Literal["healthy", "wounded", "serious", "critical", "dying", "dead"]
WOUND_STATES: tuple[WoundState, ...] = ("healthy", "wounded", "serious", "critical", "dying", "dead")
SKILL_PENALTY = {"healthy": 0, "wounded": -10, "serious": -25, "critical": -75}
"""The overall wound state's modifier to every skill (and attribute) check."""
EF_MULTIPLIER = {"healthy": 1, "wounded": 2, "serious": 3, "critical": 4}
"""Every EF cost is multiplied by this in the wound state."""

Convention = Literal["rounded", "exact"]


def round_half_up(x: float) -> int:
    """Round to the nearest whole number, halves up (2.5 -> 3), as the book's "rounded"."""
    return math.floor(x + 0.5)


# ---------------------------------------------------------------------- the check


def success_chance(
    attribute: int, skill_level: int = 0, difficulty: str = "average", modifiers: int = 0
) -> int:
    """attribute + 5 x skill level + the difficulty + modifiers, not clamped (the 01-05 and
    96-00 rule decides at the edges)."""
    key = difficulty.strip().lower()
    if key not in DIFFICULTY:
        raise ValueError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTY)})")
    return attribute + 5 * skill_level + DIFFICULTY[key] + modifiers


def check(d100: int, chance: int) -> bool:
    """Whether a d100 roll (1-100, 100 being the roll written 00) makes `chance`: 1-5 always
    succeed and 96-100 always fail; otherwise roll <= chance."""
    if not 1 <= d100 <= 100:
        raise ValueError(f"a d100 roll is 1-100 (00 is 100), got {d100}")
    if d100 <= AUTO_SUCCESS:
        return True
    if d100 >= AUTO_FAILURE:
        return False
    return d100 <= chance


def success_count(chance: int) -> int:
    """How many of the 100 faces succeed at `chance` (the exact odds are this / 100)."""
    return sum(check(face, chance) for face in range(1, 101))


def language_chance(level: int) -> int | None:
    """Comprehension of a language: none at level 0, 75% at level 1, +5% a level after."""
    if level < 0:
        raise ValueError(f"a skill level is 0 or more, got {level}")
    return None if level == 0 else 75 + 5 * (level - 1)


def unskilled_to_hit(hec: int, modifiers: int = 0) -> int:
    """An attack without the weapon's skill: half HEC, and never above HEC whatever helps."""
    return min(hec // 2 + modifiers, hec)


def opposed_save(defender_attribute: int, attacker_chance: int, attacker_roll: int) -> int:
    """A save against an active roll (Mind Control, Mind Reading): the defender's attribute
    less the attacker's margin of success."""
    return defender_attribute - (attacker_chance - attacker_roll)


# ---------------------------------------------------------------------- the character


def attribute_score(two_d6: int) -> int:
    """The Attribute Roll Table: 2d6 of 2-12 gives 30-80 (20 + 5 x the roll)."""
    if not 2 <= two_d6 <= 12:
        raise ValueError(f"2d6 is 2-12, got {two_d6}")
    return 20 + 5 * two_d6


def life_points(sta: int, str_: int) -> int:
    """LP = STA/10 + STR/20, ignoring fractions on both counts."""
    return sta // 10 + str_ // 20


def exertion_factors(sta: int, str_: int) -> int:
    """EF = STA + STR/4 (fractions dropped, like LP and PW)."""
    return sta + str_ // 4


def power_points(int_: int, per: int) -> int:
    """PW = INT/10 + PER/20, ignoring fractions."""
    return int_ // 10 + per // 20


def points_option_one(attributes: Sequence[int], base: int = 800, divisor: int = 10) -> int:
    """Creation points, the suggested method: (800 - the sum of the eight attributes) / 10."""
    return round_half_up((base - sum(attributes)) / divisor)


def points_option_two(int_: int, str_: int, sta: int) -> dict[str, int]:
    """Creation points by kind: skills INT/2, powers STR/4, mutations STA/4 (rounded half up)."""
    return {
        "skills": round_half_up(int_ / 2),
        "powers": round_half_up(str_ / 4),
        "mutations": round_half_up(sta / 4),
    }


def skill_cost(base_cost: int, from_level: int, to_level: int) -> int:
    """Points to raise a skill: each level L costs L x the base cost and none can be skipped,
    so from 1 to 3 costs 2B + 3B (and 0 to L costs B L (L + 1) / 2)."""
    if base_cost < 1:
        raise ValueError(f"a skill's base cost is at least 1, got {base_cost}")
    if not 0 <= from_level <= to_level:
        raise ValueError(f"raise a skill from a level to a higher one, got {from_level} to {to_level}")
    return base_cost * sum(range(from_level + 1, to_level + 1))


# ---------------------------------------------------------------------- hit location and damage


def hit_location(d20: int) -> str:
    """The body hit location table: 1 head, 2-3 left arm, 4-5 right arm, 6-12 torso,
    13-16 left leg, 17-20 right leg."""
    if not 1 <= d20 <= 20:
        raise ValueError(f"a d20 roll is 1-20, got {d20}")
    if d20 == 1:
        return "head"
    if d20 <= 3:
        return "left arm"
    if d20 <= 5:
        return "right arm"
    if d20 <= 12:
        return "torso"
    if d20 <= 16:
        return "left leg"
    return "right leg"


def location_key(text: str) -> str:
    """A location as typed ("left-arm", "LA", "Left Arm") in the table's words, or ValueError."""
    word = " ".join(text.strip().lower().replace("-", " ").replace("_", " ").split())
    short = {
        "h": "head",
        "la": "left arm",
        "ra": "right arm",
        "t": "torso",
        "ll": "left leg",
        "rl": "right leg",
        "body": "torso",
        "chest": "torso",
    }
    word = short.get(word, word)
    if word not in LOCATIONS:
        raise ValueError(f"no hit location {text!r} (locations: {', '.join(LOCATIONS)})")
    return word


def damage_through(raw: int, armour: int, location: str) -> int:
    """Damage that gets past the armour, max(0, raw - armour), doubled on the head (only what
    gets through is doubled: a 5-point helmet hit for 4 takes nothing)."""
    through = max(0, raw - armour)
    return 2 * through if location_key(location) == "head" else through


def integrity_loss(through: int, integrity: int) -> int:
    """Armour points lost to a hit: one per Integrity points that got through, or fraction
    thereof; armour of Integrity 0 does not wear."""
    if integrity <= 0 or through <= 0:
        return 0
    return math.ceil(through / integrity)


def wound_thresholds(life: int, convention: Convention = "rounded") -> tuple[int, int, int]:
    """The damage at which the wounded, serious and critical states begin: a quarter, half
    and three quarters of LP, rounded half up ("rounded") or the first whole number at or
    above the exact fraction ("exact")."""
    if convention == "exact":
        return (math.ceil(life / 4), math.ceil(life / 2), math.ceil(3 * life / 4))
    return (round_half_up(life / 4), round_half_up(life / 2), round_half_up(3 * life / 4))


def death_threshold(life: int, sta: int) -> int:
    """Total damage that kills: LP + STA/10 (the book's literal "STA/10" is below LP for
    nearly everyone, so the console counts it past LP, where the book's own example survives)."""
    return life + sta // 10


def wound_state(damage: int, life_points: int, sta: int, convention: Convention = "rounded") -> WoundState:
    """The overall wound state from total damage (every location plus bleeding)."""
    if damage >= death_threshold(life_points, sta):
        return "dead"
    if damage >= life_points:
        return "dying"
    q1, q2, q3 = wound_thresholds(life_points, convention)
    if damage >= q3:
        return "critical"
    if damage >= q2:
        return "serious"
    if damage >= q1:
        return "wounded"
    return "healthy"


def location_band(damage: int, life: int, convention: Convention = "rounded") -> int:
    """0 for an unhurt location, else 1-4: the quarter of LP the location's damage has reached
    (1 under a quarter, 4 at three quarters or more)."""
    if damage <= 0:
        return 0
    q1, q2, q3 = wound_thresholds(life, convention)
    return 4 if damage >= q3 else 3 if damage >= q2 else 2 if damage >= q1 else 1


LIMB_SKILL_PENALTY = {1: -10, 2: -15, 3: -25}
"""Skills using a wounded arm (or every skill, for the head) by the location's band."""


def location_effects(location: str, damage: int, life: int, convention: Convention = "rounded") -> list[str]:
    """What a wound in one location does, in words for the sheet: arm penalties, movement
    limits, a dropped item, a lost limb, a head wound that kills."""
    loc = location_key(location)
    band = location_band(damage, life, convention)
    if band == 0:
        return []
    pace = "no faster than a Walk" if band >= 3 else "no faster than a Trot"
    if loc in ARMS:
        if band == 4:
            return [f"{loc} lost"]
        out = [f"{LIMB_SKILL_PENALTY[band]}% to skills with the {loc}"]
        return ([f"drops what the {loc} holds", *out]) if band == 3 else out
    if loc in LEGS:
        return [f"{loc} lost"] if band == 4 else [pace]
    if loc == "head":
        return (
            ["killed by the head wound"]
            if band == 4
            else [f"{LIMB_SKILL_PENALTY[band]}% to all skills", pace]
        )
    return [pace] if band < 4 else ["no faster than a Walk"]


# ---------------------------------------------------------------------- staying alive


def unconsciousness_chance(sta: int, state: str) -> int | None:
    """The STA test to stay conscious on entering a state: unmodified when serious, -50 when
    critical; None where no test is made (dying is unconscious outright)."""
    return {"serious": sta, "critical": sta - 50}.get(state)


def stabilise_chance(int_: int, first_aid: int, damage: int, life: int) -> int:
    """First Aid: INT + 5 x level - 10 per point of damage past LP; without it, INT/2 - 20 per
    point past LP."""
    over = max(0, damage - life)
    if first_aid > 0:
        return int_ + 5 * first_aid - 10 * over
    return int_ // 2 - 20 * over


def wake_chance(sta: int, hours_unconscious: int) -> int:
    """The hourly roll to wake, once stabilised: STA - 10 x (12 - hours); past 12 hours it
    becomes a bonus, as the book has it."""
    return sta - 10 * (12 - hours_unconscious)


def bleeding_per_minute(damage: int, life: int) -> int:
    """A dying character bleeds (damage - LP) a minute, at least 1."""
    return max(1, damage - life)


def falling_damage(height_m: float, acrobatics: int = 0) -> int:
    """1 point per 2 m fallen past the first 3 m, rounded up; Acrobatics takes a metre a level
    off the fall."""
    height = height_m - acrobatics
    return math.ceil((height - 3) / 2) if height > 3 else 0


def healing_days(points: int, medical: bool = False) -> int:
    """Days for one location to heal `points`: 2, then 4, 6... more each (k(k+1) in all);
    with proper medical care and rest 1, 2, 3... (k(k+1)/2)."""
    if points < 0:
        raise ValueError(f"points to heal are 0 or more, got {points}")
    total = points * (points + 1)
    return total // 2 if medical else total


def healed_by(day: int, medical: bool = False) -> int:
    """Points one location has healed `day` days after its last wound."""
    k = 0
    while healing_days(k + 1, medical) <= day:
        k += 1
    return k


# ---------------------------------------------------------------------- melee and ranged


def defence_trade(own_chance: int, penalty: int, unarmed_vs_armed: bool = False) -> tuple[int, int]:
    """Giving up to-hit to defend: each 1% off the opponent costs 2% of one's own chance (3%
    for an unarmed defender against a weapon). Returns (own chance left, opponent modifier)."""
    ratio = 3 if unarmed_vs_armed else 2
    return own_chance - ratio * penalty, -penalty


def called_shot_chance(deduction: int) -> int:
    """Each 5% taken off the to-hit gives a 2% chance of hitting the part called."""
    return 2 * (deduction // 5)


RANGE_BANDS = (("short", 1, 0), ("medium", 2, -25), ("long", 4, -60), ("extreme", 8, -140))


def range_band(distance: float, weapon_range: float) -> tuple[str, int] | None:
    """The band and its modifier for a shot at `distance` with a weapon of range R (the top of
    Short); None beyond Extreme (8R), where no shot is possible."""
    for band, factor, mod in RANGE_BANDS:
        if distance <= weapon_range * factor:
            return band, mod
    return None


def size_modifier(size_steps: int) -> int:
    """To-hit for the target's size in doublings (+) or halvings (-) of man-size: the series
    10, 30, 60, 100, 150... each step 10 more than the last."""
    n = abs(size_steps)
    mod = 5 * n * (n + 1)
    return mod if size_steps >= 0 else -mod


def speed_modifier(speed: float) -> int:
    """-1 per m/turn the target moves above 5."""
    return -max(0, math.ceil(speed - 5))


def aim_bonus(turns: int, fast_target: bool = False) -> int:
    """+15% a full turn aiming (+10% at a target moving over 5 m/turn), at most 3 turns."""
    return min(max(turns, 0), 3) * (10 if fast_target else 15)


def shot_modifier(shot: int, rof: int = 1, aim: int = 0) -> int:
    """One shot's modifier: -20 when firing more than one shot a turn, +5 for each earlier
    shot at the same target in an unbroken run (across turns), and the aim on the first only."""
    return (-20 if rof > 1 else 0) + 5 * (shot - 1) + (aim if shot == 1 else 0)


def suppressive_fire(rounds: int, width_m: float, roll: int, aware: bool = False) -> tuple[int, int]:
    """Cover fire over an area: the chance (30% per round per metre, 20% if the targets know)
    and the hits a mover takes for this roll (one per full 30 or 20 points made, at most the
    rounds per metre, at least 1)."""
    unit = 20 if aware else 30
    chance = math.floor(unit * rounds / width_m)
    if not check(roll, chance):
        return chance, 0
    most = max(1, math.floor(rounds / width_m))
    return chance, min(most, max(0, chance - roll) // unit + 1, rounds)


def block_damage(weapon_damage: int) -> int:
    """What an unarmed block costs the blocker when the blow would have hit: a fifth of the
    weapon's damage, rounded up."""
    return math.ceil(weapon_damage / 5)


def knockback_save(str_: int, damage: int, size_steps: int = 0) -> int:
    """The STR roll against being thrown back: STR - 5 per point of damage, +-10 per size step."""
    return str_ - 5 * damage + 10 * size_steps
