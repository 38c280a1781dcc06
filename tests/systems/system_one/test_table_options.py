"""The campaign's optional rules at the table, and First Aid between two characters, through
the command line: Measurable Difference (a hit from HEC 50 or more above the target's lands
at once), the vehicle flip chance, and `aid WHO OTHER`."""

from __future__ import annotations

import random
import shutil
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import tomli_w

from gmconsole.engine.errors import GmConsoleError
from gmconsole.store import Session
from tests.systems.system_one.test_console import SHIPPED, finish_round

Opener = Callable[..., Session]


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[Opener]:
    """Open a copy of the demo with campaign options set and Marcus's HEC changed."""
    sessions: list[Session] = []

    def open_demo(hec: int = 70, **options: object) -> Session:
        folder = tmp_path / "s1"
        shutil.copytree(SHIPPED, folder, ignore=shutil.ignore_patterns(".lock"))
        campaign = tomllib.loads((folder / "campaign.toml").read_text())
        campaign["options"] = options
        (folder / "campaign.toml").write_text(tomli_w.dumps(campaign))
        marcus = tomllib.loads((folder / "roster" / "marcus.toml").read_text())
        marcus["sheet"]["attributes"]["HEC"] = hec
        (folder / "roster" / "marcus.toml").write_text(tomli_w.dumps(marcus))
        session = Session.open(folder, rng=random.Random(5))
        sessions.append(session)
        return session

    yield open_demo
    for session in sessions:
        session.close()


def _shoot_guard(session: Session, *switches: str) -> str:
    """Marcus's rifle at Guard 1 in the running round: d20 15 is the left leg, 2d6 3 + 4."""
    session.execute(" ".join(["check marcus attack:Rifle at guard-1 dice=10", *switches]))
    return session.execute("hit 15 3 4").text


def test_measurable_difference_lands_the_hit_at_once(opened: Opener) -> None:
    demo = opened(hec=110, measurable_difference=True)  # 110 against the guard's 55
    text = _shoot_guard(demo)
    assert "Measurable Difference (HEC 110 against 55): it lands at once" in text
    guard = demo.resolve("guard-1").sheet
    assert guard.wound("left leg") == 7 and not guard.held


def test_without_the_option_or_the_gap_the_hit_waits_for_the_rounds_end(opened: Opener) -> None:
    demo = opened(hec=110)
    assert "lands at the end of the round" in _shoot_guard(demo)
    assert demo.resolve("guard-1").sheet.held


@pytest.mark.parametrize(("hec", "at_once"), [(104, False), (105, True)])
def test_the_switch_turns_it_on_for_one_test_and_the_gap_must_be_50(
    opened: Opener, hec: int, at_once: bool
) -> None:
    demo = opened(hec=hec)  # against the guard's 55
    assert ("it lands at once" in _shoot_guard(demo, "measurable")) is at_once
    assert bool(demo.resolve("guard-1").sheet.held) is not at_once


def test_a_hit_past_a_vehicles_mass_tells_its_flip_chance(opened: Opener) -> None:
    demo = opened(vehicle_flip=True)
    text = demo.execute("dmg van 14 top").text  # Mass score 10 (1000 kg): 5 x 4 - 10 on top
    assert "flip chance 10%" in text and "1d4 sides" in text
    assert "flip" not in demo.execute("dmg van 10 top").text  # not past the Mass


def test_no_flip_chance_without_the_option(opened: Opener) -> None:
    assert "flip" not in opened().execute("dmg van 14 top").text


def test_aid_stabilises_the_other_on_a_made_first_aid_test_and_undo_takes_it_back(
    opened: Opener,
) -> None:
    demo = opened()
    demo.execute("dmg guard-1 12 torso")  # 7 through, LP 8: critical, bleeding
    assert not demo.resolve("guard-1").sheet.stabilised
    failed = demo.execute("aid yuki guard-1 dice=90").text
    assert "First Aid 4 (INT 65), chance 85" in failed and "the bleeding goes on" in failed
    assert not demo.resolve("guard-1").sheet.stabilised
    assert "the bleeding stops" in demo.execute("aid yuki guard-1 dice=20").text
    assert demo.resolve("guard-1").sheet.stabilised
    demo.execute("undo")
    assert not demo.resolve("guard-1").sheet.stabilised
    finish_round(demo)


def test_aid_refuses_the_dead_the_unhurt_and_a_vehicle(opened: Opener) -> None:
    demo = opened()
    for line, message in (
        ("aid yuki marcus", "not bleeding"),
        ("aid yuki van", "not a vehicle"),
        ("aid yuki", "name the other character"),
    ):
        with pytest.raises(GmConsoleError, match=message):
            demo.execute(line)
    demo.execute("dmg guard-1 30 torso")
    with pytest.raises(GmConsoleError, match="too late"):
        demo.execute("aid yuki guard-1")
