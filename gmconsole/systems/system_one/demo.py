"""The System One demo campaign, "Night at the Cannery": built through a Session the way a
GM would.

`campaigns/system-one-demo/` in the repository is this module's output (a test rebuilds it and
compares the roster, encounter and table files). Three investigators (an ex-soldier, a
detective, a medic) corner a smuggler and his guards in a fish cannery; round 1 has been
declared and partly resolved, with hits waiting to land at the end of the round.

    python -c "from gmconsole.store import Session; \\
    from gmconsole.systems.system_one.demo import build_system_one_demo as b; \\
    b('campaigns/system-one-demo', Session.create)"
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.roster import Character
from gmconsole.systems.system_one.components import Component
from gmconsole.systems.system_one.sheet import Armour, Skill, SystemOneSheet, Weapon

if TYPE_CHECKING:
    from gmconsole.store.session import Session

NAME = "Night at the Cannery"
SEED = 1992

TABLES = """\
schema_version = 1
title = "Night at the Cannery"
credit = "gmconsole System One demo campaign (the project's own text)"
licence = "MIT (part of gmconsole)"

[[table]]
name = "Cannery hazards"
dice = "1d6"
columns = ["1d6", "Hazard"]
rows = [
  ["1", "A forklift rolls loose: AGL check or [[1d4]] damage, falling table"],
  ["2", "Steam valve bursts: everyone within 3 m takes 1d3 to a random location"],
  ["3", "The lights fail: -25 to every shot until someone finds the breaker"],
  ["4", "A guard's radio crackles: [[1d3]] more guards in 2d6 rounds"],
  ["5", "Wet floor: anyone running makes an AGL check or falls prone"],
  ["6", "The ammonia tank is hit: STA check each round or -10 to everything"],
]
"""

NOTES = """\
# Night at the Cannery

