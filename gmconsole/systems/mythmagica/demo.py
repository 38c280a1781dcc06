"""The Mythmagica demo campaign, "The Stallion of Korinth Ridge": built through a Session the
way a GM would build it.

`campaigns/mythmagica-demo/` in the repository is this module's output (a test rebuilds it and
compares). It holds a party of three Avatars, two named NPCs, a creature template (Goblin
raider, from the stand-in data), a custom table, a note, and a skirmish at the ridge under way
in popcorn initiative: round 2, damage dealt, Guts spent and a goblin Stunned.

    python -c "from gmconsole.store import Session; \\
    from gmconsole.systems.mythmagica.demo import build_mythmagica_demo as b; \\
    b('campaigns/mythmagica-demo', Session.create)"
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmconsole.engine.roster import Character
from gmconsole.systems.mythmagica.sheet import Ability, MythmagicaSheet, Weapon

if TYPE_CHECKING:
    from gmconsole.store.session import Session

NAME = "The Stallion of Korinth Ridge"
SEED = 2024

TABLES = """\
schema_version = 1
title = "Korinth Ridge"
credit = "gmconsole Mythmagica demo campaign (the project's own text)"
licence = "MIT (part of gmconsole)"
note = "Roll when the party camps on the ridge or wanders off the goat paths."

[[table]]
name = "Ridge encounters"
dice = "1d20"
columns = ["1d20", "Encounter"]
rows = [
  ["1-4", "[[1d4+1]] goblin raiders laying a snare (Perception check vs 15 to spot it)"],
  ["5-9", "A shepherd who saw {Ridge omens}"],
  ["10-14", "Wind and scree: Vigor check vs 15 or drop something"],
  ["15-18", "A wolf pack of [[1d3+1]], hungry but wary"],
  ["19-20", "The winged stallion, grazing above the clouds"],
]

[[table]]
name = "Ridge omens"
kind = "random"
rows = [
  "a white feather the size of a sword",
  "hoofprints that end at a cliff edge",
  "a goblin totem hung with bells",
]
"""

NOTES = """\
# Chapter 1: the goblins of Korinth Ridge

The party climbed to the ridge to find the winged stallion. Snagtooth's goblins were waiting at
the goat path: Ardan's sword bit deep into one raider, which stabbed Ione in the side at once,
and the other raider is Stunned. Round 2 is under way in popcorn initiative; whoever just
acted picks who goes next (`pick WHO`), and a waiting creature that was hurt must be picked
first.

