"""ARM at the console, through `Session`: the shipped demo, tests with typed dice, damage and
undo, the declare-then-resolve rounds, pending modifiers, calculators and bad input."""

from __future__ import annotations

import random
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session, check_campaign
from gmconsole.systems.arm.demo import build_arm_demo
from tests.store.conftest import file_snapshot

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "arm-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Session:
    shutil.copytree(SHIPPED, tmp_path / "arm", ignore=shutil.ignore_patterns(".lock"))
    with Session.open(tmp_path / "arm", rng=random.Random(5)) as session:
        yield session


def test_the_shipped_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_arm_demo(tmp_path / "arm-demo", Session.create)

    def entities(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in file_snapshot(root).items() if not k.startswith("log/")}

    assert entities(fresh) == entities(SHIPPED)
    assert check_campaign(SHIPPED) == []


def test_the_demo_brawl_is_in_round_two_with_alex_hurt(demo: Session) -> None:
    enc = demo.encounter
    assert enc is not None and enc.round == 2 and enc.current.phase == "resolve"
    alex = demo.resolve("alex").sheet
    assert (alex.condition.wound, alex.condition.shock) == (2, 4)
    assert demo.system.health(alex) == "W2 S4"
    assert alex.pending and alex.pending[0].value == -2
    assert enc.get("thug-2").declared == "club Alex"


def test_T22_through_the_session_with_typed_dice(demo: Session) -> None:
    """Brad (Fitness 8, axe attack 0) against Alex standing: dice +3 -5 -> total 6, result 2."""
    event = demo.check("brad", CheckRequest(option="attack:Axe", difficulty=4), dice=[3, 5])
    assert event.data["total"] == 6 and event.data["margin"] == 2 and event.data["success"]
    assert event.data["outcome"] == "weak success"
    assert "[+3 -5]" in event.text


def test_a_draw_is_flagged_for_the_gm(demo: Session) -> None:
    event = demo.check("christine", CheckRequest(option="wit", difficulty=7), dice=[2, 1])  # T-27
    assert event.data["margin"] == 0 and "GM may rule" in event.data["outcome"]


def test_the_odds_before_rolling_are_exact(demo: Session) -> None:
    odds = demo.odds("brad", CheckRequest(option="attack:Axe", difficulty=4))
    assert odds is not None and odds.success == Fraction(35, 36)  # margin +4
    bands = dict(odds.bars)
    assert sum(bands.values()) == 1 and bands["astonishing success"] == Fraction(15, 36)  # +1 or more


def test_a_push_costs_a_shock_level_on_two_to_five(demo: Session) -> None:
    before = demo.resolve("christine").sheet.condition.shock
    event = demo.check("christine", CheckRequest(option="fitness", difficulty=8, extra={"push": True}),
                       dice=[3, 3, 4])
    assert event.data["total"] == 8 and "pushes: +1 shock" in event.text
    assert demo.resolve("christine").sheet.condition.shock == before + 1


def test_damage_through_toughness_and_armour_then_undo(demo: Session) -> None:
    event = demo.execute("dmg christine 9")  # 9 - (6 + 2) = 1 wound; 9 - 6 = 3 shock
    sheet = demo.resolve("christine").sheet
    assert (sheet.condition.wound, sheet.condition.shock) == (1, 2)
    assert event.data["detail"]["wound_result"] == 1 and event.data["detail"]["shock_result"] == 3
    demo.undo()
    assert demo.resolve("christine").sheet.condition.wound == 0
    demo.execute("dmg thug-1 2 wound")
    demo.execute("heal thug-1 1 wound")
    assert demo.resolve("thug-1").sheet.condition.wound == 1


def test_an_aimed_attack_and_its_hit(demo: Session) -> None:
    test = demo.aimed_check("thug-2", CheckRequest(option="attack:Club"), "christine", dice=[6, 1])
    assert test.data["target"] == 4 and test.data["success"]  # Fitness 6 + 5 = 11 vs 4
    hit = demo.hit(dice=[3, 3])  # hit 7 + club 3 = 10 stun: wound 10-8=2 -> 1-1=0; shock 10-6=4 -> 1+1
    sheet = demo.resolve("christine").sheet
    assert hit.data["kind"] == "stun" and (sheet.condition.wound, sheet.condition.shock) == (0, 2)


def test_an_opposed_stat_takes_the_targets_resisting_stat(demo: Session) -> None:
    request, opposition = demo.aimed_request("alex", CheckRequest(option="charisma"), "brad")
    assert request.difficulty == 7 and opposition is not None  # Brad's Willpower on his sheet


def test_rounds_declare_players_first_then_resolve_and_pending_expires(demo: Session) -> None:
    while demo.encounter.round == 2:
        demo.execute("next")
    enc = demo.encounter
    declare = [enc.get(s.actors[0]).side for s in enc.steps if s.phase == "declare"]
    assert declare == sorted(declare, key=lambda side: side != "pcs")
    assert demo.resolve("alex").sheet.pending  # lasts through round 3
    while demo.encounter.round == 3:
        demo.execute("next")
    assert not demo.resolve("alex").sheet.pending


def test_calculators(demo: Session) -> None:
    assert demo.execute("calc log 12").text == "log 12 = 250"
    assert demo.execute("calc convert 5 m ft per s s").text.startswith("log 5 m/s = log 8 ft/s")
    assert demo.execute("calc round 8 3").text.startswith("rate 8 over a round of 3 = log 10")
    assert demo.execute("calc group 6 6").text == "group of 6, 6 = 7"
    with pytest.raises(RulesError, match="unknown unit"):
        demo.execute("calc convert 5 parsec m")


def test_bad_input_is_refused_by_name(demo: Session, tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="no weapon 'Bow'"):
        demo.check("alex", CheckRequest(option="attack:Bow", difficulty=4))
    with pytest.raises(RulesError, match="no stat 'luck'"):
        demo.check("alex", CheckRequest(option="luck", difficulty=4))
    with pytest.raises(RulesError, match="impossible on a d6"):
        demo.check("alex", CheckRequest(option="wit", difficulty=4), dice=[7, 1])
    roster = demo.path / "roster" / "alex.toml"
    roster.write_text(roster.read_text().replace("[sheet.stats]\n", "[sheet.stats]\nluck = 3\n"))
    problems = [str(p) for p in check_campaign(demo.path)]
    assert any("no stat 'luck'" in p for p in problems), problems


def test_quick_combatants(demo: Session) -> None:
    demo.execute("add 2 guard fitness 7 armour 2 damage 5")
    guard = demo.resolve("guard-1").sheet
    assert guard.stats["fitness"] == 7 and guard.armour.wound == 2 and guard.weapons[0].damage == 5
