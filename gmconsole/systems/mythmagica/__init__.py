"""Mythmagica (Tactic II, Whitson John Kirk III): d20 conflict rolls with edges and drawbacks,
Guts and Glory, HP and FP, popcorn initiative.

The public rules API other code and tests rely on; each name is imported on first use. The
plug-in class is ``system.MythmagicaSystem``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.lazy import lazy_exports

if TYPE_CHECKING:
    from gmconsole.systems.mythmagica.rules import (
        attribute_check_bonus,
        basic_yield,
        boss_swings,
        conflict_result,
        damage,
        derived_attributes,
        derived_yield,
        glory_status,
        guts_cost,
        guts_it,
        kept_die,
        level_for_xp,
        minor_refresh,
        rank_bonus,
        raw_rank,
    )

__all__ = [
    "attribute_check_bonus",
    "basic_yield",
    "boss_swings",
    "conflict_result",
    "damage",
    "derived_attributes",
    "derived_yield",
    "glory_status",
    "guts_cost",
    "guts_it",
    "kept_die",
    "level_for_xp",
    "minor_refresh",
    "rank_bonus",
    "raw_rank",
]

__getattr__, __dir__ = lazy_exports(globals(), {name: "rules" for name in __all__})
