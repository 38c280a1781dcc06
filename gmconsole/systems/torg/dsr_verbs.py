"""The dramatic skill resolution tracker at the command line: `dsr WHO ...` (see `dsr`).

    dsr WHO start SKILL dn N [NAME...]   WHO takes on a dramatic task (steps A-D)
    dsr WHO roll [steps K] [last] [dice F...] [+N|-N]
                        WHO's try this round: the steps the flipped card's DSR box allows (or its
                        hazard), K of them if given; last: the last-ditch effort (every step left
                        at DN + increase + 4)
    dsr WHO total N [steps K] [last]     the same with a total made at the table
    dsr WHO end                          drop the task (done or abandoned)

The card's letters and hazard come from the card in effect (the drama deck's round), so the
GM types nothing of them. Each task lives in ``encounter.state["dsr"][combatant id]``.
"""

from __future__ import annotations

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.actions import attempt
from gmconsole.systems.torg.check_words import find_skill
from gmconsole.systems.torg.dsr import STEPS, DsrTask, dsr_round
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.sheet import TorgSheet

KEY = "dsr"
USAGE = "start SKILL dn N [NAME...]|roll [steps K] [last] [dice F...]|total N [steps K] [last]|end"


def describe(task: DsrTask) -> str:
    done = STEPS[: task.steps_done] or "-"
    state = " NEW APPROACH" if task.needs_new_approach else " done" if task.done else ""
    return f"{task.name}: DN {task.dn}, steps {done}{state}"


def dsr_verb(order: DramaDeckOrder, sheet: TorgSheet, args: list[str], scene: Scene) -> str:
    enc, c = scene.encounter, scene.combatant
    if enc is None or c is None:
        raise TorgError(f"{sheet.name} is not in the active encounter")
    if not args:
        raise TorgError(f"usage: dsr WHO {USAGE}")
    tasks: dict = dict(enc.state.get(KEY, {}))
    verb, words = args[0].lower(), args[1:]
    if verb == "start":
        if c.id in tasks:
            raise TorgError(f"{sheet.name} already has a dramatic task (dsr WHO end first)")
        lowered = [w.lower() for w in words]
        if "dn" not in lowered or lowered.index("dn") + 1 >= len(words):
            raise TorgError(f"usage: dsr WHO {USAGE.split('|')[0]}")
        at = lowered.index("dn")
        difficulty = whole(words[at + 1], "the dn", 0, 200)
        skill = find_skill(" ".join(words[:at]))
        sheet.action_value(skill)  # refuses a skill the character cannot use
        name = " ".join(words[at + 2 :]) or skill.replace("_", " ")
        task = DsrTask(name=name, skill=skill, difficulty=difficulty)
        tasks[c.id] = task.model_dump(mode="json")
        enc.state[KEY] = tasks
        return f"takes on a dramatic task: {describe(task)}"
    if c.id not in tasks:
        raise TorgError(f"{sheet.name} has no dramatic task (dsr WHO start SKILL dn N)")
    task = DsrTask.model_validate(tasks[c.id])
    if verb == "end":
        del tasks[c.id]
        if tasks:
            enc.state[KEY] = tasks
        else:
            enc.state.pop(KEY, None)
        return f"ends the dramatic task ({describe(task)})"
    if verb not in ("roll", "total"):
        raise TorgError(f"unknown dsr word {verb!r} (usage: dsr WHO {USAGE})")
    eff = order.effects(enc)
    if eff is None:
        raise TorgError("no drama card in effect: the DSR box comes from the round's card")
    total, attempt_n, last, text = _total(sheet, task, verb, words, scene)
    hazard = None if last else eff.hazard
    out = dsr_round(task, total, card_steps=eff.dsr or "", hazard=hazard, attempt=attempt_n, last_ditch=last)
    tasks[c.id] = task.model_dump(mode="json")
    enc.state[KEY] = tasks
    box = eff.hazard.replace("_", " ") if eff.hazard else eff.dsr or "-"
    credit = " (draw WHO takes the card)" if out.approved_credit else ""
    text += f" (card: {box}{', last ditch' if last else ''}): {out.text}{credit}; {describe(task)}"
    return text


def _total(
    sheet: TorgSheet, task: DsrTask, verb: str, words: list[str], scene: Scene
) -> tuple[int, int | None, bool, str]:
    typed_total = None
    if verb == "total":
        if not words:
            raise TorgError("dsr WHO total N [steps K] [last]")
        typed_total, words = whole(words[0], "the total", -50, 200), words[1:]
    rolled = typed_total is None
    given = parse_roll_words(
        words,
        scene,
        f"usage: dsr WHO {USAGE}",
        flags={"last": "last", "lastditch": "last"},
        counts=("steps",),
        modifiers=rolled,
        dice=rolled,
    )
    dice, mods, steps, last = given.dice, given.modifiers, given.counts.get("steps"), "last" in given.flags
    if typed_total is not None:
        return typed_total, steps, last, f"{task.skill.replace('_', ' ')} total {typed_total}"
    att = attempt(sheet, task.skill, modifiers=mods, dice=dice or None, rng=None if dice else scene.rng)
    if dice and len(att.roll.faces) < len(dice):
        raise TorgError(f"{len(dice) - len(att.roll.faces)} typed dice were not used")
    faces = " ".join(map(str, att.roll.faces))
    a = att.action
    text = f"{task.skill.replace('_', ' ')} {a.value}: [{faces}] bonus {a.bonus:+d} = {a.total}"
    return att.action.total, steps, last, text


def header_lines(tasks: dict) -> list[str]:
    return [f"DSR {describe(DsrTask.model_validate(t))}" for t in tasks.values()]
