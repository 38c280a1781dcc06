"""The one registry of things a GM can do: it feeds the key bindings, the footer, the help
screen and the command palette, so a key shown anywhere is the key that works.

Each `Action` has a stable id (what a user's ``keymap.toml`` remaps), default keys, and what it
does (`run`):

- a command-line verb template such as ``"next"`` or ``"dmg {who} "``. ``{who}`` becomes the
  combatant selected in the tracker, ``{roster}`` the roster's selection. A template ending in
  a space needs more words, so the key puts it on the command line for the GM to finish
  ("dmg orc-2 " + ``5`` + Enter); otherwise it runs at once. Either way the key and the typed
  verb are the same intent.
- ``"@name"`` or ``"@name:arg"``: a screen job with no verb (focus a pane, open help...).

Keys avoid what terminals swallow or mangle: no ctrl+s / ctrl+q (flow control), ctrl+h
(backspace), ctrl+m / ctrl+i (enter / tab), ctrl+z (suspend); alternatives are always given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from textual.binding import Binding
from textual.dom import DOMNode


@dataclass(frozen=True)
class Action:
    """One entry of the action registry: a key, its label, what it does and where it works."""

    id: str
    """Stable id, used by the keymap file and as the Textual binding id."""
    keys: str
    """Default keys, comma separated, in Textual's key names ("n", "ctrl+r,ctrl+y", "question_mark")."""
    label: str
    """Footer word."""
    help: str
    """One line for the help screen and the command palette."""
    group: str
    run: str
    """Verb template or "@job" (see the module docstring)."""
    footer: bool = False

    @property
    def verb(self) -> str | None:
        """The command-line form a GM can type instead, as help shows it ("dmg <who> <n>");
        None for screen jobs."""
        if self.run.startswith("@"):
            return None
        shown = self.run.replace("{who}", "<who>").replace("{roster}", "<name>")
        return shown.strip() + (" …" if self.needs_input else "")

    @property
    def needs_input(self) -> bool:
        return not self.run.startswith("@") and self.run.endswith(" ")


ACTIONS: tuple[Action, ...] = (
    # Turn
    Action("start", "s", "Start", "Start the encounter: plan round 1", "Turn", "start"),
    Action("next-turn", "n", "Next", "End the acting step and begin the next", "Turn", "next", True),
    Action("prev-turn", "p", "Prev", "Step back to the previous step this round", "Turn", "prev"),
    Action(
        "hold", "h", "Hold", "The selected (acting) combatant holds its action", "Turn", "hold {who}", True
    ),
    Action(
        "ready", "r", "Ready", "Ready an action until a trigger (type the trigger)", "Turn", "ready {who} "
    ),
    Action("act-now", "i", "Act now", "The selected held/ready combatant acts now", "Turn", "now {who}"),
    Action("pick", "enter", "Act/pick", "Selected combatant acts now (popcorn: goes next)", "Turn", "@pick"),
    Action("delay", "w", "Delay", "Delay the selected combatant until after another", "Turn", "delay {who} "),
    # Combatants
    Action(
        "add",
        "a",
        "Add",
        "Add from the roster, in bulk: add 4 goblin",
        "Combatants",
        "add {roster} ",
        True,
    ),
    Action(
        "remove",
        "x",
        "Remove",
        "Remove the selected combatant from the encounter (Enter confirms)",
        "Combatants",
        "remove {who} ",
    ),
    Action(
        "damage",
        "d",
        "Dmg",
        "Damage the selected combatant (type the amount)",
        "Combatants",
        "dmg {who} ",
        True,
    ),
    Action("heal", "l", "Heal", "Heal the selected combatant (type the amount)", "Combatants", "heal {who} "),
    Action(
        "condition",
        "c",
        "Cond",
        "Give a condition: name [rounds] [start|end|round]",
        "Combatants",
        "cond {who} ",
        True,
    ),
    Action(
        "uncondition",
        "C",
        "Uncond",
        "Remove a condition from the selected combatant",
        "Combatants",
        "uncond {who} ",
    ),
    Action("out", "o", "Out", "Mark the selected combatant out of the fight", "Combatants", "out {who}"),
    Action("check", "t", "Test", "Roll a test for the selected combatant, with odds", "Combatants", "@check"),
    Action("edit", "e", "Edit", "Edit the selected character's sheet", "Combatants", "@edit"),
    # Dice and history
    Action(
        "command-line",
        "colon",
        "Cmd",
        "Type dice (3d6+2) or a verb (dmg orc 5)",
        "Dice",
        "@command_line",
        True,
    ),
    Action(
        "reroll", "R", "Re-roll", "Roll the selected log entry again: dice, or a test with the same inputs",
        "Dice", "@reroll",
    ),
    Action(
        "hit", "H", "Hit", "Apply the damage of the last successful aimed test (check ... at TARGET)",
        "Dice", "hit",
    ),
    Action("undo", "u", "Undo", "Undo the last change", "Dice", "undo", True),
    Action("redo", "ctrl+r,ctrl+y", "Redo", "Redo what was undone", "Dice", "redo"),
    # View
    Action(
        "pane-initiative", "1", "Tracker", "Show and focus the initiative tracker", "View", "@pane:initiative"
    ),
    Action("pane-roster", "2", "Roster", "Show and focus the roster", "View", "@pane:roster"),
    Action("pane-log", "3", "Log", "Show and focus the dice log", "View", "@pane:log"),
    Action("pane-reference", "4", "Tables", "Show and focus the reference tables", "View", "@pane:reference"),
    Action(
        "zoom",
        "z,f6",
        "Zoom",
        "Zoom the focused pane to the whole screen (again to restore); F6 works in the Tables pane too, "
        "where letters search",
        "View",
        "@zoom",
    ),
    Action("retry", "full_stop", "Retry", "Try again the change the disk refused", "Dice", "@retry"),
    Action(
        "messages", "m", "Messages", "Read the last messages whole (long ones are cut below)", "View",
        "@messages",
    ),
    Action("theme", "T", "Theme", "Switch to the next theme (remembered)", "View", "@theme"),
    # App
    Action("help", "question_mark,f1", "Help", "Show every key and verb", "App", "@help", True),
    Action("palette", "ctrl+p", "Palette", "Search every action by name", "App", "@palette"),
    Action("open", "ctrl+o", "Open", "Open or create another campaign", "App", "@open"),
    Action(
        "problems", "exclamation_mark", "Problems", "List the campaign's bad files again", "App", "@problems"
    ),
    Action("about", "A", "About", "The five systems' credits and licences", "App", "@about"),
    Action(
        "take", "W", "Take", "Make a read-only campaign writable once its holder closed it", "App", "@take"
    ),
    Action("quit", "q", "Quit", "Quit (everything is already saved)", "App", "@quit"),
)

