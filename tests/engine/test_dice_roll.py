"""Rolling: typed-in dice give known totals, marks and text; random rolls replay exactly."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_run import examples
from strategies import expressions

from gmconsole.engine.dice import (
    DiceError,
    DiceLimitError,
    ManualDiceError,
    parse,
    render_json,
    roll,
)


@pytest.mark.parametrize(
    ("expr", "faces", "total", "text"),
    [
        ("1d20+5", [14], 19, "1d20 (14) + 5 = 19"),
        ("d20", [20], 20, "1d20 (20) = 20"),
        ("4d6k3", [6, 5, 2, 4], 15, "4d6kh3 (6, 5, (2), 4) = 15"),
        ("4d6kl1", [6, 5, 2, 4], 2, "4d6kl1 ((6), (5), 2, (4)) = 2"),
        ("4d6dh1", [6, 5, 2, 4], 11, "4d6dh1 ((6), 5, 2, 4) = 11"),
        ("4d6dl1", [3, 3, 3, 6], 12, "4d6dl1 ((3), 3, 3, 6) = 12"),  # ties: the first goes
        ("2d20kh1+3", [8, 13], 16, "2d20kh1 ((8), 13) + 3 = 16"),
        ("8d6", [1, 2, 3, 4, 5, 6, 1, 2], 24, "8d6 (1, 2, 3, 4, 5, 6, 1, 2) = 24"),
        # Torg: a d20 that rolls again on 10 and 20 (rules 003-torg V06: 10, 20, 8 -> 38)
        ("1d20!{10,20}", [10, 20, 8], 38, "1d20!{10,20} (10!, 20!, 8) = 38"),
        ("1d20x10x20", [7], 7, "1d20!{10,20} (7) = 7"),
        # Torg bonus die: explodes on a raw 6, which counts as 5
        ("d6x6max5", [6, 6, 2], 12, "1d6!ma5 (6→5!, 6→5!, 2) = 12"),
        # rerolls: breadth first, as at the table (all dice, then the rerolls)
        ("3d6r1", [1, 4, 5, 1], 10, "3d6r1 ((1)r, 4, 5, 1) = 10"),  # once: the new 1 stays
        ("3d6rr1", [1, 4, 5, 1, 3], 12, "3d6rr1 ((1)r, 4, 5, (1)r, 3) = 12"),
        ("2d6r1!", [1, 6, 5, 2], 13, "2d6r1! ((1)r, 6!, 5, 2) = 13"),
        ("2d6!r1", [6, 3, 1, 4], 13, "2d6r1! (6!, 3, (1)r, 4) = 13"),  # explosion dice reroll too
        # success counting
        ("10d10>=8", [8, 3, 1, 10, 5, 9, 2, 2, 7, 8], 4, None),
        ("5d10>=8f1", [8, 3, 1, 10, 1], 0, "5d10>=8f1 (8*, 3, 1f, 10*, 1f) = 0"),
        ("5d10>7df<2", [8, 3, 1, 10, 1], 0, "5d10>=8f1 (8*, 3, 1f, 10*, 1f) = 0"),
        ("3d10kh2>=8", [9, 8, 10], 2, "3d10kh2>=8 (9*, (8), 10*) = 2"),
        ("3d10!>=8", [10, 3, 4, 9, 2], 28, "3d10!>=8 (10!, 3, 4, 9!, 2) = 28"),
        ("4d10!10>=8", [10, 3, 4, 9, 2], 2, "4d10!10>=8 (10!*, 3, 4, 9*, 2) = 2"),
        # min / max per die
        ("2d20mi10", [3, 15], 25, "2d20mi10 (3→10, 15) = 25"),
        ("2d6ma4", [6, 2], 6, "2d6ma4 (6→4, 2) = 6"),
        # fudge and percentile
        ("4dF", [1, -1, 0, 1], 1, "4dF (+, -, 0, +) = 1"),
        ("4dF+2", [1, 1, 1, 1], 6, "4dF (+, +, +, +) + 2 = 6"),
        ("d%", [100], 100, "1d100 (100) = 100"),
        # arithmetic: integer, floor division
        ("1d6/2", [5], 2, "1d6 (5) / 2 = 2"),
        ("-1d6/2", [5], -3, "-1d6 (5) / 2 = -3"),
        ("(1d6+2)*3", [4], 18, "(1d6 (4) + 2) * 3 = 18"),
        ("1d4-1d4", [1, 4], -3, "1d4 (1) - 1d4 (4) = -3"),
        ("2d6 [fire] + 1d4 [cold]", [3, 4, 2], 9, "2d6 (3, 4) [fire] + 1d4 (2) [cold] = 9"),
        ("0d6+1", [], 1, "0d6 () + 1 = 1"),
        ("7", [], 7, "7 = 7"),
    ],
)
def test_typed_in_dice_give_the_expected_total_and_text(
    expr: str, faces: list[int], total: int, text: str | None
) -> None:
    result = roll(expr, dice=faces)
    assert result.total == total
    assert [d.face for d in result.dice] == faces
    if text is not None:
        assert str(result) == text


def test_die_records_carry_every_mark() -> None:
    result = roll("2d6r1!kh2", dice=[1, 6, 3, 6, 2])
    # rolled: 1 (rerolled -> 3), 6 (exploded -> 6, exploded -> 2)
    faces = [(d.face, d.kept, d.dropped, d.rerolled, d.exploded, d.from_explosion)
             for d in result.dice]
    assert faces == [
        (1, False, False, True, False, False),
        (6, True, False, False, True, False),
        (3, False, True, False, False, False),
        (6, True, False, False, True, True),
        (2, False, True, False, False, True),
    ]
    assert result.total == 12
    assert str(result) == "2d6r1!kh2 ((1)r, 6!, (3), 6!, (2)) = 12"
    term = result.terms[0]
    assert (term.text, term.value, term.index, term.dice) == ("2d6r1!kh2", 12, 0, parse("2d6r1!kh2"))


def test_labels_travel_with_their_dice() -> None:
    result = roll("2d6 [fire] + (1d4 + 1) [cold] + 1d8", dice=[1, 2, 3, 4])
    assert [t.label for t in result.terms] == ["fire", "cold", None]
    assert [d.term for d in result.dice] == [0, 0, 1, 2]


def test_success_and_failure_marks() -> None:
    result = roll("4d10>=8f1", dice=[8, 1, 5, 10])
    assert [(d.success, d.failure) for d in result.dice] == [
        (True, False), (False, True), (False, False), (True, False),
    ]
    assert result.total == 1


def test_render_json_is_plain_json() -> None:
    data = render_json(roll("4d6k3 [str]", dice=[6, 5, 2, 4]))
    assert json.loads(json.dumps(data)) == data
    assert data["expression"] == "4d6kh3 [str]"
    assert data["total"] == 15
    assert data["text"] == "4d6kh3 (6, 5, (2), 4) [str] = 15"
    (term,) = data["terms"]
    assert term["label"] == "str" and term["dice"] == "4d6kh3" and term["value"] == 15
    assert [r["dropped"] for r in term["rolls"]] == [False, False, True, False]
    assert term["rolls"][0] == {
        "die": "d6", "face": 6, "value": 6, "kept": True, "dropped": False, "rerolled": False,
        "exploded": False, "from_explosion": False, "success": False, "failure": False,
    }


@pytest.mark.parametrize(
    ("expr", "faces", "words"),
    [
        ("3d6", [1, 2], "2 dice typed in, too few: 3d6 needs die 3 (a d6)"),
        ("3d6", [1, 2, 3, 4], "4 dice typed in but 3d6 used only 3: 1 left over"),
        ("1d20+1d6", [20, 7], "typed-in die 2 is 7, impossible for die 1 of 1d6"),
        ("4d6kh3", [6, 0, 1, 1], "impossible for die 2 of 4d6kh3: a d6 shows 1 to 6"),
        ("1dF", [2], "a dF shows -1 to 1"),
        ("1d20!{10,20}", [10], "1 die typed in, too few: 1d20!{10,20} needs die 2"),
        ("2d6", [3, "4"], "is '4', impossible"),
        ("1d6", [True], "is True, impossible"),
    ],
)
def test_typed_in_dice_errors_name_the_die(expr: str, faces: list[int], words: str) -> None:
    with pytest.raises(ManualDiceError, match=re.escape(words)):
        roll(expr, dice=faces)


def test_explosions_stop_at_the_depth_limit() -> None:
    with pytest.raises(DiceLimitError, match="exploded more than 100 times in a row"):
        roll("1d2!", dice=[2] * 101 + [1])
    assert roll("1d2!", dice=[2] * 100 + [1]).total == 201


def test_rerolls_and_explosions_share_a_roll_budget() -> None:
    class AlwaysHigh(random.Random):
        def getrandbits(self, k: int) -> int:
            return 1  # a d2 always shows 2

    with pytest.raises(DiceLimitError, match="more than 10,000 dice rolled"):
        roll("200d2!", rng=AlwaysHigh())
    with pytest.raises(DiceLimitError, match="at most 10,000 may be rolled at once"):
        roll("+".join(["1000d6"] * 11))


def test_division_by_zero_is_a_dice_error() -> None:
    with pytest.raises(DiceError, match="division by zero"):
        roll("1d6/(1d2-1)", dice=[3, 1])
    assert roll("1d6/(1d2-1)", dice=[3, 2]).total == 3


def test_hostile_expression_is_one_line_limit_error() -> None:
    with pytest.raises(DiceLimitError) as caught:
        roll("9999999d6")
    assert str(caught.value) == "at most 1,000 dice in one term, not 9999999 (column 1)"


def test_seeded_rolls_repeat_and_unseeded_use_a_private_generator() -> None:
    first = [roll("10d6!kh3", random.Random(5)).total for _ in range(5)]
    assert first == [roll("10d6!kh3", random.Random(5)).total for _ in range(5)]
    random.seed(1)
    a = roll("20d20")
    random.seed(1)
    b = roll("20d20")
    assert [d.face for d in a.dice] != [d.face for d in b.dice]  # not the module's generator


def test_roll_accepts_a_syntax_tree() -> None:
    tree = parse("2d6+3")
    assert roll(tree, dice=[1, 2]).total == 6
    assert roll(tree, dice=[1, 2]).canonical == "2d6 + 3"


def test_faces_are_uniform() -> None:
    rng = random.Random(11)
    counts = [0] * 6
    for die in roll("1000d6", rng).dice:
        counts[die.face - 1] += 1
    assert all(130 < c < 205 for c in counts), counts
    fudge = {-1: 0, 0: 0, 1: 0}
    for die in roll("900dF", rng).dice:
        fudge[die.face] += 1
    assert all(240 < c < 360 for c in fudge.values()), fudge


@settings(max_examples=examples(300), deadline=None)
@given(expressions(), st.integers(0, 2**32))
def test_a_random_roll_replays_exactly_from_its_dice(expr: str, seed: int) -> None:
    """Typing in the faces a roll showed reproduces its total, records and text."""
    try:
        rolled = roll(expr, random.Random(seed))
    except DiceLimitError:
        return  # an astronomically long explosion chain; the limit is tested above
    replayed = roll(expr, dice=[d.face for d in rolled.dice])
    assert replayed.total == rolled.total
    assert replayed.dice == rolled.dice
    assert str(replayed) == str(rolled)
    assert "\n" not in str(rolled)
    assert str(rolled).endswith(f" = {rolled.total}")


@settings(max_examples=examples(300), deadline=None)
@given(expressions(), st.integers(0, 2**32))
def test_records_agree_with_the_total(expr: str, seed: int) -> None:
    try:
        result = roll(expr, random.Random(seed))
    except DiceLimitError:
        return  # e.g. 2d100!>=2 explodes 99 times in 100: the depth limit is tested above
    for term in result.terms:
        kept = [d for d in term.rolls if d.kept]
        if term.dice.success is None:
            assert term.value == sum(d.value for d in kept)
        else:
            assert term.value == sum(d.success for d in kept) - sum(d.failure for d in kept)
        assert all(d.kept != (d.dropped or d.rerolled) for d in term.rolls)
        assert all(not (d.dropped and d.rerolled) for d in term.rolls)
        assert all(term.dice.low <= d.face <= term.dice.high for d in term.rolls)
        initial = [d for d in term.rolls if not d.from_explosion]
        assert len([d for d in initial if not d.rerolled]) == term.dice.count
    if len(result.terms) == 1 and result.ast == result.terms[0].dice:
        assert result.total == result.terms[0].value
