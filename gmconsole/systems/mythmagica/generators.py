"""`gen swarm TIER`: one Batch of a swarm from the book's Default Swarm Batch (a Medium square of
Tiny creatures with three nibbles; Parry 4 from the natural attack)."""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.errors import RulesError
from gmconsole.systems.base import Generated, Generator
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.booktables import table_rows
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet, Weapon

GENERATORS = (
    Generator(
        "swarm", "Swarm batch", "TIER", "a Default Swarm Batch (adequate ... superb); add one per Batch"
    ),
)
NIBBLE = 5
"""The three nibbles as one mixed attack (the book's Damage column is 5 + ST)."""


def generate(key: str, args: Sequence[str]) -> Generated:
    if key != "swarm":
        raise RulesError(f"unknown generator {key!r} (generators: swarm)")
    rows = {str(r[0]).split(" ")[0].lower(): r for r in table_rows("conflict.toml", "Default Swarm Batch")}
    tier = (args[0].lower() if args else "")[:20]
    row = rows.get(tier)
    if row is None:
        raise RulesError(f"name a swarm tier ({', '.join(rows)})")
    level = int(str(row[0]).split("(")[1].rstrip(")"))
    basics = dict(zip(rules.BASICS, (int(v) for v in row[1:8]), strict=True))
    sheet = MythmagicaSheet(
        race="Swarm",
        cast="stock",
        level=level,
        size="Medium",
        weapons=[Weapon(name="Nibble", kind="natural", damage=NIBBLE, tempo=4, parry=4)],
        notes="Swarm batch: reach 0; cannot flank or be flanked; Highly Sensitive to area effects",
        **basics,
    )
    return Generated(f"{row[0].split(' ')[0]} swarm batch", "creature", sheet, template=True)
