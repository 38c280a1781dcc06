"""Damage by location: armour (worn down by Integrity), the head's doubling, a limb that can
hold no more than LP spilling into the torso, the overall wound state and what it brings
(staying conscious, bleeding, death), and the end of the round when held hits land.

`dmg WHO N LOCATION` is the raw damage of a hit (before armour) at that location; `bleed` adds
straight to the bleeding total. A hit made with `hit` during a round is held on the target's
sheet and lands in the round's last step, as the book applies all damage then.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.systems.base import SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.sheet import HeldHit, SystemOneSheet, location_slot

KINDS = ("torso", "head", "left-arm", "right-arm", "left-leg", "right-leg", "bleed")
"""Damage kinds: a location (raw damage, armour applies) or bleeding (no armour, no location)."""

CRITICAL_RECHECK_ROUNDS = 10
"""A critical character still awake tests again every 30 seconds (10 rounds) until stabilised."""
CRITICAL_BLEED_ROUNDS = 100
"""Critical and not stabilised: 1 LP every 5 minutes (100 rounds)."""
DYING_BLEED_ROUNDS = 20
"""Dying: (damage - LP) every minute (20 rounds), at least 1."""


def kind_location(kind: str) -> str:
    """A damage kind as a table location ("left-arm" -> "left arm")."""
    try:
        return rules.location_key(kind)
    except ValueError:
        raise RulesError(f"unknown damage kind {kind!r} (kinds: {', '.join(KINDS)})") from None


@dataclass
class Taken:
    location: str
    raw: int
    armour: int
    through: int
    worn: int
    spilled: int


def take(
    sheet: SystemOneSheet, raw: int, location: str, piercing: bool = False
) -> tuple[SystemOneSheet, Taken]:
    """One hit through the armour at `location` (a new sheet; the old one is left alone)."""
    s = sheet.model_copy(deep=True)
    loc = rules.location_key(location)
    worn = s.armour_at(loc)
    value = worn.value if worn else 0
    if worn is not None and piercing and worn.vs_piercing < 1:
        value = int(value * worn.vs_piercing)
    past = max(0, raw - value)
    lost = 0
    if worn is not None and past:
        lost = min(worn.value, rules.integrity_loss(past, worn.integrity))
        if lost:
            worn.current = worn.value - lost
    through = rules.damage_through(raw, value, loc)
    spilled = 0
    slot = location_slot(loc)
    if loc not in ("torso", "head"):
        room = max(0, s.lp - s.wounds[slot])
        spilled = max(0, through - room)
    s.wounds[slot] += through - spilled
    s.wounds["torso"] += spilled
    return s, Taken(loc, raw, value, through, lost, spilled)


def after_harm(before: SystemOneSheet, after: SystemOneSheet, convention: rules.Convention) -> list[str]:
    """What a change of wound state brings, as notes; updates `after` (consciousness and
    the need to be stabilised)."""
    old, new = before.state(convention), after.state(convention)
    notes: list[str] = []
    if new == old:
        return notes
    order = rules.WOUND_STATES
    if order.index(new) > order.index(old):
        notes.append(new)
        if new in ("critical", "dying") and after.stabilised:
            after.stabilised = False
            after.bleed_clock = 0
        if new in ("dying", "dead"):
            after.conscious = False
    return notes


def describe_take(t: Taken) -> str:
    parts = [f"{t.raw} to the {t.location}"]
    if t.armour:
        parts.append(f"armour {t.armour}")
    if t.location == "head" and t.through:
        parts.append("doubled")
    text = f"takes {t.through} ({', '.join(parts)})"
    if t.worn:
        text += f"; the armour wears by {t.worn}"
    if t.spilled:
        text += f"; {t.spilled} past what the {t.location} can hold goes to the torso"
    return text


def status_line(s: SystemOneSheet, convention: rules.Convention) -> str:
    return f"LP {s.lp - s.damage}/{s.lp}, {s.state(convention)}"


def apply(sheet: SystemOneSheet, amount: int, kind: str, convention: rules.Convention) -> SheetChange:
    if amount < 0:
        raise RulesError(f"damage cannot be negative, got {amount}")
    if kind == "bleed":
        new = sheet.model_copy(deep=True, update={"bleed": sheet.bleed + amount})
        text = f"bleeds {amount}"
        detail: dict[str, object] = {"kind": "bleed", "through": amount}
    else:
        new, t = take(sheet, amount, kind_location(kind))
        text = describe_take(t)
        detail = {
            "kind": kind,
            "location": t.location,
            "armour": t.armour,
            "through": t.through,
            "worn": t.worn,
            "spilled": t.spilled,
        }
    notes = after_harm(sheet, new, convention)
    text += f" ({status_line(new, convention)})"
    prompt = consciousness_prompt(new, notes, convention)
    if prompt:
        text += f"; {prompt}"
    detail["state"] = new.state(convention)
    return SheetChange(new, text, detail, harmed=new.damage > sheet.damage)


def consciousness_prompt(s: SystemOneSheet, notes: list[str], convention: rules.Convention) -> str:
    """The test a new state calls for, in words (when no dice are at hand to roll it)."""
    if not notes or not s.conscious:
        return "unconscious" if notes and notes[-1] == "dying" else ""
    chance = rules.unconsciousness_chance(s.attr("STA"), notes[-1])
    return "" if chance is None else f"test STA to stay conscious at {chance}% (ko WHO if it fails)"


def hold(sheet: SystemOneSheet, amount: int, kind: str, source: str = "") -> SheetChange:
    if amount < 0:
        raise RulesError(f"damage cannot be negative, got {amount}")
    loc = kind_location(kind)
    new = sheet.model_copy(deep=True)
    new.held.append(HeldHit(location=loc, raw=amount, source=source))
    return SheetChange(
        new,
        f"is hit in the {loc} for {amount}: it lands at the end of the round",
        {"held": amount, "location": loc},
    )


def lower(sheet: SystemOneSheet, amount: int, kind: str, convention: rules.Convention) -> SheetChange:
    if amount < 0:
        raise RulesError(f"healing cannot be negative, got {amount}")
    new = sheet.model_copy(deep=True)
    if kind == "bleed":
        healed = min(amount, new.bleed)
        new.bleed -= healed
        where = "bleeding"
    else:
        loc = kind_location(kind)
        slot = location_slot(loc)
        healed = min(amount, new.wounds[slot])
        new.wounds[slot] -= healed
        where = f"the {loc}"
    state = new.state(convention)
    if state in ("healthy", "wounded", "serious"):
        new.stabilised = True
    return SheetChange(new, f"heals {healed} in {where} ({status_line(new, convention)})", {"healed": healed})


def _stay_conscious(s: SystemOneSheet, chance: int, rng: random.Random, typed: list[int], why: str) -> str:
    face = next_face(typed, rng, 100)
    if rules.check(face, chance):
        return f"stays conscious ({why}: {face} against {chance}%)"
    s.conscious = False
    return f"falls unconscious ({why}: {face} against {chance}%)"


def end_round(
    sheet: SystemOneSheet, rng: random.Random, typed: list[int], convention: rules.Convention
) -> SheetChange | None:
    """The round's last step for one character: held hits land, a new state's test to stay
    conscious is rolled, bleeding runs on its clock, a critical character still awake tests
    again every 10 rounds, and the defence given up this round comes back."""
    if not sheet.held and not sheet.defence and sheet.stabilised:
        return None
    s = sheet.model_copy(deep=True)
    s.defence = 0
    texts: list[str] = []
    held, s.held = s.held, []
    before = s.damage
    start = sheet.model_copy(update={"held": []})
    for h in held:
        s, t = take(s, h.raw, h.location, h.piercing)
        texts.append(describe_take(t) + (f" from {h.source}" if h.source else ""))
    notes = after_harm(start, s, convention)
    state = s.state(convention)
    if notes and s.conscious and state in ("serious", "critical"):
        chance = rules.unconsciousness_chance(s.attr("STA"), state)
        assert chance is not None
        texts.append(_stay_conscious(s, chance, rng, typed, f"{state}, STA test"))
    elif not s.stabilised and state in ("critical", "dying"):
        s.bleed_clock += 1
        period = CRITICAL_BLEED_ROUNDS if state == "critical" else DYING_BLEED_ROUNDS
        if s.bleed_clock % period == 0:
            amount = 1 if state == "critical" else rules.bleeding_per_minute(s.damage, s.lp)
            prior = s.model_copy(deep=True)
            s.bleed += amount
            texts.append(f"bleeds {amount}")
            texts += after_harm(prior, s, convention)
        if state == "critical" and s.conscious and s.bleed_clock % CRITICAL_RECHECK_ROUNDS == 0:
            texts.append(_stay_conscious(s, s.attr("STA"), rng, typed, "critical, STA test"))
    if s.damage > before or texts:
        texts.append(status_line(s, convention))
    elif sheet.defence and not texts:
        texts.append("stops defending")
    return SheetChange(s, "; ".join(texts), {"held": len(held)}, harmed=s.damage > before)
