"""The roll-again chain, extra rolls, up and stymie (003-torg.md §2.2)."""

import random

import pytest

from gmconsole.systems.torg import final_die_roll
from gmconsole.systems.torg.dice import MAX_DICE, roll_again_faces, roll_d20
from gmconsole.systems.torg.errors import TorgError


@pytest.mark.parametrize(
    ("rated", "skilled", "faces"),
    [(True, True, {10, 20}), (True, False, {10}), (False, True, {10}), (False, False, set())],
)
def test_who_rolls_again(rated, skilled, faces):
    assert roll_again_faces(possibility_rated=rated, skilled=skilled) == faces


def test_chain_keeps_adding_while_eligible():
    assert final_die_roll([10, 20, 8]) == 38
    assert final_die_roll([20, 20, 20, 1]) == 61


def test_unskilled_possibility_rated_loses_the_twenty():
    assert final_die_roll([20, 5], skilled=False) == 20
    assert final_die_roll([10, 5], skilled=False) == 15


def test_unskilled_ord_never_rolls_again():
    assert final_die_roll([10, 5], possibility_rated=False, skilled=False) == 10


def test_chain_needing_more_dice_than_typed_is_refused():
    with pytest.raises(TorgError, match="another d20"):
        final_die_roll([10])


def test_impossible_face_is_refused():
    with pytest.raises(ValueError, match="cannot show 21"):
        final_die_roll([21])


def test_runaway_chain_is_bounded():
    with pytest.raises(TorgError, match=f"at most {MAX_DICE}"):
        final_die_roll([10] * (MAX_DICE + 5))


def test_rng_roll_is_reproducible_from_seed():
    a = roll_d20(rng=random.Random(7))
    b = roll_d20(rng=random.Random(7))
    assert a == b and 1 <= a.first_die <= 20


def test_possibility_roll_counts_at_least_ten_and_only_once():
    r = roll_d20(dice=[5]).extra_roll("possibility", dice=[3])
    assert r.final == 15
    assert r.steps[-1].note == "counts 10"
    with pytest.raises(TorgError, match="only one Possibility"):
        r.extra_roll("possibility", dice=[12])


def test_floored_die_does_not_chain_but_a_real_ten_does():
    assert roll_d20(dice=[5]).extra_roll("possibility", dice=[10, 4]).final == 19
    assert roll_d20(dice=[5]).extra_roll("possibility", dice=[9]).final == 15


def test_cards_give_extra_rolls_beyond_the_possibility():
    """Hero/drama cards act as Possibilities in excess of the one-per-action limit; floored too
    (ruling §9.3: floor-10 for card rolls)."""
    r = roll_d20(dice=[5]).extra_roll("possibility", dice=[12]).extra_roll("hero", dice=[2])
    assert r.final == 5 + 12 + 10


def test_countered_extra_roll_is_spent_and_not_rolled():
    r = roll_d20(dice=[7]).extra_roll("possibility", countered=True)
    assert r.final == 7 and r.possibility_spent
    assert r.steps[-1].note == "countered"


def test_up_roll_chains_and_is_not_floored():
    assert roll_d20(up=True, dice=[13, 4]).final == 17
    assert roll_d20(up=True, dice=[13, 10, 2]).final == 25


def test_up_and_stymie_cancel():
    r = roll_d20(up=True, stymied=True, dice=[20, 3])
    assert r.final == 23 and not r.stymie_pending
    assert "cancel" in r.notes[0]


def test_stymie_eats_the_first_chance_only():
    r = roll_d20(stymied=True, dice=[12]).extra_roll("possibility", dice=[15])
    assert r.final == 12 and r.possibility_spent
    r = r.extra_roll("drama", dice=[15])
    assert r.final == 27


def test_unknown_extra_source_is_refused():
    with pytest.raises(TorgError, match="no extra roll"):
        roll_d20(dice=[5]).extra_roll("supporter", dice=[3])
