"""Characters gleaned from the rule book's examples (003-torg.md §7.11)."""

import pytest

from gmconsole.systems.torg.sheet import TorgSheet


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
