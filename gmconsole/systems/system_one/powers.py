"""Powers at the console: what a power costs to buy (`calc attack`, `calc poison`, `calc
invisible`, `calc resist`, `calc targets`), its PW and EF, and the rolls a few powers make in
play (`calc negate`, `calc resisted`). The power list itself, the global options and the
random power tables are reference tables (`data/powers.toml`).

Rounding (the book's examples show 2.4 -> 2, 1.5 -> 2, 1.7 -> 2): PW and EF rates are rounded
half up, at least 1 where the power has an allocation or a cost at all.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from gmconsole.engine.errors import RulesError
from gmconsole.systems.system_one.rules import round_half_up

if TYPE_CHECKING:
    from gmconsole.systems.system_one.calculators import Args
    from gmconsole.systems.system_one.sheet import SystemOneSheet

RESISTANCE = {25: (5, 3), 50: (10, 6), 75: (20, 12), 95: (50, 30)}
"""Resistance level -> (cost of the first type, of each further type)."""


DICE = re.compile(r"(\d{1,3})d(\d{1,4})([+-]\d{1,4})?|(\d{1,5})")


def average(expr: str) -> Fraction:
    """The average of a damage expression ("1d4" 5/2, "2d6+1" 8, "2" 2)."""
    m = DICE.fullmatch(expr.strip().lower())
    if m is None:
        raise RulesError(f"damage must be dice like 1d4, 2d6+1 or a number, got {expr!r}")
    if m.group(4):
        return Fraction(int(m.group(4)))
    n, sides, bonus = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if not (1 <= n <= 100 and sides >= 1):
        raise RulesError(f"damage {expr!r}: 1 to 100 dice of at least 1 side")
    return n * Fraction(sides + 1, 2) + bonus


RESISTANCE_NAME = re.compile(r"resistance\s+(\d{1,2})\s*%?\s*(?:\((.*)\))?")


def resistance(sheet: SystemOneSheet, hit: str) -> int:
    """The percentage a Resistance power on the sheet takes off a hit of type `hit`: a power
    named "Resistance 50%" resists everything, "Resistance 50% (energy, piercing)" those
    types ("physical" for blunt and piercing); the best one counts."""
    best = 0
    for power in sheet.powers:
        m = RESISTANCE_NAME.fullmatch(" ".join(power.name.lower().split()))
        if m is None:
            continue
        kinds = {k.strip() for k in (m.group(2) or "").split(",") if k.strip()}
        if "physical" in kinds:
            kinds |= {"blunt", "piercing"}
        if not kinds or hit in kinds:
            best = max(best, min(95, int(m.group(1))))
    return best


def rate(points: int, per: int) -> int:
    """PW or EF at 1 per `per` points, rounded half up, at least 1 for a power that costs."""
    return max(1, round_half_up(points / per)) if points else 0


def attack_cost(avg: Fraction, extras: int = 0) -> int:
    """2 points per average damage point (rounded up), +1 per average point for each
    option taken (piercing, switchable type, passive, no PW, no EF)."""
    per_avg = math.ceil(avg)
    return (2 + extras) * per_avg


def _attack(a: Args) -> str:
    a.need(1)
    avg = average(a.nums[0])
    if avg <= 0:
        raise RulesError("an Attack averages at least 1 point")
    options = [f for f in ("piercing", "switchable", "passive", "nopw", "noef") if f in a.flags]
    metres = a.whole(1, "range (m)", (0, 10_000), 0)
    cost = attack_cost(avg, len(options)) + (math.ceil(metres / 5) if metres else 0)
    pw = 0 if "nopw" in options else rate(cost, 10)
    ef = 0 if "noef" in options else rate(cost, 5)
    extra = f" + {', '.join(options)}" if options else ""
    reach = f", {metres} m at 1 per 5 m" if metres else ""
    return f"Attack {a.nums[0]} (average {float(avg):g}){extra}{reach}: {cost} points, PW {pw}, EF {ef} a use"


def _poison(a: Args) -> str:
    a.need(3)
    avg = average(a.nums[0])
    interval, length = a.whole(1, "interval (turns)", (1, 10_000)), a.whole(2, "length (ticks)", (1, 1000))
    cost = max(1, attack_cost(avg) * length - 5 * interval)
    return (
        f"Poison P{a.nums[0]}/{interval}/{length}: {cost} points, EF {rate(cost, 20)}; "
        f"up to {length} ticks, a STA save before each ends it"
    )


def _invisible(a: Args) -> str:
    second = "second" in a.flags
    if "total" in a.flags:
        sense = "a further sense" if second else "the first sense"
        return f"total invisibility ({sense}): {15 if second else 35} points"
    levels = a.whole(0, "levels of -10%", (1, 100))
    cost = levels * (1 if second else 3)
    sense = "a further sense" if second else "the first sense"
    return f"chameleon {levels} level(s) ({sense}): {cost} points, sighting {-10 * levels:+d}%"


def _resist(a: Args) -> str:
    level = a.whole(0, "resistance %", (25, 95))
    if level not in RESISTANCE:
        raise RulesError(f"resistance is 25, 50, 75 or 95 (GM only), got {level}")
    first, more = RESISTANCE[level]
    types = a.whole(1, "attack types", (1, 20), 1)
    return f"Resistance {level}%: {first + more * (types - 1)} points for {types} type(s)"


def _resisted(a: Args) -> str:
    level = a.whole(0, "resistance %", (0, 95))
    damage, ef = a.whole(1, "damage", (0, 10_000)), a.whole(2, "EF left", (0, 100_000))
    prevented = min(damage * level // 100, ef)  # after armour, before the head doubles; fractions dropped
    return f"{level}% of {damage}: {prevented} prevented for {prevented} EF, {damage - prevented} taken"


def _reflect(a: Args) -> str:
    bought = a.whole(0, "reflection %", (0, 90))
    extra = a.whole(1, "reflections already this turn", (0, 100), 0)
    chance = max(0, bought - 5 * extra)
    if "directed" in a.flags:
        return f"Reflection: {chance}% to reflect; directed: control at {chance // 2}%, then a to-hit roll"
    return f"Reflection: {chance}% to reflect, in a random direction (15% to hit something in the way)"


DRAIN_FACTOR = {"ef": Fraction(1, 2), "attribute": Fraction(1, 2), "lp": Fraction(2), "power": Fraction(1)}


def _drain(a: Args) -> str:
    a.need(1)
    avg = average(a.nums[0])
    what = next((f for f in a.flags if f in DRAIN_FACTOR), "")
    if not what:
        raise RulesError(f"drain what: {', '.join(DRAIN_FACTOR)} (usage: calc drain {a.usage})")
    cost = max(1, math.ceil(math.ceil(avg) * DRAIN_FACTOR[what]))
    save = {
        "ef": "STA",
        "lp": "STA",
        "attribute": "the drained attribute",
        "power": "STA (INT for mental powers)",
    }
    costs = f"{cost} points, PW {rate(cost, 10)}, EF {rate(cost, 5)}"
    return f"Drain {a.nums[0]} of {what}: {costs}; save {save[what]}"


def _shake(a: Args) -> str:
    """Shaking off Mind Control: each turn at the save's chance, +2% a turn, +25% when the
    order goes against the target's nature."""
    save, turns = a.whole(0, "save chance", (-1000, 1000)), a.whole(1, "turns controlled", (0, 10_000))
    chance = save + 2 * turns + (25 if "against" in a.flags else 0)
    return f"shake off Mind Control after {turns} turn(s): {chance}%"


