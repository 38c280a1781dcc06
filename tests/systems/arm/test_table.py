"""Issue 26, ARM at the table: each defect through the command line a GM types, and the book's
numbers for defence, ranged attacks, circling, berserk and the one action a round."""

from __future__ import annotations

import contextlib
import random
import shutil
import time
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session, check_campaign

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "arm-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Session:
    shutil.copytree(SHIPPED, tmp_path / "arm", ignore=shutil.ignore_patterns(".lock"))
    with Session.open(tmp_path / "arm", rng=random.Random(5)) as session:
        yield session


def to_round_three_resolve(s: Session) -> None:
    while s.encounter.round == 2:
        s.execute("next")
    while s.encounter.current.phase == "declare":
        s.execute("next")


def mods(event) -> dict[str, int]:
    return {m["label"]: m["value"] for m in event.data["modifiers"]}


# ---------------------------------------------------------------- defects


def test_a_pending_ruling_waits_for_the_coming_round(demo: Session) -> None:
    demo.execute("pending christine +3 attack 1 lunge prepared")
    now = demo.execute("check christine attack:Rapier at brad dice=3,3")
    assert mods(now)["pending"] == 1  # circling Brad's +1 only, not +4
    to_round_three_resolve(demo)
    later = demo.execute("check christine attack:Rapier at brad dice=3,3")
    assert mods(later)["pending"] == 3  # circling's +1 is over, the ruling is in force
    while demo.encounter.round == 3:
        demo.execute("next")
    assert not demo.resolve("christine").sheet.pending


def test_one_action_a_round_now_then_now_does_not_give_a_second_action(demo: Session) -> None:
    to_round_three_resolve(demo)
    demo.execute("now christine")
    demo.execute("now brad")
    event = demo.execute("next")
    enc = demo.encounter
    assert "Christine has acted this round" in event.text
    later = [a for st in enc.steps[enc.pointer:] for a in st.actors]
    assert "christine" not in later and "brad" not in later
    assert "Acted: Christine, Brad" in demo.order.header(enc)
    with pytest.raises(RulesError, match="Christine has acted this round"):
        demo.execute("now christine")  # nor a second action by being brought up again


def test_a_second_test_in_a_round_is_flagged(demo: Session) -> None:
    to_round_three_resolve(demo)
    first = demo.execute("check alex wit vs 6 dice=3,3")
    assert "already acted" not in first.text
    assert "has already acted this round" in demo.execute("check alex wit vs 6 dice=3,3").text


def test_a_dodge_uses_the_action_so_its_step_goes(demo: Session) -> None:
    to_round_three_resolve(demo)
    assert demo.encounter.current.actors == ["alex"]
    demo.execute("next")  # Christine's step
    demo.check("thug-1", CheckRequest("dodge", difficulty=4), dice=[3, 3])
    demo.execute("next")
    enc = demo.encounter
    assert "thug-1" not in [a for st in enc.steps[enc.pointer:] for a in st.actors]


def test_a_defence_answers_the_hit_prepared_two_plus_its_result(demo: Session) -> None:
    """T-22/T-23: Brad hits Alex with result 2; Alex, prepared, dodges against 2 + 2 = 4, dice
    +4 -1: total 9, result 5, the blow avoided."""
    demo.execute("prepare alex")
    attack = demo.execute("check brad attack:Axe at alex dice=3,5")
    assert attack.data["margin"] == 2
    dodge = demo.execute("check alex dodge at brad dice=4,1")
    assert (dodge.data["target"], dodge.data["total"], dodge.data["margin"]) == (4, 9, 5)
    assert dodge.data["stopped"]
    with pytest.raises(RulesError, match="stopped"):
        demo.execute("hit")
    assert "Prepared (defence 2 + hit): Alex" in demo.order.header(demo.encounter)


def test_a_failed_parry_leaves_the_hit_for_H(demo: Session) -> None:
    """Unprepared: 4 + the hit. Christine's parry fails and the axe still lands."""
    demo.execute("check brad attack:Axe at christine dice=3,3")  # 8 - 4: result 4
    parry = demo.execute("check christine parry:Rapier at brad dice=1,3")  # 7 + 1 - 2 = 6 vs 8
    assert parry.data["target"] == 8 and not parry.data["success"]
    hit = demo.execute("hit 3 3")  # 4 + axe 8 + strength 1 = 13 vs Toughness 6 + leather 2/0
    assert "Brad hits" in hit.text
    c = demo.resolve("christine").sheet.condition
    assert (c.wound, c.shock) == (2, 4)  # wound 13 - 8 = 5: Moderate; shock 13 - 6 = 7: Fainting


