"""The user's keymap file: ``~/.config/gmconsole/keymap.toml`` maps action ids to keys.

    # gmconsole keymap: action id = "keys" (comma separated) or a list of keys
    next-turn = "space,n"
    undo = ["u", "ctrl+z"]

Ids are those of `gmconsole.tui.actions.ACTIONS` and of the panes' own keys ("roster.damage";
the help screen lists them all). An unknown id
is reported with a "did you mean" and ignored; the rest of the file still applies, so a typo
never costs the GM the console.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import tomli

from gmconsole.tui.actions import ACTION_BY_ID
from gmconsole.tui.settings import config_dir

if TYPE_CHECKING:
    from textual.binding import Binding
    from textual.dom import DOMNode


def keymap_path() -> Path:
    return config_dir() / "keymap.toml"


def parse_keymap(
    data: dict, source: str = "keymap.toml", known: Iterable[str] = ()
) -> tuple[dict[str, str], list[str]]:
    """Action id -> Textual key string, and one message per entry that was ignored.

    `known` adds binding ids beyond the registry's (the panes' own, such as "roster.damage").
    """
    ids = [*ACTION_BY_ID, *known]
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for action_id, value in data.items():
        if action_id not in ids:
            close = difflib.get_close_matches(action_id, ids, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            problems.append(f"{source}: unknown action {action_id!r}{hint}")
            continue
        keys = [value] if isinstance(value, str) else value
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) and k.strip() for k in keys):
            problems.append(f"{source}: {action_id} must be a key string or a list of keys")
            continue
        keymap[action_id] = ",".join(k.strip() for k in keys)
    return keymap, problems


def load_keymap(path: Path | None = None, known: Iterable[str] = ()) -> tuple[dict[str, str], list[str]]:
    """The user's keymap (empty when there is no file) and any problems found in it."""
    path = path or keymap_path()
    if not path.exists():
        return {}, []
    try:
        data = tomli.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomli.TOMLDecodeError) as exc:
        return {}, [f"{path}: {exc}"]
    return parse_keymap(data, str(path), known)


def clashes(keymap: dict[str, str]) -> list[str]:
    """Keys the keymap gives to two registry actions at once ("n: next-turn and undo"); only
    one of them would ever run, so the GM is told instead of left guessing."""
    owners: dict[str, list[str]] = {}
    for action in ACTION_BY_ID.values():
        for key in keymap.get(action.id, action.keys).split(","):
            owners.setdefault(key.strip(), []).append(action.id)
    return [f"keymap: {key} is bound to {' and '.join(ids)}" for key, ids in owners.items() if len(ids) > 1]


def own_bindings(node: DOMNode, key: str) -> list[Binding]:
    """`node`'s own non-priority bindings of `key`, with the user's keymap applied: what the
    app would try for the key at that node of the focus chain."""
    bindings = node._bindings
    keymap = node.app._keymap
    if keymap:  # applied to a copy (it rebinds in place); most GMs have no keymap file
        bindings = bindings.copy()
        bindings.apply_keymap(keymap)
    return [b for b in bindings.key_to_bindings.get(key, ()) if not b.priority]
