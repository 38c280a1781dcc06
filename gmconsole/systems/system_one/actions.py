"""System One's own verbs (`defend WHO 20`, `stabilise WHO`, `exert WHO 5`...), its `calc`
lookups and the rolled-character generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Generated, Scene, SheetChange
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.advancement import pass_hours, raise_skill, regenerate
from gmconsole.systems.system_one.exertion import move, spend
from gmconsole.systems.system_one.sheet import DAMAGE_TYPES, MAX_DAMAGE, MAX_POINTS, SystemOneSheet

MAX_DEFENCE = 500
"""The most to-hit a sheet can give up to defend (its bound on the sheet)."""
MAX_EF = 10_000
MAX_DAYS = 10_000
"""A healing span longer than this (27 years) heals everything the sheet can hold anyway."""

ROLL_PRIORITY = ("HEC", "INT", "STA", "AGL", "STR", "PER", "LDR", "ATT")
"""Where the generator puts the highest rolls when the player assigns freely."""


def _one(args: Sequence[str], usage: str) -> str:
    if len(args) != 1:
        raise RulesError(f"usage: {usage}")
    return args[0]


def perform(s: SystemOneSheet, action: str, args: list[str], scene: Scene) -> SheetChange:
    if action == "defend":
        return _defend(s, args)
    if action == "stabilise":
        return SheetChange(
            s.model_copy(update={"stabilised": True, "bleed_clock": 0}), "is stabilised: the bleeding stops"
        )
    if action == "ko":
        return SheetChange(s.model_copy(update={"conscious": False}), "falls unconscious")
    if action == "wake":
        if s.state() in ("dying", "dead"):
            raise RulesError(f"cannot wake while {s.state()}: heal the damage below LP first")
        if not s.stabilised:
            raise RulesError("must be stabilised before waking (stabilise WHO)")
        return SheetChange(
            s.model_copy(update={"conscious": True, "hours_unconscious": 0}), "regains consciousness"
        )
    if action == "exert":
        n = whole(_one(args, "exert WHO N"), "EF to spend", 0, s.ef)
        new, cost = spend(s, n)
        state = s.state()
        times = f" ({n} x{rules.EF_MULTIPLIER[state]}, {state})" if state != "healthy" else ""
        return SheetChange(new, f"spends {cost} EF{times}: {new.ef - new.ef_spent}/{s.ef} left")
    if action == "rest":
        arg = _one(args, "rest WHO N|all")
        n = s.ef_spent if arg == "all" else min(whole(arg, "EF to regain", 0, MAX_EF), s.ef_spent)
        new = s.model_copy(update={"ef_spent": s.ef_spent - n, "ef_moving": max(0, s.ef_moving - n)})
        return SheetChange(new, f"regains {n} EF: {s.ef - s.ef_spent + n}/{s.ef}")
    if action == "move":
        return move(s, args)
    if action == "raise":
        return raise_skill(s, args)
    if action == "hours":
        return pass_hours(s, args, scene)
    if action == "regen":
        return regenerate(s, args, scene)
    if action == "strike":
        return strike(s, args, scene)
    if action == "aid":
        return aid(s, args, scene)
    if action == "ram":
        from gmconsole.systems.system_one.ramming import ram

        return ram(s, args, scene)
    if action == "blocked":
        return blocked(s, args, scene)
    if action == "power":
        return _power(s, args)
    if action in ("xp", "ip"):
        n = whole(_one(args, f"{action} WHO N"), action.upper(), -MAX_POINTS, MAX_POINTS)
        total = getattr(s, action) + n
        if not 0 <= total <= MAX_POINTS:
            raise RulesError(
                f"{action.upper()} would be {total} ({getattr(s, action)} {n:+d}): "
                f"it stays from 0 to {MAX_POINTS}"
            )
        text = f"{action.upper()} {n:+d}: {total}"
        if action == "ip":
            text += f" ({total // 25} point(s) to spend on skills or powers held)"
        return SheetChange(s.model_copy(update={action: total}), text)
    if action == "recover":
        return _recover(s, args)
    if action == "repair":
        name = " ".join(args)
        new = s.model_copy(deep=True)
        armour = next((a for a in new.armour if a.name.lower() == name.lower()), None)
        part = next((p for p in new.components if p.name.lower() == name.lower()), None)
        if part is not None:
            part.damage = 0
            return SheetChange(new, f"{part.name} repaired to SP {part.sp}")
        if armour is None:
            have = ", ".join([a.name for a in s.armour] + [p.name for p in s.components]) or "none"
            raise RulesError(f"no armour or vehicle part {name!r} (has: {have})")
        armour.current = None
        return SheetChange(new, f"{armour.name} repaired to {armour.physical}")
    raise RulesError(f"System One has no action {action!r}")


def strike(s: SystemOneSheet, args: list[str], scene: Scene) -> SheetChange:
    """`strike WHO N [LOCATION] [TYPE]`: a damaging event of N raw damage. Without a
    location d20 picks it from the body table, as the book does for every hit. During a
    running round the hit waits for the round's end like any other; outside one it lands now."""
    from gmconsole.systems.system_one.damage import apply, hold, kind_of

    if not args:
        raise RulesError(f"usage: strike WHO N [LOCATION] [{'|'.join(DAMAGE_TYPES)}]")
    amount = whole(args[0], "damage", 0, MAX_DAMAGE)
    words = [w.lower() for w in args[1:]]
    hit = next((w for w in words if w in DAMAGE_TYPES), "blunt")
    place = " ".join(w for w in words if w not in DAMAGE_TYPES)
    if s.components:
        kind, how = _vehicle_place(s, place, hit, scene)
        location = kind.partition(":")[2]
    elif place:
        try:
            location, how = rules.location_key(place), "named"
        except ValueError as exc:
            raise RulesError(str(exc)) from None
    else:
        face = next_face(scene.dice, scene.rng, 20)
        location, how = rules.hit_location(face), f"location d20 {face}"
    if not s.components:
        kind = kind_of(location, hit)  # (a vehicle's kind names its part already)
    enc = scene.encounter
    if enc is not None and enc.started and scene.combatant is not None:
        change = hold(s, amount, kind)
    else:
        change = apply(s, amount, kind, "rounded")
    text = change.text if how == "named" else f"({how}) {change.text}"
    return SheetChange(change.sheet, text, {**change.detail, "location": location}, harmed=change.harmed)


