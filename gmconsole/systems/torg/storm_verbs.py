"""The reality storm tracker at the command line: `storm WHO ...` (a `TorgSystem` sheet action).

    storm WHO invoke [in COSM]   WHO invokes a storm where they stand (COSM: where that is,
                                 default WHO's home cosm); radius 5 m
    storm WHO resist             the opponent joins; strength = the higher reality value
    storm WHO roll [dice F...] [+N|-N]
                                 WHO's reality total this round (home +3 added by the tracker);
                                 with both totals in, the round resolves
    storm WHO total N [dice F]   a reality total made at the table (home +3 still added; F: the
                                 loser's contradiction die if the round transforms someone)
    storm WHO drain|gain         the maelstrom choice for WHO's results (default drain)
    storm WHO settle             write what the storm owes WHO onto the sheet now
    storm WHO end                the storm is over (both sides settle at the end of the round)

The state lives in ``encounter.state["storm"]`` (see `storm`), saved, logged and undone with
each event. A side's Possibility losses and gains are written on its sheet when it next uses
`storm`, at the end of the encounter round, or with `settle`.
"""

from __future__ import annotations

from gmconsole.engine.encounter import Encounter
from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.actions import attempt
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.rules_data import cosm_names
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.storm import Owed, Side, Storm, resolve_round
from gmconsole.systems.torg.tracker_state import load_state, save_state

KEY = "storm"
USAGE = "invoke [in COSM]|resist|roll [dice F...]|total N|drain|gain|settle|end"


def load_storm(enc: Encounter | None) -> Storm | None:
    return load_state(enc, KEY, Storm)


def save_storm(enc: Encounter, storm: Storm | None) -> None:
    save_state(enc, KEY, storm)


def settle(sheet: TorgSheet, side: Side) -> str:
    """Write `side.owed` on the sheet (in place) and clear it; what changed, or ""."""
    owed, notes = side.owed, []
    if owed.possibilities > 0:
        sheet.possibilities.gain(owed.possibilities, "reality storm")
        notes.append(f"gains {owed.possibilities} Possibilities")
    elif owed.possibilities < 0:
        loss = -owed.possibilities
        spent = min(loss, sheet.possibilities.count)
        if spent:
            sheet.possibilities.spend(spent, "reality storm")
        adds = min(loss - spent, sheet.skills.get("reality", 0))
        if adds:
            left = sheet.skills["reality"] - adds
            sheet.skills = {k: v for k, v in sheet.skills.items() if k != "reality"} | (
                {"reality": left} if left else {}
            )
        notes.append(f"loses {spent} Possibilities" + (f" and {adds} reality adds" if adds else ""))
    if owed.transformed and not sheet.transformed:
        sheet.transformed = True
        if sheet.possibilities.count:
            sheet.possibilities.spend(sheet.possibilities.count, "transformed")
        notes.append("is transformed" + (" (physically)" if owed.physically else ""))
    side.owed = Owed()
    side.possibilities, side.adds = sheet.possibilities.count, sheet.skills.get("reality", 0)
    return ", ".join(notes)


def _side(sheet: TorgSheet, scene: Scene) -> Side:
    c = scene.combatant
    if c is None:
        raise TorgError(f"{sheet.name} is not in the active encounter")
    if not sheet.possibility_rated:
        raise TorgError(f"{sheet.name} is an Ord: only possibility-rated characters fight a reality storm")
    return Side(
        id=c.id,
        name=c.name,
        cosm=sheet.cosm,
        reality=sheet.skill_value("reality"),
        possibilities=sheet.possibilities.count,
        adds=sheet.skills.get("reality", 0),
    )


def _cosm(words: list[str], default: str) -> str:
    if not words:
        return default
    if words[0].lower() != "in" or len(words) < 2:
        raise TorgError(f"usage: storm WHO {USAGE}")
    key = "_".join(words[1:]).lower().replace("-", "_")
    names = cosm_names()
    if key not in names:
        raise TorgError(f"unknown cosm {key!r} (known: {', '.join(names)})")
    return key


