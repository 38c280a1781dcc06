"""`gen npc RACE [ARCHETYPE] [as NAME]` and `gen creature ...`: quick NPCs at the table.

The book ships racial templates only; the archetype half (thug, guard, scholar...) comes from
the project's stand-in `npc_archetypes.toml` (see `npcs.quick_npc`). `npc` makes one named
character; `creature` makes a template the GM spawns copies of with `add N NAME`.

The system declares `GENERATORS` when it is imported, so the templates and the point-buy rules
behind them (`npcs`, `templates`, `creation`) are imported by `generate`, on the first `gen`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gmconsole.systems.base import Generated, Generator
from gmconsole.systems.myriad.errors import MyriadError

GENERATORS = (
    Generator(
        "npc",
        "Quick NPC",
        "RACE [ARCHETYPE] [as NAME]",
        "A named NPC from a racial template plus an archetype (gen npc ogre brute as Grell).",
    ),
    Generator(
        "creature",
        "Quick creature template",
        "RACE [ARCHETYPE] [as NAME]",
        "A template to spawn copies of with `add N NAME` (gen creature dwarf guard).",
    ),
    Generator(
        "random",
        "Random character",
        "[mundane|heroic|godlike] [points] [as NAME]",
        "Random generation by power level: stat dice, 7 d100 skills, SFX, boons and flaws "
        "(points: the d3/d5 points-average dice).",
    ),
    Generator(
        "vehicle",
        "Vehicle",
        "TYPE WOUNDS CRITICAL [as NAME]",
        "A vehicle from the book's list (horse, motorbike, sports_car...): its Speed, "
        "Manoeuvre, velocity class and armour; the wound and critical boxes the book lost "
        "are the GM's to enter.",
    ),
)


def generate(key: str, args: Sequence[str], rng: random.Random) -> Generated:
    """Build the sheet for `gen KEY ARGS` (the session files it in the roster)."""
    from gmconsole.systems.myriad.npcs import archetype_ids, quick_npc
    from gmconsole.systems.myriad.templates import races

    if key not in {g.key for g in GENERATORS}:
        raise MyriadError(f"no Myriad generator {key!r} (npc, creature, random, vehicle)")
    if key == "vehicle":
        from gmconsole.systems.myriad.vehicles import vehicle_sheet

        sheet = vehicle_sheet(args)
        return Generated(name=sheet.name, kind="npc", sheet=sheet)
    if key == "random":
        from gmconsole.systems.myriad.random_build import random_character

        sheet = random_character(args, rng)
        return Generated(name=sheet.name, kind="npc", sheet=sheet)
    if not 1 <= len(args) <= 2:
        raise MyriadError(f"usage: gen {key} RACE [ARCHETYPE] [as NAME]")
    race_id = args[0].lower().replace("-", "_")
    if race_id not in races():
        raise MyriadError(f"unknown race {args[0]!r} (known: {', '.join(races())})")
    archetype = args[1].lower() if len(args) == 2 else None
    if archetype is not None and archetype not in archetype_ids():
        raise MyriadError(f"unknown archetype {args[1]!r} (known: {', '.join(archetype_ids())})")
    sheet = quick_npc(race_id, archetype)
    if key == "creature":
        return Generated(name=sheet.name or race_id, kind="creature", sheet=sheet, template=True)
    return Generated(name=sheet.name or race_id, kind="npc", sheet=sheet)
