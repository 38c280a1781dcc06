"""An attack's situation as test switches (rapid and walking fire, hands, reach, moving,
kicks, invisibility, vehicle fire), the punch everyone has, paces and EF coming back, and
the random power and mutation tables, at the console."""

from __future__ import annotations

import random

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems.base import Scene
from tests.systems.system_one.test_console import finish_round


def chance(session: Session, who: str, option: str, **extra: object) -> int:
    return session.check(who, CheckRequest(option=option, extra=dict(extra)), dice=[50]).data["target"]


def test_rapid_fire_and_walking_the_fire_in(demo: Session) -> None:
    """EX26 with a guard's SMG (ROF 5, base 55 + 10 = 65): -20, then -15, ... across turns."""
    base = 65
    assert chance(demo, "guard-1", "attack:Submachine gun", rapid=True) == base - 20
    assert chance(demo, "guard-1", "attack:Submachine gun", rapid=True, shot=2) == base - 15
    assert chance(demo, "guard-1", "attack:Submachine gun", rapid=True, shot=7) == base + 10
    assert (
        chance(demo, "guard-1", "attack:Submachine gun", shot=3, aim=2) == base + 10
    )  # aim: first shot only
    with pytest.raises(RulesError, match="ROF 1"):
        chance(demo, "marcus", "attack:Rifle", rapid=True)


def test_hands_and_two_weapons(demo: Session) -> None:
    base = 70 + 15
    assert chance(demo, "marcus", "attack:Rifle", hand="off") == base - 25
    assert chance(demo, "marcus", "attack:Rifle", weapons="one") == base - 10
    assert chance(demo, "marcus", "attack:Rifle", weapons="several", hand="off") == base - 80


def test_moving_halves_the_base_and_a_vehicle_halves_the_end(demo: Session) -> None:
    assert chance(demo, "marcus", "attack:Rifle", moving="walk", distance=80) == 85 // 2 - 25
    with pytest.raises(RulesError, match="while the firer runs"):
        chance(demo, "marcus", "attack:Rifle", moving="run")
    assert chance(demo, "marcus", "attack:Rifle", rough=True, driving=True) == 85 // 4


def test_melee_reach(demo: Session) -> None:
    """A 2 m spear: at 1 m, 1 m inside its 3 m reach (body 1 m + 2) -25 per metre; 4 m is
    exactly 1 m past (-50); 5 m no attack. A sword with no reach keeps HTH distance."""
    sheet = demo.system.dump_sheet(demo.resolve("guard-1").sheet)
    sheet["weapons"].append({"name": "Spear", "skill": "Spear/Pole", "damage": "1d6", "reach_m": 2})
    guard = demo.system.parse_sheet(sheet)
    odds = lambda **extra: demo.system.odds(guard, CheckRequest(option="attack:Spear", extra=extra))  # noqa: E731
    assert odds(distance=1).note.startswith("chance 27 -50 2 m inside the reach = -23%")
    assert "-50 1 m past the reach" in odds(distance=4).note
    with pytest.raises(RulesError, match="parry only"):
        odds(distance=5)


def test_everyone_can_punch_and_kicks_need_the_skill(demo: Session) -> None:
    options = {o.key for o in demo.system.check_options(demo.resolve("yuki").sheet)}
    assert "attack:Punch" in options and "attack:Kick" not in options
    assert chance(demo, "yuki", "attack:Punch") == 25 - 20  # HEC 50 unskilled: half; defending 20
    with pytest.raises(RulesError, match="kicks need Martial Arts"):
        chance(demo, "yuki", "attack:Kick")
    demo.aimed_check("marcus", CheckRequest(option="attack:Punch"), "vic", dice=[10])
    assert "Punch 1d3" in demo.hit(dice=[8, 2]).text  # Streetfighting, STR 65: 1d3


def test_invisibility_and_target_size(demo: Session) -> None:
    assert chance(demo, "marcus", "attack:Rifle", invisible="attacker") == 85 + 20
    assert chance(demo, "marcus", "attack:Rifle", invisible="target", size=-1) == 85 - 50 - 10


