"""Extended actions at the console (spec §2.5, checklist 7.2): the `task` action in a scene."""

from __future__ import annotations

import contextlib

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def progress(demo: Session, key: str = "vault") -> list[int]:
    tasks = demo.encounter.state["tasks"]
    return [s["progress"] for s in tasks[key]["sections"]]


def test_fixture_extended_l512_through_the_console(demo: Session):
    # {fn: extended, tn: 7, target: 10, rolls: [9,6,10,10], expect_progress: [3,2,6,10],
    #  complete_after: 4}; two characters work on it, the last roll with dice
    demo.execute("encounter Vault")
    start = demo.execute("task kesh new vault 7 10 10 minutes")
    assert start.text == "Kesh Varro starts task vault: vault TN 7, progress 0/10, 10 minutes a roll"
    seen = []
    first = demo.execute("task kesh result vault 9")
    assert first.text == ("Kesh Varro works on vault/vault 0 -> 3/10 (+3), 10 minutes so far "
                          "(rolled 9 vs TN 7)")
    seen.append(progress(demo)[0])
    demo.execute("task kesh result vault 6")
    seen.append(progress(demo)[0])
    demo.execute("task tamsin result vault 10")  # several characters may contribute
    seen.append(progress(demo)[0])
    assert demo.order.header(demo.encounter)[1] == "Task vault: vault 6/10 (TN 7, 30 minutes)"
    # Kesh: Grace 4D + Stealth 2, [6 6 1 1] = 6 + 2 + 2 sixes = 10
    last = demo.execute("task kesh roll vault grace/stealth 6 6 1 1")
    seen.append(progress(demo)[0])
    assert seen == [3, 2, 6, 10]
    assert last.text.startswith("Kesh Varro works on vault/vault 6 -> 10/10 (+4), 40 minutes so "
                                "far: section complete; task complete: Grace 4D + Stealth")
    assert last.data["detail"]["complete"] is True
    assert all(not line.startswith("Task") for line in demo.order.header(demo.encounter))
    with pytest.raises(RulesError, match=r"name the section.*none: it is complete"):
        demo.execute("task kesh result vault 12")


def test_sections_in_order_help_and_hindrance_undo_and_reopen(demo: Session):
    demo.execute("encounter Bridge")
    demo.execute("task ilse new bridge/survey tricky 2 1 hour")
    demo.execute("task ilse new bridge/build 8 3 after survey 1 day")
    with pytest.raises(RulesError, match="build cannot be worked on yet: finish survey"):
        demo.execute("task ilse result bridge/build 12")
    with pytest.raises(RulesError, match="once it has started"):
        demo.execute("task kesh add bridge/survey 1")
    demo.execute("task ilse result bridge/survey 7")  # TN 7 (Tricky): +1
    helped = demo.execute("task kesh add bridge 1")  # the only open section: survey
    assert helped.text == "Kesh Varro helps with bridge/survey: 1 -> 2/2: section complete"
    shown = demo.execute("task ilse show").text
    assert shown == ("Ilse Marrow tasks: bridge: survey 2/2 (TN 7, 1 hour) done; "
                     "build 0/3 (TN 8)")
    demo.execute("task kesh result bridge 5")  # build is the open one now: 5 vs 8 -> 0
    assert progress(demo, "bridge") == [2, 0]
    demo.execute("undo")
    demo.execute("undo")
    assert progress(demo, "bridge") == [1, 0]
    path = demo.path
    demo.close()
    with Session.open(path) as again:
        assert again.encounter.name == "Bridge"
        assert [s["progress"] for s in again.encounter.state["tasks"]["bridge"]["sections"]] == [1, 0]
        dropped = again.execute("task ilse drop bridge")
        assert dropped.text.startswith("Ilse Marrow drops task bridge: survey 1/2")
        assert "tasks" not in again.encounter.state


def test_tasks_need_a_scene_and_refuse_bad_lines(demo: Session):
    demo.execute("end")
    with pytest.raises(RulesError, match="open one first with 'encounter NAME'"):
        demo.execute("task kesh new vault 7 10")
    demo.execute("encounter Vault")
    with pytest.raises(RulesError, match="no task 'vault' in this scene"):
        demo.execute("task kesh result vault 9")
    with pytest.raises(RulesError, match="no command 'jump'"):
        demo.execute("task kesh jump")
    with pytest.raises(RulesError, match="target must be a whole number from 1 to 1000, got 'ten'"):
        demo.execute("task kesh new vault 7 ten")
    with pytest.raises(RulesError, match=r"Unknown difficulty .hardish.\. Known: foolproof"):
        demo.execute("task kesh new vault hardish 10")


HOSTILE = ("99999999999999999999", "٣", "2.5", "-99999", "x" * 200)


def test_every_number_on_a_verb_line_is_bounded(demo: Session) -> None:
    """Hostile numbers on the Myriad verbs are refused by name (RulesError), never crash."""
    lines = ["rest tamsin {}", "medic tamsin {}", "task tamsin new climb tricky {}",
             "weave ilse {}", "weave ilse put damage={}", "lucky tamsin vs {}", "cast ilse vs {}",
             "push grell {}", "throw grell {} damage", "cripple grell {}", "shield kesh {}",
             "mend kesh {}", "xp kesh {}", "advance kesh {}", "fear kesh {}",
             "build kesh {}", "chase car ship {} 5", "chase car ship 7 {}",
             "chase car ship 7 5 heads={}", "chase car ship 7 5 {}", "section ship set bridge {}",
             "section ship hit {} 3", "section ship hit bridge {}", "section ship repair bridge {}"]
    demo.execute("gen vehicle sports_car 8 4 as Car")
    demo.execute("gen vehicle heavy_carrier 40 10 as Ship")
    demo.execute("section ship set bridge 5")
    for line in lines:
        for bad in HOSTILE:
            with contextlib.suppress(RulesError):
                demo.execute(line.format(bad))
