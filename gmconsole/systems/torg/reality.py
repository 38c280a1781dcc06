"""Reality: contradictions and disconnection, repairing the link, reality bubbles, hardpoints,
transformation, reality storms and invocations (L4448-L5054, L6116-L6124).

Contradiction cases compare a tool's axiom with the character's and the land's (same axiom
category): zero case (within both) no check; four case (above both) disconnects on a first die
of 1-4; one case (above one of them) on a 1. The check is the *first die* of the first roll using
the tool in a scene, whatever the roll-again does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load
from gmconsole.systems.torg.values import measure_to_value

BUBBLE_COST = 1
BUBBLE_ROUNDS = 90
"""A reality bubble lasts 15 minutes: 90 rounds of 10 seconds."""


def contradiction_case(tool_axiom: int, character_axiom: int, land_axiom: int) -> int:
    """0, 1 or 4: the highest first die that disconnects the character."""
    above_char, above_land = tool_axiom > character_axiom, tool_axiom > land_axiom
    if above_char and above_land:
        return 4
    return 1 if above_char or above_land else 0


def disconnects(case: int, first_die: int) -> bool:
    if not 1 <= first_die <= 20:
        raise TorgError(f"a d20 cannot show {first_die}")
    return first_die <= case


def link_repair_modifier(character_axiom: int, tool_axiom: int, land_axiom: int) -> int:
    """Bonus modifier for repairing the link: character axiom - tool axiom; a negative one is
    ignored unless the tool also exceeded the land's axiom (one-case failures never get a
    penalty, four-case ones always do) (L4819-L4846)."""
    mod = character_axiom - tool_axiom
    return mod if mod >= 0 or tool_axiom > land_axiom else 0


def hardpoint_radius(weight_value: int, spirit_value: int, *, pure: bool = False) -> int:
    """Radius value of a hardpoint's dominant zone: weight value // 2 + spirit value; the pure
    zone inside it: half that, rounded down (L4721-L4745)."""
    radius = weight_value // 2 + spirit_value
    return radius // 2 if pure else radius


def invocation_difficulty(spiritual_axiom: int) -> int:
    """Community rating and focus DN of an invocation: 20 + (33 - the area's Spiritual axiom)."""
    if not 0 <= spiritual_axiom <= 33:
        raise TorgError("a Spiritual axiom runs 0-33")
    return 20 + (33 - spiritual_axiom)


# ---------------------------------------------------------------------- transformation


@dataclass(frozen=True)
class TransformationRow:
    label: str
    seconds: int
    pure_chance: str
    pure_roll: int
    dominant_chance: str
    dominant_roll: int


@cache
def transformation_rows() -> tuple[TransformationRow, ...]:
    return tuple(TransformationRow(*r) for r in load("transformation")["rows"])


def transformation_row(seconds: float) -> TransformationRow:
    """The row closest to a time on the value scale (2.5 months -> 3 months)."""
    if seconds <= 0:
        raise TorgError("the time must be above 0")
    v = measure_to_value(seconds)
    return min(transformation_rows(), key=lambda r: abs(measure_to_value(r.seconds) - v))


def transformed(final_die_roll: int, seconds: float, *, pure: bool) -> bool:
    """An Ord's transformation roll (d20 with roll-again on 10s and 20s) after a time in an
    alien area: transformed when it reaches the Roll # (0 = automatic)."""
    row = transformation_row(seconds)
    need = row.pure_roll if pure else row.dominant_roll
    return need == 0 or final_die_roll >= need


# ---------------------------------------------------------------------- storms


@dataclass(frozen=True)
class StormResult:
    loss: int
    """Possibilities the opponent loses (then reality adds once at 0)."""
    multiplier: int | None = None
    maelstrom: bool = False
    transform: bool = False


def storm_result(result_points: int) -> StormResult | None:
    """Storm column of the General Results table; None on a failure. 15+ reads Transform (5)
    (ruling §9.1 #3); row 7 is '-4 Storm x2' (ruling §9.1 #4)."""
    if result_points < 0:
        return None
    cells = load("general_results")["storm"]
    cell = str(cells[min(result_points, len(cells) - 1)])
    if cell.startswith("Transform"):
        return StormResult(5, transform=True)
    parts = cell.split()
    mult = next((int(p[1:]) for p in parts if p.startswith("x")), None)
    return StormResult(-int(parts[0]), mult, "Maelstrom" in parts)


def storm_total_bonus(home_cosm: str, opponent_cosm: str, storm_cosm: str) -> int:
    """+3 to a storm total when the storm is in one's home cosm and not the opponent's."""
    return 3 if home_cosm == storm_cosm != opponent_cosm else 0


def reclaim_succeeds(
    final_die_rolls: list[int], seconds_since_first_seed: float, *, pure: bool = False
) -> bool:
    """Reclaiming the people at a pulled stelae: any story-seed roll reaching the Dominant
    Roll # (Pure with three glory deeds) of the closest row succeeds (L4962-L4970)."""
    row = transformation_row(seconds_since_first_seed)
    need = row.pure_roll if pure else row.dominant_roll
    return any(r >= need for r in final_die_rolls)
