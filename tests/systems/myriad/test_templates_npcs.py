"""Racial templates priced from the list, and quick NPCs (spec §3.8, T-30, T-31; A8-A10)."""

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.systems.myriad.npcs import archetype_ids, quick_npc
from gmconsole.systems.myriad.templates import boon_cost, race, races, template_cost


def test_ex55_template_prices_and_the_elf_erratum():
    # EX-55 / ruling A8: computed from the price list; the Elf prints 30 but costs 33
    costs = {r: race(r).cost for r in ("dwarf", "elf", "ogre", "magma_dweller", "naga",
                                       "dragon_folk")}
    assert costs == {"dwarf": 30, "elf": 33, "ogre": 27, "magma_dweller": 35, "naga": 30,
                     "dragon_folk": 38}
    assert race("elf").printed_gp == 30
    assert race("elf").cost_note == "33 GP (the book prints 30; ruling A8)"
    assert race("dwarf").cost_note == "30 GP"


def test_ex53_werewolf_costs():
    # EX-53: Metamorphic 1 = 2; Natural Weapon 2 = 6 by the list (book prints 4);
    # Immunity: Total carried into the second form = 30 + 1
    assert boon_cost("metamorphic", 1) == 2
    assert boon_cost("natural_weapon", 2) == 6
    assert boon_cost("immunity_total", 1, extra_forms=1) == 31
    assert 2 + 4 + 31 == 37 and 2 + boon_cost("natural_weapon", 2) + 31 == 39


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
