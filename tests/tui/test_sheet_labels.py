"""Sheet form labels read as a GM writes them: a game's points in capitals ("HP max", not
"Hp max"), a code kept as it is, a field's title when the system gives one (Mythmagica's
"Toughness" for its TN)."""

from __future__ import annotations

from pydantic.fields import FieldInfo

from gmconsole.systems.mythmagica.sheet import MythmagicaSheet
from gmconsole.systems.system_one.sheet import Weapon
from gmconsole.tui.screens.sheet_spec import _label


def test_points_read_in_capitals_and_short_words_do_not() -> None:
    plain = FieldInfo()
    assert _label("hp_max", plain) == "HP max"
    assert _label("xp_spent", plain) == "XP spent"
    assert _label("max_fp", plain) == "Max FP"
    assert _label("vs_piercing", plain) == "Vs piercing"
    assert _label("armour_ward", plain) == "Armour ward"
    assert _label("STR", plain) == "STR"


def test_a_title_wins() -> None:
    assert _label("TN", MythmagicaSheet.model_fields["TN"]) == "Toughness"
    assert _label("rof", Weapon.model_fields["rof"]) == "Rate of fire"
