"""Attack to damage as one exchange: a test aimed at a combatant takes its defence from the
target's sheet (`GameSystem.oppose`), and a successful one offers its damage on one key
(`GameSystem.damage_offer`), logged as the follow-up of that test.

The test stays an ordinary check event (its data names the target); the damage is an ordinary
damage event carrying ``exchange`` = the test's event id, so undo takes each back on its own and
the dice log reads them as a pair. What the last aimed test was is kept in memory only: it is a
convenience of this sitting, not campaign state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.engine.plain import plain
from gmconsole.store.sheet_ops import SheetIntents

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult
    from gmconsole.systems.base import DamageOffer, Opposition


@dataclass(frozen=True)
class Aimed:
    """A test aimed at a target, kept so its damage can follow (`hit`) and it can be re-rolled."""

    event_id: str
    who: str
    target: str
    request: CheckRequest
    result: CheckResult


MAX_PENDING = 32
"""Aimed tests kept for their damage to follow: a round's worth of attacks in a big fight."""


class ExchangeIntents(SheetIntents):
    """Aimed tests and their damage (mixed into `Session`)."""

    last_aimed: Aimed | None = None
    """The newest aimed test (the one `hit` looks at first)."""
    pending: tuple[Aimed, ...] = ()
    """Aimed tests of this sitting, oldest first: a defence test answering a hit is aimed too,
    and must not push the hit it answers out of reach."""

    def aimed_check(
        self,
        who: str,
        request: CheckRequest,
        against: str,
        *,
        dice: Sequence[int] | None = None,
        target_dice: Sequence[int] | None = None,
    ) -> Event:
        """A test of `who` against combatant `against`: the difficulty (or opposing total) the
        GM left out is taken from the target's sheet; typed numbers always win. When `who` is
        the target of a pending hit by `against` and the system reads this test as the answer
        to it (`GameSystem.answer`: a parry, a dodge), the hit's own numbers set what it must
        beat, and the hit stays pending: cancelled if the answer succeeds."""
        typed = request.difficulty is not None or request.opponent_total is not None
        answered = self._answerable(who, against, request.option)
        request, opposition = self.aimed_request(who, request, against)
        if typed:
            opposition = None  # the GM's number stands; the target's sheet was not asked
        target = self.resolve(against)
        tkey = self._key_of(against)
        note = self._against_note(target.name, opposition)
        if opposition is not None and opposition.roll is not None and request.opponent_total is None:
            roll = opposition.roll
            defence = self.guarded(
                lambda: self.system.check(target.sheet, roll, self.rng, target_dice, who=target.name)
            )
            faces = [d.face for d in defence.dice]
            seen = {"total": defence.total, "outcome": defence.outcome, "detail": plain(defence.detail)}
            request = replace(
                request,
                opponent_total=defence.total,
                extra={**request.extra, "defence": {**seen, "faces": faces}},  # for damage_offer
            )
            note = f"at {target.name}: {defence.summary().removeprefix(f'{target.name}: ')}"
        elif target_dice:
            raise RulesError(f"{target.name} rolls nothing against this test: leave target_dice= out")
        data: dict[str, Any] = {"against": tkey}
        if answered is not None and opposition is not None and self._answer_of(answered, request) is not None:
            data["answers"] = answered.event_id
        asked = request
        event = self.check(
            who, asked, dice=dice, note=note, extra_data=data,
            follow=lambda r: self._follow(who, tkey, asked, r, data),
        )
        assert self.last_result is not None
        rolled = self._with_switch_defaults(self.resolve(who), request)  # as the system read it
        aimed = Aimed(event.id, self._key_of(who), tkey, rolled, self.last_result)
        self.last_aimed = aimed
        if "answers" not in data:
            self.pending = (*self.pending, aimed)[-MAX_PENDING:]
        return event

    def _follow(
        self, who: str, tkey: str, request: CheckRequest, result: CheckResult, data: dict[str, Any]
    ) -> dict[str, Any]:
        """What the log and the status line learn of a rolled aimed test before it is saved:
        whether `H` has damage to apply next (worked out on a copy of the dice, so nothing is
        consumed), and for an answer whether the hit it answers was stopped."""
        if "answers" in data:
            hit = next((p for p in self._pending() if p.event_id == data["answers"]), None)
            stopped = bool(result.success)
            ready = hit is not None and not stopped and self._offer_probe(hit) is not None
            return {"stopped": stopped, "damage_ready": ready}
        if not result.success:
            return {}
        probe = Aimed("", self._key_of(who), tkey, request, result)
        return {"damage_ready": self._offer_probe(probe) is not None}

    def _offer_probe(self, aimed: Aimed) -> DamageOffer | None:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        try:
            attacker, target = self.resolve(aimed.who), self.resolve(aimed.target)
            sheets = (attacker.sheet, aimed.request, aimed.result, target.sheet)
            return self.system.damage_offer(*sheets, rng, [])
        except (GmConsoleError, ValueError):
            return None

    def _key_of(self, who: str) -> str:
        t = self.resolve(who)
        return (t.combatant.id if t.combatant is not None else t.key) or who

    def _pending(self) -> list[Aimed]:
        """Aimed tests still standing, newest first: not undone, damage not yet applied."""
        taken = {e.undoes for e in self.log if e.undoes}
        applied = {e.data.get("exchange") for e in self.log if e.kind == EventKind.DAMAGE}
        return [
            p for p in reversed(self.pending)
            if p.event_id not in taken and p.event_id not in applied
        ]

    def _stopped_by(self, aimed: Aimed) -> Event | None:
        """The answer (a parry, a dodge) that stopped this hit, if one did and stands."""
        taken = {e.undoes for e in self.log if e.undoes}
        for e in reversed(self.log):
            answers = e.kind == EventKind.CHECK and e.data.get("answers") == aimed.event_id
            if answers and e.id not in taken and e.data.get("stopped"):
                return e
        return None

    def _answerable(self, who: str, against: str, option: str) -> Aimed | None:
        """The newest pending successful hit by `against` on `who`, not yet stopped."""
        try:
            me, them = self._key_of(who), self._key_of(against)
        except GmConsoleError:
            return None
        for p in self._pending():
            if p.who == them and p.target == me and p.result.success and self._stopped_by(p) is None:
                return p
        return None

    def _answer_of(self, hit: Aimed, request: CheckRequest) -> Opposition | None:
        defender, attacker = self.resolve(hit.target), self.resolve(hit.who)
        system, option = self.system, request.option
        return self.guarded(
            lambda: system.answer(defender.sheet, option, attacker.sheet, hit.request, hit.result)
        )

    def aimed_request(
        self, who: str, request: CheckRequest, against: str
    ) -> tuple[CheckRequest, Opposition | None]:
        """`request` with what the target's sheet opposes it with filled in, where the GM typed
        no difficulty or opposing total (the test dialog's odds use this too). A test answering
        a pending hit by the target takes what the system's `answer` says instead."""
        attacker, target = self.resolve(who), self.resolve(against)
        hit = self._answerable(who, against, request.option)
        opposition = self._answer_of(hit, request) if hit is not None else None
        if opposition is None:
            option = request.option
            opposition = self.guarded(lambda: self.system.oppose(attacker.sheet, option, target.sheet))
        if opposition is not None and request.difficulty is None and request.opponent_total is None:
            request = replace(
                request,
                difficulty=opposition.difficulty,
                opponent_total=opposition.opponent_total,
                extra={**opposition.extra, **request.extra},
            )
        elif opposition is not None and opposition.extra:  # a typed `vs N` still meets the target's
            request = replace(request, extra={**opposition.extra, **request.extra})  # size, speed...
        held = [k.name for k in target.combatant.conditions] if target.combatant is not None else []
        if held and "target_conditions" not in request.extra:  # attackers of the stunned roll with an edge
            request = replace(request, extra={**request.extra, "target_conditions": held})
        return request, opposition

    @staticmethod
    def _against_note(name: str, opposition: Opposition | None) -> str:
        detail = opposition.note if opposition is not None else ""
        return f"at {name}: {detail}" if detail else f"at {name}"

    def hit(self, *, dice: Sequence[int] | None = None) -> Event:
        """The damage of the newest successful aimed test still pending, applied to its target
        as one event that names the test it follows. A hit an answer stopped is not applied."""
        self.require_writable()
        aimed = self._hit_to_apply()
        attacker, target = self.resolve(aimed.who), self.resolve(aimed.target)
        offer = self.guarded(
            lambda: self.system.damage_offer(
                attacker.sheet, aimed.request, aimed.result, target.sheet, self.rng, list(dice or [])
            )
        )
        if offer is None:
            raise RulesError(
                f"{self.system.name} cannot work this damage out from the sheets: "
                f"type it with dmg {aimed.target} N"
            )
        lead = f"{attacker.name} hits" + (f" ({offer.text})" if offer.text else "")
        data = {"exchange": aimed.event_id, "offer": offer.text, "damage_dice": list(offer.dice)}
        enc = self.encounter
        if enc is not None and enc.started and target.combatant is not None and not offer.at_once:
            kind, rolled = self.rolled_kind(target.sheet, offer.amount, offer.kind)
            held = self.guarded(
                lambda: self.system.hold_damage(target.sheet, offer.amount, kind, attacker.name)
            )
            if held is not None:
                data = {"amount": offer.amount, "kind": kind, **data}
                if rolled:
                    data["rolled"] = rolled
                    held = replace(held, text=f"{held.text} ({rolled})")
                return self.held_damage(aimed.target, held, data, lead=lead)
        also = offer.also
        return self.damage(aimed.target, offer.amount, offer.kind, lead=lead, extra_data=data, also=also)

    def _standing(self, aimed: Aimed) -> Aimed:
        """A failed aimed test as it stands now (`GameSystem.reconsider`: Guts bought it after
        the roll), or as it was rolled."""
        if aimed.result.success:
            return aimed
        try:
            sheet = self.resolve(aimed.who).sheet
        except GmConsoleError:
            return aimed
        now = self.guarded(lambda: self.system.reconsider(sheet, aimed.request, aimed.result))
        return aimed if now is None else replace(aimed, result=now)

    def _hit_to_apply(self) -> Aimed:
        """The newest aimed test since the last damage applied that hit and that nothing
        stopped (an answer is no such test, nor is a failed test after the hit: a failed dodge
        aimed back at the attacker leaves the blow pending); else why there is nothing to apply,
        told of the newest aimed test."""
        if not self.pending:
            raise RulesError("no aimed test to follow up: test someone 'at' a target first")
        applied = {e.data.get("exchange") for e in self.log if e.kind == EventKind.DAMAGE}
        undone = {e.undoes for e in self.log if e.undoes}
        since = max((i for i, p in enumerate(self.pending) if p.event_id in applied), default=-1)
        for p in reversed(self.pending[since + 1 :]):  # a failed dodge after a blow leaves the blow
            p = self._standing(p)
            if p.event_id not in undone and p.result.success and self._stopped_by(p) is None:
                return p
        hit = self.pending[-1]
        if any(e.undoes == hit.event_id for e in self.log):
            raise RulesError("the aimed test was undone: roll it again first")
        if any(e.data.get("exchange") == hit.event_id for e in self.log if e.kind == EventKind.DAMAGE):
            raise RulesError("that attack's damage is already applied (undo it to apply it again)")
        if not hit.result.success:
            raise RulesError(f"{hit.result.label} at {hit.target} failed: no damage to apply")
        stop = self._stopped_by(hit)
        if stop is not None:
            by = str(stop.data.get("label") or "a defence")
            raise RulesError(f"{hit.result.label} at {hit.target} was stopped ({by}): no damage to apply")
        return hit
