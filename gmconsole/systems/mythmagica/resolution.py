"""A test on a sheet: which adjustments an option adds, the conflict roll with re-rolled ties,
Guts bought on a failure, and the exact chance of success."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

MAX_REROLLS = 50
DEFAULT_THRESHOLD = 10


def option_parts(sheet: MythmagicaSheet, option: str, who: str = "") -> tuple[str, list[Modifier]]:
    """The label and roll adjustments of a check option ("attr:ST", "attr:IN+PC", "avoid:AG",
    "skill:Sneaking", "attack:Longsword", "words")."""
    kind, _, arg = option.partition(":")
    name = who or "this character"
    if kind == "attr":
        names = [n for n in arg.replace(" ", "").split("+") if n]
        bonus = rules.attribute_check_bonus(sheet.basics, names)
        label = f"{'+'.join(n.upper() for n in names)} check"
        return label, [Modifier("+".join(n.upper() for n in names) + (" x2" if len(names) == 1
                                and names[0].upper() in rules.BASICS else ""), bonus)]
    if kind == "avoid":
        names = [n for n in arg.replace(" ", "").split("+") if n]
        if not names:
            raise RulesError("an avoidance roll names an attribute (avoid:AG)")
        mods = [Modifier("Level", sheet.lvl)] + [Modifier(n.upper(), _attr(sheet, n)) for n in names]
        return f"{'+'.join(n.upper() for n in names)} avoidance", mods
    if kind == "skill":
        ab = sheet.ability(arg)
        if ab is None:
            has = ", ".join(a.name for a in sheet.abilities) or "none"
            raise RulesError(f"{name} has no skill {arg!r} (has: {has})")
        mods = [Modifier("rank", ab.rank)] + [Modifier(a.upper(), _attr(sheet, a)) for a in ab.attrs]
        return ab.name, mods
    if kind == "attack":
        w = sheet.weapon(arg)
        if w is None:
            has = ", ".join(x.name for x in sheet.weapons) or "none"
            raise RulesError(f"{name} has no weapon {arg!r} (has: {has})")
        return f"{w.name} attack", [Modifier("attack bonus", sheet.attack_bonus(w))]
    if kind == "words":
        return "Bandying words", [Modifier("CH", sheet.derived["CH"])]
    raise RulesError(f"unknown test {option!r} (use attr:, avoid:, skill:, attack: or words)")


def _attr(sheet: MythmagicaSheet, key: str) -> int:
    key = key.upper()
    if key in rules.BASICS:
        return sheet.basics[key]
    if key in rules.DERIVED_NAMES:
        return sheet.derived[key]
    raise RulesError(f"unknown attribute {key!r}")


def threshold_of(request: CheckRequest) -> int:
    if request.opponent_total is not None:
        return request.opponent_total
    return DEFAULT_THRESHOLD if request.difficulty is None else request.difficulty


def net_edges(extra: dict[str, Any]) -> int:
    try:
        return int(extra.get("edges", 0) or 0)
    except (TypeError, ValueError) as exc:
        raise RulesError(f"edges must be a whole number, got {extra.get('edges')!r}") from exc


def run_check(sheet: MythmagicaSheet, request: CheckRequest, rng: random.Random,
              dice: Sequence[int] | None = None, who: str | None = None) -> CheckResult:
    label, mods = option_parts(sheet, request.option, who or "")
    if request.modifiers:
        mods.append(Modifier("modifier", request.modifiers))
    adjust = sum(m.value for m in mods)
    threshold = threshold_of(request)
    net = net_edges(request.extra)
    typed = list(dice or [])
    faces: list[Die] = []
    for _ in range(MAX_REROLLS):
        roll = [typed.pop(0) if typed else rng.randint(1, 20) for _ in range(rules.dice_count(net))]
        kept = rules.kept_die(roll, net)
        res = rules.conflict_result(kept, adjust, threshold)
        index = roll.index(kept)
        tie = res.success is None
        faces.extend(Die(20, f, kept=(i == index and not tie), note="tie, rerolled" if tie else "")
                     for i, f in enumerate(roll))
        if not tie:
            break
        if request.extra.get("guts") and sheet.named and sheet.guts_spent + 1 <= rules.GUTS_MAX:
            break
    detail: dict[str, Any] = {"edges": net, "kept": kept, "natural": res.natural}
    success, margin, outcome = res.success, res.margin, res.tier
    if success is not True and not res.natural and request.extra.get("guts"):
        cost = rules.guts_cost(res.total, threshold)
        if not sheet.named:
            detail["guts_refused"] = "only named characters have Guts"
        elif sheet.guts_spent + cost <= rules.GUTS_MAX:
            success, margin, outcome = True, 1, "bare success"
            detail["guts"] = cost
        else:
            detail["guts_refused"] = f"needs {cost} Guts, only {rules.GUTS_MAX - sheet.guts_spent} left"
    if res.natural:
        outcome = f"natural {kept}: {outcome}"
    if "guts" in detail:
        outcome += f" (bought with {detail['guts']} Guts)"
    return CheckResult(
        label=f"{who}: {label}" if who else label, dice=tuple(faces), modifiers=tuple(mods),
        total=res.total, target=threshold, success=success, outcome=outcome, margin=margin,
        who=who, detail=detail,
    )


def kept_distribution(net: int) -> dict[int, Fraction]:
    n = rules.dice_count(net)
    out: dict[int, Fraction] = {}
    for k in range(1, 21):
        if net > 0:
            p = Fraction(k**n - (k - 1) ** n, 20**n)
        elif net < 0:
            p = Fraction((21 - k) ** n - (20 - k) ** n, 20**n)
        else:
            p = Fraction(1, 20)
        out[k] = p
    return out


def check_odds(sheet: MythmagicaSheet, request: CheckRequest) -> Odds:
    """Exact chance of success; ties are re-rolled (or bought for 1 Guts with the switch on)."""
    _, mods = option_parts(sheet, request.option)
    adjust = sum(m.value for m in mods) + request.modifiers
    threshold = threshold_of(request)
    guts = bool(request.extra.get("guts")) and sheet.named
    left = rules.GUTS_MAX - sheet.guts_spent
    win = tie = Fraction(0)
    for k, p in kept_distribution(net_edges(request.extra)).items():
        res = rules.conflict_result(k, adjust, threshold)
        if res.success:
            win += p
        elif res.natural:
            continue
        elif guts and rules.guts_cost(res.total, threshold) <= left:
            win += p
        elif res.success is None:
            tie += p
    chance = win / (1 - tie) if tie < 1 else Fraction(0)
    note = "ties re-rolled" + ("; failures bought with Guts while they last" if guts else "")
    return Odds(success=chance, note=note)
