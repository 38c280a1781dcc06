"""Damage application, buying damage off, bleeding, recovery and healing (003-torg.md §4.4, §5.7)."""

import pytest

from gmconsole.systems.torg import DamageState, combat_result
from gmconsole.systems.torg.combat import CombatResult, parse_cell
from gmconsole.systems.torg.damage import Reduction, apply_blow, medicine_difficulty, reduce_blow
from gmconsole.systems.torg.errors import TorgError
from tests.systems.torg.conftest import struck


def pr(rp):
    return combat_result(rp, possibility_rated=True)


def test_shock_accumulates_to_unconsciousness_at_toughness():
    s = DamageState(toughness=8)
    struck(s, CombatResult(shock=5))
    assert not s.unconscious
    struck(s, CombatResult(shock=3))
    assert s.shock == 8 and s.unconscious and not s.dead


def test_k_then_o_is_a_knockout():
    s = struck(struck(DamageState(toughness=10), parse_cell("K 1")), parse_cell("O 1"))
    assert s.K and s.O and s.unconscious


def test_o_without_k_is_not_recorded():
    s = DamageState(toughness=10)
    notes = apply_blow(s, parse_cell("O 2"))
    assert not s.O and s.shock == 2 and "O without a K" in notes[0]


def test_second_k_adds_two_shock_to_that_blow():
    s = struck(struck(DamageState(toughness=20), parse_cell("K 1")), parse_cell("K 1"))
    assert s.shock == 1 + 1 + 2


def test_k_slash_o_is_a_k_then_an_o():
    s = struck(DamageState(toughness=20), parse_cell("K/O 1"))
    assert s.K and not s.O
    struck(s, parse_cell("K/O 1"))
    assert s.O and s.unconscious


def test_reaching_heavy_wound_costs_the_next_action():
    s = struck(DamageState(toughness=10), parse_cell("Wnd"))
    assert not s.pass_next_action
    struck(s, parse_cell("Wnd"))
    assert s.pass_next_action and s.wound_level == "heavily wounded"
    s.clear_knockdown()
    assert not s.pass_next_action


def test_four_wounds_kill():
    s = struck(DamageState(toughness=10), parse_cell("4 Wnd"))
    assert s.dead and s.wound_level == "dead" and not s.unconscious
    with pytest.raises(TorgError, match="already dead"):
        struck(s, parse_cell("1"))


def test_mortal_wound_bleeds_and_kills_past_toughness():
    """Ruling §9.2 #8: unconscious at shock >= TOU, death only at shock > TOU when mortal."""
    s = struck(DamageState(toughness=3), parse_cell("3 Wnd 2"))
    assert s.bleeding
    s.bleed()
    assert s.shock == 3 and s.unconscious and not s.dead
    assert s.bleed(possibility_spent=True) and s.shock == 3
    s.bleed()
    assert s.dead


def test_stabilised_mortal_still_dies_past_toughness_by_default():
    """Ruling §9.3: conservative; the toggle keeps a stabilised character alive."""
    s = DamageState(toughness=3, wounds=3, mortal_stabilized=True, shock=4)
    assert s.dead
    assert not s.is_dead(dead_when_stabilised=False)
    assert s.bleed() == []


def test_stun_blow():
    s = struck(DamageState(toughness=12), pr(9), stun=True)
    assert s.wounds == 0 and s.knockdown and s.K and s.shock == 3


def test_reduction_rules():
    blow = pr(10)  # Wnd K 4
    with pytest.raises(TorgError, match="no wound left"):
        reduce_blow(blow, [Reduction("hero", ("wound", "wound"))])
    with pytest.raises(TorgError, match="only one Possibility"):
        reduce_blow(blow, [Reduction("possibility", ("K",)), Reduction("possibility", ("wound",))])
    with pytest.raises(TorgError, match="one to three"):
        reduce_blow(blow, [Reduction("drama", ("K", "wound", "shock", "shock"))])
    with pytest.raises(TorgError, match="cannot reduce"):
        reduce_blow(blow, [Reduction("supporter", ("K",))])


def test_a_possibility_may_pick_the_same_option_twice():
    """Ruling §9.3 (supported by L1253): repeats allowed."""
    out = reduce_blow(parse_cell("2 Wnd O 4"), [Reduction("possibility", ("wound", "wound", "shock"))])
    assert out == CombatResult(shock=1, knockout="O")


def test_recovery_over_time():
    s = DamageState(toughness=10, shock=5, K=True, O=True)
    s.recover(1)
    assert s.shock == 4 and s.K and not s.O
    s.recover(29)
    assert s.shock == 0 and not s.K
    with pytest.raises(TorgError):
        s.recover(-1)


def test_dead_do_not_recover():
    s = DamageState(toughness=10, wounds=4, shock=5)
    assert s.recover(10) == [] and s.shock == 5


def test_first_aid():
    s = DamageState(toughness=10, wounds=3, shock=6, K=True)
    assert s.first_aid_difficulty() == 15
    s.first_aid()
    assert s.shock == 0 and not s.K and s.mortal_stabilized and s.wounds == 3 and not s.bleeding
    assert DamageState(toughness=10, shock=2).first_aid_difficulty() == 8
    with pytest.raises(TorgError, match="dead"):
        DamageState(toughness=10, wounds=4).first_aid_difficulty()


def test_healing_roll_uses_medicine_once():
    s = DamageState(toughness=10, wounds=2)
    s.medicine(3)
    total, dn, healed = s.healing_roll(0)
    assert (total, dn, healed) == (13, 13, True) and s.wounds == 1 and s.medicine_bonus == 0


def test_healing_blocked_past_wounded():
    s = DamageState(toughness=10, wounds=1, healing_blocked=True)
    assert s.healing_roll(10)[2] is False and s.wounds == 1


def test_medicine_difficulties():
    """Ruling §9.1 #6: the lost 'wound' DN reads 8."""
    assert [medicine_difficulty(w) for w in (1, 2, 3)] == [8, 12, 15]
    with pytest.raises(TorgError):
        medicine_difficulty(0)


def test_toughness_is_not_stored():
    assert "toughness" not in DamageState(toughness=9, shock=1).model_dump()


def test_end_of_round_clock_recovers_a_minute_every_six_rounds():
    s = DamageState(toughness=10, shock=3, O=True, K=True)
    for _ in range(5):
        assert s.end_round() == []
    assert s.end_round() == ["recovers 1 shock", "O clears"]
    assert s.shock == 2 and s.rounds == 0 and s.k_minutes == 1


def test_the_recovery_clock_stops_when_there_is_nothing_to_recover():
    s = DamageState(toughness=10, shock=1)
    for _ in range(5):
        s.end_round()
    assert s.rounds == 5
    assert s.end_round() == ["recovers 1 shock"]
    assert s.end_round() == [] and s.rounds == 0


def test_end_of_round_bleeds_a_mortal_wound_first():
    s = DamageState(toughness=10, wounds=3, shock=10)
    assert "dies of the mortal wound" in s.end_round()
    assert s.dead and s.rounds == 0
