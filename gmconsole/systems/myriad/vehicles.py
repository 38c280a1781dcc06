"""Vehicles, chases, races and ramming (optional module, spec §4.11, data/vehicles.toml).

Rulings: E1 (a pursuer that beats the escapee gains a point back: tally -1), E2 (tallies never
below 0), E3 (the escapee wins ties), E4 (tied racers score the lower shared place), E5 (ramming
fractions: lost glyphs read as 1/8; dice rounded to nearest, halves up, at least 1 die), E6 (vehicle
wound boxes are GM-entered, never invented).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.errors import MyriadError

if TYPE_CHECKING:
    from gmconsole.systems.myriad.sheet import MyriadSheet

CHASE_LOST_AT = 3
RACE_POINTS_PER_CAR = 5
LOSS_OF_CONTROL_TN = 6


@dataclass(frozen=True)
class Pursuer:
    vc: int
    tally: int = 0


def chase_round(escapee_vc: int, escapee_roll: int,
                pursuers: Sequence[tuple[Pursuer, int]]) -> list[int]:
    """New tallies after one round: + (escapee VC - pursuer VC), then +1 if the escapee's roll
    equals or beats the pursuer's, else -1; never below 0. ``pursuers`` pairs each with its roll.
    """
    tallies = []
    for pursuer, roll in pursuers:
        tally = pursuer.tally + escapee_vc - pursuer.vc
        tally += 1 if escapee_roll >= roll else -1
        tallies.append(max(0, tally))
    return tallies


def chase_lost(tally: int) -> bool:
    return tally >= CHASE_LOST_AT


def chase_ranged_penalty(tally: int) -> int:
    """Shooting between the cars: -1 per point of tally."""
    return -tally


def can_ram(tally: int) -> bool:
    return tally == 0


def race_target(cars: int, per_car: int = RACE_POINTS_PER_CAR) -> int:
    """Points to win a race: participants x 5 (x2 or x3 for a quick race)."""
    return cars * per_car


def race_points(rolls: Mapping[str, int]) -> dict[str, int]:
    """Points for one round's rolls: the lowest scores 1, the next 2... Ties share the lower
    place (E4)."""
    ordered = sorted(set(rolls.values()))
    place, points = 1, {}
    for value in ordered:
        same = [car for car, r in rolls.items() if r == value]
        for car in same:
            points[car] = place
        place += len(same)
    return points


def ramming_dice(base_dice: int, mass: str) -> tuple[int, int]:
    """Damage dice to the target and return dice to the rammer for a base (speed) rating.

    The target takes base x mass factor; the rammer takes base x RD of the **unmodified** base.
    """
    row = data.row("vehicles", "ramming_mass", "id", mass, what="mass ratio")
    return _round_dice(base_dice * row["mass_factor"]), _round_dice(base_dice *
                                                                     row["return_damage"])


def _round_dice(value: float) -> int:
    if value <= 0:
        return 0
    return max(1, math.floor(value + 0.5))


def ram_master(return_dice: int, sixes: int) -> int:
    """Ram Master: 3 fewer return dice per six, before rolling."""
    return max(0, return_dice - 3 * sixes)


def loss_of_control(result: int, size_ratio: str = "same") -> bool:
    """A rammed vehicle's Manoeuvre/Drive roll against TN 6 (-1 at 1/4 the rammer's size, -2 at
    1/8). True when it loses control."""
    penalty = {"same": 0, "quarter": -1, "eighth": -2}
    if size_ratio not in penalty:
        raise MyriadError(f"loss of control: size ratio {size_ratio!r} (same, quarter, eighth)")
    return result + penalty[size_ratio] < LOSS_OF_CONTROL_TN


def vehicle_leap(manoeuvre: int, sixes: int = 0) -> int:
    """Metres jumped: Manoeuvre, plus Manoeuvre + 2 per six (vehicle Mighty Leap)."""
    return manoeuvre + sixes * (manoeuvre + 2)


def ship_location(roll: int) -> str:
    """The system hit on the d100 chart of a large carrier (ruling C10: Sickbay 96-100)."""
    for row in data.rows("vehicles", "ship_locations"):
        if row["low"] <= roll <= row["high"]:
            return str(row["system"])
    raise MyriadError(f"ship location: {roll} is not a d100 roll (1-100)")


def vehicle_sheet(args: Sequence[str]) -> MyriadSheet:
    """``gen vehicle TYPE WOUNDS CRITICAL``: the T-38 vehicle with the GM's box counts (E6).
    A vehicle's statistics are Speed and Manoeuvre (`Vehicle`); its hull is worn armour."""
    from gmconsole.engine.numbers import whole
    from gmconsole.systems.myriad.resilience import Resilience
    from gmconsole.systems.myriad.sheet import Gear, MyriadSheet, Vehicle

    if len(args) != 3:
        known = ", ".join(r["id"] for r in data.rows("vehicles", "vehicles"))
        raise MyriadError(f"usage: gen vehicle TYPE WOUNDS CRITICAL [as NAME] (types: {known})")
    row = data.row("vehicles", "vehicles", "id", args[0], what="vehicle")
    wounds = whole(args[1], "the vehicle's wound boxes", 1, 60)
    critical = whole(args[2], "the vehicle's critical boxes", 0, 60)
    hull = [Gear(name="Hull", kind="armour", armour=row["armour"])] if row["armour"] else []
    return MyriadSheet(
        name=row["name"], power_level="custom", stats={"power": 1, "grace": 1, "intellect": 1,
                                                       "spirit": 1},
        vehicle=Vehicle(speed=row["speed"], manoeuvre=row["manoeuvre"], vc=row["vc"],
                        hardened=row["hardened"],
                        encloses_passengers=row["encloses_passengers"]),
        gear=hull, notes=row.get("notes", ""),
        resilience={"wounds": Resilience(boxes=wounds, critical=critical,
                                         permanent_effect="destroyed")})
