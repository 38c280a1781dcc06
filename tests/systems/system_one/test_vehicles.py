"""Vehicles as roster entries whose hits land on parts: the side's d100 table (the book's
"Road Warrior" car, S1-EX35), vehicular armour per side, parts destroyed at SP 0, hits held
to the round's end, repair, and ramming — all through the command line."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.engine.errors import GmConsoleError
from gmconsole.store import Session
from gmconsole.systems.system_one.components import pick, table_text
from tests.systems.system_one.conftest import SHIPPED
from tests.systems.system_one.test_console import finish_round


def _first_d100() -> int:
    return random.Random(5).randint(1, 100)  # the session's first die (seeded 5 above)


def test_the_road_warrior_side_tables_are_the_books(demo: Session) -> None:
    parts = demo.resolve("van").sheet.components
    assert table_text(parts, "front") == "01-25 Engine, 26-50 Steering, 51-75 Pilot, 76-00 Gunner"
    assert table_text(parts, "rear") == "01-00 Engine"
    assert table_text(parts, "top") == "01-33 Steering, 34-00 Gun"
    assert table_text(parts, "port") == "01-50 Engine, 51-00 Pilot"
    assert table_text(parts, "bottom") == "01-00 Engine"
    lines = dict(demo.system.sheet_lines(demo.resolve("van").sheet))
    assert lines["Hit table: front"].startswith("01-25 Engine")
    assert lines["Part: Engine"].startswith("SP 10/10")
    assert lines["Vehicle"] == "18/30 SF used; mass 1000 kg"  # 18 SF: one size level up (30)
    assert lines["Profile"] == "STR 40, DUR 60, AGL 30, size level 1" and "LP / EF / PW" not in lines


def test_a_hit_on_a_side_lands_on_the_part_its_d100_picks_through_the_armour(demo: Session) -> None:
    face = _first_d100()
    part = pick(demo.resolve("van").sheet.components, "front", face)
    event = demo.execute("dmg van 8 front")
    assert f"(d100 {face} on the front: {part})" in event.text
    hit = next(p for p in demo.resolve("van").sheet.components if p.name == part)
    assert hit.damage == 8 - hit.armour.get("front", 0)


def test_a_part_at_sp_0_is_destroyed_and_says_what_losing_it_means(demo: Session) -> None:
    text = demo.execute("strike van 9 steering").text  # named: its armour on its main side
    assert (
        "is hit in the Steering for 4 (9 on the front, armour 5)" in text
        and "destroyed: it can change speed but not course" in text
    )
    assert demo.system.health(demo.resolve("van").sheet) == "parts 4/5"
    steering = demo.system.tracks(demo.resolve("van").sheet)[1]  # each part's SP is a track
    assert (steering.name, steering.value, steering.maximum, steering.note) == ("Steering", 0, 2, "destroyed")
    text = demo.execute("strike van 20 engine").text  # the engine's armour: its bottom, 5
    assert "for 15 (20 on the bottom, armour 5)" in text and "decelerates at its maximum to a stop" in text
    assert "Engine lost" in demo.system.status(demo.resolve("van").sheet).flags
    demo.execute("repair van engine")
    assert demo.resolve("van").sheet.components[0].damage == 0


def test_a_vehicle_refuses_a_body_location_and_a_body_takes_a_side_as_a_rolled_location(
    demo: Session,
) -> None:
    with pytest.raises(GmConsoleError, match="a vehicle is hit on a side"):
        demo.execute("dmg van 6 left-arm")
    with pytest.raises(GmConsoleError, match="repair WHO PART"):
        demo.execute("heal van 2")
    text = demo.execute("dmg dana 3 front").text
    assert "a body has no sides" in text


def test_a_shot_at_a_vehicle_in_a_round_waits_for_the_rounds_end_on_the_side_switched(
    demo: Session,
) -> None:
    demo.execute("add van")
    assert "success" in demo.execute("check marcus attack:Rifle at van side=rear dice=10").text
    held = demo.execute("hit 4 4").text
    assert "it lands at the end of the round" in held and "rear" in held
    assert demo.resolve("van").sheet.held
    finish_round(demo)
    engine = demo.resolve("van").sheet.components[0]
    assert engine.damage == 3  # 8 on the rear (only the engine there), armour 5


def test_firing_from_a_moving_vehicle_on_rough_going_while_driving(demo: Session) -> None:
    """The vehicle's speed as the target's (20 m/turn: -15), rough going halves the final
    chance, driving halves it again: 85 - 15 = 70, 35, 17."""
    text = demo.execute("check marcus attack:Rifle at guard-1 target_speed=20 rough driving dice=18").text
    assert "chance 85 -15 target speed halved twice = 17%" in text and "failure" in text


def test_a_vehicle_template_spawns_with_whole_parts(demo: Session) -> None:
    demo.execute("strike van 9 steering")
    fresh = demo.system.spawn(demo.resolve("van").sheet)
    assert all(p.damage == 0 for p in fresh.components)


OAK = """schema_version = 1
name = "Oak"
kind = "npc"

[sheet]
[[sheet.components]]
name = "Trunk"
sides = { front = 6 }
"""


@pytest.fixture
def yard(tmp_path: Path) -> Iterator[Session]:
    """The demo with a tree to ram (SP 6, as the book's)."""
    shutil.copytree(SHIPPED, tmp_path / "yard", ignore=shutil.ignore_patterns(".lock"))
    (tmp_path / "yard" / "roster" / "oak.toml").write_text(OAK)
    with Session.open(tmp_path / "yard", rng=random.Random(5)) as session:
        yield session


def test_a_ram_that_leaves_the_tree_standing_stops_the_van_and_hurts_its_front(yard: Session) -> None:
    text = yard.execute("ram van oak 50 dice=1").text  # 5 damage: the tree keeps SP 1
    assert "is hit in the Trunk for 5 (5 on the front): SP 1/6" in text
    assert "not destroyed (SP 1 left): a full stop" in text and "speed now 0 m/turn" in text
    parts = {p.name: p.damage for p in yard.resolve("van").sheet.components}
    assert parts == {"Engine": 0, "Steering": 0, "Gun": 0, "Pilot": 5, "Gunner": 5}  # front armour 5
    yard.execute("undo")
    assert yard.resolve("oak").sheet.components[0].damage == 0
    assert all(p.damage == 0 for p in yard.resolve("van").sheet.components)


def test_a_ram_that_fells_the_tree_calls_for_the_dur_rolls(yard: Session) -> None:
    yard.execute("ram van oak 50 dice=1")  # SP 1 left
    # 10 on SP 1: only 1 counts; DUR 60 - 5 = 55: 90 fails, the unmodified 7 makes it: slowed by 1
    text = yard.execute("ram van oak 100 dice=1,90,7").text
    assert "destroyed (1 counts): DUR roll at 55%; rolled 90 then 7: slowed by 1 to 99" in text


def test_ramming_a_person_needs_no_vehicle_check_and_only_a_vehicle_rams(yard: Session) -> None:
    text = yard.execute("ram van dana 30 dice=10").text  # d20 10: the torso, leather 2
    assert "takes 1 (3 to the torso, armour 2)" in text and "easily displaced: no vehicle check" in text
    for line, message in (
        ("ram dana van 30", "the vehicle that rams"),
        ("ram van oak 999999999", "speed must be a whole number from 0 to 100000"),
        ("ram van oak 50 left", "no side 'left'"),
    ):
        with pytest.raises(GmConsoleError, match=message):
            yard.execute(line)
