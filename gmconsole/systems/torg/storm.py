"""An invoked reality storm between two possibility-rated characters (L4992-L5054, spec §5.14).

Each round both make a *reality* total at once (+3 for the one whose home cosm the storm is in,
when it is not the opponent's, L5006); result points = total - the opponent's reality VALUE
(L5000), read on the Storm column (`reality.storm_result`):

- the opponent loses that many Possibilities, then reality adds once at 0 (L5016); at 0 adds
  he is transformed and the storm ends;
- "Storm xN" multiplies the radius (starting 5 m) and adds 1 to the strength (starting at the
  higher reality value) (L5022-L5028), until a maelstrom: then growth stops (L5036);
- "Transform": the loser is transformed with his Possibilities gone (adds intact), the winner
  takes up to 5 of them, the loser makes a contradiction check (a d20 of 1: physically
  transformed) and the storm ends (L5046-L5050);
- in a maelstrom each result is the winner's choice: drain the loser, or gain that many himself
  (L5040-L5042); Transform then means the loser loses 5 and the winner gains 5.

Changes to the two sheets are kept as `owed` and settled on each side's sheet (a verb can only
change the sheet of the one who acts; the other side's is settled at the end of the encounter
round or by ``storm WHO settle``). Rulings: §9.3 both roll every round, resolved together (the
first to join first); §9.1 #3 15+ RP reads Transform; §9.1 #4 row 7 is "-4 Storm x2".
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Literal

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.reality import StormResult, storm_result, storm_total_bonus

START_RADIUS = 5.0


class Owed(Model):
    """What the storm has done to one side's sheet and is not yet written on it."""

    model_config = ConfigDict(extra="forbid")

    possibilities: int = 0
    """Lost (negative) or gained; a loss beyond the Possibilities held comes off reality adds."""
    transformed: bool = False
    physically: bool = False


class Side(Model):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    cosm: str
    reality: int
    """The reality value (the storm's target number for the opponent)."""
    possibilities: int
    """Possibilities held when last seen (to know when a loss reaches the adds)."""
    adds: int
    """Reality adds when last seen."""
    choice: Literal["drain", "gain"] = "drain"
    """In a maelstrom: drain the loser (default) or gain the result oneself."""
    total: int | None = None
    owed: Owed = Field(default_factory=Owed)


class Storm(Model):
    model_config = ConfigDict(extra="forbid")

    cosm: str
    """Where the storm rages (a home cosm here gives +3)."""
    round: int = 1
    radius: float = START_RADIUS
    strength: int = 0
    maelstrom: bool = False
    over: bool = False
    sides: list[Side] = Field(default=[])

    def side(self, cid: str) -> Side | None:
        return next((s for s in self.sides if s.id == cid), None)

    def opponent(self, me: Side) -> Side:
        return next(s for s in self.sides if s is not me)

    def waiting(self) -> list[Side]:
        return [s for s in self.sides if s.total is None]

    def home_bonus(self, me: Side) -> int:
        return storm_total_bonus(me.cosm, self.opponent(me).cosm, self.cosm)


def resolve_round(
    storm: Storm, die: Iterator[int] | None = None, rng: random.Random | None = None
) -> list[str]:
    """Both totals are in: apply each side's result to the other (first to join first), grow
    the storm, and clear the totals. `die`/`rng` give the loser's contradiction d20 on a
    Transform."""
    if len(storm.sides) != 2 or storm.waiting():
        raise TorgError("a storm round needs both sides' reality totals")
    notes = []
    for me in list(storm.sides):
        if storm.over:
            break
        you = storm.opponent(me)
        notes.append(_attack(storm, me, you, die, rng))
        if you.adds == 0 and not storm.over:  # a maelstrom drain can empty the adds too
            you.owed.transformed = storm.over = True
            notes[-1] += f"; {you.name} has no reality left: transformed, storm over"
    for s in storm.sides:
        s.total = None
    storm.round += 1
    return notes


def _loss(y: Side, n: int) -> None:
    y.owed.possibilities -= n
    from_poss = min(n, y.possibilities)
    y.possibilities -= from_poss
    y.adds = max(0, y.adds - (n - from_poss))


def _attack(storm: Storm, x: Side, y: Side, die: Iterator[int] | None, rng: random.Random | None) -> str:
    assert x.total is not None
    rp = x.total - y.reality
    result = storm_result(rp)
    head = f"{x.name} {x.total} vs {y.name}'s reality {y.reality}"
    if result is None:
        return f"{head}: no effect"
    if storm.maelstrom:
        return f"{head}, {rp} RP: " + _maelstrom(x, y, result)
    if result.transform:
        taken = min(5, y.possibilities)
        x.owed.possibilities += taken
        x.possibilities += taken
        y.owed.possibilities -= y.possibilities
        y.possibilities = 0
        y.owed.transformed = storm.over = True
        face = next(die, None) if die is not None else None
        face = face if face is not None else (rng or random.Random()).randint(1, 20)
        y.owed.physically = face == 1
        body = "physically transformed" if face == 1 else "the body holds"
        return (
            f"{head}, {rp} RP: {y.name} is TRANSFORMED, {x.name} takes {taken}"
            f" (check {face}: {body}); storm over"
        )
    _loss(y, result.loss)
    text = f"{head}, {rp} RP: {y.name} loses {result.loss}"
    if result.multiplier:
        storm.radius *= result.multiplier
        storm.strength += 1
        text += f"; storm x{result.multiplier}: radius {storm.radius:,.0f} m, strength {storm.strength}"
    if result.maelstrom:
        storm.maelstrom = True
        text += "; MAELSTROM: the storm stops growing"
    return text


def _maelstrom(x: Side, y: Side, result: StormResult) -> str:
    n = 5 if result.transform else result.loss
    if result.transform:
        _loss(y, n)
        x.owed.possibilities += n
        x.possibilities += n
        return f"{y.name} loses 5, {x.name} gains 5"
    if x.choice == "gain":
        x.owed.possibilities += n
        x.possibilities += n
        return f"{x.name} gains {n} (maelstrom choice)"
    _loss(y, n)
    return f"{y.name} loses {n} (maelstrom choice)"
