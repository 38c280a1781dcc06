"""The Myriad demo campaign, "The Salt Road": built through a Session the way a GM would build it.

`campaigns/myriad-demo/` in the repository is this module's output (a test rebuilds it and
compares, so the demo always matches what the current code writes). It holds:

- three PCs built with the Recommended Method (16 statistic, 14 skill, 5 SFX, 12 health points
  and 6 GP; each passes `MyriadSystem.build_report`);
- three named NPCs made as quick NPCs from a racial template plus an archetype: an allied
  caravan master, the ogre chieftain and the salt-town elder a social conflict is waiting for;
- a creature template for spawning ("Ogre raider": the book's ogre template + the stand-in brute);
- a random-encounter table for the setting with nested dice and a table reference;
- a scene note, and the ambush at the ford under way: mortal conflict, round 2, wound boxes
  crossed, one raider bleeding from an Artery Strike.

The systems layer never imports the store, so the caller hands in the Session factory:

    python -c "from gmconsole.store import Session; \\
    from gmconsole.systems.myriad.demo import build_myriad_demo as b; \\
    b('campaigns/myriad-demo', Session.create)"
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmconsole.engine.roster import Character
from gmconsole.systems.myriad.burning import catalogue_sfx
from gmconsole.systems.myriad.npcs import quick_npc
from gmconsole.systems.myriad.resilience import resolve_line, wounds_line
from gmconsole.systems.myriad.sheet import BoonFlaw, Gear, MyriadSheet

if TYPE_CHECKING:
    from gmconsole.store.session import Session

NAME = "The Salt Road"
SEED = 1847

TABLES = """\
schema_version = 1
title = "The Salt Road"
credit = "gmconsole Myriad demo campaign (the project's own text)"
licence = "MIT (part of gmconsole)"
note = "Roll when the caravan makes camp or crosses open salt. Conflicts named here are Myriad's."

[[table]]
name = "Salt Road encounters"
dice = "2d6"
columns = ["2d6", "Encounter"]
rows = [
  ["2", "A dead caravan: [[1d6+1]] camels and no drivers; {Salt Road omens}"],
  ["3-4", "[[1d3+1]] Ogre raiders at a ford (mortal conflict)"],
  ["5-6", "Salt-tax collectors demanding [[2d6]] silver (social conflict)"],
  ["7", "A dust storm: Grace/Athletics vs Tricky or lose [[1d3]] hours"],
  ["8-9", "Pilgrims bound for the salt shrine; their guide saw {Salt Road omens}"],
  ["10-11", "Grell's scouts on the dunes, [[1d4]] of them, watching"],
  ["12", "Mother Hesk's runner, with a job and a lie in it"],
]

[[table]]
name = "Salt Road omens"
kind = "random"
rows = [
  "a crow with one salt-white eye",
  "a cracked bell ringing at noon",
  "footprints that stop mid-stride",
  "a song nobody admits to singing",
]
"""

NOTES = """\
# Session 2: the ford at Saltpan

The caravan of Captain Oduya reached the dry ford at Saltpan an hour before dusk. Grell the Red
and his raiders were waiting in the reeds: two ogres came out of the mud while Grell held the
far bank. Kesh's blade opened one raider's arm (Artery Strike: it bleeds at the end of every
round until bandaged); Oduya took a club to the ribs.

