"""Intents of a fight: harm and healing, conditions and the turn order.

Each method validates on draft copies, then `commit`s one event (see `gmconsole.store.state`).
Harm goes through the system (`apply_damage` / `heal` / `end_of_round`); the encounter state
machine and the system's turn order do the rest. A combatant whose system status becomes
down or dead is marked out in the same event, so one undo brings them back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from gmconsole.engine.encounter import Combatant, Condition, Encounter, Expiry, Notice
from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.engine.roster import Character
from gmconsole.engine.turn_order import RoundContext
from gmconsole.store.state import Draft, SessionState, Target
from gmconsole.systems.base import Scene, SheetChange

DOWN = ("down", "dead")
OUT_AFTER_STEP = "out_after_step"
"""`Combatant.extra` flag: dropped during a simultaneous step, goes out when the step ends."""


def notices_text(notices: Sequence[Notice]) -> str:
    return "; ".join(n.text for n in notices)


def initiative_data(ctx: RoundContext) -> list[dict[str, Any]]:
    return [
        {"who": r.who, "dice": list(r.dice), "modifier": r.modifier, "total": r.total}
        | ({"note": r.note} if r.note else {})
        for r in ctx.rolls
    ]


MANY_ROLLS = 12
"""Initiative rolls a round's log line names one by one; a bigger fight's line says how many
(every roll stays in the event's initiative data)."""


def fold_rolls(notices: list[Notice]) -> list[Notice]:
    """A round of 500 goblins' initiative as one notice, not 500: the log line a GM reads
    stays a line."""
    rolls = [i for i, n in enumerate(notices) if n.kind == "initiative" and n.who]
    if len(rolls) <= MANY_ROLLS:
        return notices
    text = f"initiative rolled for {len(rolls)} (the order is in the tracker)"
    summary = Notice(kind="initiative", text=text)
    dropped = set(rolls)  # by position: comparing notices (pydantic models) pairwise took 0.8 s at 500
    kept = [n for i, n in enumerate(notices) if i not in dropped]
    first = rolls[0]
    return [*kept[:first], summary, *kept[first:]]


class CombatIntents(SessionState):
    """Damage, conditions, turns and combatants (mixed into `Session`)."""

    # ------------------------------------------------------------------ helpers

    def _fighter(self, who: str) -> Target:
        """A target that must be a combatant of the active encounter."""
        enc = self.encounter
        if enc is None:
            raise RulesError("no active encounter: start one with 'encounter NAME'")
        t = self.resolve(who)
        if t.combatant is None:
            raise RulesError(f"{t.name} is not in the encounter {enc.name!r}")
        return t

    def _fighter_id(self, who: str) -> str:
        t = self._fighter(who)
        assert t.combatant is not None
        return t.combatant.id

    def _damage_kind(self, kind: str | None) -> str | None:
        if kind is None:
            if self.encounter is None:
                return None
            return self.system.default_damage_kind(self.encounter.state)
        kinds = list(self.system.damage_kinds)
        key = kind.strip().lower()
        exact = [k for k in kinds if k.lower() == key]
        hits = exact or [k for k in kinds if k.lower().startswith(key)]
        if len(hits) == 1:
            return hits[0]
        known = ", ".join(kinds)
        if not hits:
            raise RulesError(f"{self.system.name} has no damage kind {kind!r} (known: {known})")
        raise RulesError(f"damage kind {kind!r} is ambiguous: {', '.join(hits)}")

    def _store_sheet(self, draft: Draft, target: Target, sheet: BaseModel) -> None:
        """Put a changed sheet where it lives: the roster file, or the creature's inline copy."""
        dumped = self.system.dump_sheet(sheet)
        c = target.combatant
        if c is not None and c.sheet is not None:
            draft.encounter().get(c.id).sheet = dumped
        elif target.slug is not None:
            draft.character(target.slug).sheet = dumped
        else:
            raise RulesError(f"{target.name} has no sheet to change")

    def _typed_dice_used(self, ctx: RoundContext) -> None:
        if ctx.dice:
            left = " ".join(map(str, ctx.dice))
            raise RulesError(f"{len(ctx.dice)} typed dice were not needed ({left}); nothing was changed")

    def _combat_event(
        self,
        draft: Draft,
        kind: EventKind,
        notices: list[Notice],
        ctx: RoundContext | None = None,
        who: str | None = None,
        data: dict[str, Any] | None = None,
        text: str | None = None,
    ) -> Event:
        payload = dict(data or {})
        if ctx is not None and ctx.rolls:
            payload["initiative"] = initiative_data(ctx)
            text = text or notices_text(fold_rolls(notices))
            # each roll is kept once, in the initiative data: not again as a notice of its own
            rolled = {r.who for r in ctx.rolls}
            notices = [n for n in notices if not (n.kind == "initiative" and n.who in rolled)]
        payload["notices"] = [n.model_dump(exclude_none=True) for n in notices]
        return self.commit(draft, kind, text or notices_text(notices) or kind.value, who=who, data=payload)

    # ------------------------------------------------------------------ harm

    def damage(
        self,
        who: str,
        amount: int,
        kind: str | None = None,
        *,
        lead: str = "",
        extra_data: dict[str, Any] | None = None,
        also: Sequence[tuple[int, str]] = (),
    ) -> Event:
        """Harm someone through the system's tracks; a dropped combatant is marked out (after
        the acting step, when the turn order says actors of one step act in the same instant).
        `lead` opens the log line ("Kesh hits Grell (sword 8 + 3)"), `extra_data` joins the data;
        `also` are further (amount, kind) harms of the same hit, applied after the first."""
        self.require_writable()
        t = self.resolve(who)
        kind, rolled = self.rolled_kind(t.sheet, amount, self._damage_kind(kind))
        draft = Draft(self)
        enc = draft.encounter() if self.encounter is not None else None
        scene = self.scene(enc, enc.get(t.combatant.id) if enc is not None and t.combatant else None)
        change = self.guarded(lambda: self.system.apply_damage_in(t.sheet, amount, kind, scene))
        data = {"amount": amount, "kind": kind, **(extra_data or {})}
        if rolled:
            data["rolled"] = rolled
            change = replace(change, text=f"{change.text} ({rolled})")
        for more, more_kind in also:
            change = self._also(change, more, more_kind, scene)
        if also:
            data["also"] = [[more, more_kind] for more, more_kind in also]
        return self._harm_event(EventKind.DAMAGE, t, change, data, lead=lead, draft=draft)

    def _also(self, change: SheetChange, amount: int, kind: str, scene: Scene) -> SheetChange:
        """A further harm of the same hit, on the sheet the first left: one change, both told."""
        step = self.guarded(lambda: self.system.apply_damage_in(change.sheet, amount, kind, scene))
        also = [*change.detail.get("also", []), {"amount": amount, "kind": kind}]
        detail = {**change.detail, "also": also}
        return SheetChange(step.sheet, f"{change.text}; {step.text}", detail, change.harmed or step.harmed)

    def rolled_kind(self, sheet: BaseModel, amount: int, kind: str | None) -> tuple[str | None, str]:
        """A damage kind the system rolls (`GameSystem.roll_damage_kind`), rolled with the
        session's dice, and the roll's note; the kind as it is, and no note, otherwise."""
        rolled = self.guarded(lambda: self.system.roll_damage_kind(sheet, amount, kind, self.rng))
        return (kind, "") if rolled is None else rolled

    def held_damage(self, who: str, change: SheetChange, data: dict[str, Any], *, lead: str = "") -> Event:
        """A hit the system keeps on the target's sheet until the round ends (`hold_damage`),
        logged and undone like any damage."""
        self.require_writable()
        data = {**data, "held": True}
        return self._harm_event(EventKind.DAMAGE, self.resolve(who), change, data, lead=lead)

    def heal(self, who: str, amount: int, kind: str | None = None) -> Event:
        """Undo harm through the system; a combatant that was down and is up again comes back in."""
        self.require_writable()
        t = self.resolve(who)
        kind = self._damage_kind(kind)
        change = self.guarded(lambda: self.system.heal(t.sheet, amount, kind))
        return self._harm_event(EventKind.HEAL, t, change, {"amount": amount, "kind": kind})

    def _harm_event(
        self,
        kind: EventKind,
        t: Target,
        change: SheetChange,
        data: dict[str, Any],
        lead: str = "",
        draft: Draft | None = None,
    ) -> Event:
        draft = draft or Draft(self)
        notices = self.settle(draft, t, change)
        status = self.system.status(change.sheet)
        data = {**data, "detail": change.detail, "status": status.health}
        text = f"{t.name} {change.text}" + "".join(f"; {n.text}" for n in notices)
        if lead:
            text = f"{lead}: {text}"
        return self._combat_event(draft, kind, notices, who=t.key, data=data, text=text)

    def settle(self, draft: Draft, t: Target, change: SheetChange) -> list[Notice]:
        """Store a changed sheet and bring the encounter in line with it: whoever it harmed is
        told to the turn order (popcorn), whoever it dropped goes out (or out after the acting
        step, see `TurnOrder.defers_out`), whoever it brought back up comes back in."""
        was = self.system.status(t.sheet).health
        self._store_sheet(draft, t, change.sheet)
        if t.combatant is None or self.encounter is None:
            return []
        enc = draft.encounter()
        c = enc.get(t.combatant.id)
        status = self.system.status(change.sheet)
        now = status.health
        if change.harmed and self.order is not None:
            self.order.on_harm(enc, c.id)
        if now in DOWN and c.status != "out" and not c.extra.get(OUT_AFTER_STEP):
            if self.order is not None and self.order.defers_out(enc, c.id):
                c.extra[OUT_AFTER_STEP] = True
                text = f"{c.name} is {status.label}: out after this step"
                return [Notice(kind="out", text=text, who=c.id)]
            return enc.set_out(c.id)
        if now not in DOWN and (c.status == "out" or c.extra.get(OUT_AFTER_STEP)):
            back = bool(c.extra.pop(OUT_AFTER_STEP, None)) or was in DOWN
            if c.status == "out" and was in DOWN:
                return enc.set_out(c.id, out=False)
            if back:
                return [Notice(kind="in", text=f"{c.name} stays in the fight", who=c.id)]
        return []

    def _apply_deferred_outs(self, enc: Encounter) -> list[Notice]:
        """Those dropped during a simultaneous step go out once the step is over."""
        notices: list[Notice] = []
        for c in enc.combatants:
            if c.extra.pop(OUT_AFTER_STEP, None) and c.status != "out":
                notices += enc.set_out(c.id)
        return notices

    def _round_target(self, draft: Draft, c: Combatant) -> Target | None:
        """`c` as a target, with the sheet this intent has already changed: an end-of-round
        effect on a roster character is followed by the start-of-round hook of the next round
        in the same advance, which must see it (it read the saved sheet, and undid the effect)."""
        path = f"roster/{c.ref}"
        drafted = draft.models.get(path) if c.sheet is None and c.ref else None
        if not isinstance(drafted, Character):
            return self.target_of(c)
        sheet = self.sheet_of(drafted)
        return None if sheet is None else Target(c.name, sheet, c, c.ref)

    def _end_of_round(self, draft: Draft, enc: Encounter) -> list[Notice]:
        """The system's end-of-round effects on every combatant (bleeding, burning...)."""
        notices: list[Notice] = []
        if not self.system.has_hook("end_of_round"):
            return notices
        for c in enc.combatants:
            t = self._round_target(draft, c)
            if t is None:
                continue
            change = self.system.end_of_round(
                t.sheet,
                rng=self.rng,
                conditions=tuple(k.name for k in c.conditions),
                scene=self.scene(enc, c),
            )
            if change is None:
                continue
            notices.append(Notice(kind="effect", text=f"{c.name} {change.text}", who=c.id))
            notices += self.settle(draft, t, change)
        return notices

    # ------------------------------------------------------------------ conditions

    def add_condition(
        self, who: str, name: str, rounds: int | None = None, expires: Expiry = "end", on: str | None = None
    ) -> Event:
        """Put a condition on a combatant; `on` names whose turn ticks it (default: the bearer)."""
        self.require_writable()
        cid = self._fighter_id(who)
        on_id = self._fighter_id(on) if on else None
        cond = self.guarded(lambda: Condition(name=name.strip(), rounds=rounds, expires=expires, on=on_id))
        if not cond.name:
            raise RulesError("name the condition")
        draft = Draft(self)
        notices = draft.encounter().add_condition(cid, cond)
        return self._combat_event(draft, EventKind.CONDITION, notices, who=cid)

    def remove_condition(self, who: str, name: str) -> Event:
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        notices = draft.encounter().remove_condition(cid, name.strip())
        return self._combat_event(draft, EventKind.CONDITION, notices, who=cid)

    # ------------------------------------------------------------------ the round

    def start_encounter(self, dice: Sequence[int] | None = None) -> Event:
        """Round 1: the system's turn order plans it (initiative rolls are logged)."""
        self.require_writable()
        draft = Draft(self)
        enc = draft.encounter()
        ctx = self.round_context(list(dice or []))
        notices = enc.start(self._turn_order, ctx)
        notices += self._start_of_round(draft, enc)
        notices += self._skip_out(draft, enc, ctx)
        self._typed_dice_used(ctx)
        return self._combat_event(draft, EventKind.TURN, notices, ctx)

    def next_turn(self, dice: Sequence[int] | None = None) -> Event:
        """End the acting step and begin the next; a finished round gets end-of-round effects.
        Steps whose actors are all out are passed over."""
        self.require_writable()
        draft = Draft(self)
        enc = draft.encounter()
        ctx = self.round_context(list(dice or []))
        notices = self._advance(draft, enc, ctx)
        skipped = self._skip_out(draft, enc, ctx)
        turns = [i for i, n in enumerate(notices) if n.kind == "turn"]
        if skipped and turns:
            notices.pop(turns[-1])  # the skipped step's own "X acts" line would only confuse
        notices += skipped
        self._typed_dice_used(ctx)
        return self._combat_event(draft, EventKind.TURN, notices, ctx)

    def _advance(self, draft: Draft, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        """Advance one step; when that ends the round, the system's end-of-round effects come
        first, so whoever they drop is out before the next round is planned."""
        notices = self._apply_deferred_outs(enc)
        if enc.started and self._round_ends(enc, ctx):
            notices += self._end_of_round(draft, enc)
        round_before = enc.round
        notices += enc.advance(self._turn_order, ctx)
        if enc.round != round_before:
            notices += self._start_of_round(draft, enc)
        return notices

    def _start_of_round(self, draft: Draft, enc: Encounter) -> list[Notice]:
        """The system's start-of-round effects on everyone still in (Torg's card effects)."""
        notices: list[Notice] = []
        if not self.system.has_hook("start_of_round"):
            return notices
        for c in enc.combatants:
            t = None if c.status == "out" else self._round_target(draft, c)
            if t is None:
                continue
            change = self.system.start_of_round(t.sheet, self.scene(enc, c))
            if change is None:
                continue
            notices.append(Notice(kind="effect", text=f"{c.name} {change.text}", who=c.id))
            notices += self.settle(draft, t, change)
        return notices

    def _round_ends(self, enc: Encounter, ctx: RoundContext) -> bool:
        """Whether advancing now ends the round: tried on a throwaway copy (a dynamic order
        only knows after its bookkeeping has run), with cloned dice so nothing is consumed."""
        order = self._turn_order
        if not order.drops_steps:  # planned steps: the round ends after its last one
            if enc.pointer + 1 < len(enc.steps):
                return False
            if not order.dynamic:
                return True
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        probe = enc.model_copy(deep=True)
        probe.advance(self._turn_order, RoundContext(rng=rng, dice=list(ctx.dice), stat=ctx.stat))
        return probe.round > enc.round

    def _skip_out(self, draft: Draft, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        """Advance past steps whose actors are all out (bounded; stops when everyone is out)."""
        notices: list[Notice] = []
        for _ in range(4 * len(enc.combatants) + 4):
            acting = enc.acting
            if not acting or any(c.status != "out" for c in acting):
                break
            if all(c.status == "out" for c in enc.combatants):
                break
            names = ", ".join(c.name for c in acting)
            notices.append(Notice(kind="skip", text=f"{names} out, skipped"))
            notices += self._advance(draft, enc, ctx)
        return notices

    def prev_turn(self) -> Event:
        """Move the pointer back a step (conditions are not un-ticked: that is undo's job)."""
        self.require_writable()
        draft = Draft(self)
        notices = draft.encounter().back()
        return self._combat_event(draft, EventKind.TURN, notices)

    def _out_of_turn(
        self,
        draft: Draft,
        change: Callable[[Encounter], list[Notice]],
        who: str | None,
        kind: EventKind = EventKind.TURN,
    ) -> Event:
        """Run an encounter change that may end the acting step (hold, ready, delay, remove),
        then pass over any step of combatants who are all out, as `next_turn` does."""
        enc = draft.encounter()
        notices = change(enc)
        ctx = self.round_context()
        notices += self._skip_out(draft, enc, ctx)
        who = who or next((n.who for n in notices if n.who), None)
        return self._combat_event(draft, kind, notices, ctx, who=who)

    def hold(self, who: str | None = None) -> Event:
        """The acting combatant (or the one named) waits to act later this round."""
        self.require_writable()
        cid = self._fighter_id(who) if who else None
        return self._out_of_turn(Draft(self), lambda enc: enc.hold(cid, self._turn_order), cid)

    def ready(self, who: str | None, trigger: str) -> Event:
        """Like hold, waiting for a stated trigger."""
        self.require_writable()
        if not trigger.strip():
            raise RulesError("say what the readied action waits for")
        cid = self._fighter_id(who) if who else None
        order = self._turn_order
        return self._out_of_turn(Draft(self), lambda enc: enc.ready(cid, trigger.strip(), order), cid)

    def act_now(self, who: str, join: bool = False) -> Event:
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        why = self._turn_order.refuse_now(draft.encounter(), cid)
        if why:
            raise RulesError(why)
        notices = draft.encounter().act_now(cid, join=join)
        return self._combat_event(draft, EventKind.TURN, notices, who=cid)

    def delay(self, who: str, after: str) -> Event:
        """Move a combatant's turn to just after another's this round."""
        self.require_writable()
        cid, other = self._fighter_id(who), self._fighter_id(after)
        return self._out_of_turn(Draft(self), lambda enc: enc.delay(cid, other, self._turn_order), cid)

    def choose_next(self, who: str) -> Event:
        """Dynamic orders (popcorn): the GM picks who acts next."""
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        notices = self._turn_order.choose_next(draft.encounter(), cid)
        return self._combat_event(draft, EventKind.TURN, notices, who=cid)
