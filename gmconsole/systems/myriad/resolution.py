"""Turning the test dialog's request into a Myriad roll, its odds and a dice-log result.

Options are written ``stat`` (an untrained statistic roll) or ``stat/skill`` ("grace/stealth").
``CheckRequest.extra`` may carry:

- ``stat``: a statistic to use instead of the option's;
- ``burn``: SFX activations, ``[{"sfx": "power_strike", "dice": [4]}]`` with **1-based** die numbers;
- ``tags``: what kind of roll it is, for SFX triggers ("attack", "unarmed", "defence", ...);
- ``extra_actions_used``: SFX extra actions already taken this round (the cap is one);
- ``initiator``: in an opposed test, whether this side started it (default true: ties win);
- ``burning_fives``: the optional rule letting fives be burnt (B5);
- ``require_skill``: refuse the test when the character lacks the skill (default: untrained at 0);
- ``modifiers``: itemised modifiers, ``[{"label": "Stunt", "value": 1, "situational": false}]``,
  each logged with its reason and added to ``CheckRequest.modifiers``. Situational ones on an
  unopposed test bring a warning (L482, ruling B4: the TN already holds the difficulty);
- ``sfx`` / ``sixes``: an SFX to fire with the sixes this roll brings, asked before rolling (the
  test dialog's switches; see `switches`, which also says how the dice are then chosen).

The result reads on one line of the dice log, kept dice plain and dropped ones in brackets:
``Bronthar: Power 4D + Close Combat vs opponent: [(2) (4) (5) 6] +4 Close Combat = 10 vs 9:
wins, Power Strike fires on die 4 (margin +1)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from gmconsole.engine.checks import CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.engine.numbers import whole
from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.ability import AbilityRoll, roll_ability
from gmconsole.systems.myriad.burning import Burn, BurnResult, burn, check_success
from gmconsole.systems.myriad.errors import MyriadError
from gmconsole.systems.myriad.odds import success_chance_burning, total_distribution
from gmconsole.systems.myriad.sheet import MyriadSheet
from gmconsole.systems.myriad.switches import (
    PlannedBurn,
    choose_burn,
    plan_burn,
    planned_odds,
    switch_count,
    tag_list,
)

SPELL_SKILL = "spell_casting"
ARM_SKILLS = ("close_combat", "ranged_combat", "wrestling", "block")
"""Skills a hurt arm hinders (-1, T-18)."""
DAMAGE_SWITCHES = ("weapon", "aim", "nails", "hull", "bonus", "zap", "button", "room", "wall",
                   "counter", "easy_counter")
"""Switches the hit's damage reads: kept in the test's result, so the damage follows the test
exactly as it was rolled (defaults from the campaign's options included)."""


class ModifierItem(NamedTuple):
    """One itemised modifier. This module's records are NamedTuples rather than frozen
    dataclasses: the first odds of a session import this module, and a NamedTuple costs a third
    of a dataclass to define (no generated methods to compile)."""

    label: str
    value: int
    situational: bool = False


def modifier_items(extra: Mapping[str, Any], sheet: MyriadSheet | None = None,
                   option: str = "") -> tuple[ModifierItem, ...]:
    """The itemised modifiers asked for, then those the sheet's state (or the same names as
    encounter conditions, ``cond WHO prone``) and the switches bring: pinned -2 on everything,
    prone -1 on close combat and -1 to a ranged attacker (L709, L712), a hurt arm -1 on the
    skills that use it, an aimed body part's penalty (T-18)."""
    items = []
    skill = option.partition("/")[2]
    if sheet is not None:
        held = set(sheet.states) | _names(extra.get("conditions"))
        if "pinned" in held:
            items.append(ModifierItem("pinned", -2))
        if "prone" in held and skill in ("close_combat", "wrestling"):
            items.append(ModifierItem("prone", -1))
        if "hurt_arm" in held and skill in ARM_SKILLS:
            items.append(ModifierItem("hurt arm", -1))
        seeking = sheet.weave.components.get("seeking", 0) if sheet.weave else 0
        if skill == SPELL_SKILL and seeking:
            items.append(ModifierItem("Seeking", seeking))
    if sheet is not None:
        from gmconsole.systems.myriad.boons import boon_items

        items += [ModifierItem(i.label, i.value) for i in boon_items(sheet, option, extra)]
    part = str(extra.get("aim") or "none")
    if part not in ("none", "random"):
        from gmconsole.systems.myriad.combat_options import body_part

        penalty = int(body_part(part)["aim_penalty"])
        if penalty:
            items.append(ModifierItem(f"aimed at {part.replace('_', ' ')}", penalty))
    for raw in extra.get("modifiers", ()):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("value"), int):
            raise MyriadError(f"modifiers: {raw!r} should look like {{'label': 'Stunt', 'value': 1}}")
        items.append(ModifierItem(label=str(raw.get("label") or "modifier"), value=raw["value"],
                                  situational=bool(raw.get("situational", False))))
    prone_target = "prone" in _names(extra.get("target_conditions"))
    if prone_target and skill == "ranged_combat" and all(i.label != "target prone" for i in items):
        items.append(ModifierItem("target prone", -1, situational=True))
    return tuple(items)


