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

    from .conftest import demo_copy

    copy = demo_copy(tmp_path, "archaic_armour = true")
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


def test_the_chase_tally_is_kept_on_each_pursuers_sheet(demo: Session) -> None:
    # L1038: the escapee (VC 4) rolls 7; a VC 4 pursuer rolls 5, a VC 3 pursuer rolls 8
    demo.execute("gen vehicle sports_car 8 4 as Racer")
    demo.execute("gen vehicle sports_car 8 4 as Hound")
    demo.execute("gen vehicle motorbike 4 2 as Bike")
    first = demo.execute("chase hound racer 7 5")
    assert "chase round 1 (escapee 7 vs 5): tally 0 -> 1" in first.text
    assert first.text.endswith("-1 (→ Racer)")  # with whom the chase is
    assert "tally 0 -> 0" in demo.execute("chase bike racer 7 8").text
    assert demo.resolve("hound").sheet.vehicle.chase.tally == 1
    # the tally stays: a second round the pursuer loses takes it to 2, a third with City
    # Driver to 3: lost
    assert "tally 1 -> 2" in demo.execute("chase hound racer 9 5").text
    lost = demo.execute("chase hound racer 9 5 city")
    assert "City Driver +1" in lost.text and lost.text.endswith("the pursuer is lost (→ Racer)")
    with pytest.raises(RulesError, match="already lost"):
        demo.execute("chase hound racer 9 5")
    # shots between a pursuer and its quarry take -tally
    demo.execute("chase hound racer end")
    demo.execute("chase hound racer 7 5")
    shot = demo.execute("check racer manoeuvre/drive driver=2 dice=5,1,1 at hound "
                        "target_dice=3,1,1")
    assert "chase tally 1" in shot.text


def test_the_chase_reads_the_speed_tests_and_a_runner_on_foot_is_vc_1(demo: Session) -> None:
    demo.execute("gen vehicle horse 6 2 as Mare")
    demo.execute("check mare speed/drive driver=2 dice=4,1,1 vs 6")  # 4 + 2 = 6
    with pytest.raises(RulesError, match="Tamsin Reed has no Speed test"):
        demo.execute("chase mare tamsin")
    # Tamsin runs (VC 1) from the horse (VC 2): -1, and she out-rolls it: +1
    assert "tally 0 -> 0" in demo.execute("chase mare tamsin 8 6").text
    demo.execute("gen vehicle motorbike 4 2 as Bike")
    demo.execute("check bike speed/drive driver=1 dice=5,1,1 vs 6")  # 5 + 1 = 6
    read = demo.execute("chase mare bike")  # bike (VC 3) vs horse (VC 2): +1, 6 ties 6: +1
    assert "(escapee 6 vs 6): tally 0 -> 2" in read.text


def test_head_em_off_and_peel_out(demo: Session) -> None:
    demo.execute("gen vehicle sports_car 8 4 as Racer")
    demo.execute("gen vehicle sports_car 8 4 as Hound")
    peel = demo.execute("chase hound racer 3 9 peel")  # the escapee peels out: wins roll 1
    assert "Peel Out" in peel.text and "tally 0 -> 1" in peel.text
    assert "1 of 3 sixes saved" in demo.execute("chase hound racer 3 9 heads=1").text
    gone = demo.execute("chase hound racer 9 3 heads=2")
    assert "out of contact next round" in gone.text
    back = demo.execute("chase hound racer")
    assert back.text.endswith("reappears about 100 m ahead of the target: tally 0 (→ Racer)")
    with pytest.raises(RulesError, match="Head 'Em Off sixes must be"):
        demo.execute("chase hound racer 3 9 heads=99999999999")


def test_a_massive_vessels_locations_take_hits_and_spill_onto_the_superstructure(
        demo: Session) -> None:
    demo.execute("gen vehicle heavy_carrier 40 10 as Marauder")
    with pytest.raises(RulesError, match="no wound boxes yet"):
        demo.execute("section marauder hit bridge 2")
    demo.execute("section marauder set shielding 4")
    demo.execute("section marauder set engineering 3")
    hit = demo.execute("section marauder hit 90 6")  # d100 90: Shielding
    assert "Shielding takes 4 (0/4 left); 2 onto the superstructure (8 critical left)" in hit.text
    assert "Hardened 1" in hit.text  # EX-58: the shielding lost, HT 2 -> 1
    ship = demo.resolve("marauder").sheet
    assert ship.vehicle.hardened == 1 and ship.line("wounds").critical_crossed == 2
    demo.execute("section marauder hit engineering 3")
    repair = demo.execute("section marauder repair shielding 13")  # TN 12 - 0 left; -1
    assert repair.text.endswith("repair Shielding: 12 vs TN 12: 1 box(es) back (1/4) "
                                "(Engineering lost -1)")


def test_damage_to_a_ship_with_locations_rolls_where_it_lands(demo: Session) -> None:
    demo.execute("gen vehicle heavy_carrier 40 10 as Marauder")
    for place in ("bridge", "cargo_bay", "communications", "engineering", "fighter_bay",
                  "life_support", "main_engines", "reactor", "shielding", "sickbay"):
        demo.execute(f"section marauder set {place} 6")
    hit = demo.execute("dmg marauder 2")
    assert hit.text.startswith("Marauder d100 ") and "takes 2 (4/6 left)" in hit.text
    ship = demo.resolve("marauder").sheet
    assert sum(p.crossed for p in ship.vehicle.sections.values()) == 2
    assert ship.line("wounds").crossed == 0
