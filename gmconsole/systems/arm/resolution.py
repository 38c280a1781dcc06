"""A test at the console: what a character can be tested on, the roll, its odds.

Options a GM picks: a stat alone ("fitness"), a stat with one of the character's mods
("charisma+trickery"), an attack with a weapon or a flung spell ("attack:Sword": Fitness, or
Dexterity for an aimed ranged weapon, plus the weapon's attack or accuracy and the mods that apply
to attacks), a dodge or a parry with a weapon ("parry:Sword"), circling to find a weakness
("circle": Wit against the opponent's Wit), casting a set spell ("cast:Fire-ball": against its
difficulty) and improvisational magic ("magic:shape": Willpower + Magically Able, refused without
that special mod). Pending modifiers in force this round are added automatically. The difficulty
is the GM's (the guide's presets), the target's sheet, or the option's own (an attack: 4; a
spell: its casting difficulty); the situation's switches add to it (see `situation`). Only the
actor rolls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.engine.dice.sources import next_face
from gmconsole.engine.errors import RulesError
from gmconsole.systems.arm.book import data_file
from gmconsole.systems.arm.scale import distance_log, format_measure, log_to_measure
from gmconsole.systems.arm.sheet import STATS, ArmSheet
from gmconsole.systems.arm.situation import difficulty_parts, total_parts
from gmconsole.systems.arm.tasks import push_bonus, result_band, result_chances, success_chance

ATTACK_DIFFICULTY = 4
"""The melee table's base for an attack (a moving target: 6, less 1 berserk)."""

TARGET = "target"
"""`CheckRequest.extra` key: the name of the opponent an attack is aimed at."""

MAGIC_ABLE = "magically able"
"""The special mod improvisational magic needs (the book's sample premise)."""


@dataclass(frozen=True)
class TestSpec:
    """What a test adds up before the dice: its label, the stat value and the modifiers."""

    label: str
    stat: int
    modifiers: tuple[Modifier, ...]
    kind: str  # "attack", "defence" or "task" (which pending modifiers apply)
    weapon: str | None = None
    difficulty: int | None = None
    """The option's own difficulty when the GM and the target give none."""
    ranged: bool = False
    max_range: int | None = None

    @property
    def base(self) -> int:
        return self.stat + sum(m.value for m in self.modifiers)


def magic_actions() -> dict[str, tuple[str, int | None]]:
    """Improvisational magic: option word -> (action, difficulty; None where the GM picks)."""
    rows = next(t for t in data_file("tasks")["table"] if t["name"] == "Improvisational magic")["rows"]
    words = ("move", "shape", "transmute", "imbue-simple", "imbue-complex", "imbue-conditional")
    return {w: (row[0], int(row[1]) if row[1].isdigit() else None)
            for w, row in zip(words, rows, strict=True)}


def options(sheet: ArmSheet) -> list[CheckOption]:
    out = [CheckOption(key=s, label=s.capitalize(), value=sheet.stats[s]) for s in STATS]
    attacks = [w.name for w in sheet.weapons] + [sp.name for sp in sheet.spells if sp.as_weapon()]
    for name in attacks:
        spec = spec_for(sheet, f"attack:{name}")
        out.append(CheckOption(key=f"attack:{name}", label=f"Attack with {name}", value=spec.base))
    out.append(CheckOption(key="dodge", label="Dodge", value=spec_for(sheet, "dodge").base))
    for w in sheet.weapons:
        if not w.ranged:
            spec = spec_for(sheet, f"parry:{w.name}")
            out.append(CheckOption(key=f"parry:{w.name}", label=f"Parry with {w.name}", value=spec.base))
    out.append(CheckOption(key="circle", label="Circle (Wit vs Wit)", value=spec_for(sheet, "circle").base))
    for sp in sheet.spells:
        out.append(CheckOption(key=f"cast:{sp.name}", label=f"Cast {sp.name} ({sp.difficulty})",
                               value=spec_for(sheet, f"cast:{sp.name}").base))
    if _magic_mod(sheet) is not None:
        for word, (label, _) in magic_actions().items():
            out.append(CheckOption(key=f"magic:{word}", label=f"Magic: {label}",
                                   value=spec_for(sheet, f"magic:{word}").base))
    for m in sheet.mods:
        if m.kind != "absolute":
            stat = _stat_for_mod(m.applies_to)
            out.append(CheckOption(key=f"{stat}+{m.name.lower()}", label=f"{stat.capitalize()} + {m.name}",
                                   value=sheet.stats[stat] + m.value))
    return out


