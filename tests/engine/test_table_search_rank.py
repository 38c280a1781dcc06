"""Table search ranks a query found at the start of a word of a table's name above one found
inside a word: "ward" finds "Natural Ward" before "XP rewards" (seen in the Mythmagica demo)."""

from __future__ import annotations

from gmconsole.engine.tables.model import Table, search_tables


def table(name: str) -> Table:
    return Table(id=name.lower().replace(" ", "-"), name=name, columns=["A"], rows=[["x"]])


def test_a_word_start_ranks_above_a_match_inside_a_word() -> None:
    found = search_tables([table("XP rewards"), table("Natural Ward"), table("Wardrobe")], "ward")
    assert [t.name for t in found] == ["Wardrobe", "Natural Ward", "XP rewards"]


def test_a_word_start_after_punctuation_counts() -> None:
    found = search_tables([table("Rewarded deeds"), table("Armour (ward)")], "ward")
    assert [t.name for t in found] == ["Armour (ward)", "Rewarded deeds"]
