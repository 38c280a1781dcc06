"""The help screen (? or F1): every action from the registry with its keys and its verb, the
keys of the lists, the command line and the dialogs, every command-line verb, and what the
campaign's system adds: its own verbs, calculators and generators, its per-encounter
settings (`set KEY VALUE`, with the legal values) and its optional rules.

It is built from `gmconsole.tui.actions`, the user's keymap, the store's usage lines and the
system's declarations, so it can never disagree with the keys and verbs that actually work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from gmconsole.store import commands
from gmconsole.tui.actions import help_rows
from gmconsole.tui.keymap import keymap_path
from gmconsole.tui.screens.reading import ReadingScreen

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem, RuleOption

MOVING = (
    ("↑/↓ j/k", "Move in a list (tracker, roster, log, tables); PgUp/PgDn Home/End jump"),
    ("Tab", "Next field in a dialog; on the command line: complete a verb or name (again: cycle)"),
    ("↑/↓ on :", "The command line's history"),
    ("Enter", "Run the command line; in the test dialog and prompts: roll / accept"),
    ("Esc", "Leave the command line, close a dialog or this screen without changing anything"),
    ("F2", "Test dialog: roll (faces typed in its Dice box are used instead of random ones)"),
    ("F2/ctrl+s", "Sheet form (e): save; a value it refuses is named and nothing is saved"),
    ("ctrl+n", "Campaign picker (ctrl+o): a new campaign"),
)
"""Keys that belong to the widgets rather than the registry (not remappable)."""

TIPS = (
    "Keys act on the combatant under the cursor in the tracker (↑/↓ or j/k to move it).",
    "A key that needs a number puts its verb on the command line: d then 5 Enter = dmg <who> 5.",
    "Conditions: cond <who> <name> [rounds] [start|end|round]; they wear off by themselves.",
    "Everything is saved as it happens; u undoes, ctrl+r redoes.",
    "In the Tables pane (4) letters search: type a word in the list; digits still switch panes.",
    "Over SSH: --no-mouse; in tmux set 'escape-time 10' so Esc is quick.",
)


def help_table(
    keymap: Mapping[str, str] | None = None, panes: Sequence[tuple[str, Binding]] = ()
) -> RenderableType:
    """Every registry action, pane key and widget key (MOVING): a heading and a table per
    group. The key and verb columns are as wide as their longest entry in any group, so the
    groups line up and the descriptions get the rest of the width."""
    rows = [*help_rows(keymap, panes), *(("Lists, command line, dialogs", k, t, "") for k, t in MOVING)]
    keys_width = max(len(keys) for _, keys, _, _ in rows)
    verb_width = min(18, max(len(verb) for _, _, _, verb in rows))
    parts: list[RenderableType] = []
    for group in dict.fromkeys(g for g, _, _, _ in rows):
        members = [row for row in rows if row[0] == group]
        with_verbs = any(verb for _, _, _, verb in members)  # a pane's own keys have none
        table = Table(box=None, expand=True, pad_edge=False, show_header=False)
        table.add_column(width=keys_width, no_wrap=True, style="bold")
        table.add_column(ratio=1)
        if with_verbs:
            table.add_column(width=verb_width, style="italic")
        for _, keys, text, verb in members:  # Text: "[rounds]" is not markup
            table.add_row(Text(keys), Text(text), *([Text(verb)] if with_verbs else []))
        parts += [Text(f"— {group} —", style="bold underline"), table]
    return Group(*parts)


def _choices(option: RuleOption) -> str:
    if option.choices:
        return "|".join(str(c) for c in option.choices)
    if isinstance(option.default, bool):
        return "true|false"
    return "VALUE"


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


USAGE_MAX = 28
"""Widest "what to type" column in the system's sections; longer usages wrap."""
WORD_MAX = 40
"""The column grows to its longest word up to this, so no word is split; only a longer one
(a switch with many choices) folds."""


def _sections(sections: list[tuple[str, list[tuple[str, Text]]]]) -> list[RenderableType]:
    """A heading over a two-column table per section: what to type and what it does, the
    first column as wide as the longest usage of any section (up to USAGE_MAX) so they align."""
    width = min(USAGE_MAX, max(len(usage) for _, rows in sections for usage, _ in rows))
    longest_word = max(len(word) for _, rows in sections for usage, _ in rows for word in usage.split())
    width = min(max(width, longest_word), WORD_MAX)  # a word is never split across lines
    parts: list[RenderableType] = []
    for title, rows in sections:
        table = Table(box=None, expand=True, pad_edge=False, show_header=False)
        table.add_column(width=width, style="italic", overflow="fold")  # a long usage is never cut
        table.add_column(ratio=1)
        for usage, what in rows:
            table.add_row(Text(usage), what)
        parts += [Text(f"— {title} —", style="bold underline"), table]
    return parts


def _usage(*words: str) -> str:
    return " ".join(w for w in words if w)


def _what(label: str, more: str = "", now: str = "") -> Text:
    text = Text(label, style="bold")
    if more:
        text.append(f": {more}")
    if now:
        text.append(f" ({now})", style="italic")
    return text


