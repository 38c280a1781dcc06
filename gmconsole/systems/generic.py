"""The generic system: free dice, hit points and d20 initiative.

It exists so the whole chain (store, console, CLI) works for any game before its plug-in
arrives, and as the smallest complete example of the `GameSystem` contract. Tests are
d20 + stat + modifiers against a difficulty, meeting it succeeds.

The tests' types (`gmconsole.engine.checks`, ~3.5 ms to import) are imported by the methods
that build them: opening a campaign needs only the sheet, its tracks and the turn order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from gmconsole.engine.errors import RulesError, validation_text
from gmconsole.engine.model import Model
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.engine.turn_order import RolledEachRound, TurnOrder
from gmconsole.systems.base import DamageOffer, GameSystem, Opposition, RuleOption, SheetChange

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Odds


class GenericSheet(Model):
    """Hit points, an initiative bonus and any named stats the GM wants."""

    model_config = ConfigDict(extra="forbid")  # a typo such as `hpp = 3` is refused, not dropped

    hp: int = Field(default=10, ge=0, le=100_000)
    hp_max: int = Field(default=10, ge=1, le=100_000)
    initiative: int = Field(default=0, ge=-50, le=50)
    stats: dict[str, int] = Field(default={})

    @model_validator(mode="after")
    def _hp_fits(self) -> GenericSheet:
        if self.hp > self.hp_max:
            raise ValueError(f"hp ({self.hp}) exceeds hp_max ({self.hp_max})")
        return self


class GenericSystem(GameSystem):
    id = "generic"
    name = "Generic"
    credit = "gmconsole's own minimal system"
    licence = "MIT (part of gmconsole)"
    summary = "free dice; d20 + stat vs difficulty; hit points; d20 initiative"
    sheet_model = GenericSheet
    options = (RuleOption("tied_simultaneous", "Tied initiative acts simultaneously", False),)

    quick_stats = ("hp", "init")

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        """A 10 hp, +0 initiative combatant; `hp` sets both hit points and their maximum,
        `init` the initiative bonus; any other name becomes a stat ("add thug hp 12 str 3")."""
        sheet: dict[str, Any] = {"hp": 10, "hp_max": 10, "initiative": 0, "stats": {}}
        for key, value in stats.items():
            if key == "hp":
                sheet["hp"] = sheet["hp_max"] = value
            elif key in ("init", "initiative"):
                sheet["initiative"] = value
            else:
                sheet["stats"][key] = value
        try:
            return GenericSheet.model_validate(sheet)
        except ValidationError as exc:
            raise RulesError(validation_text(exc)) from None

    DEFENCE_STATS = ("defence", "defense", "ac")
    DAMAGE_STATS = ("damage", "dmg")

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """A target with a defence stat ("defence", "defense" or "ac") sets the difficulty."""
        stats = self._sheet(target).stats
        key = next((k for k in self.DEFENCE_STATS if k in stats), None)
        return None if key is None else Opposition(difficulty=stats[key], note=f"{key} {stats[key]}")

    def damage_offer(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        result: CheckResult,
        target: BaseModel,
        rng: random.Random,
        dice: Sequence[int] | None = None,
    ) -> DamageOffer | None:
        """A hit deals the attacker's "damage" stat in hit points; None without one."""
        stats = self._sheet(sheet).stats
        key = next((k for k in self.DAMAGE_STATS if k in stats), None)
        if not result.success or key is None:
            return None
        return DamageOffer(amount=stats[key], kind="damage", text=f"{key} {stats[key]}")

    def _sheet(self, sheet: BaseModel) -> GenericSheet:
        assert isinstance(sheet, GenericSheet)
        return sheet

    def describe(self, sheet: BaseModel) -> str:
        s = self._sheet(sheet)
        return f"HP {s.hp}/{s.hp_max}  Init {s.initiative:+d}"

    def stat(self, sheet: BaseModel, name: str) -> int:
        s = self._sheet(sheet)
        if name == "initiative":
            return s.initiative
        return s.stats.get(name, 0)

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        s = self._sheet(sheet)
        return [TrackView(name="HP", kind="points", value=s.hp, maximum=s.hp_max)]

    def status(self, sheet: BaseModel) -> StatusView:
        s = self._sheet(sheet)
        if s.hp == 0:
            return StatusView(health="down", label="down", detail="0 HP")
        if s.hp < s.hp_max:
            return StatusView(health="hurt", label="hurt", detail=f"{s.hp}/{s.hp_max} HP")
        return StatusView()

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        s = self._sheet(sheet)
        if amount < 0:
            raise RulesError("damage must be 0 or more; use heal to restore HP")
        new = s.model_copy(update={"hp": max(0, s.hp - amount)})
        note = " and drops" if new.hp == 0 and s.hp > 0 else ""
        return SheetChange(new, f"takes {amount} ({new.hp}/{new.hp_max} HP){note}", harmed=amount > 0)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        s = self._sheet(sheet)
        if amount < 0:
            raise RulesError("healing must be 0 or more")
        new = s.model_copy(update={"hp": min(s.hp_max, s.hp + amount)})
        return SheetChange(new, f"heals {new.hp - s.hp} ({new.hp}/{new.hp_max} HP)")

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        from gmconsole.engine.checks import CheckOption

        s = self._sheet(sheet)
        opts = [CheckOption(key=k, label=k, value=v) for k, v in sorted(s.stats.items())]
        return [CheckOption(key="none", label="d20 only", value=0), *opts]

    def _bonus(self, s: GenericSheet, option: str) -> int:
        if option == "none":
            return 0
        if option not in s.stats:
            raise RulesError(f"no stat {option!r} on this sheet (has: {', '.join(s.stats) or 'none'})")
        return s.stats[option]

    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        from gmconsole.engine.checks import CheckResult, Die, Modifier

        s = self._sheet(sheet)
        bonus = self._bonus(s, request.option)
        if dice:
            face = dice[0]
            if not 1 <= face <= 20:
                raise RulesError(f"a d20 cannot show {face}")
        else:
            face = rng.randint(1, 20)
        mods = [Modifier(request.option, bonus)] if bonus else []
        if request.modifiers:
            mods.append(Modifier("modifiers", request.modifiers))
        total = face + bonus + request.modifiers
        target = request.difficulty if request.difficulty is not None else request.opponent_total
        success = None if target is None else total >= target
        return CheckResult(
            label=f"d20 + {request.option}",
            dice=(Die(20, face),),
            modifiers=tuple(mods),
            total=total,
            target=target,
            success=success,
            outcome="" if success is None else ("success" if success else "failure"),
            margin=None if target is None else total - target,
            who=who,
        )

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.engine.checks import Odds

        target = request.difficulty if request.difficulty is not None else request.opponent_total
        if target is None:
            return None
        need = target - self._bonus(self._sheet(sheet), request.option) - request.modifiers
        faces = sum(1 for f in range(1, 21) if f >= need)
        return Odds(success=Fraction(faces, 20))

    def turn_order(self, options: Mapping[str, Any] | None = None) -> TurnOrder:
        opts = self.resolve_options(options)
        return RolledEachRound(
            sides=20,
            stat="initiative",
            simultaneous=bool(opts["tied_simultaneous"]),
            tiebreak="initiative",
        )
