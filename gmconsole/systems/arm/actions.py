"""The ARM verbs on one character: `pending`, `prepare`, `move` and `build`.

- `pending WHO +N|-N [all|attack|defence] [ROUNDS] [REASON...]`: a ruling for the coming round
  (Reeling: -2 to everything next round). It waits until the next round begins, then lasts
  ROUNDS rounds. An unknown kind is refused, never read as "all".
- `prepare WHO`: a prepared defence this round (2 + the hit instead of 4 + the hit).
- `move WHO MODE [push [DIE]]`: how far a movement rate carries in one round of the encounter's
  length; a push adds +1 to the rate's log on a push die of 2-6 (2-5 cost a shock level).
- `build WHO [BUDGET]`: the point-buy price of the sheet (stats at the example prices, mods at
  their own), with a running total, what is left of the budget, and any stat or rate outside the
  race's limits (a warning, as the limits are guidelines).
"""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole
from gmconsole.systems.arm.creation import point_buy, summary
from gmconsole.systems.arm.rounds import PREPARED
from gmconsole.systems.arm.scale import format_measure, log_to_measure, per_round, split_measure, units
from gmconsole.systems.arm.sheet import PENDING_KINDS, ArmSheet, Pending
from gmconsole.systems.arm.tasks import push_bonus
from gmconsole.systems.base import Scene, SheetChange

KIND_WORDS = {**{k: k for k in PENDING_KINDS}, "defense": "defence", "everything": "all"}

PENDING_USAGE = "pending WHO +N|-N [all|attack|defence] [ROUNDS] [REASON...] | pending WHO clear"

DEFAULT_ROUND = "2s"
"""The melee guideline's round when the encounter sets none."""


def pending(s: ArmSheet, args: list[str], scene: Scene) -> SheetChange:
    if args[:1] == ["clear"]:
        return SheetChange(s.model_copy(update={"pending": []}), "pending modifiers cleared")
    if not args:
        raise RulesError(f"usage: {PENDING_USAGE}")
    value = whole(args[0], "the pending modifier", -20, 20)
    rest = args[1:]
    applies = "all"
    if rest and rest[0].lower() in KIND_WORDS:
        applies = KIND_WORDS[rest.pop(0).lower()]
    elif rest and not (rest[0].isascii() and rest[0].isdigit()):
        raise RulesError(f"a pending modifier applies to all, attack or defence, not {rest[0]!r} "
                         f"({PENDING_USAGE})")
    rounds = whole(rest.pop(0), "the rounds it lasts", 1, 100) if rest and rest[0].isdigit() else 1
    now = scene.encounter.round if scene.encounter else 0
    entry = Pending(value=value, applies_to=applies, reason=" ".join(rest)[:200], until_round=now + rounds,
                    waiting=True)
    new = s.model_copy(update={"pending": [*s.pending, entry]})
    why = f": {entry.reason}" if entry.reason else ""
    return SheetChange(new, f"{value:+d} to {applies} from next round, for {rounds} round(s){why}")


def prepare(s: ArmSheet, args: list[str], scene: Scene) -> SheetChange:
    if args:
        raise RulesError("usage: prepare WHO")
    if scene.combatant is not None and scene.encounter is not None:
        scene.combatant.extra[PREPARED] = scene.encounter.round
    return SheetChange(s.model_copy(update={"prepared": True}),
                       "prepares to defend: defence difficulty 2 + the hit instead of 4 + the hit")


def move(s: ArmSheet, args: list[str], scene: Scene) -> SheetChange:
    """Distance covered in one round at a movement rate (a log of m/s)."""
    if not args or len(args) > 3 or (len(args) >= 2 and args[1].lower() != "push"):
        raise RulesError("usage: move WHO MODE [push [DIE]]")
    mode = args[0].lower()
    if mode not in s.movement:
        have = ", ".join(s.movement) or "none"
        raise RulesError(f"{s.name or 'this character'} has no movement rate {mode!r} (has: {have})")
    length = str((scene.encounter.state.get("round") if scene.encounter else None) or DEFAULT_ROUND)
    measure, unit = split_measure(length, "s")
    rate = s.movement[mode]
    per = per_round(rate + units()[unit], measure)
    text = f"{mode} {rate}"
    new = s
    if len(args) >= 2:
        if s.condition.unconscious:
            raise RulesError(f"{s.name or 'this character'} is unconscious and cannot push")
        typed = [whole(args[2], "the push die", 1, 6)] if len(args) == 3 else scene.dice
        die = next_face(typed, scene.rng, 6)
        bonus, shock = push_bonus(die)
        per += bonus
        text += f" pushed [{die}] {bonus:+d}"
        if shock:
            new = s.model_copy(deep=True)
            new.condition.apply(0, shock)
            text += f", +{shock} shock"
    text += f" over a round of {length}: log {per} = {format_measure(log_to_measure(per))} m"
    return SheetChange(new, text, harmed=new is not s)


def build(s: ArmSheet, args: list[str], _scene: Scene) -> SheetChange:
    """The sheet's point-buy price with a running total, against a budget when one is given."""
    if len(args) > 1:
        raise RulesError("usage: build WHO [BUDGET]")
    budget = whole(args[0], "the budget in chp", 0, 100_000) if args else None
    bought = point_buy(s)
    text = f"point-buy: {', '.join(bought.steps)}: {summary(s, budget)}"
    return SheetChange(s, text, {"chp": bought.total, "warnings": bought.warnings,
                                 "unpriced": bought.unpriced})


ACTIONS = {"pending": pending, "prepare": prepare, "move": move, "build": build}


def perform(s: ArmSheet, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
    handler = ACTIONS.get(action)
    if handler is None:
        raise RulesError(f"ARM has no action {action!r} (known: {', '.join(ACTIONS)})")
    return handler(s, list(args), scene)