def _absorb(a: Args) -> str:
    sta, damage = a.whole(0, "STA", (0, 300)), a.whole(1, "damage", (0, 10_000))
    return (
        f"Absorption: STA roll at {sta - 5 * damage}%; made, no damage and the stat rises by {damage} "
        "(excess over normal fades 1 a minute)"
    )


def _targets(a: Args) -> str:
    points = a.whole(0, "extra points", (0, 100))
    return f"Mind Control, {points} extra points: {2 ** (points // 5)} targets (5 points a doubling)"


def _negate(a: Args) -> str:
    int_, points = a.whole(0, "INT", (0, 300)), a.whole(1, "power's points", (0, 10_000))
    if "reactive" in a.flags:
        return f"reactive Negation: {int_ // 2 - points}% (INT/2 - {points}); EF {rate(points, 5)}"
    return f"intentional Negation: {int_ - points}%; PW 2, EF {rate(points, 10)}"


CALCULATORS: dict[str, tuple[str, str, Callable[[Args], str]]] = {
    "attack": (
        "DICE [RANGE_M] [piercing] [switchable] [passive] [nopw] [noef]",
        "calc attack 1d4 40 nopw -> 17",
        _attack,
    ),
    "poison": ("DICE INTERVAL LENGTH", "calc poison 1d4 1 5 -> 25 points", _poison),
    "invisible": ("LEVELS | total [second]", "calc invisible 10 -> 30 points, -100%", _invisible),
    "resist": ("25|50|75|95 [TYPES]", "calc resist 50 2 -> 16 points", _resist),
    "resisted": ("PERCENT DAMAGE EF_LEFT", "calc resisted 50 4 10 -> 2 taken for 2 EF", _resisted),
    "reflect": ("PERCENT [EXTRA_THIS_TURN] [directed]", "calc reflect 60 2 -> 50%", _reflect),
    "drain": ("DICE ef|attribute|lp|power", "calc drain 1d6 lp -> 8 points", _drain),
    "shake": ("SAVE_CHANCE TURNS [against]", "calc shake 23 3 -> 29%", _shake),
    "absorb": ("STA DAMAGE", "calc absorb 60 4 -> 40%", _absorb),
    "targets": ("EXTRA_POINTS", "calc targets 10 -> 4 targets", _targets),
    "negate": ("INT POINTS [reactive]", "calc negate 50 15 -> 35%, EF 2", _negate),
}
