"""Dice a GM brings from other tools: what would read silently as something else is refused
with what to write instead, and `floor()`/`ceil()` and a trailing `# comment` work, with exact
odds. Run through `gmconsole roll` / `odds` (the CLI's `main`) and the engine's `roll`."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from long_run import examples
from strategies import small_expressions

from gmconsole.cli import main
from gmconsole.engine.dice import DiceError, parse, roll
from gmconsole.engine.odds import distribution


@pytest.mark.parametrize(
    ("expr", "hint"),
    [
        ("4d10r!=5", "'!=' (not equal"),  # rpg-dice-roller: reroll all but 5; was r1 then !5
        ("10d10>=8f!=1", "'!=' (not equal"),  # was an explosion on 1 added
        ("4d10!=5", "'!=' (not equal"),
        ("1d20cs>19", "'cs' counts successes in Foundry but only marks criticals in Roll20"),
        ("1d20cs20", "'cs' counts successes"),
        ("10d10cs>=8", "write the comparison alone (10d10>=8)"),
    ],
)
def test_notation_that_would_mean_something_else_is_refused_with_a_hint(
    expr: str, hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(DiceError, match="column"):
        parse(expr)
    assert main(["roll", expr]) == 1
    err = capsys.readouterr().err
    assert hint in err and err.count("\n") == 1
    assert main(["odds", expr]) == 1


def test_what_still_reads_as_written() -> None:
    assert parse("10d10cs{1,3}").canonical == "10d10cs{1,3}"  # a set of faces to count
    assert parse("1dF!=-1").canonical == "1dF!=-1"  # a fudge die exploding on -1
    assert parse("4d10r{1,2,3,4}").canonical == "4d10r<=4"


def test_a_trailing_comment_is_kept_as_the_rolls_label(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = roll("3d6+2 # initiative", rng=random.Random(1))
    assert str(result).startswith("(3d6 (") and "+ 2) [initiative] = " in str(result)
    assert result.total == roll("3d6+2", rng=random.Random(1)).total
    assert distribution("3d6+2 # initiative").probabilities == distribution("3d6+2").probabilities
    assert main(["roll", "1d20+3 # to hit", "--seed", "4"]) == 0
    assert "[to hit]" in capsys.readouterr().out
    assert parse("2d6 #").canonical == "2d6"
    with pytest.raises(DiceError, match="nothing to roll before the comment"):
        parse("# just words")
    with pytest.raises(DiceError, match="cannot hold '\\['"):
        parse("1d6 # [x]")


def _by_hand(expr_of: str, faces: int, op: str, k: int) -> dict[int, Fraction]:
    counts = Counter(-(-f // k) if op == "ceil" else f // k for f in range(1, faces + 1))
    return {v: Fraction(n, faces) for v, n in counts.items()}


@pytest.mark.parametrize("op", ["floor", "ceil"])
def test_floor_and_ceil_round_a_division_with_exact_odds(
    op: str, capsys: pytest.CaptureFixture[str]
) -> None:
    expr = f"{op}(1d6/4)"
    assert distribution(expr).probabilities == _by_hand(expr, 6, op, 4)
    assert roll("ceil(7/2)").total == 4 and roll("floor(7/2)").total == 3
    assert roll("ceil(-7/2)").total == -3 and roll("floor(-7/2)").total == -4
    assert parse("ceil((1d6+1)/2)").canonical == "ceil((1d6 + 1) / 2)"
    assert parse(parse("ceil((1d6+1)/2)").canonical) == parse("ceil((1d6+1)/2)")
    assert parse("floor(3d6)").canonical == "3d6" and parse("ceil(3d6)").canonical == "3d6"
    assert main(["odds", "ceil(2d6/3)", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["probabilities"]["4"] == "1/6"  # 10, 11, 12 of 2d6


def test_ceil_refuses_a_division_it_would_round_twice() -> None:
    with pytest.raises(DiceError, match=r"ceil\(\) rounds one division up"):
        parse("ceil(1d6/2+1)")
    with pytest.raises(DiceError, match="division by zero"):
        roll("ceil(1d6/0)")


@settings(max_examples=examples(60), deadline=None)
@given(small_expressions(max_leaves=2), st.integers(1, 5), st.booleans())
def test_ceil_odds_are_the_expressions_odds_rounded_up(expr: str, k: int, negative: bool) -> None:
    divisor = -k if negative else k
    inner = distribution(expr).probabilities
    expected: Counter[int] = Counter()
    for value, p in inner.items():
        expected[-(-value // divisor)] += p
    assert distribution(f"ceil(({expr}) / ({divisor}))").probabilities == dict(expected)
    total = roll(f"ceil(({expr}) / ({divisor}))", rng=random.Random(k)).total
    assert total in expected


def test_compounding_and_penetrating_explosions(capsys: pytest.CaptureFixture[str]) -> None:
    # compounding: the chain adds into the die (the same total as ! when nothing is kept)
    assert str(roll("2d6!!", dice=[6, 6, 6, 3, 2])) == "2d6!! (6!, 6!, 6!, 3, 2) = 23"
    # penetrating: every extra die counts one less, and explodes on its face as rolled
    assert str(roll("2d6!p", dice=[6, 6, 6, 3, 2])) == "2d6!p (6!, 6!, 6→5!, 3→2, 2→1) = 20"
    assert roll("1d6!p", dice=[6, 1]).total == 6
    assert parse("1d6!ph1").canonical == "1d6!dh1"  # explode, then d20's drop-highest
    assert parse("4d10!!=5").canonical == "4d10!!5"  # compound on exactly 5 reads as written
    one = distribution("1d4!p", explode_depth=2).probabilities
    assert one[2] == Fraction(1, 4) and one[4] == Fraction(1, 16)  # 4 then a 1 that counts 0
    assert one[7] == Fraction(1, 64)  # 4, 4 (counts 3), then 1 (counts 0)
    assert distribution("3d6!!").probabilities == distribution("3d6!").probabilities
    assert main(["roll", "1d6!p", "--dice", "6,6,2"]) == 0
    assert capsys.readouterr().out.strip() == "1d6!p (6!, 6→5!, 2→1) = 12"


@pytest.mark.parametrize("expr", ["4d6!!kh3", "10d10!!10>=8", "1d6!pma5", "4d6!pkl1", "1d6!!!"])
def test_a_chain_explosion_with_keep_count_or_bounds_is_refused(expr: str) -> None:
    with pytest.raises(DiceError, match=r"column"):
        parse(expr)


def test_grouped_rolls_keep_whole_totals_or_roll20s_dice(capsys: pytest.CaptureFixture[str]) -> None:
    # d20's set: the highest of three totals
    got = roll("(1d4, 2+2, 3d6kl1)kh1", dice=[3, 6, 5, 2])
    assert got.total == 4 and str(got).startswith("{1d4 (3), 2 + 2, 3d6kl1 (")
    assert roll("{1d20+5, 1d20+5}kh1", dice=[3, 17]).total == 22  # advantage on a check
    assert roll("{1d6, 1d8}", dice=[2, 7]).total == 9  # no keep: a sum
    # Roll20's {4d6+3d8}kh1: the single highest of the seven dice
    assert roll("{4d6+3d8}kh1", dice=[1, 2, 3, 4, 5, 6, 7]).total == 7
    assert roll("{4d6+3d8}kh2", dice=[6, 1, 1, 1, 2, 2, 2]).total == 8
    assert parse("(1d6, 2)d").canonical == "{1d6, 2}dl1"
    one_of_two = distribution("{1d20, 1d20}kh1").probabilities
    assert one_of_two[20] == Fraction(39, 400) and one_of_two[1] == Fraction(1, 400)
    highest_die = distribution("{1d6+1d8}kh1").probabilities
    assert highest_die[8] == Fraction(1, 8) and highest_die[1] == Fraction(1, 48)
    assert main(["odds", "{4d6+3d8}kh1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["probabilities"]["1"] == f"1/{6**4 * 8**3}"


def test_group_shapes_that_cannot_be_read_are_refused() -> None:
    with pytest.raises(DiceError, match="takes plain dice joined by"):
        parse("{2d20+3}kh1")
    with pytest.raises(DiceError, match="at most 20 rolls"):
        parse("{" + ", ".join(["1d6"] * 21) + "}kh1")
    with pytest.raises(DiceError, match="too large for exact odds"):
        distribution("{100d6+100d8}kh50")
    assert roll("{100d6+100d8}kh50", rng=random.Random(1)).total > 0  # rolling it is fine
