"""`TorgSystem`: the Torg rules behind the plug-in contract (`gmconsole.systems.base`).

What the console sees:
- Sheet: `TorgSheet` (attributes, skill adds, Possibilities ledger, damage tracks, cosm, the
  drama cards the player holds, the round's marks).
- Tests: ``check ayla fire combat possibility range=medium at edeinos-2``: a skill or
  attribute (name or unique prefix), the switches of `check_switches` (the combat options among
  them, see `combat_options`) and the older switch words (see `check_words`). `at TARGET` takes
  the defence, the interaction's defence or the patient's DN from the target (see `aim`); an
  active dodge or parry answers a pending hit (`answer`). One d20
  rolled again on 10s and 20s by who rolls; value + bonus + modifiers vs the difficulty; result
  points and success level; exact odds before rolling. What the roll spends or earns (a
  Possibility, a hero card, the approved-action draw) is `after_check`'s.
- Turn order: `DramaDeckOrder` (a drama card each round; see `initiative`); the card's effects
  on each character are `start_of_round`'s, bleeding and recovery `end_of_round`'s.
- Damage: ``dmg ayla 17`` is a damage TOTAL; the system subtracts Toughness (with armour) and
  reads the result points on the sheet's Combat Results Table column (see `apply_damage`).
  ``buyoff ayla`` then buys the blow down with a Possibility or a card.
- Verbs (`sheet_actions`): buyoff, spend, gain, pool, play, discard, refill, draw, strip, getup,
  firstaid (see `verbs`); recover, medicine, bubble, improve, actend (see `care_verbs`); the
  trackers kept in the encounter: chase, storm, dsr (see `trackers`). Encounter settings
  (`set KEY VALUE`): scene, keep, fiat, act, final. Calculators (`calc KEY ARGS`): the value
  chart (`calculators`) and the book's small procedures (`rule_calcs`).

Operations never change the sheet they are given; they return a new one in a `SheetChange`.
The rules behind the round hooks, the verbs, the buy-off and the calculators are imported when
first used: the first screen lists the verbs and calculators (`verb_list`) but runs none.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError

from gmconsole.engine.errors import RulesError, validation_text
from gmconsole.engine.tracks import StatusView, TrackView
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
from gmconsole.systems.torg import trackers, views
from gmconsole.systems.torg.cards import stand_in_deck
from gmconsole.systems.torg.combat import CombatResult, combat_result
from gmconsole.systems.torg.damage import DamageState, Reduction, reduce_blow
from gmconsole.systems.torg.deck import cards_mask
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.initiative import FIAT_CHOICES, DramaDeckOrder
from gmconsole.systems.torg.rules_data import ATTRIBUTE_NAMES, skill_info, skill_names
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tables import load
from gmconsole.systems.torg.verb_list import CALCULATORS, SURPRISE, VERBS

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
    from gmconsole.engine.tables import Table


class _DataLine:
    """A class attribute read from the data files' shared header on first use (every Torg data
    file carries the same credit and licence), so importing the system reads no file."""

    def __set_name__(self, _owner: type, name: str) -> None:
        self.name = name

    def __get__(self, _obj: object, _owner: type | None = None) -> str:
        return str(getattr(load("bonus_chart"), self.name))


INTERACTION_KINDS = ("intimidation", "test", "taunt", "trick", "maneuver")
"""Damage kinds that are an interaction's result points against the character (`hit` after
a successful taunt...): the Interaction Results Table's effect is applied."""


def _sheet(sheet: BaseModel) -> TorgSheet:
    if not isinstance(sheet, TorgSheet):
        raise TorgError(f"not a Torg sheet: {type(sheet).__name__}")
    return sheet


def spare_stabilised(change: SheetChange, scene: Scene) -> SheetChange:
    """A change whose new shock would kill a stabilised mortal wound, under the lenient
    campaign rule (`stabilised_mortal_dies` off), keeps the character alive at Toughness."""
    new = _sheet(change.sheet)
    if scene.options.get("stabilised_mortal_dies", True) or not (new.damage.wounds == 3 and new.damage.dead):
        return change
    new = new.model_copy(deep=True)
    if not new.damage.spare_stabilised():
        return change
    note = "the stabilised mortal wound holds (campaign rule): shock stops at Toughness, unconscious"
    return replace(change, sheet=new, text=f"{change.text}; {note}")