def _names(conditions: Any) -> set[str]:
    """Encounter condition names the store passes (``cond grell prone``), normalised."""
    if not isinstance(conditions, list | tuple):
        return set()
    return {data.normalise(str(c)) for c in conditions}


class TestSpec(NamedTuple):
    """A parsed request: which statistic and skill, with what modifiers and burns."""

    stat: str
    skill: str | None
    pool: int
    skill_level: int
    burns: tuple[Burn, ...]
    warnings: tuple[str, ...]


def parse_option(sheet: MyriadSheet, option: str, extra: Mapping[str, Any]) -> TestSpec:
    stat, _, skill = option.partition("/")
    stat = data.normalise(str(extra.get("stat") or stat))
    skill_id = data.normalise(skill) if skill.strip() else None
    sheet.stat(stat)  # refuses an unknown statistic by name
    warnings: list[str] = []
    level = 0
    if skill_id is not None and sheet.vehicle is not None:
        level = switch_count(extra.get("driver"), "driver")  # the driver's skill, not the car's
    elif skill_id is not None:
        level = sheet.skill(skill_id, untrained_ok=not extra.get("require_skill", False))
        if not sheet.has_skill(skill_id):
            warnings.append(f"{sheet.who} lacks {skill_id}: rolled untrained at 0")
    burns = tuple(parse_burn(item) for item in extra.get("burn", ()))
    less = archaic_penalty(sheet, stat, extra) + imbued_penalty(sheet, stat)
    if less:
        warnings.append(f"{stat} {less} (archaic armour or imbued items)")
    return TestSpec(stat=stat, skill=skill_id, pool=sheet.pool(stat, less), skill_level=level,
                    burns=burns, warnings=tuple(warnings))


def imbued_penalty(sheet: MyriadSheet, stat: str) -> int:
    """-1 Intellect for each imbued item whose spell waits to be used (L904)."""
    return -len(sheet.imbued) if stat == "intellect" else 0


def archaic_penalty(sheet: MyriadSheet, stat: str, extra: Mapping[str, Any]) -> int:
    """The optional realism rule (T-34): -1 Power while wearing archaic armour rated 4 or more.
    Armour counts as archaic unless its name is one of the modern armours of the list."""
    if stat != "power" or not extra.get("archaic"):
        return 0
    modern = {data.normalise(r["label"]) for r in data.rows("equipment", "armour")
              if r["era"] == "modern"}
    heavy = [g for g in sheet.gear if g.kind == "armour" and g.worn and g.armour >= 4
             and data.normalise(g.name) not in modern]
    return -1 if heavy else 0


def parse_burn(item: Any) -> Burn:
    """One requested burn, ``{"sfx": id, "dice": [1-based die numbers]}``."""
    if not isinstance(item, Mapping) or "sfx" not in item:
        raise MyriadError(f"burn: {item!r} should look like {{'sfx': 'power_strike', 'dice': [1]}}")
    numbers = list(item.get("dice", ()))
    if any(not isinstance(n, int) or n < 1 for n in numbers):
        raise MyriadError(f"burn {item['sfx']}: dice are numbered from 1")
    return Burn(sfx_id=data.normalise(str(item["sfx"])), dice=tuple(n - 1 for n in numbers))


def target_of(request: CheckRequest) -> tuple[int | None, bool]:
    """The number to reach and whether reaching it exactly succeeds (ties to the initiator)."""
    if request.opponent_total is not None:
        initiator = bool(request.extra.get("initiator", True))
        return request.opponent_total, initiator
    return request.difficulty, True


