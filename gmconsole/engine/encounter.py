"""Encounters: who is fighting, the round, whose turn it is, and what wears off when.

The encounter is a pure state machine (no I/O, no dice of its own): a `TurnOrder` strategy
from the campaign's system plans each round as a list of *steps*, each step one or more
combatants acting at the same instant (Myriad's tied initiative, a Torg side acting in DEX order
one step per character, System One's declaration then resolution passes). The encounter walks
the steps, keeps holds / delays / readied actions, and ticks conditions at the moment the table
expects: at the start or end of a chosen combatant's turn, or at the end of the round.

Every method mutates the model in place and returns `Notice`s (what the GM should be told:
"Prone wears off Orc 2", "Round 3"). Undo is not this module's business: callers snapshot the
model before a change (see `gmconsole.engine.events`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from gmconsole.engine.errors import RulesError
from gmconsole.engine.model import Model
from gmconsole.engine.names import Name

if TYPE_CHECKING:
    from gmconsole.engine.turn_order import RoundContext, TurnOrder

Expiry = Literal["start", "end", "round"]
"""When a condition's duration ticks: the start or end of a combatant's turn, or the round's end."""

Status = Literal["active", "held", "ready", "out"]
"""`held`: waiting to act later this round; `ready`: waiting for a trigger; `out`: not acting."""


def without_plan(snapshot: dict[str, Any]) -> dict[str, Any]:
    """An encounter's snapshot without what a turn order plans when a round begins: the
    steps, the pointer and each combatant's initiative. A log may leave those out of a round's
    change when the round's rolls are recorded with it (`Change.planned`)."""
    out = {k: v for k, v in snapshot.items() if k not in ("steps", "pointer")}
    fighters = out.get("combatants")
    if isinstance(fighters, list):
        out["combatants"] = [
            {k: v for k, v in c.items() if k != "initiative"} if isinstance(c, dict) else c for c in fighters
        ]
    return out


