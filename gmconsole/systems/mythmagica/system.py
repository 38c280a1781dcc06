"""Mythmagica (Tactic II) as a gmconsole game system: d20 conflict rolls with edges and
drawbacks, Guts and Glory, HP and FP, popcorn initiative.

What `dmg WHO N [damage|setback]` means: N points of Damage (off HP) or Setback (off FP)
after Ward, i.e. the final figure of the damage step. A mook is defeated by its first point.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from gmconsole.engine.errors import RulesError
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
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
    from gmconsole.systems.mythmagica.initiative import MythmagicaPopcorn

QUICK = ("level", "hp", "fp", "ward", "attack", "damage", "defense")


def _sheet(sheet: BaseModel) -> MythmagicaSheet:
    if not isinstance(sheet, MythmagicaSheet):
        raise RulesError("not a Mythmagica sheet")
    return sheet


def _guts_and_glory(s: MythmagicaSheet) -> str:
    """The consequence of being Overcome, read at the end of the scene from the Guts & Glory
    table for how the character fell (0 HP: Aftershock; 0 FP: Aftermath) at its Glory Status.
    Unnamed characters at 0 HP die; a companion suffers its Principal's row (the GM reads it)."""
    from gmconsole.systems.mythmagica.booktables import table_rows

    lethal, beaten = s.damage >= s.hp_max, s.setback >= s.fp_max
    if not (lethal or beaten):
        return ""
    if not s.named:
        return "Overcome: dies (unnamed, 0 HP)" if lethal else "Overcome: at the victor's mercy (unnamed)"
    status = rules.glory_status(s.guts_spent)
    table = "Aftershock: individual lethal defeat" if lethal else "Aftermath: individual non-lethal defeat"
    row = next((r for r in table_rows("glory.toml", table) if int(r[0]) == status), None)
    how = "Aftershock" if lethal else "Aftermath"
    return f"Overcome, {how} at Glory Status {status}: {row[1] if row else 'see the table'}"


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
        RuleOption("bandying_words", "Bandying Words (social conflict)", True),
        RuleOption("xp_mode", "XP awards", "encounter", choices=("milestone", "chapter", "encounter")),
    )
    encounter_options = (
        RuleOption(
            "defeat",
            "How foes fall",
            "lethal",
            choices=("lethal", "non-lethal"),
            help="lethal: Aftershock table; non-lethal: Aftermath",
        ),
    )
    sheet_actions = (
        SheetAction("guts", "Spend Guts", "N", "add N to Guts spent (Glory Status follows)"),
        SheetAction("gutsit", "Guts it", "", "hidden roll = bare success; Guts to band top"),
        SheetAction("refresh", "Guts refresh", "major|minor", "major: Guts spent 0; minor: band bottom"),
        SheetAction("xp", "Award XP", "N", "add N to total XP (Level follows)"),
        SheetAction("chapter", "New chapter", "", "Setback back to 0 and a major Guts refresh"),
    )
    calculators = (
        Calculator("yield", "Attribute yield", "VALUE [basic|derived]", "percent of the human norm"),
        Calculator("guts", "Guts cost", "TOTAL THRESHOLD", "Guts to turn a failure into a bare success"),
        Calculator("level", "Level for XP", "XP"),
        Calculator("rank", "Raw rank", "XP BASE"),
        Calculator("boss", "Boss swings", "LEVEL TARGET_LEVEL...", "swings in one flurry"),
    )

    # ------------------------------------------------------------------ sheets

    def describe(self, sheet: BaseModel) -> str:
        s = _sheet(sheet)
        return (
            f"{s.race} {s.cast} L{s.lvl} | HP {s.hp_max - s.damage}/{s.hp_max} "
            f"FP {s.fp_max - s.setback}/{s.fp_max}"
            + (f" GS {rules.glory_status(s.guts_spent)}" if s.named else "")
        )

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        s = _sheet(sheet)
        d = s.derived
        lines = [("Race", s.race), ("Cast", s.cast), ("Level", f"{s.lvl} (XP {s.xp})")]
        lines.append(("Basic", " ".join(f"{k} {v:+d}" for k, v in s.basics.items())))
        lines.append(("Derived", " ".join(f"{k} {d[k]:+d}" for k in rules.DERIVED_NAMES)))
        lines.append(("HP / FP", f"{s.hp_max - s.damage}/{s.hp_max}  {s.fp_max - s.setback}/{s.fp_max}"))
        lines.append(("Defense", f"{s.defense}  Stability {s.stability}  Ward {s.ward}  Speed {s.speed} ft"))
        if s.named:
            lines.append(("Guts", f"{s.guts_spent} spent, Glory Status {rules.glory_status(s.guts_spent)}"))
        for w in s.weapons:
            hit = f"dmg {w.damage}" if w.damage or not w.setback else f"setback {w.setback}"
            lines.append((w.name, f"attack {s.attack_bonus(w):+d}, {hit}, parry {w.parry}"))
        for a in s.abilities:
            lines.append((a.name, f"rank {a.rank}" + (f" ({' '.join(a.attrs)})" if a.attrs else "")))
        for label, items in (("Traits", s.traits), ("Flaws", s.flaws), ("Conditions", s.conditions)):
            if items:
                lines.append((label, "; ".join(items)))
        if s.armour:
            lines.append(("Armour", f"{s.armour} (ward {s.armour_ward})"))
        return lines

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
        from gmconsole.systems.mythmagica.sheet import Weapon

        bad = [k for k in stats if k not in QUICK]
        if bad:
            raise RulesError(f"{self.name} has no quick statistic {bad[0]!r} (known: {', '.join(QUICK)})")
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
        try:
            sheet = MythmagicaSheet.model_validate(data)
            if "defense" in stats:
                data["shield"] = stats["defense"] - sheet.defense
                if data["shield"] < 0:
                    raise RulesError(f"defense must be at least {sheet.defense}, got {stats['defense']}")
                sheet = MythmagicaSheet.model_validate(data)
        except ValueError as exc:
            from gmconsole.engine.errors import validation_text

            raise RulesError(validation_text(exc)) from exc
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
        s = _sheet(sheet)
        flags = tuple(s.conditions)
        if s.cast == "mook" and (s.damage or s.setback):
            return StatusView("down", "defeated", "a mook falls to its first point of harm", flags)
        if s.damage >= s.hp_max or s.setback >= s.fp_max:
            why = "HP 0" if s.damage >= s.hp_max else "FP 0"
            return StatusView("down", "Overcome", why, flags)
        if s.damage or s.setback:
            harm = " ".join(
                x
                for x in (f"-{s.damage} HP" if s.damage else "", f"-{s.setback} FP" if s.setback else "")
                if x
            )
            return StatusView("hurt", "hurt", harm, flags)
        return StatusView("ok", "ok", "", flags)

    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """`amount` is final Damage (off HP) or Setback (off FP), after Ward; a mook's first
        point defeats it."""
        s = _sheet(sheet)
        kind = kind or "damage"
        if kind not in self.damage_kinds:
            raise RulesError(f"unknown damage kind {kind!r} (kinds: {', '.join(self.damage_kinds)})")
        if amount < 0:
            raise RulesError(f"damage cannot be negative, got {amount}")
        field, top = ("damage", s.hp_max) if kind == "damage" else ("setback", s.fp_max)
        before = getattr(s, field)
        after = top if (s.cast == "mook" and amount > 0) else min(top, before + amount)
        new = s.model_copy(update={field: after})
        left = top - after
        track = "HP" if field == "damage" else "FP"
        text = f"takes {amount} {kind} ({track} {left}/{top})" + (" - Overcome" if left == 0 else "")
        return SheetChange(new, text, {"kind": kind, "amount": amount}, harmed=amount > 0)

    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        s = _sheet(sheet)
        kind = kind or "damage"
        if kind not in self.damage_kinds:
            raise RulesError(f"unknown damage kind {kind!r} (kinds: {', '.join(self.damage_kinds)})")
        if amount < 0:
            raise RulesError(f"healing cannot be negative, got {amount}")
        field = "damage" if kind == "damage" else "setback"
        after = max(0, getattr(s, field) - amount)
        new = s.model_copy(update={field: after})
        track = "HP" if field == "damage" else "FP"
        top = s.hp_max if field == "damage" else s.fp_max
        return SheetChange(new, f"recovers {amount} {kind} ({track} {top - after}/{top})")

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """Conditions that last to the end of the scene clear (Stunned, Lethargic...)."""
        from gmconsole.systems.mythmagica.booktables import table_rows

        s = _sheet(sheet)
        scene_only = {
            r[0].lower() for r in table_rows("conditions.toml", "Character Conditions") if r[3] == "scene"
        }
        keep = [c for c in s.conditions if c.lower() not in scene_only]
        fallout = _guts_and_glory(s)
        if keep == s.conditions and not fallout:
            return None
        gone = [c for c in s.conditions if c not in keep]
        parts = ([f"{', '.join(gone)} end"] if gone else []) + ([fallout] if fallout else [])
        return SheetChange(
            s.model_copy(update={"conditions": keep}),
            "end of scene: " + "; ".join(parts),
            {"guts_and_glory": fallout} if fallout else {},
        )

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
        out = [
            RuleOption(
                "edges",
                "Net edges (+) or drawbacks (-)",
                0,
                "each adds a d20; at most 3 d20",
                choices=(-2, -1, 0, 1, 2),
            )
        ]
        if _sheet(sheet).named:
            out.append(
                RuleOption(
                    "guts",
                    "Spend Guts on a failure",
                    False,
                    "a failed roll becomes a bare success for threshold + 1 - total Guts",
                )
            )
        return out

    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        from gmconsole.systems.mythmagica.resolution import run_check

        return run_check(_sheet(sheet), request, rng, dice, who)

    def after_check(
        self, sheet: BaseModel, request: CheckRequest, result: CheckResult, scene: Scene
    ) -> SheetChange | None:
        cost = result.detail.get("guts")
        if not cost:
            return None
        s = _sheet(sheet)
        spent = s.guts_spent + cost
        return SheetChange(
            s.model_copy(update={"guts_spent": spent}),
            f"spends {cost} Guts ({spent} spent, Glory Status {rules.glory_status(spent)})",
        )

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        from gmconsole.systems.mythmagica.resolution import check_odds

        return check_odds(_sheet(sheet), request)

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """An attack meets the target's Defense (Stability for entrapment weapons)."""
        s, t = _sheet(sheet), _sheet(target)
        kind, _, arg = option.partition(":")
        if kind != "attack" or (w := s.weapon(arg)) is None:
            return None
        if w.damage == 0 and w.setback > 0:
            return Opposition(difficulty=t.stability, note=f"Stability {t.stability}")
        return Opposition(difficulty=t.defense, note=f"Defense {t.defense}")

    def damage_offer(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        result: CheckResult,
        target: BaseModel,
        rng: random.Random,
        dice: Sequence[int] | None = None,
    ) -> DamageOffer | None:
        """Damage = weapon damage + Strength (if it adds) + margin - Ward, at least 1; entrapment
        weapons deal Setback = weapon Setback + Craftiness + margin. A natural 20 doubles."""
        s, t = _sheet(sheet), _sheet(target)
        kind, _, arg = request.option.partition(":")
        if kind != "attack" or not result.success or (w := s.weapon(arg)) is None:
            return None
        margin = result.margin or 0
        double = 2 if result.detail.get("natural") else 1
        if w.damage == 0 and w.setback > 0:
            amount = rules.setback(w.setback, s.CR, margin) * double
            return DamageOffer(
                amount,
                "setback",
                f"{w.name} setback {w.setback} + CR + margin {margin}"
                + (" x2 natural" if double > 1 else "")
                + f" = {amount}",
            )
        st = s.ST if w.strength else 0
        amount = rules.damage(w.damage, st, margin, t.ward) * double
        strength = f" + ST {max(0, st)}" if w.strength else ""
        return DamageOffer(
            amount,
            "damage",
            f"{w.name} {w.damage}{strength} + margin {margin}"
            f" - ward {t.ward}" + (" x2 natural" if double > 1 else "") + f" = {amount}",
        )

    # ------------------------------------------------------------------ verbs

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
        from gmconsole.systems.mythmagica.actions import perform

        return perform(_sheet(sheet), action, args)

    def calculate(self, key: str, args: Sequence[str]) -> str:
        from gmconsole.systems.mythmagica.actions import calculate

        return calculate(key, args, {c.key: c.usage for c in self.calculators})

    def turn_order(self, options: Mapping[str, Any] | None = None) -> MythmagicaPopcorn:
        from gmconsole.systems.mythmagica.initiative import MythmagicaPopcorn

        return MythmagicaPopcorn()
