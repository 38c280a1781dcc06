"""Aimed tests for the console's attack-to-damage flow (`GameSystem.oppose`, `damage_offer`).

A Myriad attack is an opposed test: the target answers with its defence statistic for the
conflict and, by default, the same skill (Grace in a fight, Spirit in an argument); a target with
Dodge (against ranged attacks) or Block (against melee) defends with that skill instead, the
book's optional separate defence skills. The console rolls that defence itself
(`Opposition.roll`); the opposition also carries the defender's pool and skill, so the odds shown
before the roll are the exact pool-against-pool chance.

Only fighting and arguing skills attack: ``power/close_combat``, ``power/ranged_combat``,
``power/wrestling`` (and bare Power), ``intellect/persuasion``, ``intellect/deceit`` (and bare
Intellect). ``intellect/medic at PATIENT`` takes the Medic TN from the patient's sheet (12 -
boxes left, see `healing`); ``intellect/mechanics at VEHICLE`` the same for a repair.

A hit rolls the weapon's damage dice (the ``weapon`` switch, else the first weapon fit for the
skill: a weapon whose range is blank or "melee" is a melee weapon; else the unarmed dice) against
the target's armour; each die over the armour crosses off a box. The SFX fired on the attack
change the damage (`sfx_damage`); social attacks deal one die against social armour.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gmconsole.systems.base import DamageOffer, Opposition
from gmconsole.systems.myriad.combat_options import dum_dum_armour, hawkeye
from gmconsole.systems.myriad.conflict import conflict_type, damage_dealt
from gmconsole.systems.myriad.sheet import RANGED, MyriadSheet

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult

MORTAL_SKILLS = ("close_combat", "ranged_combat", "wrestling")
SOCIAL_SKILLS = ("persuasion", "deceit")
HEAL_SKILLS = {"medic": "wounds", "mechanics": "wounds"}
"""Skills whose test `at` a patient is judged against the patient's Medic TN."""
NO_WEAPON = "auto"
SPELL_SKILL = "spell_casting"
VEHICLE_SKILLS = ("drive", "pilot")
"""A vehicle's fixed weapons aim with its Manoeuvre and the driver's skill (L1041)."""
NO_AIM = "none"
RANDOM_PART = "random"
"""The ``aim`` switch's value for an unaimed hit whose location the 2d6 decide (T-17)."""


def attack_kind(option: str) -> str | None:
    """"mortal", "social" (the conflict whose attack statistic and skills the option uses),
    "spell", or None when the option attacks nobody."""
    stat, _, skill = option.partition("/")
    if stat == "intellect" and skill == SPELL_SKILL:
        return "spell"
    if stat == "manoeuvre" and skill in VEHICLE_SKILLS:
        return "vehicle"
    for kind, skills in (("mortal", MORTAL_SKILLS), ("social", SOCIAL_SKILLS)):
        if stat == conflict_type(kind).attack_stat and (not skill or skill in skills):
            return kind
    return None


def oppose(option: str, target: MyriadSheet,
           attacker: MyriadSheet | None = None) -> Opposition | None:
    """The target's defence test against an attack, or the patient's Medic TN."""
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems.myriad.healing import medic_tn

    stat, _, skill = option.partition("/")
    if stat == "intellect" and skill in HEAL_SKILLS:
        line = target.resilience.get(HEAL_SKILLS[skill])
        if line is None:
            return None
        if (skill == "mechanics") != (target.vehicle is not None):
            return None  # a medic treats people, a mechanic repairs vehicles
        tn = medic_tn(line)
        what = "Repair" if skill == "mechanics" else "Medic"
        return Opposition(difficulty=tn, note=f"{what} TN {tn} ({line.boxes_left} boxes left)")
    kind = attack_kind(option)
    if kind is None:
        return None
    if kind == "vehicle" and target.vehicle is not None:  # a vehicle dodges with Manoeuvre
        request = CheckRequest(option="manoeuvre", extra={"tags": "defence"})
        chased = target_modifiers(target, skill, attacker)
        return Opposition(roll=request, note="Manoeuvre",
                          extra={"defence_pool": target.pool("manoeuvre"), "defence_skill": 0,
                                 **({"modifiers": chased} if chased else {})})
    if kind in ("spell", "vehicle"):  # dodged like a missile: Grace / Ranged Combat (L873)
        kind, skill = "mortal", "ranged_combat"
    defence = conflict_type(kind).defence_stat
    chosen = _defence_skill(skill, target)
    defence_option = f"{defence}/{chosen}" if chosen else defence
    mods = target_modifiers(target, skill, attacker)
    request = CheckRequest(option=defence_option, extra={"tags": "defence"})
    extra: dict[str, Any] = {
        "defence_pool": target.pool(defence),
        "defence_skill": target.skills.get(chosen, 0) if chosen else 0,
        "defence_modifiers": defence_modifiers(target, chosen or ""),
    }
    if mods:
        extra["modifiers"] = mods
    return Opposition(roll=request, note=defence_option.replace("_", " ").title(), extra=extra)


