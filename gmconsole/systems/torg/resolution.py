"""A test of skill for the console: `CheckRequest` in, `CheckResult` out, and the exact odds
before rolling.

What the test is on and its switches are read by `check_words.read_test` (a skill name or
prefix, then words like ``poss``, ``hero``, ``dmg 17``; or the dialog's `extra`). The target is
the request's difficulty, else the opponent's value or total. Typed dice are used in order: the
d20 and its roll-again chain, the up roll's, then any Possibility or card rolls; a Possibility
("if_failed", the default) is spent only when the roll so far fails, cards the same, "always"
spends regardless.

Nothing here changes the sheet: what the roll used is reported in ``detail`` for the system's
`after_check` to take off it (``possibilities_spent``, ``cards_played`` by card id, ``up_used``
and ``stymie_used`` for the round's marks) along with ``action``, the approved-action type.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.systems.torg.actions import Attempt, attempt
from gmconsole.systems.torg.cards import stand_in_deck
from gmconsole.systems.torg.check_words import TestSpec, read_test
from gmconsole.systems.torg.dice import TorgRoll
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.interaction import INTERACTIONS, interaction_result
from gmconsole.systems.torg.odds import chance_of_success
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.totals import Modifier as TotalModifier
from gmconsole.systems.torg.totals import effect_total, format_rp


def _target(request: CheckRequest, spec: TestSpec) -> int | None:
    """The difficulty (or opposing total), raised by the combat options (concealment...)."""
    target = request.difficulty if request.difficulty is not None else request.opponent_total
    return None if target is None else target + spec.difficulty


def _floor(spec: TestSpec) -> int | None:
    floors = [f for f in (spec.extra.get("bonus_floor"), spec.bonus_floor) if f is not None]
    if spec.extra.get("active_defence"):
        floors.append(1)
    return max(floors) if floors else None


def _modifiers(request: CheckRequest, spec: TestSpec) -> list[TotalModifier]:
    mods = [TotalModifier("modifiers", request.modifiers)] if request.modifiers else []
    return mods + spec.modifiers


def run_check(
    sheet: TorgSheet,
    request: CheckRequest,
    rng: random.Random,
    dice: Sequence[int] | None = None,
    who: str | None = None,
) -> CheckResult:
    spec = read_test(sheet, request)
    if dice and spec.dice:
        raise TorgError("dice typed twice: in the test's words and in the dice box")
    extra = spec.extra
    typed = list(dice or spec.dice or [])
    use = "active_defence" if extra.get("active_defence") else extra.get("use")
    first = attempt(
        sheet,
        spec.skill,
        difficulty=_target(request, spec),
        modifiers=_modifiers(request, spec),
        bonus_floor=_floor(spec),
        up=bool(extra.get("up")),
        stymied=bool(extra.get("stymied")),
        use=use,
        item=extra.get("item") or None,
        scope=extra.get("scope"),
        dice=typed or None,
        rng=None if typed else rng,
    )
    att, spent, played = _extra_rolls(first, extra, typed, rng, sheet)
    return _result(sheet, att, spec, spent, played, who)


def _used(roll: TorgRoll) -> int:
    return len(roll.faces)


def _cards(sheet: TorgSheet, wanted: Sequence[Any]) -> list[tuple[str, int]]:
    """(kind, card id) for each hero/drama card asked for, from the pool first, then the hand."""
    deck, held = stand_in_deck(), sheet.held.model_copy(deep=True)
    out = []
    for want in wanted:
        card = held.find(str(want), deck)
        kind = deck.card(card).play
        if kind not in ("hero", "drama"):
            raise TorgError(f"only hero and drama cards give extra rolls, not {deck.card(card).label()}")
        held.discard([card], None)
        out.append((kind, card))
    return out


def _extra_rolls(
    att: Attempt, extra: dict[str, Any], typed: list[int], rng: random.Random, sheet: TorgSheet
) -> tuple[Attempt, int, list[int]]:
    spent, played = 0, []
    plan: list[tuple[str, str, int | None]] = []
    poss = extra.get("possibility", False)
    if poss:
        plan.append(("possibility", "always" if poss == "always" else "if_failed", None))
    plan += [(kind, "if_failed", card) for kind, card in _cards(sheet, extra.get("cards", ()))]
    for source, when, card in plan:
        if when == "if_failed" and (att.action.success or att.action.success is None):
            continue
        if source == "possibility":
            if not sheet.connected:
                raise TorgError(f"{sheet.name} is disconnected: no Possibilities until reconnected")
            if sheet.possibilities.count < 1:
                raise TorgError(f"{sheet.name} has no Possibility to spend")
            spent += 1
        else:
            assert card is not None
            played.append(card)
        left = typed[_used(att.roll) :] if typed else None
        att = att.with_extra_roll(source, dice=left, rng=None if typed else rng)
    if typed and _used(att.roll) < len(typed):
        raise TorgError(
            f"{len(typed) - _used(att.roll)} typed dice were not used: {typed[_used(att.roll) :]}"
        )
    return att, spent, played


def _result(
    sheet: TorgSheet,
    att: Attempt,
    spec: TestSpec,
    spent: int,
    played: list[int],
    who: str | None,
) -> CheckResult:
    roll, total, extra = att.roll, att.action, spec.extra
    dice = tuple(
        Die(20, s.face, note=s.note or ("" if s.source == "roll" else s.source)) for s in roll.steps if s.face
    )
    name = att.skill.replace("_", " ")
    # The action value is in the label ("melee weapons 13"), not among the modifiers: the log
    # line prints modifiers signed, and "+13 melee weapons" read like a +13 bonus.
    mods = [Modifier(f"bonus (die roll {roll.final})", total.bonus)]
    mods += [Modifier(m.label, m.value) for m in total.modifiers]
    outcome = total.outcome()
    if total.failing and extra.get("failing"):
        outcome += " (failing: +1 DN to later tries)"
    lost = [s.note for s in roll.steps if s.face is None]
    cancelled = bool(roll.notes)  # up and stymie cancelled each other: both are used up
    detail: dict[str, Any] = {
        "final_die_roll": roll.final,
        "first_die": roll.first_die,
        "bonus": total.bonus,
        "value": total.value,
        "skilled": att.skilled,
        "possibility_rated": sheet.possibility_rated,
        "possibilities_spent": spent,
        "cards_played": played,
        "lost": lost,
        "up_used": any(s.source == "up" for s in roll.steps) or cancelled,
        "stymie_used": any("stymie" in note for note in lost) or cancelled,
        "action": spec.action,
    }
    if total.result_points is not None:
        detail["result_points"] = format_rp(total.result_points)
        detail["level"] = total.level
        if att.skill in INTERACTIONS:  # intimidate, test, taunt, trick, maneuver: table T9
            result = interaction_result(att.skill, total.result_points)
            if result is not None:
                word = "player's call" if result.key == "players_call" else result.key.replace("_", " / ")
                outcome += f"; target: {word}"
                detail["interaction"] = {"result": result.key, "text": result.text}
    effect = [m for m in total.modifiers if m.to_effect] + list(spec.effect_modifiers)
    if effect:
        detail["effect_modifier"] = sum(m.value for m in effect)
        detail["effect_modifiers"] = [f"{m.label} {m.value:+d}" for m in effect]
    if spec.ammunition:
        detail["ammunition"] = spec.ammunition
        outcome += f"; uses {spec.ammunition} round(s) of ammunition"
    if "effect_value" in extra:
        eff = effect_total(
            int(extra["effect_value"]),
            total,
            difficulty=extra.get("effect_difficulty"),
            modifiers=spec.effect_modifiers,
        )
        detail["effect_total"] = eff.total
        if total.success is not False:
            outcome += f"; effect total {eff.total}"
        if eff.margin is not None:
            detail["effect_result_points"] = eff.margin
    label = f"{who or sheet.name}: {name} {total.value}" + ("" if att.skilled else " (unskilled)")
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
    """The exact chance for the same test `run_check` would roll (hero and drama cards left
    out: whether they will be played is the player's call after seeing the roll)."""
    spec = read_test(sheet, request)
    extra = spec.extra
    target = _target(request, spec)
    if target is None:
        return None
    use = "active_defence" if extra.get("active_defence") else extra.get("use")
    value, skilled = sheet.action_value(
        spec.skill, use=use, item=extra.get("item") or None, scope=extra.get("scope")
    )
    poss = bool(extra.get("possibility")) and sheet.possibilities.count > 0
    chance = chance_of_success(
        value,
        target,
        possibility_rated=sheet.possibility_rated,
        skilled=skilled,
        modifiers=request.modifiers + sum(m.value for m in spec.modifiers),
        bonus_floor=_floor(spec),
        up=bool(extra.get("up")),
        stymied=bool(extra.get("stymied")),
        possibility=poss,
    )
    bars = tuple((level, p) for level, p in chance.levels)
    return Odds(success=chance.success, note=chance.note, bars=(("failure", 1 - chance.success), *bars))
