"""Damage and healing from the command line on the demo: the generic verbs with Myriad's kinds
(`dmg x 3`, `dmg x 2 resolve`, `dmg x 1 critical`, `heal ...`), and Myriad's own `rest` and
`medic` verbs for what `heal N` cannot say."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def wounds(s: Session, who: str) -> tuple[int, int]:
    line = s.resolve(who).sheet.line("wounds")
    return line.crossed, line.critical_crossed


def test_damage_kinds_from_the_command_line(demo: Session) -> None:
    assert wounds(demo, "kesh") == (2, 0)
    event = demo.execute("dmg kesh 3")
    assert event.text == "Kesh Varro takes 3 boxes on wounds (wounds 2/7, critical 6/6 left)"
    demo.execute("dmg kesh 2 resolve")
    assert demo.resolve("kesh").sheet.line("resolve").crossed == 2
    demo.execute("dmg kesh 1 crit")  # a unique prefix of "critical"
    assert wounds(demo, "kesh") == (5, 1)
    demo.execute("heal kesh 1 critical")
    assert wounds(demo, "kesh") == (5, 0)
    demo.execute("heal kesh 2")
    assert wounds(demo, "kesh") == (3, 0)
    # the terror module's Nerve line: added on its first damage, Spirit 4 boxes + 2 critical
    nerve = demo.execute("dmg kesh 5 nerve")
    assert nerve.text == ("Kesh Varro takes 5 boxes: 4 nerve + 1 critical "
                          "(nerve 0/4, critical 1/2 left): out; Kesh Varro is out")
    demo.execute("dmg kesh 1 cynicism")
    assert demo.resolve("kesh").sheet.line("cynicism").crossed == 1
    with pytest.raises(RulesError, match="no damage kind 'sanity'"):
        demo.execute("dmg kesh 1 sanity")


def test_rest_heals_a_wound_a_night_and_a_critical_box_every_third(demo: Session) -> None:
    demo.execute("dmg tamsin 7")  # 5 wounds + 2 critical: KO
    assert demo.resolve("tamsin").combatant.status == "out"
    with pytest.raises(RulesError, match=r"in a running fight .* a night's rest waits"):
        demo.execute("rest tamsin")  # the ambush is still on: rest is overnight
    demo.execute("end")
    event = demo.execute("rest tamsin 3")
    assert event.text == ("Tamsin Reed rests 3 nights: 3 boxes and 1 critical healed "
                          "(wounds 3/5, critical 5/6 left)")
    demo.execute("rest tamsin")
    demo.execute("rest tamsin")
    demo.execute("rest tamsin")  # three separate nights count towards the next critical box
    assert wounds(demo, "tamsin") == (0, 0)
    with pytest.raises(RulesError, match="nights must be a whole number from 1 to 366"):
        demo.execute("rest tamsin 0")
    for bad in ("lots", "99999999999999999999", "2.5", "٣"):
        with pytest.raises(RulesError, match="nights must be a whole number"):
            demo.execute(f"rest tamsin {bad}")


def test_medic_applies_a_result_against_twelve_minus_the_boxes_left(demo: Session) -> None:
    demo.execute("dmg oduya 3")  # Oduya: wounds 4 + critical 2; already 2 crossed -> 1 critical
    assert wounds(demo, "oduya") == (4, 1)
    with pytest.raises(RulesError, match="medical care takes 30 minutes"):
        demo.execute("medic oduya 12")
    demo.execute("end")
    event = demo.execute("medic oduya 12")  # TN 12 - 1 box left = 11: margin 1, 2 restored
    assert event.text == ("Captain Oduya gets medical care: 12 vs TN 11, success, 2 boxes restored "
                          "(wounds 1/4, critical 2/2 left)")
    failed = demo.execute("medic oduya 5")
    assert "failure, 0 boxes restored" in failed.text
    with pytest.raises(RulesError, match="give a number"):
        demo.execute("medic oduya")
    demo.undo()  # the failed attempt changed nothing, so undo takes back the successful one
    assert wounds(demo, "oduya") == (4, 1)


def test_hurt_counts_dice_rolled_at_the_table_against_the_lines_armour(demo: Session) -> None:
    # Grell: chain mail 3 -> only the 4 and the 6 wound
    event = demo.execute("hurt grell 1 3 4 6")
    assert event.text.startswith("Grell the Red 4D vs armour 3: takes 2 boxes on wounds")
    demo.execute("hurt grell nerve 2 3")  # fear armour 2: the 3 crosses off a Nerve box
    assert demo.resolve("grell").sheet.line("nerve").crossed == 1
    with pytest.raises(RulesError, match="a die must be a whole number from 1 to 6"):
        demo.execute("hurt grell 7")


def test_heal_refuses_the_dead_and_a_medic_may_revive_within_ten_minutes(demo: Session) -> None:
    demo.execute("dmg grell 99")  # past every box: dead
    assert demo.system.status(demo.resolve("grell").sheet).health == "dead"
    with pytest.raises(RulesError, match="Grell the Red is dead: that is permanent"):
        demo.execute("heal grell 3")
    demo.execute("end")
    with pytest.raises(RulesError, match="only within 10 minutes of death"):
        demo.execute("medic grell 20")
    revived = demo.execute("medic grell 20 revive")  # TN 12 - 0 boxes left: margin 8
    assert "20 vs TN 12, success, 9 boxes restored" in revived.text