Vic Carver moves stolen medical supplies through the old Harbour Street cannery. The party came
in through the loading bay; Vic and two of his guards were waiting on the catwalk. Round 1:
everyone has declared (lowest INT first). Marcus has already hit a guard and Vic has winged
Dana; the damage lands when the round ends. Yuki is giving up to-hit to cover Dana.
"""


def party() -> dict[str, Character]:
    marcus = SystemOneSheet(
        attributes={"STR": 65, "AGL": 60, "STA": 70, "INT": 50, "PER": 45, "ATT": 50, "HEC": 70, "LDR": 55},
        skills=[
            Skill(name="Rifle (Projectile)", level=3),
            Skill(name="Streetfighting", level=2),
            Skill(name="Language", specialisation="English", level=8),
            Skill(name="First Aid", level=1),
        ],
        weapons=[
            Weapon(
                name="Rifle", skill="Rifle (Projectile)", damage="2d6", type="piercing", range_m=50, hands=2
            ),
            Weapon(name="Fist", skill="Streetfighting", damage="1d3"),
        ],
        armour=[Armour(name="Flak vest", locations=["torso"], physical=5, integrity=2, vs_piercing=0.5)],
    )
    dana = SystemOneSheet(
        attributes={"STR": 45, "AGL": 65, "STA": 55, "INT": 70, "PER": 60, "ATT": 55, "HEC": 60, "LDR": 50},
        skills=[
            Skill(name="Pistol (Projectile)", level=2),
            Skill(name="Stealth", level=3),
            Skill(name="Law", level=2),
            Skill(name="Language", specialisation="English", level=8),
            Skill(name="Language", specialisation="Spanish", level=3),
        ],
        weapons=[
            Weapon(name="Pistol", skill="Pistol (Projectile)", damage="1d6", type="piercing", range_m=20)
        ],
        armour=[Armour(name="Leather jacket", locations=["torso", "left arm", "right arm"], physical=2)],
    )
    yuki = SystemOneSheet(
        attributes={"STR": 40, "AGL": 55, "STA": 60, "INT": 65, "PER": 60, "ATT": 60, "HEC": 50, "LDR": 45},
        skills=[
            Skill(name="First Aid", level=4),
            Skill(name="Medical Treatment (Standard)", level=2),
            Skill(name="Short Blade", level=1),
            Skill(name="Language", specialisation="Japanese", level=8),
            Skill(name="Language", specialisation="English", level=5),
        ],
        weapons=[Weapon(name="Knife", skill="Short Blade", damage="1d4", type="piercing")],
    )
    vic = SystemOneSheet(
        attributes={"STR": 55, "AGL": 55, "STA": 60, "INT": 65, "PER": 60, "ATT": 50, "HEC": 65, "LDR": 70},
        skills=[
            Skill(name="Pistol (Projectile)", level=4),
            Skill(name="Streetwise", level=5),
            Skill(name="Language", specialisation="English", level=8),
        ],
        weapons=[
            Weapon(name="Pistol", skill="Pistol (Projectile)", damage="1d6", type="piercing", range_m=20)
        ],
        armour=[Armour(name="Flak vest", locations=["torso"], physical=5, integrity=2, vs_piercing=0.5)],
    )
    guard = SystemOneSheet(
        attributes={"STR": 60, "AGL": 50, "STA": 55, "INT": 45, "PER": 40, "ATT": 45, "HEC": 55, "LDR": 40},
        skills=[Skill(name="Rifle (Projectile)", level=2), Skill(name="Blunt Weapon", level=1)],
        weapons=[
            Weapon(
                name="Submachine gun",
                skill="Rifle (Projectile)",
                damage="1d6",
                type="piercing",
                range_m=25,
                rof=5,
                hands=2,
            ),
            Weapon(name="Club", skill="Blunt Weapon", damage="1d4+1"),
        ],
        armour=[Armour(name="Flak vest", locations=["torso"], physical=5, integrity=2, vs_piercing=0.5)],
    )

    van = SystemOneSheet(  # the book's "Road Warrior" car, one size level up to hold its 18 SF
        attributes={"STR": 40, "AGL": 30, "STA": 60, "INT": 0, "PER": 0, "ATT": 0, "HEC": 0, "LDR": 0},
        size_level=1,
        running=40,
        components=[
            Component(
                name="Engine",
                sides={"front": 1, "rear": 1, "port": 1, "starboard": 1, "bottom": 6},
                armour={"front": 5, "rear": 5, "port": 5, "starboard": 5, "bottom": 5},
            ),
            Component(name="Steering", sides={"top": 1, "front": 1}, armour={"front": 5}),
            Component(name="Gun", sides={"top": 2}),
            Component(name="Pilot", sides={"port": 1, "front": 1}, armour={"port": 5}),
            Component(name="Gunner", sides={"starboard": 1, "front": 1}, armour={"starboard": 5}),
        ],
    )

    def entry(sheet: SystemOneSheet, name: str, **fields: object) -> Character:
        return Character(name=name, sheet=sheet.model_dump(mode="json", exclude_none=True), **fields)

    return {
        "marcus": entry(
            marcus, "Marcus Hale", kind="pc", player="Lee", notes="Ex-army. Counts the exits first."
        ),
        "dana": entry(
            dana, "Dana Reyes", kind="pc", player="Sam", notes="Detective; wants Vic alive to testify."
        ),
        "yuki": entry(yuki, "Yuki Sato", kind="pc", player="Kim", notes="Paramedic; carries the trauma kit."),
        "vic": entry(vic, "Vic Carver", kind="npc", notes="Smuggler. Runs before he fights fair."),
        "guard": entry(guard, "Guard", kind="creature", template=True, notes="Vic's hired muscle."),
        "van": entry(
            van, "Vic's van", kind="npc", notes="Armoured van by the loading door: DUR 60, mass 1000 kg."
        ),
    }


def _aimed(session: Session, who: str, option: str, at: str, dice: list[int]) -> None:
    session.aimed_check(who, CheckRequest(option=option), at, dice=dice)


def populate(session: Session) -> None:
    """Fill an empty System One campaign: roster, table, note, and the fight under way."""
    for slug, character in party().items():
        session.save_character(slug, character)
    (session.path / "tables" / "cannery.toml").write_text(TABLES, encoding="utf-8", newline="\n")
    (session.path / "notes" / "night-at-the-cannery.md").write_text(NOTES, encoding="utf-8", newline="\n")
    for line in ("encounter The loading bay", "add marcus", "add dana", "add yuki", "add vic", "add 2 guard"):
        session.execute(line)
    # Vic's guards: both INT 45, a roll-off; Marcus INT 50; Yuki 65 and Vic 65, a roll-off; Dana 70
    session.execute("start 40 60 30 70")
    declarations = {
        "guard-1": "fire a burst at Marcus",
        "guard-2": "club Yuki",
        "marcus": "shoot the guard on the stairs",
        "yuki": "cover Dana, then get her down",
        "vic": "shoot Dana and head for the office",
        "dana": "shoot Vic in the leg",
    }
    enc = session.encounter
    assert enc is not None
    for _ in range(len(enc.steps) // 2):
        actor = session.encounter.current.actors[0]  # type: ignore[union-attr]
        session.execute(f"declare {actor} {declarations[actor]}")
        if actor == "yuki":
            session.execute("defend yuki 20")
        session.execute("next")
    # resolution, highest INT first: Dana, then Vic and Yuki, ...
    _aimed(session, "dana", "attack:Pistol", "vic", [71])  # misses
    session.execute("next")
    while session.encounter.current.actors[0] != "vic":  # type: ignore[union-attr]
        session.execute("next")
    _aimed(session, "vic", "attack:Pistol", "dana", [22])
    session.hit(dice=[4, 5])  # right arm, 5 damage: lands at the end of the round
    session.execute("next")
    while session.encounter.current.actors[0] != "marcus":  # type: ignore[union-attr]
        session.execute("next")
    _aimed(session, "marcus", "attack:Rifle", "guard-2", [35])
    session.hit(dice=[15, 3, 4])  # left leg, 7 damage
    session.execute("next")


def build_system_one_demo(path: str | Path, create: Callable[..., Session]) -> Path:
    """Create the demo at ``path`` with ``create`` (`Session.create`, passed in: the systems
    layer does not import the store)."""
    with create(Path(path), name=NAME, system_id="system-one", rng=random.Random(SEED)) as session:
        populate(session)
        return session.path
