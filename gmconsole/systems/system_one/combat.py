"""An attack's situation as test switches: what the GM picks at the table (range, speed,
size, aim, rapid and walking fire, hands, moving while firing, melee reach, kicks, total
invisibility, firing from a vehicle) and the modifiers each adds to the chance.

Every switch is typed on the test line as KEY=VALUE (`check marcus attack:Rifle distance=80
aim=2 at guard-1`); `at TARGET` fills the target's defence and size from its sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmconsole.engine.checks import Modifier
from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import RuleOption
from gmconsole.systems.system_one import rules
from gmconsole.systems.system_one.components import SIDES, WHOLE
from gmconsole.systems.system_one.sheet import SystemOneSheet, Weapon

UNARMED_SKILLS = ("Streetfighting", "Martial Arts")
MAX_METRES = 100_000
HANDS = {"usual": (0, 0, 0), "off": (-25, -40, -80)}
"""By hand: a single weapon, two or more at one target, two or more at several targets
(the multi-weapon values include the off-hand penalty)."""
USUAL_MULTI = {"one": -10, "several": -30}


def switches() -> list[RuleOption]:
    """The per-test switches of an attack (their keys are what the test line takes)."""
    return [
        RuleOption(
            "called",
            "Called shot at",
            "",
            "a part to aim at with an attack",
            choices=("", *(loc.replace(" ", "-") for loc in rules.LOCATIONS)),
        ),
        RuleOption(
            "called_cost",
            "Called shot: to-hit given up",
            0,
            "each 5% given up is a 2% chance to hit the part called",
            choices=tuple(range(0, 55, 5)),
        ),
        RuleOption(
            "distance",
            "Distance (m)",
            0,
            "ranged: the range band; melee: against the reach",
            bounds=(0, MAX_METRES),
        ),
        RuleOption(
            "target_speed",
            "Target speed (m/turn)",
            0,
            "-1 per m/turn above 5; firing from a moving vehicle: its speed; vehicle against "
            "vehicle: the relative speed (calc relspeed)",
            bounds=(0, MAX_METRES),
        ),
        RuleOption(
            "size", "Target size (steps)", 0, "doublings (+) or halvings (-) of man-size", bounds=(-10, 10)
        ),
        RuleOption(
            "aim", "Turns aimed", 0, "+15 a turn (+10 at a fast target), at most 3", choices=(0, 1, 2, 3)
        ),
        RuleOption("rapid", "Rapid fire", False, "more than one shot this turn (ROF over 1): -20 every shot"),
        RuleOption(
            "shot",
            "Shot in the run",
            1,
            "walking the fire in: +5 for each shot at this target before",
            bounds=(1, 100),
        ),
        RuleOption("hand", "Hand", "usual", "the off hand: -25", choices=("usual", "off")),
        RuleOption(
            "weapons",
            "Weapons at once",
            "single",
            "two or more weapons at one target (-10, off hand -40) or several (-30, off hand -80)",
            choices=("single", "one", "several"),
        ),
        RuleOption(
            "moving",
            "Moving while firing",
            "still",
            "the base chance halved walking or trotting; no shot running",
            choices=("still", "walk", "trot", "run", "crawl"),
        ),
        RuleOption(
            "kicks", "Kicks straight before", 0, "a kick at once after a kick: -25 each", bounds=(0, 20)
        ),
        RuleOption(
            "invisible",
            "Totally invisible",
            "no",
            "the attacker (+20 ranged, +15 HTH) or the target (-50, -25)",
            choices=("no", "attacker", "target"),
        ),
        RuleOption(
            "rough", "Rough ride", False, "firing from a vehicle on rough going: the final chance halved"
        ),
        RuleOption("driving", "Driving too", False, "the driver fires: the final chance halved (again)"),
        RuleOption(
            "side",
            "Vehicle side hit",
            WHOLE,
            "at a vehicle: the side whose d100 table picks the part (any: the whole vehicle)",
            choices=(WHOLE, *SIDES),
        ),
    ]


def number(extra: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """A switch's value, bounded (the dialog and the test line send ints or digits)."""
    value = extra.get(key) or 0
    if isinstance(value, bool):
        value = int(value)
    return whole(value if isinstance(value, int) else str(value), key.replace("_", " "), low, high)


def called_part(extra: Mapping[str, Any]) -> str:
    """The part a called shot names, in the table's words ("right-leg" -> "right leg"); ""."""
    called = str(extra.get("called") or "")
    try:
        return rules.location_key(called) if called else ""
    except ValueError as exc:
        raise RulesError(str(exc)) from None


def unarmed(sheet: SystemOneSheet, name: str) -> Weapon | None:
    """A punch or kick for anyone, by the unarmed damage table: Streetfighting by STR (kicks
    from level 5), Martial Arts 1d2/1d3 and 1d4 kicks; no skill punches as Streetfighting."""
    key = name.strip().lower()
    if key not in ("punch", "kick"):
        return None
    strength = sheet.attr("STR")
    arts = sheet.skill_level("Martial Arts")
    street = sheet.skill_level("Streetfighting")
    if key == "kick":
        if arts:
            return Weapon(name="Kick", skill="Martial Arts", damage="1d4")
        if street >= 5:
            return Weapon(name="Kick", skill="Streetfighting", damage="1d3")
        raise RulesError("kicks need Martial Arts, or Streetfighting at level 5")
    if arts:
        return Weapon(name="Punch", skill="Martial Arts", damage="1d3" if strength > 60 else "1d2")
    damage = "1" if strength < 40 else "1d2" if strength <= 60 else "1d3"
    return Weapon(name="Punch", skill="Streetfighting", damage=damage)