def test_paces_cost_ef_and_standing_or_walking_wins_it_back(demo: Session) -> None:
    assert "runs 16 m this turn" in demo.execute("move marcus run").text
    assert demo.resolve("marcus").sheet.ef_spent == 5
    finish_round(demo)
    assert demo.resolve("marcus").sheet.ef_spent == 5  # running: nothing back
    demo.execute("move marcus walk")
    finish_round(demo)
    assert demo.resolve("marcus").sheet.ef_spent == 2  # walking: 3 of the movement EF
    finish_round(demo)
    assert demo.resolve("marcus").sheet.ef_spent == 0
    data = demo.system.dump_sheet(demo.resolve("marcus").sheet)
    data["running"] = 100  # 10 PW to run at 100 m/turn, Marcus has 7
    with pytest.raises(RulesError, match="holds 10 PW; 7 free"):
        demo.system.perform(demo.system.parse_sheet(data), "move", ["run"], Scene(rng=random.Random(1)))
    demo.execute("dmg marcus 3 left-leg")  # a leg wound: no faster than a Trot
    with pytest.raises(RulesError, match="no faster than a Trot"):
        demo.execute("move marcus run")


def test_random_power_and_mutation_tables_roll(demo: Session) -> None:
    for name in ("Power type", "Random power level", "Mutation nature", "Crossbreed chart"):
        assert demo.execute(f"roll table {name}").text


def test_raising_skills_with_xp_and_ip(demo: Session) -> None:
    demo.execute("xp marcus 10")
    assert "raises Rifle (Projectile) to 4 for 4 XP" in demo.execute("raise marcus Rifle (Projectile)").text
    demo.execute("ip marcus 50")
    with pytest.raises(RulesError, match=r"costs 3 point\(s\) = 75 IP; 50 IP held"):
        demo.execute("raise marcus Streetfighting ip")
    assert "raises Archery to 1 for 1 XP" in demo.execute("raise marcus Archery").text
    with pytest.raises(RulesError, match="IP only raise skills already held"):
        demo.execute("raise marcus Axe ip")


def test_hours_unconscious_roll_to_wake_each_hour(demo: Session) -> None:
    demo.execute("ko dana")
    demo.execute("end")  # the fight is over; Dana lies out cold
    text = demo.execute("hours dana 12").text
    dana = demo.resolve("dana").sheet
    assert ("wakes after" in text) == dana.conscious
    with pytest.raises(RulesError, match="hours must be a whole number from 1 to 48"):
        demo.execute("hours dana 100")


def test_the_test_line_takes_the_switches_and_keeps_the_target(demo: Session) -> None:
    text = demo.execute("check guard-1 attack:Submachine gun rapid shot=2 dice=50 at marcus").text
    assert "chance 65 -20 rapid fire +5 shot 2 walked in = 50%: [50]" in text
    held = demo.execute("hit 8 6").text
    assert "6 piercing to the torso" in held
    line = "check marcus attack:Rifle distance=150 target_speed=16 aim=2 dice=30 at guard-1"
    text = demo.execute(line).text
    assert "= 34%: [30]" in text  # EX49's assembly with Marcus's 85


def test_undo_takes_back_the_test_just_rolled(demo: Session) -> None:
    demo.execute("check marcus attr:STR")
    assert demo.execute("undo").text.startswith("undo: Marcus Hale: Strength 65")


def test_punches_and_kicks_cost_ef_and_heightened_speed_counts_in_melee(demo: Session) -> None:
    demo.execute("check marcus attack:Punch dice=50")
    assert demo.resolve("marcus").sheet.ef_spent == 1
    data = demo.system.dump_sheet(demo.resolve("vic").sheet)
    data["powers"] = [{"name": "Heightened Speed", "points": 50, "active": True}]
    vic = demo.system.parse_sheet(data)
    request = CheckRequest(option="attack:Punch", extra={"target_hspeed": 0})
    assert demo.system.odds(vic, request).note.startswith("chance 32 +20 Heightened Speed 2 = 52%")
    opposition = demo.system.oppose(demo.resolve("marcus").sheet, "attack:Punch", vic)
    assert opposition.extra["target_hspeed"] == 2 and "-20 in melee" in opposition.note