def blocked(s: SystemOneSheet, args: list[str], scene: Scene) -> SheetChange:
    """`blocked WHO WEAPON_DAMAGE [punch|kick]`: a blow that missed only for the unarmed
    block costs the blocker a fifth of the weapon's damage, rounded up, on the arms by d6
    (1-2 left, 3-4 right, 5-6 half to each, rounded up); `punch` or `kick`: an unarmed
    attacker parried by a weapon takes it on the limb used (d6 1-4 the dominant side). Each
    share lands as `strike` lands it (held to the round's end in a fight)."""
    if not args or len(args) > 2 or args[1:] not in ([], ["punch"], ["kick"]):
        raise RulesError("usage: blocked WHO WEAPON_DAMAGE [punch|kick]")
    cost = rules.block_damage(whole(args[0], "weapon damage", 0, MAX_DAMAGE))
    face = next_face(scene.dice, scene.rng, 6)
    if args[1:]:
        side = s.handedness if face <= 4 else ("left" if s.handedness == "right" else "right")
        shares = [(cost, f"{side} {'arm' if args[1] == 'punch' else 'leg'}")]
    elif face <= 4:
        shares = [(cost, "left arm" if face <= 2 else "right arm")]
    else:
        half = -(-cost // 2)
        shares = [(half, "left arm"), (half, "right arm")]
    new, texts = s, []
    for amount, where in shares:
        change = strike(new, [str(amount), *where.split()], scene)
        assert isinstance(change.sheet, SystemOneSheet)
        new = change.sheet
        texts.append(change.text)
    why = "parried by a weapon" if args[1:] else "blocking unarmed"
    return SheetChange(new, f"{why}: {cost} (d6 {face}): " + "; ".join(texts), harmed=new.damage > s.damage)


def aid(s: SystemOneSheet, args: list[str], scene: Scene) -> SheetChange:
    """`aid WHO OTHER`: WHO's First Aid test to stabilise OTHER (the test's own rules: the
    skill, or INT/2 untrained, less 10 or 20 a point past LP, the wound penalties); made, the
    other's bleeding stops. The medic's sheet is unchanged."""
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems.system_one.resolution import run_check

    other = scene.other
    if args:
        raise RulesError("usage: aid WHO OTHER [dice=N]")
    if not isinstance(other, SystemOneSheet) or other.components:
        raise RulesError("aid tends a character, not a vehicle")
    if other.state() == "dead":
        raise RulesError("dead: First Aid comes too late")
    if other.stabilised:
        raise RulesError("not bleeding: only a critical or dying character needs stabilising")
    over = max(0, other.damage - other.lp)
    request = CheckRequest(option="skill:First Aid", extra={"past_lp": over})
    result = run_check(s, request, scene.rng, scene.dice or None, None)
    scene.dice.clear()  # the one typed d100 (a check refuses more)
    if not result.success:
        return SheetChange(s, f"tends the wounded: {result.summary()}; the bleeding goes on")
    healed = other.model_copy(update={"stabilised": True, "bleed_clock": 0})
    return SheetChange(s, f"tends the wounded: {result.summary()}; the bleeding stops", other=healed)


def _vehicle_place(s: SystemOneSheet, place: str, hit: str, scene: Scene) -> tuple[str, str]:
    """Where `strike` lands on a vehicle: a named part, or the part a side's d100 table (the
    whole vehicle's, unnamed) picks with the session's dice; and how it was found."""
    from gmconsole.systems.system_one.components import SIDES, WHOLE, find, part_kind, pick

    if place and place not in SIDES:
        return part_kind(WHOLE, hit, find(s.components, place).name), "named"
    side = place or WHOLE
    face = next_face(scene.dice, scene.rng, 100)
    name = pick(s.components, side, face)
    return part_kind(side, hit, name), f"d100 {face} on the {'vehicle' if side == WHOLE else side}: {name}"


def _defend(s: SystemOneSheet, args: list[str]) -> SheetChange:
    """To-hit given up to defend: each 2 points take 1% off an attacker; a defender blocking
    unarmed pays 3 a point against an armed attacker (an unarmed one still pays 2)."""
    if not args or len(args) > 2 or (len(args) == 2 and args[1] != "unarmed"):
        raise RulesError("usage: defend WHO N [unarmed]")
    n = whole(args[0], "to-hit given up", 0, MAX_DEFENCE)
    unarmed = args[1:] == ["unarmed"]
    new = s.model_copy(update={"defence": n, "defence_unarmed": unarmed})
    if not n:
        return SheetChange(new, "stops defending", {"defence": 0})
    if unarmed:
        text = (
            f"gives up {n}% to-hit to defend unarmed: armed attackers -{n // 3}%, "
            f"unarmed attackers -{n // 2}%"
        )
    else:
        text = f"gives up {n}% to-hit to defend: attackers -{n // 2}%"
    return SheetChange(new, text, {"defence": n, "unarmed": unarmed})


def _power(s: SystemOneSheet, args: list[str]) -> SheetChange:
    if len(args) < 2 or args[-1] not in ("on", "off"):
        raise RulesError("usage: power WHO NAME on|off")
    name, on = " ".join(args[:-1]), args[-1] == "on"
    new = s.model_copy(deep=True)
    power = next((p for p in new.powers if p.name.lower() == name.lower()), None)
    if power is None:
        have = ", ".join(p.name for p in s.powers) or "none"
        raise RulesError(f"no power {name!r} (has: {have})")
    if on and not power.active and power.pw > s.pw - s.pw_allocated:
        raise RulesError(f"{power.name} needs {power.pw} PW; {s.pw - s.pw_allocated} free")
    power.active = on
    return SheetChange(
        new,
        f"switches {power.name} {'on' if on else 'off'}: {new.pw - new.pw_allocated}/{new.pw} PW free",
    )


def _recover(s: SystemOneSheet, args: list[str]) -> SheetChange:
    """Days of healing for every location at once: the first point 2 days after the wound, the
    next 4 more, and so on (with medical care and rest 1, 2, 3...). Counted from the wound, so
    give the days since each location was last hurt."""
    if not args or len(args) > 2 or (len(args) == 2 and args[1] != "medical"):
        raise RulesError("usage: recover WHO DAYS [medical]")
    days = whole(args[0], "days", 0, MAX_DAYS)
    medical = args[1:] == ["medical"]
    new = s.model_copy(deep=True)
    healed: list[str] = []
    for slot, damage in s.wounds.items():
        points = min(damage, rules.healed_by(days, medical))
        if points:
            new.wounds[slot] -= points
            healed.append(f"{slot.replace('_', ' ')} {points}")
    if new.state() in ("healthy", "wounded", "serious"):
        new.stabilised = True
    how = "with medical care" if medical else "naturally"
    if not healed:
        return SheetChange(new, f"{days} day(s) {how}: nothing healed yet")
    left = f"LP {new.lp - new.damage}/{new.lp}"
    return SheetChange(new, f"{days} day(s) {how}: heals {', '.join(healed)} ({left})")


def generate(args: list[str], rng: random.Random) -> Generated:
    """Eight 2d6 rolls through the attribute table; the highest go where a fighter wants
    them, or in sheet order (`in-order`, Option One) for the player to juggle."""
    if len(args) > 1 or args[:1] not in ([], ["in-order"], ["fifty"]):
        raise RulesError("usage: gen character [in-order|fifty]")
    in_order = args[:1] == ["in-order"]
    scores = [rules.attribute_score(rng.randint(1, 6) + rng.randint(1, 6)) for _ in rules.ATTRIBUTES]
    if args[:1] == ["fifty"]:  # Option Two: every attribute at 50, bought up (1d10 a point) or sold
        attributes = dict.fromkeys(rules.ATTRIBUTES, 50)
    elif in_order:
        attributes = dict(zip(rules.ATTRIBUTES, scores, strict=True))
    else:
        attributes = dict(zip(ROLL_PRIORITY, sorted(scores, reverse=True), strict=True))
    sheet = SystemOneSheet(
        attributes=attributes, skills=[{"name": "Language", "specialisation": "native", "level": 8}]
    )  # type: ignore[list-item]
    return Generated(name="New character", kind="pc", sheet=sheet)
