"""The action registry and the plain renderers: small facts every key and log line relies on."""

from __future__ import annotations

import pytest

from gmconsole.store import commands
from gmconsole.tui import actions
from gmconsole.tui.keymap import clashes, parse_keymap
from gmconsole.tui.render import marked_text

SWALLOWED = {"ctrl+s", "ctrl+q", "ctrl+h", "ctrl+m", "ctrl+i", "ctrl+z", "ctrl+j", "ctrl+backslash"}
"""Flow control, backspace, enter, tab, suspend, line feed, quit: keys terminals eat or alias."""


def test_ids_and_keys_are_unique_and_safe_over_ssh() -> None:
    ids = [a.id for a in actions.ACTIONS]
    assert len(ids) == len(set(ids))
    keys = [k for a in actions.ACTIONS for k in a.keys.split(",")]
    assert len(keys) == len(set(keys)), "one key, one action"
    assert not SWALLOWED & set(keys)


@pytest.mark.parametrize("action", [a for a in actions.ACTIONS if a.verb], ids=lambda a: a.id)
def test_every_verb_is_one_the_command_line_knows(action: actions.Action) -> None:
    verb = action.run.split()[0]
    assert verb in commands.USAGE or verb in commands.ALIASES


def test_fill_puts_the_selection_in_and_keeps_room_to_type() -> None:
    damage = actions.ACTION_BY_ID["damage"]
    assert actions.fill(damage, "goblin-2") == "dmg goblin-2 "
    assert actions.fill(actions.ACTION_BY_ID["hold"], None) == "hold"
    assert actions.fill(actions.ACTION_BY_ID["add"], None, "goblin") == "add goblin "
    assert actions.display_keys("question_mark,f1") == "?/F1"


def test_keymap_ignores_what_it_cannot_use_and_says_why() -> None:
    keymap, problems = parse_keymap({"undo": ["u", "ctrl+z"], "zoom": 3, "nope": "x"}, known=["roster.heal"])
    assert keymap == {"undo": "u,ctrl+z"}
    assert any("zoom must be" in p for p in problems) and any("'nope'" in p for p in problems)


def test_dropped_dice_are_struck_and_parenthesised_not_just_coloured() -> None:
    text = marked_text("Ayla: 4d6kh3 (6, 5, ~~2~~, 4) = 15")
    assert text.plain == "Ayla: 4d6kh3 (6, 5, (2), 4) = 15"
    struck = [text.plain[s.start : s.end] for s in text.spans if "strike" in str(s.style)]
    bold = [text.plain[s.start : s.end] for s in text.spans if "bold" in str(s.style)]
    assert struck == ["(2)"] and bold == ["15"]
    assert marked_text("Ayla: 4d6kh3 (6, 5, (2), 4) = 15").spans == text.spans  # one rendering
    check = marked_text("Ayla: d20: [14 (3)] +2 = 16 vs 15: success (margin +1)")
    assert [check.plain[s.start : s.end] for s in check.spans if "strike" in str(s.style)] == ["(3)"]


def test_keymap_clash_is_reported() -> None:
    assert clashes({}) == []  # the shipped keys never clash
    assert clashes({"undo": "n"}) == ["keymap: n is bound to next-turn and undo"]
