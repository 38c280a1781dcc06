"""Chases: who gains ground each round, from two totals per runner (L4044-L4068, spec §5.11).

Each round every runner makes a *skill* total (running, swimming, flight, beast riding or a
vehicle skill) at the same time; the *same* bonus number is then read as result points on the
Speed push column (bonus used directly: acting value = DN = speed value), so the runner moves
measure(speed value + modifier) metres this round, and takes the modifier's fatigue (a vehicle
against its Toughness: it stalls at shock >= Toughness, L4068).

For each pursuer and the quarry: the distance moved does not depend on who won the skill
totals (L4054), but the winner chooses: a faster winner closes (pursuer) or opens (quarry) the
gap by the difference; with equal speeds the winner gains the width of that value's band (value
9: about 20 m, L4062-L4064); a *slower* winner evades, leaving the gap unchanged, when there is
lateral room (side streets, open desert, L4058-L4060), else the gap changes normally.

Rulings: §9.3 a negative bonus gives no speed modifier (move at the base speed); tied skill
totals: nobody outmanoeuvres, the gap changes by the plain distances (the §5.11 procedure; §9.3
suggests a roll-off, which the GM can have by re-entering one total). Bonus 15+ reads push row 14
(§9.1 #3).

The state is plain data (`Chase`), kept in the encounter (``state["chase"]``) so it is saved,
logged and undone with the event that changed it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.movement import band_width, chase_speed_modifier
from gmconsole.systems.torg.values import value_to_measure

CHASE_SKILLS = (
    "running",
    "swimming",
    "flight",
    "beast_riding",
    "land_vehicles",
    "air_vehicles",
    "water_vehicles",
    "space_vehicles",
)
"""The skills a chase's first total is made with (spec §4.3)."""


class Runner(Model):
    """One participant: a combatant of the encounter, its chase skill and speed value."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    role: Literal["quarry", "pursuer"]
    skill: str
    value: int
    """The skill's action value (the skill total's base)."""
    speed: int
    """Base speed value: the running value capped at the limit, or the vehicle's or mount's."""
    gap: float | None = None
    """Pursuers: metres to the quarry (0 = caught up)."""
    toughness: int | None = None
    """A vehicle's Toughness: speed-push fatigue goes to the vehicle, which stalls at it."""
    vehicle_shock: int = Field(default=0, ge=0)
    stalled: bool = False
    total: int | None = None
    """This round's skill total, until the round is resolved."""
    bonus: int | None = None
    fatigue_due: int = Field(default=0, ge=0)
    """A runner's own push fatigue, taken as shock at the end of the encounter round."""


class Chase(Model):
    model_config = ConfigDict(extra="forbid")

    round: int = 1
    room: bool = True
    """Lateral room to evade (side streets, open ground); no: a corridor, a rail line."""
    escape: float | None = None
    """Separation at which the quarry gets away (the GM's call: out of sight)."""
    runners: list[Runner] = Field(default=[])

    @property
    def quarry(self) -> Runner | None:
        return next((r for r in self.runners if r.role == "quarry"), None)

    @property
    def pursuers(self) -> list[Runner]:
        return [r for r in self.runners if r.role == "pursuer"]

    def runner(self, cid: str) -> Runner | None:
        return next((r for r in self.runners if r.id == cid), None)

    def waiting(self) -> list[Runner]:
        """Runners still to make this round's skill total (stalled vehicles make none)."""
        return [r for r in self.runners if r.total is None and not r.stalled]


def speed_now(runner: Runner) -> tuple[int, int]:
    """(this round's speed value, fatigue) from the bonus on the Speed push column."""
    if runner.stalled or runner.bonus is None:
        return 0, 0
    mod, fatigue = chase_speed_modifier(runner.bonus)
    return runner.speed + mod, fatigue


def metres(x: float) -> str:
    return f"{x:,.0f} m" if x >= 10 else f"{x:,.1f} m".replace(".0 m", " m")


def _moved(runner: Runner) -> float:
    return 0.0 if runner.stalled else value_to_measure(speed_now(runner)[0])


