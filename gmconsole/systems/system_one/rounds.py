"""System One's 3-second rounds: everybody declares from the lowest INT up (ties at random),
then resolves in exactly the reverse order; the damage of the round lands in its last step
(`SystemOneSystem.end_of_round`).

The book's initiative options: *Random Factor* (INT + d100 each round instead of INT) and *Side
Initiative* (each side rolls its best LDR + d100; the winners declare last and resolve first).
A combatant with the condition "surprised" does nothing in round 1.
"""

from __future__ import annotations

from gmconsole.engine.encounter import Combatant, Encounter, Notice
from gmconsole.engine.turn_order import DeclareThenResolve, InitiativeRoll, RoundContext

SURPRISED = "surprised"
INITIATIVE = ("int", "random", "side")


def _surprised(c: Combatant) -> bool:
    return any(k.name.strip().lower() == SURPRISED for k in c.conditions)


class SystemOneRounds(DeclareThenResolve):
    id = "system-one-rounds"
    name = "Declare lowest INT first, resolve highest first"

    def __init__(self, initiative: str = "int") -> None:
        super().__init__(stat="INT")
        if initiative not in INITIATIVE:
            raise ValueError(f"initiative must be one of {', '.join(INITIATIVE)}, got {initiative!r}")
        self.initiative = initiative

    declare_text = "Declare actions, lowest INT first"
    resolve_text = "Resolve actions, highest INT first; damage lands at the round's end"

    def members(self, enc: Encounter) -> list[Combatant]:
        """Everyone still in, but the surprised in round 1."""
        members = super().members(enc)
        return [c for c in members if not _surprised(c)] if enc.round == 1 else members

    def scores(self, members: list[Combatant], ctx: RoundContext) -> dict[str, int]:
        """INT; with Random Factor INT + d100; with Side Initiative each side's best LDR +
        d100 ranks the sides, INT within them."""
        scores = super().scores(members, ctx)
        if self.initiative == "random":
            for c in members:
                die = ctx.die(100)
                ctx.rolls.append(InitiativeRoll(c.id, (die,), scores[c.id], scores[c.id] + die, "INT + d100"))
                scores[c.id] += die
        elif self.initiative == "side":
            sides = sorted({c.side for c in members})
            side_roll: dict[str, int] = {}
            for side in sides:
                best = max(ctx.stat(c, "LDR") for c in members if c.side == side)
                die = ctx.die(100)
                ctx.rolls.append(InitiativeRoll(side, (die,), best, best + die, "best LDR + d100"))
                side_roll[side] = best + die
            ranked = sorted(sides, key=lambda s: side_roll[s])
            # a side that wins counts above every INT on the losing side
            scores = {c.id: 1000 * ranked.index(c.side) + scores[c.id] for c in members}
        return scores

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        notices = super().plan_round(enc, ctx)
        if enc.round == 1:
            notices += [
                Notice(kind="initiative", text=f"{c.name} is surprised: no action this round", who=c.id)
                for c in enc.combatants
                if _surprised(c) and c.status != "out"
            ]
        return notices

    def header(self, enc: Encounter) -> list[str]:
        step = enc.current
        if step is None:
            return []
        if step.phase == "declare":
            return ["Declare: lowest INT first · declare WHO ACTION · defend WHO N"]
        return ["Resolve: highest INT first · hits land at the end of the round"]
