"""ARM has no initiative roll: each round the players declare, then the GM decides what the
NPCs do, then the GM resolves the declarations in the order they choose (one action each; a
counter-blow is a defence and an attack in the same action).

The tracker shows the declaration pass (players first), then the resolution queue in the
encounter's order; the GM moves someone up with `now WHO` or behind another with
`delay WHO AFTER`, and types each declaration with `declare WHO ACTION...`.

One action a round: when a step ends, whoever has acted this round (resolved their own step,
was brought up with `now` and then passed over by another `now`, or spent the action on a test
such as a dodge) leaves the rest of the queue. The header names who has acted and who is
prepared to defend.
"""

from __future__ import annotations

from typing import ClassVar

from gmconsole.engine.encounter import Encounter, Notice, Step
from gmconsole.engine.turn_order import GMOrder, RoundContext

ACTED = "acted"
"""`Combatant.extra` key: the round in which the combatant used its one action."""
PART = "part"
"""`Combatant.extra` key: "ROUND KIND", one more test of KIND that is part of the action already
spent this round: a counter-blow's strike ("3 attack"), a circler's prepared defence ("3 defence")."""
PREPARED = "prepared"
"""`Combatant.extra` key: the round in which the combatant prepared a defence (for the tracker)."""


def drop_later_steps(enc: Encounter) -> list[Notice]:
    """Who has acted this round leaves the rest of the queue (their later resolve steps go).
    Run when a step ends and when someone acts out of their turn, so the round ends where the
    queue does (the console decides whether a step ends the round before the step ends)."""
    notices: list[Notice] = []
    kept = []
    for s in enc.steps[enc.pointer + 1:]:
        if s.phase == "resolve":
            gone = [c for c in s.actors if enc.get(c).extra.get(ACTED) == enc.round]
            s.actors = [c for c in s.actors if c not in gone]
            notices += [Notice(kind="acted", text=f"{enc.get(c).name} has acted this round", who=c)
                        for c in gone]
        if s.actors:
            kept.append(s)
    enc.steps = enc.steps[: enc.pointer + 1] + kept
    return notices


class ArmRounds(GMOrder):
    id = "arm-rounds"
    name = "Declare, then resolve in the GM's order"
    simultaneous_steps: ClassVar[bool] = False
    drops_steps: ClassVar[bool] = True  # whoever has acted leaves the queue (on_step_end)

    def __init__(self) -> None:
        super().__init__(declare=True)

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        acting = [c for c in enc.combatants if c.status != "out"]
        players = [c.id for c in acting if c.side == "pcs"]
        others = [c.id for c in acting if c.side != "pcs"]
        steps = [Step(actors=[c], label="declare", phase="declare") for c in [*players, *others]]
        steps += [Step(actors=[c.id], label="resolve", phase="resolve") for c in acting]
        enc.steps = steps
        return [Notice(kind="phase", text="Declare: players first, then the NPCs")]

    def on_step_start(self, enc: Encounter, step: Step) -> list[Notice]:
        prev = enc.steps[enc.pointer - 1] if enc.pointer > 0 else None
        if step.phase == "resolve" and (prev is None or prev.phase == "declare"):
            return [Notice(kind="phase", text="Resolve the declarations in the GM's order")]
        return []

    def on_step_end(self, enc: Encounter, step: Step) -> list[Notice]:
        """The step's actors have acted; so has anyone brought up with `now` and interrupted
        by another `now`. Their later steps this round go."""
        if step.phase != "resolve":
            return []
        for cid in step.actors:
            enc.get(cid).extra[ACTED] = enc.round
        later = enc.steps[enc.pointer + 1:]
        for s in later:
            if s.phase == "resolve" and s.begun and s.label == "now":
                for cid in s.actors:
                    enc.get(cid).extra[ACTED] = enc.round
        return drop_later_steps(enc)

    def refuse_now(self, enc: Encounter, cid: str) -> str | None:
        """One action a round: who has acted waits for the next round."""
        c = enc.get(cid)
        if enc.started and c.extra.get(ACTED) == enc.round:
            return f"{c.name} has acted this round (one action a round): wait for round {enc.round + 1}"
        return None

    def header(self, enc: Encounter) -> list[str]:
        step = enc.current
        if step is None:
            return []
        if step.phase == "declare":
            return ["Declare: players first, then NPCs · declare WHO ACTION"]
        lines = ["Resolve in your order: now WHO, delay WHO AFTER · one action each"]
        for key, word in ((ACTED, "Acted"), (PREPARED, "Prepared (defence 2 + hit)")):
            names = [c.name for c in enc.combatants if c.extra.get(key) == enc.round]
            if names:
                lines.append(f"{word}: {', '.join(names)}")
        return lines