def resolve_round(chase: Chase) -> list[str]:
    """Resolve the round in place once every runner has a total: each runner's push and move,
    each pursuer's new gap, fatigue, stalls; then clear the totals for the next round."""
    quarry = chase.quarry
    if quarry is None or not chase.pursuers:
        raise TorgError("a chase needs a quarry and at least one pursuer")
    if chase.waiting():
        raise TorgError("still waiting for " + ", ".join(r.name for r in chase.waiting()))
    notes: list[str] = []
    moves = {r.id: _moved(r) for r in chase.runners}
    for r in chase.runners:
        if r.stalled:
            continue
        value, _ = speed_now(r)
        notes.append(
            f"{r.name} {r.skill.replace('_', ' ')} {r.total} (bonus {r.bonus:+d}): "
            f"speed {value}, {metres(moves[r.id])}"
        )
    for p in chase.pursuers:
        before = p.gap or 0.0
        p.gap = max(0.0, before + _gap_change(chase, p, quarry, moves))
        notes.append(_gap_note(chase, p, quarry, before))
    for r in chase.runners:
        notes += _fatigue(r)
        r.total = r.bonus = None
    chase.round += 1
    return notes


def _winner(p: Runner, q: Runner) -> Runner | None:
    if p.stalled or q.stalled:
        return q if p.stalled and not q.stalled else p if q.stalled and not p.stalled else None
    assert p.total is not None and q.total is not None
    return p if p.total > q.total else q if q.total > p.total else None


def _gap_change(chase: Chase, p: Runner, q: Runner, moves: dict[str, float]) -> float:
    """How the separation between pursuer `p` and quarry `q` changes (§5.11)."""
    plain = moves[q.id] - moves[p.id]
    winner = _winner(p, q)
    if winner is None:
        return plain  # tied totals: plain distances (ruling, module docstring)
    if moves[p.id] == moves[q.id]:
        band = band_width(speed_now(winner)[0])
        return band if winner is q else -band
    faster = p if moves[p.id] > moves[q.id] else q
    if winner is faster:
        return plain  # the winner closes (pursuer) or avoids (quarry) by the difference
    return 0.0 if chase.room else plain  # a slower winner evades sideways, given room


def _gap_note(chase: Chase, p: Runner, q: Runner, before: float) -> str:
    assert p.gap is not None
    winner = _winner(p, q)
    who = "tie" if winner is None else f"{winner.name} wins"
    text = f"{p.name} -> {q.name}: {who}, gap {metres(before)} -> {metres(p.gap)}"
    if p.gap <= 0:
        return text + f" ({p.name} catches up)"
    if chase.escape is not None and p.gap >= chase.escape:
        return text + f" ({q.name} gets away from {p.name})"
    return text


def _fatigue(r: Runner) -> list[str]:
    """Push fatigue: a vehicle's shock against its Toughness (stalling at it), else the runner's
    own shock at the end of the encounter round."""
    if r.stalled:
        return []
    _, fatigue = speed_now(r)
    if not fatigue:
        return []
    if r.toughness is None:
        r.fatigue_due += fatigue
        return [f"{r.name}: {fatigue} fatigue shock at the end of the round"]
    r.vehicle_shock += fatigue
    if r.vehicle_shock >= r.toughness:
        r.stalled = True
        return [f"{r.name}'s vehicle takes {fatigue} shock ({r.vehicle_shock}/{r.toughness}): it stalls"]
    return [f"{r.name}'s vehicle takes {fatigue} shock ({r.vehicle_shock}/{r.toughness})"]


def header_lines(chase: Chase) -> list[str]:
    """Short lines for the initiative pane: the round, the quarry, each pursuer's gap, who is
    still to roll."""
    q = chase.quarry
    lines = [f"Chase r{chase.round}: {q.name if q else '(no quarry)'} flees"]
    for p in chase.pursuers:
        state = " stalled" if p.stalled else ""
        lines.append(f" {p.name} {metres(p.gap or 0)}{state}")
    waiting = chase.waiting()
    if waiting:
        lines.append(" to roll: " + ", ".join(r.name for r in waiting))
    return lines
