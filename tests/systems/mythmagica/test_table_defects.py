"""The defects a GM found at the table (issue 27), each driven through the command line on a copy
of the demo campaign: Guts after the roll, missile defence, Overcome that lasts the scene,
Bandying Words, boss swings, companions, conditions, the popcorn pick, hostile numbers."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "mythmagica-demo"


@pytest.fixture
def demo(tmp_path: Path):
    copy = tmp_path / "demo"
    shutil.copytree(SHIPPED, copy)
    with Session.open(copy, rng=random.Random(7)) as s:
        yield s


def _roll(demo: Session, who: str, option: str, at: str, dice: list[int], **extra: object):
    """`check WHO OPTION KEY=VALUE... dice=A,B at TARGET`, as typed at the command line."""
    switches = " ".join(f"{k}={v}" for k, v in extra.items())
    demo.execute(f"check {who} {option} {switches} dice={','.join(map(str, dice))} at {at}")
    assert demo.last_result is not None
    return demo.last_result


# ---------------------------------------------------------------- Guts after the roll


def test_guts_after_a_miss_buy_a_bare_success_and_its_hit_follows(demo: Session) -> None:
    # Ardan's Longsword +9 against Snagtooth's Defense 17: a 7 makes 16, a miss by 1
    result = _roll(demo, "ardan", "attack:Longsword", "snagtooth", [7])
    assert (result.total, result.target, result.success) == (16, 17, False)
    assert "2 Guts would buy a bare success" in result.outcome
    with pytest.raises(RulesError, match="failed"):
        demo.execute("hit")
    event = demo.execute("check ardan guts at snagtooth")
    assert "becomes a bare success for 2 Guts" in event.text
    assert demo.resolve("ardan").sheet.guts_spent == 2
    hit = demo.execute("hit")  # a bare success: margin 1, 1 Internal Damage
    assert "Longsword 6 + ST 2 + internal 1 - ward 0 = 9" in hit.text
    with pytest.raises(RulesError, match="already bought"):
        demo.execute("check ardan guts at snagtooth")


def test_guts_n_after_a_miss_points_to_buying_the_test(demo: Session) -> None:
    _roll(demo, "ardan", "attack:Longsword", "snagtooth", [7])
    with pytest.raises(RulesError, match="usage: guts WHO N"):
        demo.execute("guts ardan")


def test_a_defender_buys_the_foes_hit_off_for_margin_plus_one(demo: Session) -> None:
    # Snagtooth's Spear +3 against Ione's Defense 15: an 18 makes 21, a hit by 6
    result = _roll(demo, "snagtooth", "attack:Spear", "ione", [18])
    assert result.success and result.margin == 6
    demo.execute("check ione guts:hit at snagtooth")
    assert demo.resolve("ione").sheet.guts_spent == 3 + 7
    with pytest.raises(RulesError, match="stopped"):
        demo.execute("hit")


def test_the_guts_switch_is_a_limit_not_a_blank_cheque(demo: Session) -> None:
    # a 2 makes 11 against 17: 7 Guts needed; the player agreed to 5 at most
    result = _roll(demo, "ardan", "attack:Longsword", "snagtooth", [2], guts=5)
    assert result.success is False and demo.resolve("ardan").sheet.guts_spent == 0
    result = _roll(demo, "ardan", "attack:Longsword", "snagtooth", [2], guts=7)
    assert result.success and result.margin == 1 and demo.resolve("ardan").sheet.guts_spent == 7


def test_naturals_cannot_be_bought(demo: Session) -> None:
    _roll(demo, "ardan", "attack:Longsword", "snagtooth", [1])
    with pytest.raises(RulesError, match="natural"):
        demo.execute("check ardan guts at snagtooth")


# ---------------------------------------------------------------- missile defence


def test_a_sling_meets_defense_without_parry_and_the_gap_beyond_ten_feet(demo: Session) -> None:
    far = _roll(demo, "ione", "attack:Sling", "snagtooth", [5])
    assert far.target == 19  # Defense 17 - Parry 2 + Gap 4
    close = _roll(demo, "ione", "attack:Sling", "snagtooth", [5], range="close")
    assert close.target == 15
    melee = _roll(demo, "ione", "attack:Dagger", "snagtooth", [5])
    assert melee.target == 17


def test_far_range_adds_a_drawback(demo: Session) -> None:
    result = _roll(demo, "ione", "attack:Sling", "snagtooth", [5, 16], range="far")
    assert [d.face for d in result.dice] == [5, 16] and result.total == 5 + 12


# ---------------------------------------------------------------- Overcome


def test_overcome_lasts_the_scene_and_reaches_the_summary(demo: Session) -> None:
    demo.execute("dmg theron 40 setback")
    demo.execute("dmg theron 12 setback")
    event = demo.execute("heal theron 3 setback")
    assert "back in" not in event.text and "still Overcome" in event.text
    assert demo.system.status(demo.resolve("theron").sheet).label == "Overcome"
    end = demo.execute("end")
    assert "Theron the Wise end of scene: Overcome, Aftermath at Glory Status 1" in end.text
    assert demo.resolve("theron").sheet.overcome is None  # FP 3 again: no longer Overcome


def test_hp_zero_is_a_lethal_defeat_even_when_fp_fell_too(demo: Session) -> None:
    demo.execute("dmg theron 45 setback")
    demo.execute("dmg theron 40")
    end = demo.execute("end")
    assert "Aftershock at Glory Status 1" in end.text
    assert demo.resolve("theron").sheet.overcome == "lethal"  # still at 0: stays Overcome


def test_a_non_lethal_fight_deals_setback_by_default(demo: Session) -> None:
    demo.execute("set defeat non-lethal")
    demo.execute("dmg ardan 5")
    assert demo.resolve("ardan").sheet.setback == 5


# ---------------------------------------------------------------- Bandying Words


def test_bandying_words_meets_the_targets_in_and_pc_or_twice_its_heart(demo: Session) -> None:
    # Snagtooth IN 0, PC 2, HT -3
    deceive = _roll(demo, "theron", "words", "snagtooth", [3])
    assert deceive.target == 12
    scare = _roll(demo, "theron", "words", "snagtooth", [3], use="intimidate")
    assert scare.target == 4 and scare.success
    assert "target chooses: agrees (no violence, XP); or refuses and takes the Setback" in scare.outcome
    event = demo.execute("hit")  # the target refuses: Voluntary Setback 5 + CH 5 + margin 4
    assert "14 setback" in event.text


def test_mocking_is_rolled_at_a_drawback(demo: Session) -> None:
    result = _roll(demo, "theron", "words", "snagtooth", [15, 4], use="mock")
    assert result.total == 4 + 5


def test_bandying_words_off_refuses_the_test(demo: Session) -> None:
    switches = demo.system.check_switches(demo.resolve("theron").sheet, {"bandying_words": False})
    use = next(s for s in switches if s.key == "use")
    with pytest.raises(RulesError, match="Bandying Words is off"):
        demo.check("theron", CheckRequest("words", extra={"use": use.default}), dice=[5])


# ---------------------------------------------------------------- boss, companions, conditions


def test_boss_swings_count_the_swing_the_last_target_earns(demo: Session) -> None:
    assert "2 swings" in demo.execute("calc boss 7 5").text
    assert "3 swings" in demo.execute("calc boss 7 2 2 5").text


def test_a_named_companion_suffers_its_principals_glory_status(demo: Session) -> None:
    hound = demo.system.parse_sheet({"cast": "companion", "principal": "ione", "race": "Hound"})
    assert "Principal" in demo.system.end_encounter(hound.model_copy(update={"damage": hound.hp_max})).text
    demo.execute("guts ione 10")  # Ione: 13 spent, Glory Status 3
    demo.execute("next")
    from gmconsole.systems.base import Scene
    scene = Scene(rng=random.Random(1), encounter=demo.encounter)
    change = demo.system.end_encounter(hound.model_copy(update={"damage": hound.hp_max}), scene)
    assert "ione's Glory Status 3" in change.text
    stray = demo.system.parse_sheet({"cast": "stock", "principal": "ione", "race": "Dog"})
    change = demo.system.end_encounter(stray.model_copy(update={"setback": stray.fp_max}), scene)
    assert "dies" in change.text


def test_a_companion_spends_its_principals_guts(demo: Session) -> None:
    with pytest.raises(ValueError, match="Principal"):
        demo.system.parse_sheet({"cast": "companion", "guts_spent": 3})
    demo.execute("gen swarm adequate")
    with pytest.raises(RulesError, match="only named"):
        demo.execute("guts adequate swarm batch 1")


def test_conditions_hinder_rolls_and_help_attackers(demo: Session) -> None:
    demo.execute("condition snagtooth stunned")
    stunned = _roll(demo, "snagtooth", "attack:Spear", "ione", [12, 3])
    assert stunned.total == 3 + 3  # a Drawback: keep the lower die
    demo.execute("condition snagtooth prone")
    against = _roll(demo, "ardan", "attack:Longsword", "snagtooth", [3, 12])
    assert against.total == 12 + 9  # an Edge against the Prone
    demo.execute("condition ione maimed ST")
    check = demo.execute("check ione attr:ST dice=10")
    assert demo.last_result.total == 10 - 2 - 8 and "Maimed" in check.text
    demo.execute("condition snagtooth stunned off")
    end = demo.execute("end")
    assert "Snagtooth end of scene" not in end.text or "Stunned end" not in end.text


def test_unknown_conditions_are_named(demo: Session) -> None:
    with pytest.raises(RulesError, match="unknown condition 'dizzy'"):
        demo.execute("condition ione dizzy")
    with pytest.raises(RulesError, match="Basic Attribute"):
        demo.execute("condition ione impaired")


# ---------------------------------------------------------------- popcorn, surprise


def test_a_refused_pick_names_who_must_go(demo: Session) -> None:
    demo.execute("dmg goblin raider 2 3")
    with pytest.raises(RulesError, match="Goblin Raider 2 was harmed and must go next"):
        demo.execute("pick ione")
    with pytest.raises(RulesError, match="already gone"):
        demo.execute("pick snagtooth")


def test_surprise_and_seizing_are_set_from_the_console(demo: Session) -> None:
    demo.execute("set unaware foes")
    assert demo.encounter.state["unaware"] == "foes"
    demo.execute("end")
    demo.execute("encounter Ambush at the ford")
    demo.execute("add ione")
    demo.execute("add snagtooth")
    demo.execute("set seize ione")
    demo.execute("start")
    assert [c.name for c in demo.encounter.acting] == ["Ione Sparrow"]


# ---------------------------------------------------------------- hostile numbers


@pytest.mark.parametrize("line", [
    "calc yield 99999999999", "calc yield 1000000", "calc yield -51", "calc yield 2.5", "calc yield ٣",
    "calc boss 99999999999999 1", "calc level -1", "calc rank 5 0", "calc cover 0/0", "calc cover 1e9999",
    "calc choke 0", "calc air 0", "calc zone 7 1", "calc coin mithril", "calc buy 5 2", "calc mooks 1001",
    "calc size huge", "calc dual 1 2 3", "calc group 5", "calc move 0", "calc jump 99999999999",
    "guts ione 64", "guts ione 0", "xp ione 99999999999", "rest ione 0", "resize ione 99",
    "cast theron 999999", "award ione 99", "award ione 3 999e", "calc bid 5 5", "calc magic rocket",
])
def test_hostile_numbers_are_refused_by_name(demo: Session, line: str) -> None:
    with pytest.raises(RulesError):
        demo.execute(line)


def test_every_calculator_answers_its_usage(demo: Session) -> None:
    for calc in demo.system.calculators:
        with pytest.raises(RulesError, match=f"usage: calc {calc.key}"):
            demo.execute(f"calc {calc.key}")


HOSTILE = ["99999999999", "-99999999999", "0", "-1", "2.5", "1e9999", "٣", "1/0", "0/0", "nan", "x" * 500,
           "", "-", "+", "large", "up", "same", "of", "3e", "5s", "2g", "off", "ST", "medium", "gp", "10-IN"]


def test_hostile_arguments_only_ever_refuse(demo: Session) -> None:
    """Every calculator and every verb, fed hostile words: an answer or a RulesError, fast."""
    import time

    rng = random.Random(27)
    started = time.perf_counter()
    keys = [c.key for c in demo.system.calculators]
    verbs = [a.key for a in demo.system.sheet_actions]
    for _ in range(400):
        args = [rng.choice(HOSTILE) for _ in range(rng.randint(0, 4))]
        try:
            if rng.random() < 0.6:
                demo.system.calculate(rng.choice(keys), args)
            else:
                from gmconsole.systems.base import Scene

                sheet = demo.resolve(rng.choice(["ione", "snagtooth", "theron"])).sheet
                change = demo.system.perform(sheet, rng.choice(verbs), args, Scene(rng=rng))
                demo.system.parse_sheet(demo.system.dump_sheet(change.sheet))  # the loader takes it
        except RulesError:
            pass
    assert time.perf_counter() - started < 2.0


def test_a_surprised_side_is_marked_and_attacked_with_an_edge(demo: Session) -> None:
    demo.execute("end")
    demo.execute("encounter Ambush at the ford")
    demo.execute("add ione")
    demo.execute("add snagtooth")
    demo.execute("set unaware foes")
    demo.execute("start 15 3 4")  # the Avatars 15; the unaware goblins keep the lower of 3 and 4
    assert "Surprised" in demo.resolve("snagtooth").sheet.conditions
    result = _roll(demo, "ione", "attack:Dagger", "snagtooth", [4, 11])
    assert result.total == 11 + demo.resolve("ione").sheet.attack_bonus(demo.resolve("ione").sheet.weapons[1])
    demo.execute("next")
    assert "Surprised" not in demo.resolve("snagtooth").sheet.conditions


def test_named_opponents_bid_for_the_roll(demo: Session) -> None:
    """The book's bidding war: the roll fell 5 short (opening bid 5); the opponent counters with
    6; the first bidder wins by paying 7, or lets the dice stand."""
    _roll(demo, "ardan", "attack:Longsword", "snagtooth", [3])  # 12 vs 17: 6 Guts for a bare success
    with pytest.raises(RulesError, match="at least 7"):
        demo.execute("check ardan guts counter=6 at snagtooth")
    event = demo.execute("check ardan guts counter=7 at snagtooth")
    assert "outbids the counter-bid of 7 with 8" in event.text
    assert demo.resolve("ardan").sheet.guts_spent == 8
    _roll(demo, "ione", "attack:Dagger", "snagtooth", [3])
    event = demo.execute("check ione guts counter=20 outbid=no at snagtooth")
    assert "the dice stand, and the opponent pays 20 Guts" in event.text
    assert demo.resolve("ione").sheet.guts_spent == 3


def test_encounter_conditions_passed_with_the_test_take_effect(demo: Session) -> None:
    """What `cond WHO stunned` needs from the store: the names of the tester's (and target's)
    encounter conditions in the request; the system applies them like its own."""
    demo.check("snagtooth", CheckRequest("attack:Spear", difficulty=15, extra={"conditions": ["stunned"]}),
               dice=[12, 3])
    assert demo.last_result.total == 3 + 3
    demo.check("ardan", CheckRequest("attack:Longsword", difficulty=17,
                                     extra={"target_conditions": ["prone"], "target": {
                                         "defense": 17, "stability": 17, "parry": 2, "level": 3,
                                         "IN": 0, "PC": 2, "HT": -3, "against": []}}), dice=[3, 12])
    assert demo.last_result.total == 12 + 9


def test_identical_creatures_take_their_turns_in_groups(demo: Session) -> None:
    demo.execute("end")
    demo.execute("encounter Goblin rush")
    demo.execute("add ione")
    demo.execute("add 6 goblin raider")
    demo.execute("set groups on")
    demo.execute("start 3 15")  # the goblins win the opening
    acting = [c.name for c in demo.encounter.acting]
    assert len(acting) == 3 and all(name.startswith("Goblin Raider") for name in acting)
