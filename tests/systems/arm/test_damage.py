"""Wounds and shock with the book's numbers (T-17, T-30, T-32/T-33, D-09, D-11)."""

from __future__ import annotations

from gmconsole.systems.arm import Condition, damage_levels


def test_the_damage_table() -> None:
    assert damage_levels(-1) is None
    assert [damage_levels(r) for r in range(12)] == [
        (0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 3), (3, 2), (3, 4), (4, 3), (4, 5), (5, 4), (5, 5)
    ]
    assert damage_levels(40) == (5, 5)


def test_T17_levels_add_up() -> None:
    c = Condition(shock=1)
    c.apply(0, 2)
    assert c.shock == 3


def test_T30_christines_rapier_dazes_alex_through_his_chain() -> None:
    """Damage total 7 (rapier 4 + hit 6 + dice +2 -5) against Toughness 5 and chain 4/2."""
    c = Condition()
    assert c.apply_damage(7 - (5 + 4), 7 - (5 + 2)) == (0, 1)
    assert (c.wound, c.shock) == (0, 1)


def test_T32_T33_brads_axe_as_printed_and_by_the_table() -> None:
    """The book uses axe damage 7 (total 13) where its tables say 8: as printed Alex ends
    Moderate and Reeling; with the table's axe (total 14) the shock reaches Unconscious."""
    printed = Condition(shock=1)
    assert printed.apply_damage(13 - 9, 13 - 7) == (2, 2)
    assert (printed.wound, printed.shock) == (2, 3)
    table = Condition(shock=1)
    table.apply_damage(14 - 9, 14 - 7)
    assert (table.wound, table.shock) == (2, 5) and table.unconscious


def test_D09_a_stun_blow_moves_a_level_from_wound_to_shock() -> None:
    c = Condition()
    assert c.apply_damage(3, 3, stun=True) == (0, 3)
    assert (c.wound, c.shock) == (0, 3)


def test_a_stun_blow_only_touches_what_was_looked_up() -> None:
    c = Condition()
    assert c.apply_damage(-1, 1, stun=True) == (0, 1)  # no wound result: nothing to lower


def test_D11_tracks_cap_at_five_and_the_blow_reports_before_the_cap() -> None:
    c = Condition(wound=4, shock=4)
    assert c.apply_damage(6, 6) == (3, 2)
    assert (c.wound, c.shock) == (5, 5) and c.dead and c.unconscious and not c.destroyed


def test_sixteen_or_more_destroys() -> None:
    c = Condition()
    c.apply_damage(16, 10)
    assert c.destroyed and c.dead
    d = Condition()
    d.apply_damage(15, 20)
    assert not d.destroyed
    e = Condition()
    e.apply(5, 5)
    assert not e.destroyed  # apply never destroys
