"""Parsing: aliases, canonical echo, errors with columns, limits, hostile input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_run import examples
from strategies import expressions

from gmconsole.engine.dice import (
    BinOp,
    Dice,
    DiceError,
    DiceLimitError,
    DiceSyntaxError,
    Keep,
    Labeled,
    Neg,
    Number,
    Reroll,
    parse,
)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("d20", "1d20"),
        ("1D20", "1d20"),
        ("d%", "1d100"),
        ("4df", "4dF"),
        ("4d6k3", "4d6kh3"),
        ("4d6k", "4d6kh1"),
        ("4d6d1", "4d6dl1"),
        ("4d6pl1", "4d6dl1"),  # d20's p = drop
        ("4d6ph1", "4d6dh1"),
        ("1d20x10x20", "1d20!{10,20}"),  # Foundry explode, union of targets
        ("1d20!10!20", "1d20!{10,20}"),  # Roll20
        ("1d20e20", "1d20!"),  # d20's e on the highest face is a bare !
        ("1d6!6", "1d6!"),
        ("1d10!>8", "1d10!>=9"),  # > is strict, echoed as >=
        ("3d6ro1", "3d6r1"),  # d20 / Roll20 reroll-once
        ("3d6r", "3d6r1"),  # bare r: the lowest face
        ("3d6r<3", "3d6r<=2"),
        ("3d6r{1,2}", "3d6r<=2"),
        ("3d6rr1", "3d6rr1"),
        ("10d10cs{8,9,10}", "10d10>=8"),  # a set of faces to count
        ("10d10>7", "10d10>=8"),
        ("10d10cs{8}", "10d10=8"),
        ("10d10>=8df1", "10d10>=8f1"),  # Foundry deduct failures
        ("10d10>=8sf<2", "10d10>=8f1"),
        ("d6x6max5", "1d6!ma5"),  # Torg bonus die, Foundry spelling
        ("1d20min10", "1d20mi10"),
        ("10d10!>=8", "10d10!>=8"),  # the comparator belongs to the explosion
        ("10d10!10>=8", "10d10!10>=8"),  # explicit face keeps the success count apart
        ("4dFr=-1", "4dFr=-1"),
        ("1d20+5", "1d20 + 5"),
        ("(1d6+2)*3", "(1d6 + 2) * 3"),
        ("1-(2-3)", "1 - (2 - 3)"),
        ("(1-2)-3", "1 - 2 - 3"),
        ("8/(2*2)", "8 / (2 * 2)"),
        ("-(1d4)", "-1d4"),
        ("--3", "3"),
        ("+3", "3"),
        ("2--3", "2 - -3"),
        ("2d6[fire]+1d4 [ cold ]", "2d6 [fire] + 1d4 [cold]"),
        ("(1d6+1)[fire]", "(1d6 + 1) [fire]"),
        ("(-3)[x]", "(-3) [x]"),
    ],
)
def test_aliases_echo_one_canonical_form(typed: str, canonical: str) -> None:
    assert parse(typed).canonical == canonical
    assert parse(canonical) == parse(typed)


def test_tree_holds_meaning_not_spelling() -> None:
    assert parse("4d6k3") == Dice(4, 6, keep=Keep("kh", 3))
    assert parse("3d6rr<3") == Dice(3, 6, reroll=Reroll(frozenset({1, 2}), recursive=True))
    assert parse("4dF") == Dice(4, 3, fudge=True)
    assert parse("10d10>=8f1").success == frozenset({8, 9, 10})
    assert parse("1d20 + 5") == BinOp("+", Dice(1, 20), Number(5))
    assert parse("-(1d4)") == Neg(Dice(1, 4))
    assert parse("2d6 [fire]") == Labeled(Dice(2, 6), "fire")


def test_parse_is_cached() -> None:
    assert parse("3d6+2") is parse("3d6+2")


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("1d6+", 5, "ends too early"),
        ("4d6 d20", 5, "unexpected 'd20'"),
        ("2d6 kh1", 5, "unexpected 'kh1'"),
        ("abc", 1, "unexpected 'a'"),
        ("1d6 [a] [b]", 9, "unexpected '[b]'"),
        ("4d6k>3", 4, "keeping or dropping by value"),
        ("1d20ra1", 6, "'ra'"),
        ("1d6!!kh1", 6, "compounding"),
        ("1d6>>3", 4, "one operator"),
        ("", 1, "empty"),
        ("   ", 1, "empty"),
    ],
)
def test_syntax_errors_say_where_and_what(text: str, column: int, words: str) -> None:
    with pytest.raises(DiceSyntaxError if "compounding" not in words else DiceError) as caught:
        parse(text)
    assert caught.value.column == column
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1d1!", "every face of a d1 explodes"),
        ("1dF!{-1,0,1}", "every face of a dF explodes"),
        ("1d6rr<=6", "rr rerolls every face"),
        ("2d2rr1!", "every face of a d2 that rr lets stand explodes"),
        ("1d6rr<=4!>=5", "every face of a d6 that rr lets stand explodes"),
        ("1d6>=7", "matches no face of a d6"),
        ("1d6!{10,20}", "matches no face"),
        ("1d0", "at least 1 side"),
        ("1d6mi7", "outside the faces"),
        ("1d6mi5ma2", "above"),
        ("4d6kh3kl1", "repeats a modifier"),
        ("1d6r1rr2", "mixes rerolling once"),
        ("1d6f1", "only with a success target"),
    ],
)
def test_meaningless_terms_are_refused(text: str, words: str) -> None:
    with pytest.raises(DiceError, match=words):
        parse(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("9999999d6", "at most 1,000 dice in one term, not 9999999"),
        ("1d99999", "at most 10,000 sides on a die, not 99999"),
        ("1d" + "9" * 40, "at most 10,000 sides"),
        ("9" * 400, "numbers may be at most"),
        ("4d6kh99999", "at most 1,000 dice to keep or drop"),
        ("1+" * 300 + "1", "at most 500 characters"),
        ("+".join(["1"] * 120), "at most 100 operators"),
        ("+".join(["1"] * 110 + ["1d6"]), "at most 100 operators"),
        ("+".join(["1d6"] * 90), "written out canonically; this one comes to"),
    ],
)
def test_limits_raise_one_line_limit_errors(text: str, words: str) -> None:
    with pytest.raises(DiceLimitError, match=words) as caught:
        parse(text)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200


HOSTILE = [
    "9999999d6",
    "1d1!",
    "(" * 50 + "1d6" + ")" * 50,
    "(" * 49 + "1" + ")" * 49,
    "((((((((((",
    ")))))",
    "1" * 499,
    "d" * 499,
    "1d6!" * 100,
    "1d6r1" * 80,
    "-" * 499 + "1",
    "1d6[" + "a" * 490 + "]",
    "1d6[\n]",
    "1d6[\x00]",
    "\x00\x01\x02",
    "１d６",  # full-width digits
    "1d6{1,2}",
    "1d6!{" + ",".join(["1"] * 200) + "}",
    "1d6!>=-99999999999999999999999999",
    "10d10>=8f<=1f1",
    "2d6 [x" * 50,
    "1e5",
    "0x10",
    "nan",
    "1d6.5",
    "1,2",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_input_parses_or_raises_dice_error(text: str) -> None:
    try:
        node = parse(text)
    except DiceError as error:
        assert error.column is None or 1 <= error.column <= len(text) + 1
    else:
        assert parse(node.canonical) == node


def test_deep_nesting_within_limits_parses() -> None:
    node = parse("(" * 240 + "1d6" + ")" * 240)
    assert node == Dice(1, 6)
    long_sum = parse("+".join(["d6"] * 80))
    assert parse(long_sum.canonical) == long_sum
    nested = parse("-(" * 45 + "1d6+1" + ")" * 45)
    assert parse(nested.canonical) == nested


DICE_ALPHABET = st.sampled_from(
    [*list("0123456789dDfF%+-*/()[]{},!<>=xkhlprocsmian "), "d6", "10", "kh", ">=", "!{"]
)


@settings(max_examples=examples(400), deadline=None)
@given(st.text(max_size=60))
def test_any_text_parses_or_raises_dice_error(text: str) -> None:
    try:
        node = parse(text)
    except DiceError:
        return
    assert parse(node.canonical) == node


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(DICE_ALPHABET, max_size=30).map("".join))
def test_dice_like_text_parses_or_raises_dice_error(text: str) -> None:
    try:
        node = parse(text)
    except DiceError:
        return
    assert parse(node.canonical) == node


@settings(max_examples=examples(400), deadline=None)
@given(expressions())
def test_generated_expressions_parse_and_canonical_round_trips(text: str) -> None:
    node = parse(text)
    canonical = node.canonical
    assert parse(canonical) == node
    assert parse(canonical).canonical == canonical
