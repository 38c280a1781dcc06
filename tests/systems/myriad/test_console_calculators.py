"""`calc KEY ARGS` on the demo: the book's numbers, and hostile numbers refused by name."""

from __future__ import annotations

import contextlib
import time

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems.myriad.calculators import CALCULATORS, HANDLERS


@pytest.mark.parametrize(("line", "expected"), [
    # fixture L668: defence 3 -> 6 m with an action, 18 m without
    ("calc move 3", "moves 6 m a round with an action, up to 18 m"),
    ("calc move 3 3", "moves 9 m a round with an action, up to 27 m"),
    ("calc autofire 4 3", "3 targets at 2D each"),
    # EX-27: a 5D grenade, 2 m decay (ruling C16: whole decay steps)
    ("calc area 5 2 4", "3D at 4 m"),
    ("calc area 5 2 1.9", "5D at 1.9 m"),
    ("calc area 5 2 10", "0D at 10 m (5D - 1 per full 2 m): no effect"),
    # T-16 with ruling C15
    ("calc wmd 4 6 ht=2 6 5 3", "armour 6 -> 4, each hit x2: 4 wounds"),
    ("calc wmd 3 6 ht=3", "no effect"),
    ("calc hitloc snake_worm 3", "3 on snake_worm: torso"),  # ruling C9
    ("calc scale large small", "-2 to hit"),  # a car shooting at a child
    ("calc fall 10", "2 automatic wounds"),  # EX-30, ruling C13
    ("calc fall 100", "10 automatic wounds"),
    ("calc cold 1.5", "3 automatic wounds"),
    ("calc starve 4 1", "4 wounds"),
    ("calc poison 3 4 5 4 2", "1 wound"),
    ("calc ram 90 rammer_quarter 2", "base 10D; the target takes 5D, the rammer 4D back"),  # EX-45
    ("calc outrun 3 5 3 5", "tally 0 -> 1"),  # ruling E3: the escapee wins ties
    ("calc outrun 3 2 4 6", "tally 0 -> 0: right behind, ramming possible"),  # E2
    ("calc race 5 5 8", "car 1 1, car 2 1, car 3 3"),  # E4
    ("calc race target 6", "6 cars race to 30 points"),  # EX-43
    ("calc control 6 quarter", "loses control"),  # EX-46
    ("calc leap 3 2", "jumps 13 m"),  # EX-47
    ("calc ship 96", "96: Sickbay"),  # ruling C10
    ("calc level 270", "270 XP: level 10"),
    ("calc cost new_sfx 3", "new sfx: 11 XP"),
    ("calc monster 3 5", "2 XP"),
    ("calc fear inhuman_entities darkness alone", "4D of fear"),
    ("calc spell 4 1", "at most 10 components in a woven spell, 7 in an imbued item"),
    ("calc counter 6 3", "negated"),
    ("calc glide 300 100", "glides about 2000 m"),  # EX-50
    ("calc longevity 15", "2 boxes"),  # EX-51
])
def test_the_books_numbers(demo: Session, line: str, expected: str) -> None:
    assert expected in demo.execute(line).text


HOSTILE = ("99999999999999999999", "-1", "0", "2.5", "٣", "1e9", "x" * 300, "nan")


def test_every_calculator_refuses_hostile_numbers_by_name_and_fast(demo: Session) -> None:
    assert {c.key for c in CALCULATORS} == set(HANDLERS)
    for calc in CALCULATORS:
        for bad in HOSTILE:
            for position in range(3):
                args = ["3"] * position + [bad] + ["3"] * 2
                start = time.perf_counter()
                with contextlib.suppress(RulesError):
                    demo.execute(f"calc {calc.key} {' '.join(args)}")
                assert time.perf_counter() - start < 1, (calc.key, args)


def test_odds_and_flyer_calculators(demo: Session) -> None:
    # spec §2.6: 3 dice, expected 5.458; the "average person" at TN 6 has 19/27 = 70%
    text = demo.execute("calc pool 3 1").text
    assert "average 6.46" in text and "6:70%" in text
    assert "the initiator wins" in demo.execute("calc opposed 3 1 3 1").text
    assert "cannot reach the flyer" in demo.execute("calc flyer 4 5 near").text  # EX-29
    assert "can strike the flyer" in demo.execute("calc flyer 5 5 near").text
