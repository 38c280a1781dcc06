"""ARM v1.2 (R. E. Bridson, 1993): the logarithmic scale, d6 - d6 tasks, GM-ordered rounds,
wound and shock levels.

The public names below are what other code and tests rely on; each is imported on first use
(PEP 562), so opening an ARM campaign pays only for what its first screen needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.lazy import lazy_exports

if TYPE_CHECKING:
    from gmconsole.systems.arm.condition import Condition, damage_levels
    from gmconsole.systems.arm.scale import convert_log, log_to_measure, measure_to_log, per_round
    from gmconsole.systems.arm.tasks import (
        compound_result,
        group_value,
        helper_bonus,
        result_band,
        success_chance,
    )

_HOMES = {
    "Condition": "condition",
    "damage_levels": "condition",
    "convert_log": "scale",
    "log_to_measure": "scale",
    "measure_to_log": "scale",
    "per_round": "scale",
    "compound_result": "tasks",
    "group_value": "tasks",
    "helper_bonus": "tasks",
    "result_band": "tasks",
    "success_chance": "tasks",
}

__all__ = [
    "Condition",
    "compound_result",
    "convert_log",
    "damage_levels",
    "group_value",
    "helper_bonus",
    "log_to_measure",
    "measure_to_log",
    "per_round",
    "result_band",
    "success_chance",
]
__getattr__, __dir__ = lazy_exports(globals(), _HOMES)
