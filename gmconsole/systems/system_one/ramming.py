"""`ram WHO OTHER SPEED [SIDE]`: a vehicle drives into someone or something. The ram deals
1 point a 10 m/turn; a target that is easily displaced (a person, a bin) takes it on the
body table and the vehicle needs no check; a vehicle or object with parts takes it on the
part its side's d100 table picks, and the rammer's fate follows (`vehicles.impact`): stopped
dead with its front parts hurt, or a DUR roll to come through. A collision lands at once.
The target's dodge (AGL less 1 a m/turn) is the GM's test before the ram."""

from __future__ import annotations

from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene, SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.components import SIDES, find, hit_part, part_kind, pick
from gmconsole.systems.system_one.damage import apply, kind_of
from gmconsole.systems.system_one.sheet import SystemOneSheet
from gmconsole.systems.system_one.vehicles import SPEED, impact

IMPACT_SIDE = "front"
"""The rammer hits with its front: its parts there take the impact."""
USAGE = f"usage: ram WHO OTHER SPEED [{'|'.join(SIDES)}] [dice=...]"


def ram(s: SystemOneSheet, args: list[str], scene: Scene) -> SheetChange:
    other = scene.other
    if not s.components:
        raise RulesError("ram: WHO is the vehicle that rams (a sheet with parts)")
    if not isinstance(other, SystemOneSheet) or not args or len(args) > 2:
        raise RulesError(USAGE)
    speed = whole(args[0], "speed", *SPEED)
    side = args[1].lower() if len(args) > 1 else "front"
    if side not in SIDES:
        raise RulesError(f"no side {side!r}; {USAGE}")
    damage = speed // 10
    head = f"rams at {speed} m/turn for {damage}"
    if not damage:
        return SheetChange(s, f"{head}: under 10 m/turn does no harm")
    if not other.components:  # a person: easily displaced, the vehicle needs no check
        face = next_face(scene.dice, scene.rng, 20)
        hit = apply(other, damage, kind_of(rules.hit_location(face), "blunt"), "rounded")
        return SheetChange(
            s,
            f"{head}: the target (location d20 {face}) {hit.text}; easily displaced: no vehicle check",
            other=hit.sheet,
        )
    face = next_face(scene.dice, scene.rng, 100)
    name = pick(other.components, side, face)
    part = find(other.components, name)
    hurt = other.model_copy(deep=True)
    text = hit_part(hurt.components, part_kind(side, "blunt", name), damage)
    fate, left, takes = impact(
        s.attr("STA"),
        speed,
        damage,
        max(0, part.sp - part.damage),
        part.stops(side, "blunt"),
        lambda: next_face(scene.dice, scene.rng, 100),
    )
    new = s.model_copy(deep=True)
    front = [p.name for p in new.components if p.sides.get(IMPACT_SIDE)]
    harms = (
        [hit_part(new.components, part_kind(IMPACT_SIDE, "blunt", n), takes) for n in front] if takes else []
    )
    lines = [f"{head}: the target (d100 {face} on the {side}: {name}) {text}", f"the rammer: {fate}", *harms]
    if left != speed:
        lines.append(f"speed now {left} m/turn")
    return SheetChange(new, "; ".join(lines), {"speed": left}, harmed=new != s, other=hurt)
