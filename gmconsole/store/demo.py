"""The generic system's demo campaign, built through the Session like a GM would build it.

`campaigns/generic-demo/` in the repository is this function's output (a test rebuilds it and
compares), so the demo always matches what the current code writes. Run
`python -m gmconsole.store.demo PATH` to make a fresh copy.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from gmconsole.engine.roster import Character
from gmconsole.store.files import atomic_write
from gmconsole.store.session import Session

RUMOURS = """\
schema_version = 1
title = "The Old Mill"
credit = "gmconsole demo campaign (the project's own text)"
licence = "MIT (part of gmconsole)"

[[table]]
name = "Mill rumours"
dice = "1d6"
columns = ["1d6", "Rumour"]
rows = [
  ["1", "The miller grinds at night, and not grain."],
  ["2", "Goblins have been seen carrying sacks upstream."],
  ["3", "The millstone is cracked; [[1d4]] workers quit this week."],
  ["4-5", "Sergeant Vell owes the miller money."],
  ["6", "Something lives under the wheel: {Mill sounds}"],
]

[[table]]
name = "Mill sounds"
kind = "random"
rows = ["a wet knocking", "a child's laugh", "chains dragged on stone"]
"""

NOTES = """\
# Session 3: the Old Mill

The party followed the goblin tracks to the mill at dusk. Miller Hobb is hiding in the loft;
Sergeant Vell came along for the reward. The fight at the mill race is under way.
"""


def _pc(name: str, player: str, hp: int, init: int, notes: str = "", **stats: int) -> Character:
    sheet = {"hp": hp, "hp_max": hp, "initiative": init, "stats": stats}
    return Character(name=name, kind="pc", player=player, notes=notes, sheet=sheet)


def build_generic_demo(path: Path) -> Path:
    """Create the demo campaign at `path` (which must not hold a campaign yet)."""
    with Session.create(path, name="The Old Mill", system_id="generic", rng=random.Random(2026)) as s:
        s.save_character(
            "ayla", _pc("Ayla Swift", "Sam", 14, 3, "Scout; owes the guild a favour.", agility=3, wits=1)
        )
        s.save_character(
            "tomas", _pc("Brother Tomas", "Kim", 12, 0, "Healer of the river chapel.", will=3, lore=2)
        )
        s.save_character(
            "kestrel", _pc("Kestrel", "Lee", 16, 1, "Sellsword with a grudge.", might=3, agility=1)
        )
        s.save_character(
            "hobb",
            Character(
                name="Miller Hobb",
                kind="npc",
                tags=["mill", "quest"],
                notes="Nervous; knows the goblins' path.",
                sheet={"hp": 6, "hp_max": 6, "stats": {"wits": 2}},
            ),
        )
        s.save_character(
            "vell",
            Character(
                name="Sergeant Vell",
                kind="npc",
                side="pcs",
                tags=["watch"],
                notes="Wants the reward more than the truth.",
                sheet={"hp": 13, "hp_max": 13, "initiative": 2, "stats": {"might": 2}},
            ),
        )
        s.save_character(
            "goblin",
            Character(
                name="Goblin",
                kind="creature",
                template=True,
                tags=["goblinoid"],
                notes="Cowardly alone, bold in a pack.",
                sheet={"hp": 5, "hp_max": 5, "initiative": 2, "stats": {"agility": 2}},
            ),
        )
        atomic_write(s.path / "tables" / "mill-rumours.toml", RUMOURS)
        atomic_write(s.path / "notes" / "session-3.md", NOTES)
        for line in (
            "encounter Ambush at the Old Mill",
            "add ayla",
            "add tomas",
            "add kestrel",
            "add vell",
            "add 3 goblin",
            "start 12 4 9 15 11 3 7",
            "dmg goblin 1 3",
            "next",
            "cond kestrel prone 1",
            "next",
            "dmg goblin 2 5",
            "dmg ayla 4",
            "next",
        ):
            s.execute(line)
    return path


if __name__ == "__main__":  # pragma: no cover - a maintainer's convenience
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("campaigns/generic-demo")
    print(build_generic_demo(target))
