"""Torg (1st edition, West End Games 1990/92): the open-ended d20, the bonus chart, result
points, the Combat Results Table, Possibilities and the drama deck.

The public names below are what other code and tests rely on. Importing this package loads no
data file: each table is read from `data/*.toml` the first time it is needed.
"""

from gmconsole.systems.torg.bonus import bonus
from gmconsole.systems.torg.combat import CombatResult, combat_result
from gmconsole.systems.torg.damage import DamageState
from gmconsole.systems.torg.dice import final_die_roll
from gmconsole.systems.torg.totals import success_level
from gmconsole.systems.torg.values import measure_to_value, value_to_measure

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