ACTION_BY_ID: dict[str, Action] = {a.id: a for a in ACTIONS}
GROUPS: tuple[str, ...] = tuple(dict.fromkeys(a.group for a in ACTIONS))

_KEY_NAMES = {
    "question_mark": "?",
    "colon": ":",
    "exclamation_mark": "!",
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "plus": "+",
    "minus": "-",
    "slash": "/",
    "equals_sign": "=",
    "tab": "Tab",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "backspace": "Backspace",
    "delete": "Del",
}


def bindings() -> list[Binding]:
    """Textual bindings for every action, each carrying the action id as its binding id (so
    the user's keymap moves it): one as usual, and one with priority that acts as the key is
    read, in the order keys were typed (`MainScreen.action_typed_key` says why, and when it
    steps aside for the first)."""
    return [
        binding
        for a in ACTIONS
        for binding in (
            Binding(a.keys, f"run_registered('{a.id}')", a.label, show=a.footer, id=a.id, tooltip=a.help),
            Binding(a.keys, f"typed_key('{a.id}')", a.label, show=a.footer, id=a.id, tooltip=a.help,
                    priority=True),
        )
    ]


def keys_for(action: Action, keymap: Mapping[str, str] | None = None) -> str:
    """The keys in force for an action (the user's keymap wins), as Textual names."""
    return (keymap or {}).get(action.id, action.keys)


def display_keys(keys: str) -> str:
    """Keys as a GM reads them: "?/F1", "ctrl+r/ctrl+y"."""
    out = []
    for key in keys.split(","):
        key = key.strip()
        out.append(_key_name(key))
    return "/".join(out)


def _key_name(key: str) -> str:
    """One key as it is typed: '.' for full_stop, '?' for question_mark, F6, ctrl+r."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    if "+" not in key and len(key) > 1:
        from textual.keys import key_to_character

        typed = key_to_character(key)
        if typed is not None and typed.isprintable() and not typed.isspace():
            return typed
    return key


def fill(action: Action, who: str | None, roster: str | None = None) -> str:
    """The command line for an action: {who} is the combatant selected in the tracker and
    {roster} the character selected in the roster ("" when there is none)."""
    line = action.run.replace("{who}", who or "").replace("{roster}", roster or "")
    line = " ".join(line.split())
    return f"{line} " if action.needs_input else line


def pane_bindings(panes: Iterable[tuple[str, type[DOMNode]]]) -> list[tuple[str, Binding]]:
    """The panes' own keys that carry an id (the roster's "roster.damage"...), by pane title.

    Panes bind keys that only make sense while they have focus; they are listed in help and
    remappable in the keymap file like the registry's, through the same binding ids.
    """
    out: list[tuple[str, Binding]] = []
    for title, cls in panes:
        for binding in cls.BINDINGS:
            if isinstance(binding, Binding) and binding.id:
                out.append((title, binding))
    return out


def help_rows(
    keymap: Mapping[str, str] | None = None, panes: Iterable[tuple[str, Binding]] = ()
) -> Iterable[tuple[str, str, str, str]]:
    """(group, keys, label + help, verb) rows for the help screen: the registry grouped in its
    order, then each pane's own keys (which act on that pane's selection)."""
    keymap = keymap or {}
    for group in GROUPS:
        for a in ACTIONS:
            if a.group == group:
                yield group, display_keys(keys_for(a, keymap)), f"{a.label}: {a.help}", a.verb or ""
    for title, b in panes:
        keys = display_keys(keymap.get(b.id or "", b.key))
        yield f"{title} (while focused)", keys, f"{b.description}: {b.tooltip}".rstrip(": "), ""
