"""Grapple, trip, push, throw, bandage, cripple and terror from the command line on the demo,
and what their states do to the next tests."""

from __future__ import annotations

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def states(s: Session, who: str) -> list[str]:
    return list(s.resolve(who).sheet.states)


def test_trip_makes_the_target_prone_until_it_stands(demo: Session) -> None:
    demo.execute("check kesh power/close_combat at grell")
    assert demo.execute("trip grell").text == (
        "Grell the Red is prone: -1 on its close combat, -1 to ranged attackers")
    assert states(demo, "grell") == ["prone"]
    # Grell's own close combat takes -1; a ranged attack at him takes -1
    own = demo.check("grell", CheckRequest(option="power/close_combat", difficulty=6),
                     dice=[5, 1, 1, 1, 1, 1])
    assert "-1 prone" in own.text and own.data["total"] == 5 + 3 - 1
    request, _ = demo.aimed_request("tamsin", CheckRequest(option="power/ranged_combat"), "grell")
    assert request.extra["modifiers"] == [{"label": "target prone", "value": -1,
                                           "situational": True}]
    assert "prone" in demo.system.status(demo.resolve("grell").sheet).flags
    demo.execute("stand grell")
    assert states(demo, "grell") == []
    with pytest.raises(RulesError, match="not prone"):
        demo.execute("stand grell")


def test_grapple_pins_throw_needs_the_pin_and_does_two_dice(demo: Session) -> None:
    with pytest.raises(RulesError, match="not pinned"):
        demo.execute("throw grell 2 damage")
    demo.execute("grapple grell")
    pinned = demo.check("grell", CheckRequest(option="power", difficulty=6), dice=[4] * 6)
    assert "-2 pinned = 2" in pinned.text
    # margin 2: 3 m, the damage effect: 2 dice [6 2] against armour 3 -> 1 wound
    thrown = demo.execute("throw grell 2 damage 6 2")
    assert thrown.text.startswith("Grell the Red staggers 3 m; 2D [6 2] vs armour 3: takes 1 box")
    assert states(demo, "grell") == []  # thrown clear of the hold
    demo.execute("grapple grell")
    demo.execute("escape grell")
    assert states(demo, "grell") == []


def test_push_over_a_drop_rolls_grace_acrobatics_against_tn7(demo: Session) -> None:
    # margin 1: 2 m; Grell's Grace 2 [3 1] + no Acrobatics = 3 < 7: prone
    pushed = demo.execute("push grell 1 drop 3 1")
    assert pushed.text == ("Grell the Red staggers 2 m, over the drop: Grace/Acrobatics 3 vs "
                           "TN 7, falls prone")
    with pytest.raises(RulesError, match="margin must be a whole number from 0 to 40"):
        demo.execute("push grell 99999999999999999999")


def test_bandage_stops_artery_strike_bleeding_and_cripple_until_a_medic(demo: Session) -> None:
    demo.execute("dmg grell 1 bleeding")
    assert [e.kind.value for e in demo.resolve("grell").sheet.effects] == ["bleeding"]
    demo.execute("bandage grell")
    assert demo.resolve("grell").sheet.effects == []
    # Grell: 3 + Grace 2 = 5 m; two Crippling Blow sixes take 4
    assert demo.execute("cripple grell 4").text == "Grell the Red loses 4 m of movement (1 m a round left)"
    assert "falls prone and cannot stand" in demo.execute("cripple grell 2").text
    with pytest.raises(RulesError, match="cannot stand"):
        demo.execute("stand grell")
    demo.execute("end")
    demo.execute("medic grell 12")
    assert demo.resolve("grell").sheet.movement_lost == 0


def test_fear_rolls_the_horrors_dice_against_fear_armour_onto_nerve(demo: Session) -> None:
    demo.execute("set conflict terror")
    # an Inhuman Entity (2D) in the dark (+1D): [3 5 1] against Fear Armour 2 -> 2 boxes
    event = demo.execute("fear kesh inhuman_entities darkness 3 5 1")
    assert event.text.startswith("Kesh Varro faces 3D of fear [3 5 1] vs fear armour 2: "
                                 "takes 2 boxes on nerve")
    assert demo.resolve("kesh").sheet.line("nerve").crossed == 2
    assert demo.system.default_damage_kind(demo.encounter.state) == "nerve"


def test_prone_and_pinned_as_encounter_conditions_count_too(demo: Session) -> None:
    demo.execute("cond grell pinned")
    pinned = demo.execute("check grell power vs 6 dice=4,4,4,4,4,4")
    assert "-2 pinned" in pinned.text
    demo.execute("cond ogre raider 1 prone")
    shot = demo.execute("check tamsin power/ranged_combat dice=4,1,1 at ogre raider 1 "
                        "target_dice=1")
    assert "-1 target prone" in shot.text
