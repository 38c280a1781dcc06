"""Located hits at the table (T-17, T-18): `check WHO power/close_combat aim=PART at TARGET`,
then `hit`; each part's effect lands with its wounds (arm, groin, wing, a legless body's tail),
and an unaimed hit rolls on the target's own body table."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

from .test_console_attacks import attack, wounds


def test_an_arm_hit_drops_the_item_and_hinders_that_arm(hit_locations: Session) -> None:
    demo = hit_locations
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], aim="arm",
           target_dice="1,1")
    hit = demo.execute("hit 6 6 1 1")  # long sword: 2 dice over armour 3
    assert "an arm: drops what that hand holds, -1 on actions with that arm" in hit.text
    assert "hurt_arm" in demo.resolve("grell").sheet.states
    swing = demo.execute("check grell power/close_combat vs 6 dice=1,1,1,1,1,1")
    assert "hurt arm" in swing.text and "-1" in swing.text
    sight = demo.execute("check grell spirit vs 6 dice=1,1")
    assert "hurt arm" not in sight.text


def test_a_groin_hit_stuns_until_the_round_ends(hit_locations: Session) -> None:
    demo = hit_locations
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], aim="groin",
           target_dice="1,1")
    hit = demo.execute("hit 6 1 1 1")
    assert hit.text.endswith("the groin: stunned, loses its next combat action")
    assert wounds(demo, "grell") == (3, 0)
    with pytest.raises(RulesError, match="stunned"):
        demo.execute("check grell power/close_combat vs 6")
    change = demo.system.end_of_round(demo.resolve("grell").sheet)
    assert change is not None and "stun wears off" in change.text
    assert "stunned" not in change.sheet.states


def test_a_wing_hit_slows_the_flyer_and_a_snake_tail_is_its_leg(hit_locations: Session) -> None:
    demo = hit_locations
    demo.execute("dmg grell 3 wing")
    grell = demo.resolve("grell").sheet
    assert grell.wing_wounds == 3 and wounds(demo, "grell") == (5, 0)
    grell = grell.model_copy(update={"body": "snake_worm"})
    change = demo.system.apply_damage(grell, 2, "leg")
    assert change.text.endswith("a leg: 2 m of movement lost (this body cannot be tripped)")
    assert "prone" not in change.sheet.states


def test_an_unaimed_hit_rolls_on_the_targets_own_body_table(hit_locations: Session) -> None:
    demo = hit_locations
    path = demo.path / "roster" / "grell.toml"
    path.write_text(path.read_text().replace('body = "humanoid"', 'body = "bat_bird"'))
    demo.reload()
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], target_dice="1,1")
    hit = demo.execute("hit 6 6 3 3")  # 2d6 [3 3] = 6: a bat's wing, a man's torso
    assert "wing: " in hit.text and demo.resolve("grell").sheet.wing_wounds == 2


def test_a_groin_hit_on_someone_who_has_acted_costs_next_rounds_action(
        hit_locations: Session) -> None:
    demo = hit_locations  # round 2: Kesh (9) has acted, Tamsin (8) is acting
    demo.execute("check grell power/close_combat aim=groin dice=6,6,4,2,1,1 "
                 "target_dice=2,1,1,1 at kesh")
    hit = demo.execute("hit 5 6 2 1")
    assert hit.text.endswith("the groin: stunned: loses its action next round")
    assert demo.resolve("kesh").sheet.states == ["stunned_next"]
    demo.execute("check kesh power vs 6")  # nothing lost this round
    for _ in range(5):  # Tamsin, Grell, Ilse, Oduya and Ogre 2, Ogre 1: round 3 starts
        demo.execute("next")
    assert demo.encounter.round == 3
    assert demo.resolve("kesh").sheet.states == ["stunned"]
    with pytest.raises(RulesError, match="stunned"):
        demo.execute("check kesh power/close_combat vs 6")
    demo.execute("end")
    assert demo.resolve("kesh").sheet.states == []


def test_the_sheet_shows_what_the_parts_and_the_vehicle_module_left(
        hit_locations: Session) -> None:
    demo = hit_locations
    demo.execute("dmg grell 2 wing")
    demo.execute("dmg grell 1 arm")
    lines = dict(demo.system.sheet_lines(demo.resolve("grell").sheet))
    assert lines["Flying speed"] == "-20%" and lines["State"] == "hurt arm"
    demo.execute("gen vehicle heavy_carrier 40 10 as Marauder")
    demo.execute("section marauder set bridge 5")
    lines = dict(demo.system.sheet_lines(demo.resolve("marauder").sheet))
    assert lines["Locations"] == "bridge 5/5"
