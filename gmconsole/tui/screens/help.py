"""The help screen (? or F1): every action from the registry with its keys and its verb.

It is built from `gmconsole.tui.actions` and the user's keymap, so it can never disagree with
the keys that actually work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from gmconsole.store import commands
from gmconsole.tui.actions import help_rows
from gmconsole.tui.keymap import keymap_path
from gmconsole.tui.screens.reading import ReadingScreen

TIPS = (
    "Keys act on the combatant under the cursor in the tracker (↑/↓ or j/k to move it).",
    "A key that needs a number puts its verb on the command line: d then 5 Enter = dmg <who> 5.",
    "Conditions: cond <who> <name> [rounds] [start|end|round]; they wear off by themselves.",
    "Everything is saved as it happens; u undoes, ctrl+r redoes.",
    "Over SSH: --no-mouse; in tmux set 'escape-time 10' so Esc is quick.",
)


def help_table(keymap: Mapping[str, str] | None = None, panes: Sequence[tuple[str, Binding]] = ()) -> Table:
    table = Table(box=None, expand=True, pad_edge=False, show_header=True, header_style="bold")
    table.add_column("Keys", no_wrap=True, style="bold")
    table.add_column("Action", ratio=3)
    table.add_column("Verb", ratio=1, style="italic")
    current = None
    for group, keys, text, verb in help_rows(keymap, panes):
        if group != current:
            table.add_row(Text(f"— {group} —", style="bold underline"), "", "")
            current = group
        table.add_row(Text(keys), Text(text), Text(verb))  # Text: "[rounds]" is not markup
    return table


def verbs_table() -> Table:
    """Everything the command line takes, from the store's own usage lines (so it cannot
    drift from what `Session.execute` parses)."""
    table = Table(box=None, expand=True, pad_edge=False, show_header=False)
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    table.add_row(Text("— Command line (:) —", style="bold underline"), "")
    table.add_row(Text("3d6+2, 4d6kh3, 1d20+5 …"), Text("dice; several commands: next; dmg orc 5"))
    usages = [Text(u) for u in commands.USAGE.values()]
    half = (len(usages) + 1) // 2
    for left, right in zip(usages[:half], [*usages[half:], Text()], strict=True):
        table.add_row(left, right)
    return table


class HelpScreen(ReadingScreen):
    """Every key and verb; ? and F1 close it again too."""

    TITLE = "Help"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "dismiss", "Close", show=False, id="help.close"),
    ]

    def __init__(
        self, keymap: Mapping[str, str] | None = None, panes: Sequence[tuple[str, Binding]] = ()
    ) -> None:
        super().__init__()
        self.keymap = keymap
        self.panes = panes

    def pages(self) -> list[RenderableType]:
        tips = Text("\n".join(f"• {tip}" for tip in TIPS))
        where = Text(f"Remap keys in {keymap_path()} (action id = \"keys\").")
        return [help_table(self.keymap, self.panes), verbs_table(), tips, where]
