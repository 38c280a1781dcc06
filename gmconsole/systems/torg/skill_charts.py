"""Skill charts (climbing, tracking, stealth, find...) and the armour and weapon lists."""

from __future__ import annotations

from functools import cache
from typing import Any

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load, lookup


@cache
def _charts() -> dict[str, dict[str, Any]]:
    return dict(load("skill_charts")["charts"])


def chart_names() -> list[str]:
    return sorted(_charts())


def chart_difficulty(chart: str, situation: str, *modifiers: str) -> int:
    """A chart's DN for a situation plus any of its modifiers (tracking: trail + a few days
    old = 13)."""
    c = lookup(_charts(), chart, "skill chart", "skill_charts")
    if "dn" not in c:
        raise TorgError(f"the {chart} chart has only modifiers")
    dn = int(lookup(c["dn"], situation, f"{chart} situation", "skill_charts"))
    return dn + chart_modifier(chart, *modifiers)


def chart_modifier(chart: str, *modifiers: str) -> int:
    c = lookup(_charts(), chart, "skill chart", "skill_charts")
    table = c.get("modifiers", {})
    return sum(int(lookup(table, m, f"{chart} modifier", "skill_charts")) for m in modifiers)


def chart_result(chart: str, level: str | None) -> str:
    """What a success level means on a chart that lists results; "failure" on a miss."""
    if level is None:
        return "failure"
    c = lookup(_charts(), chart, "skill chart", "skill_charts")
    return str(lookup(c.get("results", {}), level, f"{chart} result", "skill_charts"))


@cache
def _equipment() -> dict[str, Any]:
    return load("equipment").body


def armour(name: str) -> dict[str, Any]:
    tech, add, top, fatigue, price = lookup(_equipment()["armour"], name, "armour", "equipment")
    return {"tech": tech, "add": add, "max": top, "fatigue_penalty": fatigue, "price": price}


def armour_add(
    location: str, *, torso: int | None = None, helmet: int | None = None, limbs: bool = False
) -> int:
    """The armour add against a hit at `location` ("head", "torso", "limbs"): the torso armour's
    add everywhere, +1 with armoured limbs, +1 with a helmet as good; a helmet alone protects
    only the head (Kevlar helmet 5 on the head; with a Kevlar vest 6 everywhere, L6312)."""
    if location not in ("head", "torso", "limbs"):
        raise TorgError(f"a hit lands on the 'head', 'torso' or 'limbs', not '{location}'")
    if torso is None:
        return helmet if (location == "head" and helmet) else 0
    return torso + int(limbs) + int(helmet is not None and helmet >= torso)


def stealth_unseen(stealth_total: int, watcher_total: int, *conditions: str) -> bool:
    """Stealth against a watcher: the stealth total must reach the watcher's PER or find total
    adjusted by the stealth chart's conditions (daylight +3, crowd -2...)."""
    return stealth_total >= watcher_total + chart_modifier("stealth", *conditions)


def weapon(name: str) -> dict[str, Any]:
    """A melee or missile weapon: adds and maximum, or a fixed damage value."""
    eq = _equipment()
    if name in eq["melee"]:
        tech, add, top, price = eq["melee"][name]
        return {"tech": tech, "adds": add, "max": top, "price": price}
    tech, add, top, fixed, short, medium, long_, price = lookup(eq["missile"], name, "weapon", "equipment")
    base = {"tech": tech, "ranges": (short, medium, long_), "price": price}
    return {**base, "damage": top} if fixed else {**base, "adds": add, "max": top}
