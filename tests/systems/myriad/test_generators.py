"""`gen npc` / `gen creature`: quick NPCs from the racial templates at the command line."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems import get_system
from gmconsole.systems.myriad.npcs import quick_npc

DEMO = Path(__file__).resolve().parents[3] / "campaigns" / "myriad-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Session:
    shutil.copytree(DEMO, tmp_path / "demo")
    with Session.open(tmp_path / "demo", rng=random.Random(5)) as s:
        yield s


def test_the_generator_is_the_quick_npc_from_the_templates() -> None:
    made = get_system("myriad").generate("npc", ["ogre", "brute"], random.Random(1))
    assert made.kind == "npc" and not made.template
    assert made.sheet == quick_npc("ogre", "brute")


def test_gen_npc_files_a_named_roster_entry_and_undo_removes_it(demo: Session) -> None:
    event = demo.execute("gen npc ogre brute as Grom the Tall")
    slug = event.who
    assert demo.roster[slug].name == "Grom the Tall" and demo.roster[slug].kind == "npc"
    assert demo.sheet_of(demo.roster[slug]) is not None  # a valid Myriad sheet
    assert (demo.path / "roster" / f"{slug}.toml").is_file()
    demo.undo()
    assert slug not in demo.roster and not (demo.path / "roster" / f"{slug}.toml").exists()


def test_gen_creature_makes_a_template_that_add_spawns(demo: Session) -> None:
    slug = demo.execute("gen creature dwarf guard").who
    assert demo.roster[slug].template
    demo.execute(f"add 2 {demo.roster[slug].name}")
    spawned = [c for c in demo.encounter.combatants if c.template == slug]
    assert len(spawned) == 2 and all(c.sheet for c in spawned)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("gen npc martian", "unknown race 'martian'"),
        ("gen npc ogre wizard", "unknown archetype 'wizard'"),
        ("gen npc", "name the generator|usage: gen npc"),
        ("gen npc ogre as", "give a name after 'as'"),
        ("gen golem clay", "no generator 'golem'"),
    ],
)
def test_bad_requests_are_refused_and_nothing_is_filed(demo: Session, line: str, message: str) -> None:
    before = dict(demo.roster)
    with pytest.raises(RulesError, match=message):
        demo.execute(line)
    assert demo.roster == before