def _defence_skill(skill: str, target: MyriadSheet) -> str | None:
    """Dodge against ranged attacks, Block against melee when the target has them; else the
    attack's own skill when the target has it; else the bare statistic."""
    separate = "dodge" if skill == "ranged_combat" else "block" if skill in MORTAL_SKILLS else ""
    for candidate in (separate, skill):
        if candidate and candidate in target.skills:
            return candidate
    return None


def target_modifiers(target: MyriadSheet, skill: str,
                     attacker: MyriadSheet | None = None) -> list[dict[str, Any]]:
    """What the target's state gives its attacker: a prone target is a small target to a ranged
    attacker (-1); shots between a pursuer and its quarry take -1 per point of the pursuer's
    chase tally (spec §4.11)."""
    out = []
    if "prone" in target.states and skill == "ranged_combat":
        out.append({"label": "target prone", "value": -1, "situational": True})
    tally = max(_tally(target), _tally(attacker))
    if tally and skill in ("ranged_combat", *VEHICLE_SKILLS):
        out.append({"label": f"chase tally {tally}", "value": -tally})
    return out


def _tally(sheet: MyriadSheet | None) -> int:
    if sheet is None or sheet.vehicle is None or sheet.vehicle.chase is None:
        return 0
    return sheet.vehicle.chase.tally


def defence_modifiers(target: MyriadSheet, skill: str) -> int:
    """The defender's own state on its defence roll (the roll applies it itself; the odds need
    it beforehand): pinned -2 on everything, prone -1 on close-combat actions."""
    mod = -2 if "pinned" in target.states else 0
    if "prone" in target.states and skill in ("close_combat", "wrestling"):
        mod -= 1
    return mod


@dataclass
class Damage:
    """A damage roll being built: dice, automatic points, armour, and how it was reached."""

    dice: int
    armour: int
    what: str
    kind: str
    automatic: int = 0
    edged: bool = False
    incapacitate: int = 0
    """Incapacitation dice of a spell, rolled after its damage (T-23)."""
    notes: list[str] = field(default_factory=list)


def fired(attacker: MyriadSheet, result: CheckResult) -> dict[str, int]:
    """The SFX the attack test fired, by id, with how many times each was paid for."""
    owned = attacker.owned_sfx()
    out: dict[str, int] = {}
    for sfx_id, dice in dict(result.detail.get("burnt") or {}).items():
        sfx = owned.get(sfx_id)
        if sfx is not None:
            out[sfx_id] = len(dice) // sfx.cost_sixes if sfx.cost_sixes else 1
    return out


def weapon_for(attacker: MyriadSheet, skill: str, extra: Mapping[str, Any]) -> Any:
    """The weapon an attack uses: the ``weapon`` switch, else the first fit for the skill
    (None: unarmed)."""
    wanted = str(extra.get("weapon") or NO_WEAPON)
    if wanted == "unarmed":
        return None
    if wanted != NO_WEAPON:
        return attacker.weapon(wanted)
    ranged = skill == "ranged_combat"
    fit = [g for g in attacker.gear if g.kind == "weapon" and (g.range in RANGED) == ranged]
    return fit[0] if fit else None


