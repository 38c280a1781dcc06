"""Attack to damage as one exchange: a test aimed at a combatant takes its defence from the
target's sheet (`GameSystem.oppose`), and a successful one offers its damage on one key
(`GameSystem.damage_offer`), logged as the follow-up of that test.

The test stays an ordinary check event (its data names the target); the damage is an ordinary
damage event carrying ``exchange`` = the test's event id, so undo takes each back on its own and
the dice log reads them as a pair. What the last aimed test was is kept in memory only: it is a
convenience of this sitting, not campaign state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.store.sheet_ops import SheetIntents

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult
    from gmconsole.systems.base import Opposition


@dataclass(frozen=True)
class Aimed:
    """A test aimed at a target, kept so its damage can follow (`hit`) and it can be re-rolled."""

    event_id: str
    who: str
    target: str
    request: CheckRequest
    result: CheckResult


class ExchangeIntents(SheetIntents):
    """Aimed tests and their damage (mixed into `Session`)."""

    last_aimed: Aimed | None = None

    def aimed_check(
        self, who: str, request: CheckRequest, against: str, *, dice: Sequence[int] | None = None
    ) -> Event:
        """A test of `who` against combatant `against`: the difficulty (or opposing total) the
        GM left out is taken from the target's sheet; typed numbers always win."""
        typed = request.difficulty is not None or request.opponent_total is not None
        request, opposition = self.aimed_request(who, request, against)
        if typed:
            opposition = None  # the GM's number stands; the target's sheet was not asked
        target = self.resolve(against)
        tkey = (target.combatant.id if target.combatant is not None else target.key) or against
        note = self._against_note(target.name, opposition)
        if opposition is not None and opposition.roll is not None and request.opponent_total is None:
            defence = self.guarded(
                lambda: self.system.check(target.sheet, opposition.roll, self.rng, None, who=target.name)
            )
            request = replace(request, opponent_total=defence.total)
            note = f"at {target.name}: {defence.summary().removeprefix(f'{target.name}: ')}"
        event = self.check(who, request, dice=dice, note=note, extra_data={"against": tkey})
        assert self.last_result is not None
        self.last_aimed = Aimed(event.id, who, tkey, request, self.last_result)
        return event

    def aimed_request(
        self, who: str, request: CheckRequest, against: str
    ) -> tuple[CheckRequest, Opposition | None]:
        """`request` with what the target's sheet opposes it with filled in, where the GM typed
        no difficulty or opposing total (the test dialog's odds use this too)."""
        attacker, target = self.resolve(who), self.resolve(against)
        opposition = self.guarded(lambda: self.system.oppose(attacker.sheet, request.option, target.sheet))
        if opposition is not None and request.difficulty is None and request.opponent_total is None:
            request = replace(
                request,
                difficulty=opposition.difficulty,
                opponent_total=opposition.opponent_total,
                extra={**opposition.extra, **request.extra},
            )
        return request, opposition

    @staticmethod
    def _against_note(name: str, opposition: Opposition | None) -> str:
        detail = opposition.note if opposition is not None else ""
        return f"at {name}: {detail}" if detail else f"at {name}"

    def hit(self, *, dice: Sequence[int] | None = None) -> Event:
        """The damage of the last successful aimed test, applied to its target as one event
        that names the test it follows."""
        self.require_writable()
        aimed = self.last_aimed
        if aimed is None:
            raise RulesError("no aimed test to follow up: test someone 'at' a target first")
        if any(e.undoes == aimed.event_id for e in self.log):
            raise RulesError("the aimed test was undone: roll it again first")
        if any(e.data.get("exchange") == aimed.event_id for e in self.log if e.kind == EventKind.DAMAGE):
            raise RulesError("that attack's damage is already applied (undo it to apply it again)")
        if not aimed.result.success:
            raise RulesError(f"{aimed.result.label} at {aimed.target} failed: no damage to apply")
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
        if enc is not None and enc.started and target.combatant is not None:
            held = self.guarded(
                lambda: self.system.hold_damage(target.sheet, offer.amount, offer.kind, attacker.name)
            )
            if held is not None:
                data = {"amount": offer.amount, "kind": offer.kind, **data}
                return self.held_damage(aimed.target, held, data, lead=lead)
        return self.damage(aimed.target, offer.amount, offer.kind, lead=lead, extra_data=data)
