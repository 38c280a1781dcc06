"""The session log: `log/<yyyy-mm-dd>.toml`, one `[[event]]` table appended per event.

A day's file is only ever appended to (never rewritten), so the log is a faithful record even
of undone changes, and two GMs' sessions on different days never touch the same file. Each
append is one write followed by fsync.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gmconsole.engine.events import Event
from gmconsole.store.files import append_text, dump_toml, line_of, read_toml
from gmconsole.store.migrations import CURRENT, MigrationError, migrate
from gmconsole.store.problems import FileProblem, Problem, display_path

LOG_DIR = "log"


def plain(value: Any) -> Any:
    """Plain TOML types for anything a result object may hold (dataclasses, tuples, fractions,
    enums, pydantic models), so events serialise the same everywhere. TOML's own types (dates
    and times, infinite floats) are kept as they are: a JSON detour would lose them."""
    if isinstance(value, BaseModel):
        return plain(value.model_dump())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Fraction):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str | dt.date | dt.time):
        return value
    return str(value)


def day_file(root: Path, event: Event) -> Path:
    """The day log an event belongs to (by its UTC timestamp)."""
    return root / LOG_DIR / f"{event.time[:10]}.toml"


def event_text(event: Event) -> str:
    """The `[[event]]` block appended for one event: its changes as changed leaves only
    (`Event.compact`), so a turn in a large encounter adds a few lines, not the encounter."""
    dumped = event.compact().model_dump(exclude_none=True)
    for change in dumped.get("changes", []):
        for flag in ("created", "deleted"):
            if not change.get(flag):
                change.pop(flag, None)
    return dump_toml({"event": [plain(dumped)]})


def append_event(root: Path, event: Event) -> Path:
    """Append `event` to its day file (created with a schema_version header); returns the file."""
    path = day_file(root, event)
    prefix = "" if path.exists() else dump_toml({"schema_version": CURRENT["log"]})
    append_text(path, prefix + "\n" + event_text(event))
    return path


def read_log(root: Path) -> tuple[list[Event], list[Problem]]:
    """Every event from `log/*.toml`, oldest file first; bad files or events become problems."""
    events: list[Event] = []
    problems: list[Problem] = []
    folder = root / LOG_DIR
    if not folder.is_dir():
        return events, problems
    for path in sorted(folder.glob("*.toml")):
        shown = display_path(path, root)
        try:
            doc, text = read_toml(path, root)
            doc, _ = migrate("log", doc)
        except FileProblem as exc:
            problems += exc.problems
            continue
        except MigrationError as exc:
            problems.append(Problem(shown, line_of(text, ["schema_version"]), str(exc)))
            continue
        entries = doc.get("event", [])
        if not isinstance(entries, list):
            problems.append(Problem(shown, line_of(text, ["event"]), "event: must be [[event]] tables"))
            continue
        for i, entry in enumerate(entries):
            try:
                events.append(Event.model_validate(entry))
            except ValidationError as exc:
                err = exc.errors()[0]
                loc = ["event", i, *err["loc"]]
                where = ".".join(str(p) for p in err["loc"])
                problems.append(Problem(shown, line_of(text, loc), f"event {i + 1}: {where}: {err['msg']}"))
    return events, problems