def run_check(sheet: MyriadSheet, request: CheckRequest, rng: random.Random,
              dice: Sequence[int] | None = None, who: str | None = None) -> CheckResult:
    """Roll (or read typed faces), burn sixes as asked, and judge against the TN or opponent."""
    extra = request.extra
    if "stunned" in sheet.states and "defence" not in tag_list(extra):
        raise MyriadError(f"{sheet.who} is stunned (a groin hit) and loses this combat action; "
                          "a defence roll is still allowed, and the stun wears off at the "
                          "round's end")
    spec = parse_option(sheet, request.option, extra)
    items = modifier_items(extra, sheet, request.option)
    plan = plan_burn(sheet, extra)  # refused before any die is rolled
    mods = request.modifiers + sum(i.value for i in items)
    level = (sheet.stat(spec.stat) + archaic_penalty(sheet, spec.stat, extra)
             + imbued_penalty(sheet, spec.stat))
    roll = roll_ability(level, spec.skill_level, modifiers=mods, rng=rng,
                        dice=dice)
    target, ties_win = target_of(request)
    burns, notes = list(spec.burns), []
    if plan is not None:
        need_raw = None if target is None else _need(target, ties_win) - spec.skill_level - mods
        chosen, note = choose_burn(plan, roll.dice, need_raw)
        burns += [chosen] if chosen is not None else []
        notes += [note] if note else []
    burnt = burn(roll, burns, sheet.owned_sfx(), tags=plan.tags if plan else tag_list(extra),
                 burnable_faces=_faces(extra, plan),
                 extra_actions_used=switch_count(extra.get("extra_actions_used"), "extra_actions_used"))
    total = burnt.roll.total
    success = None if target is None else (total >= target if ties_win else total > target)
    if success is not None:
        check_success(burnt, success)
    return _result(sheet, spec, burnt, request, items, target, success, who, notes)


def _need(target: int, ties_win: bool) -> int:
    """The lowest total that succeeds: the target itself, or one more when ties lose."""
    return target if ties_win else target + 1


def _faces(extra: Mapping[str, Any], plan: PlannedBurn | None) -> tuple[int, ...]:
    if plan is not None:
        return plan.faces
    return (5, 6) if extra.get("burning_fives") else (6,)


def _result(sheet: MyriadSheet, spec: TestSpec, burnt: BurnResult, request: CheckRequest,
            items: tuple[ModifierItem, ...], target: int | None, success: bool | None,
            who: str | None, notes: Sequence[str] = ()) -> CheckResult:
    roll = burnt.roll
    warnings = [*spec.warnings, *roll.warnings]
    if request.opponent_total is None and any(i.situational for i in items):
        warnings.append("situational modifiers belong to opposed tests; an unopposed TN "
                        "already holds the difficulty")
    label = _label(spec, request, target, who or sheet.name or None)
    mods = [Modifier(_title(spec.skill), spec.skill_level)] if spec.skill_level else []
    if roll.unburnt_sixes:
        mods.append(Modifier("six" if roll.unburnt_sixes == 1 else "sixes", roll.unburnt_sixes))
    if roll.burn_bonus:
        mods.append(Modifier("burnt for bonus", roll.burn_bonus))
    mods += [Modifier(i.label, i.value) for i in items]
    if request.modifiers:
        mods.append(Modifier("modifiers", request.modifiers))
    opposed = request.opponent_total is not None
    outcome = "" if success is None else (
        ("wins" if success else "loses") if opposed else ("success" if success else "failure"))
    outcome = ", ".join(p for p in (outcome, *_fired(burnt), *notes) if p)
    return CheckResult(
        label=label, dice=_dice(roll, burnt), modifiers=tuple(mods), total=roll.total,
        target=target, success=success, outcome=outcome,
        margin=None if target is None else roll.total - target, who=who,
        detail={"stat": spec.stat, "pool": len(roll.dice), "skill": spec.skill,
                "skill_level": spec.skill_level, "highest": roll.highest, "sixes": roll.sixes,
                "burnt": {a.sfx.id: [i + 1 for i in a.dice] for a in burnt.activations},
                "extra_actions": burnt.extra_actions,
                "sfx_notes": list(notes), "warnings": warnings,
                **_spell(sheet, spec, request.extra),
                "damage_switches": {k: request.extra[k] for k in DAMAGE_SWITCHES
                                    if k in request.extra}},
    )


def _spell(sheet: MyriadSheet, spec: TestSpec, extra: Mapping[str, Any]) -> dict[str, Any]:
    """A casting roll carries its spell's components, for the damage on the hit: the imbued
    item's (``item`` switch) or the woven spell's."""
    if spec.skill != SPELL_SKILL:
        return {}
    item = str(extra.get("item") or "none")
    if item != "none":
        found = next((i for i in sheet.imbued if i.item == data.normalise(item)), None)
        if found is None:
            raise MyriadError(f"{sheet.who} has no imbued {item}")
        return {"spell": dict(found.components), "item": found.item}
    if sheet.weave is not None and sheet.weave.components:
        return {"spell": dict(sheet.weave.components)}
    return {}


def _fired(burnt: BurnResult) -> list[str]:
    """ "Power Strike fires on die 4" for each SFX paid for (dice numbered from 1)."""
    out = []
    for a in burnt.activations:
        numbers = " ".join(str(i + 1) for i in a.dice)
        on = f" on {'dice' if len(a.dice) > 1 else 'die'} {numbers}" if a.dice else ""
        times = f" x{a.times}" if a.times > 1 else ""
        out.append(f"{a.sfx.name}{times} fires{on}")
    return out


