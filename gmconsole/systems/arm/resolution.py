"""A test at the console: what a character can be tested on, the roll, its odds.

Options a GM picks: a stat alone ("fitness"), a stat with one of the character's mods
("charisma+trickery"), an attack with a weapon ("attack:Sword": Fitness, or Dexterity for an
aimed ranged weapon, plus the weapon's attack or accuracy and the mods that apply to attacks),
a dodge or a parry with a weapon ("parry:Sword"). Pending modifiers for the round are added
automatically. The difficulty is the GM's (the guide's presets) or, in an opposed task, the
opponent's stat; only the actor rolls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm.sheet import STATS, ArmSheet
from gmconsole.systems.arm.tasks import push_bonus, result_band, result_chances, success_chance


@dataclass(frozen=True)
class TestSpec:
    """What a test adds up before the dice: its label, the stat value and the modifiers."""

    label: str
    stat: int
    modifiers: tuple[Modifier, ...]
    kind: str  # "attack", "defence" or "task" (which pending modifiers apply)
    weapon: str | None = None

    @property
    def base(self) -> int:
        return self.stat + sum(m.value for m in self.modifiers)


def options(sheet: ArmSheet) -> list[CheckOption]:
    out = [CheckOption(key=s, label=s.capitalize(), value=sheet.stats[s]) for s in STATS]
    for w in sheet.weapons:
        spec = spec_for(sheet, f"attack:{w.name}", {})
        out.append(CheckOption(key=f"attack:{w.name}", label=f"Attack with {w.name}", value=spec.base))
    out.append(CheckOption(key="dodge", label="Dodge", value=spec_for(sheet, "dodge", {}).base))
    for w in sheet.weapons:
        if not w.ranged:
            spec = spec_for(sheet, f"parry:{w.name}", {})
            out.append(CheckOption(key=f"parry:{w.name}", label=f"Parry with {w.name}", value=spec.base))
    for m in sheet.mods:
        if m.kind != "absolute":
            stat = _stat_for_mod(m.applies_to)
            out.append(CheckOption(key=f"{stat}+{m.name.lower()}", label=f"{stat.capitalize()} + {m.name}",
                                   value=sheet.stats[stat] + m.value))
    return out


def _stat_for_mod(applies_to: str) -> str:
    word = applies_to.strip().lower()
    return word if word in STATS else "fitness" if word in ("attack", "defence", "damage", "") else "wit"


def spec_for(sheet: ArmSheet, option: str, extra: dict) -> TestSpec:
    """The stat and modifiers an option stands for; refused by name when the sheet lacks it."""
    key = option.strip()
    low = key.lower()
    who = sheet.name or "this character"
    try:
        if low.startswith("attack:"):
            w = sheet.weapon(key.split(":", 1)[1])
            if w.ranged:
                stat = "fitness" if w.launch == "throw" else "dexterity"
                mods = [Modifier(f"{w.name} accuracy", w.accuracy)] if w.accuracy else []
            else:
                stat = "fitness"
                mods = [Modifier(f"{w.name} attack", w.attack)] if w.attack else []
            mods += [Modifier(m.name, m.value) for m in sheet.mods
                     if m.kind != "absolute" and m.applies_to.lower() in ("attack", w.name.lower())]
            label = f"{w.name} attack ({stat.capitalize()} {sheet.stats[stat]})"
            return _spec(sheet, label, stat, mods, "attack", w.name)
        if low == "dodge":
            mods = [Modifier(m.name, m.value) for m in sheet.mods if m.applies_to.lower() == "defence"]
            return _spec(sheet, f"Dodge (Fitness {sheet.stats['fitness']})", "fitness", mods, "defence")
        if low.startswith("parry:"):
            w = sheet.weapon(key.split(":", 1)[1])
            mods = [Modifier(f"{w.name} parry", w.parry)] if w.parry else []
            mods += [Modifier(m.name, m.value) for m in sheet.mods if m.applies_to.lower() == "defence"]
            label = f"Parry with {w.name} (Fitness {sheet.stats['fitness']})"
            return _spec(sheet, label, "fitness", mods, "defence", w.name)
        stat, _, mod_name = low.partition("+")
        stat = stat.strip()
        if stat not in STATS:
            raise RulesError(f"{who} has no stat {stat!r} to test (stats: {', '.join(STATS)}; "
                             "or attack:WEAPON, dodge, parry:WEAPON)")
        mods = []
        if mod_name:
            m = sheet.mod(mod_name)
            mods.append(Modifier(m.name, m.value))
        label = f"{stat.capitalize()} {sheet.stats[stat]}"
        return _spec(sheet, label, stat, mods, "task")
    except ValueError as exc:  # the sheet's own lookups say what is missing
        raise RulesError(str(exc)) from None


def _spec(sheet: ArmSheet, label: str, stat: str, mods: list[Modifier], kind: str,
          weapon: str | None = None) -> TestSpec:
    pending = sheet.pending_total(kind)
    if pending:
        mods = [*mods, Modifier("pending", pending)]
    return TestSpec(label, sheet.stats[stat], tuple(mods), kind, weapon)


def difficulty_of(request: CheckRequest) -> int | None:
    """The difficulty: the GM's number, or the opponent's static value (only the actor rolls)."""
    return request.difficulty if request.difficulty is not None else request.opponent_total


def run_check(sheet: ArmSheet, request: CheckRequest, rng: random.Random,
              dice: Sequence[int] | None, who: str | None) -> CheckResult:
    spec = spec_for(sheet, request.option, request.extra)
    typed = list(dice or [])

    def d6() -> int:
        return next_face(typed, rng, 6)

    plus, minus = d6(), d6()
    faces = [Die(6, plus, note="plus"), Die(6, minus, note="minus")]
    modifiers = list(spec.modifiers)
    if request.modifiers:
        modifiers.append(Modifier("GM", request.modifiers))
    push_die = None
    push_shock = 0
    if request.extra.get("push"):
        push_die = d6()
        bonus, push_shock = push_bonus(push_die)
        faces.append(Die(6, push_die, note="push"))
        if bonus:
            modifiers.append(Modifier("push", bonus))
    if typed:
        raise RulesError(f"{len(typed)} typed dice were not needed ({' '.join(map(str, typed))})")
    total = spec.stat + sum(m.value for m in modifiers) + plus - minus
    difficulty = difficulty_of(request)
    result = None if difficulty is None else total - difficulty
    band = "" if result is None else result_band(result)
    outcome = band + (" (the GM may rule it either way)" if result == 0 else "")
    name = who or sheet.name or ""
    return CheckResult(
        label=f"{name}: {spec.label}" if name else spec.label,
        dice=tuple(faces),
        modifiers=tuple(modifiers),
        total=total,
        target=difficulty,
        success=None if result is None else result >= 0,
        outcome=outcome,
        margin=result,
        who=name or None,
        detail={"stat": spec.stat, "plus": plus, "minus": minus, "push_die": push_die,
                "push_shock": push_shock, "band": band, "draw": result == 0, "kind": spec.kind,
                "weapon": spec.weapon},
    )


def odds(sheet: ArmSheet, request: CheckRequest) -> Odds | None:
    difficulty = difficulty_of(request)
    if difficulty is None:
        return None
    spec = spec_for(sheet, request.option, request.extra)
    margin = spec.base + request.modifiers - difficulty
    push = bool(request.extra.get("push"))
    chance = success_chance(margin, push)
    bars = tuple((band, p) for band, p in result_chances(margin).items())
    note = "a result of 0 is a draw the GM may rule either way; counted as a success here"
    if push:
        note += "; with the push die"
    return Odds(success=chance, note=note, bars=() if push else bars)
