"""Reality on a character's sheet (L4760-L4910, L4232-L4250): `disconnect WHO` after a
contradiction check is failed (`calc contradiction` says when), `reconnect WHO COSM_NOW [+N]
[dice F...]` rolls reality against the Link Difficulty chart (from the home cosm, in the cosm
the character is in; +N is the link-repair bonus `calc contradiction` gives), and `transform
WHO TIME UNIT [pure] [dice F...]` rolls an Ord's transformation after a time in an alien zone.

A disconnected character spends no Possibilities until reconnected (`resolution` refuses it)."""

from __future__ import annotations

from gmconsole.engine.numbers import decimal
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.actions import attempt
from gmconsole.systems.torg.dice import roll_d20
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.reality import transformation_row
from gmconsole.systems.torg.roll_words import parse_roll_words
from gmconsole.systems.torg.rules_data import cosm_names, link_difficulty
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.values import unit_key, units, value_to_measure


def disconnect(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    if args:
        raise TorgError("usage: disconnect WHO")
    if not s.connected:
        raise TorgError(f"{s.name} is already disconnected")
    s.connected = False
    return "is disconnected from their reality: no Possibilities until the link is repaired (reconnect)"


def reconnect(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    if s.connected:
        raise TorgError(f"{s.name} is connected")
    if not args or args[0].lower() not in cosm_names():
        raise TorgError(f"usage: reconnect WHO COSM_NOW [+N] [dice F...] (cosms: {', '.join(cosm_names())})")
    now = args[0].lower()
    dn = link_difficulty(s.cosm, now)
    given = parse_roll_words(args[1:], scene, "usage: reconnect WHO COSM_NOW [+N] [dice F...]")
    dice = given.dice or None
    att = attempt(
        s, "reality", difficulty=dn, modifiers=given.modifiers, dice=dice, rng=None if dice else scene.rng
    )
    a = att.action
    faces = " ".join(map(str, att.roll.faces))
    where = cosm_names()[now]
    head = f"reality {a.value}: [{faces}] bonus {a.bonus:+d} = {a.total} vs link DN {dn} (in {where})"
    if a.success:
        s.connected = True
        return f"{head}: reconnected"
    return f"{head}: still disconnected"


def transform(order: DramaDeckOrder, s: TorgSheet, args: list[str], scene: Scene) -> str:
    if s.possibility_rated:
        raise TorgError(f"{s.name} is possibility-rated: a reality storm, not time, transforms them")
    if s.transformed:
        raise TorgError(f"{s.name} is already transformed")
    if len(args) < 2:
        raise TorgError("usage: transform WHO TIME UNIT [pure] [dice F...]")
    amount = decimal(args[0], "the time", 0, 10**9)
    unit = unit_key(args[1])
    if units()[unit][0] != "time" or amount <= 0:
        raise TorgError("give a time above 0 in a unit of time: transform WHO 3 months")
    rest = [a for a in args[2:] if a.lower() != "pure"]
    pure = len(rest) != len(args) - 2
    given = parse_roll_words(
        rest, scene, "usage: transform WHO TIME UNIT [pure] [dice F...]", modifiers=False
    )
    seconds = float(amount) * value_to_measure(units()[unit][1])
    row = transformation_row(seconds)
    need = row.pure_roll if pure else row.dominant_roll
    zone = "pure" if pure else "dominant"
    head = f"{row.label} in a {zone} zone"
    if need == 0:
        s.transformed = True
        return f"{head}: transformed (automatic)"
    dice = given.dice or None
    roll = roll_d20(possibility_rated=True, dice=dice, rng=None if dice else scene.rng)
    faces = " ".join(map(str, roll.faces))
    if roll.final >= need:
        s.transformed = True
        return f"{head}: [{faces}] {roll.final} vs {need}: transformed"
    return f"{head}: [{faces}] {roll.final} vs {need}: holds"
