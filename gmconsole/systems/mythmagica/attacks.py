"""Attacks: the roll of each attack mode, the threshold it meets on the target's sheet, and the
Damage or Setback of a hit.

Attack modes (the `mode` switch): an ordinary attack uses the weapon's Attack Bonus against
Defense (Stability for entrapment weapons); grab, scuffle and shove roll Level + VG + 4, restrain
and tail-whip Level + VG, all against Stability; a touch rolls Level + AC + Tempo against
Defense; a spell rolls rank + AC + 4 against Defense with the Gap. Against missiles (range
weapons and spells) the target's Parry does not count, and beyond 10 ft the Gap adds 4.

Rulings: margin damage is Internal Damage, so none against a target without organs or 3+ sizes
larger than the attacker's weapon; Ward, then natural-20 doubling, then resistance (halves round
down, at least 1 when any harm got through).
"""

from __future__ import annotations

from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult, Modifier
from gmconsole.engine.errors import RulesError
from gmconsole.systems.base import DamageOffer, Opposition
from gmconsole.systems.mythmagica import procedures, rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet, Weapon

MODES = ("attack", "grab", "restrain", "scuffle", "shove", "tail-whip", "touch", "spell")
RANGES = ("close", "short", "far")
GAP = 4
STABILITY_MODES = frozenset({"grab", "restrain", "scuffle", "shove", "tail-whip"})


def _weapon(sheet: MythmagicaSheet, name: str, who: str) -> Weapon:
    w = sheet.weapon(name)
    if w is None:
        has = ", ".join(x.name for x in sheet.weapons) or "none"
        raise RulesError(f"{who} has no weapon {name!r} (has: {has})")
    return w


def attack_parts(
    sheet: MythmagicaSheet, name: str, extra: dict[str, Any], who: str
) -> tuple[str, list[Modifier], list[str]]:
    w = _weapon(sheet, name, who)
    mode = extra.get("mode", "attack") or "attack"
    d = sheet.derived
    if mode in ("grab", "scuffle", "shove"):
        return (
            f"{w.name} {mode}",
            [Modifier("Level", sheet.lvl), Modifier("VG", d["VG"]), Modifier("tempo", 4)],
            ["VG"],
        )
    if mode in ("restrain", "tail-whip"):
        return f"{w.name} {mode}", [Modifier("Level", sheet.lvl), Modifier("VG", d["VG"])], ["VG"]
    if mode == "touch":
        return (
            f"{w.name} touch",
            [Modifier("Level", sheet.lvl), Modifier("AC", d["AC"]), Modifier("tempo", w.tempo)],
            ["AC"],
        )
    if mode == "spell":
        raise RulesError("a spell attack is a test of the spell: check WHO skill:SPELL mode=spell")
    attr = "AC" if w.kind == "range" else "VG"
    second = extra.get("dual")
    if second:
        w2 = _weapon(sheet, str(second), who)
        bonus = procedures.dual_attack_bonus(sheet.attack_bonus(w), sheet.attack_bonus(w2), w2.name == w.name)
        return f"{w.name} and {w2.name} attack", [Modifier("dual attack bonus", bonus)], [attr]
    return f"{w.name} attack", [Modifier("attack bonus", sheet.attack_bonus(w))], [attr]


def _missile(sheet: MythmagicaSheet, request: CheckRequest) -> bool:
    if request.extra.get("mode") == "spell":
        return True
    kind, _, arg = request.option.partition(":")
    w = sheet.weapon(arg) if kind == "attack" else None
    return w is not None and w.kind == "range" and request.extra.get("mode", "attack") in ("attack", None)


def entraps(w: Weapon) -> bool:
    return w.damage == 0 and w.setback > 0


