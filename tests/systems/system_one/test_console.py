"""System One at the console, through `Session`: the shipped demo, checks with typed dice and
exact odds, hits held until the round ends, damage by location and undo, the two-pass rounds,
the system's verbs and calculators, and bad input."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.store import Session, check_campaign
from gmconsole.systems.system_one.demo import build_system_one_demo
from tests.store.conftest import file_snapshot
from tests.systems.system_one.conftest import SHIPPED


def finish_round(session: Session) -> None:
    start = session.encounter.round
    while session.encounter.round == start:
        session.execute("next")


def test_the_shipped_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_system_one_demo(tmp_path / "system-one-demo", Session.create)

    def entities(root: Path) -> dict[str, bytes]:
        return {k: v for k, v in file_snapshot(root).items() if not k.startswith("log/")}

    assert entities(fresh) == entities(SHIPPED)
    assert check_campaign(SHIPPED) == []


def test_the_demo_is_mid_resolution_with_hits_held(demo: Session) -> None:
    enc = demo.encounter
    assert enc is not None and enc.round == 1 and enc.current.phase == "resolve"
    dana = demo.resolve("dana").sheet
    assert dana.damage == 0 and [(h.location, h.raw) for h in dana.held] == [("right arm", 5)]
    assert demo.system.health(dana) == "LP 7/7 +5?"
    assert demo.resolve("yuki").sheet.defence == 20


def test_held_hits_land_at_the_end_of_the_round(demo: Session) -> None:
    finish_round(demo)
    dana = demo.resolve("dana").sheet
    assert dana.held == [] and dana.wound("right arm") == 3  # 5 less the leather jacket's 2
    guard = demo.resolve("guard-2").sheet
    assert guard.wound("left leg") == 7 and guard.held == []
    assert demo.resolve("yuki").sheet.defence == 0  # defence lasts the round it was declared in
    assert demo.encounter.get("guard-2").status == "out"  # critical at STA 55 - 50: seeded roll failed


def test_a_hit_and_its_undo(demo: Session) -> None:
    demo.aimed_check("guard-2", CheckRequest(option="attack:Club"), "yuki", dice=[20])
    event = demo.hit(dice=[8, 3])  # torso, 1d4+1 = 4
    assert event.data["held"] and demo.resolve("yuki").sheet.held[0].raw == 4
    demo.undo()
    assert demo.resolve("yuki").sheet.held == []


def test_the_target_defence_lowers_the_attackers_chance(demo: Session) -> None:
    request, opposition = demo.aimed_request("guard-2", CheckRequest(option="attack:Club"), "yuki")
    assert request.extra["target_defence"] == 10 and opposition is not None  # Yuki gave up 20: -10 to hit her
    event = demo.check("yuki", CheckRequest(option="attack:Knife"), dice=[40])
    assert event.data["target"] == 35  # HEC 50 + 5 - 20 given up


def test_damage_by_location_through_armour_with_wear_then_undo(demo: Session) -> None:
    event = demo.execute("dmg vic 8 torso")
    vic = demo.resolve("vic").sheet
    assert vic.wound("torso") == 3 and vic.armour[0].value == 3  # integrity 2: ceil(3/2) lost
    assert "wears by 2" in event.text
    demo.undo()
    vic = demo.resolve("vic").sheet
    assert vic.wound("torso") == 0 and vic.armour[0].value == 5


def test_a_head_shot_kills_and_bleeding_has_no_location(demo: Session) -> None:
    demo.execute("dmg vic 3 head")  # 6 through: three quarters of LP 8 in the head
    assert demo.system.status(demo.resolve("vic").sheet).health == "dead"
    demo.undo()
    demo.execute("dmg vic 2 bleed")
    assert demo.resolve("vic").sheet.bleed == 2 and demo.resolve("vic").sheet.damage == 2


def test_a_limb_holds_no_more_than_lp(demo: Session) -> None:
    demo.execute("dmg marcus 12 left-leg")  # LP 10: 10 in the leg, 2 to the torso
    marcus = demo.resolve("marcus").sheet
    assert marcus.wound("left leg") == 10 and marcus.wound("torso") == 2


def test_checks_with_typed_dice_and_automatic_results(demo: Session) -> None:
    event = demo.check("yuki", CheckRequest(option="skill:First Aid"), dice=[85])
    assert event.data["target"] == 85 and event.data["success"] and event.data["margin"] == 0
    event = demo.check("yuki", CheckRequest(option="skill:First Aid", difficulty=-100), dice=[3])
    assert event.data["success"] and "automatic success" in event.data["outcome"]
    event = demo.check("marcus", CheckRequest(option="attr:STR", modifiers=200), dice=[100])
    assert not event.data["success"] and "automatic failure" in event.data["outcome"]


def test_language_uses_its_own_table(demo: Session) -> None:
    event = demo.check("dana", CheckRequest(option="skill:Language (Spanish)"), dice=[85])
    assert event.data["target"] == 85  # level 3


def test_exact_odds_before_rolling(demo: Session) -> None:
    odds = demo.odds("marcus", CheckRequest(option="attack:Rifle", difficulty=-50))
    assert odds is not None and odds.success == Fraction(35, 100)  # 70 + 15 - 50
    odds = demo.odds("marcus", CheckRequest(option="attack:Rifle", difficulty=-100))
    assert odds.success == Fraction(5, 100)  # only 01-05
    assert sum(p for _, p in odds.bars) == 1


def test_wounds_cost_skill_points(demo: Session) -> None:
    demo.execute("dmg marcus 4 right-arm")  # LP 10: wounded overall, the weapon arm at 1/4-1/2
    event = demo.check("marcus", CheckRequest(option="attack:Rifle"), dice=[50])
    assert event.data["target"] == 85 - 10 - 15


def test_unskilled_attacks_use_half_hec_and_stay_under_it(demo: Session) -> None:
    event = demo.check("dana", CheckRequest(option="attack:Pistol"), dice=[50])
    assert event.data["target"] == 70
    demo.execute("add quick-thug skill 0")  # a quick combatant: Long Blade at 0
    event = demo.check("quick-thug", CheckRequest(option="attack:Sword", modifiers=60), dice=[50])
    assert event.data["target"] == 55  # 27 + 60, capped at HEC 55


def test_rounds_declare_lowest_int_first_and_resolve_in_reverse(demo: Session) -> None:
    finish_round(demo)
    enc = demo.encounter
    declare = [s.actors[0] for s in enc.steps if s.phase == "declare"]
    resolve = [s.actors[0] for s in enc.steps if s.phase == "resolve"]
    assert resolve == list(reversed(declare))
    ints = [demo.system.stat(demo.resolve(c).sheet, "INT") for c in declare]
    assert ints == sorted(ints)


def test_a_surprised_combatant_does_nothing_in_round_one(tmp_path: Path) -> None:
    with Session.create(tmp_path / "c", name="c", system_id="system-one", rng=random.Random(1)) as s:
        s.execute("encounter Ambush")
        s.execute("add 2 guard int 50")
        s.execute("cond guard-2 surprised")
        s.execute("start")
        actors = {a for step in s.encounter.steps for a in step.actors}
        assert actors == {"guard-1"}
        finish_round(s)
        assert {a for step in s.encounter.steps for a in step.actors} == {"guard-1", "guard-2"}


def test_verbs(demo: Session) -> None:
    assert "spends 5 EF" in demo.execute("exert dana 5").text
    demo.execute("dmg dana 2 torso")  # leather 2: nothing through
    demo.execute("dmg dana 2 left-leg")  # LP 7: wounded, EF costs double
    assert "spends 6 EF (3 x2, wounded)" in demo.execute("exert dana 3").text
    assert "regains" in demo.execute("rest dana all").text
    with pytest.raises(RulesError, match="no power"):
        demo.execute("power dana Flight on")
    demo.execute("dmg vic 11 torso")  # 6 through, LP 8: critical, needs stabilising
    vic = demo.resolve("vic").sheet
    assert not vic.stabilised
    demo.execute("stabilise vic")
    assert demo.resolve("vic").sheet.stabilised
    assert "IP +26: 26 (1 point" in demo.execute("ip marcus 26").text


def test_calculators(demo: Session) -> None:
    assert demo.execute("calc chance 55 2 hard").text.startswith("55 + 5 x 2 -50 hard +0 = 15%")
    assert demo.execute("calc range 20 50").text == "50 m with range 20: long, -60"
    assert demo.execute("calc size 1/4").text.endswith("-30")
    assert demo.execute("calc fall 10").text.startswith("a fall of 10 m: 4 damage")
    assert demo.execute("calc stabilise 60 2 9 7").text.endswith("50%")
    assert demo.execute("calc heal 5").text.startswith("5 point(s) in one location heal by day 30")
    assert demo.execute("calc suppress 6 2 45").text.endswith("2 hit(s)")
    assert demo.execute("calc derived 55 55 55 55").text == "LP 7, EF 68, PW 7"
    with pytest.raises(RulesError, match="usage: calc range"):
        demo.execute("calc range 20")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("dmg vic 3 elbow", "no damage kind 'elbow'"),
        ("check vic skill:Piloting", "no skill 'Piloting'"),
        ("check vic attack:Bazooka", "no weapon 'Bazooka'"),
        ("defend vic lots", "must be a whole number"),
        ("check vic attr:LUCK", "no attribute"),
    ],
)
def test_bad_input_is_refused_by_name_and_changes_nothing(demo: Session, line: str, message: str) -> None:
    before = file_snapshot(demo.path)
    with pytest.raises(GmConsoleError, match=message):
        demo.execute(line)
    assert file_snapshot(demo.path) == before


def test_a_ranged_shot_takes_its_band_speed_and_aim_from_the_switches(demo: Session) -> None:
    """The EX49 assembly through a check: Rifle range 50, a target 150 m off (long, -60)
    running at 16 m/turn (-11), aimed 2 turns (+20 at a fast target)."""
    extra = {"distance": 150, "target_speed": 16, "aim": 2}
    event = demo.check("marcus", CheckRequest(option="attack:Rifle", extra=extra), dice=[30])
    assert event.data["target"] == 85 - 60 - 11 + 20
    with pytest.raises(RulesError, match="beyond extreme range"):
        demo.check("marcus", CheckRequest(option="attack:Rifle", extra={"distance": 401}), dice=[30])
    with pytest.raises(RulesError, match="distance must be a whole number"):
        demo.check("marcus", CheckRequest(option="attack:Rifle", extra={"distance": "far"}), dice=[30])


def test_a_called_shot_hits_the_part_on_its_chance(demo: Session) -> None:
    extra = {"called": "head", "called_cost": 25}
    test = demo.aimed_check("marcus", CheckRequest(option="attack:Rifle", extra=extra), "guard-1", dice=[30])
    assert test.data["target"] == 85 - 25
    demo.hit(dice=[9, 3, 3])  # d100 9 under 10%: the head; 2d6 = 6
    assert demo.resolve("guard-1").sheet.held[0].location == "head"


def test_recovering_over_days_follows_the_schedule(demo: Session) -> None:
    """5 points in the left arm and 3 in the right leg: by day 12 the leg is whole and the arm
    still 2 down (the book's example)."""
    demo.execute("dmg yuki 5 left-arm")
    demo.execute("dmg yuki 3 right-leg")
    demo.execute("recover yuki 12")
    yuki = demo.resolve("yuki").sheet
    assert yuki.wound("right leg") == 0 and yuki.wound("left arm") == 2
    with pytest.raises(RulesError, match="days must be a whole number"):
        demo.execute("recover yuki soon")


def test_the_sheet_reports_skill_points_and_missing_prerequisites(demo: Session) -> None:
    lines = dict(demo.system.sheet_lines(demo.resolve("yuki").sheet))
    # First Aid 4 (10), Medical Treatment (Standard) 2 at base 2 (6), Short Blade 1 (1), two languages
    assert lines["Skill points"] == str(10 + 6 + 1 + 36 + 15)
    assert "Prerequisites" not in lines  # First Aid 4 covers Medical Treatment's First Aid 2
    demo.execute("check yuki skill:First Aid")  # the check works; now lower First Aid by hand
    sheet = demo.resolve("yuki").sheet
    sheet.skills[0].level = 1
    assert "needs First Aid 2" in dict(demo.system.sheet_lines(sheet))["Prerequisites"]
