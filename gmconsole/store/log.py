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
from gmconsole.store.problems import FileProblem, Problem, display_path, error_text

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


LOG_PAGE = 1000
"""Events a session reads at open (newest first, whole day files), and the size of the dice
log's pages: a campaign played weekly for years has tens of thousands of events (tens of MB
of TOML, ~5 s to parse), and the first screen needs only the newest page of them."""


def log_files(root: Path) -> list[Path]:
    """The day files of the log, oldest first (their names are their dates)."""
    folder = root / LOG_DIR
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def read_log_file(path: Path, root: Path) -> tuple[list[Event], list[Problem]]:
    """The events of one day file, in order; a bad file or event becomes a problem."""
    events: list[Event] = []
    problems: list[Problem] = []
    shown = display_path(path, root)
    try:
        doc, text = read_toml(path, root)
        doc, _ = migrate("log", doc)
    except FileProblem as exc:
        return events, exc.problems
    except MigrationError as exc:
        return events, [Problem(shown, line_of(text, ["schema_version"]), str(exc))]
    entries = doc.get("event", [])
    if not isinstance(entries, list):
        return events, [Problem(shown, line_of(text, ["event"]), "event: must be [[event]] tables")]
    for i, entry in enumerate(entries):
        try:
            events.append(Event.model_validate(entry))
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ["event", i, *err["loc"]]
            where = ".".join(str(p) for p in err["loc"])
            problems.append(Problem(shown, line_of(text, loc), f"event {i + 1}: {where}: {error_text(err)}"))
    return events, problems


def read_log(root: Path) -> tuple[list[Event], list[Problem]]:
    """Every event from `log/*.toml`, oldest file first; bad files or events become problems.
    `gmconsole check` reads it all; a session reads it back a page at a time (`LogPages`)."""
    events: list[Event] = []
    problems: list[Problem] = []
    for path in log_files(root):
        found, bad = read_log_file(path, root)
        events += found
        problems += bad
    return events, problems


class LogPages:
    """The day files of a campaign's log read back from the newest, a whole file at a time.

    The list of files is taken once, when the session opens: a file appended to later (today's)
    is among the newest, read at open; the files left unread are only ever older ones."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.unread = log_files(root)
        """Day files not read yet, oldest first."""

    @property
    def complete(self) -> bool:
        return not self.unread

    def read_back(self, min_events: int) -> tuple[list[Event], list[Problem]]:
        """Events from the newest unread day files (oldest first), whole files until at least
        `min_events` were read or none is left; the problems of the files read."""
        chunks: list[list[Event]] = []
        problems: list[Problem] = []
        count = 0
        while self.unread and count < min_events:
            found, bad = read_log_file(self.unread.pop(), self.root)
            chunks.append(found)
            problems[:0] = bad  # the older file's problems first, as `read_log` lists them
            count += len(found)
        return [e for chunk in reversed(chunks) for e in chunk], problems