def base_damage(attacker: MyriadSheet, option: str, extra: Mapping[str, Any],
                target: MyriadSheet) -> Damage | None:
    """The damage rating and armour before the SFX: the weapon (or unarmed) against physical
    armour, or one die (plus the Guide's bonus) against social armour."""
    kind = attack_kind(option)
    _, _, skill = option.partition("/")
    if kind == "spell":
        spell = dict(extra.get("_spell") or {})
        countered = _countered(spell, extra)
        if countered:
            return Damage(dice=0, armour=target.armour, what="spell", kind="wounds",
                          notes=[countered])
        return spell_damage(extra, result_spell=spell, armour=target.armour)
    button = str(extra.get("button") or "none")
    if kind == "social" and button != "none":
        from gmconsole.systems.myriad.modules import romance_damage

        return Damage(dice=0, armour=0, what=f"romance ({button.replace('_', ' ')})",
                      kind="cynicism", automatic=romance_damage(button, True))
    if kind == "social":
        bonus = int(extra.get("bonus") or 0)
        base = conflict_type("social").default_damage_dice
        return Damage(dice=base + bonus, armour=target.social_armour, what="words",
                      kind="resolve", notes=[f"+{bonus}D bonus"] if bonus else [])
    if kind == "vehicle":
        skill = "ranged_combat"  # the vehicle's mounted weapon
    elif kind != "mortal":
        return None
    weapon = weapon_for(attacker, skill, extra)
    if weapon is None and kind == "vehicle":
        return None  # no mounted weapon: a ram is `calc ram`
    if weapon is None:
        return Damage(dice=attacker.unarmed_dice, armour=target.armour, what="unarmed",
                      kind="wounds")
    return Damage(dice=weapon.damage_dice, armour=target.armour, what=weapon.name,
                  kind="wounds", edged=weapon.edged)


def defence_sixes(extra: Mapping[str, Any]) -> tuple[int, int]:
    """The failed defence roll's sixes (``extra["defence"]``, which the console fills in for an
    aimed test whose target rolled): (sixes still unburnt, sixes it burnt for Hard as Nails).
    The hit has already beaten that roll, so burning its free sixes now costs the defender
    nothing: they go to the easy counter or to Hard as Nails."""
    defence = extra.get("defence")
    if not isinstance(defence, Mapping):
        return 0, 0
    faces = [f for f in defence.get("faces") or () if isinstance(f, int)]
    burnt = dict((defence.get("detail") or {}).get("burnt") or {})
    used = {i for dice in burnt.values() for i in dice if isinstance(i, int)}
    free = sum(1 for i, face in enumerate(faces, 1) if face == 6 and i not in used)
    return free, len(burnt.get("hard_as_nails") or ())


def _countered(spell: Mapping[str, int], extra: Mapping[str, Any]) -> str:
    """Why the spell is cancelled by the target's counter-magic, or "" when it is not: the easy
    counter wants more than half the spell's sixes burnt (typed with ``counter``, else the free
    sixes of the target's defence roll), a Counter-Spell negates 2 SFX dice a six, all or
    nothing (T-23)."""
    from gmconsole.systems.myriad.modules import counter_spell, easy_counter

    sixes = int(extra.get("counter") or 0)
    size = sum(spell.values())
    easy = bool(extra.get("easy_counter"))
    if easy and not sixes and size:
        free, _ = defence_sixes(extra)
        if easy_counter(size, free):
            return f"countered: {free} sixes of the defence roll (easy counter) against a " \
                f"spell of {size}"
    if not sixes or not size:
        return ""
    if (easy_counter if easy else counter_spell)(size, sixes):
        how = "easy counter" if easy else "Counter-Spell"
        return f"countered: {sixes} sixes ({how}) against a spell of {size}"
    return ""


