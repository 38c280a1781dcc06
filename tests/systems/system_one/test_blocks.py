"""The unarmed block's cost (S1-EX23) through `blocked WHO WEAPON_DAMAGE`: a fifth of the
weapon's damage rounded up, to the arms by d6, split on 5-6 with each half rounded up."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import GmConsoleError
from gmconsole.store import Session


def test_a_weapon_of_11_blocked_unarmed_costs_2_to_each_arm_on_a_6(demo: Session) -> None:
    demo.execute("end")  # out of a fight the hits land at once
    marcus = demo.resolve("marcus").sheet
    text = demo.execute("blocked marcus 11 dice=6").text
    assert "blocking unarmed: 3 (d6 6)" in text
    after = demo.resolve("marcus").sheet
    assert after.wound("left arm") == marcus.wound("left arm") + 2
    assert after.wound("right arm") == marcus.wound("right arm") + 2


@pytest.mark.parametrize(
    ("line", "where", "amount"),
    [
        ("blocked marcus 3 dice=2", "left arm", 1),
        ("blocked marcus 7 dice=4", "right arm", 2),
        ("blocked marcus 7 kick dice=4", "right leg", 2),  # right-handed: dominant side on 1-4
        ("blocked marcus 7 punch dice=5", "left arm", 2),
    ],
)
def test_the_d6_picks_the_limb(demo: Session, line: str, where: str, amount: int) -> None:
    demo.execute("end")
    before = demo.resolve("marcus").sheet.wound(where)
    demo.execute(line)
    assert demo.resolve("marcus").sheet.wound(where) == before + amount


def test_in_a_round_the_cost_waits_for_the_rounds_end(demo: Session) -> None:
    assert "lands at the end of the round" in demo.execute("blocked dana 11 dice=1").text
    with pytest.raises(GmConsoleError, match="usage: blocked"):
        demo.execute("blocked dana 11 sword")