def _dice(roll: AbilityRoll, burnt: BurnResult) -> tuple[Die, ...]:
    """Kept: the highest die (a burnt one when the highest was burnt: it still counts) and each
    unburnt six; everything else, a burnt six that is not the highest included, is dropped."""
    by_die = {i: a.sfx.name for a in burnt.activations for i in a.dice}
    highest = [i for i, face in enumerate(roll.dice) if face == roll.highest]
    top = next((i for i in highest if i in by_die), highest[0])
    out = []
    for i, face in enumerate(roll.dice):
        if i in by_die:
            note = f"burnt: {by_die[i]}"
        elif i == top:
            note = "highest"
        else:
            note = "+1 six" if face == 6 else ""
        kept = i == top or (face == 6 and i not in roll.burnt)
        out.append(Die(sides=6, face=face, kept=kept, note=note))
    return tuple(out)


def _label(spec: TestSpec, request: CheckRequest, target: int | None, who: str | None) -> str:
    """ "Bronthar: Power 4D + Athletics vs Very Hard": the pool in dice, the skill by name (its
    level is the modifier that follows the dice); a TN off the ladder shows after the total."""
    test = f"{_title(spec.stat)} {spec.pool}D"
    if spec.skill:
        test += f" + {_title(spec.skill)}" + ("" if spec.skill_level else " (untrained)")
    against = ""
    if request.opponent_total is not None:
        against = " vs opponent"
    elif target is not None:
        names = {r["tn"]: r["name"] for r in data.rows("target_numbers", "target_numbers")}
        against = f" vs {names[target]}" if target in names else ""
    return f"{who + ': ' if who else ''}{test}{against}"


def _title(name: str | None) -> str:
    return (name or "").replace("_", " ").title()


def opposing_totals(request: CheckRequest) -> dict[int, Fraction] | None:
    """The defender's totals with their chances, from the pool and skill the target's sheet
    put in the request (`aim.oppose`), while its defence is not rolled yet; None otherwise."""
    extra = request.extra
    if request.opponent_total is not None or request.difficulty is not None:
        return None
    if "defence_pool" not in extra:
        return None
    pool = switch_count(extra.get("defence_pool"), "defence_pool")
    skill = switch_count(extra.get("defence_skill"), "defence_skill")
    mods = whole(extra.get("defence_modifiers") or 0, "defence_modifiers", -10, 10)
    return total_distribution(pool, skill, mods)


def check_odds(sheet: MyriadSheet, request: CheckRequest) -> Odds | None:
    """Exact chance of success before rolling (None without a TN, an opponent's total or the
    opposing pool of an aimed attack).

    With an SFX asked for by switch, the chance follows the burn the roll will make (see
    `switches`), and a band shows how often the test succeeds with the SFX fired. Burns given by
    die number (``burn``) count as needing that many sixes, all burnt. Against a defence still
    to be rolled, the chance is summed over every defence total (pool against pool, exact).
    """
    opposing = opposing_totals(request)
    target, ties_win = target_of(request)
    if target is None and opposing is None:
        return None
    if opposing is None:
        assert target is not None
        opposing = {target: Fraction(1)}
    else:
        ties_win = bool(request.extra.get("initiator", True))
    spec = parse_option(sheet, request.option, request.extra)
    plan = plan_burn(sheet, request.extra)
    mods = request.modifiers + sum(i.value for i in modifier_items(request.extra, sheet,
                                                                   request.option))
    note = f"{spec.pool}d6 keep highest + {spec.skill_level}"
    if request.opponent_total is not None or len(opposing) > 1:
        note += "; ties go to the initiator"
    if len(opposing) > 1:
        note += (f"; against {request.extra['defence_pool']}d6 + "
                 f"{request.extra.get('defence_skill', 0)}")
    burning = sum(len(b.dice) for b in spec.burns)
    p = fired = Fraction(0)
    for total, chance in opposing.items():
        need = _need(total, ties_win)
        if plan is not None:
            won, with_sfx = planned_odds(spec.pool, spec.skill_level, mods, need, plan)
            p += chance * won
            fired += chance * with_sfx
        else:
            p += chance * success_chance_burning(spec.pool, spec.skill_level, need, burning, mods)
    if plan is not None:
        note += f"; {plan.sfx.name} when the roll allows"
        return Odds(success=p, note=note, bars=(("success + SFX", fired),
                                                ("success, no SFX", p - fired),
                                                ("failure", Fraction(1) - p)))
    if burning:
        note += f", needing {burning} six(es) to burn"
    return Odds(success=p, note=note, bars=(("success", p), ("failure", Fraction(1) - p)))
