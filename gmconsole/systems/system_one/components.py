"""A vehicle's components: each part's Size Factor spread over the vehicle's six sides (its
Structure Points are its SF), the vehicular armour it carries on each side, and the damage it
has taken. A hit on a side lands on a part picked by that side's d100 table, each part
holding a share proportional to its SF on that side; a part at SP 0 or less is destroyed
(steering: the vehicle keeps its speed but not its course; engine: it slows at its maximum
to a stop).

A vehicle is a roster entry with a System One sheet that lists `components`: its STR, AGL
and STA (standing for DUR) are the profile's, and `dmg truck 8 front` hits it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import AfterValidator, ConfigDict, Field, model_validator

from gmconsole.engine.errors import RulesError
from gmconsole.engine.model import Model
from gmconsole.engine.names import Name

Side = Literal["front", "rear", "port", "starboard", "top", "bottom"]
SIDES: tuple[Side, ...] = ("front", "rear", "port", "starboard", "top", "bottom")
"""The six hit-location tables of a vehicle (port is its left, starboard its right)."""
WHOLE = "any"
"""A hit on a vehicle with no side named: the part is picked by its SF over the whole vehicle."""
MAX_SF = 1000
MAX_HARM = 10_000


def _known_sides(values: dict[str, int]) -> dict[str, int]:
    for side in values:
        if side not in SIDES:
            raise ValueError(f"no side {side!r} (sides: {', '.join(SIDES)})")
    return values


SideValues = Annotated[dict[str, Annotated[int, Field(ge=0, le=MAX_SF)]], AfterValidator(_known_sides)]


class Component(Model):
    """One part of a vehicle (engine, steering, a gun, a seat): its SF on each side, the
    armour over it on each side (one class, as bought) and the damage it has taken."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(min_length=1)
    sides: SideValues = Field(default={})
    """SF placed on each side; the part's SP is their sum."""
    armour: SideValues = Field(default={})
    """Vehicular armour over the part on each side."""
    armour_class: Literal["physical", "energy", "mental", "sensory"] = "physical"
    damage: int = Field(default=0, ge=0, le=MAX_HARM)

    @model_validator(mode="after")
    def _has_size(self) -> Component:
        if not self.sp:
            raise ValueError(f"part {self.name}: give it SF on at least one side ({', '.join(SIDES)})")
        return self

    @property
    def sp(self) -> int:
        return sum(self.sides.values())

    @property
    def destroyed(self) -> bool:
        return self.damage >= self.sp

    def stops(self, side: str, hit: str) -> int:
        """The armour on `side` against a hit of type `hit` (blunt and piercing meet physical)."""
        kind = "physical" if hit in ("blunt", "piercing") else hit
        return self.armour.get(side, 0) if kind == self.armour_class else 0


def side_table(parts: Sequence[Component], side: str) -> list[tuple[int, str]]:
    """A side's d100 table as (highest face, part): shares proportional to each part's SF on
    that side (over the whole vehicle for `WHOLE`), the last part reaching 100."""
    weights = [(p.name, p.sp if side == WHOLE else p.sides.get(side, 0)) for p in parts]
    weights = [(n, w) for n, w in weights if w > 0]
    total = sum(w for _, w in weights)
    if not total:
        where = "the vehicle" if side == WHOLE else f"the {side} side"
        raise RulesError(f"no parts on {where} (give a part some SF there)")
    table, running = [], 0
    for name, weight in weights:
        running += weight
        table.append((round(100 * running / total), name))
    return table


def table_text(parts: Sequence[Component], side: str) -> str:
    """The side's table as the book prints it: "01-25 Engine, 26-50 Steering, ..."."""
    out, low = [], 1
    for high, name in side_table(parts, side):
        if high >= low:
            out.append(f"{low:02d}-{'00' if high == 100 else f'{high:02d}'} {name}")
        low = high + 1
    return ", ".join(out)


def pick(parts: Sequence[Component], side: str, face: int) -> str:
    """The part a d100 `face` hits on `side`."""
    return next(name for high, name in side_table(parts, side) if face <= high)


