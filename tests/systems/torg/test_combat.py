"""The Combat Results Table, stun, damage values and Toughness (003-torg.md §5.6-§5.7)."""

import pytest

from gmconsole.systems.torg import CombatResult, combat_result
from gmconsole.systems.torg.combat import (
    damage_value,
    defence_skill,
    effective_toughness,
    parse_cell,
)
from gmconsole.systems.torg.errors import TorgError


def test_cells_parse_the_books_notation():
    assert parse_cell("2 Wnd KO 5") == CombatResult(shock=5, wounds=2, knockout="KO")
    assert parse_cell("Knockdown K/O 4") == CombatResult(shock=4, knockout="K/O", knockdown=True)
    assert parse_cell("Wnd") == CombatResult(wounds=1)
    assert parse_cell("O 1") == CombatResult(shock=1, knockout="O")
    with pytest.raises(TorgError):
        parse_cell("lots")


def test_below_zero_is_harmless():
    assert combat_result(-1, possibility_rated=True).harmless


@pytest.mark.parametrize(
    ("rp", "cell"),
    [
        (0, "1"),
        (2, "O 1"),
        (3, "K 1"),
        (4, "2"),
        (6, "Knockdown O 2"),
        (7, "Knockdown K 2"),
        (9, "Wnd K 3"),
        (10, "Wnd K 4"),
        (14, "2 Wnd KO 5"),
        (15, "3 Wnd KO 5"),
        (16, "3 Wnd KO 5"),
        (17, "4 Wnd KO 5"),
        (20, "5 Wnd KO 5"),
    ],
)
def test_possibility_rated_column(rp, cell):
    assert str(combat_result(rp, possibility_rated=True)) == cell


@pytest.mark.parametrize(
    ("rp", "cell"),
    [
        (0, "1"),
        (1, "O 1"),
        (5, "Knockdown K/O 4"),
        (7, "Wnd K/O 7"),
        (14, "4 Wnd KO 15"),
        (15, "4 Wnd KO 15"),
        (17, "5 Wnd KO 15"),
    ],
)
def test_ords_column_with_the_lost_rows_ruling(rp, cell):
    """Ruling §9.1 #2: Ords row 15 reads as row 14 and '+2' as +1 Wnd."""
    assert str(combat_result(rp, possibility_rated=False)) == cell


def test_stun_conversion():
    assert str(parse_cell("Wnd K 3").as_stun()) == "Knockdown K 3"
    assert str(parse_cell("2 Wnd KO 5").as_stun()) == "Wnd KO 5"
    assert str(parse_cell("Knockdown O 2").as_stun()) == "O 2"


def test_armour_caps_at_its_maximum_but_never_lowers_toughness():
    assert effective_toughness(8, armour_add=5, armour_max=22) == 13
    assert effective_toughness(20, armour_add=5, armour_max=22) == 22
    assert effective_toughness(25, armour_add=5, armour_max=22) == 25
    assert effective_toughness(8, extra=3) == 11


def test_damage_value_caps_at_the_weapon_max():
    assert damage_value(10, adds=4, maximum=18) == 14
    assert damage_value(17, adds=5, maximum=19) == 19


def test_defence_skill_by_attack():
    assert defence_skill("fire_combat") == "dodge"
    assert defence_skill("melee_weapons", wielding_melee=True) == "melee_weapons"
    assert defence_skill("unarmed_combat") == "unarmed_combat"
    assert defence_skill("melee_weapons") == "DEX"
    assert defence_skill("melee_weapons", martial_art=True) == "unarmed_combat"
    with pytest.raises(TorgError):
        defence_skill("charm")
