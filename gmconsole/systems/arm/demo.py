"""The ARM demo campaign, "The Broken Wheel": built through a Session the way a GM would.

`campaigns/arm-demo/` in the repository is this module's output (a test rebuilds it and compares
the roster, encounter and table files). It holds the book's three example characters (Alex and
Christine as the party, Brad as their foe), a tavern thug template (with a long bow for ranged
play), Odo the landlord's hedge-wizard nephew (Magically Able, a Fire-ball set spell), a table
of tavern trouble, a scene note, and the brawl in round 2: declarations made, Brad's axe already in Alex.

    python -c "from gmconsole.store import Session; \\
    from gmconsole.systems.arm.demo import build_arm_demo as b; b('campaigns/arm-demo', Session.create)"
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.roster import Character
from gmconsole.systems.arm.sheet import Armour, ArmSheet, Mod, Spell, Weapon

if TYPE_CHECKING:
    from gmconsole.store.session import Session

NAME = "The Broken Wheel"
SEED = 1993

TABLES = """\
schema_version = 1
title = "The Broken Wheel"
credit = "gmconsole ARM demo campaign (the project's own text)"
licence = "MIT (part of gmconsole)"

[[table]]
name = "Tavern trouble"
dice = "1d6"
columns = ["1d6", "Trouble"]
rows = [
  ["1", "The landlord sends for the watch: [[1d3]] rounds until they arrive"],
  ["2", "A lamp goes over: the straw catches (fire damage 4 a round)"],
  ["3", "[[1d3]] drinkers join in, on whichever side bought the last round"],
  ["4", "A table breaks under someone: Fitness vs Tough (8) or fall"],
  ["5", "The back door slams: someone is leaving with the strongbox"],
  ["6", "Quiet. Everyone is watching to see who moves first"],
]
"""

NOTES = """\
# Session 4: the Broken Wheel

Alex and Christine came looking for Brad, who sold the caravan's route. He was waiting with two
of the landlord's thugs. Round 1: Alex tried to talk Brad down and fooled him; Christine circled.
Round 2 is under way: Christine's rapier has found Brad, and Brad's axe has caught Alex, who is
Fainting (GM ruling: -2 to everything next round).
"""


def party() -> dict[str, Character]:
    """The book's example characters, as its combat example gives them."""
    alex = ArmSheet(
        name="Alex",
        stats={"fitness": 6, "dexterity": 7, "toughness": 5, "wit": 7, "charisma": 8, "willpower": 6},
        movement={"run": 4, "walk": 1},
        mods=[Mod(name="Swords", value=1, applies_to="attack", cost=3)],
        armour=Armour(name="Chain", wound=4, shock=2),
        weapons=[Weapon(name="Sword", damage=6, attack=0, parry=-1)],
    )
    christine = ArmSheet(
        name="Christine",
        stats={"fitness": 7, "dexterity": 7, "toughness": 6, "wit": 6, "charisma": 7, "willpower": 5},
        movement={"run": 5, "walk": 1},
        mods=[Mod(name="Rapiers", value=2, applies_to="attack", cost=3)],
        armour=Armour(name="Leather", wound=2, shock=0),
        weapons=[Weapon(name="Rapier", damage=4, attack=1, parry=1)],
    )
    brad = ArmSheet(
        name="Brad",
        stats={"fitness": 8, "dexterity": 5, "toughness": 8, "wit": 4, "charisma": 5, "willpower": 7},
        movement={"run": 4, "walk": 1},
        mods=[Mod(name="Strength", value=1, applies_to="damage", cost=5)],
        weapons=[Weapon(name="Axe", damage=8, attack=0, parry=-3)],
    )
    thug = ArmSheet(
        name="Thug",
        stats={"fitness": 6, "dexterity": 5, "toughness": 6, "wit": 4, "charisma": 4, "willpower": 5},
        weapons=[Weapon(name="Club", damage=3, stun=True),
                 Weapon(name="Fist", damage=1, stun=True, parry=-1),
                 Weapon(name="Long bow", damage=5, ranged=True, accuracy=15, max_range=7,
                        range_plus_fitness=True, strength=False)],
        armour=Armour(name="Leather", wound=2, shock=0),
    )

    odo = ArmSheet(
        name="Odo",
        stats={"fitness": 5, "dexterity": 6, "toughness": 5, "wit": 7, "charisma": 5, "willpower": 8},
        mods=[Mod(name="Magically Able", kind="special", value=1, applies_to="magic", cost=10)],
        weapons=[Weapon(name="Knife", damage=5, parry=-1)],
        spells=[Spell(name="Fire-ball", difficulty=7, stat="willpower", accuracy=20, damage=12,
                      note="explodes on impact: damage 12 to everyone within 1 m; a miscast may go "
                           "off in the caster's hand")],
    )

    def entry(sheet: ArmSheet, **fields: object) -> Character:
        return Character(name=sheet.name, sheet=sheet.model_dump(mode="json", exclude_none=True), **fields)

    return {
        "alex": entry(alex, kind="pc", player="Sam", notes="Talks first; fights only when cornered."),
        "christine": entry(christine, kind="pc", player="Kim", notes="Fencer; never misses a weakness."),
        "brad": entry(brad, kind="npc", notes="Sold the caravan's route. Strong, slow, proud."),
        "thug": entry(thug, kind="creature", template=True, notes="The landlord's muscle."),
        "odo": entry(odo, kind="npc", notes="The landlord's nephew, upstairs; a hedge-wizard who "
                                            "comes down if the fire starts."),
    }


