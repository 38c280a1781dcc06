"""A round under a drama card: side order, flurry, and the conflict-line results (003-torg.md §5.3-§5.4)."""

import pytest

from gmconsole.systems.torg.cards import ConflictLine, DramaCard
from gmconsole.systems.torg.conflict import (
    Actor,
    breaks,
    fatigue_shock,
    inspiration_draws,
    round_effects,
    side_order,
    start_of_round,
)
from gmconsole.systems.torg.damage import DamageState
from gmconsole.systems.torg.errors import TorgError


def card(standard, dramatic=None, approved=("attack", "trick"), dsr="AB"):
    return DramaCard(1, "action", standard, dramatic or ConflictLine("villain"), approved, dsr)


ACTORS = [
    Actor("quin", "hero", 11),
    Actor("crab", "hero", 10),
    Actor("mobius", "villain", 12),
    Actor("guard", "villain", 8),
    Actor("gone", "hero", 13, active=False),
]


def no_tie(ids):
    raise AssertionError(f"unexpected tie {ids}")


def test_initiative_side_first_then_dex_order():
    eff = round_effects(card(ConflictLine("hero")), "standard")
    assert side_order(eff, ACTORS, no_tie) == [
        ("quin", "hero"),
        ("crab", "hero"),
        ("mobius", "villain"),
        ("guard", "villain"),
    ]


def test_the_scene_picks_the_line():
    eff = round_effects(card(ConflictLine("hero"), ConflictLine("villain")), "dramatic")
    assert side_order(eff, ACTORS, no_tie)[0] == ("mobius", "villain")


def test_flurry_gives_a_side_two_passes_before_the_other():
    eff = round_effects(card(ConflictLine("villain", villain=("flurry",))), "standard")
    turns = [cid for cid, _ in side_order(eff, ACTORS, no_tie)]
    assert turns == ["mobius", "guard", "mobius", "guard", "quin", "crab"]


def test_dex_ties_go_to_the_tie_break():
    tied = [Actor("a", "hero", 10), Actor("b", "hero", 10)]
    eff = round_effects(card(ConflictLine("hero")), "standard")
    assert side_order(eff, tied, lambda ids: list(reversed(ids))) == [("b", "hero"), ("a", "hero")]


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
    assert inspiration_draws(eff, ["quin", "crab"]) == ["quin", "crab"]


def test_fatigue_shock_override_for_full_plate():
    assert fatigue_shock(True, override=4) == 4


def test_up_stymied_confused_setback_flags():
    eff = round_effects(
        card(ConflictLine("hero", hero=("up", "confused"), villain=("stymied", "setback"))), "standard"
    )
    assert eff.up("hero") and not eff.up("villain")
    assert eff.stymied("villain") and eff.pools_locked("hero") and not eff.pools_locked("villain")
    assert eff.harm_blocked("villain") and not eff.harm_blocked("villain", gm_setback_planned=True)


def test_break_only_for_damaged_villains_who_did_no_harm():
    eff = round_effects(card(ConflictLine("hero", villain=("break",))), "standard")
    assert breaks(eff, damaged=True, harmed_opposition=False)
    assert not breaks(eff, damaged=True, harmed_opposition=True)
    assert not breaks(eff, damaged=False, harmed_opposition=False)


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
