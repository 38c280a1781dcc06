"""The book's small procedures at the command line (`calc KEY ARGS`), checked against the rules
file's worked examples (§7.4-§7.10), and every calculator against hostile input."""

from __future__ import annotations

import contextlib
import time

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems.torg.verb_list import CALCULATORS


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("calc push 11 10 1 speed", "value 11"),  # M11: 11 + 1 = 12 vs 8, 4 RP: +1 on the limit 10
        ("calc limit swimming average 10 primary", "limit (average 10): 10"),  # M15: 10 - 2 + 2
        ("calc limit running over 1600", "over 1,600 m: 7"),  # M19: 10 - 3 = 7
        ("calc run 16 9", "time value 12"),  # M19: 16 - 9 + 5
        ("calc run 16 0 caught", "time value 22"),  # M21: 16 - 0 + 5 + 1
        ("calc hardpoint 7 0", "dominant zone radius value 3"),  # M25
        ("calc hardpoint 7 0", "pure zone 1"),  # M25
        ("calc manyonone 6", "bonus +4"),  # M16: value(6)
        ("calc approximate 201 9 9", "bonus +10"),  # M17: 12 + 9 - 9 - 2
        ("calc contradiction 20 23 23", "0 case"),  # R02: within both
        ("calc contradiction 22 7 23", "1 case"),  # R03: the Edeinos' phone in Core Earth
        ("calc contradiction 22 7 23", "bonus +0"),  # R07: the negative modifier is ignored
        ("calc contradiction 22 12 7 die 3", "disconnected"),  # R04: four case, die 3
        ("calc contradiction 16 23 7", "bonus +7"),  # R06 (tool above the land: one case)
        ("calc reclaim 2.5 months 2 9 1 18 7", "not yet"),  # R08: needs 19
        (
            "calc transform 2.5 months",
            "3 months in a dominant zone (chance 11/100): transformed on 19+",
        ),  # R08
        ("calc onmany 3 bonus 0 11/8 14/9 14/9", "11+0 vs 8: hit, 14+0 vs 9: hit, 14+0 vs 9: miss"),
        ("calc villain taunt superior", "with CHA; a superior success strips 2 card(s)"),
        ("calc unseen 17 13 broad_daylight dawn_dusk_fog_trees_walls_crowd", "unseen"),  # S03: 13 + 1
        ("calc charm hostile hostile 7", "neutral for now; stop or press"),  # I07
        ("calc lasting neutral neutral hostile", "base attitude is hostile"),  # I08
        ("calc press hostile neutral failure", "base enemy, now enemy"),  # I09
        ("calc haggle 7500 3000 buyer", "buyer is hostile"),  # I11: the merchant's 7500 (20) vs 3000 (18)
        ("calc haggle 2500 3000 seller", "seller is neutral"),  # I11: Quin's 2500 (17)
        ("calc clearmind 21 9 9", "the mind clears"),  # I13: 12 RP >= 9
        ("calc interrogate loyal", "needs 15+"),  # I04
        ("calc mage 7", "learns 5 spells"),  # G01
        ("calc cast 12 0 12 12 17 2", "backlash 3 RP: K 1"),  # G02/G03
        ("calc cast 12 0 12 12 17 2 effect 10", "effect 12"),  # G05
        ("calc disbelief 6", "vs 16"),  # G06
        ("calc disbelief 100", "vs 28"),  # G07: 8 + 20
        ("calc bearers quin=4 crab=4 crowfire=3", "bearers: crab, quin"),  # Q01
        ("calc coordinate basic helpers 3", "bonus +3"),  # Q03: value(4)
        ("calc grouppower 5 average average average average", "bonus +8"),  # Q05: value(5) 4 + 4
        ("calc shift 4 19", "die 19"),  # Q07
        ("calc community 60 average 10 rating 3", "bonus +9"),  # F02: capped at value(60)
        ("calc focus 14 13", "spent by the faith character"),  # F03
        ("calc invocation 21", "DN 32"),  # F04 would be 44 at Spiritual 9
        ("calc invocation 9", "DN 44"),  # F04 Core Earth
        ("calc healing 2 2", "2 wound level(s) healed, 0 left"),  # F06
        ("calc advance attribute 11", "33 Possibilities"),  # S11
        ("calc advance faith 1", "-> 0"),  # S12
        ("calc chart tracking trail a_few_days_old", "DN 13"),  # S04
        ("calc explosive 20 medium", "damage value 17"),
        ("calc fall 12 20", "damage value 26"),  # distance capped at 14
        ("calc link core_earth living_land", "DN"),
        ("calc miracle 13 urgent", "DN 10"),
        ("calc onmany 3", "Toughness +"),
    ],
)
def test_calculators_give_the_books_numbers(demo: Session, line: str, expected: str) -> None:
    assert expected in demo.execute(line).text


HOSTILE = [
    "",
    "x",
    "-1",
    "0",
    "99999999999999999999",
    "1" * 200,
    "2.5",
    "1e9",
    "٣",
    "NaN",
    "a" * 5000,
    "-" * 3,
]


def test_every_calculator_refuses_hostile_input_by_name_and_fast(demo: Session) -> None:
    """Only RulesError (a message in the log line), never a traceback, each in well under a second."""
    for calc in (c.key for c in CALCULATORS):
        start = time.perf_counter()
        for word in HOSTILE:
            for args in ([word], [word] * 6, ["12", word, "3", word], ["loyal", "hostile", word]):
                with contextlib.suppress(RulesError):
                    demo.execute(f"calc {calc} {' '.join(args)}".strip())
        assert time.perf_counter() - start < 3, calc