def test_a_martial_artist_blocks_a_weapon_two_to_one(demo: Session) -> None:
    data = demo.system.dump_sheet(demo.resolve("dana").sheet)
    data["skills"].append({"name": "Martial Arts", "level": 5})
    data["defence"], data["defence_unarmed"] = 30, True
    dana = demo.system.parse_sheet(data)
    opposition = demo.system.oppose(demo.resolve("vic").sheet, "attack:Pistol", dana)
    assert opposition.extra["target_defence"] == 15


def test_character_building_calculators_and_the_fifty_generator(demo: Session) -> None:
    ok = "calc optionone 50 50 50 50 50 50 50 50 75 35 50 50 50 50 50 40"
    assert "keeps to the limits" in demo.execute(ok).text
    bad = "calc optionone 50 50 50 50 50 50 50 50 80 30 50 50 50 50 50 40"
    assert "STR 50->80" in demo.execute(bad).text and "AGL 50->30" in demo.execute(bad).text
    demo.execute("gen character fifty as Newcomer")
    assert set(demo.resolve("newcomer").sheet.attributes.values()) == {50}
    assert "breaks" in demo.execute("calc breakage 90 93").text
    assert "50% to reflect" in demo.execute("calc reflect 60 2").text


def test_a_called_shot_at_a_two_word_part_from_the_line(demo: Session) -> None:
    text = demo.execute("check dana attack:Pistol called=right-leg called_cost=10 dice=20 at vic").text
    assert "-10 called shot (right leg)" in text
    assert "to the right leg (called shot at the right leg: d100 3 under 4%)" in demo.execute("hit 3 5").text


def test_regeneration_two_follows_ex15(demo: Session) -> None:
    """STA 60 and 3 damage: 39 heals a point for 3 EF, 82 fails, the next success heals again."""
    data = demo.system.dump_sheet(demo.resolve("yuki").sheet)
    data["powers"] = [{"name": "Regeneration II", "points": 20}]
    sheet = demo.system.apply_damage(demo.system.parse_sheet(data), 3, "left-leg").sheet
    scene = Scene(rng=random.Random(1), dice=[39, 82, 12])
    for expected in (2, 2, 1):
        sheet = demo.system.perform(sheet, "regen", [], scene).sheet
        assert sheet.wound("left leg") == expected
    assert sheet.ef_spent == 3 * 3 * 2  # 3 EF an attempt, doubled while wounded (LP 8: 2 or more)
    with pytest.raises(RulesError, match="needs the power Regeneration II"):
        demo.execute("regen marcus")


def test_the_targets_size_comes_from_its_sheet_even_when_the_dialog_sends_every_switch(demo: Session) -> None:
    data = demo.system.dump_sheet(demo.resolve("guard-1").sheet)
    data["size_level"] = 2  # four times man-size: +30
    giant = demo.system.parse_sheet(data)
    opposition = demo.system.oppose(demo.resolve("marcus").sheet, "attack:Rifle", giant)
    defaults = {o.key: o.default for o in demo.system.check_switches(giant)}
    request = CheckRequest(option="attack:Rifle", extra={**opposition.extra, **defaults})
    odds = demo.system.odds(demo.resolve("marcus").sheet, request)
    assert odds.note.startswith("chance 85 +30 target size +2")


def test_resistance_takes_its_share_after_the_armour_for_ef(demo: Session) -> None:
    """EX17: 50% resistance and 4 damage through: 2 taken for 2 EF; with no EF, all 4."""
    data = demo.system.dump_sheet(demo.resolve("yuki").sheet)
    data["powers"] = [{"name": "Resistance 50% (energy, physical)", "points": 10}]
    yuki = demo.system.parse_sheet(data)
    change = demo.system.apply_damage(yuki, 4, "left-leg-energy")
    assert change.sheet.wound("left leg") == 2 and change.sheet.ef_spent == 2
    assert "resists 2 for 2 EF" in change.text
    spent = demo.system.parse_sheet({**data, "ef_spent": yuki.ef})
    assert demo.system.apply_damage(spent, 4, "left-leg").sheet.wound("left leg") == 4
    head = demo.system.apply_damage(yuki, 3, "head")  # 3 through, 1 resisted, 2 doubled to 4
    assert head.sheet.wound("head") == 4