def spell_damage(extra: Mapping[str, Any], result_spell: Mapping[str, int],
                 armour: int) -> Damage | None:
    """A cast spell's damage: 2 dice a Damage six, 1 fewer a Duration six (T-23), +1 die with
    the free zap (optional rule F8); None for a spell that does no harm."""
    zap = 1 if extra.get("zap") else 0
    less = result_spell.get("duration", 0)
    dice = max(0, 2 * result_spell.get("damage", 0) - less) + zap
    incapacitate = max(0, 3 * result_spell.get("incapacitate", 0) - less)
    if not dice and not incapacitate:
        return None
    return Damage(dice=dice, armour=armour, what="spell" if result_spell else "zap",
                  kind="wounds", incapacitate=incapacitate,
                  notes=["+1D zap"] if zap and result_spell else [])


def sfx_damage(dmg: Damage, burnt: Mapping[str, int], attacker: MyriadSheet,
               extra: Mapping[str, Any], ranged: bool) -> Damage:
    """What the fired SFX (and the defender's Hard as Nails) do to a hit (T-20, T-21):

    Power Strike and Dum Dums +1 die per six; Hard as Nails -1 die per six (the target's: the
    ``nails`` switch, else the sixes of its failed defence roll); Hawkeye turns a die into an
    automatic wound per six (never more than the dice); Armour Piercing -1 armour per six; Dum
    Dums' ammunition gives armour 2+ one more point, burnt or not (ruling C22); Knockback +1
    die when the target hits a solid surface (``wall``); Artery Strike starts the target
    bleeding; Witticism +1 Resolve damage (+2 when the room erupts, ``room``)."""
    added = burnt.get("power_strike", 0) + burnt.get("dum_dums", 0)
    if added:
        dmg.dice += added
        dmg.notes.append(f"+{added}D SFX")
    if burnt.get("knockback"):
        dmg.notes.append(f"knocked back {3 * burnt['knockback']} m")
        if extra.get("wall"):
            dmg.dice += 1
            dmg.notes.append("+1D wall")
    nails = int(extra.get("nails") or 0)
    if not nails and "hard_as_nails" in extra.get("_target_sfx", ()):
        free, on_roll = defence_sixes(extra)
        nails = free + on_roll
    if nails:
        dmg.dice = max(0, dmg.dice - nails)
        dmg.notes.append(f"-{nails}D Hard as Nails")
    if "dum_dums" in attacker.owned_sfx() and ranged and dum_dum_armour(dmg.armour) > dmg.armour:
        dmg.armour = dum_dum_armour(dmg.armour)
        dmg.notes.append("Dum Dums +1 armour")
    if burnt.get("armour_piercing"):
        dmg.armour = max(0, dmg.armour - burnt["armour_piercing"])
        dmg.notes.append(f"Armour Piercing -{burnt['armour_piercing']}")
    if burnt.get("hawkeye"):
        dmg.dice, dmg.automatic = hawkeye(dmg.dice, min(burnt["hawkeye"], dmg.dice))
    if burnt.get("witticism"):
        extra_points = 2 if extra.get("room") else 1
        dmg.automatic += extra_points
        dmg.notes.append(f"Witticism +{extra_points}")
    if burnt.get("artery_strike") and dmg.kind == "wounds":
        if dmg.edged:
            dmg.kind = "bleeding"
            dmg.notes.append("Artery Strike: bleeding")
        else:
            dmg.notes.append("Artery Strike needs an edged weapon: no bleeding")
    if burnt.get("crippling_blow"):
        dmg.notes.append(f"Crippling Blow: -{2 * burnt['crippling_blow']} m movement")
    return dmg


def _incapacitation(dmg: Damage, typed: list[int], rng: random.Random, boxes_left: int) -> None:
    """The Incapacitate component, rolled after the damage against the same armour: enough
    hits to knock the target out put it to sleep (or bind, petrify...), with no real damage."""
    from gmconsole.systems.myriad.combat_options import incapacitated_by

    faces = [typed.pop(0) if typed else rng.randint(1, 6) for _ in range(dmg.incapacitate)]
    out = incapacitated_by(faces, dmg.armour, max(0, boxes_left))
    dmg.notes.append(f"Incapacitate {len(faces)}D [{' '.join(map(str, faces))}]: " +
                     ("incapacitated, no real damage (cond TARGET asleep)" if out else
                      "no effect"))


