"""Names that are safe to print: the fast search agrees with Unicode's own categories."""

from __future__ import annotations

import unicodedata

import pytest

from gmconsole.engine.names import BIDI_CONTROLS, printable_name, unsafe_character


def test_the_search_finds_exactly_the_control_and_direction_characters() -> None:
    for code in [*range(0x3000), 0x1F600, 0xE0001, 0x10FFFF]:
        ch = chr(code)
        expected = ch if unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS else None
        assert unsafe_character(f"Orc {ch} 2") == expected, hex(code)


def test_a_name_holding_one_is_refused_with_the_character_named() -> None:
    assert printable_name("Kaa-Tok 🦎") == "Kaa-Tok 🦎"
    with pytest.raises(ValueError, match=r"found '\\x1b'"):
        printable_name("Orc\x1b[2J")
    with pytest.raises(ValueError, match=r"found '\\u202e'"):
        printable_name("abc\u202edef")
