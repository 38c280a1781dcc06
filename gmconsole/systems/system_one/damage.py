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
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.components import SIDES, WHOLE, describe_kind, hit_part, split_kind
from gmconsole.systems.system_one.exertion import regain
from gmconsole.systems.system_one.powers import resistance
from gmconsole.systems.system_one.sheet import (
    DAMAGE_TYPES,
    MAX_DAMAGE,
    DamageType,
    HeldHit,
    SystemOneSheet,
    location_slot,
)

LOCATION_KINDS = ("torso", "head", "left-arm", "right-arm", "left-leg", "right-leg")
TYPED_KINDS = tuple(f"{loc}-{t}" for t in DAMAGE_TYPES[1:] for loc in LOCATION_KINDS)
SIDE_KINDS = (*SIDES, *(f"{side}-{t}" for t in DAMAGE_TYPES[1:] for side in (*SIDES, WHOLE)))
KINDS = ("roll", *LOCATION_KINDS, *TYPED_KINDS, "bleed", *SIDE_KINDS)
"""Damage kinds: a location (raw damage of a blunt hit, armour applies), a location and the
hit's type ("torso-piercing", "head-energy"), or bleeding (no armour, no location); on a
vehicle, the side hit ("front", "top-energy"; "any-energy" for a typed hit with no side).
The first, `roll`, is what `dmg WHO N` means without a location: the book rolls d20 for every
hit (d100 over a vehicle's parts)."""

CRITICAL_RECHECK_ROUNDS = 10
"""A critical character still awake tests again every 30 seconds (10 rounds) until stabilised."""
CRITICAL_BLEED_ROUNDS = 100
"""Critical and not stabilised: 1 LP every 5 minutes (100 rounds)."""
DYING_BLEED_ROUNDS = 20
"""Dying: (damage - LP) every minute (20 rounds), at least 1."""


def kind_parts(kind: str) -> tuple[str, DamageType]:
    """A damage kind as (table location, hit type): "left-arm-piercing" -> ("left arm",
    "piercing"); a bare location is a blunt hit."""
    body, hit = kind, "blunt"
    for t in DAMAGE_TYPES[1:]:
        if kind.endswith(f"-{t}"):
            body, hit = kind[: -len(t) - 1], t
    try:
        return rules.location_key(body), hit  # type: ignore[return-value]
    except ValueError:
        raise RulesError(
            f"unknown damage kind {kind!r} (kinds: {', '.join(LOCATION_KINDS)}, bleed)"
        ) from None


UNROLLED = "torso"
"""Where a hit lands that reaches `apply_damage` still unrolled ("roll"): the console rolls the
body table's d20 first (`SystemOneSystem.roll_damage_kind`), so only a direct call with no
dice gets here, and it takes the table's commonest place."""


def kind_of(location: str, hit: str) -> str:
    """The damage kind for a location and hit type (the inverse of `kind_parts`)."""
    loc = location.replace(" ", "-")
    return loc if hit == "blunt" else f"{loc}-{hit}"


@dataclass
class Taken:
    location: str
    raw: int
    armour: int
    through: int
    worn: int
    spilled: int
    hit: str = "blunt"
    resisted: int = 0