def _check(session: Session, who: str, option: str, dice: list[int], *, against: str | None = None,
           **extra: object) -> None:
    request = CheckRequest(option=option, extra=dict(extra))
    if against is not None:
        session.aimed_check(who, request, against, dice=dice)
    else:
        session.check(who, request, dice=dice)


def populate(session: Session) -> None:
    """Fill an empty ARM campaign: roster, table, note, and the brawl under way."""
    for slug, character in party().items():
        session.save_character(slug, character)
    (session.path / "tables" / "tavern.toml").write_text(TABLES, encoding="utf-8", newline="\n")
    (session.path / "notes" / "session-4.md").write_text(NOTES, encoding="utf-8", newline="\n")
    for line in ("encounter Brawl at the Broken Wheel", "add alex", "add christine", "add brad",
                 "add 2 thug", "set round 2s", "start"):
        session.execute(line)
    # round 1: declarations, then the GM's order
    for line in ("declare alex trick Brad into standing down", "next", "declare christine circle Brad",
                 "next", "declare brad attack Alex", "next", "declare thug-1 hold the door", "next",
                 "declare thug-2 grab Christine", "next"):
        session.execute(line)
    _check(session, "alex", "charisma", [2, 2], against="brad")  # fooled: Brad loses his attack
    session.execute("next")
    _check(session, "christine", "circle", [2, 1], against="brad")  # +1 to attack him next round
    session.execute("next")
    session.execute("next")  # Brad, fooled, does nothing
    session.execute("next")  # thug 1 holds the door
    _check(session, "thug-2", "attack:Fist", [3, 4], against="christine")  # misses
    session.execute("next")  # round 2
    for line in ("declare alex dodge and make for the door", "next", "declare christine lunge at Brad",
                 "next", "declare brad attack Alex", "next", "declare thug-1 hold the door", "next",
                 "declare thug-2 club Alex", "next"):
        session.execute(line)
    session.execute("prepare alex")
    session.execute("next")  # Alex's dodge waits for a blow
    _check(session, "christine", "attack:Rapier", [3, 4], against="brad")
    session.hit(dice=[5, 2])
    session.execute("next")
    _check(session, "brad", "attack:Axe", [6, 3], against="alex", moving=True)  # Alex is running
    session.hit(dice=[2, 2])
    session.execute("pending alex -2 all 1 Fainting: the GM rules -2 to everything next round")


def build_arm_demo(path: str | Path, create: Callable[..., Session]) -> Path:
    """Create the demo at ``path`` with ``create`` (`Session.create`, passed in: the systems
    layer does not import the store)."""
    with create(Path(path), name=NAME, system_id="arm", rng=random.Random(SEED)) as session:
        populate(session)
        return session.path
