"""ARM has no initiative roll: each round the players declare, then the GM decides what the
NPCs do, then the GM resolves the declarations in the order they choose (one action each; a
counter-blow is a defence and an attack in the same action).

The tracker shows the declaration pass (players first), then the resolution queue in the
encounter's order; the GM moves someone up with `now WHO` or behind another with
`delay WHO AFTER`, and types each declaration with `declare WHO ACTION...`.
"""

from __future__ import annotations

from typing import ClassVar

from gmconsole.engine.encounter import Encounter, Notice, Step
from gmconsole.engine.turn_order import GMOrder, RoundContext


class ArmRounds(GMOrder):
    id = "arm-rounds"
    name = "Declare, then resolve in the GM's order"
    simultaneous_steps: ClassVar[bool] = False

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

    def header(self, enc: Encounter) -> list[str]:
        step = enc.current
        if step is None:
            return []
        if step.phase == "declare":
            return ["Declare: players first, then NPCs · declare WHO ACTION"]
        return ["Resolve in your order: now WHO, delay WHO AFTER · one action each"]
