"""Movement: limits, pushes, timed runs and climbs, falling damage, chase bands.

A limit is the largest value an attribute or skill turns straight into a measure; movement
skill adds count only up to it (L2054-L2062). A push is an action at DN 8 with a bonus floor of
1; its result points read the Speed or Power column: a value modifier added to the (lower of
acting value and) limit, and fatigue shock taken at the end of the round. A player may take fewer
result points to avoid the fatigue (L2068).

Rulings: §9.1 #3 pushes past 14 result points read row 14 (the GM may override); §9.2 #13
lifting stays capped at its limit (9, 60 kg); §9.3 a negative chase bonus gives no speed change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load, lookup
from gmconsole.systems.torg.values import value_to_measure

PUSH_DN = 8
_PUSH_CELL = re.compile(r"^([+-]?\d+)(?:\((\d+)\))?$")


@cache
def _limits() -> dict:
    return load("limits").body


def human_limit(activity: str) -> int:
    """Core Earth character limit value (running 10, swimming 6, long jumping 3, climbing 2,
    lifting 9)."""
    return int(lookup(_limits()["human"], activity, "activity", "limits")[1])


def creature_limit(activity: str, average: int, *, primary: bool = False) -> int:
    """Another creature's limit from its racial average attribute (+2 for a primary mode)."""
    offset = int(lookup(_limits()["creature_offset"], activity, "activity", "limits"))
    bonus = int(_limits()["creature"]["primary_mode_bonus"]) if primary else 0
    return average + offset + bonus


def base_movement(attribute: int, adds: int, limit: int) -> float:
    """Metres per round (or metres, kilograms) without a push: measure(min(attr + adds, limit))."""
    return value_to_measure(min(attribute + adds, limit))


def macro_limit(activity: str, limit: int, distance_m: float) -> int:
    """A long run or climb lowers the limit: running -3 after 400 m, -4 after 5,000 m (swimming
    alike); climbing -1 above 50 m, -2 above 200 m."""
    m = _limits()["macro"]
    if activity in ("running", "swimming"):
        if distance_m > 5000:
            return limit + int(m["running_after_5000m"])
        return limit + (int(m["running_after_400m"]) if distance_m > 400 else 0)
    if activity == "climbing":
        if distance_m > 200:
            return limit + int(m["climbing_over_200m"])
        return limit + (int(m["climbing_over_50m"]) if distance_m > 50 else 0)
    raise TorgError(f"no macro limit for '{activity}' (running, swimming, climbing)")


@cache
def _push_column(column: str) -> tuple[tuple[int, int], ...]:
    cells = lookup(load("general_results").body, column, "push column", "general_results")
    out = []
    for cell in cells:
        m = _PUSH_CELL.match(cell.replace(" ", ""))
        if not m:
            raise TorgError(f"general_results.toml: cannot read push cell '{cell}'")
        out.append((int(m[1]), int(m[2] or 0)))
    return tuple(out)


def push_result(column: str, result_points: int) -> tuple[int, int]:
    """(value modifier, fatigue shock) on the Speed or Power column; 15+ reads row 14."""
    if column not in ("speed", "power"):
        raise TorgError(f"a push reads the 'speed' or 'power' column, not '{column}'")
    if result_points < 0:
        raise TorgError("a failed push gives no modifier")
    rows = _push_column(column)
    return rows[min(result_points, len(rows) - 1)]


@dataclass(frozen=True)
class Push:
    total: int
    result_points: int | None
    value: int
    """The pushed value: limit (or the lower acting value) + modifier; unpushed on failure."""
    shock: int
    """Fatigue shock at the end of the round."""


def push(acting_value: int, limit: int, roll_bonus: int, column: str, *, take_rp: int | None = None) -> Push:
    """Push speed or power: acting value + bonus (floored at 1) vs DN 8."""
    total = acting_value + max(roll_bonus, 1)
    rp = total - PUSH_DN
    base = min(acting_value, limit)
    if rp < 0:
        return Push(total, None, base, 0)
    if take_rp is not None:
        if take_rp < 0:
            raise TorgError("take at least 0 result points")
        rp = min(rp, take_rp)
    mod, shock = push_result(column, rp)
    return Push(total, rp, base + mod, shock)


def time_value(distance_value: int, speed_value: int, *, failed_and_caught: bool = False) -> int:
    """Time value of a run or climb: distance (height) value - speed value + 5 (+1 after a
    failed macro climb that was caught) (L2502, L2584, L2594)."""
    penalty = int(_limits()["macro"]["failed_climb_time_penalty"]) if failed_and_caught else 0
    return distance_value - speed_value + 5 + penalty


def falling_damage_value(weight_value: int, distance_value: int) -> int:
    """Weight value + distance fallen value, the distance part capped at 14 (terminal velocity)."""
    return weight_value + min(distance_value, int(_limits()["macro"]["falling_distance_cap"]))


def band_width(speed_value: int) -> float:
    """With equal speed values the winner of the chase roll gains the width of that value's band
    (value 9: 40 to 60 m, about 20 m)."""
    return value_to_measure(speed_value) - value_to_measure(speed_value - 1)


def chase_speed_modifier(roll_bonus: int) -> tuple[int, int]:
    """In a chase the bonus is used directly as push result points on the Speed column;
    ruling §9.3: a negative bonus gives no modifier."""
    return (0, 0) if roll_bonus < 0 else push_result("speed", roll_bonus)
