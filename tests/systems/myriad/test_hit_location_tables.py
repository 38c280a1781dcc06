"""Hit locations as rollable 2d6 tables, one per body type (spec L734-L758, T-17, checklist P2)."""

from __future__ import annotations

from gmconsole.store import Session
from gmconsole.systems.myriad.combat_options import hit_location
from gmconsole.systems.myriad.reference import all_tables

BODIES = ("humanoid", "bat_bird", "dragon_insect", "four_legged", "snake_worm", "centipede")


def location_tables() -> dict[str, object]:
    return {t.id.removeprefix("combat-options-hit-location-"): t for t in all_tables()
            if t.id.startswith("combat-options-hit-location-")}


def test_one_random_2d6_table_per_body_type_agreeing_with_the_rules_lookup():
    tables = location_tables()
    assert sorted(tables) == sorted(b.replace("_", "-") for b in BODIES)
    for body in BODIES:
        table = tables[body.replace("_", "-")]
        assert (table.kind, table.dice) == ("random", "2d6")
        for total in range(2, 13):  # every 2d6 total has exactly one row (ruling C9 fills gaps)
            row = table.lookup(total)
            assert row.cells[1] == hit_location(body, total).replace("_", " ").capitalize()


def test_ruling_c9_bat_bird_head_on_2_and_c20_head_doubles_wounds():
    bat = location_tables()["bat-bird"]
    assert bat.lookup(2).cells[1:4] == ("Head", -2, "x2")
    assert bat.lookup(3).cells[1] == "Torso"
    assert location_tables()["snake-worm"].lookup(3).cells[1] == "Torso"


def test_the_reference_table_with_low_high_columns_stays_for_reading(demo: Session):
    reference = next(t for t in all_tables() if t.id == "combat-options-hit-locations")
    assert reference.name == "Hit locations (2d6)" and reference.kind == "reference"
    assert reference.columns[:3] == ["Body", "Low", "High"]
    rolled = demo.roll_table("humanoid", dice=[5, 6])  # 11: groin
    assert "Groin" in rolled.text and "Stunned" in rolled.text
