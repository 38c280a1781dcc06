"""`MyriadSystem`: the Myriad rules behind the plug-in contract (`gmconsole.systems.base`).

What the console sees:
- Sheet: `MyriadSheet` (statistics, skills, SFX, boons/flaws, gear, resilience lines).
- Tests: options are ``stat`` or ``stat/skill``; d6 equal to the statistic, keep the highest, add
  the skill and +1 per unburnt six; the TN ladder as difficulties; exact odds before rolling
  (see `resolution` for the request's extras: burns, tags, initiator).
- Turn order: `MyriadInitiative` (1d6 + the conflict's defence statistic every round, ties act
  together); the conflict type is ``enc.state["conflict"]``.
- Damage: ``apply_damage(sheet, boxes, kind)`` crosses off ``boxes`` boxes, already counted
  against armour (use `damage_from_dice` to count dice against the sheet's armour first). Kinds:
  "wounds" (main line, then critical), "critical" (straight to the critical line), "resolve",
  or any other line the sheet has ("nerve"). Healing runs the other way: critical boxes first.

Operations never change the sheet they are given; they return a new one in a `SheetChange`.

Opening a campaign needs the sheet, its views and the turn order only, so the modules behind one
intent (a test's dice and switches, healing, the point-buy check) are imported by the method
that uses them: they cost a GM nothing until the first test, rest or build check.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError

from gmconsole.engine.errors import RulesError, validation_text
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.base import (
    Calculator,
    DamageOffer,
    GameSystem,
    Generated,
    Generator,
    Opposition,
    RuleOption,
    Scene,
    SheetAction,
    SheetChange,
)
from gmconsole.systems.myriad import actions, data, views
from gmconsole.systems.myriad import generators as quick
from gmconsole.systems.myriad.ability import check_faces, target_numbers
from gmconsole.systems.myriad.body import PART_KINDS, heal_parts, part_effect
from gmconsole.systems.myriad.calculators import CALCULATORS
from gmconsole.systems.myriad.conflict import (
    conflict_type,
    conflict_types,
    damage_dealt,
    initiative_modifier,
    resilience_types,
)
from gmconsole.systems.myriad.effects import (
    EffectKind,
    OngoingEffect,
)
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.initiative import MyriadInitiative
from gmconsole.systems.myriad.maneuvers import MANEUVERS
from gmconsole.systems.myriad.progression import PROGRESSION
from gmconsole.systems.myriad.resilience import HealResult, new_line
from gmconsole.systems.myriad.rule_options import CAMPAIGN_OPTIONS, ENCOUNTER_OPTIONS
from gmconsole.systems.myriad.sheet import MyriadSheet
from gmconsole.systems.myriad.vehicle_actions import VEHICLE_ACTIONS
from gmconsole.systems.myriad.views import boxes, boxes_left, status_view, track_views

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
    from gmconsole.engine.tables import Table
    from gmconsole.systems.myriad.creation import BuildReport

CRITICAL = "critical"
BLEEDING = "bleeding"
def _sheet(sheet: BaseModel) -> MyriadSheet:
    if not isinstance(sheet, MyriadSheet):
        raise MyriadError(f"not a Myriad sheet: {type(sheet).__name__}")
    return sheet


class MyriadSystem(GameSystem):
    id: ClassVar[str] = "myriad"
    name: ClassVar[str] = "Myriad"
    credit: ClassVar[str] = data.CREDIT
    licence: ClassVar[str] = data.LICENCE
    summary: ClassVar[str] = ("d6 pool = statistic, keep the highest + skill + 1 per unburnt six; "
                              "sixes burn for SFX; dice over armour cross off boxes")
    sheet_model: ClassVar[type[BaseModel]] = MyriadSheet
    damage_kinds: ClassVar[Sequence[str]] = ("wounds", CRITICAL, "resolve", BLEEDING,
                                             *PART_KINDS, "nerve", "cynicism", "mana",
                                             "concentration")
    """Wounds (then critical), the critical row directly, Resolve; "bleeding" is wounds that
    also start the target bleeding (Artery Strike); "arm", "foreleg", "leg", "groin" and "wing"
    are wounds to that part, with its effect (T-18, see `body`); the optional modules' lines
    (Nerve for terror, Cynicism for romance, Mana, Concentration) are added to a sheet that lacks
    them on their first damage, sized from their base statistic."""
    options: ClassVar[Sequence[RuleOption]] = CAMPAIGN_OPTIONS
    encounter_options: ClassVar[Sequence[RuleOption]] = ENCOUNTER_OPTIONS

    # ------------------------------------------------------------------ sheets

    def describe(self, sheet: BaseModel) -> str:
        """ "Pow 5 Gra 4 Int 3 Spi 4 · armour 3 · Long sword 4D" (see `views.describe`)."""
        return views.describe(_sheet(sheet))

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        return views.sheet_lines(_sheet(sheet))

    def build_report(self, sheet: BaseModel,
                     options: Mapping[str, Any] | None = None) -> BuildReport:
        """Point-buy check of a new character against the campaign's creation preset (A1)."""
        from gmconsole.systems.myriad.creation import validate_build

        preset_id = self.resolve_options(options)["creation_preset"]
        return validate_build(_sheet(sheet), preset_id)

    def spawn(self, template: BaseModel) -> BaseModel:
        fresh = _sheet(template).model_copy(deep=True)
        for line in fresh.resilience.values():
            line.clear()
        fresh.effects = []
        fresh.states = []
        fresh.movement_lost = fresh.shield = fresh.wing_wounds = 0
        fresh.weave = None
        fresh.imbued = []
        return fresh

    # ------------------------------------------------------------------ stats and tracks

    def stat(self, sheet: BaseModel, name: str) -> int:
        """Statistics and skills by name; ``initiative:<conflict>`` is the conflict's defence
        statistic plus boon modifiers; "armour" the physical armour."""
        s = _sheet(sheet)
        key = name.strip().lower()
        if key.startswith("initiative"):
            wanted = key.partition(":")[2] or "mortal"
            if data.normalise(wanted) not in conflict_types():
                return 0
            conflict = conflict_type(wanted)
            if s.vehicle is not None:  # ruling C4: a vehicle's Manoeuvre is its defence
                return s.vehicle.manoeuvre
            return s.stats.get(conflict.defence_stat, 0) + initiative_modifier(
                conflict.id, fast_slow=s.fast_slow)
        if key == "armour":
            return s.armour
        norm = data.normalise(key)
        return s.stats.get(norm, s.skills.get(norm, 0))

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        """One box row per line as the record sheet draws them (see `views.track_views`)."""
        return track_views(_sheet(sheet))

    def status(self, sheet: BaseModel) -> StatusView:
        """active / hurt / KO / conceded / dead (see `views.status_view`)."""
        return status_view(_sheet(sheet))

    quick_stats = ("power", "grace", "intellect", "spirit")

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        """A blank character with the named statistics set ("add 2 bandit power 3 grace 2");
        its Wounds and Resolve lines follow the statistics as for any new sheet."""
        data = self.dump_sheet(self.new_sheet())
        data.pop("resilience", None)
        for key, value in stats.items():
            if key not in self.quick_stats:
                known = ", ".join(self.quick_stats)
                raise RulesError(f"Myriad has no statistic {key!r} for a quick combatant (known: {known})")
            data["stats"][key] = value
        try:
            return self.parse_sheet(data)
        except ValidationError as exc:
            raise RulesError(validation_text(exc)) from None

    def health(self, sheet: BaseModel) -> str:
        """Boxes left: the Wounds line and its critical row always ("W4/6 C3/3"), other lines
        (Resolve, Nerve) only once something is crossed off them."""
        parts = []
        for view in track_views(_sheet(sheet)):
            if view.name in ("Wounds", "Critical") or view.value:
                parts.append(f"{view.name[:1]}{view.maximum - view.value}/{view.maximum}")
        return " ".join(parts)

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """Cross off ``amount`` boxes (already counted against armour) on the ``kind`` line.

        The log line says where they went and what is left: "takes 5 boxes: 4 wounds +
        1 critical (wounds 0/4, critical 2/3 left): KO"."""
        new = _sheet(sheet).model_copy(deep=True)
        line_id, to_critical = self._target_line(new, kind)
        line = new.line(line_id)
        before = self.status(new)
        result = line.apply(amount, to_critical=to_critical)
        starts_bleeding = (data.normalise(kind or "") == BLEEDING and
                           all(e.kind != EffectKind.BLEEDING for e in new.effects))
        if starts_bleeding:
            new.effects = [*new.effects, OngoingEffect(kind=EffectKind.BLEEDING,
                                                       source="artery strike")]
        after = self.status(new)
        text = f"takes {boxes(result.taken)}"
        if result.main and result.critical:
            text += f": {result.main} {line_id} + {result.critical} critical"
        elif result.critical:
            text += " on the critical row"
        else:
            text += f" on {line_id}"
        text += f" ({boxes_left(line_id, line)})"
        if result.discarded:
            text += f", {result.discarded} past the last box"
        if after.label != before.label and after.health in ("down", "dead"):
            text += f": {after.label}"
        if starts_bleeding:
            text += ", and bleeds"
        part = part_effect(new, data.normalise(kind or ""), result.taken)
        if part:
            text += f", {part}"
        return SheetChange(sheet=new, text=text, harmed=result.taken > 0 or starts_bleeding,
                           detail={"line": line_id, "main": result.main,
                                   "critical": result.critical, "discarded": result.discarded,
                                   "status": line.status})

    def apply_damage_in(self, sheet: BaseModel, amount: int, kind: str | None,
                        scene: Scene) -> SheetChange:
        """`apply_damage`, with what the scene changes: wounds to a massive vessel with
        locations land where a d100 says (T-27); a groin hit on someone who has already acted
        this round stuns it for next round's action instead (T-18)."""
        from gmconsole.systems.myriad.body import has_acted, stun_later

        s = _sheet(sheet)
        if s.vehicle is not None and s.vehicle.sections and data.normalise(kind or "wounds") \
                == "wounds":
            from gmconsole.systems.myriad.vehicle_actions import located_hit

            located = located_hit(s, amount, scene.rng.randint(1, 100))
            if located is not None:
                return located
        change = self.apply_damage(sheet, amount, kind)
        new = _sheet(change.sheet)
        if "stunned" in new.states and "stunned" not in _sheet(sheet).states and \
                has_acted(scene):
            text = change.text.replace("stunned, loses its next combat action", stun_later(new))
            return SheetChange(sheet=new, text=text, detail=change.detail,
                               harmed=change.harmed)
        return change

    def start_of_round(self, sheet: BaseModel, scene: Scene) -> SheetChange | None:
        """A stun waiting from a groin hit last round takes this round's action."""
        from gmconsole.systems.myriad.body import stun_now

        new = stun_now(_sheet(sheet))
        return None if new is None else SheetChange(sheet=new, text="is stunned: loses this "
                                                    "round's action")

    def damage_from_dice(self, sheet: BaseModel, dice: Sequence[int], kind: str | None = None,
                         *, armour: int | None = None, automatic: int = 0) -> SheetChange:
        """Count damage dice strictly above the armour (the sheet's armour for that conflict
        unless given), add automatic points, and cross off the result."""
        s = _sheet(sheet).model_copy(deep=True)  # a module's line may be added to it
        faces = check_faces(dice, what="damage dice")
        line_id, _ = self._target_line(s, kind)
        if armour is None:
            armour = self._armour_for_line(s, line_id)
        boxes = automatic + damage_dealt(faces, armour)
        change = self.apply_damage(s, boxes, kind)
        change.detail.update({"dice": list(faces), "armour": armour, "automatic": automatic})
        return SheetChange(sheet=change.sheet, harmed=change.harmed, detail=change.detail,
                           text=f"{len(faces)}D vs armour {armour}: {change.text}")

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """Uncross ``amount`` boxes, critical boxes first (the reverse of damage); "critical"
        heals the critical row only."""
        new = _sheet(sheet).model_copy(deep=True)
        if self.status(new).health == "dead":
            raise MyriadError(f"{new.who} is {self.status(new).label}: that is permanent "
                              "(a medic may try within 10 minutes of death: medic WHO RESULT "
                              "revive)")
        line_id, critical_only = self._target_line(new, kind)
        line = new.line(line_id)
        if critical_only and line.critical_line is not None:
            healed = HealResult(main=0, critical=line.critical_line.clear(amount))
        else:
            healed = line.restore(amount, criticals_first=True)
        if line.critical_crossed == 0:
            line.healing_nights = 0
        heal_parts(new, treated=False)
        return SheetChange(sheet=new, text=f"{line_id}: {boxes(healed.restored)} restored "
                           f"({boxes_left(line_id, line)})",
                           detail={"line": line_id, "main": healed.main,
                                   "critical": healed.critical})

    def end_of_round(self, sheet: BaseModel, rng: random.Random | None = None,
                     dice: Sequence[int] | None = None,
                     conditions: Sequence[str] = (),
                     scene: Scene | None = None) -> SheetChange | None:
        """Bleeding, burning, asphyxiation... at the round's end. Effects that roll dice need
        ``rng`` or typed ``dice``; without them only the automatic points are applied and the
        rolled ones are listed for the GM to roll. An encounter condition named like an effect
        ("bleeding", "burning") counts as that effect this round even when the sheet does not
        carry it, so the generic `cond` verb works; its duration is the condition's own."""
        from gmconsole.systems.myriad.round_end import round_end

        return round_end(_sheet(sheet), rng, dice, conditions)

    sheet_actions: ClassVar[Sequence[SheetAction]] = (*actions.SHEET_ACTIONS, *MANEUVERS,
                                                      *PROGRESSION, *VEHICLE_ACTIONS)
    calculators: ClassVar[Sequence[Calculator]] = CALCULATORS

    def calculate(self, key: str, args: Sequence[str]) -> str:
        """The book's numbers (movement, autofire, areas, WMD, hazards, vehicles, XP, magic
        limits, fear; see `calculators`)."""
        from gmconsole.systems.myriad.calculators import calculate

        return calculate(key, args)
    generators: ClassVar[Sequence[Generator]] = quick.GENERATORS

    def generate(self, key: str, args: Sequence[str], rng: random.Random) -> Generated:
        """Quick NPCs and creature templates from the racial templates (see `generators`)."""
        return quick.generate(key, args, rng)

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str],
                scene: Scene) -> SheetChange:
        """Myriad's verbs: healing, luck, tasks, magic, building, experience, manoeuvres
        (see `actions.perform`)."""
        if action not in {a.key for a in self.sheet_actions}:
            return super().perform(sheet, action, args, scene)
        return actions.perform(self, _sheet(sheet), action, args, scene)

    def after_check(self, sheet: BaseModel, request: CheckRequest, result: CheckResult,
                    scene: Scene) -> SheetChange | None:
        """Keep the test on the sheet (`luck.LastTest`): Lucky and Unlucky re-roll it. A
        casting roll releases the woven spell; random progression (campaign option) ticks a
        skill's first failure and counts the dice burnt (see `progression`)."""
        from gmconsole.systems.myriad.luck import remember
        from gmconsole.systems.myriad.progression import after_test

        new = _sheet(sheet).model_copy(deep=True)
        new.last_test = remember(request, result)
        texts = []
        if result.detail.get("item"):
            new.imbued = [i for i in new.imbued if i.item != result.detail["item"]]
            texts.append(f"the {result.detail['item']}'s spell is used up")
        elif result.detail.get("spell"):
            new.weave = None
            texts.append("the woven spell is released")
        if request.extra.get("button") == "turn_off" and result.success is False:
            texts.append("it hit a turn-off: the target regains 2 Cynicism "
                         "(heal TARGET 2 cynicism)")
        if self.resolve_options(scene.options)["progression"] == "random":
            texts += after_test(new, result)
        return SheetChange(sheet=new, text="; ".join(texts))

    def default_damage_kind(self, encounter_state: Mapping[str, Any]) -> str:
        """The conflict's own line: Wounds in a fight, Resolve in an argument, Cynicism in
        romance, Nerve in terror (spec §4.1)."""
        return conflict_type(str(encounter_state.get("conflict") or "mortal")).resilience

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """The contract's end-of-conflict hook: Resolve clears (see `end_conflict`)."""
        change = self.end_conflict(sheet)
        return change if change.detail and any(change.detail.values()) else None

    def end_conflict(self, sheet: BaseModel) -> SheetChange:
        """When a conflict ends, lines that reset (Resolve) are cleared (spec §4.7)."""
        new = _sheet(sheet).model_copy(deep=True)
        from gmconsole.systems.myriad import healing

        resets = {k for k, t in resilience_types().items() if t.reset_on_conflict_end}
        cleared = healing.end_conflict(new.resilience, resets)
        total = sum(h.restored for h in cleared.values())
        detail: dict[str, Any] = {k: h.restored for k, h in cleared.items()}
        text = f"conflict over: {boxes(total)} of resolve cleared"
        stuns = [s for s in new.states if s.startswith("stunned")]
        if stuns:  # a stun costs a combat action; with the fight over there is none to lose
            new.states = [s for s in new.states if not s.startswith("stunned")]
            detail["stun"] = len(stuns)
            text += ", the stun is over"
        return SheetChange(sheet=new, text=text, detail=detail)

    def natural_heal(self, sheet: BaseModel, nights: int = 1) -> SheetChange:
        """Good nights' sleep: 1 wound box a night, 1 critical box every 3 nights (D2)."""
        from gmconsole.systems.myriad import healing

        new = _sheet(sheet).model_copy(deep=True)
        healed = healing.natural_heal(new.line("wounds"), nights)
        heal_parts(new, treated=False)
        return SheetChange(sheet=new, text=f"{nights} night(s) of rest: {healed.main} wound and "
                           f"{healed.critical} critical box(es) healed",
                           detail={"main": healed.main, "critical": healed.critical})

    def medic_heal(self, sheet: BaseModel, result: int,
                   options: Mapping[str, Any] | None = None) -> SheetChange:
        """Apply an Intellect/Medic result to the patient: TN 12 - boxes left (ruling D1 picks
        the count, option ``medic_tn_counts``); success restores 1 + margin, criticals first."""
        from gmconsole.systems.myriad import healing

        mode = self.resolve_options(options)["medic_tn_counts"]
        new = _sheet(sheet).model_copy(deep=True)
        outcome = healing.medic_heal(new.line("wounds"), result, mode=mode)
        if outcome.success:
            new.movement_lost = 0  # proper medical attention ends a Crippling Blow
        heal_parts(new, treated=outcome.success)
        restored = outcome.healed.restored if outcome.healed else 0
        word = "success" if outcome.success else "failure"
        return SheetChange(sheet=new, text=f"medic {result} vs TN {outcome.tn}: {word}, "
                           f"{restored} box(es) restored",
                           detail={"tn": outcome.tn, "margin": outcome.margin,
                                   "restored": restored})

    def _target_line(self, sheet: MyriadSheet, kind: str | None) -> tuple[str, bool]:
        """The line a damage kind crosses off, and whether straight onto its critical row. A
        module's line the sheet lacks (Nerve, Cynicism...) is added, sized from its statistic."""
        key = data.normalise(kind or self.damage_kinds[0])
        if key == CRITICAL:
            return "wounds", True
        if key == BLEEDING or key in PART_KINDS:
            return "wounds", False
        if key not in sheet.resilience and key in resilience_types():
            sheet.resilience = {**sheet.resilience, key: new_line(key, sheet.stats)}
        sheet.line(key)  # a clear message when the sheet has no such line
        return key, False

    @staticmethod
    def _armour_for_line(sheet: MyriadSheet, line_id: str) -> int:
        for ctype in ("mortal", "social", "terror"):
            conflict = conflict_type(ctype)
            if conflict.resilience == line_id:
                return sheet.armour_for(conflict.armour)
        return 0

    # ------------------------------------------------------------------ tests of skill

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        """Every statistic alone (untrained), and each skill paired with its usual statistic."""
        from gmconsole.engine.checks import CheckOption

        s = _sheet(sheet)
        if s.vehicle is not None:
            return [CheckOption(key=f"{stat}/{skill}", label=f"{stat.title()} / {skill.title()}",
                                value=getattr(s.vehicle, stat))
                    for stat in ("speed", "manoeuvre") for skill in ("drive", "pilot")]
        links = {r["skill"]: r["stat"] for r in data.rows("skill_stats", "links")}
        options = [CheckOption(key=k, label=k.title(), value=v) for k, v in s.stats.items()]
        for skill, level in s.skills.items():
            stat = links.get(skill, "power")
            label = f"{stat.title()} / {skill.replace('_', ' ').title()}"
            options.append(CheckOption(key=f"{stat}/{skill}", label=label, value=level))
        return options

    def difficulties(self) -> list[Difficulty]:
        from gmconsole.engine.checks import Difficulty

        return [Difficulty(key=k, label=n, value=tn) for k, n, tn in target_numbers()]

    def check(self, sheet: BaseModel, request: CheckRequest, rng: random.Random,
              dice: Sequence[int] | None = None, who: str | None = None) -> CheckResult:
        from gmconsole.systems.myriad.resolution import run_check

        return run_check(_sheet(sheet), request, rng, dice, who)

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """An attack is opposed: the target rolls its defence (see `aim`)."""
        from gmconsole.systems.myriad import aim

        return aim.oppose(option, _sheet(target), _sheet(sheet))

    def damage_offer(self, sheet: BaseModel, request: CheckRequest, result: CheckResult,
                     target: BaseModel, rng: random.Random,
                     dice: Sequence[int] | None = None) -> DamageOffer | None:
        """The weapon's damage dice against the target's armour (see `aim`)."""
        from gmconsole.systems.myriad import aim

        return aim.damage_offer(_sheet(sheet), request, result, _sheet(target), rng, dice)

    def check_switches(self, sheet: BaseModel,
                       options: Mapping[str, Any] | None = None) -> list[RuleOption]:
        """SFX to burn with this roll's sixes (and how many), what the roll is for SFX
        triggers, extra actions used this round, initiator, burning fives (see `switches`).
        ``options`` are the campaign's optional rules when the caller has them."""
        from gmconsole.systems.myriad.switches import check_switches

        return check_switches(_sheet(sheet), options)

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.systems.myriad.resolution import check_odds

        return check_odds(_sheet(sheet), request)

    # ------------------------------------------------------------------ turn order and data

    def turn_order(self, options: Mapping[str, Any] | None = None) -> MyriadInitiative:
        opts = self.resolve_options(options)
        return MyriadInitiative(declare_reverse=bool(opts["declare_reverse_initiative"]),
                                skip_single_side=bool(opts["skip_single_side_initiative"]))

    def tables(self) -> list[Table]:
        from gmconsole.systems.myriad.reference import all_tables

        return all_tables()