def _stat_for_mod(applies_to: str) -> str:
    word = applies_to.strip().lower()
    if word in STATS:
        return word
    if word == "magic":
        return "willpower"
    return "fitness" if word in ("attack", "defence", "defense", "damage", "") else "wit"


def _magic_mod(sheet: ArmSheet):
    return next((m for m in sheet.mods if m.kind == "special"
                 and (m.name.lower() == MAGIC_ABLE or m.applies_to.lower() == "magic")), None)


def _defence_mods(sheet: ArmSheet) -> list[Modifier]:
    return [Modifier(m.name, m.value) for m in sheet.mods
            if m.kind != "absolute" and m.applies_to.lower() in ("defence", "defense")]


def spec_for(sheet: ArmSheet, option: str, target: str | None = None) -> TestSpec:
    """The stat and modifiers an option stands for; refused by name when the sheet lacks it.
    `target` (the opponent's name) picks the pending modifiers meant for that opponent only."""
    key = option.strip()
    low = key.lower()
    try:
        if low.startswith("attack:"):
            return _attack(sheet, key.split(":", 1)[1], target)
        if low == "dodge":
            return _spec(sheet, f"Dodge (Fitness {sheet.stats['fitness']})", "fitness",
                         _defence_mods(sheet), "defence")
        if low.startswith("parry:"):
            w = sheet.weapon(key.split(":", 1)[1])
            if w.ranged:
                raise RulesError(f"{w.name} is a missile weapon: it cannot parry")
            mods = [Modifier(f"{w.name} parry", w.parry)] if w.parry else []
            label = f"Parry with {w.name} (Fitness {sheet.stats['fitness']})"
            return _spec(sheet, label, "fitness", mods + _defence_mods(sheet), "defence", w.name)
        if low == "circle":
            mods = [Modifier(m.name, m.value) for m in sheet.mods
                    if m.kind != "absolute" and m.applies_to.lower() in ("circling", "combat")]
            return _spec(sheet, f"Circling (Wit {sheet.stats['wit']})", "wit", mods, "task")
        if low.startswith("cast:"):
            sp = sheet.spell(key.split(":", 1)[1])
            label = f"Cast {sp.name} ({sp.stat.capitalize()} {sheet.stats[sp.stat]})"
            return _spec(sheet, label, sp.stat, [], "task", difficulty=sp.difficulty)
        if low.startswith("magic:"):
            return _magic(sheet, low.split(":", 1)[1].strip())
        return _stat_test(sheet, low)
    except ValueError as exc:  # the sheet's own lookups say what is missing
        raise RulesError(str(exc)) from None


def _attack(sheet: ArmSheet, name: str, target: str | None) -> TestSpec:
    w = sheet.weapon(name)
    if w.ranged:
        stat = "fitness" if w.launch == "throw" else "dexterity"
        mods = [Modifier(f"{w.name} accuracy", w.accuracy)] if w.accuracy else []
    else:
        stat = "fitness"
        mods = [Modifier(f"{w.name} attack", w.attack)] if w.attack else []
    mods += [Modifier(m.name, m.value) for m in sheet.mods
             if m.kind != "absolute" and m.applies_to.lower() in ("attack", w.name.lower())]
    label = f"{w.name} attack ({stat.capitalize()} {sheet.stats[stat]})"
    return _spec(sheet, label, stat, mods, "attack", w.name, target, difficulty=ATTACK_DIFFICULTY,
                 ranged=w.ranged, max_range=sheet.max_range(w) if w.ranged else None)


def _magic(sheet: ArmSheet, word: str) -> TestSpec:
    actions = magic_actions()
    if word not in actions:
        raise RulesError(f"no improvisational magic {word!r} (known: {', '.join(actions)})")
    able = _magic_mod(sheet)
    if able is None:
        who = sheet.name or "this character"
        raise RulesError(f"{who} cannot work magic: it needs the special mod Magically Able")
    label, difficulty = actions[word]
    stat = f"Willpower {sheet.stats['willpower']}"
    return _spec(sheet, f"{label} ({stat})", "willpower", [Modifier(able.name, able.value)], "task",
                 difficulty=difficulty)


