"""Schema versions of the campaign files, and the steps that bring old files up to date.

Every file carries `schema_version`. A step is a pure `dict -> dict` function registered for
one file kind and the version it upgrades *from*; `migrate` chains them. Old files are migrated
in memory only: the store rewrites a file when its content changes, never just to upgrade it,
so opening an old campaign leaves `git status` clean. A file newer than this program knows is
refused by name rather than guessed at (saving it would lose what the newer version added).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.events import sorted_leaves

Step = Callable[[dict[str, Any]], dict[str, Any]]

CURRENT: dict[str, int] = {"campaign": 1, "character": 1, "encounter": 1, "log": 4, "tables": 1}
"""The version each file kind is written at."""

_STEPS: dict[tuple[str, int], Step] = {}


class MigrationError(GmConsoleError):
    """A file's schema_version cannot be brought to the current one."""


class NewerVersionError(MigrationError):
    """The file was written by a newer gmconsole."""


def migration(kind: str, from_version: int) -> Callable[[Step], Step]:
    """Register `fn` as the step from `from_version` to `from_version + 1` for `kind` files."""

    def register(fn: Step) -> Step:
        if (kind, from_version) in _STEPS:
            raise ValueError(f"two migrations for {kind} v{from_version}")
        _STEPS[(kind, from_version)] = fn
        return fn

    return register


def version_of(data: dict[str, Any]) -> int:
    """The file's schema_version; files from before versions existed count as 0."""
    version = data.get("schema_version", 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise MigrationError(f"schema_version must be a whole number, got {version!r}")
    return version


def migrate(kind: str, data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """`data` brought to the current version of `kind`, and whether any step ran.

    The input is never mutated. The result always has `schema_version` set to the current one.
    """
    current = CURRENT[kind]
    version = version_of(data)
    if version > current:
        raise NewerVersionError(
            f"schema_version {version} is newer than this gmconsole understands "
            f"({kind} files up to {current}); upgrade gmconsole to open it"
        )
    out = dict(data)
    for v in range(version, current):
        step = _STEPS.get((kind, v))
        if step is None:
            raise MigrationError(f"no migration for {kind} files from schema_version {v}")
        out = step({k: val for k, val in out.items() if k != "schema_version"})
    out.pop("schema_version", None)
    return {"schema_version": current, **out}, version != current


# ---------------------------------------------------------------------- v0 -> v1
# Version 0 is the pre-release layout (files without schema_version).


def _rename(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """Rename a key, keeping its position (so a migrated file diffs minimally)."""
    if old not in data or new in data:
        return dict(data)
    return {(new if k == old else k): v for k, v in data.items()}


@migration("campaign", 0)
def _campaign_v0(data: dict[str, Any]) -> dict[str, Any]:
    """v0 called the system id `game`."""
    return _rename(data, "game", "system")


@migration("character", 0)
def _character_v0(data: dict[str, Any]) -> dict[str, Any]:
    """v0 called the kind `type` and the template flag `is_template`."""
    return _rename(_rename(data, "type", "kind"), "is_template", "template")


@migration("encounter", 0)
def _encounter_v0(data: dict[str, Any]) -> dict[str, Any]:
    """v0 encounters had the same keys; only the version was missing."""
    return dict(data)


@migration("log", 0)
def _log_v0(data: dict[str, Any]) -> dict[str, Any]:
    return dict(data)


@migration("tables", 0)
def _tables_v0(data: dict[str, Any]) -> dict[str, Any]:
    return dict(data)


# ---------------------------------------------------------------------- log v1 -> v2
# v1 kept one file per UTC day (`log/2026-11-25.toml`) that every console session appended to,
# so two clones that played on the same day both changed it and git could not merge them. v2
# gives each console session files of its own (`log/<start time>-<session>.toml`, see
# `gmconsole.store.log`) and says which session wrote a file; its events are unchanged. A v1
# day file is read as it is (never rewritten, so git status stays clean); the session that
# wrote it is unknown.


@migration("log", 1)
def _log_v1(data: dict[str, Any]) -> dict[str, Any]:
    return {"session": "", **data}


# ---------------------------------------------------------------------- log v2 -> v3
# v2 wrote each changed leaf as a table of its own under `diff` (`[event.changes.diff."k"]`
# with `from` and `to`), four lines a leaf, and a round's change repeated its whole plan. v3
# sorts the leaves into `changed` ([from, to]), `added` and `removed`, a line each, and may
# mark a round's change `planned` (see `gmconsole.engine.events.Change`). A v2 file is read as
# it is and its leaves sorted on the way in; nothing is rewritten.


def _sorted_leaves(change: Any) -> Any:
    if not isinstance(change, dict) or not isinstance(change.get("diff"), dict):
        return change
    if not all(isinstance(entry, dict) for entry in change["diff"].values()):
        return change  # not v2's shape: left as it is
    return {**{k: v for k, v in change.items() if k != "diff"}, **sorted_leaves(change["diff"])}


def _event_v2(event: Any) -> Any:
    if not isinstance(event, dict) or not isinstance(event.get("changes"), list):
        return event
    return {**event, "changes": [_sorted_leaves(c) for c in event["changes"]]}


@migration("log", 2)
def _log_v2(data: dict[str, Any]) -> dict[str, Any]:
    events = data.get("event")
    if not isinstance(events, list):
        return dict(data)
    return {**data, "event": [_event_v2(e) for e in events]}


# ---------------------------------------------------------------------- log v3 -> v4
# v4 ends every append with the line `# end of event` (`gmconsole.store.log.EVENT_END`), so a
# reader can tell an append cut short (a killed console: Linux ends a write at a page boundary
# when a fatal signal is pending) from a complete one and leave the cut-off part out. The
# events themselves are unchanged; a comment is nothing to TOML.


@migration("log", 3)
def _log_v3(data: dict[str, Any]) -> dict[str, Any]:
    return dict(data)