def part_kind(side: str, hit: str, name: str) -> str:
    """The damage kind of a hit on one part: "front:Engine", "top-energy:Gun"."""
    return f"{side}:{name}" if hit == "blunt" else f"{side}-{hit}:{name}"


def describe_kind(kind: str) -> str:
    """A part's damage kind in words: "front-energy:Gun" -> "the Gun (front, energy)"."""
    side, hit, name = split_kind(kind)
    bits = [b for b in (side if side != WHOLE else "", hit if hit != "blunt" else "") if b]
    return f"the {name}" + (f" ({', '.join(bits)})" if bits else "")


def split_kind(kind: str) -> tuple[str, str, str]:
    """A part's damage kind as (side, hit type, part name); the inverse of `part_kind`."""
    where, _, name = kind.partition(":")
    side, _, hit = where.partition("-")
    if side not in (*SIDES, WHOLE):
        raise RulesError(f"no side {side!r} (sides: {', '.join(SIDES)})")
    return side, hit or "blunt", name


def find(parts: Sequence[Component], name: str) -> Component:
    key = name.strip().lower()
    for part in parts:
        if part.name.lower() == key:
            return part
    raise RulesError(f"no part {name!r} (parts: {', '.join(p.name for p in parts) or 'none'})")


def main_side(part: Component) -> str:
    """Where a part hit with no side named meets its armour: the side holding most of it."""
    return max(SIDES, key=lambda s: part.sides.get(s, 0))


def hit_part(parts: list[Component], kind: str, raw: int, source: str = "") -> str:
    """One hit of `raw` damage on the part `kind` names (changes `parts`): its armour on
    that side, the damage it takes, and what losing it means. Returns the log text."""
    side, hit, name = split_kind(kind)
    part = find(parts, name)
    armour_side = main_side(part) if side == WHOLE else side
    armour = part.stops(armour_side, hit)
    through = max(0, raw - armour)
    was = part.destroyed
    part.damage = min(MAX_HARM, part.damage + through)
    what = f"{raw} {hit}" if hit != "blunt" else str(raw)
    armoured = f", armour {armour}" if armour else ""
    by = f" from {source}" if source else ""
    text = f"is hit in the {part.name} for {through}{by} ({what} on the {armour_side}{armoured})"
    text += f": SP {max(0, part.sp - part.damage)}/{part.sp}"
    if part.destroyed and not was:
        text += "; destroyed" + _loss(part.name)
    return text


def _loss(name: str) -> str:
    key = name.lower()
    if "steering" in key:
        return ": it can change speed but not course"
    if "engine" in key:
        return ": it decelerates at its maximum to a stop (steering still works if intact)"
    if "fuel" in key or "tank" in key:
        return " (a fuel hit: calc fuel)"
    return ""


def summary(parts: Sequence[Component]) -> str:
    """The tracker's figure: parts still working out of all."""
    working = sum(not p.destroyed for p in parts)
    return f"parts {working}/{len(parts)}"


def lines(parts: Sequence[Component], size_level: int) -> list[tuple[str, str]]:
    """A vehicle's space (15 SF, +15 a size level) against the SF its parts use, its mass
    (500 kg, doubling a level), its parts and its six hit tables, for the sheet pane."""
    levels = max(0, size_level)
    space, used = 15 * (1 + levels), sum(p.sp for p in parts)
    over = f" (over by {used - space}: a size level more)" if used > space else ""
    out = [("Vehicle", f"{used}/{space} SF used{over}; mass {500 * 2**levels} kg")]
    for p in parts:
        where = ", ".join(f"{s} {p.sides[s]}" for s in SIDES if p.sides.get(s))
        armour = ", ".join(f"{s} {p.armour[s]}" for s in SIDES if p.armour.get(s))
        state = "destroyed" if p.destroyed else f"SP {p.sp - p.damage}/{p.sp}"
        out.append(
            (
                f"Part: {p.name}",
                f"{state}; SF {where}" + (f"; {p.armour_class} armour {armour}" if armour else ""),
            )
        )
    for side in SIDES:
        try:
            out.append((f"Hit table: {side}", table_text(parts, side)))
        except RulesError:
            out.append((f"Hit table: {side}", "empty (the book wants a part on every side)"))
    return out
