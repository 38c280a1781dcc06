"""The book's numbers at the command line, `calc KEY ARGS`, without touching any sheet.

Every number is read through `gmconsole.engine.numbers` with the bounds the rules give it (no
pool past 10 dice, no fall past 10 km, no race past 100 cars), so a mistyped or hostile figure
is refused by name before any rules code runs. Each answer is one line for the dice log.
The procedures live in the rules modules (`combat_options`, `effects`, `vehicles`, `modules`,
`advancement`); this module reads the arguments and words the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.base import Calculator
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.calc_args import (
    MAX_DICE,
    MAX_STAT,
    dice_count,
    need,
    plural,
    read_faces,
)
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.vehicle_calcs import control, leap, outrun, race, ram, ship

MAX_METRES = 10_000
MAX_HOURS = 10_000
MAX_DAYS = 3_650
MAX_LEVEL = 100
MAX_XP = 1_000_000


# ---- mortal combat ---------------------------------------------------------------------------

def move(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.conflict import free_movement, full_movement

    need(args, 1, 3, "move DEFENCE [FAST] [LOST]")
    defence = whole(args[0], "the defence statistic", 1, MAX_STAT)
    fast = whole(args[1], "Fast (or -Slow) levels", -3, 3) if len(args) > 1 else 0
    lost = whole(args[2], "metres lost", 0, 99) if len(args) > 2 else 0
    free = free_movement(defence, fast_slow=fast, penalty=lost)
    full = full_movement(defence, fast_slow=fast, penalty=lost)
    return (f"moves {free} m a round with an action, up to {full} m giving the action up "
            f"(3 + defence {defence}, Fast/Slow {fast:+d}, {lost} m lost)")


def autofire(args: Sequence[str]) -> str:
    need(args, 2, 2, "autofire DICE TARGETS")
    dice = dice_count(args[0], "the weapon's damage dice")
    targets = whole(args[1], "targets", 1, MAX_DICE)
    left = dice - (targets - 1)
    if left < 1:
        raise MyriadError(f"{dice}D can spray at most {dice} targets (one die dropped for each "
                          "extra target)")
    return (f"{targets} targets at {left}D each: one attack roll, each target defends on its "
            "own; the Guide picks the targets at random from the 90-degree arc, allies "
            "included, each at most once")


def area(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.combat_options import decay_dice

    need(args, 2, 3, "area DICE DECAY_M DISTANCE_M | area DICE uniform")
    dice = dice_count(args[0])
    if args[1].lower() == "uniform":
        return f"{dice}D to everyone wholly or partly inside the area"
    need(args, 3, 3, "area DICE DECAY_M DISTANCE_M")
    decay = decimal(args[1], "the decay range in metres", Decimal("0.1"), MAX_METRES)
    distance = decimal(args[2], "the distance in metres", 0, MAX_METRES)
    left = decay_dice(dice, float(decay), float(distance))
    return f"{left}D at {distance} m ({dice}D - 1 per full {decay} m)" + (
        ": no effect" if left == 0 else "")


def wmd(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.combat_options import wmd_hits

    need(args, 2, 3 + MAX_DICE, "wmd WMD ARMOUR [ht=N] [FACES...]")
    rating = whole(args[0], "the WMD rating", 1, 10)
    armour = whole(args[1], "the target's armour", 0, 20)
    rest = list(args[2:])
    hardened = 0
    if rest and rest[0].lower().startswith("ht="):
        hardened = whole(rest.pop(0)[3:], "the Hardened Target rating", 0, 10)
    effective = rating - hardened
    if hardened and (effective <= 0 or rating == 1):
        return f"no effect: WMD {rating} against a Hardened Target {hardened}"
    used = max(effective, 1) if rating > 1 else 1
    armour_left = max(0, armour - used) if rating > 1 else armour
    text = f"armour {armour} -> {armour_left}, each hit x{used}"
    if rest:
        hits = wmd_hits(read_faces(rest), rating, armour, hardened)
        text += f": {plural(hits, 'wound')}"
    return text


def flyer(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.combat_options import can_melee_flyer

    need(args, 2, 3, "flyer YOUR_COUNT FLYERS_COUNT [near]")
    mine = whole(args[0], "your initiative count", 0, 99)
    theirs = whole(args[1], "the flyer's initiative count", 0, 99)
    near = len(args) > 2 and args[2].lower() == "near"
    if can_melee_flyer(mine, theirs, near_flyers_target=near):
        return "can strike the flyer in melee (same count, it attacks you or someone near)"
    return ("cannot reach the flyer in melee: only on its own count (hold to it) when it "
            "attacks you or someone near you; ranged attacks treat it as 200 m away (-1)")


def pool(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.odds import expected_raw, success_chance

    need(args, 1, 2, "pool DICE [SKILL]")
    dice = whole(args[0], "the pool", 1, MAX_STAT)
    skill = whole(args[1], "the skill", 0, 5) if len(args) > 1 else 0
    chances = " ".join(f"{tn}:{float(success_chance(dice, skill, tn)):.0%}"
                       for tn in (4, 5, 6, 7, 8, 9, 11, 13))
    return (f"{dice}d6 + {skill}: average {float(expected_raw(dice)) + skill:.2f}; "
            f"chance by TN {chances}")


def opposed(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.odds import opposed_chance

    need(args, 4, 4, "opposed POOL SKILL AGAINST_POOL AGAINST_SKILL")
    a_pool = whole(args[0], "the initiator's pool", 1, MAX_STAT)
    a_skill = whole(args[1], "the initiator's skill", 0, 5)
    d_pool = whole(args[2], "the responder's pool", 1, MAX_STAT)
    d_skill = whole(args[3], "the responder's skill", 0, 5)
    p = opposed_chance(a_pool, a_skill, d_pool, d_skill)
    return (f"{a_pool}d6 + {a_skill} against {d_pool}d6 + {d_skill}: the initiator wins "
            f"{float(p):.1%} (ties included)")


def hitloc(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.combat_options import body_part, hit_location

    need(args, 2, 2, "hitloc BODY 2D6_TOTAL")
    total = whole(args[1], "the 2d6 total", 2, 12)
    part = hit_location(args[0], total)
    row = body_part(part)
    return f"{total} on {data.normalise(args[0])}: {part.replace('_', ' ')} ({row['effect']})"


def scale(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.combat_options import scale_modifier

    need(args, 2, 2, "scale ATTACKER_SCALE TARGET_SCALE")
    return f"{scale_modifier(args[0], args[1]):+d} to hit ({args[0]} firing at {args[1]})"


# ---- hazards ---------------------------------------------------------------------------------

def fall(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.effects import falling_damage

    need(args, 1, 1, "fall METRES")
    metres = decimal(args[0], "the height in metres", 0, MAX_METRES)
    points = falling_damage(float(metres))
    return f"falls {metres} m: {plural(points, 'automatic wound')}, armour no help"


def exposure(kind: str) -> Callable[[Sequence[str]], str]:
    def run(args: Sequence[str]) -> str:
        from gmconsole.systems.myriad.effects import exposure_damage

        need(args, 1, 1, f"{kind} HOURS")
        hours = decimal(args[0], "the hours of exposure", 0, MAX_HOURS)
        points = exposure_damage(float(hours))
        what = ("winter clothing or a fire prevents it; cannot be healed medically"
                if kind == "cold" else "anti-radiation drugs or a hazmat suit prevent it")
        return (f"{kind}, {hours} h: {plural(points, 'automatic wound')} (1 per half hour, "
                f"armour no help; {what})")
    return run


def starve(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.effects import starvation_damage

    need(args, 1, 2, "starve DAYS_WITHOUT_FOOD [DAYS_WITHOUT_WATER]")
    food = whole(args[0], "days without food", 0, MAX_DAYS)
    water = whole(args[1], "days without water", 0, MAX_DAYS) if len(args) > 1 else 0
    points = starvation_damage(food, water)
    return (f"{plural(points, 'wound')} (1 per 2 days without food, 2 a day without water); "
            "no healing until fed and watered")


def poison(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.conflict import damage_dealt

    need(args, 2, 2 + MAX_DICE, "poison DICE POWER [FACES...]")
    dice = dice_count(args[0])
    power = whole(args[1], "the victim's Power", 1, MAX_STAT)
    text = f"{dice}D against armour {power} (Power serves as armour against a weaker poison)"
    if len(args) > 2:
        faces = read_faces(args[2:])
        if len(faces) != dice:
            raise MyriadError(f"{dice} dice, but {len(faces)} faces given")
        text += f": {plural(damage_dealt(faces, power), 'wound')}"
    return text


# ---- characters, magic, horror ---------------------------------------------------------------

def level(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.advancement import gains_between, level_for_xp, xp_for_level

    need(args, 1, 2, "level XP [NEW_XP]")
    xp = whole(args[0], "XP", 0, MAX_XP)
    now = level_for_xp(xp)
    text = f"{xp} XP: level {now} (level {now + 1} at {xp_for_level(min(now + 1, MAX_LEVEL))})"
    if len(args) > 1:
        new = level_for_xp(whole(args[1], "the new XP", xp, MAX_XP))
        if new > now:
            g = gains_between(now, new)
            text += (f"; to level {new}: +{g.skill_points} skill, +{g.sfx_points} SFX, "
                     f"+{g.health_points} health, +{g.stat_points} statistic points")
    return text


def cost(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.advancement import gradual_cost

    need(args, 1, 2, "cost stat|skill LEVEL | cost new_skill | cost new_sfx OWNED")
    what = data.normalise(args[0])
    if what in ("stat", "skill"):
        need(args, 2, 2, f"cost {what} NEW_LEVEL")
        lvl = whole(args[1], "the new level", 1, MAX_STAT)
        return f"{what} to {lvl}: {gradual_cost(what, new_level=lvl)} XP"  # type: ignore[arg-type]
    owned = whole(args[1], "SFX owned", 0, 99) if len(args) > 1 else 0
    if what not in ("new_skill", "new_sfx"):
        raise MyriadError(f"cost: {args[0]!r} (stat, skill, new_skill, new_sfx)")
    return f"{what.replace('_', ' ')}: {gradual_cost(what, owned_sfx=owned)} XP"  # type: ignore[arg-type]


def monster(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.advancement import monster_xp

    need(args, 2, 3, "monster PC_LEVEL MONSTER_LEVEL [x10]")
    pc = whole(args[0], "the character's level", 1, MAX_LEVEL)
    foe = whole(args[1], "the enemy's level", 0, MAX_LEVEL)
    fine = len(args) > 2 and args[2].lower() == "x10"
    return f"{monster_xp(pc, foe, fine=fine)} XP for the enemy" + (" (XP table x10)" if fine else "")


def fear(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.modules import fear_dice

    need(args, 1, 8, "fear SOURCE [CIRCUMSTANCE...]")
    return f"{fear_dice(args[0], args[1:])}D of fear against Fear Armour (2 unless boons raise it)"


def spell(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.modules import imbue_limit, spell_limit

    need(args, 1, 2, "spell INTELLECT [PUISSANCE]")
    intellect = whole(args[0], "Intellect", 1, MAX_STAT)
    puissance = whole(args[1], "Puissance", 0, MAX_STAT) if len(args) > 1 else 0
    return (f"at most {spell_limit(intellect, puissance)} components in a woven spell, "
            f"{imbue_limit(intellect, puissance)} in an imbued item (at twice the sixes; "
            "-1 Intellect per item until used)")


def counter(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.modules import counter_spell, easy_counter

    need(args, 2, 3, "counter SPELL_SIXES COUNTER_SIXES [easy]")
    spell_sixes = whole(args[0], "the spell's sixes", 0, 99)
    sixes = whole(args[1], "the counter's sixes", 0, 99)
    if len(args) > 2 and args[2].lower() == "easy":
        ok = easy_counter(spell_sixes, sixes)
        return ("cancelled (more than half its sixes burnt)" if ok else
                "not cancelled: the target may still dodge")
    ok = counter_spell(spell_sixes, sixes)
    return "negated" if ok else "Counter-Spell fails: all or nothing (2 SFX dice per six)"


def glide(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.modules import glide_distance

    need(args, 2, 2, "glide LAUNCH_M LANDING_M")
    up = decimal(args[0], "the launch height", 0, MAX_METRES)
    down = decimal(args[1], "the landing height", 0, MAX_METRES)
    return f"glides about {glide_distance(float(up), float(down)):g} m"


def longevity(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.modules import longevity_aging

    need(args, 1, 1, "longevity AGING_DAMAGE")
    damage = whole(args[0], "the aging damage", 0, 10_000)
    aged = longevity_aging(damage)
    return f"{aged} {'box' if aged == 1 else 'boxes'} of aging damage (a tenth, nearest)"


def template(args: Sequence[str]) -> str:
    from gmconsole.systems.myriad.templates import race

    need(args, 1, 1, "template RACE")
    r = race(args[0])
    return f"{r.name}: {r.cost_note}"


HANDLERS: dict[str, Callable[[Sequence[str]], str]] = {
    "move": move, "autofire": autofire, "area": area, "wmd": wmd, "hitloc": hitloc,
    "scale": scale, "fall": fall, "cold": exposure("cold"), "radiation": exposure("radiation"),
    "starve": starve, "poison": poison, "ram": ram, "outrun": outrun, "race": race,
    "control": control, "leap": leap, "ship": ship, "level": level, "cost": cost,
    "monster": monster, "fear": fear, "spell": spell, "counter": counter, "glide": glide,
    "longevity": longevity, "template": template, "flyer": flyer, "pool": pool,
    "opposed": opposed,
}

CALCULATORS = (
    Calculator("move", "Movement a round", "DEFENCE [FAST] [LOST]",
               "3 + defence m, x3 without acting"),
    Calculator("autofire", "Autofire", "DICE TARGETS", "one die dropped per extra target"),
    Calculator("area", "Area effect", "DICE DECAY_M DISTANCE_M | DICE uniform",
               "-1 die per full decay range"),
    Calculator("wmd", "WMD and hardened targets", "WMD ARMOUR [ht=N] [FACES...]",
               "WMD less HT: armour down, hits x"),
    Calculator("flyer", "Fighting a flyer", "YOUR_COUNT FLYERS_COUNT [near]",
               "melee a flyer only on its count"),
    Calculator("pool", "Odds of a pool", "DICE [SKILL]", "average and chance at each TN"),
    Calculator("opposed", "Odds of an opposed test", "POOL SKILL AGAINST_POOL AGAINST_SKILL",
               "the initiator's exact chance"),
    Calculator("hitloc", "Hit location", "BODY 2D6",
               "humanoid, bat_bird, snake_worm..."),
    Calculator("scale", "Combat scale", "ATTACKER TARGET", "rows up -1, down +1"),
    Calculator("fall", "Falling", "METRES", "1 per 3 m past 3, at most 10"),
    Calculator("cold", "Extreme cold", "HOURS", "1 wound per half hour"),
    Calculator("radiation", "Radiation", "HOURS", "1 wound per half hour"),
    Calculator("starve", "Starvation", "DAYS_NO_FOOD [DAYS_NO_WATER]",
               "food: 1 per 2 days; water: 2 a day"),
    Calculator("poison", "Poison", "DICE POWER [FACES...]", "Power is the armour"),
    Calculator("ram", "Ramming", "MPH MASS [RAM_MASTER_SIXES]",
               "mass: same, target_half, rammer_half..."),
    Calculator("outrun", "Chase tally", "ESC_VC ESC_ROLL PURSUER_VC PURSUER_ROLL [TALLY]",
               "+VC gap, +1/-1 by the rolls; lost at 3"),
    Calculator("race", "Race", "ROLL ROLL... | target CARS [PER]",
               "lowest roll 1 point; target cars x 5"),
    Calculator("control", "Loss of control", "RESULT [same|quarter|eighth]",
               "Manoeuvre/Drive vs TN 6 when rammed"),
    Calculator("leap", "Vehicle leap", "MANOEUVRE [SIXES]", "Manoeuvre m + (Manoeuvre + 2) a six"),
    Calculator("ship", "Carrier hit location", "D100", "the large carrier's d100 chart"),
    Calculator("level", "Level from XP", "XP [NEW_XP]", "and what the levels gained give"),
    Calculator("cost", "Gradual XP cost", "stat|skill LEVEL | new_skill | new_sfx OWNED",
               "gradual XP price of the next step"),
    Calculator("monster", "Monster XP", "PC_LEVEL ENEMY_LEVEL [x10]", "XP for an enemy (x10: fine scale)"),
    Calculator("fear", "Fear dice", "SOURCE [CIRCUMSTANCE...]",
               "e.g. inhuman_entities darkness alone"),
    Calculator("spell", "Spell limits", "INTELLECT [PUISSANCE]", "woven and imbued component limits"),
    Calculator("counter", "Counter-magic", "SPELL_SIXES COUNTER_SIXES [easy]",
               "all or nothing; easy: over half"),
    Calculator("glide", "Gliding", "LAUNCH_M LANDING_M", "about 10 x the drop"),
    Calculator("longevity", "Longevity", "AGING_DAMAGE", "a tenth, nearest"),
    Calculator("template", "Racial template cost", "RACE",
               "its GP price beside the printed one"),
)


def calculate(key: str, args: Sequence[str]) -> str:
    handler = HANDLERS.get(key)
    if handler is None:
        raise MyriadError(data.unknown_message("calculator", key, HANDLERS))
    return handler(args)
