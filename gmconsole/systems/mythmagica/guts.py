"""Guts spent after the roll: a player sees a miss and buys a bare success for threshold + 1 -
total (`guts WHO`), or a defender buys the foe's hit down to a bare failure for margin + 1
(`guts WHO against FOE`). Naturals cannot be bought.

Each test in a fight is remembered in the encounter's state (by the tester's combatant id) so
the price is known after the roll; buying it marks it bought, and the action's detail carries the
new judgement (`rejudge`) for the pending hit.
"""

from __future__ import annotations

from typing import Any

from gmconsole.engine.checks import CheckResult
from gmconsole.engine.errors import RulesError
from gmconsole.systems.base import Scene
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

KEY = "tests"


def remember(scene: Scene, result: CheckResult) -> None:
    """Keep the newest test of the tester for Guts bought after the roll."""
    if scene.encounter is None or scene.combatant is None or result.target is None:
        return
    scene.encounter.state.setdefault(KEY, {})[scene.combatant.id] = {
        "label": result.label,
        "total": result.total,
        "threshold": result.target,
        "success": result.success,
        "natural": bool(result.detail.get("natural")),
        "bought": False,
    }


def _find(scene: Scene, name: str) -> tuple[str, dict[str, Any]]:
    if scene.encounter is None:
        raise RulesError("no fight under way: Guts after the roll buy a test made in the active encounter")
    tests = scene.encounter.state.get(KEY, {})
    try:
        combatant = scene.encounter.find(name)
    except RulesError as exc:  # the encounter names what it could not find
        raise RulesError(str(exc)) from None
    test = tests.get(combatant.id)
    if test is None:
        raise RulesError(f"{combatant.name} has made no test in this fight yet")
    return combatant.name, test


def _fresh(test: dict[str, Any]) -> None:
    if test["natural"]:
        raise RulesError(f"{test['label']} was a natural roll: Guts cannot change it")
    if test["bought"]:
        raise RulesError(f"{test['label']} was already bought with Guts")


def buy(s: MythmagicaSheet, scene: Scene, against: str | None) -> tuple[int, str, dict[str, Any]]:
    """(cost, text, rejudged test) for turning the last test around with Guts."""
    if scene.combatant is None:
        raise RulesError("no fight under way: say how many Guts to spend (guts WHO N)")
    if against is None:
        name, test = _find(scene, scene.combatant.id)
        _fresh(test)
        if test["success"] is True:
            raise RulesError(f"{test['label']} already succeeded: nothing to buy")
        cost = rules.guts_cost(test["total"], test["threshold"])
        outcome, won = "bare success", True
    else:
        name, test = _find(scene, against)
        _fresh(test)
        if test["success"] is not True:
            raise RulesError(f"{test['label']} did not succeed: nothing to buy off")
        cost = test["total"] - test["threshold"] + 1
        outcome, won = "bare failure", False
    test["bought"] = True
    test["success"] = won
    text = f"spends {cost} Guts: {test['label']} ({test['total']} vs {test['threshold']}) becomes a {outcome}"
    who = scene.combatant.id if against is None else scene.encounter.find(against).id
    return cost, text, {"who": who, "success": won, "margin": 1 if won else -1, "by": name}
