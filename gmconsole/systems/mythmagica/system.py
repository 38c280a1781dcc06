"""Mythmagica (Tactic II) as a gmconsole game system: d20 conflict rolls with edges and
drawbacks, Guts and Glory, HP and FP, popcorn initiative.

What `dmg WHO N [damage|setback]` means: N points of Damage (off HP) or Setback (off FP)
after Ward, i.e. the final figure of the damage step. A mook is defeated by its first point.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from gmconsole.engine.errors import RulesError
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.systems.base import (
    DamageOffer,
    GameSystem,
    Generated,
    Opposition,
    RuleOption,
    Scene,
    SheetChange,
)
from gmconsole.systems.mythmagica import harm, rules
from gmconsole.systems.mythmagica.actions import ACTIONS
from gmconsole.systems.mythmagica.calculators import CALCULATORS
from gmconsole.systems.mythmagica.generators import GENERATORS
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
    from gmconsole.systems.mythmagica.initiative import MythmagicaPopcorn

QUICK = ("level", "hp", "fp", "ward", "attack", "damage", "defense")


def _sheet(sheet: BaseModel) -> MythmagicaSheet:
    if not isinstance(sheet, MythmagicaSheet):
        raise RulesError("not a Mythmagica sheet")
    return sheet


def _glory(scene: Scene | None) -> dict[str, int]:
    """The Glory Status of each named character seen in this scene, by roster key and name
    (a companion's consequence uses its Principal's)."""
    if scene is None or scene.encounter is None:
        return {}
    return scene.encounter.state.setdefault("glory", {})


def _note_glory(s: MythmagicaSheet, scene: Scene | None) -> None:
    if scene is None or scene.combatant is None or not s.named or s.cast == "companion":
        return
    glory = _glory(scene)
    status = rules.glory_status(s.guts_spent)
    c = scene.combatant
    for key in {c.id.lower(), (c.ref or "").lower()} - {""}:
        glory[key] = status


class MythmagicaSystem(GameSystem):
    id = "mythmagica"
    name = "Mythmagica (Tactic II)"
    credit = "Mythmagica: The Rules Reference (Tactic II system) by Whitson John Kirk III, legendaryquest.com"
    licence = "Text Liberation License (TLL) 1.0 or later; Text Liberation Date January 13, 2023"
    summary = "d20 + adjustments vs 10 + adjustments; edges and drawbacks add d20s; Guts buy success"
    sheet_model = MythmagicaSheet
    damage_kinds = ("damage", "setback")
    quick_stats = QUICK
    options = (
        RuleOption("bandying_words", "Bandying Words (social conflict)", True,
                   "off: the words test is refused"),
        RuleOption("xp_mode", "XP awards", "encounter", choices=("milestone", "chapter", "encounter"),
                   help="what award WHO gives"),
        RuleOption("double_xp_for_guile", "Double XP for victory through guile", False,
                   help="award counts foes marked g (beaten without HP loss) twice"),
    )
    encounter_options = (
        RuleOption(
            "defeat",
            "How foes fall",
            "lethal",
            choices=("lethal", "non-lethal"),
            help="non-lethal: dmg WHO N means Setback",
        ),
        RuleOption("unaware", "Unaware side", "none",
                   help="a side caught unaware rolls 2d20 keep low in round 1; losing by 5 it is Surprised"),
        RuleOption("groups", "Group turns", "off", choices=("off", "on"),
                   help="on: creatures of one template take their turns together, 3-4 at a time"),
        RuleOption("seize", "Seized initiative", "none",
                   help="a combatant who seized the initiative acts first in round 1, no opening roll"),
    )
    sheet_actions = ACTIONS
    calculators = CALCULATORS
    generators = GENERATORS

    # ------------------------------------------------------------------ sheets

    def describe(self, sheet: BaseModel) -> str:
        s = _sheet(sheet)
        return (
            f"{s.race} {s.cast} L{s.lvl} | HP {s.hp_max - s.damage}/{s.hp_max} "
            f"FP {s.fp_max - s.setback}/{s.fp_max}"
            + (f" GS {rules.glory_status(s.guts_spent)}" if s.named else "")
        )

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        from gmconsole.systems.mythmagica.display import sheet_lines

        return sheet_lines(_sheet(sheet))

    def stat(self, sheet: BaseModel, name: str) -> int:
        s = _sheet(sheet)
        key = name.upper()
        if key in rules.BASICS:
            return s.basics[key]
        if key in rules.DERIVED_NAMES:
            return s.derived[key]
        return {
            "level": s.lvl,
            "hp": s.hp_max - s.damage,
            "fp": s.fp_max - s.setback,
            "defense": s.defense,
            "stability": s.stability,
            "ward": s.ward,
        }.get(name.lower(), 0)

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        from gmconsole.engine.numbers import whole
        from gmconsole.systems.mythmagica.sheet import Weapon

        bad = [k for k in stats if k not in QUICK]
        if bad:
            raise RulesError(f"{self.name} has no quick statistic {bad[0]!r} (known: {', '.join(QUICK)})")
        bounds = {"level": (0, 20), "hp": (1, 100_000), "fp": (1, 100_000), "ward": (0, 1000),
                  "attack": (-50, 200), "damage": (0, 10_000), "defense": (0, 500)}
        stats = {k: whole(v, k, *bounds[k]) for k, v in stats.items()}
        level = stats.get("level", 0)
        attack = stats.get("attack", level)
        weapon = Weapon(name="Attack", kind="natural", damage=stats.get("damage", 5), tempo=attack - level)
        data: dict[str, Any] = {"cast": "stock", "level": level, "weapons": [weapon]}
        if "hp" in stats:
            data["max_hp"] = stats["hp"]
        if "fp" in stats:
            data["max_fp"] = stats["fp"]
        if "ward" in stats:
            data["armour_ward"] = stats["ward"]
        sheet = MythmagicaSheet.model_validate(data)
        if "defense" in stats:
            data["shield"] = stats["defense"] - sheet.defense
            if data["shield"] < 0:
                raise RulesError(f"defense must be at least {sheet.defense}, got {stats['defense']}")
            sheet = MythmagicaSheet.model_validate(data)
        return sheet

    def spawn(self, template: BaseModel) -> BaseModel:
        return _sheet(template).model_copy(update={"damage": 0, "setback": 0, "conditions": []}, deep=True)

    # ------------------------------------------------------------------ tracks

    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        s = _sheet(sheet)
        out = [
            TrackView("HP", "points", s.hp_max - s.damage, s.hp_max, note="Overcome at 0"),
            TrackView("FP", "points", s.fp_max - s.setback, s.fp_max, note="Overcome at 0"),
        ]
        if s.named:
            gs = rules.glory_status(s.guts_spent)
            note = f"Glory Status {gs}"
            out.append(TrackView("Guts spent", "points", s.guts_spent, rules.GUTS_MAX, note=note))
        return out

    def health(self, sheet: BaseModel) -> str:
        s = _sheet(sheet)
        return f"HP{s.hp_max - s.damage} FP{s.fp_max - s.setback}"

    def status(self, sheet: BaseModel) -> StatusView:
        return harm.status(_sheet(sheet))

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """`amount` is final Damage (off HP) or Setback (off FP), after Ward; a mook's first
        point defeats it; reaching 0 Overcomes the character for the scene."""
        return harm.take(_sheet(sheet), amount, kind)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        return harm.recover(_sheet(sheet), amount, kind)

    def default_damage_kind(self, encounter_state: Mapping[str, Any]) -> str:
        """In a fight the GM set to non-lethal (`set defeat non-lethal`), harm is Setback."""
        return "setback" if encounter_state.get("defeat") == "non-lethal" else "damage"

    def start_of_round(self, sheet: BaseModel, scene: Scene) -> SheetChange | None:
        """A side caught Surprised in round 1 is marked Surprised (attacks against it have an
        Edge) until the round ends."""
        s = _sheet(sheet)
        _note_glory(s, scene)
        enc, c = scene.encounter, scene.combatant
        if enc is None or c is None or enc.round != 1:
            return None
        surprised = enc.state.get("popcorn", {}).get("surprised", [])
        if c.side not in surprised or any(x.strip().lower() == "surprised" for x in s.conditions):
            return None
        return SheetChange(s.model_copy(update={"conditions": [*s.conditions, "Surprised"]}),
                           "is Surprised: no turn this round, attacks against it have an Edge")

    def end_of_round(
        self,
        sheet: BaseModel,
        rng: random.Random | None = None,
        dice: Sequence[int] | None = None,
        conditions: Sequence[str] = (),
        scene: Scene | None = None,
    ) -> SheetChange | None:
        """Surprise lasts one round."""
        from gmconsole.systems.mythmagica.conditions import clears_after_round

        s = _sheet(sheet)
        gone = clears_after_round(s.conditions)
        if not gone:
            return None
        keep = [c for c in s.conditions if c not in gone]
        return SheetChange(s.model_copy(update={"conditions": keep}), f"{', '.join(gone)} ends")

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """Conditions that last the scene clear, the Guts & Glory consequence of whoever was
        Overcome is read, and Overcome ends for whoever has HP and FP again."""
        s = _sheet(sheet)
        _note_glory(s, scene)
        return harm.scene_ends(s, _glory(scene))

    # ------------------------------------------------------------------ tests

    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        from gmconsole.engine.checks import CheckOption

        s = _sheet(sheet)
        out = [CheckOption(f"attack:{w.name}", f"{w.name} attack", s.attack_bonus(w)) for w in s.weapons]
        out += [CheckOption(f"skill:{a.name}", a.name, a.rank) for a in s.abilities]
        out += [
            CheckOption(f"attr:{k}", f"{rules.BASIC_NAMES[k]} check (x2)", 2 * v) for k, v in s.basics.items()
        ]
        d = s.derived
        out += [CheckOption(f"attr:{k}", f"{n} check", d[k]) for k, n in rules.DERIVED_NAMES.items()]
        out += [
            CheckOption(f"avoid:{k}", f"{rules.BASIC_NAMES[k]} avoidance", s.lvl + v)
            for k, v in s.basics.items()
        ]
        out.append(CheckOption("words", "Bandying words", d["CH"]))
        out.append(CheckOption("chase", "Chase roll", s.lvl + s.IN))
        if s.named and s.cast != "companion":
            out.append(CheckOption("guts", "Guts: buy the last failed test", None))
            out.append(CheckOption("guts:hit", "Guts: buy off a hit", None))
        return out

    def difficulties(self) -> list[Difficulty]:
        from gmconsole.engine.checks import Difficulty
        from gmconsole.systems.mythmagica.booktables import table_rows

        return [
            Difficulty(str(n).lower(), str(n), int(v))
            for n, v in table_rows("advancement.toml", "Overlord Fiat Threshold")
            if v
        ]

    def check_switches(self, sheet: BaseModel, options: Mapping[str, Any] | None = None) -> list[RuleOption]:
        from gmconsole.systems.mythmagica.switches import switches

        return switches(_sheet(sheet), options or {})

    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        from gmconsole.systems.mythmagica import guts
        from gmconsole.systems.mythmagica.resolution import run_check

        if request.option in (guts.BUY, guts.HIT):
            if dice:
                raise RulesError("Guts are paid, not rolled: leave the dice out")
            return guts.buy_check(_sheet(sheet), request, who)
        return run_check(_sheet(sheet), request, rng, dice, who)

    def reconsider(self, sheet: BaseModel, request: CheckRequest, result: CheckResult) -> CheckResult | None:
        """A miss bought up to a bare success with `guts WHO N` after the roll: `hit` applies
        its damage at once (no second `check WHO guts` needed)."""
        test = _sheet(sheet).last_test
        if result.success or test is None or not (test.bought and test.success and test.paid):
            return None
        if test.option != request.option or test.total != result.total:
            return None  # Guts bought a later test, not this one
        return replace(result, success=True, outcome="bare success (bought with Guts)", margin=1)

    def after_check(
        self, sheet: BaseModel, request: CheckRequest, result: CheckResult, scene: Scene
    ) -> SheetChange | None:
        """Guts bought (with the switch, or after the roll) are spent; the test is kept on the
        sheet so Guts can still buy it after the roll (`check WHO guts`)."""
        from gmconsole.systems.mythmagica import guts

        s = _sheet(sheet)
        _note_glory(s, scene)
        update: dict[str, Any] = {}
        kept = guts.remember(s, request, result)
        if kept is not None:
            update["last_test"] = kept
        elif request.option == guts.BUY:
            update["last_test"] = guts.bought(s)
        cost = result.detail.get("guts")
        text = ""
        if cost:
            update["guts_spent"] = s.guts_spent + cost
            spent = s.guts_spent + cost
            text = f"spends {cost} Guts ({spent} spent, Glory Status {rules.glory_status(spent)})"
        if not update:
            return None
        return SheetChange(s.model_copy(update=update), text)

    def answer(
        self,
        sheet: BaseModel,
        option: str,
        attacker: BaseModel,
        attack: CheckRequest,
        attack_result: CheckResult,
    ) -> Opposition | None:
        """`check WHO guts:hit at FOE`: the defender buys the foe's hit down to a bare failure for
        its margin + 1 Guts (the hit is stopped when they are paid)."""
        from gmconsole.systems.mythmagica import guts

        if option != guts.HIT:
            return None
        cost = guts.hit_price(attack_result)
        note = f"buys off {attack_result.label} (margin {attack_result.margin}): {cost} Guts"
        return Opposition(extra={"buy": cost}, note=note)

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.systems.mythmagica.resolution import check_odds

        if request.option.startswith("guts"):
            return None
        return check_odds(_sheet(sheet), request)

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """An attack meets the target's Defense (Stability for entrapment weapons and grabs;
        no Parry and a Gap against missiles); Bandying Words 10 + the target's IN + PC (2 x HT
        to intimidate); a chase 10 + the other side's Level + IN; a skill 10 + Level + PC (a
        spell its Defense)."""
        from gmconsole.systems.mythmagica.attacks import opposition

        return opposition(_sheet(sheet), option, _sheet(target))

    def damage_offer(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        result: CheckResult,
        target: BaseModel,
        rng: random.Random,
        dice: Sequence[int] | None = None,
    ) -> DamageOffer | None:
        """Damage of a hit (weapon + Strength + Internal Damage - Ward, x2 on a natural 20,
        scaled by resistance) or Setback of an entrapment weapon, shove or refusing target of
        Bandying Words (5 + the speaker's CH + margin)."""
        from gmconsole.systems.mythmagica import guts
        from gmconsole.systems.mythmagica.attacks import offer

        s, t = _sheet(sheet), _sheet(target)
        if request.option == guts.BUY:
            found = guts.bought_attack(result)
            if found is None:
                return None
            request, result = found
        if request.option == "words" and result.success and request.extra.get("use") not in ("mock", "rally"):
            amount = 5 + max(0, s.derived["CH"]) + (result.margin or 0)
            text = f"refuses: Voluntary Setback 5 + CH + margin {result.margin} = {amount}"
            return DamageOffer(amount, "setback", text)
        return offer(s, request, result, t)

    # ------------------------------------------------------------------ verbs

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
        from gmconsole.systems.mythmagica.actions import perform

        s = _sheet(sheet)
        change = perform(s, action, args, scene)
        _note_glory(change.sheet if isinstance(change.sheet, MythmagicaSheet) else s, scene)
        return change

    def calculate(self, key: str, args: Sequence[str]) -> str:
        from gmconsole.systems.mythmagica.calculators import calculate

        return calculate(key, args)

    def generate(self, key: str, args: Sequence[str], rng: random.Random) -> Generated:
        from gmconsole.systems.mythmagica.generators import generate

        return generate(key, args)

    def turn_order(self, options: Mapping[str, Any] | None = None) -> MythmagicaPopcorn:
        from gmconsole.systems.mythmagica.initiative import MythmagicaPopcorn

        return MythmagicaPopcorn()
