"""Quick NPCs: a racial template plus a stand-in archetype, ready for the roster in one call.

The book builds characters from race + background + career templates (spec §3.8) and ships only
racial templates, so the career half comes from the project's stand-in ``npc_archetypes.toml``.
Statistics add up (ruling A10) and are clamped to the absolute 1-10; resilience lines follow the
Recommended Method (Wounds = Power, Critical = ceil(Power / 2), Resolve = Spirit).
"""

from __future__ import annotations

from typing import Any

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.sheet import STAT_RANGE, BoonFlaw, Gear, MyriadSheet
from gmconsole.systems.myriad.templates import race


def archetype_ids() -> list[str]:
    return [r["id"] for r in data.rows("npc_archetypes", "archetypes")]


def quick_npc(race_id: str, archetype_id: str | None = None, *, name: str | None = None) -> \
        MyriadSheet:
    """An NPC sheet from a race (``races.toml`` or the stand-in human) and an optional archetype."""
    template = race(race_id)
    stats = dict(template.stats)
    skills: dict[str, int] = {}
    gear: list[Gear] = []
    label = template.name
    if archetype_id is not None:
        arch = data.row("npc_archetypes", "archetypes", "id", archetype_id, what="NPC archetype")
        label = f"{template.name} {arch['name']}"
        for stat, bonus in arch["stats"].items():
            stats[stat] = stats.get(stat, 0) + bonus
        skills = dict(arch["skills"])
        gear = _gear(arch)
    low, high = STAT_RANGE
    stats = {k: max(low, min(high, v)) for k, v in stats.items()}
    boons = [BoonFlaw(id=boon, level=level) for boon, level in template.boons_flaws.items()]
    return MyriadSheet(name=name or label, power_level="custom", stats=stats, skills=skills,
                       boons_flaws=boons, gear=gear,
                       notes=f"Quick NPC: {label}. {template.notes}".strip())


def _gear(arch: dict[str, Any]) -> list[Gear]:
    gear: list[Gear] = []
    weapon_id = arch.get("weapon", "unarmed")
    if weapon_id != "unarmed":
        w = data.row("equipment", "weapons", "id", weapon_id, what="weapon")
        gear.append(Gear(name=w["label"], kind="weapon", damage_dice=w["damage_dice"],
                         range=w["range"], edged=w["edged"]))
    armour_id = arch.get("armour", "clothing")
    a = data.row("equipment", "armour", "id", armour_id, what="armour")
    if a["rating"] > 0:
        gear.append(Gear(name=a["label"], kind="armour", armour=a["rating"]))
    return gear
