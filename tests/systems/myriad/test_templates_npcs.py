"""Racial templates priced from the list, and quick NPCs (spec §3.8, T-30, T-31; A8-A10)."""

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad.npcs import archetype_ids, quick_npc
from gmconsole.systems.myriad.templates import boon_cost, race, races, template_cost


def test_a9_deadly_weakness_is_a_flaw():
    assert boon_cost("deadly_weakness", 1) == -5
    assert boon_cost("deadly_weakness", 1, with_immunity_total=True) == -2


def test_boon_level_limits_and_unknown_race():
    with pytest.raises(RulesError, match="level 4 is outside 1-3"):
        boon_cost("natural_armour", 4)
    with pytest.raises(RulesError, match="Unknown race 'orc'"):
        race("orc")
    assert template_cost({"power": 2}, {}) == 6


def test_quick_npc_from_a_race_and_archetype():
    grul = quick_npc("ogre", "guard", name="Grul")
    assert grul.name == "Grul"
    assert grul.stats == {"power": 5, "grace": 2, "intellect": 1, "spirit": 2}  # A10: added
    assert grul.armour == 2  # natural 2 vs hardened leather 2: no stacking
    assert grul.unarmed_dice == 2
    assert grul.weapon("short sword").damage_dice == 3
    assert (grul.line("wounds").boxes, grul.line("wounds").critical) == (5, 3)
    assert "Quick NPC" in grul.notes


def test_quick_npc_human_stand_in_and_every_archetype_builds():
    for arch in archetype_ids():
        for r in races():
            npc = quick_npc(r, arch)
            assert all(1 <= v <= 10 for v in npc.stats.values())
    plain = quick_npc("human")
    assert plain.name == "Human (stand-in)" and plain.skills == {}
    with pytest.raises(RulesError, match="Unknown NPC archetype 'pirate'"):
        quick_npc("human", "pirate")