def test_T29_prepared_dodge_against_a_hit_of_six_fails(demo: Session) -> None:
    demo.execute("prepare alex")
    attack = demo.execute("check christine attack:Rapier at alex +1 dice=3,4")  # +1: circling Alex
    assert attack.data["margin"] == 6  # Fitness 7 + 1 + 2 + 1 circling + (3 - 4) - 4
    dodge = demo.execute("check alex dodge at christine dice=4,3")
    assert (dodge.data["target"], dodge.data["total"], dodge.data["margin"]) == (8, 7, -1)
    hit = demo.execute("hit 2 5")  # T-30: 4 + 6 + (2 - 5) = 7: wound -2, shock 0 -> Dazed
    assert hit.data["detail"]["wound_result"] == -2 and hit.data["detail"]["shock_result"] == 0


def test_a_switch_that_does_not_fit_the_test_is_refused(demo: Session) -> None:
    with pytest.raises(RulesError, match="for attacks"):
        demo.execute("check alex wit vs 6 moving")
    with pytest.raises(RulesError, match="missile weapon"):
        demo.execute("check alex attack:Sword at brad distance=3m")
    with pytest.raises(RulesError, match="measure"):
        demo.execute("check thug-1 attack:Long bow at alex distance=-3m")


def test_a_counter_blow_defence_is_two_harder(demo: Session) -> None:
    demo.execute("check brad attack:Axe at christine dice=3,3")
    event = demo.execute("check christine dodge counter at brad dice=3,3")
    assert event.data["target"] == 6 + 4


def test_only_slow_missiles_can_be_dodged_and_none_parried(demo: Session) -> None:
    demo.execute("check thug-1 attack:Long bow at alex dice=3,3")
    with pytest.raises(RulesError, match="cannot be dodged"):
        demo.execute("check alex dodge at thug-1")
    with pytest.raises(RulesError, match="only be dodged"):
        demo.execute("check alex parry:Sword at thug-1")
    assert demo.execute("hit 3 3").data["exchange"]


def test_an_opposed_stat_offers_no_damage(demo: Session) -> None:
    test = demo.aimed_check("christine", CheckRequest("wit"), "brad", dice=[3, 3])
    assert test.data["success"]
    aimed = demo.last_aimed
    offer = demo.system.damage_offer(demo.resolve("christine").sheet, aimed.request, aimed.result,
                                     demo.resolve("brad").sheet, random.Random(1))
    assert offer is None
    with pytest.raises(RulesError, match="cannot work this damage out"):
        demo.execute("hit")


@pytest.mark.parametrize("line", ["pending alex -2 defense 2 Reeling", "pending alex -2 Defence"])
def test_pending_reads_defense_as_defence(demo: Session, line: str) -> None:
    demo.execute(line)
    assert demo.resolve("alex").sheet.pending[-1].applies_to == "defence"


@pytest.mark.parametrize(
    ("line", "message"),
    [("pending alex -2 Reeling", "all, attack or defence, not 'Reeling'"),
     ("pending alex -99 all", "from -20 to 20"),
     ("pending alex -2 all 500", "from 1 to 100"),
     ("pending alex 1.5", "whole number")],
)
def test_pending_refuses_what_it_cannot_read(demo: Session, line: str, message: str) -> None:
    before = list(demo.resolve("alex").sheet.pending)
    with pytest.raises(RulesError, match=message):
        demo.execute(line)
    assert demo.resolve("alex").sheet.pending == before


def test_the_round_length_is_a_positive_time(demo: Session) -> None:
    for bad in ("set round -5s", "set round 0s", "set round 3km", "set round fast"):
        with pytest.raises(RulesError):
            demo.execute(bad)
    demo.execute('set round "10 minutes"')
    assert demo.encounter.state["round"] == "10min"
    demo.execute("set round 2 minutes")  # unquoted, as a GM types it
    assert demo.encounter.state["round"] == "2min"
    demo.execute("set round 1.5s")
    assert demo.encounter.state["round"] == "1.5s"


def test_a_heal_without_a_track_says_it_is_shock(demo: Session) -> None:
    event = demo.execute("heal alex 1")
    assert "no track named: shock" in event.text
    assert demo.resolve("alex").sheet.condition.shock == 3
    demo.execute("heal alex 1 wound")
    alex = demo.resolve("alex").sheet
    assert alex.condition.wound == 1 and sum(w.level for w in alex.wounds) == 1


@pytest.mark.parametrize(
    "line",
    ["calc log 99999999999", "calc log 20000", "calc round 20000 20000", "calc round 5 0",
     "calc group 1234567890123456789012345678901234567890 5", "calc measure 1e999", "calc measure -3",
     "calc measure 0", "calc log ٣", "calc convert 5 m ft per s s 99", "calc units 3 parsec",
     "calc group " + " ".join(["5"] * 60), "calc subtasks x", "calc convert 5 m"],
)
def test_calculators_refuse_hostile_numbers_by_name(demo: Session, line: str) -> None:
    with pytest.raises(RulesError):
        demo.execute(line)


