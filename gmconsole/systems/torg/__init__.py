"""Torg (1st edition, West End Games 1990/92): the open-ended d20, the bonus chart, result
points, the Combat Results Table, Possibilities and the drama deck.

The public names below are what other code and tests rely on. Importing this package loads no
data file and no rules module: each name is imported on first use (PEP 562), and each table is
read from `data/*.toml` the first time it is needed, so opening a Torg campaign pays only for
the rules its first screen uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.lazy import lazy_exports

if TYPE_CHECKING:
    from gmconsole.systems.torg.bonus import bonus
    from gmconsole.systems.torg.combat import CombatResult, combat_result
    from gmconsole.systems.torg.damage import DamageState
    from gmconsole.systems.torg.dice import final_die_roll
    from gmconsole.systems.torg.totals import success_level
    from gmconsole.systems.torg.values import measure_to_value, value_to_measure

_HOMES = {
    "CombatResult": "combat",
    "DamageState": "damage",
    "bonus": "bonus",
    "combat_result": "combat",
    "final_die_roll": "dice",
    "measure_to_value": "values",
    "success_level": "totals",
    "value_to_measure": "values",
}
"""Public name -> the module (in this package) that defines it."""

__all__ = [
    "CombatResult",
    "DamageState",
    "bonus",
    "combat_result",
    "final_die_roll",
    "measure_to_value",
    "success_level",
    "value_to_measure",
]


__getattr__, __dir__ = lazy_exports(globals(), _HOMES)
