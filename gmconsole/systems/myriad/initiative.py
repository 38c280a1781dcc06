"""Myriad's turn order: everyone rolls 1d6 + the conflict's defence statistic every round.

Built on the engine's `RolledEachRound` with six-sided dice and simultaneous ties (spec §4.2):

- The conflict type lives in ``enc.state["conflict"]`` ("mortal" by default, "social"...); the
  statistic read for each combatant is ``initiative:<conflict>``, which `MyriadSystem.stat`
  answers with the defence statistic plus boon modifiers (Fast 3 / Slow 3, ruling C19).
- Equal totals form one step: they act at exactly the same instant, so a victim of a tied action
  still acts (ruling C2: KO and death are applied once the whole step has resolved).
- Holding is the encounter's hold / act-now-and-join: a held action may be spent at any later
  count, or joined to another's count, and expires at the round's end (ruling C3).
- With ``declare_reverse`` (optional rule, L534) the round opens with a declaration pass lowest
  first, then resolves highest first; tied combatants declare in GM order (ruling C2).
- When only one side takes part, no initiative is rolled (the Bronthar example, L668).
"""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.encounter import Combatant, Encounter, Notice, Step
from gmconsole.engine.turn_order import InitiativeRoll, RolledEachRound, RoundContext
from gmconsole.systems.myriad.conflict import conflict_type

DEFAULT_CONFLICT = "mortal"


def initiative_stat(conflict_id: str) -> str:
    """The stat name the turn order asks for: ``initiative:mortal``, ``initiative:social``."""
    return f"initiative:{conflict_type(conflict_id).id}"


class MyriadInitiative(RolledEachRound):
    id = "myriad"
    name = "Myriad initiative"

    def __init__(self, *, declare_reverse: bool = False, skip_single_side: bool = True) -> None:
        super().__init__(sides=6, count=1, stat=initiative_stat(DEFAULT_CONFLICT),
                         simultaneous=True)
        self.declare_reverse = declare_reverse
        self.skip_single_side = skip_single_side

    def conflict(self, enc: Encounter) -> str:
        return conflict_type(enc.state.get("conflict", DEFAULT_CONFLICT)).id

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        self.stat = initiative_stat(self.conflict(enc))
        acting = [c for c in enc.combatants if c.status != "out"]
        if self.skip_single_side and len({c.side for c in acting}) == 1:
            for c in acting:
                c.initiative = None
            enc.steps = [Step(actors=[c.id], label="-") for c in acting]
            return [Notice(kind="initiative", text="Only one side acts: no initiative roll")]
        first = len(ctx.rolls)
        notices = self._explained(enc, super().plan_round(enc, ctx), ctx.rolls[first:])
        if self.declare_reverse:
            resolve = [Step(actors=list(s.actors), label=s.label, phase="resolve")
                       for s in enc.steps]
            declare = [Step(actors=list(s.actors), label=s.label, phase="declare")
                       for s in reversed(enc.steps)]
            enc.steps = declare + resolve
            notices.append(Notice(kind="phase", text="Declare actions, lowest first"))
        return notices

    def on_step_start(self, enc: Encounter, step: Step) -> list[Notice]:
        prev = enc.steps[enc.pointer - 1] if enc.pointer > 0 else None
        if step.phase == "resolve" and (prev is None or prev.phase == "declare"):
            return [Notice(kind="phase", text="Resolve actions, highest first")]
        return []

    def on_step_end(self, enc: Encounter, step: Step) -> list[Notice]:
        if len(step.actors) > 1 and step.phase != "declare":
            names = ", ".join(enc.get(a).name for a in step.actors)
            return [Notice(kind="simultaneous",
                           text=f"{names} acted at the same instant: apply KO and death now")]
        return []

    def insert(self, enc: Encounter, combatant: Combatant, ctx: RoundContext) -> list[Notice]:
        """A late joiner rolls with this encounter's defence statistic, not the last planned."""
        self.stat = initiative_stat(self.conflict(enc))
        first = len(ctx.rolls)
        return self._explained(enc, super().insert(enc, combatant, ctx), ctx.rolls[first:])

    def _explained(self, enc: Encounter, notices: list[Notice],
                   rolls: Sequence[InitiativeRoll]) -> list[Notice]:
        """ "Ilse Marrow rolls 11 (6 + Spirit 5)": the die and what it adds, for the log."""
        stat = conflict_type(self.conflict(enc)).defence_stat.title()
        by_who = {r.who: r for r in rolls}
        out = []
        for n in notices:
            r = by_who.get(n.who or "")
            if n.kind == "initiative" and r is not None and n.text.endswith(f"rolls {r.total}"):
                dice = " + ".join(map(str, r.dice))
                n = n.model_copy(update={"text": f"{n.text} ({dice} + {stat} {r.modifier})"})
            out.append(n)
        return out

    def header(self, enc: Encounter) -> list[str]:
        """What the GM needs above the steps: the conflict and what its initiative adds, the
        extended tasks under way in this scene (`tasks`), then the phase or the rule of the
        acting step when it is not an ordinary one."""
        conflict = conflict_type(self.conflict(enc))
        lines = [f"{conflict.name} · 1d6 + {conflict.defence_stat.title()}"]
        if "tasks" in enc.state:
            from gmconsole.systems.myriad.tasks import header_lines

            lines += header_lines(enc)
        step = enc.current
        if step is None:
            return lines
        if step.phase == "declare":
            lines.append("Declare lowest first; no changes later")
        elif step.phase == "resolve":
            lines.append("Resolve highest first; forfeit if impossible")
        elif step.label == "-":
            lines.append("One side acts: no initiative roll")
        if len(step.actors) > 1 and step.phase != "declare":
            lines.append("Same instant: KO/death after the step")
        return lines
