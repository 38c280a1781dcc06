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
