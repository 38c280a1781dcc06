"""Myriad's own verbs at the command line: healing that the generic `heal N` cannot express.

- ``rest WHO [NIGHTS]``: good nights' sleep, 1 wound box a night and 1 critical box every third
  night, the two in parallel (spec §4.7, ruling D2: the sheet counts the nights towards the next
  critical box, so three separate `rest` lines heal a critical box like `rest WHO 3`).
- ``medic WHO RESULT``: the medic's Intellect/Medic total against TN 12 - the patient's boxes
  left (ruling D1 picks the count, campaign option ``medic_tn_counts``); success restores 1 +
  the margin, critical boxes first; a failure restores nothing and is logged all the same.

The Lucky/Unlucky re-rolls (`luck`), extended tasks (`tasks`) and spell weaving (`weaving`)
are dispatched by `module_action`; each module's docstring gives its syntax and rulings.

Plain damage and healing stay the generic verbs: ``dmg WHO N [wounds|critical|resolve]`` and
``heal WHO N [...]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene, SheetAction, SheetChange
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.healing import DEAD_REVIVAL_MINUTES, MEDIC_MINUTES
from gmconsole.systems.myriad.views import boxes, boxes_left

if TYPE_CHECKING:
    from gmconsole.systems.myriad.sheet import MyriadSheet
    from gmconsole.systems.myriad.system import MyriadSystem

MAX_NIGHTS = 366
"""`rest x 3000` is a typo, not a sabbatical."""

SHEET_ACTIONS = (
    SheetAction("rest", "A night's rest", "[NIGHTS]",
                "1 wound a night, 1 critical every third; not mid-fight"),
    SheetAction("medic", "Medical care", "RESULT [revive]",
                "Intellect/Medic vs TN 12 - boxes left: heals 1 + margin"),
    SheetAction("lucky", "Lucky re-roll", "[vs N] [DICE...]",
                "re-roll WHO's failed last test (Lucky uses)"),
    SheetAction("unlucky", "Unlucky re-roll", "[vs N] [DICE...]",
                "the Guide makes WHO re-roll a success"),
    SheetAction("reroll", "Opponent's re-roll", "[vs N] [DICE...]",
                "the opponent's free answer to a Lucky re-roll"),
    SheetAction("task", "Extended action", "new|roll|result|add|show|drop KEY[/SECTION] ...",
                "extended task: new, roll, result, add, show, drop"),
    SheetAction("weave", "Weave a spell", "[DICE...] | put COMPONENT[=N]... | drop",
                "this round's weaving roll; put sixes; drop it"),
    SheetAction("cast", "Cast the woven spell", "[vs N] [DICE...]",
                "release the spell; vs N: an unwilling target"),
    SheetAction("shield", "Magic shield", "ARMOUR",
                "Shield spell armour on WHO; 0 ends it"),
    SheetAction("imbue", "Imbue an item", "ITEM",
                "the woven spell into an item: 2 sixes a component"),
    SheetAction("mend", "Heal spell", "SIXES",
                "Heal spell: 2 wounds or 1 critical a six"),
    SheetAction("hurt", "Damage dice", "[LINE] FACES...",
                "table-rolled damage dice vs the line's armour"),
    SheetAction("build", "Point-buy check", "[recommended|mundane|heroic|godlike]",
                "points spent against a creation preset"),
    SheetAction("luck", "Lucky/Unlucky uses", "[new]",
                "Lucky/Unlucky uses left; new: a new session"),
)


MAX_RESULT = 99
"""A test total no Myriad roll reaches (10 dice, skill 5, every die a six: 31)."""


def _number(args: Sequence[str], default: int | None, usage: str, what: str,
            high: int) -> int:
    if len(args) > 1:
        raise MyriadError(f"too many words after the name ({usage})")
    if not args:
        if default is None:
            raise MyriadError(f"give a number ({usage})")
        return default
    return whole(args[0], what, 1 if default is not None else 0, high)


def refuse_mid_fight(scene: Scene, who: str, what: str) -> None:
    """Rest takes a night and medical care half an hour: neither happens during a running
    fight the character is in (spec §4.7)."""
    enc = scene.encounter
    if enc is not None and enc.started and scene.combatant is not None:
        raise MyriadError(f"{who} is in a running fight ({enc.name}, round {enc.round}): "
                          f"{what}; end the encounter first")


def rest(natural_heal: Callable[[int], SheetChange], args: Sequence[str],
         scene: Scene, who: str) -> SheetChange:
    nights = _number(args, 1, "rest WHO [NIGHTS]", "nights", MAX_NIGHTS)
    refuse_mid_fight(scene, who, "a night's rest waits for the night")
    change = natural_heal(nights)
    main, critical = change.detail["main"], change.detail["critical"]
    line = change.sheet.line("wounds")  # type: ignore[attr-defined]
    night = "night" if nights == 1 else "nights"
    text = (f"rests {nights} {night}: {boxes(main)} and {critical} critical healed "
            f"({boxes_left('wounds', line)})")
    return SheetChange(sheet=change.sheet, text=text, detail=change.detail)


def medic(medic_heal: Callable[[int, Mapping[str, Any]], SheetChange], args: Sequence[str],
          scene: Scene, who: str, dead: bool) -> SheetChange:
    """``medic WHO RESULT [revive]``: a dead patient only with ``revive`` (within 10 minutes of
    death, with the Guide's agreement)."""
    words = list(args)
    revive = bool(words) and words[-1].lower() == "revive"
    if revive:
        words.pop()
    result = _number(words, None, "medic WHO RESULT [revive]", "the medic's result", MAX_RESULT)
    refuse_mid_fight(scene, who, f"medical care takes {MEDIC_MINUTES} minutes")
    if dead and not revive:
        raise MyriadError(f"{who} is dead: a medic may try only within {DEAD_REVIVAL_MINUTES} "
                          "minutes of death, with the Guide's agreement (medic WHO RESULT "
                          "revive)")
    change = medic_heal(result, scene.options)
    d = change.detail
    word = "success" if d["margin"] >= 0 else "failure"
    line = change.sheet.line("wounds")  # type: ignore[attr-defined]
    text = (f"gets medical care: {result} vs TN {d['tn']}, {word}, {boxes(d['restored'])} "
            f"restored ({boxes_left('wounds', line)})")
    return SheetChange(sheet=change.sheet, text=text, detail=d)


def build_text(report: Any) -> str:
    """ "Recommended Method: stat 16/16, skill 14/14, sfx 5/5, health 12/12, GP 6/6: legal"."""
    pools = ", ".join(f"{k} {report.spent[k]}/{report.available[k]}" for k in report.spent)
    text = f"{report.preset.name}: {pools}, GP {report.gp_spent}/{report.gp_available}"
    return text + (": legal" if report.ok else ": " + "; ".join(report.problems))


MODULE_ACTIONS = ("lucky", "unlucky", "reroll", "luck", "task", "weave", "cast", "shield",
                  "mend", "imbue")


def module_action(sheet: Any, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
    """Run one of `MODULE_ACTIONS`; faces typed for the session (``scene.dice``) are taken
    here, so the session sees them used."""
    from gmconsole.systems.myriad import luck, weaving
    from gmconsole.systems.myriad.resolution import run_check
    from gmconsole.systems.myriad.tasks import TaskAction

    if action == "task":
        text, detail = TaskAction(sheet, scene, run_check).run(args)
        return SheetChange(sheet=sheet, text=text, detail=detail)
    typed, scene.dice[:] = list(scene.dice), []
    sub = args[0].lower() if args else ""
    if action == "luck":
        new, text, detail = luck.luck_report(sheet, args)
    elif action in ("lucky", "unlucky", "reroll"):
        kind = "opponent" if action == "reroll" else action
        new, text, detail = luck.run_reroll(run_check, sheet, kind, args, scene.rng, typed)
    elif action == "shield":
        new, text, detail = weaving.shield(sheet, args)
    elif action == "imbue":
        new, text, detail = weaving.imbue(sheet, args)
    elif action == "mend":
        dead = sheet.line("wounds").status == "dead"
        new, text, detail = weaving.mend(sheet, args, dead)
    elif action == "cast":
        new, text, detail = weaving.cast(sheet, args, scene.rng, typed, run_check)
    elif sub == "put":
        new, text, detail = weaving.put(sheet, args[1:])
    elif sub == "drop":
        new, text, detail = weaving.drop(sheet)
    else:
        new, text, detail = weaving.weave_roll(sheet, args, scene.rng, typed, scene.options)
    return SheetChange(sheet=new, text=text, detail=detail)


def perform(system: MyriadSystem, s: MyriadSheet, action: str, args: Sequence[str],
            scene: Scene) -> SheetChange:
    """Run one of the system's verbs on ``s`` (a Myriad sheet; never changed in place)."""
    from gmconsole.systems.myriad import maneuvers, progression

    if action == "rest":
        return rest(lambda n: system.natural_heal(s, n), args, scene, s.who)
    if action == "medic":
        dead = system.status(s).health == "dead"
        return medic(lambda r, o: system.medic_heal(s, r, o), args, scene, s.who, dead)
    if action in MODULE_ACTIONS:
        return module_action(s, action, args, scene)
    if action == "build":
        return build(system, s, args, scene)
    if action == "hurt":
        return hurt(system, s, args)
    if action in ("chase", "section"):
        from gmconsole.systems.myriad import vehicle_actions

        other = scene.other if isinstance(scene.other, type(s)) else None
        return vehicle_actions.perform(s, action, args, other)
    if action in progression.KEYS:
        typed, scene.dice[:] = list(scene.dice), []
        new, text, detail = (progression.award(s, args) if action == "xp" else
                             progression.advance(s, args, scene.rng, typed))
        return SheetChange(sheet=new, text=text, detail=detail)
    return maneuvers.perform(system, s, action, args, scene)


def build(system: MyriadSystem, s: MyriadSheet, args: Sequence[str],
          scene: Scene) -> SheetChange:
    """``build WHO [PRESET]``: the point-buy check; changes nothing."""
    from gmconsole.systems.myriad.creation import preset_ids

    if len(args) > 1 or (args and data.normalise(args[0]) not in preset_ids()):
        raise MyriadError(f"usage: build WHO [{'|'.join(preset_ids())}]")
    options = {**dict(scene.options),
               **({"creation_preset": data.normalise(args[0])} if args else {})}
    report = system.build_report(s, options)
    return SheetChange(sheet=s, text=f"build check: {build_text(report)}",
                       detail={"ok": report.ok, "problems": report.problems})


def hurt(system: MyriadSystem, s: MyriadSheet, args: Sequence[str]) -> SheetChange:
    """``hurt WHO [LINE] FACES...``: damage dice rolled at the table, each over the armour for
    that line (physical, social, fear) crossing off a box."""
    words = list(args)
    kind = None if not words or words[0].isdigit() else words.pop(0)
    if not words or len(words) > 60:
        raise MyriadError("usage: hurt WHO [LINE] FACES... (1 to 60 dice)")
    faces = [whole(w, "a die", 1, 6) for w in words]
    return system.damage_from_dice(s, faces, kind)
