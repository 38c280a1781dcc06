"""Shared Myriad sheets for the tests."""

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.store import Session
from gmconsole.systems.myriad.burning import catalogue_sfx
from gmconsole.systems.myriad.resilience import resolve_line, wounds_line
from gmconsole.systems.myriad.sheet import BoonFlaw, Gear, MyriadSheet


def recommended_build(**changes) -> MyriadSheet:
    """A legal Recommended Method character: 16 stat, 14 skill, 5 SFX, 12 health, 6 GP."""
    fields = dict(
        name="Bronthar",
        stats={"power": 4, "grace": 4, "intellect": 4, "spirit": 4},
        skills={"close_combat": 4, "athletics": 3, "perception": 3, "persuasion": 2,
                "stealth": 2},
        sfx=[catalogue_sfx(s) for s in ("power_strike", "knockback", "mighty_leap",
                                        "crippling_blow", "witticism")],
        boons_flaws=[BoonFlaw(id="lucky", level=1), BoonFlaw(id="fast", level=1)],
        gear=[Gear(name="Long sword", kind="weapon", damage_dice=4, range="melee", edged=True),
              Gear(name="Chain mail", kind="armour", armour=3)],
        resilience={"wounds": wounds_line(4, extra_boxes=2, extra_critical=4),
                    "resolve": resolve_line(4, extra_boxes=4)},
    )
    fields.update(changes)
    return MyriadSheet(**fields)


@pytest.fixture
def bronthar() -> MyriadSheet:
    return recommended_build()


DEMO = Path(__file__).resolve().parents[3] / "campaigns" / "myriad-demo"


def demo_copy(tmp_path: Path, options: str = "") -> Path:
    """A private copy of the shipped Myriad demo (round 2, Tamsin acting); `options` (TOML
    lines) go under its [options]."""
    copy = tmp_path / "myriad-demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    if options:
        campaign = copy / "campaign.toml"
        campaign.write_text(campaign.read_text() + f"\n[options]\n{options}\n")
    return copy


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Session]:
    """A Session on a private copy of the shipped Myriad demo (round 2, Tamsin acting)."""
    with Session.open(demo_copy(tmp_path), rng=random.Random(11)) as session:
        yield session


@pytest.fixture
def hit_locations(tmp_path: Path) -> Iterator[Session]:
    """The demo with the optional hit-location rule on."""
    with Session.open(demo_copy(tmp_path, "hit_locations = true"), rng=random.Random(11)) as session:
        yield session
