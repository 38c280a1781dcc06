"""The test dialog's switches: SFX asked for before the roll, burnt from whatever the roll gives,
and the odds shown beforehand equal to what the rolls then do (checked over every face)."""

import itertools
import random
from fractions import Fraction

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.systems import get_system
from gmconsole.systems.myriad import success_chance
from gmconsole.systems.myriad.burning import catalogue_sfx
from gmconsole.systems.myriad.odds import face_outcomes, raw_distribution
from gmconsole.systems.myriad.sheet import MyriadSheet
from gmconsole.systems.myriad.switches import tag_list

from .conftest import recommended_build

SYSTEM = get_system("myriad")


def sheet_with(*sfx: str, **stats: int) -> MyriadSheet:
    base = {"power": 3, "grace": 3, "intellect": 3, "spirit": 3, **stats}
    return MyriadSheet(name="Ayla", stats=base, skills={"close_combat": 2, "persuasion": 1},
                       sfx=[catalogue_sfx(s) for s in sfx])


def test_face_outcomes_are_a_distribution_matching_the_closed_form():
    for pool in (1, 2, 5, 9):
        outcomes = face_outcomes(pool)
        assert sum(o.p for o in outcomes) == 1
        raw: dict[int, Fraction] = {}
        for o in outcomes:
            value = o.highest + o.sixes
            raw[value] = raw.get(value, Fraction(0)) + o.p
        assert raw == raw_distribution(pool)


def test_switches_follow_the_sheet():
    plain = MyriadSheet(name="Joe")
    assert [s.key for s in SYSTEM.check_switches(plain)] == ["initiator", "aim", "nails", "hull", "bonus",
                                                             "zap", "button", "light", "burning_fives"]
    keys = [s.key for s in SYSTEM.check_switches(recommended_build())]
    assert keys == ["sfx", "sixes", "tags", "extra_actions_used", "initiator", "weapon", "aim",
                    "nails", "hull", "bonus", "zap", "button", "room", "wall", "light",
                    "burning_fives"]
    assert [s.key for s in SYSTEM.check_switches(plain, {})] == ["initiator", "nails", "hull", "bonus",
                                                                 "light"]
    sfx = SYSTEM.check_switches(recommended_build())[0]
    assert sfx.default == "none" and "power_strike" in sfx.choices
    assert "power_strike (1 six each; attack unarmed)" in sfx.help
    # with the campaign's options known, burning fives shows only when the rule is on
    assert "burning_fives" not in [s.key for s in SYSTEM.check_switches(plain, {})]
    on = SYSTEM.check_switches(plain, {"burning_fives": True})
    assert on[-1].key == "burning_fives" and on[-1].default is True


def test_the_dialogs_defaults_change_nothing():
    # the dialog sends every switch with its default; that must be an ordinary test
    extra = {s.key: s.default for s in SYSTEM.check_switches(recommended_build())}
    extra["tags"] = ""
    request = CheckRequest(option="power/close_combat", difficulty=8, extra=extra)
    result = SYSTEM.check(recommended_build(), request, random.Random(1), dice=[6, 2, 1, 1])
    assert result.total == 6 + 4 + 1 and result.detail["burnt"] == {}
    assert SYSTEM.odds(recommended_build(), request).success == success_chance(4, 4, 8)


def test_tags_may_be_text_or_a_list():
    assert tag_list({"tags": "attack, close"}) == ("attack", "close")
    assert tag_list({"tags": ["attack", "Unarmed"]}) == ("attack", "unarmed")
    assert tag_list({}) == ()


def request(sfx: str, difficulty: int | None = None, **extra) -> CheckRequest:
    return CheckRequest(option="power/close_combat", difficulty=difficulty,
                        opponent_total=extra.pop("opponent", None), extra={"sfx": sfx, **extra})


def test_a_six_is_burnt_when_rolled_and_the_log_line_says_so():
    ayla = sheet_with("power_strike")
    result = SYSTEM.check(ayla, request("power_strike", opponent=7), random.Random(1),
                          dice=[2, 6, 4], who="Ayla")
    assert (result.total, result.success, result.margin) == (8, True, 1)
    assert result.detail["burnt"] == {"power_strike": [2]}
    assert result.summary() == ("Ayla: Power 3D + Close Combat vs opponent: [(2) 6 (4)] "
                                "+2 Close Combat = 8 vs 7: wins, Power Strike fires on die 2 "
                                "(margin +1)")


def test_no_six_means_no_sfx_and_no_refusal():
    ayla = sheet_with("power_strike")
    result = SYSTEM.check(ayla, request("power_strike", opponent=5), random.Random(1),
                          dice=[2, 5, 4])
    assert result.success and result.detail["burnt"] == {}
    assert result.outcome == "wins, no six to burn for Power Strike"


def test_a_six_is_kept_when_burning_it_would_lose_the_test():
    # 6 + 2 + 1 = 9 beats 9 only with the six's +1; Power Strike needs a win (B7), so the six
    # is not burnt: the player keeps the win rather than burning into a loss
    ayla = sheet_with("power_strike")
    result = SYSTEM.check(ayla, request("power_strike", opponent=9), random.Random(1),
                          dice=[6, 1, 1])
    assert (result.total, result.success) == (9, True)
    assert result.outcome == "wins, Power Strike not fired: it needs a success"


