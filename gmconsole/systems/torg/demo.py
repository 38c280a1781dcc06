"""The Torg demo campaign, built through the Session like a GM would build it.

`campaigns/torg-demo/` in the repository is this function's output (a test rebuilds it and
compares), so the demo always matches what the current code writes. It is the campaign
`make run` opens, so it shows off what a Torg GM gets: four possibility-rated Storm Knights
from three cosms with Possibility histories, an Ord ally, a possibility-rated ravagon villain,
edeinos and gospog stat blocks to spawn, a GM table with nested dice, session notes, and a
fight at the start of round 2 with a drama card in effect, shock, a wound, and cards in hands
and pools. Run `python -m gmconsole.systems.torg.demo PATH` to make a fresh copy.

This is a maintainer's tool that drives the store (the layer above the systems); nothing in
the rules imports it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from gmconsole.engine.roster import Character

SEED = 1990

TABLES = """\
schema_version = 1
title = "The Delaware Crossing"
credit = "gmconsole demo campaign (the project's own text)"
licence = "MIT (part of gmconsole)"

[[table]]
name = "Living Land roadside"
dice = "1d6"
columns = ["1d6", "What the Storm Knights meet"]
rows = [
  ["1", "[[1d4+1]] edeinos hunters, stalking downwind"],
  ["2", "A stelae ward hums in the trees: {Stelae signs}"],
  ["3", "Deep mist: sight [[1d6*5]] m, tech tools fail on a first die of 1"],
  ["4", "Refugees from Trenton, [[2d6]] of them, one transformed"],
  ["5", "Gospog of the first planting, [[1d6]] rising from a field"],
  ["6", "A dinosaur ({Jungle beasts}) crashes through the road"],
]

[[table]]
name = "Stelae signs"
kind = "random"
rows = [
  "bark grown into faces",
  "every compass points at it",
  "[[1d3]] dead crows nailed in a ring",
]

[[table]]
name = "Jungle beasts"
columns = ["Weight", "Beast"]
rows = [[3, "a benthe raptor"], [2, "a tree-crusher"], [1, "a sky-serpent, circling"]]
"""

NOTES = {
    "session-5.md": """\
# Session 5: the Delaware Crossing

The Living Land's maelstrom bridge stands over Philadelphia. The Storm Knights are escorting
Dr. Marsh's sample (a stelae shard) to the Delaware Bridge, where Sergeant Ruiz's unit holds the
last Core Earth crossing. Kurst, a ravagon hunting Possibilities for its master, has set an
edeinos war party on the bridge.

The fight is in round 2. Kurst has not shown itself yet (it waits in the girders above).
""",
    "storm-knights.md": """\
# The Storm Knights

- **Quinn Reyes** (Sam): ex-Marine, Core Earth. Owes Ruiz his life.
- **Tolwyn of the Marches** (Kim): Aylish knight, far from home; hates ravagons.
- **Dr. Helena Marsh** (Lee): biologist studying the Living Land's reality.
- **Kaa-Tok** (Jo): an edeinos who heard Keta Kalles' call and turned from Baruk Kaah.