def damage_offer(attacker: MyriadSheet, request: CheckRequest, result: CheckResult,
                 target: MyriadSheet, rng: random.Random,
                 dice: Sequence[int] | None) -> DamageOffer | None:
    """The hit's damage dice against the target's armour, as boxes (typed faces first), with
    the SFX the attack fired and the hit location (``aim`` switch: head hits double the wounds,
    after armour, ruling C20)."""
    if not result.success:
        return None
    extra = {**dict(result.detail.get("damage_switches") or {}), **request.extra,
             "_spell": result.detail.get("spell") or {}, "_target_sfx": target.owned_sfx()}
    dmg = base_damage(attacker, request.option, extra, target)
    if dmg is None:
        return None
    ranged = request.option.endswith("/ranged_combat")
    dmg = sfx_damage(dmg, fired(attacker, result), attacker, extra, ranged)
    typed = list(dice or [])
    faces = [typed.pop(0) if typed else rng.randint(1, 6) for _ in range(dmg.dice)]
    layers = [(f"hull {hull}", hull) for hull in [int(extra.get("hull") or 0)] if hull]
    layers += [(f"shield {target.shield}", target.shield)] if target.shield else []
    rolled, current = list(faces), faces
    if dmg.kind in ("resolve", "cynicism"):
        layers = []
    for name, layer in layers:  # each layer's passing dice are rolled again (L1001, L1041)
        through = damage_dealt(current, layer)
        current = [typed.pop(0) if typed else rng.randint(1, 6) for _ in range(through)]
        rolled += current
        dmg.notes.append(f"{name}: {through} through, again [{' '.join(map(str, current))}]"
                         + (f" (the vehicle takes {through})" if name.startswith("hull") else ""))
    boxes = dmg.automatic + damage_dealt(current, dmg.armour)
    terror = fired(attacker, result).get("aura_of_terror", 0)
    also: tuple[tuple[int, str], ...] = ()
    if terror and dmg.kind in ("resolve", "cynicism"):  # Nerve beside the Resolve (T-21)
        fear = [typed.pop(0) if typed else rng.randint(1, 6) for _ in range(terror)]
        rolled += fear
        nerve = damage_dealt(fear, target.fear_armour)
        also = ((nerve, "nerve"),) if nerve else ()
        dmg.notes.append(f"Aura of Terror {terror}D [{' '.join(map(str, fear))}] vs fear armour "
                         f"{target.fear_armour}: {nerve} Nerve, which cannot heal in the "
                         "attacker's presence")
    if dmg.incapacitate:
        boxes_left = target.line("wounds").remaining - boxes
        _incapacitation(dmg, typed, rng, boxes_left)
    part = str(extra.get("aim") or NO_AIM)
    if part == RANDOM_PART and dmg.kind not in ("resolve", "cynicism"):
        from gmconsole.systems.myriad.combat_options import hit_location

        pair = [typed.pop(0) if typed else rng.randint(1, 6) for _ in range(2)]
        part = hit_location(target.body, sum(pair))
        dmg.notes.append(f"hit location 2d6 [{pair[0]} {pair[1]}]")
    if part not in (NO_AIM, RANDOM_PART) and dmg.kind not in ("resolve", "cynicism"):
        from gmconsole.systems.myriad.body import part_kind
        from gmconsole.systems.myriad.combat_options import body_part

        row = body_part(part)
        boxes *= int(row["wound_multiplier"])
        if dmg.kind == "wounds":
            dmg.kind = part_kind(part, target.body)  # its effect comes with the wounds
        side = f" ({rng.choice(('left', 'right'))})" if part in ("arm", "foreleg") else ""
        said = dmg.kind != "wounds"  # the wounds' own log line tells the effect
        dmg.notes.append(f"{part.replace('_', ' ')}{side}" + ("" if said else f": {row['effect']}"))
    shown = " ".join(map(str, faces))
    auto = f" + {dmg.automatic} automatic" if dmg.automatic else ""
    text = f"{dmg.what} {len(faces)}D [{shown}] vs armour {dmg.armour}{auto}"
    if dmg.notes:
        text += f" ({'; '.join(dmg.notes)})"
    return DamageOffer(amount=boxes, kind=dmg.kind, text=text, dice=tuple(rolled), also=also)
