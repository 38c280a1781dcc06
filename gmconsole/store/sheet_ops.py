"""Intents on one character's sheet through the system's own rules: tests of skill (with
what a test spends or draws, via `GameSystem.after_check`) and the system's named actions
(`GameSystem.perform`: Torg's buying off of damage, Myriad's night of rest).

Both run against working copies (`Draft`), so a refused test or action changes nothing, and
whatever the system changes (the sheet, the encounter's state) lands in one undoable event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.engine.plain import plain
from gmconsole.store.combat import CombatIntents
from gmconsole.store.state import Draft, Target
from gmconsole.store.switches import bare_switches, check_bounds, read_switches
from gmconsole.systems.base import RuleOption, SheetChange

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest, CheckResult, Odds


class SheetIntents(CombatIntents):
    """Tests and system actions (mixed into `Session`)."""

    def _scene_for(self, draft: Draft, target: Target, dice: Sequence[int] | None):
        enc = draft.encounter() if self.encounter is not None else None
        combatant = enc.get(target.combatant.id) if enc is not None and target.combatant else None
        scene = self.scene(enc, combatant)
        scene.dice = list(dice or [])
        return scene

    last_result: CheckResult | None = None
    """The result object of the newest test this session logged (for its follow-ups)."""

    def check(
        self,
        who: str,
        request: CheckRequest,
        *,
        dice: Sequence[int] | None = None,
        note: str = "",
        extra_data: dict[str, Any] | None = None,
        follow: Callable[[CheckResult], dict[str, Any]] | None = None,
    ) -> Event:
        """A test of skill through the system; data holds the CheckResult fields. What the
        test spends or draws (`after_check`) is saved with it, so undo takes it back too.
        `note` is added to the log line ("against Kaa-Tok's defence 11"), `extra_data` to the
        event's data, and so is what `follow` makes of the result (an aimed test's next step)."""
        self.require_writable()
        target = self.resolve(who)
        request = self._with_switch_defaults(target, request)
        result = self.guarded(
            lambda: self.system.check(target.sheet, request, self.rng, dice, who=target.name)
        )
        draft = Draft(self)
        scene = self._scene_for(draft, target, None)
        change = self.guarded(lambda: self.system.after_check(target.sheet, request, result, scene))
        text = result.summary()
        if not text.startswith(target.name):
            text = f"{target.name}: {text}"
        if note:
            text += f" [{note}]"
        if change is not None:
            notices = self.settle(draft, target, change)
            text += "".join(f"; {t}" for t in [change.text, *(n.text for n in notices)] if t)
        data = {"request": plain(request), **plain(result), **(extra_data or {})}
        if follow is not None:
            data.update(follow(result))
        event = self.commit(draft, EventKind.CHECK, text, who=target.key, data=data)
        self.last_result = result
        return event

    def odds(self, who: str, request: CheckRequest) -> Odds | None:
        """The exact chance of success before rolling (no event); None when unknowable."""
        target = self.resolve(who)
        request = self._with_switch_defaults(target, request)
        return self.guarded(lambda: self.system.odds(target.sheet, request))

    def check_switches(self, who: str) -> list[RuleOption]:
        """The test switches the system offers for this character under the campaign's rules."""
        return self.system.check_switches(self.resolve(who).sheet, self.options)

    def _with_switch_defaults(self, target: Target, request: CheckRequest) -> CheckRequest:
        """The request as the system reads it: every switch the GM left out at its default,
        and the tester's encounter conditions under ``conditions`` (a system whose conditions
        change tests reads them there: Mythmagica's Stunned rolls at a Drawback)."""
        switches = self.system.check_switches(target.sheet, self.options)
        check_bounds(switches, request.extra)
        missing = {s.key: s.default for s in switches if s.key not in request.extra}
        conditions = [k.name for k in target.combatant.conditions] if target.combatant is not None else []
        if conditions and "conditions" not in request.extra:
            missing["conditions"] = conditions
        return replace(request, extra={**missing, **request.extra}) if missing else request

    def typed_request(
        self,
        who: str,
        option: str,
        *,
        difficulty: int | None = None,
        modifiers: int = 0,
        switches: Mapping[str, str] | None = None,
    ) -> CheckRequest:
        """The request a test line describes: its `KEY=VALUE` switches and the yes/no switch
        keys typed bare after the option read against the character's own switches (see
        `gmconsole.store.switches`), as the dialog would have set them."""
        from gmconsole.engine.checks import CheckRequest

        offered = self.system.check_switches(self.resolve(who).sheet, self.options)
        option, extra = bare_switches(offered, option)
        extra.update(read_switches(offered, switches or {}))
        return CheckRequest(option=option, difficulty=difficulty, modifiers=modifiers, extra=extra)

    def perform(
        self, action: str, who: str, args: Sequence[str] = (), *, dice: Sequence[int] | None = None
    ) -> Event:
        """One of the system's own actions on a character (`GameSystem.sheet_actions`)."""
        self.require_writable()
        keys = {a.key for a in self.system.sheet_actions}
        if action not in keys:
            known = ", ".join(sorted(keys)) or "none"
            raise RulesError(f"{self.system.name} has no action {action!r} (known: {known})")
        target = self.resolve(who)
        other, args = self._other_of(action, list(args))
        draft = Draft(self)
        scene = self._scene_for(draft, target, dice)
        scene.other = other.sheet if other is not None else None
        change = self.guarded(lambda: self.system.perform(target.sheet, action, list(args), scene))
        if scene.dice:
            left = " ".join(map(str, scene.dice))
            raise RulesError(f"{len(scene.dice)} typed dice were not needed ({left}); nothing was changed")
        notices = self.settle(draft, target, change)
        if other is not None and change.other is not None:
            if other.key == target.key:
                raise RulesError(f"{action}: name two different characters")
            notices += self.settle(draft, other, SheetChange(change.other, ""))
        data = {"action": action, "args": list(args), "detail": change.detail}
        if other is not None:
            data["other"] = other.key
        said = change.text
        if other is not None and other.name not in said:  # whom an action between two was with
            said = f"{said} (→ {other.name})"
        text = f"{target.name} {said}" + "".join(f"; {n.text}" for n in notices)
        return self.commit(draft, EventKind.ROSTER, text, who=target.key, data=data)

    def _other_of(self, action: str, args: list[str]) -> tuple[Target | None, list[str]]:
        """For an action between two characters (`SheetAction.other`): the other, named by the
        longest run of leading words that names someone, and the arguments after it."""
        spec = next(a for a in self.system.sheet_actions if a.key == action)
        if not spec.other:
            return None, args
        for cut in range(len(args), 0, -1):
            try:
                return self.resolve(" ".join(args[:cut])), args[cut:]
            except GmConsoleError:
                continue
        usage = f"{spec.key} WHO {spec.usage}".rstrip()
        raise RulesError(f"{action}: name the other character after the first (usage: {usage})")

    def calculate(self, key: str, args: Sequence[str] = ()) -> Event:
        """One of the system's calculators (`calc value 12 meters`); logged, changes nothing."""
        keys = {c.key: c for c in self.system.calculators}
        if key not in keys:
            known = ", ".join(sorted(keys)) or "none"
            raise RulesError(f"{self.system.name} has no calculator {key!r} (known: {known})")
        answer = self.guarded(lambda: self.system.calculate(key, list(args)))
        event = Event(kind=EventKind.NOTE, text=answer, data={"calc": key, "args": list(args)})
        self.record(event)
        return event