def take(
    sheet: SystemOneSheet, raw: int, location: str, hit: DamageType = "blunt"
) -> tuple[SystemOneSheet, Taken]:
    """One hit of type `hit` through the armour at `location` (a new sheet; the old one is
    left alone). Physical hits wear the armour by its Integrity; what a location records is
    clamped at `MAX_DAMAGE`, far past death."""
    s = sheet.model_copy(deep=True)
    loc = rules.location_key(location)
    worn = s.armour_at(loc, hit)
    value = worn.against(hit) if worn else 0
    past = max(0, raw - value)
    lost = 0
    if worn is not None and past and hit in ("blunt", "piercing"):
        lost = min(worn.value, rules.integrity_loss(past, worn.integrity))
        if lost:
            worn.current = worn.value - lost
    # Resistance after the armour and before the head doubles: fractions dropped, 1 EF a point
    saved = min(past * resistance(s, hit) // 100, max(0, s.ef - s.ef_spent))
    s.ef_spent += saved
    through = rules.damage_through(raw, value + saved, loc)
    spilled = 0
    slot = location_slot(loc)
    if loc not in ("torso", "head"):
        room = max(0, s.lp - s.wounds[slot])
        spilled = max(0, through - room)
    s.wounds[slot] = min(MAX_DAMAGE, s.wounds[slot] + through - spilled)
    s.wounds["torso"] = min(MAX_DAMAGE, s.wounds["torso"] + spilled)
    return s, Taken(loc, raw, value, through, lost, spilled, hit, saved)


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
    parts = [f"{t.raw} {t.hit} to the {t.location}" if t.hit != "blunt" else f"{t.raw} to the {t.location}"]
    if t.armour:
        parts.append(f"armour {t.armour}")
    if t.resisted:
        parts.append(f"resists {t.resisted} for {t.resisted} EF")
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


def harm_amount(amount: int) -> int:
    """A typed amount of damage or healing, bounded where it is read."""
    return whole(amount, "the amount", 0, MAX_DAMAGE)


def on_vehicle(sheet: SystemOneSheet, kind: str) -> bool:
    """Whether a hit of `kind` lands on a vehicle's parts; refuses a body location on a
    vehicle, and a vehicle's part or side on a body, by name."""
    if sheet.components:
        if ":" not in kind:
            raise RulesError(f"a vehicle is hit on a side ({', '.join(SIDES)}), not the {kind}")
        return True
    if ":" in kind:
        raise RulesError(f"{kind!r} is a vehicle's part: this sheet has no parts (components)")
    return False


def side_of(kind: str) -> tuple[str, str] | None:
    """A vehicle side kind as (side, hit type): "top-energy" -> ("top", "energy"); None for
    any other kind."""
    side, _, hit = kind.partition("-")
    if side in (*SIDES, WHOLE) and ":" not in kind:
        return side, hit or "blunt"
    return None


def body_kind(kind: str) -> str:
    """A side kind on a body has no side table: it lands as a hit of its type on the body."""
    side = side_of(kind)
    if side is None:
        return kind
    return "roll" if side[1] == "blunt" else kind_of(UNROLLED, side[1])


def apply(sheet: SystemOneSheet, amount: int, kind: str, convention: rules.Convention) -> SheetChange:
    amount = harm_amount(amount)
    if not sheet.components:
        kind = body_kind(kind)
    if kind != "roll" and on_vehicle(sheet, kind):
        new = sheet.model_copy(deep=True)
        text = hit_part(new.components, kind, amount)
        return SheetChange(new, text, {"kind": kind}, harmed=new != sheet)
    rolled = ""
    if kind == "roll":
        kind, rolled = UNROLLED, "no location rolled"
    if kind == "bleed":
        new = sheet.model_copy(deep=True, update={"bleed": min(MAX_DAMAGE, sheet.bleed + amount)})
        text = f"bleeds {amount}"
        detail: dict[str, object] = {"kind": "bleed", "through": amount}
    else:
        location, hit = kind_parts(kind)
        new, t = take(sheet, amount, location, hit)
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
    text = f"({rolled}) {text}" if rolled else text
    text += f" ({status_line(new, convention)})"
    prompt = consciousness_prompt(new, notes)
    if prompt:
        text += f"; {prompt}"
    detail["state"] = new.state(convention)
    return SheetChange(new, text, detail, harmed=new.damage > sheet.damage)


def consciousness_prompt(s: SystemOneSheet, notes: list[str]) -> str:
    """The test a new state calls for, in words (damage typed with `dmg` rolls no dice)."""
    if not notes or not s.conscious:
        return "unconscious" if notes and notes[-1] == "dying" else ""
    chance = rules.unconsciousness_chance(s.attr("STA"), notes[-1])
    if chance is None:
        return ""
    mod = chance - s.attr("STA")
    return f"STA test to stay conscious: {chance}% (check attr:STA {mod:+d}; on a failure, ko)"


def hold(sheet: SystemOneSheet, amount: int, kind: str, source: str = "") -> SheetChange:
    amount = harm_amount(amount)
    if not sheet.components:
        kind = body_kind(kind)
    if kind == "roll":
        kind = UNROLLED
    if on_vehicle(sheet, kind):
        new = sheet.model_copy(deep=True)
        _, hit, _ = split_kind(kind)
        new.held.append(HeldHit(location=kind, raw=amount, source=source, type=hit))
        return SheetChange(
            new,
            f"is hit in {describe_kind(kind)} for {amount}: it lands at the end of the round",
            {"held": amount},
        )
    loc, hit = kind_parts(kind)
    new = sheet.model_copy(deep=True)
    new.held.append(HeldHit(location=loc, raw=amount, source=source, type=hit))
    what = f"{amount} {hit}" if hit != "blunt" else str(amount)
    return SheetChange(
        new,
        f"is hit in the {loc} for {what}: it lands at the end of the round",
        {"held": amount, "location": loc, "type": hit},
    )


def heal_where(sheet: SystemOneSheet, kind: str | None) -> str:
    """Where `heal WHO N` without a location heals: the one hurt location (or bleeding), else
    the GM is asked to name one."""
    if sheet.components:
        raise RulesError("a vehicle's parts are mended with repair WHO PART")
    if kind not in (None, "roll") and side_of(kind) is None:
        return kind
    hurt = [slot.replace("_", "-") for slot, d in sheet.wounds.items() if d]
    if sheet.bleed:
        hurt.append("bleed")
    if len(hurt) == 1:
        return hurt[0]
    if not hurt:
        raise RulesError("nothing to heal: no location is hurt")
    raise RulesError(f"name the location to heal (hurt: {', '.join(hurt)})")


def lower(sheet: SystemOneSheet, amount: int, kind: str | None, convention: rules.Convention) -> SheetChange:
    amount = harm_amount(amount)
    kind = heal_where(sheet, kind)
    new = sheet.model_copy(deep=True)
    if kind == "bleed":
        healed = min(amount, new.bleed)
        new.bleed -= healed
        where = "bleeding"
    else:
        loc, _ = kind_parts(kind)
        slot = location_slot(loc)
        healed = min(amount, new.wounds[slot])
        new.wounds[slot] -= healed
        where = f"the {loc}"
    if not healed:
        raise RulesError(f"nothing to heal in {where}")
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


BLEED_CYCLE = 100
"""The bleeding clock counts rounds modulo this (every period above divides it), so it never
outgrows the sheet's bound however long a character lies bleeding."""


def _bleeding(
    s: SystemOneSheet, state: str, rng: random.Random, typed: list[int], convention: rules.Convention
) -> list[str]:
    """One round of an unstabilised critical or dying character: the bleeding clock, the blood
    lost when it comes round, and a critical character's recheck to stay awake."""
    texts: list[str] = []
    s.bleed_clock = (s.bleed_clock + 1) % BLEED_CYCLE
    period = CRITICAL_BLEED_ROUNDS if state == "critical" else DYING_BLEED_ROUNDS
    if s.bleed_clock % period == 0:
        amount = 1 if state == "critical" else rules.bleeding_per_minute(s.damage, s.lp)
        prior = s.model_copy(deep=True)
        s.bleed = min(MAX_DAMAGE, s.bleed + amount)
        texts.append(f"bleeds {amount}")
        texts += after_harm(prior, s, convention)
    else:
        left = period - s.bleed_clock % period
        amount = 1 if state == "critical" else rules.bleeding_per_minute(s.damage, s.lp)
        texts.append(f"bleeding: {amount} LP more in {left} round(s) unless stabilised")
    if state == "critical" and s.conscious and s.bleed_clock % CRITICAL_RECHECK_ROUNDS == 0:
        texts.append(_stay_conscious(s, s.attr("STA"), rng, typed, "critical, STA test"))
    return texts


def end_round(
    sheet: SystemOneSheet, rng: random.Random, typed: list[int], convention: rules.Convention
) -> SheetChange | None:
    """The round's last step for one character: held hits land, a new state's test to stay
    conscious is rolled, bleeding runs on its clock, a critical character still awake tests
    again every 10 rounds, EF comes back by the pace kept (`exertion.regain`), and the
    defence given up this round and the pace end. None when nothing changes."""
    s = sheet.model_copy(deep=True)
    s.defence, s.defence_unarmed = 0, False
    texts: list[str] = []
    held, s.held = s.held, []
    before = s.damage
    start = sheet.model_copy(update={"held": []})
    for h in held:
        if ":" in h.location:
            texts.append(hit_part(s.components, h.location, h.raw, h.source))
        else:
            s, t = take(s, h.raw, h.location, h.type)
            texts.append(describe_take(t) + (f" from {h.source}" if h.source else ""))
    notes = after_harm(start, s, convention)
    state = s.state(convention)
    if notes and s.conscious and state in ("serious", "critical"):
        chance = rules.unconsciousness_chance(s.attr("STA"), state)
        assert chance is not None
        texts.append(_stay_conscious(s, chance, rng, typed, f"{state}, STA test"))
    elif not s.stabilised and state in ("critical", "dying"):
        texts += _bleeding(s, state, rng, typed, convention)
    if (s.damage > before or (held and texts)) and not s.components:
        texts.append(status_line(s, convention))
    texts += regain(s, harmed=s.damage > before)
    s.pace = ""
    if sheet.defence and not held:
        texts.append("stops defending")
    if s == sheet:
        return None
    text = "; ".join(t for t in texts if t) or (
        f"ends the round ({sheet.pace})" if sheet.pace else "ends the round"
    )
    return SheetChange(s, text, {"held": len(held)}, harmed=s.damage > before)