class TorgSystem(GameSystem):
    id: ClassVar[str] = "torg"
    name: ClassVar[str] = "Torg (1st ed.)"
    credit: ClassVar[str] = _DataLine()  # type: ignore[assignment]
    licence: ClassVar[str] = _DataLine()  # type: ignore[assignment]
    summary: ClassVar[str] = (
        "d20 rolled again on 10s and 20s through the bonus chart; value + bonus vs difficulty, "
        "result points; drama card initiative; Combat Results Table with shock, K/O and wounds"
    )
    sheet_model: ClassVar[type[BaseModel]] = TorgSheet
    damage_kinds: ClassVar[Sequence[str]] = (
        "damage",
        "stun",
        "rp",
        "shock",
        "wound",
        *INTERACTION_KINDS,
    )
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
            "Missing by 1 or 2 is 'failing': later tries at the task are at +1 DN.",
        ),
        RuleOption(
            "narrowed_scope",
            "Narrowed skill scope",
            False,
            "On: a test names the scope of what the skill is used on (primary, secondary, other).",
        ),
        RuleOption(
            "stabilised_mortal_dies",
            "A stabilised mortal wound still kills past Toughness",
            True,
            "On: shock above Toughness still kills a stabilised mortal wound; "
            "off: once stabilised, it does not.",
        ),
    )
    encounter_options: ClassVar[Sequence[RuleOption]] = (
        RuleOption(
            "scene",
            "Scene",
            "standard",
            "standard: the cards' S lines favour the heroes; dramatic: the D lines favour the villains.",
            ("standard", "dramatic"),
        ),
        RuleOption(
            "keep",
            "Seize initiative",
            "no",
            "yes: a player seized initiative before the flip; the card in effect stays next round.",
            ("no", "yes"),
        ),
        RuleOption(
            "fiat",
            "GM fiat",
            "off",
            "Dramatic scenes, 3 times a conflict: peek shows the top four cards; N keeps the Nth.",
            FIAT_CHOICES,
        ),
        RuleOption(
            "surprise",
            "Surprise",
            "none",
            "on_heroes: surprised heroes put no cards into pools the first round (complete: two); "
            "on_villains: each hero may put one more card (complete: two more) the first round.",
            SURPRISE,
        ),
        RuleOption(
            "act", "Act", "1", "The adventure's act, shown beside the scene.", ("1", "2", "3", "4", "5", "6")
        ),
        RuleOption(
            "final",
            "Final encounter",
            "no",
            "yes: the adventure's last encounter; hands are not refilled when it ends.",
            ("no", "yes"),
        ),
    )
    sheet_actions: ClassVar[Sequence[SheetAction]] = (*VERBS, *trackers.SHEET_ACTIONS)
    calculators: ClassVar[Sequence[Calculator]] = CALCULATORS

    # ------------------------------------------------------------------ sheets and views

    def describe(self, sheet: BaseModel) -> str:
        return views.describe(_sheet(sheet))

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        return views.sheet_lines(_sheet(sheet))

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        return views.tracks(_sheet(sheet))

    def status(self, sheet: BaseModel) -> StatusView:
        return views.status(_sheet(sheet))

    def health(self, sheet: BaseModel) -> str:
        return views.health(_sheet(sheet))

    quick_stats = tuple(a.lower() for a in ATTRIBUTE_NAMES)

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        """An ordinary villain with every attribute at the blank sheet's value and the named
        ones set ("add 3 thug dex 9 tou 10"); Toughness follows TOU as on any sheet."""
        data = self.dump_sheet(self.new_sheet())
        data.update(kind="npc", side="villain")
        for key, value in stats.items():
            if key.upper() not in ATTRIBUTE_NAMES:
                known = ", ".join(self.quick_stats)
                raise RulesError(f"Torg has no attribute {key!r} for a quick combatant (known: {known})")
            data["attributes"][key.upper()] = value
        try:
            return self.parse_sheet(data)
        except ValidationError as exc:
            raise RulesError(validation_text(exc)) from None

    def spawn(self, template: BaseModel) -> BaseModel:
        s = _sheet(template)
        fresh = DamageState(toughness=s.toughness)
        return s.model_copy(deep=True, update={"damage": fresh, "this_round": [], "cards": None})

    def stat(self, sheet: BaseModel, name: str) -> int:
        """ "dex" and the other attributes, "villain" / "pc" (1 or 0), "possibilities",
        "toughness", "drama_cards" (the held cards as a bit set, see `deck.cards_mask`), or a
        skill's value (0 when it cannot be used)."""
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
        if key == "drama_cards":
            return cards_mask(s.held.all())
        try:
            return s.skill_value(key)
        except TorgError:
            return 0

    # ------------------------------------------------------------------ harm

    def apply_damage_in(self, sheet: BaseModel, amount: int, kind: str | None, scene: Scene) -> SheetChange:
        """`apply_damage`, then the campaign's `stabilised_mortal_dies` rule: off, a stabilised
        mortal wound survives shock above Toughness (held at Toughness: unconscious)."""
        change = self.apply_damage(sheet, amount, kind)
        return spare_stabilised(change, scene)

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """What `amount` means, by kind (the first is the default):

        - "damage": the damage TOTAL the attacker rolled (damage value + bonus); the system
          subtracts the target's Toughness (with armour) and reads the result points on the
          Combat Results Table column for Ords or possibility-rated characters;
        - "stun": a stun damage total (the same, with the stun conversion);
        - "rp": result points already worked out (cover, One-on-Many: total minus the raised
          Toughness), read straight on the table;
        - "shock": shock points; "wound": wound levels;
        - "intimidation", "test", "taunt", "trick", "maneuver": the result points of that
          interaction against this character, read on the Interaction Results Table and
          applied (stymied, set back, the maneuver's fatigue shock; see `interaction_effect`).

        Every blow is remembered so `buyoff` can buy it down afterwards."""
        kind = kind or "damage"
        s = _sheet(sheet)
        if kind in ("damage", "stun"):
            toughness = s.toughness_against_blow()
            change = self.apply_blow(s, amount - toughness, stun=kind == "stun")
            text = f"damage {amount} vs Toughness {toughness}: {change.text}"
            return SheetChange(change.sheet, text, {**change.detail, "total": amount}, change.harmed)
        if kind == "rp":
            return self.apply_blow(s, amount)
        if kind in INTERACTION_KINDS:
            from gmconsole.systems.torg.interaction import interaction_effect

            new, text, harmed = interaction_effect(s, kind, amount)
            return SheetChange(new, text, {"interaction": kind, "result_points": amount}, harmed)
        if amount < 0:
            raise TorgError(f"{kind} must be 0 or more; use heal to take it away")
        if kind not in ("shock", "wound"):
            raise TorgError(f"unknown kind of harm {kind!r} (one of {', '.join(self.damage_kinds)})")
        from gmconsole.systems.torg.buyoff import strike

        new = s.model_copy(deep=True)
        result = CombatResult(shock=amount) if kind == "shock" else CombatResult(wounds=amount)
        notes = strike(new.damage, result)
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
        from gmconsole.systems.torg.buyoff import strike

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
        notes = strike(new.damage, reduced)
        if new.damage.last_blow is not None and any(r.source == "possibility" for r in reductions):
            new.damage.last_blow.possibility = True
        text = f"{result_points} RP{' stun' if stun else ''}: {cell.as_stun() if stun else cell}"
        if reductions:
            text += f", bought down to {reduced}"
        detail = {"result_points": result_points, "result": str(cell), "applied": str(reduced), "stun": stun}
        return self._change(new, text, notes, harmed=not reduced.harmless, detail=detail)

    def _change(
        self, new: TorgSheet, text: str, notes: list[str], *, harmed: bool, detail: dict[str, Any]
    ) -> SheetChange:
        full = "; ".join([text, *notes, views.damage_text(new.damage)])
        return SheetChange(new, full, detail={**detail, "notes": notes}, harmed=harmed)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """ "shock" (the default, also for "damage"/"stun"/"rp") or "wound": remove that many;
        "first_aid": a successful first aid (shock, K and O gone, bleeding stopped); an
        interaction kind: the stymie and setback it left are shaken off."""
        s = _sheet(sheet)
        new = s.model_copy(deep=True)
        d = new.damage
        before = d.marks()
        if kind in INTERACTION_KINDS:  # what an interaction left on the round: stymied, setback
            gone = [m for m in new.this_round if m in ("stymied", "setback")]
            new.this_round = [m for m in new.this_round if m not in gone]
            return SheetChange(new, f"shakes off {', '.join(gone) or 'nothing'}")
        kind = "shock" if kind in (None, "damage", "stun", "rp") else kind
        if amount < 0:
            raise TorgError("healing must be 0 or more")
        if kind == "first_aid":
            notes = d.first_aid()
            text = "first aid: " + ", ".join(notes)
        elif kind == "shock":
            gone = min(amount, d.shock)
            d.shock -= gone
            text = f"recovers {gone} shock"
        elif kind == "wound":
            gone = min(amount, d.wounds)
            d.wounds -= gone
            if d.wounds < 3:
                d.mortal_stabilized = False
            text = f"heals {gone} wound level(s)"
        else:
            raise TorgError(f"cannot heal {kind!r} (shock, wound or first_aid)")
        d.forget_blow_if_changed(before)
        return SheetChange(new, f"{text}; {views.damage_text(d)}")

    # ------------------------------------------------------------------ scene hooks

    def _order(self, scene: Scene | None) -> DramaDeckOrder:
        return self.turn_order(scene.options if scene is not None else None)

    def start_of_round(self, sheet: BaseModel, scene: Scene) -> SheetChange | None:
        """The flipped card on this character: the deal, fatigue, inspiration, the round's marks."""
        from gmconsole.systems.torg.round_hooks import start_of_round  # the round's rules, on first use

        change = start_of_round(self._order(scene), _sheet(sheet), scene)
        return None if change is None else spare_stabilised(change, scene)

    def end_of_round(
        self,
        sheet: BaseModel,
        rng: random.Random | None = None,
        dice: Sequence[int] | None = None,
        conditions: Sequence[str] = (),
        scene: Scene | None = None,
    ) -> SheetChange | None:
        """Mortal bleeding (+1 shock unless `spend WHO bleed`), a minute of recovery every 6th
        round of the encounter, and the values of cards played this round run out. Nothing
        here rolls."""
        from gmconsole.systems.torg.round_hooks import end_of_round

        return trackers.end_of_round(_sheet(sheet), scene, end_of_round)

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """End of the scene: pool cards back to the hand, the hand refilled to 4 from the
        encounter's deck (not after the final encounter); the round's marks end."""
        from gmconsole.systems.torg.round_hooks import end_encounter

        return end_encounter(self._order(scene), _sheet(sheet), scene)

    def after_check(
        self, sheet: BaseModel, request: CheckRequest, result: CheckResult, scene: Scene
    ) -> SheetChange | None:
        """Possibilities and cards the roll used, the round's up/stymie used up, and the
        approved-action card draw for a player's success."""
        from gmconsole.systems.torg.round_hooks import after_check

        return after_check(self._order(scene), _sheet(sheet), request, result, scene)

    def calculate(self, key: str, args: Sequence[str]) -> str:
        """`calc value 12 [UNIT]` and `calc measure 250 [UNIT]` (see `calculators`)."""
        from gmconsole.systems.torg.calculators import calculate

        return calculate(key, args)

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
        if action in trackers.TRACKERS:
            return trackers.perform(self._order(scene), _sheet(sheet), action, args, scene)
        from gmconsole.systems.torg import verbs

        return verbs.perform(self._order(scene), _sheet(sheet), action, args, scene)

    # ------------------------------------------------------------------ tests

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        """The attributes, then every skill the character has adds in, then the skills usable
        unskilled (marked), alphabetically. Keys are what a GM types: "DEX", "fire_combat"."""
        from gmconsole.engine.checks import CheckOption  # the tests' types, on first test

        s = _sheet(sheet)
        opts = [CheckOption(key=a, label=a, value=s.attribute(a)) for a in ATTRIBUTE_NAMES]
        had = [k for k, n in s.skills.items() if n > 0]
        opts += [CheckOption(key=k, label=k.replace("_", " "), value=s.skill_value(k)) for k in had]
        for k in skill_names():
            if k not in had and skill_info(k)["unskilled"] != "no":
                label = f"{k.replace('_', ' ')} (unskilled)"
                opts.append(CheckOption(key=k, label=label, value=s.skill_value(k)))
        return opts

    def check_switches(self, sheet: BaseModel, options: Mapping[str, Any] | None = None) -> list[RuleOption]:
        """The dialog's switches (labels short enough for its 11-column label box, the rest in
        the help); up and stymied default to what the card gave this round."""
        s = _sheet(sheet)
        switches = []
        if s.possibility_rated:
            switches.append(
                RuleOption("possibility", "Possibility", False, "Spend one if the roll fails: it counts 10+.")
            )
            switches.append(
                RuleOption(
                    "possibility_anyway",
                    "Poss.anyway",
                    False,
                    "Spend one whatever the first roll (a better success, more damage): it counts 10+.",
                )
            )
        for kind in ("hero", "drama"):
            if any(stand_in_deck().card(c).play == kind for c in s.held.all()):
                help_ = f"Play a {kind} card from the pool (or hand) if the roll still fails."
                switches.append(RuleOption(kind, f"{kind.capitalize()} card", False, help_))
        if (options or {}).get("failing"):
            switches.append(
                RuleOption("failing", "Failing", True, "Optional rule: a miss by 1-2 is failing.")
            )
        switches += [
            RuleOption("up", "Up", "up" in s.this_round, "One more roll (the card's up result)."),
            RuleOption(
                "stymied", "Stymied", "stymied" in s.this_round, "The next roll-again chance is lost."
            ),
            RuleOption("active_defence", "Active def.", False, "An active defence: the bonus is at least 1."),
            RuleOption(
                "action",
                "Action type",
                "auto",
                "For the card's approved actions. auto: from the skill.",
                ("auto", "attack", "defend", "trick", "test", "taunt", "intimidate", "maneuver"),
            ),
            RuleOption(
                "effect_value",
                "Effect val.",
                0,
                "The effect value (a weapon's damage...): the log shows the effect total. 0: none.",
                bounds=(0, 99),
            ),
        ]
        if s.specializations:
            switches.append(
                RuleOption(
                    "item", "Item", "", "The make, model or species used: a type (+1) or trademark (+3)."
                )
            )
        if (options or {}).get("narrowed_scope"):
            switches.append(
                RuleOption(
                    "scope",
                    "Scope",
                    "primary",
                    "Narrowed scope: the primary item full adds, the secondary adds - 1, others 0 adds.",
                    ("primary", "secondary", "other"),
                )
            )
        switches.append(
            RuleOption(
                "supporters", "Supporters", 0, "Supporter cards played on this roll: +3 each.", bounds=(0, 8)
            )
        )
        from gmconsole.systems.torg.combat_options import switches as combat_switches

        return switches + combat_switches()

    def difficulties(self) -> list[Difficulty]:
        from gmconsole.engine.checks import Difficulty
        from gmconsole.systems.torg.values import difficulty_levels

        return [Difficulty(key=d.key, label=d.label, value=d.number) for d in difficulty_levels()]

    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        from gmconsole.systems.torg.resolution import run_check  # the dice rules, on first test

        return run_check(_sheet(sheet), request, rng, dice, who)

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """An attack against the target's passive defence, an interaction against its skill or
        attribute, first aid and medicine against its wounds (see `aim`)."""
        from gmconsole.systems.torg import aim

        return aim.oppose(_sheet(sheet), option, _sheet(target))

    def damage_offer(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        result: CheckResult,
        target: BaseModel,
        rng: random.Random,
        dice: Sequence[int] | None = None,
    ) -> DamageOffer | None:
        """Weapon (or STR) + the bonus + the options' damage modifiers as a damage total (through
        cover as result points), or an interaction's effect on the target (see `aim`)."""
        from gmconsole.systems.torg import aim

        return aim.damage_offer(_sheet(sheet), request, result, _sheet(target))

    def answer(
        self,
        sheet: BaseModel,
        option: str,
        attacker: BaseModel,
        attack: CheckRequest,
        attack_result: CheckResult,
    ) -> Opposition | None:
        """An active defence (dodge, a parry, the same interaction skill) against a pending hit
        at this sheet: it must beat the attack's total (see `aim.answer`)."""
        from gmconsole.systems.torg import aim

        _sheet(sheet)
        return aim.answer(option, attack, attack_result)

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.systems.torg.resolution import check_odds

        return check_odds(_sheet(sheet), request)

    # ------------------------------------------------------------------ order and tables

    def turn_order(self, options: Mapping[str, Any] | None = None) -> DramaDeckOrder:
        opts = self.resolve_options(options)
        return DramaDeckOrder(use_deck=bool(opts["drama_deck"]))

    def tables(self) -> list[Table]:
        """The book's tables, then "Torg at the command line" (the verbs, settings, and what
        `dmg` and `check` take)."""
        from gmconsole.systems.torg.console_help import command_table
        from gmconsole.systems.torg.reference import all_tables

        help_table = command_table(
            self.sheet_actions, self.encounter_options, self.credit, self.licence, self.calculators
        )
        return [*all_tables(), help_table]
