"""Vehicles at the console: a vehicle's Size Factor space and mass (`calc vehicle`), ramming
and what the impact does (`calc ram`, `calc impact`), flipping (`calc flip`), the relative
speed for fire between vehicles (`calc relspeed`) and fuel hits (`calc fuel`). The build and
Size Factor tables are reference tables (`data/vehicles.toml`).

A vehicle in a fight is a roster entry with a System One sheet (STR, AGL, STA standing for
DUR) and its armour by side; these give the numbers the tables leave to the GM.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.components import Component, table_text

if TYPE_CHECKING:
    from gmconsole.systems.system_one.calculators import Args

SPEED = (0, 100_000)
FLIP_SIDE = {"top": -10, "short": -5, "under": 10, "side": 0}
SIDE_FLIP = {
    "top": "top",
    "front": "short",
    "rear": "short",
    "bottom": "under",
    "port": "side",
    "starboard": "side",
}
"""Which flip modifier a hit on each side of a vehicle takes (front and rear are a car's short sides)."""
FLIP_AFTER = (
    "if it flips: occupants 1d3 (1d3-1 strapped in), it rolls 1d4 sides (d4: 1 rear over front, "
    "2 front over rear, 3 left over right, 4 right over left), 1d6 to each side it lands on"
)


def flip_chance(damage: int, mass: int, where: str) -> int | None:
    """The optional flip: 5% a point of the attack's damage over the Mass score, with the
    side's modifier; None when the damage does not pass the Mass."""
    return None if damage <= mass else 5 * (damage - mass) + FLIP_SIDE[where]


def flip_note(size_level: int, side: str, damage: int) -> str:
    """The flip chance of a hit on a vehicle's side, as a note ("" when none): the Mass score
    is its kg / 100 (500 kg doubling a size level: 5, 10, 20...)."""
    mass = 5 * 2 ** max(0, size_level)
    chance = flip_chance(damage, mass, SIDE_FLIP.get(side, "side"))
    return "" if chance is None or chance <= 0 else f"flip chance {chance}% ({FLIP_AFTER})"


def _vehicle(a: Args) -> str:
    levels = a.whole(0, "size levels", (0, 20), 0)
    space = 15 * (1 + levels)
    return (
        f"size level {levels}: {space} SF of space, mass {500 * 2**levels} kg, "
        f"DUR {4 * levels:+d}, STR {2 * levels:+d}, AGL {-4 * levels:+d}"
    )


def _ram(a: Args) -> str:
    speed = a.whole(0, "speed", SPEED)
    base = speed // 10
    blade = a.whole(1, "blade roll", (0, 10_000), 0)
    total = base + min(blade, base)
    dodge = a.whole(2, "target AGL", (0, 300), -1)
    text = f"ramming at {speed} m/turn: {base}" + (f" + blade {min(blade, base)} = {total}" if blade else "")
    if dodge >= 0:
        text += f"; the target dodges at {dodge - speed}%"
    return text + " (a vehicle of 10x the mass pushes it aside unharmed)"


def impact(
    dur: int, speed: int, inflicted: int, sp: int, armour: int, roll: Callable[[], int | None]
) -> tuple[str, int, int]:
    """The rammer's side of a ram, as (what happens, the speed left, what each part on its
    impact side takes): a target left standing stops it dead and hurts every impact-side
    part by the full damage; one destroyed (the damage counting up to its SP and armour) calls
    for a DUR roll less 5 a point, and failed, an unmodified one: made (and the speed covers
    it) only slows it; failed, slowed and each part takes the damage plus what the speed
    could not absorb. `roll` gives the next d100, or None where the GM has not rolled yet."""
    if max(0, inflicted - armour) < sp:
        left = sp - max(0, inflicted - armour)
        return (
            f"not destroyed (SP {left} left): a full stop; every impact-side component takes {inflicted}",
            0,
            inflicted,
        )
    effective = min(inflicted, sp + armour)
    first = dur - 5 * effective
    text = f"destroyed ({effective} counts): DUR roll at {first}%"
    one = roll()
    if one is None:
        return (
            text + f"; failed: an unmodified DUR roll ({dur}%) decides between slowed and damaged",
            speed,
            0,
        )
    if rules.check(one, first):
        return text + f"; rolled {one}: unharmed, speed {speed}", speed, 0
    two = roll()
    if two is None:
        return text + f"; rolled {one}: failed, roll DUR {dur}% again", speed, 0
    if rules.check(two, dur) and effective <= speed:
        return (
            text + f"; rolled {one} then {two}: slowed by {effective} to {speed - effective}",
            speed - effective,
            0,
        )
    left, takes = max(0, speed - effective), effective + max(0, effective - speed)
    outcome = f"slowed to {left} and every impact-side component takes {takes}"
    return f"{text}; rolled {one} then {two}: {outcome}", left, takes


def _impact(a: Args) -> str:
    """The rammer's side of a ram (`impact`), with the DUR rolls the GM typed."""
    dur, speed = a.whole(0, "DUR", (0, 300)), a.whole(1, "speed", SPEED)
    inflicted, sp = a.whole(2, "damage", (0, 10_000)), a.whole(3, "target SP", (0, 10_000))
    armour = a.whole(4, "target armour", (0, 10_000), 0)
    rolls = iter([a.whole(i, "roll", (1, 100)) for i in range(5, min(len(a.nums), 7))])
    return impact(dur, speed, inflicted, sp, armour, lambda: next(rolls, None))[0]


def _flip(a: Args) -> str:
    damage, mass = a.whole(0, "damage", (0, 10_000_000)), a.whole(1, "mass", (1, 10_000_000))
    where = next((f for f in a.flags if f in FLIP_SIDE), "side")
    chance = flip_chance(damage, mass, where)
    if chance is None:
        return f"{damage} damage against mass {mass}: no flip"
    return f"flip chance {chance}% (hit on the {where}); {FLIP_AFTER}"


def _relspeed(a: Args) -> str:
    geometry = next(iter(a.flags), "")
    mine, theirs = a.whole(0, "firer's speed", SPEED), a.whole(1, "target's speed", SPEED, 0)
    speeds = {
        "same": abs(mine - theirs),
        "opposite": mine + theirs,
        "toward": mine,
        "ahead": abs(mine - theirs) // 2,
        "across": theirs,
        "still": mine,
    }
    if geometry not in speeds:
        raise RulesError(f"geometry is one of {', '.join(speeds)} (usage: calc relspeed {a.usage})")
    used = speeds[geometry]
    return f"{geometry}: speed {used} m/turn for the to-hit, {rules.speed_modifier(used):+d}"


def _hits(a: Args) -> str:
    """One side's d100 hit table: each part a share of 100 in proportion to its Size
    Factors on that side, as a vehicle sheet's parts make it (`components.table_text`)."""
    parts: list[tuple[str, int]] = []
    for word in a.words:
        name, sep, sf = word.partition("=")
        if not sep or not name:
            raise RulesError(f"give each part as NAME=SF, got {word!r}")
        parts.append((name, whole(sf, f"{name}'s SF", 1, 1000)))
    if not parts or len(parts) > 12:
        raise RulesError(f"usage: calc hits {a.usage}")
    return "hit table: " + table_text([Component(name=n, sides={"front": sf}) for n, sf in parts], "front")


def _fuel(a: Args) -> str:
    left, full = a.whole(0, "EF left", (0, 1_000_000)), a.whole(1, "full EF", (1, 1_000_000))
    damage = a.whole(2, "damage", (0, 10_000), 0)
    chance = 100 * min(left, full) // full
    return (
        f"fuel hit: explodes on d100 {chance} or under (volatile fuel); no explosion: -{5 * damage} EF; "
        f"explosion: {left // 10} to every part on that side, armour at half"
    )


CALCULATORS: dict[str, tuple[str, str, Callable[[Args], str]]] = {
    "vehicle": ("SIZE_LEVELS", "calc vehicle 2 -> 45 SF, 2000 kg", _vehicle),
    "ram": ("SPEED [BLADE_ROLL] [TARGET_AGL]", "calc ram 20 4 -> 2 + 2 = 4", _ram),
    "impact": ("DUR SPEED DAMAGE TARGET_SP [ARMOUR] [ROLL] [ROLL]", "calc impact 75 50 5 4 0 90 7", _impact),
    "flip": ("DAMAGE MASS [top|short|under]", "calc flip 30 20 top -> 40%", _flip),
    "relspeed": (
        "FIRER TARGET same|opposite|toward|ahead|across|still",
        "calc relspeed 50 30 same",
        _relspeed,
    ),
    "hits": ("PART=SF PART=SF ...", "calc hits engine=1 steering=1 pilot=1 gunner=1", _hits),
    "fuel": ("EF_LEFT FULL_EF [DAMAGE]", "calc fuel 30 60 4 -> 50%", _fuel),
}
