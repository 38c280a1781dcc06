"""What a hit to a body part does once its wounds are crossed off (spec §4.8, T-17, T-18).

A located hit reaches `MyriadSystem.apply_damage` as a damage kind named for the part ("arm",
"leg", "groin"...), so `dmg WHO N groin` works by hand as well as from `hit`. The wounds go on
the Wounds line like any others; this module adds the part's lasting effect to the new sheet:

- Arm / Foreleg: drops what is in that hand, -1 on actions with that arm until healed (does not
  stack: the ``hurt_arm`` state); a foreleg also costs 1 m of movement a wound, without a trip.
- Leg / Rear Leg: tripped (prone) and 1 m of movement lost a wound, cumulative; a body with six
  or more legs, or none (centipede, snake), loses the movement but is never tripped.
- Tail: nothing, except for a snake-like body that moves with it: as Leg.
- Groin: stunned, loses its next combat action: this round's (``stunned`` until the round's
  end) or, when it has already acted, next round's (``stunned_next`` until that round starts).
- Wing: flying speed -10% a wound; at 100% it crashes if airborne, else it is grounded.
- Head: double wounds after armour (ruling C20), worked out before the boxes are crossed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.myriad.sheet import MyriadSheet

if TYPE_CHECKING:
    from gmconsole.systems.base import Scene

PART_KINDS = ("arm", "foreleg", "leg", "groin", "wing")
"""Damage kinds that carry a body part's effect (Torso, Tail and Head need none here)."""
NEVER_TRIPPED = ("centipede", "snake_worm")
"""Bodies with six or more legs, or none (T-18)."""
WING_PERCENT = 10


def part_kind(part: str, body: str) -> str:
    """The damage kind a hit on ``part`` of a ``body`` deals: the part's own kind, "leg" for a
    rear leg and for a snake's tail, plain "wounds" for a part with no lasting effect."""
    if part == "rear_leg" or (part == "tail" and body == "snake_worm"):
        return "leg"
    return part if part in PART_KINDS else "wounds"


def _add_state(sheet: MyriadSheet, state: str) -> None:
    sheet.states = [*(s for s in sheet.states if s != state), state]  # type: ignore[list-item]


def _lose_movement(sheet: MyriadSheet, metres: int) -> str:
    sheet.movement_lost = min(99, sheet.movement_lost + metres)
    return f"{metres} m of movement lost"


def flying_speed_lost(sheet: MyriadSheet) -> int:
    """Percent of flying speed its wing wounds cost (10% a wound, all of it at ten)."""
    return min(100, WING_PERCENT * sheet.wing_wounds)


def part_effect(sheet: MyriadSheet, kind: str, taken: int) -> str:
    """Put the part's effect on ``sheet`` (already a copy) for ``taken`` wounds; the words for
    the log ("" when the kind has no part effect or nothing got through)."""
    if kind not in PART_KINDS or not taken:
        return ""
    if kind == "leg":
        if sheet.body in NEVER_TRIPPED:
            return f"a leg: {_lose_movement(sheet, taken)} (this body cannot be tripped)"
        _add_state(sheet, "prone")
        return f"a leg: prone, {_lose_movement(sheet, taken)}"
    if kind in ("arm", "foreleg"):
        _add_state(sheet, "hurt_arm")
        text = f"{'an arm' if kind == 'arm' else 'a foreleg'}: drops what that hand holds, -1 " \
               "on actions with that arm until healed"
        if kind == "foreleg":
            text += f", {_lose_movement(sheet, taken)}"
        return text
    if kind == "groin":
        _add_state(sheet, "stunned")
        return "the groin: stunned, loses its next combat action"
    sheet.wing_wounds = min(99, sheet.wing_wounds + taken)
    slowed = flying_speed_lost(sheet)
    text = f"a wing: flying speed -{slowed}%"
    if slowed >= 100:
        text += ": crashes if airborne, else grounded"
    return text


def has_acted(scene: Scene) -> bool:
    """Whether the combatant in ``scene`` has had its action this round: its step is behind the
    acting one, or is the acting one (the same instant), and it is not holding its action."""
    enc, who = scene.encounter, scene.combatant
    if enc is None or who is None or not enc.started or who.status in ("held", "ready"):
        return False
    return any(who.id in step.actors for step in enc.steps[: enc.pointer + 1])


def stun_later(sheet: MyriadSheet) -> str:
    """A groin hit on someone who has already acted this round costs next round's action: the
    stun waits (``stunned_next``) and `stun_now` turns it on when the round starts."""
    sheet.states = [*(s for s in sheet.states if s != "stunned"), "stunned_next"]
    return "stunned: loses its action next round"


def stun_now(sheet: MyriadSheet) -> MyriadSheet | None:
    """At a round's start, a waiting stun bites (None when there is none)."""
    if "stunned_next" not in sheet.states:
        return None
    new = sheet.model_copy(deep=True)
    new.states = [*(s for s in new.states if s != "stunned_next"), "stunned"]
    return new


def heal_parts(sheet: MyriadSheet, *, treated: bool) -> None:
    """A hurt arm lasts until healed: proper medical attention (``treated``) or a Wounds line
    with nothing crossed off ends it, and the wing's lost speed with it."""
    line = sheet.resilience.get("wounds")
    whole = line is not None and line.crossed == 0 and line.critical_crossed == 0
    if treated or whole:
        sheet.states = [s for s in sheet.states if s != "hurt_arm"]
        sheet.wing_wounds = 0
