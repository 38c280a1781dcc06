"""The chase tracker at the command line: `chase WHO ...` (a `TorgSystem` sheet action).

    chase WHO flee [SKILL] [speed V] [tough T] [escape M] [noroom]
        WHO is the quarry: starts a chase in the active encounter. SKILL defaults to running
        (speed = the running value capped at the human limit 10; swimming likewise at 6); a
        vehicle, mount or flier needs its speed value. tough T: a vehicle's Toughness (speed
        fatigue goes to the vehicle, which stalls at it). escape M: the gap at which the quarry
        gets away. noroom: no lateral room, so a slower winner cannot evade.
    chase WHO pursue [SKILL] gap M [speed V] [tough T]
        WHO joins as a pursuer M metres behind the quarry.
    chase WHO roll [dice F...] [poss] [+N|-N]
        WHO's skill total for this round, rolled (or with the faces typed); poss spends a
        Possibility for an extra roll. When everyone has a total the round resolves.
    chase WHO total N          the total made with physical dice and worked out at the table
    chase WHO gap M            the GM sets WHO's (a pursuer's) separation
    chase WHO leave            WHO drops out (the quarry leaving ends the chase)
    chase WHO end              the chase is over

Everything lives in ``encounter.state["chase"]`` (see `chase`), so it is saved, logged and
undone with the event. A runner's own push fatigue is taken as shock at the end of the
encounter round (`pending_fatigue`).
"""

from __future__ import annotations

from gmconsole.engine.encounter import Encounter
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.actions import attempt
from gmconsole.systems.torg.chase import CHASE_SKILLS, Chase, Runner, metres, resolve_round
from gmconsole.systems.torg.check_words import find_skill
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.movement import human_limit
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tracker_state import load_state, save_state

KEY = "chase"
USAGE = "flee|pursue|roll|total|gap|leave|end [...]"


def load_chase(enc: Encounter | None) -> Chase | None:
    return load_state(enc, KEY, Chase)


def save_chase(enc: Encounter, chase: Chase | None) -> None:
    save_state(enc, KEY, chase)


_BOUNDS = {"gap": (0, 100000), "escape": (0, 100000), "tough": (0, 99), "toughness": (0, 99)}


def _int(words: list[str], i: int, word: str) -> int:
    """The number after `word`: a value (-50 to 200) or a gap or escape distance in metres (0 to 100,000)."""
    if i >= len(words):
        raise TorgError(f"'{word}' needs a whole number after it")
    low, high = _BOUNDS.get(word, (-50, 200))
    return whole(words[i], f"'{word}'", low, high)


def _options(words: list[str]) -> tuple[str, dict[str, int], set[str]]:
    """(skill, numbers after speed/tough/gap/escape, flags)."""
    numbers: dict[str, int] = {}
    flags: set[str] = set()
    skill_words: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w in ("speed", "tough", "toughness", "gap", "escape"):
            numbers[w[:5] if w.startswith("tough") else w] = _int(words, i + 1, w)
            i += 2
            continue
        if w in ("noroom", "room"):
            flags.add(w)
        else:
            skill_words.append(w)
        i += 1
    skill = find_skill(" ".join(skill_words)) if skill_words else "running"
    if skill not in CHASE_SKILLS:
        raise TorgError(f"a chase is run with {', '.join(s.replace('_', ' ') for s in CHASE_SKILLS)}")
    return skill, numbers, flags


def _runner(sheet: TorgSheet, scene: Scene, role: str, words: list[str]) -> tuple[Runner, dict, set]:
    c = scene.combatant
    if c is None:
        raise TorgError(f"{sheet.name} is not in the active encounter")
    skill, numbers, flags = _options(words)
    value, _ = sheet.action_value(skill)
    if "speed" in numbers:
        speed = numbers["speed"]
    elif skill in ("running", "swimming"):
        speed = min(value, human_limit(skill))
    else:
        raise TorgError(f"give the speed value for {skill.replace('_', ' ')} (speed V)")
    runner = Runner(
        id=c.id,
        name=c.name,
        role=role,
        skill=skill,
        value=value,
        speed=speed,
        gap=float(numbers["gap"]) if "gap" in numbers else None,
        toughness=numbers.get("tough"),
    )
    return runner, numbers, flags


def _describe(r: Runner) -> str:
    return f"{r.skill.replace('_', ' ')} {r.value}, speed {r.speed}"


