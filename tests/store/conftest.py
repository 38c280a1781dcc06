"""Shared fixtures: a small generic campaign opened as a Session, seeded for repeatable rolls."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.engine.roster import Character
from gmconsole.store import Session


def sheet(hp: int = 10, hp_max: int | None = None, initiative: int = 0, **stats: int) -> dict:
    out: dict = {"hp": hp, "hp_max": hp if hp_max is None else hp_max, "initiative": initiative}
    if stats:
        out["stats"] = dict(stats)
    return out


def file_snapshot(root: Path) -> dict[str, bytes]:
    """Every file under a campaign folder (but the lock), by relative path."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    """A generic campaign: Ayla (PC), Brak (NPC), a goblin template; no encounter yet."""
    s = Session.create(tmp_path / "camp", name="Test", system_id="generic", rng=random.Random(7))
    s.save_character("ayla", Character(name="Ayla", kind="pc", sheet=sheet(12, initiative=3, agility=2)))
    s.save_character("brak", Character(name="Brak", kind="npc", sheet=sheet(9, initiative=1)))
    s.save_character(
        "goblin", Character(name="Goblin", kind="creature", template=True, sheet=sheet(5, initiative=2))
    )
    yield s
    s.close()


@pytest.fixture
def fight(session: Session) -> Session:
    """The campaign with an active encounter: Ayla and Brak (pcs) against three goblins, not started."""
    session.new_encounter("Ambush")
    session.add_combatant("ayla")
    session.add_combatant("brak", side="pcs")  # an NPC ally
    session.add_combatant("goblin", 3)
    return session
