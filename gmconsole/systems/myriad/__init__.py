"""Myriad (Ashok Desai, Sane Studios; CC BY 2.0 UK): d6 pools that keep the highest die.

The public rules API other code and tests rely on. Everything else lives in the modules named for
what they hold (ability, burning, odds, conflict, effects, resilience, healing, extended,
advancement, sheet, creation, templates, npcs); the plug-in class is ``system.MyriadSystem``.
"""

from gmconsole.systems.myriad.ability import ability_test, target_number
from gmconsole.systems.myriad.advancement import level_for_xp
from gmconsole.systems.myriad.conflict import damage_dealt, initiative_total
from gmconsole.systems.myriad.odds import success_chance
from gmconsole.systems.myriad.resilience import Resilience

__all__ = [
    "Resilience",
    "ability_test",
    "damage_dealt",
    "initiative_total",
    "level_for_xp",
    "success_chance",
    "target_number",
]