Drama cards are on each sheet (hand and pool) and carry over from scene to scene.
""",
}


def _sheet(
    name: str,
    attributes: dict[str, int],
    skills: dict[str, int],
    *,
    possibilities: list[tuple[int, str]] = (),  # type: ignore[assignment]
    **extra: Any,
) -> dict[str, Any]:
    sheet: dict[str, Any] = {"name": name, "attributes": attributes, "skills": skills, **extra}
    if possibilities:
        sheet["possibilities"] = {"history": [{"delta": d, "reason": r} for d, r in possibilities]}
    return sheet


ROSTER: dict[str, Character] = {
    "quinn": Character(
        name="Quinn Reyes",
        kind="pc",
        player="Sam",
        tags=["core earth", "soldier"],
        notes="Ex-Marine. Tag skill fire combat.",
        sheet=_sheet(
            "Quinn Reyes",
            {"DEX": 11, "STR": 9, "TOU": 10, "PER": 9, "MIN": 8, "CHA": 8, "SPI": 8},
            {
                "fire_combat": 3,
                "dodge": 2,
                "unarmed_combat": 1,
                "land_vehicles": 1,
                "first_aid": 1,
                "heavy_weapons": 1,
                "reality": 1,
            },
            possibilities=[
                (10, "starting"),
                (3, "act 1 award"),
                (-1, "extra roll at the mall"),
                (-1, "buy off"),
            ],
            armour={"name": "kevlar", "add": 5, "max": 22, "fatigue_penalty": True},
            weapons=[{"name": "Beretta 9mm", "skill": "fire_combat", "damage": 15}],
        ),
    ),
    "tolwyn": Character(
        name="Tolwyn of the Marches",
        kind="pc",
        player="Kim",
        tags=["aysle", "knight"],
        notes="Aylish knight. Sworn against ravagons.",
        sheet=_sheet(
            "Tolwyn of the Marches",
            {"DEX": 10, "STR": 11, "TOU": 11, "PER": 8, "MIN": 8, "CHA": 9, "SPI": 10},
            {
                "melee_weapons": 3,
                "dodge": 1,
                "beast_riding": 1,
                "taunt": 1,
                "willpower": 1,
                "reality": 2,
            },
            possibilities=[(10, "starting"), (3, "act 1 award"), (-2, "reality bubble")],
            cosm="aysle",
            armour={"name": "chain mail", "add": 4, "max": 25, "fatigue_penalty": True},
            weapons=[{"name": "broadsword", "skill": "melee_weapons", "adds": 6, "max": 20}],
            specializations=[{"skill": "melee_weapons", "type": "sword", "trademark": "Dawnbrand"}],
        ),
    ),
    "helena": Character(
        name="Dr. Helena Marsh",
        kind="pc",
        player="Lee",
        tags=["core earth", "scientist"],
        notes="Biologist; carries the stelae shard.",
        sheet=_sheet(
            "Dr. Helena Marsh",
            {"DEX": 8, "STR": 7, "TOU": 8, "PER": 11, "MIN": 12, "CHA": 9, "SPI": 9},
            {
                "medicine": 3,
                "first_aid": 2,
                "science": 2,
                "evidence_analysis": 2,
                "scholar": 1,
                "find": 1,
                "trick": 1,
                "test": 1,
                "reality": 1,
            },
            possibilities=[(10, "starting"), (3, "act 1 award"), (1, "subplot: personal stake")],
        ),
    ),
    "kaatok": Character(
        name="Kaa-Tok",
        kind="pc",
        player="Jo",
        tags=["living land", "edeinos"],
        notes="Edeinos Storm Knight, follower of Keta Kalles.",
        sheet=_sheet(
            "Kaa-Tok",
            {"DEX": 11, "STR": 12, "TOU": 12, "PER": 8, "MIN": 7, "CHA": 7, "SPI": 11},
            {
                "melee_weapons": 2,
                "dodge": 1,
                "tracking": 2,
                "survival": 2,
                "stealth": 1,
                "intimidation": 2,
                "faith": 2,
                "focus": 1,
                "reality": 1,
            },
            possibilities=[(10, "starting"), (2, "act 1 award"), (-1, "counter Kurst's Possibility")],
            cosm="living_land",
            weapons=[{"name": "hrockt spear", "skill": "melee_weapons", "adds": 3, "max": 18}],
        ),
    ),
    "ruiz": Character(
        name="Sergeant Ruiz",
        kind="npc",
        side="pcs",
        tags=["core earth", "ord", "ally"],
        notes="Holds the bridge with what is left of his platoon. An Ord: no Possibilities.",
        sheet=_sheet(
            "Sergeant Ruiz",
            {"DEX": 9, "STR": 9, "TOU": 9, "PER": 8, "MIN": 8, "CHA": 8, "SPI": 8},
            {"fire_combat": 2, "dodge": 1, "land_vehicles": 1, "first_aid": 1},
            kind="npc",
            weapons=[{"name": "M16", "skill": "fire_combat", "damage": 17}],
        ),
    ),
    "kurst": Character(
        name="Kurst the Ravagon",
        kind="npc",
        tags=["ravagon", "villain"],
        notes="Hunts Possibilities for its master. Flies; attacks from above.",
        sheet=_sheet(
            "Kurst the Ravagon",
            {"DEX": 9, "STR": 14, "TOU": 10, "PER": 10, "MIN": 8, "CHA": 8, "SPI": 8},
            {
                "flight": 6,
                "maneuver": 6,
                "stealth": 3,
                "unarmed_combat": 2,
                "find": 2,
                "language": 1,
                "tracking": 1,
                "trick": 2,
                "test": 1,
                "taunt": 1,
                "intimidation": 3,
                "reality": 2,
            },
            possibilities=[(8, "drained from Philadelphia"), (-1, "counter")],
            kind="npc",
            side="villain",
            cosm="orrorsh",
            parenthetical={"test": 12, "taunt": 12},
            weapons=[{"name": "talons", "skill": "unarmed_combat", "damage": 16}],
        ),
    ),
    "edeinos": Character(
        name="Edeinos",
        kind="creature",
        template=True,
        tags=["living land", "edeinos"],
        notes="Lizard warriors of Baruk Kaah. Ords.",
        sheet=_sheet(
            "Edeinos",
            {"DEX": 11, "STR": 11, "TOU": 11, "PER": 8, "MIN": 7, "CHA": 7, "SPI": 10},
            {"melee_weapons": 2, "dodge": 1, "stealth": 2, "tracking": 2, "intimidation": 1},
            kind="npc",
            side="villain",
            cosm="living_land",
            weapons=[{"name": "hrockt spear", "skill": "melee_weapons", "adds": 3, "max": 18}],
        ),
    ),
    "gospog": Character(
        name="Gospog (first planting)",
        kind="creature",
        template=True,
        tags=["gospog"],
        notes="Grown from corpses in a gospog field; defence value 10.",
        sheet=_sheet(
            "Gospog",
            {"DEX": 8, "STR": 8, "TOU": 8, "PER": 7, "MIN": 7, "CHA": 7, "SPI": 7},
            {"energy_weapons": 1, "fire_combat": 1, "climbing": 1, "find": 3, "tracking": 1, "willpower": 3},
            kind="npc",
            side="villain",
            armour={"name": "natural armour", "add": 2, "max": 10},
        ),
    ),
}

FIGHT = (
    "encounter Ambush at the Delaware Bridge",
    "add quinn",
    "add tolwyn",
    "add helena",
    "add kaatok",
    "add ruiz",
    "add 3 edeinos",
    "start",
    # round 1: the card gives the villains initiative, stymied
    "check edeinos 2 melee dmg 14 dice 13 vs 13",
    "dmg tolwyn 20",
    "next",
    "check edeinos 3 melee dmg 14 dice 6 vs 13",
    "next",
    "check edeinos 1 melee dmg 14 dice 17 vs 13",
    "dmg kaatok 22",
    "buyoff kaatok k",
    "next",
    "pool quinn coup de grace",
    "check quinn fire dmg 15 dice 16 vs 12",
    "dmg edeinos 1 21",
    "next",
    "pool kaatok drama",
    "check kaatok melee dmg 15 dice 15 vs 13",
    "next",
    "pool tolwyn action",
    "play tolwyn action",
    "check tolwyn melee dmg 17 dice 8 vs 13",
    "next",
    "check ruiz fire dmg 17 dice 11 vs 12",
    "next",
    "pool helena willpower",
    "check helena test dice 12 vs 9",
    "next",
)
"""Round 1 as a GM types it (the flip deals the players their cards; attacks are the card's
approved actions, so each hit draws a card), then on to round 2. Dice are typed, as at a table
with physical dice, so only the deck's shuffle comes from the seed."""


def build_torg_demo(path: Path) -> Path:
    """Create the demo campaign at `path` (which must not hold a campaign yet)."""
    from gmconsole.store.files import atomic_write
    from gmconsole.store.session import Session

    with Session.create(path, name="The Delaware Crossing", system_id="torg", rng=random.Random(SEED)) as s:
        for slug, character in ROSTER.items():
            s.save_character(slug, character)
        atomic_write(s.path / "tables" / "delaware-crossing.toml", TABLES)
        for name, text in NOTES.items():
            atomic_write(s.path / "notes" / name, text)
        for line in FIGHT:
            s.execute(line)
    return path


if __name__ == "__main__":  # pragma: no cover - a maintainer's convenience
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("campaigns/torg-demo")
    print(build_torg_demo(target))
