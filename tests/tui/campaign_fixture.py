"""A small generic campaign built through the Session API, for the console's tests.

Two PCs, an NPC and a goblin template, two tables of the GM's own (a road-encounter table
that rolls on a weather table), and an encounter "Ambush" ready to start; the same
folder the tests, snapshots, tmux test and benchmarks open.
"""

from __future__ import annotations

import random
from pathlib import Path

from gmconsole.engine.roster import Character
from gmconsole.store.session import Session

PEOPLE = (
    Character(name="Ayla", kind="pc", player="Sam", sheet={"hp": 12, "hp_max": 12, "initiative": 3}),
    Character(name="Brock", kind="pc", player="Jo", sheet={"hp": 15, "hp_max": 15, "initiative": 1}),
    Character(name="Captain Vex", kind="npc", sheet={"hp": 10, "hp_max": 10, "initiative": 2}),
    Character(name="Goblin", kind="creature", template=True, sheet={"hp": 5, "hp_max": 5, "initiative": 2}),
)


TABLES = """\
schema_version = 1

[[table]]
name = "Road encounters"
dice = "2d6"
columns = ["2d6", "Encounter"]
rows = [
  ["2-4", "[[1d4+1]] wolves"],
  ["5-9", "Pilgrims on the road"],
  ["10-11", "A storm: {Weather}"],
  ["12", "Nothing"],
]

[[table]]
name = "Weather"
columns = ["Weight", "Weather"]
rows = [[3, "Rain"], [1, "Fog"], [2, "Clear"]]
"""


def build_campaign(path: Path, *, goblins: int = 2, encounter: bool = True) -> Path:
    """Create the campaign folder at `path` (which must not exist yet) and return it."""
    session = Session.create(path, name="Test Camp", system_id="generic", rng=random.Random(7))
    (path / "tables" / "road.toml").write_text(TABLES, encoding="utf-8")
    try:
        for ch in PEOPLE:
            session.save_character(session.free_slug(ch.name), ch)
        if encounter:
            session.execute("encounter Ambush")
            session.execute("add Ayla")
            session.execute("add Brock")
            if goblins:
                session.execute(f"add {goblins} Goblin")
    finally:
        session.close()
    return path
