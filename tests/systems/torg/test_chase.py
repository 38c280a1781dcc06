"""The chase tracker's rules (spec §5.11, L4044-L4068): pushes per bonus, gaps, bands, stalls."""

from __future__ import annotations

import pytest

from gmconsole.systems.torg.chase import Chase, Runner, resolve_round, speed_now
from gmconsole.systems.torg.errors import TorgError


def chase(
    p_total: int,
    p_bonus: int,
    q_total: int,
    q_bonus: int,
    *,
    gap: float = 50,
    p_speed: int = 9,
    q_speed: int = 9,
    room: bool = True,
    escape: float | None = None,
    tough: int | None = None,
) -> Chase:
    return Chase(
        room=room,
        escape=escape,
        runners=[
            Runner(
                id="q",
                name="Quarry",
                role="quarry",
                skill="running",
                value=10,
                speed=q_speed,
                total=q_total,
                bonus=q_bonus,
            ),
            Runner(
                id="p",
                name="Pursuer",
                role="pursuer",
                skill="land_vehicles",
                value=10,
                speed=p_speed,
                gap=gap,
                total=p_total,
                bonus=p_bonus,
                toughness=tough,
            ),
        ],
    )


def gap(c: Chase) -> float:
    return c.pursuers[0].gap


def test_L4056_a_chase_bonus_of_3_or_4_is_a_speed_push_of_plus_1():
    """The bonus is used directly as result points on the Speed column: 3 -> +1(2), 4 -> +1(1)."""
    runner = Runner(id="a", name="A", role="quarry", skill="running", value=10, speed=9, bonus=3)
    assert speed_now(runner) == (10, 2)
    assert speed_now(runner.model_copy(update={"bonus": 4})) == (10, 1)
    assert speed_now(runner.model_copy(update={"bonus": 5})) == (11, 10)


def test_ruling_9_3_a_negative_chase_bonus_moves_at_base_speed():
    runner = Runner(id="a", name="A", role="quarry", skill="running", value=10, speed=9, bonus=-5)
    assert speed_now(runner) == (9, 0)


def test_M23_L4062_equal_speeds_the_winner_gains_the_band_width():
    """Both at speed 9 (bonus 0: no push): the pursuer wins the skill totals and closes ~20 m."""
    c = chase(14, 0, 12, 0)
    resolve_round(c)
    assert gap(c) == pytest.approx(30)
    c = chase(11, 0, 12, 0)
    notes = resolve_round(c)
    assert gap(c) == pytest.approx(70) and "Quarry wins" in notes[-1]


def test_L4054_the_faster_winner_changes_the_gap_by_the_difference():
    """Pursuer speed 12 (250 m) wins; quarry speed 10 (100 m) -> the gap closes by 150 m and he
    catches up (never below 0)."""
    c = chase(15, 0, 10, 0, gap=200, p_speed=12, q_speed=10)
    resolve_round(c)
    assert gap(c) == pytest.approx(50)
    notes = resolve_round(_again(c, 15, 0, 10, 0))
    assert gap(c) == 0 and "catches up" in notes[-1]


def _again(c: Chase, pt: int, pb: int, qt: int, qb: int) -> Chase:
    c.pursuers[0].total, c.pursuers[0].bonus = pt, pb
    c.quarry.total, c.quarry.bonus = qt, qb
    return c


def test_L4058_a_slower_winner_evades_given_room_else_the_gap_changes_normally():
    c = chase(10, 0, 15, 0, gap=100, p_speed=12, q_speed=10)  # quarry slower but wins
    resolve_round(c)
    assert gap(c) == pytest.approx(100)
    c = chase(10, 0, 15, 0, gap=200, p_speed=12, q_speed=10, room=False)
    resolve_round(c)
    assert gap(c) == pytest.approx(50)


def test_ruling_tied_totals_move_by_the_plain_distances():
    c = chase(12, 0, 12, 0, gap=200, p_speed=12, q_speed=10)
    notes = resolve_round(c)
    assert gap(c) == pytest.approx(50) and "tie" in notes[-1]


def test_L4068_a_vehicle_takes_push_fatigue_against_its_toughness_and_stalls():
    """Bonus 5 pushes +2 with 10 shock: a vehicle of Toughness 10 stalls and moves no more; a
    runner owes the shock at the end of the round instead."""
    c = chase(15, 5, 15, 5, tough=10)
    notes = resolve_round(c)
    p, q = c.pursuers[0], c.quarry
    assert p.stalled and p.vehicle_shock == 10 and any("stalls" in n for n in notes)
    assert q.fatigue_due == 10 and q.total is None and c.round == 2
    assert c.waiting() == [q]  # the stalled vehicle rolls no more
    before = gap(c)
    _again(c, 0, 0, 12, 0)
    c.pursuers[0].total = c.pursuers[0].bonus = None
    resolve_round(c)
    assert gap(c) == pytest.approx(before + 60)  # the quarry runs 60 m (speed 9), the car 0


def test_escape_distance_is_reported():
    notes = resolve_round(chase(10, 0, 15, 0, gap=100, p_speed=10, q_speed=12, escape=200))
    assert "gets away" in notes[-1]


def test_a_round_resolves_only_with_every_total():
    c = chase(10, 0, 15, 0)
    c.quarry.total = None
    with pytest.raises(TorgError, match="still waiting for Quarry"):
        resolve_round(c)