def storm_verb(sheet: TorgSheet, args: list[str], scene: Scene) -> str:
    """Run one `storm WHO ...` command on the working copies (sheet, scene's encounter)."""
    enc = scene.encounter
    if enc is None:
        raise TorgError("no active encounter: a storm is tracked in one")
    if not args:
        raise TorgError(f"usage: storm WHO {USAGE}")
    verb, words = args[0].lower(), args[1:]
    storm = load_storm(enc)
    if verb == "invoke":
        if storm is not None and not storm.over:
            raise TorgError("a reality storm is already raging (storm WHO end first)")
        me = _side(sheet, scene)
        storm = Storm(cosm=_cosm(words, sheet.cosm), strength=me.reality, sides=[me])
        save_storm(enc, storm)
        return f"invokes a reality storm in {cosm_names()[storm.cosm]} (reality {me.reality}; radius 5 m)"
    if storm is None:
        raise TorgError("no reality storm: start one with storm WHO invoke")
    c = scene.combatant
    me = storm.side(c.id) if c is not None else None
    if verb == "resist":
        if me is not None or len(storm.sides) == 2:
            raise TorgError("the storm already has both its sides")
        me = _side(sheet, scene)
        storm.sides.append(me)
        storm.strength = max(storm.strength, me.reality)
        save_storm(enc, storm)
        return f"is caught in the storm (reality {me.reality}); strength {storm.strength}"
    if me is None:
        raise TorgError(f"{sheet.name} is not in the storm")
    settled = settle(sheet, me)
    text = _act(sheet, storm, me, verb, words, scene)
    if verb == "end" or (storm.over and not any(_owes(s) for s in storm.sides)):
        save_storm(enc, None)
    else:
        save_storm(enc, storm)
    return f"{settled}; {text}" if settled else text


def _owes(side: Side) -> bool:
    return side.owed != Owed()


def _act(sheet: TorgSheet, storm: Storm, me: Side, verb: str, words: list[str], scene: Scene) -> str:
    if verb in ("drain", "gain"):
        me.choice = verb
        return f"will {verb} in the maelstrom"
    if verb == "settle":
        return "settles with the storm"
    if verb == "end":
        if any(_owes(s) for s in storm.sides if s is not me):
            raise TorgError("the other side still has storm losses to settle (storm OTHER settle)")
        return "ends the reality storm"
    if verb not in ("roll", "total"):
        raise TorgError(f"unknown storm word {verb!r} (usage: storm WHO {USAGE})")
    if storm.over:
        raise TorgError("the storm is over")
    if len(storm.sides) < 2:
        raise TorgError("the storm needs its second side first (storm OTHER resist)")
    if me.total is not None:
        raise TorgError(f"{me.name} already has a total this storm round ({me.total}); undo to change it")
    home = storm.home_bonus(me)
    typed_total = None
    if verb == "total":
        if not words:
            raise TorgError("storm WHO total N [dice F]: the total, then any die for a contradiction check")
        typed_total, words = whole(words[0], "the reality total", -50, 200), words[1:]
    given = parse_roll_words(words, scene, "storm WHO roll [dice F...] [+N]", modifiers=typed_total is None)
    typed, mods = given.dice, given.modifiers
    if typed_total is not None:
        rolled, text = typed_total, f"reality total {typed_total}"
    else:
        att = attempt(sheet, "reality", modifiers=mods, dice=typed or None, rng=None if typed else scene.rng)
        typed = typed[len(att.roll.faces) :]
        rolled = att.action.total
        faces = " ".join(map(str, att.roll.faces))
        text = f"reality {att.action.value}: [{faces}] bonus {att.action.bonus:+d} = {rolled}"
    me.total = rolled + home
    if home:
        text += f", +3 home cosm = {me.total}"
    if storm.waiting():
        if typed:
            raise TorgError(f"{len(typed)} typed dice were not used")
        return text
    feed = iter(typed)
    notes = resolve_round(storm, feed, scene.rng)
    if next(feed, None) is not None:
        raise TorgError("typed dice were left over")
    text += f"; storm round {storm.round - 1}: " + "; ".join(notes)
    state = ", maelstrom" if storm.maelstrom else ""
    text += f" [radius {storm.radius:,.0f} m, strength {storm.strength}{state}]"
    mine = settle(sheet, me)
    return text + (f"; {me.name} {mine}" if mine else "")


def header_lines(storm: Storm) -> list[str]:
    state = "maelstrom" if storm.maelstrom else "over" if storm.over else f"r{storm.round}"
    lines = [f"Storm {state}: {storm.radius:,.0f} m, str {storm.strength}"]
    for s in storm.sides:
        due = f" ({s.owed.possibilities:+d} due)" if s.owed.possibilities else ""
        lines.append(f" {s.name} {s.reality}{due}")
    if not storm.over and storm.waiting():
        lines.append(" to roll: " + ", ".join(s.name for s in storm.waiting()))
    return lines


def owed_at_round_end(enc: Encounter | None, cid: str) -> Side | None:
    """The side (a copy) this combatant settles at the end of the encounter round, if it owes."""
    storm = load_storm(enc)
    side = storm.side(cid) if storm is not None else None
    return side if side is not None and _owes(side) else None


def settled_at_round_end(enc: Encounter, sheet: TorgSheet, cid: str) -> str:
    """Settle `cid` on `sheet` (in place) and save the storm (dropped once over and all settled)."""
    storm = load_storm(enc)
    assert storm is not None
    side = storm.side(cid)
    assert side is not None
    text = settle(sheet, side)
    if storm.over and not any(_owes(s) for s in storm.sides):
        save_storm(enc, None)
    else:
        save_storm(enc, storm)
    return text
