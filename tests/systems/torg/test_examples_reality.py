"""Worked examples §7.8: contradictions, links, storms, reclaiming the people."""

from gmconsole.systems.torg.reality import (
    contradiction_case,
    disconnects,
    link_repair_modifier,
    reclaim_succeeds,
    storm_result,
    transformation_row,
)
from gmconsole.systems.torg.rules_data import cosm_axioms, link_difficulty


def test_R02_crab_drives_his_roadster():
    assert contradiction_case(21, 23, cosm_axioms("core_earth")["tech"]) == 0


def test_R03_edeinos_uses_a_phone():
    case = contradiction_case(22, cosm_axioms("living_land")["tech"], cosm_axioms("core_earth")["tech"])
    assert case == 1 and disconnects(case, 1) and not disconnects(case, 2)


def test_R04_elf_fires_an_m16_in_the_living_land():
    case = contradiction_case(22, cosm_axioms("aysle")["tech"], cosm_axioms("living_land")["tech"])
    assert case == 4 and disconnects(case, 3)


def test_R06_quin_and_the_kentucky_rifle():
    assert link_repair_modifier(23, 16, 23) == 7


def test_R07_negative_modifier_ignored_when_the_land_supports_the_tool():
    assert link_repair_modifier(7, 22, 23) == 0
    assert link_repair_modifier(15, 22, 7) == -7


def test_R08_story_seeds_against_the_closest_row():
    assert transformation_row(2.5 * 30 * 86400).label == "3 months"
    assert transformation_row(2.5 * 30 * 86400).dominant_roll == 19
    assert not reclaim_succeeds([2, 9, 1, 18, 7], 2.5 * 30 * 86400)


def test_R10_six_result_points_in_a_storm():
    assert storm_result(6).loss == 3


def test_R12_maelstrom_four_storm_x5():
    r = storm_result(8)
    assert (r.loss, r.multiplier) == (4, 5)


def test_link_difficulty_chart():
    assert link_difficulty("core_earth", "living_land") == 18
    assert link_difficulty("nile_empire", "orrorsh") == 5
