"""Dramatic skill resolution: a task of steps A-D paced by the drama deck (L3137-L3213).

Each round the card's DSR box shows the steps that may be gained (only in order, only printed
ones) or a hazard. One step needs the task's DN; taking several on one roll uses the One On Many
increases (DN+2, DN+4, ...). A hazard round grants no step and bites only on a failed roll:
possible setback (lose the last step), complication (+1 DN to all further checks), critical
problem (a new approach is needed: another skill, or restart at A). Last ditch: all remaining
steps at once at DN + increase + 4; failing it with time left is a critical problem.
When no step can be taken, a successful roll counts as an approved action (draw a card).
Ruling §9.2 #2: "exceeds" in that rule reads as >=.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.torg.cards import HAZARDS
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.multiaction import one_on_many_dn

STEPS = "ABCD"
LAST_DITCH = 4


class DsrTask(Model):
    """A dramatic task in progress (persisted with the encounter)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    skill: str
    difficulty: int = Field(ge=0)
    steps_done: int = Field(default=0, ge=0, le=4)
    complications: int = Field(default=0, ge=0)
    needs_new_approach: bool = False

    @property
    def dn(self) -> int:
        return self.difficulty + self.complications

    @property
    def done(self) -> bool:
        return self.steps_done == len(STEPS)

    def eligible(self, card_steps: str) -> str:
        """The printed steps that continue the task in order from its next step."""
        run = ""
        for letter in STEPS[self.steps_done :]:
            if letter not in card_steps:
                break
            run += letter
        return run

    def needed(self, count: int, *, last_ditch: bool = False) -> list[int]:
        """The DN for each of `count` steps taken on one roll."""
        if count == 1 and not last_ditch:
            return [self.dn]
        extra = LAST_DITCH if last_ditch else 0
        return [self.dn + one_on_many_dn(i) + extra for i in range(1, count + 1)]


@dataclass(frozen=True)
class DsrRound:
    gained: str
    """Steps gained this round ("" for none)."""
    approved_credit: bool
    """No step was possible and the roll succeeded: counts as an approved action."""
    hazard: str | None
    """The hazard that bit (on a failed roll)."""
    text: str


def dsr_round(
    task: DsrTask,
    total: int,
    *,
    card_steps: str = "",
    hazard: str | None = None,
    attempt: int | None = None,
    last_ditch: bool = False,
    time_left: bool = True,
) -> DsrRound:
    """Resolve one round of the task in place. `attempt` limits how many eligible steps the
    player goes for (default all of them)."""
    if task.done:
        raise TorgError(f"'{task.name}' is already complete")
    if task.needs_new_approach:
        raise TorgError(f"'{task.name}' needs a new approach (another skill, or restart at A)")
    if hazard is not None and hazard not in HAZARDS:
        raise TorgError(f"unknown hazard '{hazard}' ({', '.join(HAZARDS)})")
    if last_ditch:
        steps = STEPS[task.steps_done :]
    elif hazard:
        steps = ""
    else:
        steps = task.eligible(card_steps)
        if attempt is not None:
            if not 1 <= attempt <= len(steps):
                raise TorgError(f"only {len(steps) or 'no'} step(s) can be attempted this round")
            steps = steps[:attempt]
    if not steps:
        return _no_step(task, total, hazard)
    gained = ""
    for letter, need in zip(steps, task.needed(len(steps), last_ditch=last_ditch), strict=True):
        if total < need:
            break
        gained += letter
    task.steps_done += len(gained)
    text = f"gains step {', '.join(gained)}" if gained else "no step gained"
    if last_ditch and len(gained) < len(steps) and time_left:
        task.needs_new_approach = True
        text += "; the failed last ditch is a critical problem"
    return DsrRound(gained, False, None, text)


def _no_step(task: DsrTask, total: int, hazard: str | None) -> DsrRound:
    if total >= task.dn:
        return DsrRound("", True, None, "no step possible: the success counts as an approved action")
    if hazard == "possible_setback":
        task.steps_done = max(0, task.steps_done - 1)
        return DsrRound("", False, hazard, "setback: the last step is lost")
    if hazard == "complication":
        task.complications += 1
        return DsrRound("", False, hazard, f"complication: further checks at DN {task.dn}")
    if hazard == "critical_problem":
        task.needs_new_approach = True
        return DsrRound("", False, hazard, "critical problem: a new approach is needed")
    return DsrRound("", False, None, "no step possible and the roll failed")
