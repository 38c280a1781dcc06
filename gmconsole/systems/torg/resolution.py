"""A test of skill for the console's dialog: `CheckRequest` in, `CheckResult` out, and the exact
odds before rolling.

The option is ``attr:DEX`` or ``skill:dodge`` (a bare name works too). The target is the
request's difficulty, else the opponent's value or total. Typed dice are used in order: the d20
and its roll-again chain, the up roll's, then any Possibility or card rolls; a Possibility
("possibility": True or "if_failed") is spent only when the roll so far fails, cards the same,
"always" spends regardless. Possibilities spent are reported in ``detail["possibilities_spent"]``
for the caller to take off the sheet (`TorgSystem.spend_possibility`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.systems.torg.actions import Attempt, attempt
from gmconsole.systems.torg.dice import TorgRoll
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.odds import chance_of_success
from gmconsole.systems.torg.sheet import ATTRIBUTES, TorgSheet
from gmconsole.systems.torg.totals import Modifier as TotalModifier
from gmconsole.systems.torg.totals import effect_total, format_rp

EXTRA_KEYS = frozenset(
    {
        "up",
        "stymied",
        "possibility",
        "cards",
        "active_defence",
        "bonus_floor",
        "use",
        "item",
        "effect_value",
        "effect_difficulty",
    }
)


def option_skill(option: str) -> str:
    """ "attr:DEX" -> "DEX", "skill:fire_combat" -> "fire_combat"; bare names pass through."""
    kind, _, name = option.partition(":")
    if not name:
        return kind
    if kind not in ("attr", "skill"):
        raise TorgError(f"unknown test option {option!r} (attr:<attribute> or skill:<skill>)")
    if kind == "attr" and name.upper() not in ATTRIBUTES:
        raise TorgError(f"unknown attribute {name!r} (one of {', '.join(ATTRIBUTES)})")
    return name.upper() if kind == "attr" else name


def _extra(request: CheckRequest) -> dict[str, Any]:
    unknown = sorted(set(request.extra) - EXTRA_KEYS)
    if unknown:
        raise TorgError(f"unknown test switch {unknown[0]!r} (known: {', '.join(sorted(EXTRA_KEYS))})")
    return dict(request.extra)


def _target(request: CheckRequest) -> int | None:
    return request.difficulty if request.difficulty is not None else request.opponent_total


def _floor(extra: dict[str, Any]) -> int | None:
    floor = extra.get("bonus_floor")
    if extra.get("active_defence"):
        floor = max(1, floor or 1)
    return floor


def run_check(
    sheet: TorgSheet,
    request: CheckRequest,
    rng: random.Random,
    dice: Sequence[int] | None = None,
    who: str | None = None,
) -> CheckResult:
    extra = _extra(request)
    skill = option_skill(request.option)
    target = _target(request)
    typed = list(dice or [])
    mods = [TotalModifier("modifiers", request.modifiers)] if request.modifiers else []
    use = "active_defence" if extra.get("active_defence") else extra.get("use")
    first = attempt(
        sheet,
        skill,
        difficulty=target,
        modifiers=mods,
        bonus_floor=_floor(extra),
        up=bool(extra.get("up")),
        stymied=bool(extra.get("stymied")),
        use=use,
        item=extra.get("item"),
        dice=typed or None,
        rng=None if typed else rng,
    )
    att, spent = _extra_rolls(first, extra, typed, rng, sheet)
    return _result(sheet, att, request, extra, spent, who)


def _used(roll: TorgRoll) -> int:
    return len(roll.faces)


def _extra_rolls(
    att: Attempt, extra: dict[str, Any], typed: list[int], rng: random.Random, sheet: TorgSheet
) -> tuple[Attempt, int]:
    spent = 0
    plan: list[tuple[str, str]] = []
    poss = extra.get("possibility", False)
    if poss:
        plan.append(("possibility", "always" if poss == "always" else "if_failed"))
    for card in extra.get("cards", ()):
        if card not in ("hero", "drama"):
            raise TorgError(f"only hero and drama cards give extra rolls, not {card!r}")
        plan.append((card, "if_failed"))
    for source, when in plan:
        if when == "if_failed" and (att.action.success or att.action.success is None):
            continue
        if source == "possibility":
            if sheet.possibilities.count < 1:
                raise TorgError(f"{sheet.name} has no Possibility to spend")
            spent += 1
        left = typed[_used(att.roll) :] if typed else None
        att = att.with_extra_roll(source, dice=left, rng=None if typed else rng)
    if typed and _used(att.roll) < len(typed):
        raise TorgError(
            f"{len(typed) - _used(att.roll)} typed dice were not used: {typed[_used(att.roll) :]}"
        )
    return att, spent


def _result(
    sheet: TorgSheet, att: Attempt, request: CheckRequest, extra: dict[str, Any], spent: int, who: str | None
) -> CheckResult:
    roll, total = att.roll, att.action
    dice = tuple(
        Die(20, s.face, note=s.note or ("" if s.source == "roll" else s.source)) for s in roll.steps if s.face
    )
    name = att.skill.replace("_", " ")
    mods = [Modifier(name, total.value), Modifier(f"bonus (die roll {roll.final})", total.bonus)]
    mods += [Modifier(m.label, m.value) for m in total.modifiers]
    outcome = total.outcome()
    if total.failing:
        outcome += " (failing: +1 DN to later tries, optional rule)"
    detail: dict[str, Any] = {
        "final_die_roll": roll.final,
        "first_die": roll.first_die,
        "bonus": total.bonus,
        "value": total.value,
        "skilled": att.skilled,
        "possibility_rated": sheet.possibility_rated,
        "possibilities_spent": spent,
        "lost": [s.note for s in roll.steps if s.face is None],
    }
    if total.result_points is not None:
        detail["result_points"] = format_rp(total.result_points)
        detail["level"] = total.level
    if "effect_value" in extra:
        eff = effect_total(int(extra["effect_value"]), total, difficulty=extra.get("effect_difficulty"))
        detail["effect_total"] = eff.total
        if eff.margin is not None:
            detail["effect_result_points"] = eff.margin
    label = f"{sheet.name}: {att.skill.replace('_', ' ')} {total.value}" + (
        "" if att.skilled else " (unskilled)"
    )
    return CheckResult(
        label=label,
        dice=dice,
        modifiers=tuple(mods),
        total=total.total,
        target=total.difficulty,
        success=total.success,
        outcome=outcome,
        margin=total.margin,
        who=who,
        detail=detail,
    )


def check_odds(sheet: TorgSheet, request: CheckRequest) -> Odds | None:
    extra = _extra(request)
    target = _target(request)
    if target is None:
        return None
    use = "active_defence" if extra.get("active_defence") else extra.get("use")
    value, skilled = sheet.action_value(option_skill(request.option), use=use, item=extra.get("item"))
    poss = bool(extra.get("possibility")) and sheet.possibilities.count > 0
    chance = chance_of_success(
        value,
        target,
        possibility_rated=sheet.possibility_rated,
        skilled=skilled,
        modifiers=request.modifiers,
        bonus_floor=_floor(extra),
        up=bool(extra.get("up")),
        stymied=bool(extra.get("stymied")),
        possibility=poss,
    )
    bars = tuple((level, p) for level, p in chance.levels)
    return Odds(success=chance.success, note=chance.note, bars=(("failure", 1 - chance.success), *bars))