def begins_round(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether two snapshots of an encounter are either side of a round beginning (or of one
    taken back): their round numbers differ (0, the default, when a snapshot omits it)."""
    return before.get("round", 0) != after.get("round", 0)


class EncounterError(RulesError):
    """An encounter operation that cannot be done (unknown combatant, nothing to advance...)."""


class Notice(Model):
    """Something the GM should be told after an encounter change; the TUI logs it."""

    kind: str
    """Machine-readable kind: round, turn, expired, tick, removed, held, ..."""
    text: str
    """One line for the dice log."""
    who: str | None = None
    """The combatant id concerned, if any."""


class Condition(Model):
    """A named state on a combatant (prone, stunned, on fire) with an optional duration."""

    name: Name
    rounds: int | None = Field(default=None, ge=0)
    """Remaining ticks; None lasts until removed."""
    expires: Expiry = "end"
    """Which moment consumes a tick."""
    on: str | None = None
    """Whose turn start/end ticks it (a combatant id); None means the bearer's own turn."""
    note: str = ""

PUBLIC = "public"
"""`Combatant.extra` key: the GM shows this combatant's numbers on the player view."""


class Combatant(Model):
    """One participant in an encounter.

    A PC or named NPC points at its roster entry (`ref`), so damage lands on the one sheet
    the campaign keeps; a creature spawned from a template (`add 4 goblin`) carries its own copy
    of the sheet inline, so four goblins have four wound tracks without four roster files.
    """

    id: str
    name: Name
    side: Name = "pcs"
    """Which side it fights on; side-based orders (Torg, Mythmagica) group by this."""
    ref: str | None = None
    """Roster slug of the character this combatant *is* (damage goes to that file)."""
    template: str | None = None
    """Roster slug this creature was spawned from (for information and duplication)."""
    sheet: dict[str, Any] | None = None
    """Inline system sheet for spawned creatures; None when `ref` is set."""
    initiative: int | None = Field(default=None, ge=-1_000_000, le=1_000_000)
    """This round's score (rolled or typed in); None when the order is not score based."""
    status: Status = "active"
    trigger: str = ""
    """What a readied combatant waits for."""
    conditions: list[Condition] = Field(default=[])
    declared: str = ""
    """The action declared this round, for orders with a declaration phase."""
    extra: dict[str, Any] = Field(default={})
    """Per-combatant state a turn order or system keeps (e.g. a harmed flag for popcorn)."""


class Step(Model):
    """Combatants who act at the same instant; most steps hold one."""

    actors: list[str]
    label: str = ""
    """What the tracker shows beside the step: an initiative score, a side, a phase."""
    phase: str = ""
    """A named phase for declare-then-resolve orders ("declare", "resolve"); else empty."""
    begun: bool = False
    """Its turn has started (start-of-turn ticks done), so an interrupted step, or one gone back
    to, resumes without ticking again."""


class Encounter(Model):
    """The persisted state of one fight, chase or tense scene."""

    name: Name
    order: str = "rolled"
    """Id of the turn order strategy the system supplies (for the record and a sanity check)."""
    round: int = Field(default=0, ge=0, le=1_000_000)
    """0 before the fight starts; then 1, 2, ..."""
    combatants: list[Combatant] = Field(default=[])
    steps: list[Step] = Field(default=[])
    """This round's plan (dynamic orders append steps as they are chosen)."""
    pointer: int = Field(default=0, ge=0, le=1_000_000)
    """Index of the acting step in `steps`."""
    state: dict[str, Any] = Field(default={})
    """Turn-order state the strategy owns (the flipped drama card, popcorn bookkeeping...)."""

    # ---------------------------------------------------------------- lookups

    def get(self, cid: str) -> Combatant:
        """The combatant with this id, or an EncounterError naming the id."""
        for c in self.combatants:
            if c.id == cid:
                return c
        raise EncounterError(f"no combatant {cid!r} in encounter {self.name!r}")

    def find(self, name: str) -> Combatant:
        """Resolve what a GM types (`orc2`, `Orc 2`, `ayl`) to one combatant.

        Exact id, then exact name (case-insensitive), then a unique prefix of either.
        """
        key = name.strip().lower()
        for c in self.combatants:
            if c.id.lower() == key or c.name.lower() == key:
                return c
        squashed = key.replace(" ", "")
        hits = [
            c
            for c in self.combatants
            if c.id.lower().startswith(squashed) or c.name.lower().replace(" ", "").startswith(squashed)
        ]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise EncounterError(f"no combatant matches {name!r}")
        raise EncounterError(f"{name!r} is ambiguous: " + ", ".join(c.name for c in hits))

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def current(self) -> Step | None:
        """The acting step, or None before the start / when the plan is exhausted."""
        if 0 <= self.pointer < len(self.steps):
            return self.steps[self.pointer]
        return None

    @property
    def acting(self) -> list[Combatant]:
        """The combatants of the acting step."""
        step = self.current
        return [self.get(a) for a in step.actors] if step else []

    def upcoming(self) -> list[Step]:
        """The steps still to come this round, after the acting one."""
        return self.steps[self.pointer + 1 :]

    def new_id(self, base: str) -> str:
        """A combatant id not yet used: `orc`, then `orc-2`, `orc-3`..."""
        taken = {c.id for c in self.combatants}
        if base not in taken:
            return base
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    # ---------------------------------------------------------------- roster of the fight

    def add(
        self,
        combatant: Combatant,
        order: TurnOrder | None = None,
        ctx: RoundContext | None = None,
    ) -> list[Notice]:
        """Add a combatant; mid-round, the turn order decides where it slots in."""
        if any(c.id == combatant.id for c in self.combatants):
            raise EncounterError(f"combatant id {combatant.id!r} is already in the encounter")
        self.combatants.append(combatant)
        notices = [Notice(kind="added", text=f"{combatant.name} joins the encounter", who=combatant.id)]
        if self.started and order is not None and ctx is not None:
            notices += order.insert(self, combatant, ctx)
        return notices

    def remove(self, cid: str, order: TurnOrder | None = None) -> list[Notice]:
        """Take a combatant out entirely; if the acting step empties, the next one begins."""
        c = self.get(cid)
        was_acting_alone = self.current is not None and self.current.actors == [cid]
        self.combatants.remove(c)
        for step in self.steps:
            if cid in step.actors:
                step.actors.remove(cid)
        self._drop_empty_steps()
        for other in self.combatants:
            other.conditions = [k for k in other.conditions if k.on != cid]
        notices = [Notice(kind="removed", text=f"{c.name} leaves the encounter", who=cid)]
        if was_acting_alone:
            notices += self._begin_step(order)
        return notices

    def _drop_empty_steps(self) -> None:
        kept: list[Step] = []
        new_pointer = self.pointer
        for i, step in enumerate(self.steps):
            if step.actors:
                kept.append(step)
            elif i < self.pointer:
                new_pointer -= 1
        self.steps = kept
        self.pointer = max(0, new_pointer)

    # ---------------------------------------------------------------- the round

    def start(self, order: TurnOrder, ctx: RoundContext) -> list[Notice]:
        """Begin the fight: round 1 is planned and the first step starts."""
        if self.started:
            raise EncounterError(f"encounter {self.name!r} has already started (round {self.round})")
        if not self.combatants:
            raise EncounterError("add combatants before starting the encounter")
        return self._new_round(order, ctx)

    def _new_round(self, order: TurnOrder, ctx: RoundContext) -> list[Notice]:
        self.round += 1
        self.pointer = 0
        lapsed: list[Notice] = []
        for c in self.combatants:
            if c.status == "held":
                c.status = "active"  # a hold does not carry into the next round
                lapsed.append(Notice(kind="lapsed", text=f"{c.name}'s held action lapses", who=c.id))
            c.declared = ""
        notices = [*lapsed, Notice(kind="round", text=f"Round {self.round}")]
        notices += order.plan_round(self, ctx)
        notices += self._begin_step(order)
        return notices

    def advance(self, order: TurnOrder, ctx: RoundContext) -> list[Notice]:
        """End the acting step and begin the next one, rolling into a new round when due."""
        if not self.started:
            return self.start(order, ctx)
        notices = self._end_step(order)
        # When a hold or removal emptied the last step, the pointer already sits past the plan.
        self.pointer = min(self.pointer + 1, len(self.steps))
        if self.pointer >= len(self.steps):
            chosen = order.next_dynamic(self, ctx)
            if chosen is not None:
                self.steps.append(chosen)
            else:
                notices += self._end_round(order)
                notices += self._new_round(order, ctx)
                return notices
        notices += self._begin_step(order)
        return notices

    def back(self) -> list[Notice]:
        """Step the pointer back one step within the round (no condition ticks are reversed:
        use undo for that). At the round's first step there is nothing to go back to."""
        if self.pointer == 0:
            raise EncounterError("already at the first step of the round; use undo to go further back")
        self.pointer -= 1
        names = ", ".join(c.name for c in self.acting)
        return [Notice(kind="turn", text=f"Back to {names}")]

    def _begin_step(self, order: TurnOrder | None) -> list[Notice]:
        """Announce the acting step; the first time, tick start-of-turn conditions and run the
        order's hook (skipped when the caller has no order at hand)."""
        step = self.current
        if step is None:
            return []
        notices = [
            Notice(
                kind="turn",
                text=("Declare: " if step.phase == "declare" else "")
                + ", ".join(self.get(a).name for a in step.actors),
            )
        ]
        if step.begun:
            return notices
        step.begun = True
        for cid in step.actors:
            notices += self._tick(cid, "start")
        if order is not None:
            notices += order.on_step_start(self, step)
        return notices

    def _end_step(self, order: TurnOrder) -> list[Notice]:
        step = self.current
        if step is None:
            return []
        notices: list[Notice] = []
        for cid in step.actors:
            notices += self._tick(cid, "end")
        notices += order.on_step_end(self, step)
        return notices

    def _end_round(self, order: TurnOrder) -> list[Notice]:
        notices: list[Notice] = []
        for c in self.combatants:
            notices += self._expire(c, lambda k: k.expires == "round")
        notices += order.end_round(self)
        return notices

    def _tick(self, cid: str, moment: Expiry) -> list[Notice]:
        """Tick every condition, on anyone, that counts `moment`s of combatant `cid`'s turn.

        A step in the declaration phase is not a turn: nothing ticks there.
        """
        step = self.current
        if step is not None and step.phase == "declare":
            return []
        notices: list[Notice] = []
        for c in self.combatants:
            if c.conditions:  # most of a horde has none: no closure, no list, no assignment
                notices += self._expire(
                    c, lambda k, c=c: k.expires == moment and (k.on or c.id) == cid
                )
        return notices

    def _expire(self, bearer: Combatant, matches) -> list[Notice]:
        notices: list[Notice] = []
        if not bearer.conditions:
            return notices
        kept: list[Condition] = []
        for k in bearer.conditions:
            if matches(k) and k.rounds is not None:
                k.rounds -= 1
                if k.rounds <= 0:
                    notices.append(
                        Notice(kind="expired", text=f"{k.name} wears off {bearer.name}", who=bearer.id)
                    )
                    continue
            kept.append(k)
        bearer.conditions = kept
        return notices

    # ---------------------------------------------------------------- acting out of order

    def hold(self, cid: str | None = None, order: TurnOrder | None = None) -> list[Notice]:
        """The combatant (default: the only actor of the acting step) waits to act later; if
        the acting step empties, the next one begins (pass `order` for its hook)."""
        c = self._actor_or(cid)
        step = self.current
        if step is None or c.id not in step.actors:
            raise EncounterError(f"{c.name} is not acting now, so cannot hold")
        c.status = "held"
        step.actors.remove(c.id)
        notices = [Notice(kind="held", text=f"{c.name} holds", who=c.id)]
        if not step.actors:
            self.steps.pop(self.pointer)
            notices += self._begin_step(order)
        return notices

    def ready(self, cid: str | None, trigger: str, order: TurnOrder | None = None) -> list[Notice]:
        """Like hold, but waiting for a stated trigger."""
        notices = self.hold(cid, order)
        c = self.get(notices[0].who or "")
        c.status = "ready"
        c.trigger = trigger
        return [Notice(kind="ready", text=f"{c.name} readies: {trigger}", who=c.id), *notices[1:]]

    def act_now(self, cid: str, *, join: bool = False) -> list[Notice]:
        """A held, readied or waiting combatant acts right now.

        With `join`, it acts in the same instant as the acting step (Myriad: joining an ally's
        count); otherwise it gets a step of its own that becomes the acting one, and the
        interrupted step comes next.
        """
        c = self.get(cid)
        if c.status == "out":
            raise EncounterError(f"{c.name} is out of the fight")
        # A held or readied combatant's turn has already started; anyone else's starts now.
        started = c.status in ("held", "ready")
        for i, step in enumerate(self.steps):
            if i > self.pointer and cid in step.actors:
                step.actors.remove(cid)
        self.steps = [s for i, s in enumerate(self.steps) if s.actors or i <= self.pointer]
        c.status = "active"
        c.trigger = ""
        step = self.current
        if join and step is not None:
            if cid not in step.actors:
                step.actors.append(cid)
            notices = [Notice(kind="act", text=f"{c.name} acts together with the current step", who=cid)]
            return notices + ([] if started else self._tick(cid, "start"))
        new = Step(actors=[cid], label="now", phase=step.phase if step else "", begun=True)
        if step is None:
            self.steps.append(new)
            self.pointer = len(self.steps) - 1
        else:
            self.steps.insert(self.pointer, new)
        notices = [Notice(kind="act", text=f"{c.name} acts now", who=cid)]
        return notices + ([] if started else self._tick(cid, "start"))

    def delay(self, cid: str, after: str, order: TurnOrder | None = None) -> list[Notice]:
        """Move a combatant's turn to just after another combatant's step this round; if that
        empties the acting step, the next one begins."""
        c = self.get(cid)
        target = self.get(after)
        for step in self.steps[self.pointer + 1 :]:
            if cid in step.actors:
                step.actors.remove(cid)
        for i in range(self.pointer, len(self.steps)):
            if target.id in self.steps[i].actors:
                self.steps.insert(i + 1, Step(actors=[cid], label="delayed", phase=self.steps[i].phase))
                break
        else:
            raise EncounterError(f"{target.name} has no step left this round")
        cur = self.current
        emptied = False
        if cur is not None and cid in cur.actors:
            cur.actors.remove(cid)
            if not cur.actors:
                self.steps.pop(self.pointer)
                emptied = True
        self._drop_empty_steps()
        notices = [Notice(kind="delay", text=f"{c.name} delays until after {target.name}", who=cid)]
        return notices + (self._begin_step(order) if emptied else [])

    def set_out(self, cid: str, out: bool = True) -> list[Notice]:
        """Mark a combatant as out of the fight (dropped, fled) or back in."""
        c = self.get(cid)
        c.status = "out" if out else "active"
        word = "out" if out else "back in"
        return [Notice(kind="out" if out else "in", text=f"{c.name} is {word}", who=cid)]

    def _actor_or(self, cid: str | None) -> Combatant:
        if cid is not None:
            return self.get(cid)
        acting = self.acting
        if len(acting) != 1:
            raise EncounterError("name the combatant: the acting step has " f"{len(acting)} actors")
        return acting[0]

    # ---------------------------------------------------------------- conditions

    def add_condition(self, cid: str, condition: Condition) -> list[Notice]:
        c = self.get(cid)
        if condition.on is not None:
            self.get(condition.on)  # must exist
        c.conditions = [k for k in c.conditions if k.name.lower() != condition.name.lower()]
        c.conditions.append(condition)
        span = "" if condition.rounds is None else f" for {condition.rounds} round(s)"
        return [Notice(kind="condition", text=f"{c.name} is {condition.name}{span}", who=cid)]

    def remove_condition(self, cid: str, name: str) -> list[Notice]:
        c = self.get(cid)
        before = len(c.conditions)
        c.conditions = [k for k in c.conditions if k.name.lower() != name.lower()]
        if len(c.conditions) == before:
            raise EncounterError(f"{c.name} has no condition {name!r}")
        return [Notice(kind="condition", text=f"{name} removed from {c.name}", who=cid)]