def _switch_usage(switch: RuleOption) -> str:
    """A test switch as the test line takes it: `poss` for a yes/no one, else KEY=VALUES."""
    if isinstance(switch.default, bool) and not switch.choices:
        return switch.key
    if switch.choices:
        return f"{switch.key}=" + "|".join(str(c) or "none" for c in switch.choices)
    if switch.bounds is not None:
        return f"{switch.key}={switch.bounds[0]}..{switch.bounds[1]}"
    return f"{switch.key}=VALUE"


def _with_names(switch: RuleOption) -> str:
    """A switch's help, and its choices by name where they are typed as ids ("power_strike" is
    Power Strike): the GM reads the book's names, and types what the usage shows."""
    ids = [str(c) for c in switch.choices if isinstance(c, str) and "_" in c]
    if not ids:
        return switch.help
    names = ", ".join(f"{c.replace('_', ' ').title()} ({c})" for c in ids)
    return f"{switch.help} ({names})" if switch.help else names


def campaign_switches(session: Any) -> list[RuleOption]:
    """Every test switch some character of the campaign is offered, by key, the first seen
    (a choice's values differ by sheet: Myriad's SFX are each character's own)."""
    found: dict[str, RuleOption] = {}
    system = session.system
    for character in session.roster.values():
        sheet = session.sheet_of(character)
        if sheet is None:
            continue
        for switch in system.check_switches(sheet, session.options):
            found.setdefault(switch.key, switch)
    return list(found.values())


def system_table(
    system: GameSystem,
    encounter_state: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    switches: Sequence[RuleOption] = (),
) -> RenderableType:
    """What this campaign's system adds to the command line, each usage as typed, with the
    current value of every setting and the test switches its characters are offered."""
    parts: list[tuple[str, list[tuple[str, Text]]]] = []
    if switches:
        rows = [(_switch_usage(s), _what(s.label, _with_names(s))) for s in switches]
        rows.append(("+N -N vs N dice=A,B", _what("Any test", "modifiers, a difficulty, the faces rolled")))
        parts.append((f"{system.name}: test switches (check WHO OPTION ... KEY=VALUE)", rows))
    if system.sheet_actions:
        rows = [(_usage(a.key, "WHO", a.usage), _what(a.label, a.help)) for a in system.sheet_actions]
        parts.append((f"{system.name}: its own verbs", rows))
    if system.calculators:
        rows = [(_usage("calc", c.key, c.usage), _what(c.label, c.help)) for c in system.calculators]
        parts.append((f"{system.name}: calculators (no sheet changes)", rows))
    if system.quick_stats:
        stats = " ".join(f"[{s} N]" for s in system.quick_stats)
        rows = [(f"add [N] NAME [SIDE] {stats}", _what(
            "Quick combatants", "a name the roster does not know makes ad-hoc fighters from "
            f"{system.name}'s default sheet, with these numbers set"))]
        parts.append((f"{system.name}: quick combatants", rows))
    if system.generators:
        rows = [(_usage("gen", g.key, g.usage), _what(g.label, g.help)) for g in system.generators]
        parts.append((f"{system.name}: new characters from the book's templates", rows))
    if system.encounter_options:
        state = encounter_state or {}
        rows = []
        for o in system.encounter_options:
            now = f"now {_shown(state.get(o.key, o.default))}, default {_shown(o.default)}"
            rows.append((f"set {o.key} {_choices(o)}", _what(o.label, o.help, now)))
        parts.append(("This encounter's settings: set KEY VALUE", rows))
    if system.options:
        given = options or {}
        rows = [
            (f"{o.key} = {_choices(o)}", _what(o.label, o.help, f"now {_shown(given.get(o.key, o.default))}"))
            for o in system.options
        ]
        parts.append(("Optional rules: campaign.toml, under [options]", rows))
    if not parts:
        return Text(f"— {system.name} adds no verbs or settings of its own —", style="bold underline")
    return Group(*_sections(parts))


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
    right_column = [*usages[half:], *([Text()] * (len(usages) % 2))]  # an odd count leaves a gap
    for left, right in zip(usages[:half], right_column, strict=True):
        table.add_row(left, right)
    return table


class HelpScreen(ReadingScreen):
    """Every key and verb; ? and F1 close it again too."""

    TITLE = "Help"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "dismiss", "Close", show=False, id="help.close"),
    ]

    def __init__(
        self,
        keymap: Mapping[str, str] | None = None,
        panes: Sequence[tuple[str, Binding]] = (),
        session: Any = None,
    ) -> None:
        super().__init__()
        self.keymap = keymap
        self.panes = panes
        self.session = session
        """The open campaign's session (default: the app's), whose system's verbs are listed."""

    def pages(self) -> list[RenderableType]:
        tips = Text("\n".join(f"• {tip}" for tip in TIPS))
        where = Text(f"Remap keys in {keymap_path()} (action id = \"keys\").")
        pages: list[RenderableType] = [help_table(self.keymap, self.panes), verbs_table()]
        session = self.session or getattr(self.app, "session", None)
        if session is not None:
            enc = session.encounter
            state = enc.state if enc else None
            switches = campaign_switches(session)
            pages.append(system_table(session.system, state, session.options, switches))
        return [*pages, tips, where]