def attack_threshold(
    sheet: MythmagicaSheet, request: CheckRequest, target: dict[str, Any]
) -> tuple[int, list[str]]:
    """The target's Defense or Stability for this attack, with Parry dropped and the Gap added
    against missiles."""
    mode = request.extra.get("mode", "attack") or "attack"
    kind, _, arg = request.option.partition(":")
    w = sheet.weapon(arg) if kind == "attack" else None
    if mode in STABILITY_MODES or (w is not None and entraps(w) and mode == "attack"):
        threshold, notes = target["stability"], [f"Stability {target['stability']}"]
    else:
        threshold, notes = target["defense"], [f"Defense {target['defense']}"]
    if _missile(sheet, request):
        threshold -= target["parry"]
        notes.append(f"no Parry vs missiles -{target['parry']}")
        if request.extra.get("range", "short") != "close":
            threshold += GAP
            notes.append(f"Gap beyond 10 ft +{GAP}")
    return threshold, notes


def target_facts(t: MythmagicaSheet) -> dict[str, Any]:
    """What an aimed test needs from the target's sheet (kept in the request's switches, so the
    test's own switches can pick among them)."""
    from gmconsole.systems.mythmagica import conditions

    return {
        "defense": t.defense,
        "stability": t.stability,
        "parry": t.parry,
        "level": t.lvl,
        "IN": t.IN,
        "PC": t.PC,
        "HT": t.HT,
        "against": conditions.edges_against(t.conditions),
        "resist": dict(t.resist or {}),
    }


RESIST_EDGES = {"highly resistant": -1, "highly sensitive": 1}
"""Edges for the attacker when the target is Highly Resistant (the target's Edge) or Highly
Sensitive (its Drawback) to the attack's form."""


def resist_edges(
    sheet: MythmagicaSheet, request: CheckRequest, target: dict[str, Any]
) -> list[tuple[str, int]]:
    kind, _, arg = request.option.partition(":")
    w = sheet.weapon(arg) if kind == "attack" else None
    if w is None or not w.form:
        return []
    levels = {k.strip().lower(): v for k, v in (target.get("resist") or {}).items()}
    level = levels.get(w.form.strip().lower(), "affected")
    return [(f"{level} to {w.form}", RESIST_EDGES[level])] if level in RESIST_EDGES else []


def _resisted(amount: int, t: MythmagicaSheet, form: str | None) -> tuple[int, str]:
    level = t.resistance(form)
    if level == "affected":
        return amount, ""
    scaled = procedures.resist_scale(amount, level)
    return scaled, f" {level} to {form} = {scaled}"


SETBACK_FORMS = {"grab": "Footing", "scuffle": "Footing", "tail-whip": "Footing", "restrain": "Fettering"}
"""The Setback form a special attack mode deals beside its Damage."""
MARGIN_TO_SETBACK = frozenset({"restrain", "tail-whip"})
"""Modes whose margin is extra Setback rather than Internal Damage."""


def offer(
    s: MythmagicaSheet, request: CheckRequest, result: CheckResult, t: MythmagicaSheet
) -> DamageOffer | None:
    """Damage = weapon damage + Strength (if it adds) + Internal (margin) Damage - Ward, at least
    1; Setback = weapon Setback + Craftiness + margin, which Ward does not reduce. A weapon or
    mode with both (a grab's Footing, a restraint's Fettering, a tail-whip) deals both in one
    hit: the Setback comes as the offer's further harm. A natural 20 doubles; resistance
    scales each by its form last."""
    kind, _, arg = request.option.partition(":")
    if kind != "attack" or not result.success or (w := s.weapon(arg)) is None:
        return None
    mode = request.extra.get("mode", "attack") or "attack"
    if mode == "touch":
        return None  # a touch delivers the effect of whatever was touched: the GM's number
    margin = result.margin or 0
    double = 2 if result.detail.get("natural") else 1
    nat = " x2 natural" if double > 1 else ""
    if mode == "shove":
        amount = (max(0, s.derived["VG"]) + margin) * double
        amount, res = _resisted(amount, t, "Footing")
        return DamageOffer(
            amount,
            "setback",
            f"shove: VG + margin {margin}{nat} = {amount}{res}; "
            f"pushed back {procedures.reach_ft(s.size or 'Medium')} ft"
            + ("; knocked Prone" if double > 1 else ""),
        )
    harms: list[tuple[int, str, str]] = []
    if w.damage and not entraps(w):
        harms.append(_damage(s, request, w, t, 0 if mode in MARGIN_TO_SETBACK else margin, double))
    if w.setback or entraps(w) or mode in MARGIN_TO_SETBACK:
        form = SETBACK_FORMS.get(mode, w.form if entraps(w) else None)
        amount = rules.setback(w.setback, s.CR, margin) * double
        amount, res = _resisted(amount, t, form)
        named = f" ({form})" if form and not entraps(w) else ""
        how = f"{w.name} setback{named} {w.setback} + CR + margin {margin}{nat} = {amount}{res}"
        harms.append((amount, "setback", how))
    if not harms:
        return None
    (amount, kind_of, text), *more = harms
    return DamageOffer(
        amount,
        kind_of,
        "; ".join([text, *(m[2] for m in more)]),
        also=tuple((m[0], m[1]) for m in more if m[0] > 0),
    )


