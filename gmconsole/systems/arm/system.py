"""`ArmSystem`: ARM v1.2 behind the plug-in contract (`gmconsole.systems.base`).

What the console sees:
- Sheet: `ArmSheet` (six stats and movement as logs, mods, armour with wound and shock values,
  weapons, the wound and shock tracks, pending modifiers for the coming round).
- Tests: stat + mods + (d6 - d6) - difficulty; the difficulty guide as the ladder; an opposed
  task takes the opponent's stat as the difficulty (only the actor rolls); exact odds.
- Rounds: no initiative: declare (players first), then resolve in the GM's order (`ArmRounds`).
- Damage: ``dmg WHO TOTAL`` takes a blow's damage total; the system subtracts Toughness and
  armour (wound and shock values apart) and reads the damage table; ``stun`` is a stun blow;
  ``wound`` and ``shock`` add levels straight to a track. ``heal`` lowers a track by levels
  (the book has no healing rules, so every level can be set by hand, logged and undone).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError

from gmconsole.engine.errors import RulesError, validation_text
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.arm.condition import SHOCK_LEVELS, WOUND_LEVELS
from gmconsole.systems.arm.rounds import ArmRounds
from gmconsole.systems.arm.sheet import STATS, ArmSheet, Weapon
from gmconsole.systems.base import (
    Calculator,
    DamageOffer,
    GameSystem,
    Opposition,
    RuleOption,
    Scene,
    SheetAction,
    SheetChange,
)

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds

def _sheet(sheet: BaseModel) -> ArmSheet:
    if not isinstance(sheet, ArmSheet):
        raise RulesError(f"not an ARM sheet: {type(sheet).__name__}")
    return sheet


class ArmSystem(GameSystem):
    id = "arm"
    name = "ARM v1.2"
    credit = "ARM: Advanced Role-Playing Mechanics v1.2 by R. E. Bridson, 1993"
    licence = ("Free to distribute unchanged and not for profit; gmconsole implements the "
               "procedures and ships the numbers as data, its additions labelled as such")
    summary = "stat + mods + (d6 - d6) - difficulty; every number a log (+5 = x10); GM-ordered rounds"
    sheet_model = ArmSheet
    damage_kinds: ClassVar[Sequence[str]] = ("damage", "stun", "mental", "wound", "shock")
    options: ClassVar[Sequence[RuleOption]] = (
        RuleOption("pushing", "Pushing", True,
                   "Optional rule: once per roll, a push die adds +1 (2-5 also cost a shock level)."),
        RuleOption("armour", "Armour adds to Toughness", True,
                   "Armour's wound and shock values add to Toughness against damage."),
    )
    encounter_options: ClassVar[Sequence[RuleOption]] = (
        RuleOption("round", "Round length", "2s",
                   "The time one round stands for, as a measure and a unit (2 s for melee)."),
    )
    sheet_actions: ClassVar[Sequence[SheetAction]] = (
        SheetAction("pending", "Pending modifier", "+N|-N [all|attack|defence] [ROUNDS] [REASON...] | clear",
                    "a ruling for WHO's coming round (Reeling: -2 to everything next round): it starts "
                    "when the next round begins and ends by itself after ROUNDS rounds"),
        SheetAction("prepare", "Prepared defence", "",
                    "WHO is ready for an attack this round: a dodge or parry is 2 + the hit, "
                    "not 4 + the hit"),
        SheetAction("move", "Move a round", "MODE [push [DIE]]",
                    "how far WHO's movement rate (run, walk...) carries in one round; push: +1 on 2-6 "
                    "(2-5 cost a shock level)"),
        SheetAction("build", "Point-buy price", "[BUDGET]",
                    "the sheet priced in chp (stats at the example costs, mods at their own cost a "
                    "level) with a running total, what is left of BUDGET, and anything outside the "
                    "race's limits"),
    )
    calculators: ClassVar[Sequence[Calculator]] = (
        Calculator("log", "Log to measure", "LOG [UNIT]", "the measure of a log: calc log 12 -> 250"),
        Calculator("measure", "Measure to log", "MEASURE [UNIT]",
                   "the log of a measure, in metres or seconds when a unit is given: calc measure 3 km"),
        Calculator("convert", "Convert a log between units", "LOG FROM TO [per TIME_FROM TIME_TO [POWER]]",
                   "calc convert 5 m ft per s s -> 8 (a speed in feet per second)"),
        Calculator("round", "Rate per round", "RATE_LOG ROUND_LENGTH",
                   "a rate's log per round of that length: calc round 8 3 -> 10"),
        Calculator("group", "Group task value", "LOG LOG...",
                   "the group's stat + mods: measures added, back to a log: calc group 6 6 -> 7"),
        Calculator("subtasks", "Required subtasks", "RESULT RESULT...",
                   "a task split into required subtasks: the worst result limits the whole"),
        Calculator("units", "Unit converter", "MEASURE UNIT",
                   "a measure shown in every other unit of its kind: calc units 3 km"),
    )
    quick_stats: ClassVar[Sequence[str]] = (*STATS, "armour", "damage")

    # ------------------------------------------------------------------ sheets

    def describe(self, sheet: BaseModel) -> str:
        s = _sheet(sheet)
        stats = " ".join(f"{k[:3].capitalize()} {v}" for k, v in s.stats.items())
        parts = [stats]
        if s.armour.wound or s.armour.shock:
            parts.append(f"{s.armour.name or 'armour'} {s.armour.wound}/{s.armour.shock}")
        parts += [f"{w.name} {w.damage}" for w in s.weapons[:2]]
        return " · ".join(parts)

    def sheet_notes(self, sheet: BaseModel) -> list[str]:
        """The point-buy running total and the race's limits, live in the sheet form."""
        from gmconsole.systems.arm.creation import summary

        return [f"Point-buy: {summary(_sheet(sheet))}"]

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        from gmconsole.systems.arm.creation import summary
        from gmconsole.systems.arm.scale import format_measure, log_to_measure

        s = _sheet(sheet)
        lines = [(k.capitalize(), str(v)) for k, v in s.stats.items()]
        lines += [(mode.capitalize(), f"{v} ({format_measure(log_to_measure(v))} m/s)")
                  for mode, v in s.movement.items()]
        if s.size:
            lines.append(("Size", f"{s.size:+d}"))
        for m in s.mods:
            shown = f"{m.value} absolute" if m.kind == "absolute" else f"{m.value:+d} {m.kind}"
            lines.append((f"Mod: {m.name}", shown))
        if s.armour.wound or s.armour.shock:
            lines.append(("Armour", f"{s.armour.name} wound +{s.armour.wound}, shock +{s.armour.shock}"))
        for w in s.weapons:
            extra = (f", accuracy {w.accuracy:+d}" if w.ranged
                     else f", attack {w.attack:+d}, parry {w.parry:+d}")
            lines.append((f"Weapon: {w.name}", f"damage {w.damage}{' (stun)' if w.stun else ''}{extra}"))
        for sp in s.spells:
            flung = f", accuracy {sp.accuracy:+d}, damage {sp.damage}" if sp.as_weapon() else ""
            lines.append((f"Spell: {sp.name}", f"cast {sp.difficulty} ({sp.stat.capitalize()}){flung}"))
        lines.append(("Point-buy", summary(s)))
        lines.append(("Condition", s.condition.label()))
        lines += [(f"Wound {i}", WOUND_LEVELS[w.level].capitalize() + (f" ({w.note})" if w.note else ""))
                  for i, w in enumerate(s.wounds, 1)]
        if s.prepared:
            lines.append(("Defence", "prepared (2 + the hit)"))
        lines += [("Pending", p.label() + (" from next round" if p.waiting else "")
                   + (f" ({p.reason})" if p.reason else "")) for p in s.pending]
        return lines

    def stat(self, sheet: BaseModel, name: str) -> int:
        s = _sheet(sheet)
        return s.stats.get(name.strip().lower(), 0)

    def spawn(self, template: BaseModel) -> BaseModel:
        s = _sheet(template)
        fresh = {"condition": type(s.condition)(), "pending": [], "wounds": [], "prepared": False}
        return s.model_copy(deep=True, update=fresh)

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        """An average human (every stat 6) with the named stats set; `armour N` gives armour
        of N against both wounds and shock, `damage N` a weapon of that damage."""
        data = self.dump_sheet(self.new_sheet())
        for key, value in stats.items():
            if key in STATS:
                data["stats"][key] = value
            elif key == "armour":
                data["armour"] = {"name": "armour", "wound": value, "shock": value}
            elif key == "damage":
                data["weapons"] = [Weapon(name="Weapon", damage=value).model_dump()]
            else:
                known = ", ".join(self.quick_stats)
                raise RulesError(f"ARM has no quick statistic {key!r} (known: {known})")
        try:
            return self.parse_sheet(data)
        except ValidationError as exc:
            raise RulesError(validation_text(exc)) from None

    # ------------------------------------------------------------------ tracks

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        c = _sheet(sheet).condition
        return [
            TrackView("Wound", "levels", c.wound, 5, tuple(WOUND_LEVELS), "destroyed" if c.destroyed else ""),
            TrackView("Shock", "levels", c.shock, 5, tuple(SHOCK_LEVELS)),
        ]

    def status(self, sheet: BaseModel) -> StatusView:
        c = _sheet(sheet).condition
        if c.destroyed:
            return StatusView("dead", "destroyed", "destroyed")
        if c.dead:
            return StatusView("dead", "dead", "mortal wounds past bearing")
        if c.unconscious:
            return StatusView("down", "unconscious", f"wound {WOUND_LEVELS[c.wound]}")
        if c.wound or c.shock:
            return StatusView("hurt", c.label().lower(), "")
        return StatusView()

    def health(self, sheet: BaseModel) -> str:
        c = _sheet(sheet).condition
        return f"W{c.wound} S{c.shock}"

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        from gmconsole.systems.arm.damage import apply

        return apply(_sheet(sheet), amount, kind or "damage")

    def apply_damage_in(self, sheet: BaseModel, amount: int, kind: str | None, scene: Scene) -> SheetChange:
        """As `apply_damage`, with the campaign's option "armour": off, armour adds nothing to
        Toughness (the book leaves armour to the GM)."""
        from gmconsole.systems.arm.damage import apply

        armour = bool(scene.options.get("armour", True))
        return apply(_sheet(sheet), amount, kind or "damage", armour_counts=armour)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """`heal WHO N wound|shock` (the book has no healing rule); no track named is shock."""
        from gmconsole.systems.arm.damage import lower

        return lower(_sheet(sheet), amount, kind)

    def start_of_round(self, sheet: BaseModel, scene: Scene) -> SheetChange | None:
        """Rulings made for the coming round come into force. The end of the round has already
        taken off those that are over and the prepared defence; they are taken off here too, as
        the sheet this hook is given may have been read before that."""
        s = _sheet(sheet)
        if not any(p.waiting for p in s.pending):
            return None
        now = scene.encounter.round if scene.encounter else 0
        pending = [p.model_copy(update={"waiting": False}) for p in s.pending
                   if p.waiting or not p.until_round or p.until_round >= now]
        text = ", ".join(p.label() for p in s.pending if p.waiting)
        new = s.model_copy(update={"pending": pending, "prepared": False})
        return SheetChange(new, f"now in force: {text}")

    def end_of_round(self, sheet: BaseModel, rng: random.Random | None = None,
                     dice: Sequence[int] | None = None, conditions: Sequence[str] = (),
                     scene: Scene | None = None) -> SheetChange | None:
        """Pending modifiers whose last round this was end; a prepared defence lapses."""
        s = _sheet(sheet)
        now = scene.encounter.round if scene and scene.encounter else 0
        keep = [p for p in s.pending if p.waiting or not p.until_round or p.until_round > now]
        if len(keep) == len(s.pending) and not s.prepared:
            return None
        gone = len(s.pending) - len(keep)
        new = s.model_copy(deep=True, update={"pending": keep, "prepared": False})
        text = f"{gone} pending modifier(s) end" if gone else "prepared defence lapses"
        return SheetChange(new, text)

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """The fight's rounds are over: rulings counted in its rounds and a prepared defence go."""
        s = _sheet(sheet)
        keep = [p for p in s.pending if not p.until_round]
        if keep == s.pending and not s.prepared:
            return None
        return SheetChange(s.model_copy(update={"pending": keep, "prepared": False}),
                           "the fight's pending rulings end")

    # ------------------------------------------------------------------ tests

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        from gmconsole.systems.arm.resolution import options

        return options(_sheet(sheet))

    def difficulties(self) -> list[Difficulty]:
        from gmconsole.engine.checks import Difficulty
        from gmconsole.systems.arm.tasks import DIFFICULTIES

        return [Difficulty(key, label, value) for key, label, value in DIFFICULTIES]

    def check_switches(self, sheet: BaseModel, options: Mapping[str, Any] | None = None) -> list[RuleOption]:
        from gmconsole.systems.arm.situation import switches

        return switches(pushing=options is None or bool(options.get("pushing", True)))

    def check(self, sheet: BaseModel, request: CheckRequest, rng: random.Random,
              dice: Sequence[int] | None = None, who: str | None = None) -> CheckResult:
        from gmconsole.systems.arm.resolution import run_check

        return run_check(_sheet(sheet), request, rng, dice, who)

    def after_check(self, sheet: BaseModel, request: CheckRequest, result: CheckResult,
                    scene: Scene) -> SheetChange | None:
        """A push's shock, berserk's and circling's next-round modifiers, the action used."""
        from gmconsole.systems.arm.melee import after_test

        return after_test(_sheet(sheet), request, result, scene, int(result.detail.get("push_shock") or 0))

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.systems.arm.resolution import odds

        return odds(_sheet(sheet), request)

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """An attack: 4 less the target's size; circling: the target's Wit; an opposed stat:
        the target's resisting stat (a trick: Willpower). Only the actor rolls."""
        from gmconsole.systems.arm.melee import oppose

        return oppose(option, _sheet(target))

    def answer(self, sheet: BaseModel, option: str, attacker: BaseModel, attack: CheckRequest,
               attack_result: CheckResult) -> Opposition | None:
        """A dodge or parry against the hit: 4 + its result (2 + prepared); counter-blow +2."""
        from gmconsole.systems.arm.melee import answer

        return answer(_sheet(sheet), option, _sheet(attacker), attack, attack_result)

    def damage_offer(self, sheet: BaseModel, request: CheckRequest, result: CheckResult,
                     target: BaseModel, rng: random.Random,
                     dice: Sequence[int] | None = None) -> DamageOffer | None:
        from gmconsole.systems.arm.damage import blow

        return blow(_sheet(sheet), request.option, result, rng, dice)

    # ------------------------------------------------------------------ actions and calculators

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
        from gmconsole.systems.arm.actions import perform

        return perform(_sheet(sheet), action, args, scene)

    def calculate(self, key: str, args: Sequence[str]) -> str:
        from gmconsole.systems.arm.calculators import calculate

        return calculate(key, list(args))

    def encounter_option(self, key: str, value: Any) -> Any:
        """`set round 2s`, `set round 10min`: a measure above 0 and a unit of time."""
        if key == "round":
            from gmconsole.systems.arm.scale import TIME_UNITS, ScaleError, split_measure

            measure, unit = split_measure(str(value), "s")
            if unit not in TIME_UNITS:
                raise ScaleError(f"a round is a time (s, min, h, day...), not {unit!r}")
            return f"{measure.normalize():f}{unit}"
        return super().encounter_option(key, value)

    def turn_order(self, options: Mapping[str, Any] | None = None) -> ArmRounds:
        self.resolve_options(options)
        return ArmRounds()

