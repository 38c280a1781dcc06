"""The sixes of a failed defence roll, burnt once the hit has beaten it (T-20, T-23): Hard as
Nails takes dice off the hit, and the easy counter cancels a spell, without a switch typed.
The console hands the defence roll to `damage_offer` as ``extra["defence"]``."""

from __future__ import annotations

import random
from dataclasses import replace

from gmconsole.store import Session


def _offer(demo: Session, faces: list[int], damage: list[int]):
    """The offer of the newest aimed test, its target's defence roll being ``faces``."""
    aimed = demo.last_aimed
    assert aimed is not None
    defence = {"total": 0, "outcome": "failure", "detail": {}, "faces": faces}
    request = replace(aimed.request, extra={**aimed.request.extra, "defence": defence})
    attacker, target = demo.resolve(aimed.who).sheet, demo.resolve(aimed.target).sheet
    return demo.system.damage_offer(attacker, request, aimed.result, target, random.Random(1),
                                    damage)


def test_hard_as_nails_burns_the_failed_defences_sixes(demo: Session) -> None:
    # Grell's long sword 4D at Kesh (chain mail 3, Hard as Nails): Kesh's defence [6 6 1 1]
    demo.execute("check grell power/close_combat dice=6,6,6,5,2,1 target_dice=6,6,1,1 at kesh")
    offer = _offer(demo, [6, 6, 1, 1], [5, 5, 5, 5])
    assert offer is not None
    assert "Long sword 2D [5 5] vs armour 3 (-2D Hard as Nails)" in offer.text
    assert offer.amount == 2


def test_the_easy_counter_reads_the_defence_rolls_sixes(demo: Session) -> None:
    # a spell of 2 sixes (4D): Grell's failed dodge [6 6] burns both, more than half: cancelled
    demo.execute("weave ilse 6 6 1 1 1 1")
    demo.execute("weave ilse put damage=2")
    demo.execute("check ilse intellect/spell_casting easy_counter dice=6,6,6,6,6,1 at grell "
                 "target_dice=6,6")
    offer = _offer(demo, [6, 6], [6, 6, 6, 6])
    assert offer is not None and offer.amount == 0
    assert "countered: 2 sixes of the defence roll (easy counter) against a spell of 2" in offer.text
    # one six is not more than half of 2: the spell goes through
    assert _offer(demo, [6, 1], [6, 6, 6, 6]).amount == 4
