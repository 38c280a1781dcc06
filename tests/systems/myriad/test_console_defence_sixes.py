"""The sixes of a failed defence roll, burnt once the hit has beaten it (T-20, T-23): Hard as
Nails takes dice off the hit, and the easy counter cancels a spell, without a switch typed."""

from __future__ import annotations

from gmconsole.store import Session

from .test_console_attacks import wounds


def test_hard_as_nails_burns_the_failed_defences_sixes(demo: Session) -> None:
    # Grell's long sword 4D at Kesh (chain mail 3, Hard as Nails): Kesh's defence [6 6 1 1] is
    # 6 + 4 + 2 = 12, Grell's [6 6 6 5 2 1] 6 + 3 + 3 = 12: a tie goes to the attacker. Kesh
    # burns his two sixes now: two damage dice fewer
    demo.execute("check grell power/close_combat dice=6,6,6,5,2,1 target_dice=6,6,1,1 at kesh")
    hit = demo.execute("hit 5 5")
    assert "Long sword 2D [5 5] vs armour 3 (-2D Hard as Nails)" in hit.text
    assert wounds(demo, "kesh") == (4, 0)  # 2 crossed in round 1, 2 more


def test_the_nails_switch_still_wins_over_the_defence_roll(demo: Session) -> None:
    demo.execute("check grell power/close_combat nails=1 dice=6,6,6,5,2,1 target_dice=6,6,1,1 "
                 "at kesh")
    assert "Long sword 3D [5 5 5] vs armour 3 (-1D Hard as Nails)" in demo.execute(
        "hit 5 5 5").text


def test_the_easy_counter_reads_the_defence_rolls_sixes(demo: Session) -> None:
    # a spell of 2 sixes (4D): Grell's failed dodge [6 6] burns both, more than half: cancelled
    demo.execute("weave ilse 6 6 1 1 1 1")
    demo.execute("weave ilse put damage=2")
    demo.execute("check ilse intellect/spell_casting easy_counter dice=6,6,6,6,6,1 at grell "
                 "target_dice=6,6")
    hit = demo.execute("hit 6 6 6 6")
    assert "countered: 2 sixes of the defence roll (easy counter) against a spell of 2" in hit.text
    assert wounds(demo, "grell") == (2, 0)  # as before the spell


def test_one_six_is_not_over_half_and_the_spell_lands(demo: Session) -> None:
    demo.execute("weave ilse 6 6 1 1 1 1")
    demo.execute("weave ilse put damage=2")
    demo.execute("check ilse intellect/spell_casting easy_counter dice=6,6,6,6,6,1 at grell "
                 "target_dice=6,1")
    hit = demo.execute("hit 6 6 6 6")
    assert "countered" not in hit.text and wounds(demo, "grell") == (6, 0)
