"""Characters gleaned from the rule book's examples (003-torg.md §7.11), and the demo campaign."""

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.store import Session
from gmconsole.systems.torg.damage import apply_blow
from gmconsole.systems.torg.sheet import TorgSheet


def struck(state, cell, *, stun=False):
    """A blow's cell applied to a damage track, the track returned (chains in the examples)."""
    apply_blow(state, cell, stun=stun)
    return state


def every_card(state):
    """Every card a deck state holds (draw pile, action stack, discards, fiat offer)."""
    return state.draw_pile + state.action_stack + state.discard + state.fiat_offer


def make(name, attributes, skills, possibilities=0, **extra):
    history = [{"delta": possibilities, "reason": "starting"}] if possibilities else []
    return TorgSheet.model_validate(
        {
            "name": name,
            "attributes": attributes,
            "skills": skills,
            "possibilities": {"history": history},
            **extra,
        }
    )


@pytest.fixture
def quin():
    """Quin Sebastian, Soldier of Fortune (possibility-rated, Core Earth)."""
    return make(
        "Quin",
        {"DEX": 11, "STR": 9, "TOU": 11, "PER": 9, "MIN": 9, "CHA": 9, "SPI": 8},
        {
            "dodge": 2,
            "fire_combat": 3,
            "heavy_weapons": 1,
            "land_vehicles": 1,
            "melee_weapons": 1,
            "air_vehicles": 2,
            "persuasion": 1,
            "reality": 1,
        },
        possibilities=10,
    )


@pytest.fixture
def crab():
    """Yellow Crab."""
    return make(
        "Crab",
        {"DEX": 10, "STR": 8, "TOU": 10, "PER": 12, "MIN": 9, "CHA": 8, "SPI": 9},
        {"climbing": 1, "intimidation": 3, "reality": 1},
        possibilities=10,
    )


DEMO = Path(__file__).resolve().parents[3] / "campaigns" / "torg-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Session]:
    """A session on a scratch copy of the Torg demo: round 2 of the ambush at the bridge."""
    copy = tmp_path / "torg-demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    with Session.open(copy, rng=random.Random(11)) as s:
        yield s
