"""`SystemOneSystem`: System One (Paul Clegg, 1992) behind the plug-in contract.

What the console sees:
- Sheet: `SystemOneSheet` (eight attributes; LP, EF and PW computed from them; skills 0-10;
  powers; weapons; armour by location with Integrity and its classes; damage per location).
- Checks: d100 equal to or under attribute + 5 x skill + difficulty + modifiers, 01-05 and
  96-00 automatic; the wound penalties added by themselves; exact odds. An attack's situation
  is switches on the test line (`combat.switches`: range, speed, size, aim, rapid and walking
  fire, hands, moving, reach, kicks, invisibility, vehicle fire); `at TARGET` adds the
  target's defence, size and Heightened Speed. Everyone can punch; kicks take the skill.
- Rounds: declare lowest INT first, resolve highest first (`SystemOneRounds`); hits made with
  `hit` or `strike` during a round are held and land at the round's end, with the tests they
  call for, bleeding on its clock and EF won back by the pace kept (`exertion`). With the
  Measurable Difference option (or the `measurable` switch) a hit from HEC 50 or more above
  the target's lands at once.
- Vehicles: a sheet with `components` is a vehicle; its hits land on the part a side's d100
  table picks (`components`), through the vehicular armour on that side; with the
  `vehicle_flip` option a hit past its Mass tells the flip chance.
- Damage: ``dmg WHO N LOCATION[-TYPE]`` is a hit's raw damage at a location (armour of the
  hit's class, wear, the head's doubling, the limb's limit); without a location the body
  table's d20 picks it. ``heal`` takes points off a location (the one hurt, if unnamed).
- Verbs (`actions`; `aid WHO OTHER` between two characters), calculators (`calculators`,
  `powers`, `vehicles`), the rolled character generator, and the book's tables in
  `data/*.toml`.
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
    Generated,
    Generator,
    Opposition,
    RuleOption,
    Scene,
    SheetAction,
    SheetChange,
)
from gmconsole.systems.system_one import rules, views
from gmconsole.systems.system_one.calculators import CALCULATOR_LIST
from gmconsole.systems.system_one.damage import KINDS
from gmconsole.systems.system_one.sheet import SystemOneSheet, Weapon

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
    from gmconsole.systems.system_one.rounds import SystemOneRounds

QUICK = ("str", "agl", "sta", "int", "per", "att", "hec", "ldr", "skill", "armour")


def _sheet(sheet: BaseModel) -> SystemOneSheet:
    if not isinstance(sheet, SystemOneSheet):
        raise RulesError(f"not a System One sheet: {type(sheet).__name__}")
    return sheet


class SystemOneSystem(GameSystem):
    id = "system-one"
    name = "System One"
    credit = "System One Generic Role Playing System by Paul Clegg (1992, shareware)"
    licence = (
        "Shareware, copyright (c) 1992 Paul Clegg, all other rights reserved: gmconsole "
        "implements the mechanics and ships the numbers as data, not the text"
    )
    summary = "d100 under attribute + 5 x skill; declare low INT first, resolve high; hit locations and LP"
    sheet_model = SystemOneSheet
    damage_kinds: ClassVar[Sequence[str]] = KINDS
    quick_stats: ClassVar[Sequence[str]] = QUICK
    options: ClassVar[Sequence[RuleOption]] = (
        RuleOption(
            "initiative",
            "Initiative",
            "int",
            "int: by INT; random: INT + d100 each round; side: each side's best LDR + d100",
            choices=("int", "random", "side"),
        ),
        RuleOption(
            "measurable_difference",
            "Measurable Difference",
            False,
            "an attacker with HEC 50 or more above the target's: the hit lands at once, "
            "not at the round's end",
        ),
        RuleOption(
            "vehicle_flip",
            "Vehicle flip",
            False,
            "a hit on a vehicle past its Mass score (kg / 100) may flip it: the chance is told",
        ),
    )
    sheet_actions: ClassVar[Sequence[SheetAction]] = (
        SheetAction(
            "defend",
            "Defend",
            "N [unarmed]",
            "give up N of this round's to-hit to defend: attackers take N/2 off (an unarmed "
            "defender: armed attackers N/3)",
        ),
        SheetAction(
            "strike",
            "Hit (location rolled)",
            "N [LOCATION] [blunt|piercing|energy|mental|sensory]",
            "N raw damage; d20 picks the location unless named; held to the round's end in a fight",
        ),
        SheetAction(
            "move",
            "Pace this turn",
            "walk|trot|run|crawl|leap",
            "pay the pace's EF (x the wound state); walking or standing wins EF back at the round's end",
        ),
        SheetAction("stabilise", "Stabilised", "", "bleeding stops (after a successful First Aid check)"),
        SheetAction(
            "blocked",
            "Took a blocked blow",
            "WEAPON_DAMAGE [punch|kick] [dice=d6]",
            "missed only for the unarmed block: a fifth of the weapon's damage (rounded up) to "
            "the blocker's arms by d6; punch/kick: an unarmed attacker parried by a weapon, on "
            "the limb used",
        ),
        SheetAction(
            "ram",
            "Ram",
            "OTHER SPEED [front|rear|port|starboard|top|bottom] [dice=...]",
            "WHO, a vehicle, drives into OTHER at SPEED m/turn: 1 a 10 m/turn, on OTHER's body "
            "(easily displaced: no check) or the part its side's d100 picks; then the rammer's "
            "full stop or DUR rolls. Lands at once",
            other=True,
        ),
        SheetAction(
            "aid",
            "First Aid on another",
            "OTHER [dice=N]",
            "WHO tends OTHER: INT + 5 x First Aid (INT/2 untrained), -10 a point past LP "
            "(-20 untrained); made, the bleeding stops",
            other=True,
        ),
        SheetAction("ko", "Knocked out", "", "falls unconscious (a failed STA test)"),
        SheetAction("wake", "Wakes up", "", "regains consciousness"),
        SheetAction("exert", "Spend EF", "N", "spend N EF, multiplied by the wound state"),
        SheetAction("rest", "Regain EF", "N|all", "regain N EF (all: back to full)"),
        SheetAction("power", "Power on/off", "NAME on|off", "switch a power; PW is held while it is on"),
        SheetAction("xp", "Award XP", "N", "XP to spend as points (1 XP = 1 point)"),
        SheetAction(
            "raise",
            "Raise a skill",
            "SKILL [ip]",
            "one level for L x its base cost, in XP (or 25 IP a point)",
        ),
        SheetAction("hours", "Hours unconscious", "N", "each hour, once stabilised, a STA roll to wake"),
        SheetAction(
            "regen", "Regeneration II", "[LOCATION]", "a minute's STA roll for 3 EF: made, 1 point heals"
        ),
        SheetAction("ip", "Award IP", "N", "improvement points (25 IP = 1 point, on skills and powers held)"),
        SheetAction(
            "recover",
            "Heal over days",
            "DAYS [medical]",
            "every location heals on the schedule (2, 4, 6... days a point; 1, 2, 3... with care)",
        ),
        SheetAction(
            "repair",
            "Repair",
            "NAME",
            "armour back to its full value, or a vehicle's part back to its full SP",
        ),
    )
    calculators: ClassVar[Sequence[Calculator]] = CALCULATOR_LIST
    generators: ClassVar[Sequence[Generator]] = (
        Generator(
            "character",
            "Rolled character",
            "[in-order|fifty]",
            "eight 2d6 through the attribute table, highest to the attributes a GM lists first "
            "(HEC, INT, STA, AGL, STR, PER, LDR, ATT); in-order: in sheet order (Option One, "
            "check the juggling with calc optionone); fifty: all at 50 (Option Two)",
        ),
    )

    # ------------------------------------------------------------------ sheets

    def dump_sheet(self, sheet: BaseModel) -> dict[str, Any]:
        """As stored; a sheet with no vehicle parts leaves `components` out, so the files of
        people read as they did before vehicles had parts."""
        data = super().dump_sheet(sheet)
        if not data.get("components"):
            data.pop("components", None)
        return data

    def describe(self, sheet: BaseModel) -> str:
        return views.describe(_sheet(sheet))

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        return views.sheet_lines(_sheet(sheet))

    def stat(self, sheet: BaseModel, name: str) -> int:
        s = _sheet(sheet)
        key = name.strip().upper()
        if key in rules.ATTRIBUTES:
            return s.attr(key)
        return {"LP": s.lp, "EF": s.ef, "PW": s.pw}.get(key, 0)

    def spawn(self, template: BaseModel) -> BaseModel:
        s = _sheet(template)
        fresh = SystemOneSheet()
        return s.model_copy(
            deep=True,
            update={
                "wounds": fresh.wounds,
                "bleed": 0,
                "held": [],
                "ef_spent": 0,
                "ef_moving": 0,
                "ef_half": False,
                "pace": "",
                "defence": 0,
                "defence_unarmed": False,
                "conscious": True,
                "stabilised": True,
                "bleed_clock": 0,
                "hours_unconscious": 0,
                "armour": [a.model_copy(update={"current": None}) for a in s.armour],
                "components": [p.model_copy(update={"damage": 0}) for p in s.components],
            },
        )

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        """Average attributes (55) with the named ones set; `skill N` gives a Sword at that
        level of Long Blade, `armour N` a vest of N over the torso."""
        data = self.dump_sheet(self.new_sheet())
        for key, value in stats.items():
            if key.upper() in rules.ATTRIBUTES:
                data["attributes"][key.upper()] = value
            elif key == "skill":
                data["skills"] = [{"name": "Long Blade", "level": value}]
                data["weapons"] = [
                    Weapon(name="Sword", skill="Long Blade", damage="1d6+1", type="piercing").model_dump()
                ]
            elif key == "armour":
                data["armour"] = [{"name": "Armour", "locations": ["torso"], "physical": value}]
            else:
                raise RulesError(f"System One has no quick statistic {key!r} (known: {', '.join(QUICK)})")
        try:
            return self.parse_sheet(data)
        except ValidationError as exc:
            raise RulesError(validation_text(exc)) from None

    # ------------------------------------------------------------------ tracks

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        return views.tracks(_sheet(sheet))

    def health(self, sheet: BaseModel) -> str:
        return views.health(_sheet(sheet))

    def status(self, sheet: BaseModel) -> StatusView:
        return views.status(_sheet(sheet))

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """`amount` is a hit's raw damage (before armour) at the location the kind names,
        with the hit's type ("torso-piercing"). The console rolls the body table's d20 for a
        hit typed without a location first (`roll_damage_kind`)."""
        from gmconsole.systems.system_one.damage import apply

        return apply(_sheet(sheet), amount, kind or KINDS[0], "rounded")

    def apply_damage_in(self, sheet: BaseModel, amount: int, kind: str | None, scene: Scene) -> SheetChange:
        """`apply_damage`, and with the campaign's vehicle flip rule on, a hit on a vehicle's
        side past its Mass tells the chance that it flips."""
        change = self.apply_damage(sheet, amount, kind)
        note = self._flip_note(_sheet(sheet), amount, kind, scene.options)
        return replace(change, text=f"{change.text}; {note}") if note else change

    def _flip_note(self, s: SystemOneSheet, amount: int, kind: str | None, options: Mapping[str, Any]) -> str:
        from gmconsole.systems.system_one.components import split_kind
        from gmconsole.systems.system_one.vehicles import flip_note

        if not s.components or not kind or ":" not in kind:
            return ""
        if not self.resolve_options(options)["vehicle_flip"]:
            return ""
        return flip_note(s.size_level, split_kind(kind)[0], amount)

    def roll_damage_kind(
        self, sheet: BaseModel, amount: int, kind: str | None, rng: random.Random
    ) -> tuple[str, str] | None:
        """A hit typed without a location ("roll") lands where the body table's d20 says,
        rolled with the session's dice as the book rolls for every damaging event; on a
        vehicle, the side's d100 table picks the part (over the whole vehicle, unnamed)."""
        from gmconsole.systems.system_one.components import WHOLE, part_kind, pick
        from gmconsole.systems.system_one.damage import kind_of, side_of

        s, k = _sheet(sheet), kind or KINDS[0]
        side = (WHOLE, "blunt") if k == "roll" else side_of(k)
        if side is None:
            return None
        if s.components:
            face = rng.randint(1, 100)
            name = pick(s.components, side[0], face)
            where = "the whole vehicle" if side[0] == WHOLE else f"the {side[0]}"
            return part_kind(side[0], side[1], name), f"d100 {face} on {where}: {name}"
        face = rng.randint(1, 20)
        why = "no location typed" if k == "roll" else "a body has no sides"
        return kind_of(rules.hit_location(face), side[1]), f"location d20 {face}, {why}"

    def hold_damage(
        self, sheet: BaseModel, amount: int, kind: str | None = None, source: str = ""
    ) -> SheetChange | None:
        """A hit made during a round waits on the target's sheet for the round's end."""
        from gmconsole.systems.system_one.damage import hold

        if (kind or KINDS[0]) == "bleed":
            return None
        return hold(_sheet(sheet), amount, kind or KINDS[0], source)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        from gmconsole.systems.system_one.damage import lower

        return lower(_sheet(sheet), amount, kind, "rounded")

    def end_of_round(
        self,
        sheet: BaseModel,
        rng: random.Random | None = None,
        dice: Sequence[int] | None = None,
        conditions: Sequence[str] = (),
        scene: Scene | None = None,
    ) -> SheetChange | None:
        """The round's damage lands, with the tests it calls for; bleeding runs; defence ends."""
        from gmconsole.systems.system_one.damage import end_round

        s = _sheet(sheet)
        change = end_round(s, rng or random.Random(), list(dice or []), "rounded")
        if change is None or scene is None:
            return change
        notes = [self._flip_note(s, h.raw, h.location, scene.options) for h in s.held]
        notes = [n for n in notes if n]
        return replace(change, text="; ".join([change.text, *notes])) if notes else change

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """Hits still held when the fight ends land; defence given up ends."""
        s = _sheet(sheet)
        if not s.held and not s.defence:
            return None
        return self.end_of_round(s, scene.rng if scene else None, scene=scene)

    # ------------------------------------------------------------------ checks

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        from gmconsole.systems.system_one.resolution import options

        return options(_sheet(sheet))

    def difficulties(self) -> list[Difficulty]:
        from gmconsole.engine.checks import Difficulty

        return [Difficulty(key, key.capitalize(), value) for key, value in rules.DIFFICULTY.items()]

    def check_switches(self, sheet: BaseModel, options: Mapping[str, Any] | None = None) -> list[RuleOption]:
        """An attack's situation: called shot, distance, target speed and size, aim, rapid
        and walking fire, hands, moving while firing, kicks, invisibility, vehicle fire."""
        from gmconsole.systems.system_one.combat import switches

        resolved = self.resolve_options(options)
        return [
            *switches(),
            RuleOption(
                "measurable",
                "Measurable Difference",
                bool(resolved["measurable_difference"]),
                "HEC 50 or more above the target's: the hit lands at once",
            ),
        ]

    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        from gmconsole.systems.system_one.resolution import run_check

        return run_check(_sheet(sheet), request, rng, dice, who)

    def after_check(
        self, sheet: BaseModel, request: CheckRequest, result: CheckResult, scene: Scene
    ) -> SheetChange | None:
        """A punch costs 1 EF and a kick 2, times the wound state (what is left, at most)."""
        from gmconsole.systems.system_one.combat import UNARMED_SKILLS
        from gmconsole.systems.system_one.resolution import attack_weapon

        s = _sheet(sheet)
        kind, _, arg = request.option.partition(":")
        if kind.strip().lower() != "attack":
            return None
        weapon = attack_weapon(s, arg.strip())
        if weapon.skill not in UNARMED_SKILLS and weapon.name not in ("Punch", "Kick"):
            return None
        state = s.state()
        cost = min((2 if weapon.name == "Kick" else 1) * rules.EF_MULTIPLIER.get(state, 1), s.ef - s.ef_spent)
        if cost <= 0:
            return None
        new = s.model_copy(update={"ef_spent": s.ef_spent + cost})
        return SheetChange(new, f"{weapon.name.lower()}: {cost} EF ({new.ef - new.ef_spent}/{new.ef})")

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.systems.system_one.resolution import odds

        return odds(_sheet(sheet), request)

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """An attack meets the target's defence (to-hit it gave up: 2 for each 1% off, 3 when
        it blocks unarmed against a weapon) and its size; First Aid on a target pays 10% for
        each point past its LP."""
        from gmconsole.systems.system_one.combat import speed_levels
        from gmconsole.systems.system_one.resolution import defence_against

        s, t = _sheet(sheet), _sheet(target)
        kind, _, arg = option.partition(":")
        if kind == "attack":
            penalty, note = defence_against(s, arg, t)
            if t.size_level:
                note += f"; size {t.size_level:+d}: {rules.size_modifier(t.size_level):+d}"
            hspeed = speed_levels(t)
            if hspeed:
                note += f"; Heightened Speed {hspeed}: -{10 * hspeed} in melee"
            extra = {"target_defence": penalty, "target_size": t.size_level, "target_hspeed": hspeed}
            return Opposition(extra=extra, note=note)
        if kind == "skill" and arg.strip().lower() == "first aid":
            over = max(0, t.damage - t.lp)
            return Opposition(
                extra={"past_lp": over},
                note=f"{over} past LP: -{10 * over}" if over else "not past LP",
            )
        return None

    def damage_offer(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        result: CheckResult,
        target: BaseModel,
        rng: random.Random,
        dice: Sequence[int] | None = None,
    ) -> DamageOffer | None:
        """A hit: the location (a called part on d100 under its chance, else the d20 table),
        then the weapon's damage dice. Typed dice: the location die (and the called-shot d100
        first, when one was called), then the damage dice."""
        from gmconsole.engine.dice import DiceError, roll
        from gmconsole.engine.dice.sources import next_face
        from gmconsole.systems.system_one.damage import kind_of
        from gmconsole.systems.system_one.resolution import attack_weapon

        s = _sheet(sheet)
        kind, _, arg = request.option.partition(":")
        if kind != "attack" or not result.success:
            return None
        try:
            weapon = attack_weapon(s, arg)
        except (ValueError, RulesError):
            return None
        typed = list(dice or [])
        if _sheet(target).components:
            return self._vehicle_offer(weapon, request, rng, typed)
        faces: list[int] = []
        called = result.detail.get("called")
        where = ""
        location = ""
        if called:
            chance = rules.called_shot_chance(int(result.detail.get("called_cost") or 0))
            d = next_face(typed, rng, 100)
            faces.append(d)
            if d <= chance:
                location, where = called, f"called shot at the {called}: d100 {d} under {chance}%"
            else:
                where = f"called shot at the {called}: d100 {d} over {chance}%, "
        if not location:
            d = next_face(typed, rng, 20)
            faces.append(d)
            location = rules.hit_location(d)
            where += f"location d20 {d}"
        try:
            damage = roll(weapon.damage, rng, typed or None)
        except DiceError as exc:
            raise RulesError(f"{weapon.name} damage: {exc}") from None
        faces += [d.face for d in damage.dice]
        hit = f" {weapon.type}" if weapon.type != "blunt" else ""
        text = f"{weapon.name} {damage}{hit} to the {location} ({where})"
        mine, theirs = s.attr("HEC"), _sheet(target).attr("HEC")
        at_once = bool(request.extra.get("measurable")) and mine >= theirs + 50
        if at_once:
            text += f"; Measurable Difference (HEC {mine} against {theirs}): it lands at once"
        return DamageOffer(damage.total, kind_of(location, weapon.type), text, tuple(faces), at_once=at_once)

    @staticmethod
    def _vehicle_offer(
        weapon: Weapon, request: CheckRequest, rng: random.Random, typed: list[int]
    ) -> DamageOffer:
        """A hit on a vehicle: the weapon's damage on the side the `side` switch names (the
        store rolls the side's d100 table for the part)."""
        from gmconsole.engine.dice import DiceError, roll
        from gmconsole.systems.system_one.components import WHOLE

        side = str(request.extra.get("side") or WHOLE)
        try:
            damage = roll(weapon.damage, rng, typed or None)
        except DiceError as exc:
            raise RulesError(f"{weapon.name} damage: {exc}") from None
        if weapon.type in ("blunt", "piercing"):
            kind = "roll" if side == WHOLE else side
        else:
            kind = f"{side}-{weapon.type}"
        where = "the vehicle" if side == WHOLE else f"the vehicle's {side}"
        text = f"{weapon.name} {damage} {weapon.type} to {where}"
        return DamageOffer(damage.total, kind, text, tuple(d.face for d in damage.dice))

    # ------------------------------------------------------------------ actions

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
        from gmconsole.systems.system_one.actions import perform

        return perform(_sheet(sheet), action, list(args), scene)

    def calculate(self, key: str, args: Sequence[str]) -> str:
        from gmconsole.systems.system_one.calculators import calculate

        return calculate(key, list(args))

    def generate(self, key: str, args: Sequence[str], rng: random.Random) -> Generated:
        from gmconsole.systems.system_one.actions import generate

        if key != "character":
            raise RulesError(f"System One has no generator {key!r} (generators: character)")
        return generate(list(args), rng)

    def turn_order(self, options: Mapping[str, Any] | None = None) -> SystemOneRounds:
        from gmconsole.systems.system_one.rounds import SystemOneRounds

        resolved = self.resolve_options(options)
        return SystemOneRounds(str(resolved["initiative"]))