def _damage(
    s: MythmagicaSheet, request: CheckRequest, w: Weapon, t: MythmagicaSheet, margin: int, double: int
) -> tuple[int, str, str]:
    """The Damage part of a hit, with the text that shows how it was reached."""
    second = s.weapon(str(request.extra["dual"])) if request.extra.get("dual") else None
    weapon_damage = procedures.dual_damage(w.damage, second.damage) if second else w.damage
    st = s.ST if w.strength and w.kind != "range" else 0
    internal = procedures.internal_damage(
        margin, s.size or "Medium", t.size or "Medium", t.organs is not False
    )
    amount = rules.damage(weapon_damage, st, internal, t.ward) * double
    amount, res = _resisted(amount, t, w.form)
    strength = f" + ST {st}" if st > 0 else ""
    dual = f" (+ half {second.name})" if second else ""
    inner = f"internal {internal}" if internal == margin else f"internal {internal} (margin {margin} blocked)"
    nat = " x2 natural" if double > 1 else ""
    how = f"{w.name} {weapon_damage}{dual}{strength} + {inner} - ward {t.ward}{nat} = {amount}{res}"
    return amount, "damage", how


def opposition(s: MythmagicaSheet, option: str, t: MythmagicaSheet) -> Opposition | None:
    """What a test aimed at `t` meets by default; the target's numbers ride along in the
    request so the test's switches (mode, range, use...) can pick among them."""
    kind, _, arg = option.partition(":")
    facts = target_facts(t)
    if kind == "words":
        note = f"10 + IN + PC = {10 + t.IN + t.PC} (intimidate 10 + 2 x HT = {10 + 2 * t.HT})"
        return Opposition(difficulty=10 + t.IN + t.PC, extra={"target": facts}, note=note)
    if kind == "chase":
        chase = 10 + t.lvl + t.IN
        return Opposition(difficulty=chase, extra={"target": facts}, note=f"10 + Level + IN = {chase}")
    if kind == "skill" and s.ability(arg) is not None:
        aware = 10 + t.lvl + t.PC
        note = f"10 + Level + PC = {aware} (spells: Defense {t.defense}, Stability {t.stability})"
        return Opposition(difficulty=aware, extra={"target": facts}, note=note)
    if kind != "attack" or (w := s.weapon(arg)) is None:
        return None
    edge = "".join(f", {n} +{v} Edge" for n, v in facts["against"])
    if entraps(w):
        return Opposition(
            difficulty=t.stability, extra={"target": facts}, note=f"Stability {t.stability}{edge}"
        )
    if w.kind == "range":
        near = t.defense - t.parry
        note = f"Defense {near} vs missiles, {near + GAP} beyond 10 ft{edge}"
        return Opposition(difficulty=near + GAP, extra={"target": facts}, note=note)
    note = f"Defense {t.defense}, Stability {t.stability}{edge}"
    return Opposition(difficulty=t.defense, extra={"target": facts}, note=note)
