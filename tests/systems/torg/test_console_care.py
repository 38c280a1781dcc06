"""Healing between fights, a reality bubble and improving a character, typed at the command line
on a copy of the demo (worked examples §7.3 C03, §7.5 S05, S11)."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def sheet(s: Session, who: str):
    return s.resolve(who).sheet


def test_medicine_result_points_go_to_the_next_healing_roll(demo: Session) -> None:
    """S05: Helena (TOU 8) heavily wounded; medicine 18 vs 12 gives +6; her healing roll with a
    die of 11 (bonus 0) is 8 + 0 + 6 = 14 vs 8 + 3 = 11: one level better."""
    demo.execute("dmg helena 22")  # 14 RP: 2 Wnd KO 5
    assert sheet(demo, "helena").damage.wounds == 2
    demo.execute("medicine helena 6")
    assert sheet(demo, "helena").damage.medicine_bonus == 6
    event = demo.execute("recover helena dice 11")
    assert "total 14 vs 11" in event.text and "heals one wound level" in event.text
    d = sheet(demo, "helena").damage
    assert d.wounds == 1 and d.medicine_bonus == 0


def test_a_failed_healing_roll_changes_nothing_but_the_medicine(demo: Session) -> None:
    """C03: Toughness 10 + bonus 1 (die 13) = 11 vs a heavy wound's 13: no better today."""
    demo.execute("dmg quinn 28")  # through kevlar: 28 - 15 = 13 RP, "2 Wnd O 4": heavily wounded
    wounds = sheet(demo, "quinn").damage.wounds
    event = demo.execute("recover quinn dice 13")
    assert "no better today" in event.text and sheet(demo, "quinn").damage.wounds == wounds


def test_healing_needs_a_wound_and_bounded_numbers(demo: Session) -> None:
    with pytest.raises(RulesError, match="nothing to heal"):
        demo.execute("recover helena dice 11")
    demo.execute("dmg helena 20")
    for line in ("medicine helena 999", "medicine helena ٣", "medicine helena -1", "recover helena dice 99"):
        with pytest.raises(RulesError):
            demo.execute(line)


def test_a_reality_bubble_costs_a_possibility(demo: Session) -> None:
    before = sheet(demo, "quinn").possibilities.count
    event = demo.execute("bubble quinn")
    assert sheet(demo, "quinn").possibilities.count == before - 1 and "15 minutes" in event.text
    with pytest.raises(RulesError):
        demo.execute("bubble ruiz")  # an Ord has no Possibility to spend


def test_improving_skills_and_attributes_costs_possibilities(demo: Session) -> None:
    """Dodge adds 2 -> 3 costs 3; fire combat 3 -> 5 costs 4 + 5; a new skill taught costs 2;
    S11: an attribute to 11 costs 33 (so DEX 11 -> 12 costs 36)."""
    demo.execute("gain quinn 50")
    start = sheet(demo, "quinn").possibilities.count
    demo.execute("improve quinn dodge")
    demo.execute("improve quinn fire combat 5")
    demo.execute("improve quinn stealth")
    q = sheet(demo, "quinn")
    assert (q.adds("dodge"), q.adds("fire_combat"), q.adds("stealth")) == (3, 5, 1)
    assert q.possibilities.count == start - 3 - 9 - 2
    demo.execute("improve quinn dex")
    q = sheet(demo, "quinn")
    assert q.attributes.DEX == 12 and q.possibilities.count == start - 14 - 36


def test_improvement_is_refused_before_anything_is_spent(demo: Session) -> None:
    before = sheet(demo, "quinn").possibilities.count
    for line in (
        "improve quinn dex 40",
        "improve quinn dodge 1",
        "improve quinn dodge 31",
        "improve quinn flying",
    ):
        with pytest.raises(RulesError):
            demo.execute(line)
    assert sheet(demo, "quinn").possibilities.count == before


def test_type_and_trademark_specialisation_through_the_item_switch(demo: Session) -> None:
    """S08/S09: a type specialisation is +1, its trademark +2 more, on the item named."""
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems.torg.sheet import Specialization

    q, torg = sheet(demo, "quinn"), demo.system
    spec = Specialization(skill="fire_combat", type="pistol", trademark="Beretta")
    special = torg.parse_sheet({**torg.dump_sheet(q), "specializations": [spec.model_dump()]})
    assert "item" in {s.key for s in torg.check_switches(special)}
    for item, total in (("", 14), ("pistol", 15), ("Beretta", 17)):
        request = CheckRequest(option="fire_combat", difficulty=10, extra={"item": item})
        assert torg.check(special, request, None, dice=[11]).total == total  # die 11: bonus 0


def test_supporter_cards_add_three_each(demo: Session) -> None:
    event = demo.execute("check quinn fire_combat supporters=2 dice=11 vs 10")
    assert "= 20 vs 10" in event.text  # 14 + 0 + 6


def test_narrowed_scope_is_a_switch_under_its_campaign_option(tmp_path) -> None:
    """S07: air vehicles adds 2, PER 9: primary 11, secondary 10, other 9 (0 adds, not unskilled)."""
    import random
    import shutil

    from tests.systems.torg.conftest import DEMO

    copy = tmp_path / "demo"
    shutil.copytree(DEMO, copy)
    toml = copy / "campaign.toml"
    toml.write_text(toml.read_text() + "\n[options]\nnarrowed_scope = true\n")
    with Session.open(copy, rng=random.Random(1)) as s:
        s.execute("improve quinn land_vehicles 2")  # PER 9 + 2 adds, as Quin's air vehicles
        for scope, total in (("primary", 11), ("secondary", 10), ("other", 9)):
            event = s.execute(f"check quinn land_vehicles scope={scope} dice=11 vs 5")
            assert f"= {total} vs 5" in event.text, event.text


def test_the_end_of_an_act_awards_possibilities(demo: Session) -> None:
    before = sheet(demo, "quinn").possibilities.count
    event = demo.execute("actend quinn 3")
    assert sheet(demo, "quinn").possibilities.count == before + 3 and "+3" in event.text
    demo.execute("set act 2")
    assert demo.encounter.state["act"] == "2"


def test_a_new_character_is_checked_against_the_creation_rules(demo: Session) -> None:
    """Quinn in the demo is past creation: 9 adds short of 16 and 11 Possibilities."""
    event = demo.execute("creation quinn")
    assert "not a starting character" in event.text and "skill adds" in event.text
    assert demo.resolve("quinn").sheet == sheet(demo, "quinn")
    fresh = demo.system.parse_sheet(
        {
            "name": "New",
            "attributes": {"DEX": 11, "STR": 9, "TOU": 10, "PER": 9, "MIN": 9, "CHA": 9, "SPI": 9},
            "skills": {"fire_combat": 3, "dodge": 3, "reality": 3, "stealth": 3, "find": 2, "maneuver": 2},
            "possibilities": {"history": [{"delta": 10, "reason": "starting"}]},
        }
    )
    from gmconsole.systems.base import Scene
    from gmconsole.systems.torg.care_verbs import creation

    assert creation(None, fresh, [], Scene(rng=None)).startswith("a legal starting character")