def _stat_test(sheet: ArmSheet, low: str) -> TestSpec:
    stat, _, mod_name = low.partition("+")
    stat = stat.strip()
    if stat not in STATS:
        who = sheet.name or "this character"
        raise RulesError(f"{who} has no stat {stat!r} to test (stats: {', '.join(STATS)}; "
                         "or attack:WEAPON, dodge, parry:WEAPON, circle, cast:SPELL, magic:ACTION)")
    mods = []
    if mod_name:
        m = sheet.mod(mod_name)
        mods.append(Modifier(m.name, m.value))
    return _spec(sheet, f"{stat.capitalize()} {sheet.stats[stat]}", stat, mods, "task")


def _spec(sheet: ArmSheet, label: str, stat: str, mods: list[Modifier], kind: str,
          weapon: str | None = None, target: str | None = None, **more: object) -> TestSpec:
    pending = sheet.pending_total(kind, target)
    if pending:
        mods = [*mods, Modifier("pending", pending)]
    return TestSpec(label, sheet.stats[stat], tuple(mods), kind, weapon, **more)  # type: ignore[arg-type]


def _target(request: CheckRequest) -> str | None:
    """The opponent's name an aimed attack carries (set by `oppose`)."""
    name = request.extra.get(TARGET)
    return str(name) if name else None


@dataclass(frozen=True)
class Against:
    """What the test is against: the difficulty (None: none given) and its parts."""

    difficulty: int | None
    parts: tuple[Modifier, ...]
    bonus: tuple[Modifier, ...]
    """Switches that add to the actor's total (a helper, an absolute mod)."""

    def text(self) -> str:
        return "".join(f" {m.value:+d} {m.label}" for m in self.parts)


def against(sheet: ArmSheet, spec: TestSpec, request: CheckRequest) -> Against:
    """The difficulty of a test: the GM's number, else the opponent's static value, else the
    option's own; the switches' parts added. A missile beyond its maximum range is refused."""
    extra = request.extra
    distance = None
    if extra.get("distance"):
        distance = distance_log(str(extra["distance"]))
        if spec.max_range is not None and distance > spec.max_range:
            shown = format_measure(log_to_measure(spec.max_range))
            raise RulesError(f"out of range: {spec.weapon} reaches log {spec.max_range} ({shown} m), "
                             f"the target is at log {distance}")
    parts = tuple(difficulty_parts(spec.kind, extra, spec.ranged, distance))
    base = request.difficulty if request.difficulty is not None else request.opponent_total
    if base is None:
        base = spec.difficulty
    absolute = {m.name: m.value for m in sheet.mods if m.kind == "absolute"}
    if sheet.size:
        absolute.setdefault("Size", abs(sheet.size))
    bonus = tuple(total_parts(extra, absolute))
    value = None if base is None else base + sum(m.value for m in parts)
    return Against(value, parts, bonus)


def run_check(sheet: ArmSheet, request: CheckRequest, rng: random.Random,
              dice: Sequence[int] | None, who: str | None) -> CheckResult:
    spec = spec_for(sheet, request.option, _target(request))
    vs = against(sheet, spec, request)
    typed = list(dice or [])

    def d6() -> int:
        return next_face(typed, rng, 6)

    plus, minus = d6(), d6()
    faces = [Die(6, plus, note="plus"), Die(6, minus, note="minus")]
    modifiers = [*spec.modifiers, *vs.bonus]
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
    difficulty = vs.difficulty
    result = None if difficulty is None else total - difficulty
    band = "" if result is None else result_band(result)
    outcome = band + (" (the GM may rule it either way)" if result == 0 else "")
    name = who or sheet.name or ""
    return CheckResult(
        label=(f"{name}: {spec.label}" if name else spec.label)
        + (f", difficulty{vs.text()}" if vs.parts else ""),
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
                "weapon": spec.weapon, "difficulty_parts": {m.label: m.value for m in vs.parts}},
    )


def odds(sheet: ArmSheet, request: CheckRequest) -> Odds | None:
    spec = spec_for(sheet, request.option, _target(request))
    vs = against(sheet, spec, request)
    if vs.difficulty is None:
        return None
    margin = spec.base + sum(m.value for m in vs.bonus) + request.modifiers - vs.difficulty
    push = bool(request.extra.get("push"))
    chance = success_chance(margin, push)
    bars = tuple((band, p) for band, p in result_chances(margin).items())
    note = "a result of 0 is a draw the GM may rule either way; counted as a success here"
    if push:
        note += "; with the push die"
    return Odds(success=chance, note=note, bars=() if push else bars)