Round 2 is under way. If the raiders break, Grell will try to talk his way out (a social
conflict: `set conflict social`), and Mother Hesk in Saltpan wants to know who sold the
caravan's route.
"""

SCENE = [
    "encounter Ambush at Saltpan Ford",
    "add kesh",
    "add ilse",
    "add tamsin",
    "add oduya pcs",
    "add grell",
    "add 2 ogre raider",
    # round 1: Kesh 7, Ilse 7, Tamsin 9, Oduya 5, Grell 8, raiders 5 and 7
    "start 3 4 4 2 6 4 6",
    "dmg ogre raider 1 1",
    "next",
    "dmg kesh 2",
    "next",
    "dmg ogre raider 2 2",
    "cond ogre raider 2 bleeding",
    "dmg oduya 2",
    "next",
    "dmg ogre raider 1 1",
    # round 2: the bleeding raider rolls at the round's end; Kesh 9, Ilse 5, Tamsin 8,
    # Oduya 4, Grell 6, raiders 3 and 4
    "next 5 2 3 1 4 2 3",
    "dmg grell 2",
    "next",
]


def _sfx(*ids: str) -> list[Any]:
    return [catalogue_sfx(i) for i in ids]


def party() -> dict[str, Character]:
    """The three PCs, each a legal Recommended Method build."""
    kesh = MyriadSheet(
        name="Kesh Varro",
        stats={"power": 5, "grace": 4, "intellect": 3, "spirit": 4},
        skills={"close_combat": 4, "athletics": 3, "perception": 2, "ride_land_animals": 2,
                "stealth": 2, "persuasion": 1},
        sfx=_sfx("power_strike", "artery_strike", "knockback", "hard_as_nails", "crippling_blow"),
        boons_flaws=[BoonFlaw(id="lucky"), BoonFlaw(id="acute_vision")],
        gear=[Gear(name="Long sword", kind="weapon", damage_dice=4, range="melee", edged=True),
              Gear(name="Chain mail", kind="armour", armour=3)],
        resilience={"wounds": wounds_line(5, extra_boxes=2, extra_critical=3),
                    "resolve": resolve_line(4, extra_boxes=5)},
    )
    ilse = MyriadSheet(
        name="Ilse Marrow",
        stats={"power": 2, "grace": 3, "intellect": 6, "spirit": 5},
        skills={"medic": 4, "academia": 3, "persuasion": 3, "perception": 2, "linguistics": 2},
        sfx=_sfx("witticism", "change_the_subject", "perfect_lie", "scathing_glance",
                 "aura_of_terror"),
        boons_flaws=[BoonFlaw(id="famous"), BoonFlaw(id="ally", level=2)],
        gear=[Gear(name="Knife", kind="weapon", damage_dice=2, range="melee", edged=True),
              Gear(name="Soft leather", kind="armour", armour=1)],
        resilience={"wounds": wounds_line(2, extra_boxes=2, extra_critical=2),
                    "resolve": resolve_line(5, extra_boxes=6)},
    )
    tamsin = MyriadSheet(
        name="Tamsin Reed",
        stats={"power": 3, "grace": 5, "intellect": 4, "spirit": 4},
        skills={"ranged_combat": 4, "stealth": 3, "perception": 3, "athletics": 2,
                "acrobatics": 2},
        sfx=_sfx("hawkeye", "guns_akimbo", "mighty_leap", "superior_throw", "crippling_blow"),
        boons_flaws=[BoonFlaw(id="acute_vision"), BoonFlaw(id="fast"), BoonFlaw(id="night_vision")],
        gear=[Gear(name="Bow", kind="weapon", damage_dice=3, range="medium"),
              Gear(name="Hardened leather", kind="armour", armour=2)],
        resilience={"wounds": wounds_line(3, extra_boxes=2, extra_critical=4),
                    "resolve": resolve_line(4, extra_boxes=4)},
    )
    return {
        "kesh": _pc(kesh, "Sam", "Sellsword; owes Oduya his life and hates owing anyone."),
        "ilse": _pc(ilse, "Kim", "Physician and debater; knows who drew the caravan's map."),
        "tamsin": _pc(tamsin, "Lee", "Scout and archer; grew up on the salt flats."),
    }


def _pc(sheet: MyriadSheet, player: str, notes: str) -> Character:
    return Character(name=sheet.name, kind="pc", player=player, notes=notes,
                     sheet=sheet.model_dump(mode="json", exclude_none=True))


def _npc(race: str, archetype: str, name: str, **fields: Any) -> Character:
    sheet = quick_npc(race, archetype, name=name)
    extra_sfx = fields.pop("sfx", ())
    if extra_sfx:
        sheet = sheet.model_copy(update={"sfx": _sfx(*extra_sfx)})
    return Character(name=name, sheet=sheet.model_dump(mode="json", exclude_none=True), **fields)


def cast() -> dict[str, Character]:
    """Named NPCs and the creature template, all quick NPCs (race template + archetype)."""
    return {
        "oduya": _npc("human", "soldier", "Captain Oduya", kind="npc", side="pcs",
                      tags=["caravan", "ally"], notes="Caravan master; pays on delivery."),
        "grell": _npc("ogre", "soldier", "Grell the Red", kind="npc", tags=["raiders", "boss"],
                      notes="Ogre chieftain; bargains when losing.", sfx=("power_strike",)),
        "hesk": _npc("human", "courtier", "Mother Hesk", kind="npc", side="neutral",
                     tags=["saltpan", "social"],
                     notes="Salt-town elder; sold the route, will deny it (social conflict)."),
        "ogre-raider": _npc("ogre", "brute", "Ogre Raider", kind="creature", template=True,
                            tags=["raiders"], notes="Quick NPC: the book's ogre + the brute."),
    }


def populate(session: Session) -> None:
    """Fill an empty Myriad campaign: roster, table, note, and the encounter under way."""
    for slug, character in {**party(), **cast()}.items():
        session.save_character(slug, character)
    (session.path / "tables" / "salt-road.toml").write_text(TABLES, encoding="utf-8", newline="\n")
    (session.path / "notes" / "session-2.md").write_text(NOTES, encoding="utf-8", newline="\n")
    for line in SCENE:
        session.execute(line)


def build_myriad_demo(path: str | Path, create: Callable[..., Session]) -> Path:
    """Create the demo at ``path`` (which must not hold a campaign) with ``create``, which is
    `Session.create` (passed in: the systems layer does not import the store)."""
    with create(Path(path), name=NAME, system_id="myriad", rng=random.Random(SEED)) as session:
        populate(session)
        return session.path