def test_repeatable_sfx_fire_as_often_as_the_sixes_allow():
    ayla = sheet_with("power_strike")
    twice = SYSTEM.check(ayla, request("power_strike", 4, sixes=2), random.Random(1),
                         dice=[6, 6, 6])
    assert twice.detail["burnt"] == {"power_strike": [1, 2]}
    assert "Power Strike x2 fires on dice 1 2" in twice.outcome
    assert [d.kept for d in twice.dice] == [True, False, True]  # highest, burnt, +1 six
    once = SYSTEM.check(ayla, request("power_strike", 4, sixes=3), random.Random(1),
                        dice=[6, 2, 3])
    assert once.outcome == "success, Power Strike fires on die 1, Power Strike fired 1 of 3 times"


def test_defensive_sfx_burn_even_on_a_failure():
    ayla = sheet_with("hard_as_nails")
    result = SYSTEM.check(ayla, request("hard_as_nails", opponent=12, initiator=False),
                          random.Random(1), dice=[6, 6, 2])
    assert result.success is False and result.detail["burnt"] == {"hard_as_nails": [1]}


def test_burning_fives_burns_a_five_before_a_six():
    ayla = sheet_with("power_strike")
    result = SYSTEM.check(ayla, request("power_strike", 8, burning_fives=True),
                          random.Random(1), dice=[6, 5, 1])
    assert result.detail["burnt"] == {"power_strike": [2]}
    assert result.total == 6 + 2 + 1  # the six keeps its +1


def test_refusals_come_before_any_die_is_rolled():
    ayla = sheet_with("power_strike", "guns_akimbo")
    rng = random.Random(5)
    state = rng.getstate()
    cases = [
        (request("rune_of_death", 6), "has no SFX 'rune_of_death'"),
        (request("power_strike", 6, tags="attack ranged"), "fires only on a attack unarmed roll"),
        (request("guns_akimbo", 6, extra_actions_used=1), "already took 1 this round"),
        (request("power_strike", 6, sixes=-1), "sixes must be a whole number from 0 to 10"),
        (request("power_strike", 6, burn=[{"sfx": "power_strike", "dice": [1]}]), "not both"),
    ]
    for req, message in cases:
        with pytest.raises(RulesError, match=message):
            SYSTEM.check(ayla, req, rng)
        with pytest.raises(RulesError, match=message):
            SYSTEM.odds(ayla, req)
    assert rng.getstate() == state
    leap = MyriadSheet(name="L", sfx=[catalogue_sfx("mighty_leap")])
    with pytest.raises(RulesError, match="exactly 1 six"):
        SYSTEM.check(leap, CheckRequest(option="power", difficulty=6,
                                        extra={"sfx": "mighty_leap", "sixes": 2}), rng)


def brute(sheet: MyriadSheet, req: CheckRequest, pool: int) -> tuple[Fraction, Fraction]:
    """Run the real check on every face combination: (P(success), P(success, SFX fired))."""
    wins = fired = 0
    for faces in itertools.product(range(1, 7), repeat=pool):
        result = SYSTEM.check(sheet, req, random.Random(0), dice=list(faces))
        if result.success:
            wins += 1
            fired += bool(result.detail["burnt"])
    return Fraction(wins, 6**pool), Fraction(fired, 6**pool)


@pytest.mark.parametrize(("sfx", "extra", "against"), [
    ("power_strike", {}, {"difficulty": 8}),
    ("power_strike", {"sixes": 2}, {"opponent_total": 7}),
    ("power_strike", {"burning_fives": True}, {"difficulty": 9}),
    ("hard_as_nails", {"sixes": 2}, {"opponent_total": 7, "extra": {"initiator": False}}),
    ("husky_tones", {}, {"difficulty": 9}),
    ("husky_tones", {"burning_fives": True}, {"difficulty": 10}),
])
def test_odds_with_switches_are_what_the_rolls_do(sfx, extra, against):
    sheet = sheet_with(sfx, power=4)
    more = against.pop("extra", {})
    req = CheckRequest(option="power/close_combat", extra={"sfx": sfx, **extra, **more}, **against)
    odds = SYSTEM.odds(sheet, req)
    success, fired = brute(sheet, req, 4)
    assert odds.success == success
    bars = dict(odds.bars)
    assert bars["success + SFX"] == fired and sum(bars.values()) == 1


def test_odds_for_an_sfx_that_needs_success_equal_the_plain_chance():
    # the policy never burns into a failure, so asking for Power Strike costs no chance
    ayla = sheet_with("power_strike")
    odds = SYSTEM.odds(ayla, request("power_strike", 8))
    assert odds.success == success_chance(3, 2, 8)


def test_an_enhancer_adds_its_bonus_to_the_skill_it_serves():
    from gmconsole.systems.myriad.sheet import Gear

    climber = recommended_build(gear=[Gear(name="Climbing gear", kind="enhancer", bonus=1,
                                           bonus_applies_to="athletics")])
    up = SYSTEM.check(climber, CheckRequest(option="power/athletics", difficulty=8),
                      random.Random(1), dice=[4, 1, 1, 1])
    assert up.total == 4 + 3 + 1 and "Climbing gear" in up.summary()
    fight = SYSTEM.check(climber, CheckRequest(option="power/close_combat", difficulty=8),
                         random.Random(1), dice=[4, 1, 1, 1])
    assert fight.total == 4 + 4
