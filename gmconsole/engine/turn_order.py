"""Turn-order strategies: how each system decides who acts when.

The five systems order a round in four fundamentally different ways, and one encounter state
machine (`gmconsole.engine.encounter`) serves them all because each strategy only *plans* the
round as steps:

- `RolledEachRound`: everyone rolls every round, high first (Myriad: 1d6 + Grace, ties act at
  the same instant; the generic system: d20 + initiative, ties broken).
- `SideOrder`: a side acts, then the other, characters in a stat order within a side (Torg: the
  drama card flipped each round picks the side; flurry gives a side a second pass).
- `DeclareThenResolve`: everybody declares lowest-first, then resolves highest-first (System One).
- `GMOrder`: the GM orders the round (ARM has no initiative roll).
- `Popcorn`: dynamic; the next actor is chosen after each turn (Mythmagica / Tactic II).

Systems subclass these (or `TurnOrder` itself) and override the hooks. A strategy never does
I/O: dice come from `RoundContext`, which draws typed-in faces first and the injected
`random.Random` after, and records every initiative roll for the dice log.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from gmconsole.engine.encounter import Combatant, Encounter, EncounterError, Notice, Step

T = TypeVar("T")


@dataclass(frozen=True)
class InitiativeRoll:
    """One initiative die roll, kept for the dice log."""

    who: str
    dice: tuple[int, ...]
    modifier: int
    total: int
    note: str = ""


@dataclass
class RoundContext:
    """What a strategy may use while planning: dice, and the combatants' stats.

    `stat(combatant, name)` is supplied by whoever owns the sheets (the session asks the system),
    so strategies stay ignorant of sheet formats. Unknown stats should read as 0.
    """

    rng: random.Random = field(default_factory=random.Random)
    dice: list[int] = field(default_factory=list)
    """Faces typed in by hand, consumed first, in order."""
    stat: Callable[[Combatant, str], int] = lambda _c, _name: 0
    rolls: list[InitiativeRoll] = field(default_factory=list)
    """Every roll made while planning, in order."""
    bystanders: list[Combatant] = field(default_factory=list)
    """The campaign's other characters, not in this encounter, as combatants by reference, so
    `stat` reads them too (Torg: cards held by PCs elsewhere stay out of a new deck)."""

    def die(self, sides: int) -> int:
        """One die: the next typed face if any (checked against the die), else a random one."""
        if self.dice:
            face = self.dice.pop(0)
            if not 1 <= face <= sides:
                raise EncounterError(f"typed die {face} is impossible on a d{sides}")
            return face
        return self.rng.randint(1, sides)


class TurnOrder(ABC):
    """The contract a system's turn order fulfils. Docstrings here are the contract.

    `plan_round` must set `enc.steps` for the new round (it may leave it with only the first
    step when the order is dynamic) and return notices for the log. Every other hook has a
    sensible default.
    """

    id: ClassVar[str] = "base"
    """Stable identifier stored in the encounter file."""
    name: ClassVar[str] = "Turn order"
    """Human name shown in the tracker title."""
    dynamic: ClassVar[bool] = False
    """True when the next actor is chosen during the round (popcorn); see `next_dynamic`."""

    @abstractmethod
    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        """Plan a fresh round into `enc.steps` (pointer is already 0)."""

    def next_dynamic(self, enc: Encounter, ctx: RoundContext) -> Step | None:
        """When the planned steps run out: the next step, or None to end the round."""
        return None

    def choices(self, enc: Encounter) -> list[str]:
        """For dynamic orders: who may be chosen to act next (empty for fixed orders)."""
        return []

    def choose_next(self, enc: Encounter, cid: str) -> list[Notice]:
        """For dynamic orders: the GM picks who acts next."""
        raise EncounterError(f"{self.name}: the order is fixed; use 'act now' instead")

    def insert(self, enc: Encounter, combatant: Combatant, ctx: RoundContext) -> list[Notice]:
        """A combatant joined mid-round: by default it acts at the end of this round."""
        enc.steps.append(Step(actors=[combatant.id], label="joined"))
        return []

    def on_step_start(self, enc: Encounter, step: Step) -> list[Notice]:
        return []

    def on_step_end(self, enc: Encounter, step: Step) -> list[Notice]:
        return []

    def on_harm(self, enc: Encounter, cid: str) -> None:  # noqa: B027 - optional hook
        """Someone was damaged during the acting step (popcorn gives them the next turn)."""

    def end_round(self, enc: Encounter) -> list[Notice]:
        """End-of-round bookkeeping owned by the order (flags set by the round's card...)."""
        return []

    def refuse_now(self, enc: Encounter, cid: str) -> str | None:
        """Why `now WHO` may not bring this combatant up at this moment (ARM: it has used its
        one action this round), or None when it may (the default)."""
        return None

    def defers_out(self, enc: Encounter, cid: str) -> bool:
        """Whether a combatant dropped now still finishes the acting step before going out:
        true when it acts in that step alongside others in the same instant (Myriad: KO and
        death apply after the whole step). Fixed orders act one at a time, so: no."""
        step = enc.current
        return step is not None and cid in step.actors and len(step.actors) > 1 and self.simultaneous_steps

    drops_steps: ClassVar[bool] = False
    """True when `on_step_end` may remove steps still to come (ARM drops the queued step of
    whoever has acted): whether a step ends the round is then tried on a copy, not read off
    the planned steps."""
    simultaneous_steps: ClassVar[bool] = False
    """True when the actors of one step act in the same instant (not merely listed together)."""

    def header(self, enc: Encounter) -> list[str]:
        """Extra lines the initiative pane shows above the steps (a drama card, phase...)."""
        return []

    def columns(self, enc: Encounter) -> dict[str, list[str]] | None:
        """Optional grouped view of combatant ids (popcorn: yet to go / already gone)."""
        return None


def _acting(enc: Encounter) -> list[Combatant]:
    return [c for c in enc.combatants if c.status != "out"]


def roll_off(ids: Sequence[str], ctx: RoundContext, sides: int = 20, _depth: int = 0) -> list[str]:
    """Break a tie by rolling: highest first; each group that ties again rolls off among itself
    and keeps its place (a tie on 5 still goes before a lone 3). Bounded at 50 re-rolls deep."""
    pending = list(ids)
    if len(pending) <= 1 or _depth >= 50:
        return pending
    rolled = {cid: ctx.die(sides) for cid in pending}
    for cid, r in rolled.items():
        ctx.rolls.append(InitiativeRoll(who=cid, dice=(r,), modifier=0, total=r, note="tie roll-off"))
    return ranked(pending, rolled.__getitem__, lambda group: roll_off(group, ctx, sides, _depth + 1))


def _grouped(items: Sequence[T], score: Callable[[T], int]) -> list[tuple[int, list[T]]]:
    """`items` grouped by score, highest score first, each group in the items' order: one
    pass, where a scan per distinct score made a 2,000-goblin round quadratic."""
    groups: dict[int, list[T]] = {}
    for item in items:
        groups.setdefault(score(item), []).append(item)
    return sorted(groups.items(), key=lambda kv: kv[0], reverse=True)


def ranked(items: Sequence[T], score: Callable[[T], int], tie_break: Callable[[list[T]], list[T]]) -> list[T]:
    """`items` by score, highest first; each group that ties is put in order by `tie_break`
    (a roll-off), the highest group first, which is the order its dice are rolled in."""
    order: list[T] = []
    for _score, same in _grouped(items, score):
        order += tie_break(same) if len(same) > 1 else same
    return order


def ranked_by(members: Sequence[Combatant], stat: str, ctx: RoundContext) -> list[str]:
    """Ids by `stat`, highest first, each tie rolled off (each stat read once)."""
    values = {c.id: ctx.stat(c, stat) for c in members}
    return ranked([c.id for c in members], values.__getitem__, lambda same: roll_off(same, ctx))


class RolledEachRound(TurnOrder):
    """Everyone rolls `count`d`sides` + a stat every round; highest total first.

    With `simultaneous`, equal totals form one step (they act in the same instant); otherwise
    ties are broken by `tiebreak` stat, then by a roll-off.
    """

    id = "rolled"
    name = "Initiative (rolled each round)"

    def __init__(
        self,
        *,
        sides: int = 20,
        count: int = 1,
        stat: str = "initiative",
        simultaneous: bool = False,
        tiebreak: str | None = None,
    ) -> None:
        self.sides = sides
        self.count = count
        self.stat = stat
        self.simultaneous = simultaneous
        self.simultaneous_steps = simultaneous  # type: ignore[misc]  # per instance
        self.tiebreak = tiebreak

    def modifier(self, c: Combatant, ctx: RoundContext) -> int:
        """The bonus added to the initiative dice; systems override for situational mods."""
        return ctx.stat(c, self.stat)

    def roll_for(self, c: Combatant, ctx: RoundContext) -> int:
        dice = tuple(ctx.die(self.sides) for _ in range(self.count))
        mod = self.modifier(c, ctx)
        total = sum(dice) + mod
        ctx.rolls.append(InitiativeRoll(who=c.id, dice=dice, modifier=mod, total=total))
        c.initiative = total
        return total

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        first = len(ctx.rolls)
        for c in _acting(enc):
            self.roll_for(c, ctx)
        enc.steps = self._steps(_acting(enc), ctx)
        names = {c.id: c.name for c in enc.combatants}  # not enc.get: a scan per roll
        return [
            Notice(kind="initiative", text=f"{names[r.who]} rolls {r.total}", who=r.who)
            for r in ctx.rolls[first:]
            if not r.note
        ]

    def _steps(self, combatants: list[Combatant], ctx: RoundContext) -> list[Step]:
        steps: list[Step] = []
        for score, group in _grouped(combatants, lambda c: c.initiative or 0):
            if self.simultaneous:
                steps.append(Step(actors=[c.id for c in group], label=str(score)))
                continue
            for cid in self._break_tie(group, ctx):
                steps.append(Step(actors=[cid], label=str(score)))
        return steps

    def _break_tie(self, group: list[Combatant], ctx: RoundContext) -> list[str]:
        if len(group) == 1:
            return [group[0].id]
        if self.tiebreak:
            return ranked_by(group, self.tiebreak, ctx)
        return roll_off([c.id for c in group], ctx)

    def insert(self, enc: Encounter, combatant: Combatant, ctx: RoundContext) -> list[Notice]:
        """A late joiner rolls now and slots among the steps still to come; if its total beats
        the acting step it has missed its moment and acts from next round."""
        total = self.roll_for(combatant, ctx)
        notices = [Notice(kind="initiative", text=f"{combatant.name} rolls {total}", who=combatant.id)]
        for i in range(enc.pointer + 1, len(enc.steps)):
            other = enc.steps[i]
            score = enc.get(other.actors[0]).initiative if other.actors else None
            if score is None:
                continue
            if self.simultaneous and score == total:
                other.actors.append(combatant.id)
                return notices
            if score < total:
                enc.steps.insert(i, Step(actors=[combatant.id], label=str(total)))
                return notices
        current = enc.current
        cur_score = enc.get(current.actors[0]).initiative if current and current.actors else None
        if cur_score is not None and total > cur_score:
            notices.append(
                Notice(kind="initiative", text=f"{combatant.name} acts from next round", who=combatant.id)
            )
            return notices
        enc.steps.append(Step(actors=[combatant.id], label=str(total)))
        return notices


class SideOrder(TurnOrder):
    """Sides act in turn; within a side, characters go in `stat` order (ties rolled off).

    Subclasses decide the side sequence (`side_sequence`) and how many passes a side gets
    (`passes`, e.g. Torg's flurry: everybody acts, then everybody acts again).
    """

    id = "sides"
    name = "Side initiative"

    def __init__(self, *, stat: str = "dex") -> None:
        self.stat = stat

    def sides(self, enc: Encounter) -> list[str]:
        seen: list[str] = []
        for c in enc.combatants:
            if c.side not in seen:
                seen.append(c.side)
        return seen

    def side_sequence(self, enc: Encounter, ctx: RoundContext) -> tuple[list[str], list[Notice]]:
        """Which side acts first this round (default: the order sides appear in)."""
        return self.sides(enc), []

    def passes(self, enc: Encounter, side: str) -> int:
        return 1

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        sequence, notices = self.side_sequence(enc, ctx)
        steps: list[Step] = []
        for side in sequence:
            members = [c for c in _acting(enc) if c.side == side]
            order = self.within_side(members, ctx)
            for n in range(self.passes(enc, side)):
                label = side if n == 0 else f"{side} (again)"
                steps += [Step(actors=[cid], label=label) for cid in order]
        enc.steps = steps
        return notices

    def within_side(self, members: list[Combatant], ctx: RoundContext) -> list[str]:
        return ranked_by(members, self.stat, ctx)

    def insert(self, enc: Encounter, combatant: Combatant, ctx: RoundContext) -> list[Notice]:
        """A joiner acts after the last remaining member of its side this round."""
        last = None
        for i in range(enc.pointer + 1, len(enc.steps)):
            if any(enc.get(a).side == combatant.side for a in enc.steps[i].actors):
                last = i
        step = Step(actors=[combatant.id], label=combatant.side)
        if last is None:
            enc.steps.append(step)
        else:
            enc.steps.insert(last + 1, step)
        return []


class DeclareThenResolve(TurnOrder):
    """Everybody declares lowest `stat` first, then resolves in exactly the reverse order.

    Ties are broken at random (a roll-off), once per round, so both passes agree.
    """

    id = "declare-resolve"
    name = "Declare, then resolve"

    def __init__(self, *, stat: str = "int") -> None:
        self.stat = stat

    declare_text: ClassVar[str] = "Declare actions, lowest first"
    resolve_text: ClassVar[str] = "Resolve actions, highest first"

    def members(self, enc: Encounter) -> list[Combatant]:
        """Who takes part in this round (a system may leave the surprised out)."""
        return _acting(enc)

    def scores(self, members: list[Combatant], ctx: RoundContext) -> dict[str, int]:
        """Each one's place in the order, higher resolving first (the stat; a system may
        add a die or rank whole sides)."""
        return {c.id: ctx.stat(c, self.stat) for c in members}

    def ranking(self, enc: Encounter, ctx: RoundContext) -> list[str]:
        """Highest first; the declaration pass uses it reversed."""
        members = self.members(enc)
        scores = self.scores(members, ctx)
        ids = [c.id for c in members]
        return ranked(ids, scores.__getitem__, lambda same: roll_off(same, ctx, sides=100))

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        order = self.ranking(enc, ctx)
        enc.steps = [Step(actors=[c], label="declare", phase="declare") for c in reversed(order)]
        enc.steps += [Step(actors=[c], label="resolve", phase="resolve") for c in order]
        return [Notice(kind="phase", text=self.declare_text)]

    def on_step_start(self, enc: Encounter, step: Step) -> list[Notice]:
        prev = enc.steps[enc.pointer - 1] if enc.pointer > 0 else None
        if step.phase == "resolve" and (prev is None or prev.phase == "declare"):
            return [Notice(kind="phase", text=self.resolve_text)]
        return []

    def header(self, enc: Encounter) -> list[str]:
        step = enc.current
        return [f"Phase: {step.phase}"] if step and step.phase else []


class GMOrder(TurnOrder):
    """No initiative roll: combatants act in the order the GM keeps them in the encounter.

    With `declare`, a declaration pass in the same order comes first (ARM: declare, then the
    GM orders resolution). The GM reorders with `move`.
    """

    id = "gm"
    name = "GM order"

    def __init__(self, *, declare: bool = False) -> None:
        self.declare = declare

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        ids = [c.id for c in _acting(enc)]
        steps = [Step(actors=[c], label="declare", phase="declare") for c in ids] if self.declare else []
        steps += [Step(actors=[c], label="", phase="resolve" if self.declare else "") for c in ids]
        enc.steps = steps
        return []


def move(enc: Encounter, cid: str, position: int) -> list[Notice]:
    """Move a combatant within the encounter's list (GM order), 0-based position."""
    c = enc.get(cid)
    enc.combatants.remove(c)
    position = max(0, min(position, len(enc.combatants)))
    enc.combatants.insert(position, c)
    return [Notice(kind="move", text=f"{c.name} moved to position {position + 1}", who=cid)]