def chase_verb(sheet: TorgSheet, args: list[str], scene: Scene) -> str:
    """Run one `chase WHO ...` command on the working copies (sheet, scene's encounter)."""
    enc = scene.encounter
    if enc is None:
        raise TorgError("no active encounter: a chase is run in one")
    if not args:
        raise TorgError(f"usage: chase WHO {USAGE}")
    verb, words = args[0].lower(), args[1:]
    chase = load_chase(enc)
    if verb == "flee":
        if chase is not None:
            raise TorgError("a chase is already on (chase WHO end first)")
        runner, numbers, flags = _runner(sheet, scene, "quarry", words)
        if "gap" in numbers:
            raise TorgError("the quarry has no gap: give each pursuer's (chase WHO pursue gap M)")
        chase = Chase(room="noroom" not in flags, escape=numbers.get("escape"), runners=[runner])
        save_chase(enc, chase)
        away = f", gets away at {metres(chase.escape)}" if chase.escape is not None else ""
        return f"flees: a chase begins ({_describe(runner)}{away})"
    if chase is None:
        raise TorgError("no chase on: start one with chase WHO flee")
    c = scene.combatant
    me = chase.runner(c.id) if c is not None else None
    if verb == "pursue":
        if me is not None:
            raise TorgError(f"{sheet.name} is already in the chase")
        runner, numbers, _ = _runner(sheet, scene, "pursuer", words)
        if runner.gap is None:
            raise TorgError("give the pursuer's distance behind the quarry: gap M")
        chase.runners.append(runner)
        save_chase(enc, chase)
        return f"gives chase {metres(runner.gap)} behind ({_describe(runner)})"
    if verb == "end":
        save_chase(enc, None)
        return "ends the chase"
    if me is None:
        raise TorgError(f"{sheet.name} is not in the chase")
    if verb == "leave":
        if me.role == "quarry":
            save_chase(enc, None)
            return "is out of the chase: it is over"
        chase.runners.remove(me)
        text = "drops out of the chase"
    elif verb == "gap":
        if me.role != "pursuer":
            raise TorgError("only a pursuer has a gap to the quarry")
        me.gap = float(_int(words, 0, "gap"))
        text = f"is now {metres(me.gap)} behind"
    elif verb in ("roll", "total"):
        text = _total(sheet, me, verb, words, scene)
        if not chase.waiting():
            text += "; round " + str(chase.round) + ": " + "; ".join(resolve_round(chase))
    else:
        raise TorgError(f"unknown chase word {verb!r} (usage: chase WHO {USAGE})")
    save_chase(enc, chase)
    return text


def _total(sheet: TorgSheet, me: Runner, verb: str, words: list[str], scene: Scene) -> str:
    if me.stalled:
        raise TorgError(f"{me.name}'s vehicle has stalled")
    if me.total is not None:
        raise TorgError(f"{me.name} already has a total this chase round ({me.total}); undo to change it")
    if verb == "total":
        total = _int(words, 0, "total")
        if len(words) > 1:
            raise TorgError("chase WHO total N takes one number")
        me.total, me.bonus = total, total - me.value
        return f"chase total {total} ({me.skill.replace('_', ' ')} {me.value}, bonus {me.bonus:+d})"
    given = parse_roll_words(
        words, scene, "chase WHO roll [dice F...] [poss] [+N]", flags={"poss": "poss", "possibility": "poss"}
    )
    typed, poss = given.dice, "poss" in given.flags
    att = attempt(
        sheet, me.skill, modifiers=given.modifiers, dice=typed or None, rng=None if typed else scene.rng
    )
    note = ""
    if poss:
        if sheet.possibilities.count < 1:
            raise TorgError(f"{sheet.name} has no Possibility to spend")
        left = typed[len(att.roll.faces) :] if typed else None
        att = att.with_extra_roll("possibility", dice=left, rng=None if typed else scene.rng)
        sheet.possibilities.spend(1, "extra roll: chase")
        note = f", a Possibility spent ({sheet.possibilities.count} left)"
    if typed and len(att.roll.faces) < len(typed):
        raise TorgError(f"{len(typed) - len(att.roll.faces)} typed dice were not used")
    me.total, me.bonus = att.action.total, att.action.bonus
    faces = " ".join(map(str, att.roll.faces))
    return (
        f"chase roll: {me.skill.replace('_', ' ')} {me.value}: [{faces}] bonus {me.bonus:+d}"
        f" (die roll {att.roll.final})"
        f" = {me.total}{note}"
    )


def pending_fatigue(enc: Encounter | None, cid: str) -> int:
    """Take (and clear) the push fatigue a runner owes at the end of the encounter round."""
    chase = load_chase(enc)
    me = chase.runner(cid) if chase is not None else None
    if me is None or not me.fatigue_due:
        return 0
    owed, me.fatigue_due = me.fatigue_due, 0
    assert enc is not None
    save_chase(enc, chase)
    return owed
