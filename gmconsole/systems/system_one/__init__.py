"""System One (Paul Clegg, 1992): d100 roll-under checks, declare-low / resolve-high rounds,
hit locations and Life Points.

The public rules API other code and tests rely on; each name is imported on first use. The
plug-in class is ``system.SystemOneSystem``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.lazy import lazy_exports

if TYPE_CHECKING:
    from gmconsole.systems.system_one.rules import (
        aim_bonus,
        attribute_score,
        block_damage,
        called_shot_chance,
        check,
        damage_through,
        death_threshold,
        defence_trade,
        exertion_factors,
        falling_damage,
        healing_days,
        hit_location,
        integrity_loss,
        language_chance,
        life_points,
        location_effects,
        opposed_save,
        points_option_one,
        points_option_two,
        power_points,
        range_band,
        shot_modifier,
        size_modifier,
        skill_cost,
        speed_modifier,
        stabilise_chance,
        success_chance,
        suppressive_fire,
        unskilled_to_hit,
        wake_chance,
        wound_state,
        wound_thresholds,
    )

__all__ = [
    "aim_bonus",
    "attribute_score",
    "block_damage",
    "called_shot_chance",
    "check",
    "damage_through",
    "death_threshold",
    "defence_trade",
    "exertion_factors",
    "falling_damage",
    "healing_days",
    "hit_location",
    "integrity_loss",
    "language_chance",
    "life_points",
    "location_effects",
    "opposed_save",
    "points_option_one",
    "points_option_two",
    "power_points",
    "range_band",
    "shot_modifier",
    "size_modifier",
    "skill_cost",
    "speed_modifier",
    "stabilise_chance",
    "success_chance",
    "suppressive_fire",
    "unskilled_to_hit",
    "wake_chance",
    "wound_state",
    "wound_thresholds",
]

__getattr__, __dir__ = lazy_exports(globals(), {name: "rules" for name in __all__})
