"""Lucky / Unlucky re-rolls (spec §2.4, L1168, checklist 7.1 P1) at the console and as rules."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems.myriad import luck
from gmconsole.systems.myriad.luck import LastTest, LuckUses, game_night, refusal
from gmconsole.systems.myriad.resolution import run_check
from gmconsole.systems.myriad.sheet import BoonFlaw

FRIDAY_NIGHT = datetime(2026, 11, 20, 23, 30)


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """The clock luck counts sessions by; a test moves it by replacing the one entry."""
    now = [FRIDAY_NIGHT]
    monkeypatch.setattr(luck, "clock", lambda: now[0])
    return now


def stealth(demo: Session, who: str, dice: list[int], tn: int = 9):
    return demo.check(who, CheckRequest(option="grace/stealth", difficulty=tn), dice=dice)


def test_a_game_night_runs_past_midnight_and_ends_at_six():
    # ruling (book silent): a session is a game night, the day turning at 06:00
    assert game_night(datetime(2026, 11, 20, 19, 0)) == "2026-11-20"
    assert game_night(datetime(2026, 11, 21, 1, 30)) == "2026-11-20"
    assert game_night(datetime(2026, 11, 21, 6, 0)) == "2026-11-21"


def test_l1168_lucky_rerolls_a_failed_test_and_the_new_result_stands(demo: Session):
    # Kesh Varro: Grace 4, Stealth 2, Lucky 1. [3 5 2 1] -> 5 + 2 = 7 vs 9: failure
    first = stealth(demo, "kesh", [3, 5, 2, 1])
    assert first.data["success"] is False
    kept = demo.resolve("kesh").sheet.last_test
    assert (kept.option, kept.difficulty, kept.total, kept.success) == ("grace/stealth", 9, 7, False)
    again = demo.execute("lucky kesh 6 2 2 1")  # 6 + 2 + one unburnt six = 9: success
    assert again.text.startswith("Kesh Varro re-rolls with Lucky (0 left this session), "
                                 "was 7, failure: Grace 4D + Stealth vs Very Hard: [6 (2) (2) (1)]")
    assert again.data["detail"]["total"] == 9 and again.data["detail"]["success"] is True
    sheet = demo.resolve("kesh").sheet
    assert sheet.luck == LuckUses(session="2026-11-20", lucky=1)
    assert sheet.last_test.rerolled == "lucky" and sheet.last_test.total == 9
    # the new result stands: no second re-roll of the same test
    with pytest.raises(RulesError, match=r"already re-rolled \(lucky\): the new result stands"):
        demo.execute("lucky kesh 6 6 6 6")


def test_lucky_is_once_per_session_per_level_and_a_new_game_night_resets_it(
        demo: Session, fixed_clock: list[datetime]):
    stealth(demo, "kesh", [1, 1, 1, 1])
    demo.execute("lucky kesh 1 2 3 4")  # a failure again, and it stands
    stealth(demo, "kesh", [2, 2, 2, 2])
    with pytest.raises(RulesError, match=r"has used Lucky 1 of 1 time\(s\) this session"):
        demo.execute("lucky kesh 6 6 6 6")
    fixed_clock[0] = datetime(2026, 11, 21, 2, 0)  # past midnight: still Friday's session
    with pytest.raises(RulesError, match="used Lucky 1 of 1"):
        demo.execute("lucky kesh 6 6 6 6")
    fixed_clock[0] = datetime(2026, 11, 27, 20, 0)  # next week's game night
    assert demo.execute("luck kesh").text == "Kesh Varro this session (2026-11-27): Lucky 1 of 1 left"
    assert demo.execute("lucky kesh 6 2 2 2").data["detail"]["success"] is True


def test_luck_new_starts_a_session_by_hand_and_undo_takes_a_reroll_back(demo: Session):
    stealth(demo, "kesh", [1, 1, 1, 1])
    demo.execute("lucky kesh 6 2 2 2")
    before = demo.resolve("kesh").sheet
    demo.execute("undo")
    undone = demo.resolve("kesh").sheet
    assert undone.luck is None and undone.last_test.rerolled is None and undone.last_test.total == 3
    demo.execute("redo")
    assert demo.resolve("kesh").sheet == before
    stealth(demo, "kesh", [1, 1, 1, 1])
    assert "Lucky 1 of 1 left" in demo.execute("luck kesh new").text
    assert demo.execute("lucky kesh 6 2 2 2").data["detail"]["success"] is True


def test_l1168_unlucky_lets_the_guide_force_a_reroll_of_a_success(demo: Session):
    slug = demo.resolve("tamsin").slug
    char = demo.roster[slug]
    sheet = demo.resolve("tamsin").sheet.model_copy(deep=True)
    sheet.boons_flaws = [*sheet.boons_flaws, BoonFlaw(id="unlucky", level=1)]
    demo.save_character(slug, char.model_copy(update={"sheet": demo.system.dump_sheet(sheet)}))
    with pytest.raises(RulesError, match="Tamsin Reed has no test to re-roll"):
        demo.execute("unlucky tamsin")
    stealth(demo, "tamsin", [1, 2, 3, 1, 1], tn=4)  # Grace 5: a success
    with pytest.raises(RulesError, match="Tamsin Reed has no Lucky boon"):
        demo.execute("lucky tamsin")
    forced = demo.execute("unlucky tamsin 1 1 1 1 1")
    assert "re-rolls with Unlucky (0 left this session), was " in forced.text
    assert demo.resolve("tamsin").sheet.luck.unlucky == 1


def test_l1168_in_an_opposed_test_the_opponent_may_reroll_too(demo: Session):
    # Kesh attacks Grell: Kesh Power 5D + Close Combat 4 [1 2 3 3 1] = 7 vs Grell's Grace 2D
    # + Close Combat 3 [6 5] = 10 (with the six): Kesh loses
    grell = demo.check("grell", CheckRequest(option="grace/close_combat",
                                             extra={"initiator": False}), dice=[6, 5])
    total = grell.data["total"]
    assert total == 10
    kesh = demo.check("kesh", CheckRequest(option="power/close_combat", opponent_total=total),
                      dice=[1, 2, 3, 3, 1])
    assert kesh.data["success"] is False
    lucky = demo.execute(f"lucky kesh vs {total} 6 6 1 1 1")  # 6 + 4 + 2 sixes = 12: wins
    assert lucky.data["detail"]["success"] is True
    # Grell answers with a free re-roll against Kesh's new total; Grell is the responder
    answer = demo.execute("reroll grell 6 6")  # 6 + 3 + 2 sixes = 11
    assert "re-rolls as the opponent's answer, was 10" in answer.text
    assert answer.data["detail"]["total"] == 11
    assert demo.resolve("grell").sheet.luck is None  # costs no Lucky
    with pytest.raises(RulesError, match="the new result stands"):
        demo.execute("reroll grell")
    with pytest.raises(RulesError, match="the last test was not opposed"):
        stealth(demo, "kesh", [1, 1, 1, 1])
        demo.execute("luck kesh new")
        demo.execute("lucky kesh vs 5")


def test_refusals_name_the_reason():
    failed = LastTest(option="grace", difficulty=6, total=4, success=False)
    uses = LuckUses(session="s")
    assert refusal("A", failed, "unlucky", 1, uses) == "Unlucky re-rolls a success; A's last test was not"
    assert refusal("A", failed, "lucky", 0, uses) == "A has no Lucky boon"
    assert refusal("A", failed, "lucky", 2, LuckUses(session="s", lucky=1)) is None
    bare = LastTest(option="grace", total=4)
    assert "no TN or opponent" in refusal("A", bare, "lucky", 1, uses)
    assert refusal("A", bare, "opponent", 0, uses) is None


def test_burns_by_die_number_are_not_carried_into_the_reroll(bronthar):
    burnt = {"burn": [{"sfx": "power_strike", "dice": [1]}], "tags": "attack unarmed"}
    sheet = bronthar.model_copy(update={"last_test": LastTest(
        option="power/close_combat", difficulty=15, extra=burnt, total=11, success=False)})
    new, text, detail = luck.run_reroll(run_check, sheet, "lucky", ["2", "2", "2", "2"],
                                        random.Random(1), [], now=FRIDAY_NIGHT)
    assert text.endswith("burns by die number were not carried over: burn again from the new dice")
    assert new.last_test.extra == {"tags": "attack unarmed"} and detail["total"] == 6


def test_the_last_test_survives_a_reopen(demo: Session):
    stealth(demo, "kesh", [1, 1, 1, 1])
    path = demo.path
    demo.close()
    with Session.open(path) as again:
        assert again.resolve("kesh").sheet.last_test.total == 3
        assert not again.problems