def speed_levels(sheet: SystemOneSheet) -> int:
    """Levels of Heightened Speed switched on (25 points a level, at least 1)."""
    return sum(
        max(1, p.points // 25)
        for p in sheet.powers
        if p.active and p.name.lower().startswith("heightened speed")
    )


def is_armed(weapon: Weapon) -> bool:
    return weapon.skill not in (*UNARMED_SKILLS, "")


def _reach(sheet: SystemOneSheet, weapon: Weapon, distance: int) -> list[Modifier]:
    """Melee reach: 1 m (x2 a size level up, /2 down) plus the weapon's; -25 a metre closer
    than a reaching weapon's reach, -50 exactly 1 m beyond, no attack further."""
    body = 2.0**sheet.size_level
    reach = body + weapon.reach_m
    if distance > reach + 1:
        raise RulesError(f"{distance} m is more than 1 m past the reach ({reach:g} m): no attack, parry only")
    if distance > reach:
        return [Modifier("1 m past the reach", -50)]
    closer = int(reach - max(distance, 0)) if weapon.reach_m else 0
    return [Modifier(f"{closer} m inside the reach", -25 * closer)] if closer else []


def attack_mods(sheet: SystemOneSheet, weapon: Weapon, extra: Mapping[str, Any]) -> list[Modifier]:
    """The modifiers an attack's switches add (range or reach, speed, size, aim, shots,
    hands, kicks, invisibility); refused where the book allows no attack."""
    ranged = weapon.range_m > 0
    mods: list[Modifier] = []
    distance = number(extra, "distance", 0, MAX_METRES)
    if distance and ranged:
        band = rules.range_band(distance, weapon.range_m)
        if band is None:
            raise RulesError(f"{distance} m is beyond extreme range ({8 * weapon.range_m} m): no shot")
        if band[1]:
            mods.append(Modifier(f"{band[0]} range", band[1]))
    elif distance:
        mods += _reach(sheet, weapon, distance)
    speed = number(extra, "target_speed", 0, MAX_METRES)
    if rules.speed_modifier(speed):
        mods.append(Modifier("target speed", rules.speed_modifier(speed)))
    # the switch (a target with no sheet, or the GM's call) wins over the target's sheet
    size = number(extra, "size", -10, 10) or number(extra, "target_size", -10, 10)
    if size:
        mods.append(Modifier(f"target size {size:+d}", rules.size_modifier(size)))
    mods += _shots(weapon, extra, speed)
    mods += _hands(extra)
    kicks = number(extra, "kicks", 0, 20)
    if kicks:
        if weapon.name != "Kick":
            raise RulesError("kicks= counts kicks straight before this one: attack with attack:Kick")
        mods.append(Modifier(f"kick after {kicks} kick(s)", -25 * kicks))
    if not ranged:
        mine, theirs = speed_levels(sheet), number(extra, "target_hspeed", 0, 20)
        if mine:
            mods.append(Modifier(f"Heightened Speed {mine}", 10 * mine))
        if theirs:
            mods.append(Modifier(f"target's Heightened Speed {theirs}", -10 * theirs))
    invisible = str(extra.get("invisible") or "no")
    if invisible == "attacker":
        mods.append(Modifier("attacker invisible", 20 if ranged else 15))
    elif invisible == "target":
        mods.append(Modifier("target invisible", -50 if ranged else -25))
    called = called_part(extra)
    deduction = number(extra, "called_cost", 0, 50) if called else 0
    if deduction:
        mods.append(Modifier(f"called shot ({called})", -deduction))
    return mods


def _shots(weapon: Weapon, extra: Mapping[str, Any], speed: int) -> list[Modifier]:
    """Aim (first shot only), rapid fire and walking the fire in (`rules.shot_modifier`)."""
    aim_turns = number(extra, "aim", 0, 3)
    if aim_turns and not weapon.range_m:
        raise RulesError("aim= is for ranged attacks")
    rapid = bool(extra.get("rapid"))
    if rapid and weapon.rof <= 1:
        raise RulesError(f"{weapon.name} fires one shot a turn (ROF 1): no rapid fire")
    shot = number(extra, "shot", 1, 100) if extra.get("shot") else 1
    aim = rules.aim_bonus(aim_turns, fast_target=speed > 5)
    mods: list[Modifier] = []
    if aim and shot == 1:
        mods.append(Modifier(f"aimed {aim_turns} turn(s)", aim))
    if rapid:
        mods.append(Modifier("rapid fire", -20))
    walked = rules.shot_modifier(shot) if shot > 1 else 0
    if walked:
        mods.append(Modifier(f"shot {shot} walked in", walked))
    return mods


def _hands(extra: Mapping[str, Any]) -> list[Modifier]:
    hand = str(extra.get("hand") or "usual")
    weapons = str(extra.get("weapons") or "single")
    single, one, several = HANDS.get(hand, HANDS["usual"])
    if weapons in USUAL_MULTI:
        value = (one if weapons == "one" else several) if hand == "off" else USUAL_MULTI[weapons]
        return [Modifier(f"{'off hand, ' if hand == 'off' else ''}weapons at {weapons} target(s)", value)]
    return [Modifier("off hand", single)] if single else []


def halvings(extra: Mapping[str, Any], ranged: bool) -> tuple[bool, int]:
    """(base halved for moving, how often the final chance is halved): moving while firing
    halves the base before the modifiers; a rough ride and a driver firing halve the end."""
    moving = str(extra.get("moving") or "still")
    if moving in ("run", "crawl") and ranged:
        raise RulesError(f"no weapon fires while the firer {'runs' if moving == 'run' else 'crawls'}")
    return moving in ("walk", "trot") and ranged, int(bool(extra.get("rough"))) + int(
        bool(extra.get("driving"))
    )
