"""Vehicles at the console: a vehicle sheet from the book's list, its tests with the driver's
skill, its repair, and the chase, race and ramming numbers."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def test_a_vehicle_rolls_its_own_statistics_with_the_drivers_skill(demo: Session) -> None:
    demo.execute("gen vehicle sports_car 8 4 as Red Car")
    car = demo.resolve("Red Car").sheet
    assert demo.system.describe(car) == "Speed 4 Manoeuvre 3 · VC 4 · armour 3 · encloses passengers"
    test = demo.execute("check red car manoeuvre/drive driver=3 dice=4,1,1 vs 6")
    assert test.text.startswith("Red Car: Manoeuvre 3D + Drive vs Average: [4 (1) (1)] "
                                "+3 Drive = 7 vs 6: success")
    assert demo.system.stat(car, "initiative:mortal") == 3  # ruling C4: Manoeuvre
    demo.execute("dmg red car 9")
    # a repair is the medic's rule with Intellect/Mechanics: TN 12 - 3 boxes left
    repair = demo.execute("check oduya intellect/mechanics at red car")
    assert "Repair TN 9 (3 boxes left)" in repair.text
    with pytest.raises(RulesError, match="wound boxes must be a whole number from 1 to 60"):
        demo.execute("gen vehicle horse 999999999 3")


def test_a_chase_round_and_a_ram_with_the_books_numbers(demo: Session) -> None:
    # E1: the pursuer beats the escapee: the tally drops a point (VCs equal)
    assert "tally 2 -> 1" in demo.execute("calc outrun 4 5 4 7 2").text
    assert "the pursuer is lost" in demo.execute("calc outrun 5 7 4 5 1").text
    assert "base 8D; the target takes 8D, the rammer 2D back" in demo.execute(
        "calc ram 60 same").text


def test_a_vehicles_fixed_weapon_aims_with_manoeuvre_and_a_vehicle_dodges_with_it(
        demo: Session) -> None:
    demo.execute("gen vehicle sports_car 8 4 as Red Car")
    demo.execute("gen vehicle motorbike 4 2 as Bike")
    shot = demo.execute("check red car manoeuvre/drive driver=2 dice=5,1,1 at bike "
                        "target_dice=3,1,1,1")
    assert "[at Bike: Manoeuvre 4D: [3 (1) (1) (1)] = 3]" in shot.text
    with pytest.raises(RulesError, match="cannot work this damage out"):
        demo.execute("hit")  # no mounted weapon on the sheet


@pytest.fixture
def archaic(tmp_path):
    import random
    import shutil

    from .conftest import DEMO

    copy = tmp_path / "myriad-demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    campaign = copy / "campaign.toml"
    campaign.write_text(campaign.read_text() + "\n[options]\narchaic_armour = true\n")
    kesh = copy / "roster" / "kesh.toml"
    kesh.write_text(kesh.read_text().replace('name = "Chain mail"\nkind = "armour"\n'
                                             'damage_dice = 0\nrange = ""\narmour = 3',
                                             'name = "Full plate"\nkind = "armour"\n'
                                             'damage_dice = 0\nrange = ""\narmour = 4'))
    with Session.open(copy, rng=random.Random(11)) as session:
        yield session


def test_archaic_plate_costs_a_power_die_when_the_option_is_on(archaic: Session) -> None:
    assert archaic.resolve("kesh").sheet.armour == 4
    test = archaic.execute("check kesh power/close_combat vs 6 dice=4,1,1,1")  # Power 5 - 1
    assert test.text.startswith("Kesh Varro: Power 4D + Close Combat")
    agile = archaic.execute("check kesh grace vs 6 dice=4,1,1,1")
    assert agile.text.startswith("Kesh Varro: Grace 4D")