def test_an_acceleration_is_labelled_per_second_squared(demo: Session) -> None:
    """T-11 in km: log 3 m/s² is -12 km/s², +36 for hours twice: 24 km/h²."""
    text = demo.execute("calc convert 3 m km per s h 2").text
    assert text.startswith("log 3 m/s² = log 24 km/h²")


# ---------------------------------------------------------------- gaps


def test_T31_a_moving_target_is_six(demo: Session) -> None:
    event = demo.execute("check brad attack:Axe moving at alex dice=6,3")
    assert event.data["total"] == 11 and event.data["target"] == 6 and event.data["margin"] == 5


def test_a_berserk_charge_is_three_and_costs_two_next_round(demo: Session) -> None:
    event = demo.execute("check brad attack:Axe at christine berserk=yes dice=3,3")
    assert event.data["target"] == 3
    assert mods(demo.check("brad", CheckRequest("wit", difficulty=4), dice=[3, 3])).get("pending") is None
    to_round_three_resolve(demo)
    assert mods(demo.check("brad", CheckRequest("wit", difficulty=4), dice=[3, 3]))["pending"] == -2


def test_T27_circling_is_wit_against_wit_and_gives_plus_one_next_round(demo: Session) -> None:
    event = demo.execute("check christine circle at alex dice=2,1")
    assert event.data["total"] == 7 and event.data["target"] == 7 and event.data["margin"] == 0
    christine = demo.resolve("christine").sheet
    assert christine.prepared and christine.pending[-1].value == 1 and christine.pending[-1].waiting
    assert "Alex's weakness" in christine.pending[-1].reason


def test_D08_a_long_bow_reaches_fitness_plus_seven(demo: Session) -> None:
    """Thug Fitness 6: range 13. 450 m is log 13, in range; 700 m is log 14, out of range."""
    shot = demo.execute("check thug-1 attack:Long bow at alex distance=450m dice=3,3")
    assert shot.data["target"] == 4 + 26
    with pytest.raises(RulesError, match="out of range"):
        demo.execute("check thug-1 attack:Long bow distance=700m at alex")


def test_D07_a_distance_under_a_metre_counts_as_none_cover_and_weather_add(demo: Session) -> None:
    shot = demo.execute("check thug-1 attack:Long bow at alex distance=50cm cover=2 weather=1 dice=3,3")
    assert shot.data["target"] == 4 + 0 + 2 + 1


def test_helpers_and_absolute_mods_by_situation(demo: Session) -> None:
    event = demo.execute("check alex fitness vs 6 helper=3 helped dice=3,3")
    assert mods(event) == {"helper": 3, "helped": 1}
    neg = demo.execute("check alex fitness vs 6 helper=-2 dice=3,3")
    assert "helper" not in mods(neg)
    with pytest.raises(RulesError, match="no absolute mod 'Large'"):
        demo.execute("check alex fitness vs 6 helps=Large")
    with pytest.raises(RulesError, match="from 0 to 20"):
        demo.execute("check alex fitness vs 6 cover=99")


def test_T13_an_absolute_mod_helps_or_hurts(demo: Session) -> None:
    sheet = demo.system.dump_sheet(demo.resolve("brad").sheet)
    sheet["mods"].append({"name": "Large", "kind": "absolute", "value": 4})
    giant = demo.system.parse_sheet(sheet)
    request = CheckRequest("fitness", difficulty=8, extra={"helps": "Large"})
    climb = demo.system.check(giant, request, random.Random(1), [3, 3])
    dodge = demo.system.check(giant, CheckRequest("dodge", difficulty=8, extra={"hurts": "large"}),
                              random.Random(1), [3, 3])
    assert climb.total == 8 + 4 and dodge.total == 8 - 4


def test_subtasks_and_group_at_the_command_line(demo: Session) -> None:
    assert demo.execute("calc subtasks 3 -1 2").text.endswith("is -1")  # D-01
    assert demo.execute("calc group 6 6").text == "group of 6, 6 = 7"


def test_the_unit_converter_shows_every_unit(demo: Session) -> None:
    text = demo.execute("calc units 100 ft").text
    assert "(log 10 in ft)" in text and "30.5 m (log 7)" in text  # the measure; its log 10 - 3 = 7
    assert "min" not in text


