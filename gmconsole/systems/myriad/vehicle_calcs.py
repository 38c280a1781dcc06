"""`calc` for the vehicle module's numbers: ramming, the chase tally, races, loss of control,
the vehicle leap and the carrier's d100 hit chart (spec §4.11, T-24 to T-27).

Rulings: E1 (a pursuer that beats the escapee wins a point back), E2 (tallies never below 0),
E3 (the escapee wins ties), E4 (tied racers share the lower place), E5 (ramming fractions).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from gmconsole.engine.numbers import whole
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.calc_args import MAX_SIXES, MAX_STAT, need

MAX_CARS = 100
MAX_MPH = 100_000


# ---- vehicles --------------------------------------------------------------------------------

def _ram_base(mph: int) -> int:
    """Base ramming dice for a relative speed: the table's rows, straight lines between them
    (the book judges 90 mph at 10D, half way from 60 mph 8D to 120 mph 12D)."""
    rows = sorted((int(r["relative_speed"].split()[0]), int(r["dice"]))
                  for r in data.rows("vehicles", "ramming_speed"))
    if mph <= rows[0][0]:
        return max(1, round(Fraction(rows[0][1] * mph, rows[0][0]))) if mph else 0
    for (s0, d0), (s1, d1) in itertools.pairwise(rows):
        if mph <= s1:
            exact = d0 + Fraction((d1 - d0) * (mph - s0), s1 - s0)
            return int(exact + Fraction(1, 2))
    return rows[-1][1]


def ram(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.vehicles import ram_master, ramming_dice

    need(args, 2, 3, "ram RELATIVE_MPH MASS [RAM_MASTER_SIXES]")
    mph = whole(args[0], "the relative speed in mph", 0, MAX_MPH)
    sixes = whole(args[2], "Ram Master sixes", 0, MAX_SIXES) if len(args) > 2 else 0
    base = _ram_base(mph)
    to_target, back = ramming_dice(base, args[1])
    back = ram_master(back, sixes)
    return (f"{mph} mph: base {base}D; the target takes {to_target}D, the rammer {back}D back"
            + (f" (Ram Master -{3 * sixes})" if sixes else "")
            + "; rear-end = own - target's speed, head-on = the sum, side = own")


def outrun(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.vehicles import (
        Pursuer,
        can_ram,
        chase_lost,
        chase_ranged_penalty,
        chase_round,
    )

    need(args, 4, 5, "outrun ESCAPEE_VC ESCAPEE_ROLL PURSUER_VC PURSUER_ROLL [TALLY]")
    esc_vc = whole(args[0], "the escapee's velocity class", 1, 8)
    esc_roll = whole(args[1], "the escapee's roll", 1, 99)
    vc = whole(args[2], "the pursuer's velocity class", 1, 8)
    roll = whole(args[3], "the pursuer's roll", 1, 99)
    tally = whole(args[4], "the tally", 0, 99) if len(args) > 4 else 0
    (new,) = chase_round(esc_vc, esc_roll, [(Pursuer(vc=vc, tally=tally), roll)])
    if chase_lost(new):
        return f"tally {tally} -> {new}: the pursuer is lost"
    if can_ram(new):
        return f"tally {tally} -> {new}: right behind, ramming possible"
    return f"tally {tally} -> {new}: ranged attacks between them {chase_ranged_penalty(new):+d}"


def race(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.vehicles import race_points, race_target

    if args and args[0].lower() == "target":
        need(args, 2, 3, "race target CARS [PER_CAR]")
        cars = whole(args[1], "cars", 2, MAX_CARS)
        per = whole(args[2], "points per car", 1, 5) if len(args) > 2 else 5
        return f"{cars} cars race to {race_target(cars, per)} points"
    need(args, 2, MAX_CARS, "race ROLL ROLL... | race target CARS [PER_CAR]")
    rolls = {f"car {i}": whole(r, f"car {i}'s roll", 1, 99) for i, r in enumerate(args, 1)}
    points = race_points(rolls)
    return ("points this round (+ each car's velocity class): "
            + ", ".join(f"{car} {points[car]}" for car in rolls))


def control(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.vehicles import loss_of_control

    need(args, 1, 2, "control RESULT [same|quarter|eighth]")
    result = whole(args[0], "the Manoeuvre/Drive result", 1, 99)
    size = args[1].lower() if len(args) > 1 else "same"
    if loss_of_control(result, size):
        return (f"{result} vs TN 6 ({size} size): loses control: crashes into a sturdy "
                "obstacle (rammed by its own size at its speed), else -1 on vehicle rolls "
                "next round")
    return f"{result} vs TN 6 ({size} size): keeps control"


def leap(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.vehicles import vehicle_leap

    need(args, 1, 2, "leap MANOEUVRE [SIXES]")
    manoeuvre = whole(args[0], "Manoeuvre", 1, MAX_STAT)
    sixes = whole(args[1], "Mighty Leap sixes", 0, MAX_SIXES) if len(args) > 1 else 0
    return f"jumps {vehicle_leap(manoeuvre, sixes)} m (a ramp for machines; no damage)"


def ship(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.vehicles import ship_location

    need(args, 1, 1, "ship D100")
    roll = whole(args[0], "the d100 roll", 1, 100)
    system = ship_location(roll)
    row = data.row("vehicles", "ship_locations", "system", system, what="ship location")
    return f"{roll}: {system} (aimed {row['aim_penalty']:+d}); destroyed: {row['if_destroyed']}"
