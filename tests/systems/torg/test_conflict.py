"""A round under a drama card: side order, flurry, and the conflict-line results (003-torg.md §5.3-§5.4)."""

import pytest

from gmconsole.systems.torg.cards import ConflictLine, DramaCard
from gmconsole.systems.torg.conflict import (
    fatigue_shock,
    round_effects,
    start_of_round,
)
from gmconsole.systems.torg.damage import DamageState
from gmconsole.systems.torg.errors import TorgError


def card(standard, dramatic=None, approved=("attack", "trick"), dsr="AB"):
    return DramaCard(1, "action", standard, dramatic or ConflictLine("villain"), approved, dsr)


def no_tie(ids):
    raise AssertionError(f"unexpected tie {ids}")


def test_the_scene_picks_the_line():
    eff = round_effects(card(ConflictLine("hero"), ConflictLine("villain")), "dramatic")
    assert eff.initiative == "villain"


def test_flurry_gives_a_side_two_passes_before_the_other():
    eff = round_effects(card(ConflictLine("villain", villain=("flurry",))), "standard")
    assert eff.initiative == "villain"
    assert eff.passes("villain") == 2 and eff.passes("hero") == 1


def test_fatigue_and_inspiration_at_the_start_of_the_round():
    eff = round_effects(card(ConflictLine("hero", hero=("inspiration",), villain=("fatigue",))), "standard")
    states = {
        "quin": DamageState(toughness=10, shock=4, K=True),
        "mobius": DamageState(toughness=10),
        "guard": DamageState(toughness=8),
    }
    sides = {"quin": "hero", "mobius": "villain", "guard": "villain"}
    notes = start_of_round(eff, states, sides, armour_penalty={"guard": True})
    assert states["quin"].shock == 0 and not states["quin"].K
    assert states["mobius"].shock == 2 and states["guard"].shock == 3
    assert len(notes) == 3


def test_fatigue_shock_override_for_full_plate():
    assert fatigue_shock(True, override=4) == 4


def test_up_stymied_confused_setback_flags():
    eff = round_effects(
        card(ConflictLine("hero", hero=("up", "confused"), villain=("stymied", "setback"))), "standard"
    )
    assert eff.up("hero") and not eff.up("villain")
    assert eff.stymied("villain") and "confused" in eff.effects("hero")
    assert "setback" in eff.effects("villain")


def test_villain_instructions_on_dramatic_lines():
    eff = round_effects(
        card(ConflictLine("hero"), ConflictLine("villain", villain=("up", "taunt"))), "dramatic"
    )
    assert eff.instructions() == ("taunt",)


def test_approved_actions_and_summary():
    eff = round_effects(card(ConflictLine("hero", hero=("up",))), "standard")
    assert eff.is_approved("trick") and not eff.is_approved("taunt")
    with pytest.raises(TorgError):
        eff.is_approved("dance")
    assert eff.summary() == "Heroes first | H: up | V: - | Act: attack, trick | DSR: AB"