Try: `check ardan attack:Longsword at goblin raider 1` then `H` for its damage; a miss by a
little: `guts ardan 2` (or `check ardan guts at goblin raider 1`) buys a bare success, then
`check ardan guts at goblin raider 1` and `H`. Against Snagtooth, who is named, he may counter
the bid: `counter snagtooth ardan 6` (add `stand` to let the dice stand). Snagtooth's
`check snagtooth attack:Grapple mode=grab at ione` deals Damage and Footing Setback at once.
Ione's sling point-blank:
`check ione attack:Sling range=close at snagtooth`. A hit on you: `check ione guts:hit at
snagtooth` buys it off. `condition snagtooth prone`, `check theron words use=intimidate at
snagtooth`, `calc boss 7 5`, `award ione 2 3e 1s of 3`, `refresh ione minor`, `calc yield 8`.
"""

SCENE = [
    "encounter Ambush on the goat path",
    "add ardan",
    "add ione",
    "add theron",
    "add snagtooth",
    "add 2 goblin raider",
    # round 1: the Avatars roll 14, the goblins 9
    "start 14 9",
    "dmg goblin raider 1 12",
    "next",
    "dmg ione 6",
    "next",
    "condition goblin raider 2 stunned",
    "next",
    "next",
    "next",
    # round 2: goblins 16, Avatars 11
    "next 11 16",
    "dmg theron 4",
    "guts ione 3",
    "next",
]


def _pc(name: str, player: str, notes: str, **fields: Any) -> Character:
    sheet = MythmagicaSheet(**fields)
    return Character(name=name, kind="pc", player=player, notes=notes,
                     sheet=sheet.model_dump(mode="json", exclude_none=True))


def party() -> dict[str, Character]:
    return {
        "ardan": _pc(
            "Ardan of Thessaly", "Sam", "Soldier; sworn to bring the stallion home.",
            TN=2, ST=2, AG=1, CR=0, PC=1, HT=0, IN=0, xp=80, armour="Mail", armour_ward=4,
            encumbrance=1, speed_penalty=5,
            abilities=[Ability(name="Longsword", xp=16, base=4, degrees=["Versed"]),
                       Ability(name="Climbing", xp=4, base=4, attrs=["VG"])],
            weapons=[Weapon(name="Longsword", damage=6, tempo=1, parry=2, skill="Longsword")],
            traits=["I am loyal to my party.", "Never leaves a horse behind."],
        ),
        "ione": _pc(
            "Ione Sparrow", "Kim", "Goblin-blooded scout; hears what others miss.",
            race="Goblin", TN=-1, ST=-1, AG=3, CR=4, PC=3, HT=-3, IN=-1, xp=40, armour="Leather",
            armour_ward=2,
            abilities=[Ability(name="Sneaking", xp=8, base=4, degrees=["Reviewed"], attrs=["GR"]),
                       Ability(name="Sling", xp=8, base=4, degrees=["Versed"])],
            weapons=[Weapon(name="Sling", kind="range", damage=4, tempo=1, strength=False, skill="Sling"),
                     Weapon(name="Dagger", damage=3, tempo=2, parry=1)],
            traits=["I am loyal to my party.", "Obsessively counts her coins."],
            flaws=["Afraid of deep water"],
        ),
        "theron": _pc(
            "Theron the Wise", "Lee", "Physician and lore-keeper; speaks to horses.",
            TN=0, ST=-1, AG=0, CR=1, PC=2, HT=2, IN=3, xp=64,
            abilities=[Ability(name="Healing", xp=16, base=8, degrees=["Versed"], attrs=["IN", "PC"]),
                       Ability(name="Lore", xp=16, base=8, attrs=["IN"])],
            weapons=[Weapon(name="Spear", damage=6, parry=2)],
            traits=["I am loyal to my party.", "Quotes old poets at bad moments."],
        ),
    }


def cast() -> dict[str, Character]:
    snag = MythmagicaSheet(race="Goblin", cast="named", TN=0, ST=0, AG=2, CR=4, PC=2, HT=-3, IN=0,
                           level=3, weapons=[Weapon(name="Spear", damage=6, tempo=1, parry=2),
                                             Weapon(name="Grapple", kind="natural", damage=2, setback=2,
                                                    tempo=4, form="Crushing")],
                           traits=["Never fights fair."])
    nestor = MythmagicaSheet(cast="named", TN=0, ST=0, AG=0, CR=1, PC=1, HT=2, IN=2, level=4,
                             abilities=[Ability(name="Lore", xp=32, base=8, attrs=["IN"])])
    raider = MythmagicaSheet(race="Goblin", cast="stock", TN=-1, ST=-1, AG=2, CR=3, PC=2, HT=-3, IN=-1,
                             level=1, weapons=[Weapon(name="Dagger", damage=3, tempo=2, parry=1)])

    def npc(name: str, sheet: MythmagicaSheet, **fields: Any) -> Character:
        return Character(name=name, sheet=sheet.model_dump(mode="json", exclude_none=True), **fields)

    return {
        "snagtooth": npc("Snagtooth", snag, kind="npc", tags=["goblins", "boss"],
                         notes="Goblin chief; bids Guts against the Avatars."),
        "nestor": npc("Old Nestor", nestor, kind="npc", side="neutral", tags=["village"],
                      notes="Village elder; knows where the stallion drinks."),
        "goblin-raider": npc("Goblin Raider", raider, kind="creature", template=True, tags=["goblins"],
                             notes="Stand-in goblin (stock cast)."),
    }


def populate(session: Session) -> None:
    for slug, character in {**party(), **cast()}.items():
        session.save_character(slug, character)
    (session.path / "tables" / "korinth-ridge.toml").write_text(TABLES, encoding="utf-8", newline="\n")
    (session.path / "notes" / "chapter-1.md").write_text(NOTES, encoding="utf-8", newline="\n")
    for line in SCENE:
        session.execute(line)


def build_mythmagica_demo(path: str | Path, create: Callable[..., Session]) -> Path:
    """Create the demo at ``path`` with ``create`` (`Session.create`, passed in)."""
    with create(Path(path), name=NAME, system_id="mythmagica", rng=random.Random(SEED)) as session:
        populate(session)
        return session.path