def test_move_a_round_and_push_it(demo: Session) -> None:
    """Corven-like: run 5 (10 m/s) over the demo's 2 s round: 5 + log 2 (2) = 7 -> 25 m (D-05)."""
    assert demo.execute("move christine run").text.endswith("log 7 = 25 m")
    pushed = demo.execute("move christine run push 4")
    assert pushed.text.endswith("log 8 = 40 m") and demo.resolve("christine").sheet.condition.shock == 1
    assert demo.execute("move christine run push 1").text.endswith("log 7 = 25 m")
    with pytest.raises(RulesError, match="push die"):
        demo.execute("move christine run push 7")
    with pytest.raises(RulesError, match="no movement rate 'fly'"):
        demo.execute("move christine fly")


def test_build_prices_the_sheet_and_warns_outside_the_race(demo: Session) -> None:
    """D-13: Fitness 6 at 10 a level is 60; the rest at the example prices."""
    event = demo.execute("build brad")
    assert event.data["detail"]["chp"] == 8 * 10 + 5 * 5 + 8 * 5 + 4 * 10 + 5 * 5 + 7 * 5 + 1 * 5  # Strength
    assert not event.data["detail"]["warnings"] and not event.changes



def test_build_warns_outside_the_racial_limits(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path / "arm", ignore=shutil.ignore_patterns(".lock"))
    roster = tmp_path / "arm" / "roster" / "christine.toml"
    roster.write_text(roster.read_text().replace("fitness = 7", "fitness = 11"))
    with Session.open(tmp_path / "arm", rng=random.Random(5)) as session:
        event = session.execute("build christine")
    assert event.data["detail"]["warnings"] == ["fitness 11 outside human 3..9"]
    assert "fitness 11 outside human 3..9" in event.text


def test_a_mental_attack_does_shock_only(demo: Session) -> None:
    demo.execute("dmg christine 9 mental")  # 9 - Toughness 6 = 3: shock Giddy, no wound
    c = demo.resolve("christine").sheet.condition
    assert (c.wound, c.shock) == (0, 2)


def test_each_wound_is_recorded_up_to_five(demo: Session) -> None:
    for _ in range(7):
        demo.execute("dmg thug-1 1 wound")
    thug = demo.resolve("thug-1").sheet
    assert len(thug.wounds) == 5 and sum(w.level for w in thug.wounds) == thug.condition.wound == 5


def test_set_spells_and_improvisational_magic(demo: Session) -> None:
    """Odo: Willpower 8, Magically Able +1, Fire-ball (cast 7; flung with Fitness + 20, damage 12)."""
    keys = {o.key for o in demo.system.check_options(demo.resolve("odo").sheet)}
    assert {"cast:Fire-ball", "attack:Fire-ball", "magic:shape"} <= keys
    cast = demo.execute("check odo cast:Fire-ball dice=3,3")
    assert (cast.data["target"], cast.data["total"]) == (7, 8)
    shape = demo.execute("check odo magic:shape dice=3,3")
    assert (shape.data["target"], shape.data["total"]) == (6, 8 + 1)
    with pytest.raises(RulesError, match="needs the special mod Magically Able"):
        demo.execute("check brad magic:shape vs 6")
    throw = demo.execute("check odo attack:Fire-ball at brad distance=20m dice=3,3")
    assert (throw.data["total"], throw.data["target"]) == (5 + 20, 4 + 2 * 7)  # 20 m is log 7
    with pytest.raises(RulesError, match="cannot be dodged"):
        demo.execute("check brad dodge at odo")
    hit = demo.execute("hit 3 3")  # 7 + 12 = 19 vs Toughness 8: wound 11, shock 11
    assert hit.data["detail"]["wound_result"] == 11


HOSTILE = ("99999999999", "1e999", "0.5", "-3", "٣", "x" * 300, "1" * 40, "-5s", "0")
LINES = ("calc measure {}", "calc units {} km", "calc round 5 {}", "calc subtasks {} 1",
         "pending alex {}", "pending alex -2 all {}", "move alex run push {}", "set round {}",
         "dmg alex {} mental", "heal alex {} wound", "check alex fitness vs 6 helper={}",
         "check thug-1 attack:Long bow at alex distance={}")


def test_hostile_numbers_give_a_refusal_or_a_sane_answer_fast(demo: Session) -> None:
    started = time.monotonic()
    for line in LINES:
        for text in HOSTILE:
            with contextlib.suppress(RulesError):
                demo.execute(line.format(text))
    assert time.monotonic() - started < 10
    assert check_campaign(demo.path) == []


def test_the_reference_pane_has_the_books_tables(demo: Session) -> None:
    names = {t.name for t in demo.system.tables()}
    assert {"Ranged attack difficulty", "Melee action difficulties", "Example characters",
            "Improvisational magic", "Unit conversions", "Damage table"} <= names


def test_ending_the_fight_ends_its_rulings(demo: Session) -> None:
    demo.execute("prepare alex")
    demo.execute("end")
    alex = demo.resolve("alex").sheet
    assert not alex.pending and not alex.prepared
