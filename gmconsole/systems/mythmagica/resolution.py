"""A test on a sheet: which adjustments an option adds, the threshold it meets (from a target's
sheet and the test's switches), the net Edges and Drawbacks, the conflict roll with re-rolled
ties, Guts bought on a failure, and the exact chance of success."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult, Die, Modifier, Odds
from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica import conditions, rules
from gmconsole.systems.mythmagica.attacks import attack_parts, attack_threshold, resist_edges
from gmconsole.systems.mythmagica.booktables import named_rows, table_rows
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

MAX_REROLLS = 50
DEFAULT_THRESHOLD = 10
EXPAND = {
    "AC": ("CR", "PC"),
    "BR": ("TN", "ST"),
    "CH": ("HT", "IN"),
    "GR": ("AG", "CR"),
    "VG": ("ST", "AG"),
    "WS": ("PC", "HT"),
}
WORDS_USES = ("deceive", "intimidate", "mock", "offer", "plead", "pry", "seduce", "stall", "rally")


@dataclass
class Setup:
    """Everything a test adds up before the dice: label, modifiers, threshold and net edges."""

    label: str
    mods: list[Modifier]
    threshold: int
    net: int
    notes: list[str] = field(default_factory=list)
    attrs: list[str] = field(default_factory=list)


def _names(arg: str) -> list[str]:
    return [n for n in arg.replace(" ", "").split("+") if n]


def _attr(sheet: MythmagicaSheet, key: str) -> int:
    key = key.upper()
    if key in rules.BASICS:
        return sheet.basics[key]
    if key in rules.DERIVED_NAMES:
        return sheet.derived[key]
    raise RulesError(f"unknown attribute {key!r}")


def option_parts(
    sheet: MythmagicaSheet, option: str, extra: dict[str, Any], who: str = ""
) -> tuple[str, list[Modifier], list[str]]:
    """The label, roll adjustments and attributes used of a check option ("attr:ST",
    "attr:IN+PC", "avoid:AG", "skill:Sneaking", "attack:Longsword", "words", "chase")."""
    kind, _, arg = option.partition(":")
    name = who or "this character"
    if kind == "attr":
        names = _names(arg)
        bonus = rules.attribute_check_bonus(sheet.basics, names)
        upper = [n.upper() for n in names]
        double = len(names) == 1 and upper[0] in rules.BASICS
        return (
            f"{'+'.join(upper)} check",
            [Modifier("+".join(upper) + (" x2" if double else ""), bonus)],
            upper * (2 if double else 1),
        )
    if kind == "avoid":
        names = _names(arg)
        if not names:
            raise RulesError("an avoidance roll names an attribute (avoid:AG)")
        mods = [Modifier("Level", sheet.lvl)] + [Modifier(n.upper(), _attr(sheet, n)) for n in names]
        return f"{'+'.join(n.upper() for n in names)} avoidance", mods, [n.upper() for n in names]
    if kind == "skill":
        ab = sheet.ability(arg)
        if ab is None:
            has = ", ".join(a.name for a in sheet.abilities) or "none"
            raise RulesError(f"{name} has no skill {arg!r} (has: {has})")
        if extra.get("mode") == "spell":
            d = sheet.derived
            return (
                f"{ab.name} spell attack",
                [Modifier("rank", ab.rank), Modifier("AC", d["AC"]), Modifier("spell", 4)],
                ["AC"],
            )
        mods = [Modifier("rank", ab.rank)] + [Modifier(a.upper(), _attr(sheet, a)) for a in ab.attrs]
        return ab.name, mods, [a.upper() for a in ab.attrs]
    if kind == "attack":
        return attack_parts(sheet, arg, extra, name)
    if kind == "words":
        if extra.get("use", "deceive") == "":
            raise RulesError("Bandying Words is off in this campaign (the bandying_words option)")
        return "Bandying words", [Modifier("CH", sheet.derived["CH"])], ["CH"]
    if kind == "chase":
        mods = [Modifier("Level", sheet.lvl), Modifier("IN", sheet.IN)]
        if extra.get("chase", "evade") == "evade":
            bonus = int(
                named_rows("conflict.toml", "Evasion Terrain Bonus")[str(extra.get("terrain", "easy"))][1]
            )
            if bonus:
                mods.append(Modifier(f"{extra.get('terrain')} terrain", bonus))
            return "Evasion roll", mods, ["IN"]
        return "Pursuit roll", mods, ["IN"]
    raise RulesError(f"unknown test {option!r} (use attr:, avoid:, skill:, attack:, words or chase)")


def _weights(attrs: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for a in attrs:
        for basic in EXPAND.get(a, (a,)):
            out[basic] = out.get(basic, 0) + 1
    return out


def _words_threshold(extra: dict[str, Any], target: dict[str, int]) -> tuple[int, str]:
    use = extra.get("use", "deceive")
    if use == "intimidate":
        return 10 + 2 * target["HT"], "10 + 2 x HT"
    if use == "rally":
        raise RulesError("rallying has no target: test words use=rally vs N (the Rallying Threshold table)")
    return 10 + target["IN"] + target["PC"], "10 + IN + PC"


def setup(sheet: MythmagicaSheet, request: CheckRequest, who: str = "") -> Setup:
    extra = request.extra
    label, mods, attrs = option_parts(sheet, request.option, extra, who)
    held = [*sheet.conditions, *extra.get("conditions", [])]
    penalties = conditions.attribute_penalties(held)
    for attr, count in _weights(attrs).items():
        if attr in penalties:
            mods.append(
                Modifier(
                    f"{'Maimed' if penalties[attr] <= -4 else 'Impaired'} {attr}", penalties[attr] * count
                )
            )
    if request.modifiers:
        mods.append(Modifier("modifier", request.modifiers))
    notes: list[str] = []
    threshold = threshold_of(request)
    target = extra.get("target")
    kind = request.option.partition(":")[0]
    if isinstance(target, dict):
        if kind == "words":
            threshold, how = _words_threshold(extra, target)
            notes.append(f"{extra.get('use', 'deceive')}: {how} = {threshold}")
        elif kind == "chase":
            threshold = 10 + target["level"] + target["IN"]
        elif kind == "attack" or extra.get("mode") == "spell":
            threshold, more = attack_threshold(sheet, request, target)
            notes.extend(more)
    if kind == "attack" or extra.get("mode") == "spell":
        cover = int(extra.get("cover", 0) or 0) + rules_shield(extra.get("shield"))
        if cover:
            threshold += cover
            notes.append(f"cover +{cover}")
    net = edges(extra)
    kinds = conditions.roll_kinds(request.option, attrs)
    for name, value in conditions.own_edges(held, kinds):
        net += value
        notes.append(f"{name} {value:+d}")
    if isinstance(target, dict) and kind == "attack":
        on_sheet = [tuple(x) for x in target.get("against", [])]
        named = {name for name, _ in on_sheet}
        typed = [x for x in conditions.edges_against(extra.get("target_conditions", [])) if x[0] not in named]
        for name, value in [*on_sheet, *typed, *resist_edges(sheet, request, target)]:
            net += value
            notes.append(f"target {name} {value:+d}")
    if kind == "words" and extra.get("use") == "mock":
        net -= 1
        notes.append("mocking -1")
    if kind == "attack" and extra.get("range") == "far":
        net -= 1
        notes.append("far range -1")
    return Setup(label, mods, threshold, net, notes, attrs)


def rules_shield(shield: Any) -> int:
    from gmconsole.systems.mythmagica.procedures import shield_cover

    if not shield or shield == "none":
        return 0
    return shield_cover(str(shield))


def threshold_of(request: CheckRequest) -> int:
    if request.opponent_total is not None:
        return request.opponent_total
    return DEFAULT_THRESHOLD if request.difficulty is None else request.difficulty


def edges(extra: dict[str, Any]) -> int:
    value = extra.get("edges", 0) or 0
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise RulesError(f"edges must be a whole number, got {value!r}")
    from gmconsole.engine.numbers import whole

    return whole(value, "edges", -4, 4)


def guts_limit(sheet: MythmagicaSheet, extra: dict[str, Any]) -> int:
    """The most Guts the tester agreed to spend on a failure before rolling (the `guts` switch;
    yes means as many as needed)."""
    value = extra.get("guts", 0)
    if not sheet.named or sheet.cast == "companion" or not value:
        return 0
    if value is True:
        return rules.GUTS_MAX
    from gmconsole.engine.numbers import whole

    return whole(value, "guts", 0, rules.GUTS_MAX)


def run_check(
    sheet: MythmagicaSheet,
    request: CheckRequest,
    rng: random.Random,
    dice: Sequence[int] | None = None,
    who: str | None = None,
) -> CheckResult:
    st = setup(sheet, request, who or "")
    adjust = sum(m.value for m in st.mods)
    typed = list(dice or [])
    faces: list[Die] = []
    limit = min(guts_limit(sheet, request.extra), rules.GUTS_MAX - sheet.guts_spent)
    for _ in range(MAX_REROLLS):
        roll = [typed.pop(0) if typed else rng.randint(1, 20) for _ in range(rules.dice_count(st.net))]
        kept = rules.kept_die(roll, st.net)
        res = rules.conflict_result(kept, adjust, st.threshold)
        index = roll.index(kept)
        tie = res.success is None
        faces.extend(
            Die(20, f, kept=(i == index and not tie), note="tie, rerolled" if tie else "")
            for i, f in enumerate(roll)
        )
        if not tie or limit >= 1:
            break
    detail: dict[str, Any] = {
        "edges": st.net,
        "kept": kept,
        "natural": res.natural,
        "threshold": st.threshold,
    }
    if st.notes:
        detail["notes"] = st.notes
    success, margin, outcome = res.success, res.margin, res.tier
    if success is not True and not res.natural:
        cost = rules.guts_cost(res.total, st.threshold)
        detail["guts_cost"] = cost
        if limit and cost <= limit:
            success, margin, outcome = True, 1, "bare success"
            detail["guts"] = cost
        elif sheet.named:
            outcome += f" ({cost} Guts would buy a bare success)"
    if res.natural:
        outcome = f"natural {kept}: {outcome}"
    if "guts" in detail:
        outcome += f" (bought with {detail['guts']} Guts)"
    if st.notes:
        outcome += f" [{'; '.join(st.notes)}]"
    if request.option == "words":
        menu = words_menu(str(request.extra.get("use", "deceive")), margin, bool(success))
        if menu:
            detail["menu"] = menu
            outcome += f"; {menu}"
    return CheckResult(
        label=f"{who}: {st.label}" if who else st.label,
        dice=tuple(faces),
        modifiers=tuple(st.mods),
        total=res.total,
        target=st.threshold,
        success=success,
        outcome=outcome,
        margin=margin,
        who=who,
        detail=detail,
    )


def words_menu(use: str, margin: int, success: bool) -> str:
    """What the Bandying Words table says follows this result (who chooses, and the options)."""
    rows = {str(r[0]).split(" ")[0].lower(): r for r in table_rows("conflict.toml", "Bandying Words")}
    row = rows.get(use)
    if row is None:
        return ""
    if not success:
        return f"failure: {row[4]}" if row[4] else ""
    text = row[2] if margin >= 2 or not row[3] else row[3]
    return f"{'success' if use == 'rally' else 'target chooses'}: {text}"


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
    st = setup(sheet, request)
    adjust = sum(m.value for m in st.mods)
    left = min(guts_limit(sheet, request.extra), rules.GUTS_MAX - sheet.guts_spent)
    win = tie = Fraction(0)
    for k, p in kept_distribution(st.net).items():
        res = rules.conflict_result(k, adjust, st.threshold)
        if res.success:
            win += p
        elif res.natural:
            continue
        elif left and rules.guts_cost(res.total, st.threshold) <= left:
            win += p
        elif res.success is None:
            tie += p
    chance = win / (1 - tie) if tie < 1 else Fraction(0)
    note = "ties re-rolled" + (f"; failures bought with up to {left} Guts" if left else "")
    return Odds(success=chance, note=note)
