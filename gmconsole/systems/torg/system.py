"""`TorgSystem`: the Torg rules behind the plug-in contract (`gmconsole.systems.base`).

What the console sees:
- Sheet: `TorgSheet` (attributes, skill adds, Possibilities ledger, damage tracks, cosm...).
- Tests: options ``attr:DEX`` or ``skill:dodge``; one d20 rolled again on 10s and 20s by who
  rolls; value + bonus + modifiers vs the difficulty (or an opponent's value); result points and
  success level; exact odds before rolling. `request.extra` takes: ``up``, ``stymied`` (bools),
  ``possibility`` (True or "if_failed": spend one if the roll fails; "always"), ``cards`` (a list of
  "hero"/"drama" extra rolls played if still failing), ``active_defence`` (bonus floor 1),
  ``bonus_floor`` (int), ``use`` and ``item`` (partial unskilled uses, specialisations),
  ``effect_value`` (an effect total with the same bonus, e.g. damage) and ``effect_difficulty``.
- Turn order: `DramaDeckOrder` (a drama card each round; see `initiative`).
- Damage: ``apply_damage(sheet, amount, kind)``: for "damage" and "stun", `amount` is the damage
  *result points* (damage total - Toughness under armour), read on the sheet's CRT column (Ords
  or possibility-rated); "shock" adds shock points (fatigue), "wound" wound levels. `apply_blow`
  also takes the buying-off (one Possibility and any hero/drama cards). Healing: "shock" (default)
  or "wound" removes that many; "first_aid" clears shock, K and O and stops bleeding.

Operations never change the sheet they are given; they return a new one in a `SheetChange`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.base import GameSystem, RuleOption, SheetChange
from gmconsole.systems.torg.combat import CombatResult, combat_result
from gmconsole.systems.torg.conflict import RoundEffects, start_of_round
from gmconsole.systems.torg.damage import WOUND_LEVELS, DamageState, Reduction, apply_blow, reduce_blow
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import DramaDeckOrder
from gmconsole.systems.torg.resolution import check_odds, run_check
from gmconsole.systems.torg.rules_data import ATTRIBUTE_NAMES, skill_info, skill_names
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tables import load
from gmconsole.systems.torg.values import difficulty_levels

if TYPE_CHECKING:
    from gmconsole.engine.tables import Table

_META = load("bonus_chart")


def _sheet(sheet: BaseModel) -> TorgSheet:
    if not isinstance(sheet, TorgSheet):
        raise TorgError(f"not a Torg sheet: {type(sheet).__name__}")
    return sheet


def _damage_text(d: DamageState) -> str:
    parts = [f"shock {d.shock}/{d.toughness}"]
    if d.K or d.O:
        parts.append("KO" if d.K and d.O else "K")
    if d.knockdown or d.pass_next_action:
        parts.append("knocked down")
    if d.wounds:
        parts.append(d.wound_level)
    return ", ".join(parts)


class TorgSystem(GameSystem):
    id: ClassVar[str] = "torg"
    name: ClassVar[str] = "Torg (1st ed.)"
    credit: ClassVar[str] = _META.credit
    licence: ClassVar[str] = _META.licence
    summary: ClassVar[str] = (
        "d20 rolled again on 10s and 20s through the bonus chart; value + bonus vs difficulty, "
        "result points; drama card initiative; Combat Results Table with shock, K/O and wounds"
    )
    sheet_model: ClassVar[type[BaseModel]] = TorgSheet
    damage_kinds: ClassVar[Sequence[str]] = ("damage", "stun", "shock", "wound")
    options: ClassVar[Sequence[RuleOption]] = (
        RuleOption(
            "drama_deck",
            "Use the drama deck",
            True,
            "Off: each round an opposed d20, +5 to the heroes (standard) or the GM (dramatic).",
        ),
        RuleOption(
            "failing",
            "Optional 'failing' results",
            False,
            "Missing by 1 or 2 is 'failing': later tries at the task are at +1 DN (L1874-L1896).",
        ),
        RuleOption(
            "stabilised_mortal_dies",
            "A stabilised mortal wound still kills past Toughness",
            True,
            "Ruling §9.3 (conservative); off: once stabilised, shock above Toughness does not kill.",
        ),
    )

    # ------------------------------------------------------------------ sheets

    def describe(self, sheet: BaseModel) -> str:
        s = _sheet(sheet)
        a = s.attributes
        rated = f"Poss {s.possibilities.count}" if s.possibility_rated else "Ord"
        return f"DEX {a.DEX} STR {a.STR} TOU {a.TOU} | {rated} | {_damage_text(s.damage)}"

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        s = _sheet(sheet)
        ax = s.cosm_axioms
        lines = [
            ("Name", s.name),
            ("Side", s.side),
            (
                "Cosm",
                f"{s.cosm.replace('_', ' ')} (magic {ax.magic}, social {ax.social}, "
                f"spiritual {ax.spiritual}, tech {ax.tech})",
            ),
            ("Attributes", " ".join(f"{k} {s.attribute(k)}" for k in ATTRIBUTE_NAMES)),
            ("Possibilities", str(s.possibilities.count) if s.possibility_rated else "Ord (no reality add)"),
            (
                "Skills",
                ", ".join(
                    f"{k.replace('_', ' ')} {s.skill_value(k)} (+{n})" for k, n in s.skills.items() if n > 0
                )
                or "-",
            ),
            (
                "Toughness",
                f"{s.toughness}"
                + (f" ({s.toughness_against_blow()} in {s.armour.name})" if s.armour else ""),
            ),
            ("Damage", _damage_text(s.damage)),
        ]
        if s.parenthetical:
            lines.append(("Defence only", ", ".join(f"{k} ({v})" for k, v in s.parenthetical.items())))
        if s.weapons:
            lines.append(("Weapons", ", ".join(f"{w.name} {s.weapon_damage(w.name)}" for w in s.weapons)))
        if not s.connected:
            lines.append(("Reality", "disconnected"))
        return lines

    def spawn(self, template: BaseModel) -> BaseModel:
        s = _sheet(template)
        return s.model_copy(deep=True, update={"damage": DamageState(toughness=s.toughness)})

    def stat(self, sheet: BaseModel, name: str) -> int:
        """ "dex" and the other attributes, "villain" / "pc" (1 or 0), "possibilities",
        "toughness", or a skill's value (0 when it cannot be used)."""
        s = _sheet(sheet)
        key = name.strip().lower()
        if key.upper() in ATTRIBUTE_NAMES:
            return s.attribute(key)
        if key in ("villain", "pc"):
            return int(s.side == "villain") if key == "villain" else int(s.kind == "pc")
        if key == "possibilities":
            return s.possibilities.count
        if key == "toughness":
            return s.toughness_against_blow()
        try:
            return s.skill_value(key)
        except TorgError:
            return 0

    # ------------------------------------------------------------------ tracks

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        s = _sheet(sheet)
        d = s.damage
        ko = 2 if d.K and d.O else 1 if d.K else 0
        views = [
            TrackView(
                name="Shock", kind="points", value=d.shock, maximum=d.toughness, note="out at Toughness"
            ),
            TrackView(
                name="K/O",
                kind="levels",
                value=ko,
                maximum=2,
                labels=("-", "K", "KO"),
                note="knocked down" if d.knockdown or d.pass_next_action else "",
            ),
            TrackView(
                name="Wounds",
                kind="levels",
                value=min(d.wounds, 4),
                maximum=4,
                labels=WOUND_LEVELS,
                note="bleeding"
                if d.bleeding
                else ("stabilised" if d.mortal_stabilized and d.wounds == 3 else ""),
            ),
        ]
        if s.possibility_rated:
            n = s.possibilities.count
            views.append(TrackView(name="Possibilities", kind="points", value=n, maximum=n))
        return views

    def status(self, sheet: BaseModel) -> StatusView:
        d = _sheet(sheet).damage
        flags = tuple(
            f
            for f, on in (
                ("K", d.K),
                ("O", d.O),
                ("knockdown", d.knockdown or d.pass_next_action),
                ("bleeding", d.bleeding),
            )
            if on
        )
        if d.dead:
            return StatusView(health="dead", label="dead", detail=d.wound_level, flags=flags)
        if d.unconscious:
            why = "knocked out (K and O)" if d.K and d.O else f"shock {d.shock} >= Toughness {d.toughness}"
            return StatusView(health="down", label="unconscious", detail=why, flags=flags)
        if d.shock or d.wounds or d.K:
            return StatusView(
                health="hurt",
                label=d.wound_level if d.wounds else "shaken",
                detail=_damage_text(d),
                flags=flags,
            )
        return StatusView(flags=flags)

    # ------------------------------------------------------------------ harm

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """`amount`: result points for "damage"/"stun" (total - Toughness; below 0 does nothing),
        shock points for "shock", wound levels for "wound"."""
        kind = kind or "damage"
        if kind in ("damage", "stun"):
            return self.apply_blow(sheet, amount, stun=kind == "stun")
        s = _sheet(sheet)
        if amount < 0:
            raise TorgError(f"{kind} must be 0 or more; use heal to take it away")
        if kind not in ("shock", "wound"):
            raise TorgError(f"unknown kind of harm {kind!r} (one of {', '.join(self.damage_kinds)})")
        new = s.model_copy(deep=True)
        result = CombatResult(shock=amount) if kind == "shock" else CombatResult(wounds=amount)
        notes = apply_blow(new.damage, result)
        text = f"takes {amount} {kind}{'s' if kind == 'wound' and amount != 1 else ''}"
        return self._change(new, text, notes, harmed=amount > 0, detail={"result": str(result)})

    def apply_blow(
        self,
        sheet: BaseModel,
        result_points: int,
        *,
        stun: bool = False,
        reductions: Sequence[Reduction] = (),
    ) -> SheetChange:
        """One blow: the CRT cell for `result_points` on the sheet's column, bought down by
        `reductions` (one Possibility, spent from the ledger, plus any hero/drama cards), then
        applied. Refused, with nothing changed, if a Possibility is spent that the sheet lacks."""
        s = _sheet(sheet)
        new = s.model_copy(deep=True)
        if result_points < 0:
            return SheetChange(
                new,
                f"{result_points} result points: below Toughness, no effect",
                detail={"result_points": result_points, "result": "no effect"},
            )
        cell = combat_result(result_points, possibility_rated=s.possibility_rated)
        reduced = reduce_blow(cell.as_stun() if stun else cell, reductions)
        if any(r.source == "possibility" for r in reductions):
            new.possibilities.spend(1, "reduce damage")
        notes = apply_blow(new.damage, reduced)
        text = f"{result_points} RP{' stun' if stun else ''}: {cell.as_stun() if stun else cell}"
        if reductions:
            text += f", bought down to {reduced}"
        detail = {"result_points": result_points, "result": str(cell), "applied": str(reduced), "stun": stun}
        return self._change(new, text, notes, harmed=not reduced.harmless, detail=detail)

    def _change(
        self, new: TorgSheet, text: str, notes: list[str], *, harmed: bool, detail: dict[str, Any]
    ) -> SheetChange:
        full = "; ".join([text, *notes, _damage_text(new.damage)])
        return SheetChange(new, full, detail={**detail, "notes": notes}, harmed=harmed)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """ "shock" (the default, also for "damage"/"stun") or "wound": remove that many;
        "first_aid": a successful first aid (shock, K and O gone, bleeding stopped)."""
        s = _sheet(sheet)
        new = s.model_copy(deep=True)
        d = new.damage
        kind = "shock" if kind in (None, "damage", "stun") else kind
        if amount < 0:
            raise TorgError("healing must be 0 or more")
        if kind == "first_aid":
            notes = d.first_aid()
            return SheetChange(new, "first aid: " + ", ".join(notes) + f"; {_damage_text(d)}")
        if kind == "shock":
            gone = min(amount, d.shock)
            d.shock -= gone
            return SheetChange(new, f"recovers {gone} shock; {_damage_text(d)}", detail={"shock": gone})
        if kind == "wound":
            gone = min(amount, d.wounds)
            d.wounds -= gone
            if d.wounds < 3:
                d.mortal_stabilized = False
            return SheetChange(
                new, f"heals {gone} wound level(s); {_damage_text(d)}", detail={"wounds": gone}
            )
        raise TorgError(f"cannot heal {kind!r} (shock, wound or first_aid)")

    def end_of_round(self, sheet: BaseModel) -> SheetChange | None:
        """Mortal bleeding (+1 shock) and the recovery clock (a minute every 6 rounds)."""
        s = _sheet(sheet)
        new = s.model_copy(deep=True)
        notes = new.damage.end_round()
        if new.damage == s.damage:
            return None
        left = 6 - new.damage.rounds
        text = "; ".join(notes) if notes else f"recovering: a minute in {left} round(s)"
        return SheetChange(new, text, detail={"notes": notes}, harmed=new.damage.shock > s.damage.shock)

    def round_start(self, sheet: BaseModel, effects: RoundEffects, side: str) -> SheetChange | None:
        """The flipped card's effects on one character (fatigue shock, inspiration); None when
        the card does nothing to this sheet. The armour fatigue penalty adds a point."""
        s = _sheet(sheet)
        new = s.model_copy(deep=True)
        penalty = {"c": bool(s.armour and s.armour.fatigue_penalty)}
        notes = start_of_round(effects, {"c": new.damage}, {"c": side}, penalty)
        if new.damage == s.damage:
            return None
        text = "; ".join(n.split(": ", 1)[1] for n in notes)
        return SheetChange(new, text, harmed=new.damage.shock > s.damage.shock)

    def spend_possibility(self, sheet: BaseModel, reason: str, n: int = 1) -> SheetChange:
        """Spend Possibilities (an extra roll, a counter, a reality bubble...), with the reason."""
        new = _sheet(sheet).model_copy(deep=True)
        new.possibilities.spend(n, reason)
        return SheetChange(
            new, f"spends {n} Possibilit{'y' if n == 1 else 'ies'} ({reason}): {new.possibilities.count} left"
        )

    def gain_possibility(self, sheet: BaseModel, reason: str, n: int = 1) -> SheetChange:
        new = _sheet(sheet).model_copy(deep=True)
        if not new.possibility_rated:
            raise TorgError(f"{new.name} is an Ord and cannot hold Possibilities")
        new.possibilities.gain(n, reason)
        return SheetChange(
            new, f"gains {n} Possibilit{'y' if n == 1 else 'ies'} ({reason}): {new.possibilities.count}"
        )

    # ------------------------------------------------------------------ tests

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        """The attributes, then every skill the character has adds in, then the skills usable
        unskilled (marked), alphabetically."""
        s = _sheet(sheet)
        opts = [CheckOption(key=f"attr:{a}", label=a, value=s.attribute(a)) for a in ATTRIBUTE_NAMES]
        had = [k for k, n in s.skills.items() if n > 0]
        opts += [
            CheckOption(key=f"skill:{k}", label=k.replace("_", " "), value=s.skill_value(k)) for k in had
        ]
        for k in skill_names():
            if k not in had and skill_info(k)["unskilled"] != "no":
                opts.append(
                    CheckOption(
                        key=f"skill:{k}", label=f"{k.replace('_', ' ')} (unskilled)", value=s.skill_value(k)
                    )
                )
        return opts

    def difficulties(self) -> list[Difficulty]:
        return [Difficulty(key=d.key, label=d.label, value=d.number) for d in difficulty_levels()]

    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        return run_check(_sheet(sheet), request, rng, dice, who)

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        return check_odds(_sheet(sheet), request)

    # ------------------------------------------------------------------ order and tables

    def turn_order(self, options: Mapping[str, Any] | None = None) -> DramaDeckOrder:
        opts = self.resolve_options(options)
        return DramaDeckOrder(use_deck=bool(opts["drama_deck"]))

    def tables(self) -> list[Table]:
        from gmconsole.systems.torg.reference import all_tables

        return all_tables()
