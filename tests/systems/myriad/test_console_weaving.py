"""Spell weaving from the console (spec §4.10, L870-L1007, T-23; checklist 7.8)."""

from __future__ import annotations

import random

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def test_weave_round_by_round_then_cast_on_an_unwilling_target(demo: Session):
    # Ilse Marrow: Intellect 6 -> a spell of at most 5 + 6 = 11 components (L901)
    first = demo.execute("weave ilse 6 6 3 2 1 1")
    assert first.text == ("Ilse Marrow weaves (round 1): [6 6 3 2 1 1] Intellect 6D, 2 six(es): "
                          "2 to assign (spell 0/11: no components)")
    put = demo.execute("weave ilse put damage=2")
    assert put.text == "Ilse Marrow weaves in Damage 2 (spell 2/11: Damage 2)"
    demo.execute("weave ilse 6 6 1 1 1 1")
    lost = demo.execute("weave ilse put seeking")  # F6: the other six is lost
    assert lost.text.endswith("(spell 3/11: Damage 2, Seeking 1); 1 six(es) left unassigned are "
                              "lost")
    # cast at an unwilling target whose Grace/Ranged Combat total is 7:
    # Intellect 6D [5 1 1 1 1 1] = 5 + Seeking 1 = 6 vs 7: resisted
    cast = demo.execute("cast ilse vs 7 5 1 1 1 1 1")
    assert cast.text == ("Ilse Marrow casts Damage 2, Seeking 1 (4D damage): Intellect 6D + "
                         "Spell Casting (untrained) vs opponent: [5 (1) (1) (1) (1) (1)] +1 Seeking "
                         "= 6 vs 7: loses (margin -1): the target resists: no effect")
    sheet = demo.resolve("ilse").sheet
    assert sheet.weave is None and sheet.last_test.option == "intellect/spell_casting"
    demo.execute("undo")
    assert demo.resolve("ilse").sheet.weave.components == {"damage": 2, "seeking": 1}


def test_weaving_refusals_and_a_willing_target(demo: Session):
    with pytest.raises(RulesError, match="no weaving sixes to assign"):
        demo.execute("weave ilse put damage")
    demo.execute("weave ilse 6 6 6 1 1 1")
    with pytest.raises(RulesError, match="4 sixes asked for, only 3 rolled"):
        demo.execute("weave ilse put damage=2 range=2")
    with pytest.raises(RulesError, match="no spell component 'fireball'"):
        demo.execute("weave ilse put fireball")
    with pytest.raises(RulesError, match="Heal cannot be combined with Damage"):
        demo.execute("weave ilse put heal damage")
    demo.execute("weave ilse put heal=2 duration")
    willing = demo.execute("cast ilse")
    assert willing.text == ("Ilse Marrow casts Heal 2, Duration 1 (heals 4 wound boxes or 2 "
                            "critical; lasts 2 rounds) on a willing target")
    with pytest.raises(RulesError, match="no spell woven to cast"):
        demo.execute("cast ilse")


def test_component_limit_5_plus_intellect_plus_puissance_l910(demo: Session):
    for _ in range(2):
        demo.execute("weave ilse 6 6 6 6 6 6")
        demo.execute("weave ilse put damage=3 range=2")
    demo.execute("weave ilse 6 6 1 1 1 1")
    with pytest.raises(RulesError, match="would hold 12 components; Ilse Marrow's limit is 11"):
        demo.execute("weave ilse put shield=2")
    abandoned = demo.execute("weave ilse drop")
    assert abandoned.text == "Ilse Marrow abandons the spell (Damage 6, Range 4)"


def test_easy_weave_option_f5_adds_bonus_sixes(demo: Session):
    path = demo.path
    demo.close()
    campaign = path / "campaign.toml"
    campaign.write_text(campaign.read_text() + "\n[options]\nmagic_easy_weave = true\n")
    with Session.open(path, rng=random.Random(3)) as s:
        assert s.options["magic_easy_weave"] is True
        # Intellect/Spell Casting (untrained 0): [6 4 3 1 1 1] = 6 + 1 six = 7 -> 1 bonus six
        # (F5: 6+ one, 8+ two), on top of the six rolled
        woven = s.execute("weave ilse 6 4 3 1 1 1")
        assert "= 7, 1 six(es) + 1 easy-weave bonus: 2 to assign" in woven.text
        assert woven.data["detail"]["bonus"] == 1
        random_roll = s.execute("weave ilse")  # rolled by the session's rng; unassigned sixes lost
        assert "2 unassigned six(es) from the last roll are lost" in random_roll.text
