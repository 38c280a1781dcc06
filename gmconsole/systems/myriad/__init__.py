"""Myriad (Ashok Desai, Sane Studios; CC BY 2.0 UK): d6 pools that keep the highest die.

The public rules API other code and tests rely on. Everything else lives in the modules named for
what they hold (ability, burning, odds, conflict, effects, resilience, healing, extended,
advancement, sheet, creation, templates, npcs); the plug-in class is ``system.MyriadSystem``.

Importing this package imports no rules module: each name below is imported on first use
(PEP 562), so opening a Myriad campaign (which imports ``system`` and so this package first)
does not pay for the odds tables or anything else its first screen does not use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.systems.lazy import lazy_exports

if TYPE_CHECKING:
    from gmconsole.systems.myriad.ability import ability_test, target_number
    from gmconsole.systems.myriad.advancement import level_for_xp
    from gmconsole.systems.myriad.conflict import damage_dealt, initiative_total
    from gmconsole.systems.myriad.odds import success_chance
    from gmconsole.systems.myriad.resilience import Resilience

_HOMES = {
    "Resilience": "resilience",
    "ability_test": "ability",
    "damage_dealt": "conflict",
    "initiative_total": "conflict",
    "level_for_xp": "advancement",
    "success_chance": "odds",
    "target_number": "ability",
}
"""Public name -> the module (in this package) that defines it."""

__all__ = [
    "Resilience",
    "ability_test",
    "damage_dealt",
    "initiative_total",
    "level_for_xp",
    "success_chance",
    "target_number",
]


__getattr__, __dir__ = lazy_exports(globals(), _HOMES)
