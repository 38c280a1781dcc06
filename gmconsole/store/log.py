"""The session log: `[[event]]` tables appended to files under `log/`, one event per append.

Each console session writes files of its own, named for the time of their first event and the
session: `log/2026-11-25T22-56-48.1764111408123456-3f9a2c-001.toml`. So:

- two clones of a campaign played on the same day write different files, and git merges them
  without a conflict (nothing ever edits another session's file);
- the names sort by time, and reading sorts the events of all files by their time, so a merged
  log reads in the order things happened;
- a file holds at most `LOG_FILE_EVENTS` events (a long session starts another), so opening a
  campaign reads a few bounded files from the end, never one huge one.

Files are only ever appended to (never rewritten), so the log is a faithful record even of
undone changes. Each append is one write followed by fsync. Older campaigns kept one file per
day (`log/2026-11-25.toml`, log schema 1): they are read as they are, and new events go to new
files beside them.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from gmconsole.engine.events import Event
from gmconsole.engine.fast_toml import quick_toml
from gmconsole.store.event_toml import event_toml
from gmconsole.store.files import append_text, dump_toml, line_of, read_regular, read_toml
from gmconsole.store.migrations import CURRENT, MigrationError, migrate
from gmconsole.store.problems import FileProblem, Problem, display_path, error_text

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

LOG_DIR = "log"


_HEAD = ("id", "kind", "text", "who", "time", "undoes")


def event_text(event: Event) -> str:
    """The `[[event]]` block appended for one event: its changes as changed leaves only
    (`Event.compact`), so a turn in a large encounter adds a few lines, not the encounter;
    a line per leaf and per row of data (`event_toml`). Built from the fields rather than a
    `model_dump` of the event, which copied a 500-goblin round's rolls once more."""
    dumped: dict[str, Any] = {k: v for k in _HEAD if (v := getattr(event, k)) is not None}
    dumped["data"] = event.data
    dumped["changes"] = [c.compact().model_dump(exclude_none=True) for c in event.changes]
    return event_toml(dumped)


EVENT_END = "# end of event\n"
"""The last line of every append (log v4). `append_text` cannot make an append all or nothing
against SIGKILL: Linux ends a write at a page boundary when a fatal signal is pending, and the
clean-up that cuts a failed append back never runs. A killed console could so leave half an
event at the end of its file, which made the whole file unreadable, or, cut at a line end,
an event without its changes. Readers leave such a cut-off append out (`complete_appends`):
it was never saved (the append never returned)."""

TORN_AT = 4096
"""Where a killed write can stop: a page boundary of the file (a multiple of 4 KiB, whatever
the page size). Text after the last marker in a file of another length was put there by hand
and is read (and reported when bad) as before."""

_V4_HEAD = dump_toml({"schema_version": 4}).encode()
"""How a v4 file begins: a file without a marker that is still (a part of) this is a first
append cut short, holding no event."""


def complete_appends(raw: bytes) -> bytes:
    """A log file's bytes without an append a killed console left cut short: the part after
    the last `EVENT_END` of a v4 file that stops at a page boundary (`TORN_AT`), or all of a
    v4 file with no marker yet (its first append, header included, was cut). Anything else
    (older files have no marker) is kept whole, as it was written."""
    end = EVENT_END.encode()
    if raw.endswith(end) or len(raw) % TORN_AT:
        return raw
    cut = raw.rfind(end)
    if cut >= 0:
        return raw[: cut + len(end)] if raw.startswith(_V4_HEAD) else raw
    return b"" if raw.startswith(_V4_HEAD) or _V4_HEAD.startswith(raw) else raw


LOG_FILE_EVENTS = 1000
"""Events one log file holds before the session starts another (a page of the dice log)."""


def session_tag() -> str:
    """A short random name for one console session's log files (not from the campaign's
    dice generator: naming files must not change what the dice roll)."""
    return os.urandom(3).hex()


class LogWriter:
    """Appends one console session's events to its own files (see the module docstring)."""

    def __init__(self, root: Path, tag: str | None = None) -> None:
        self.root = root
        self.tag = tag or session_tag()
        self.path: Path | None = None
        self.count = 0
        self.part = 0
        self._clock = 0
        self._before: tuple[Path | None, int, Path, int] | None = None
        """Where the last append began (previous file and count, its file and size), for
        `take_back`."""

    def _new_file(self, event: Event) -> Path:
        """`log/<its first event's time>.<the clock in µs>-<session>-<part>.toml`: the names
        sort by the time of play, and files begun within the same second (event times have
        whole seconds) in the order they were begun (the clock's full count, so a second
        boundary between them does not reverse it), so their events read back in the order
        they were written, whichever session wrote them."""
        self.part += 1
        clock = max(time.time_ns() // 1000, self._clock + 1)
        self._clock = clock
        stamp = f"{event.time[:19].replace(':', '-')}.{clock}"
        return self.root / LOG_DIR / f"{stamp}-{self.tag}-{self.part:03d}.toml"

    def append(self, event: Event) -> Path:
        """Append `event` to this session's current file (a new one with its header when there
        is none yet or the current one is full); returns the file."""
        fresh = self.path is None or self.count >= LOG_FILE_EVENTS
        path = self._new_file(event) if fresh else self.path
        assert path is not None
        prefix = dump_toml({"schema_version": CURRENT["log"], "session": self.tag}) if fresh else ""
        size = -1 if fresh else _size(path)
        append_text(path, prefix + "\n" + event_text(event) + EVENT_END)
        self._before = (self.path, self.count, path, size)
        self.path, self.count = path, (1 if fresh else self.count + 1)
        return path

    def take_back(self) -> None:
        """Remove the last append again: the event's files could not be saved after all (see
        `journal`), and a log holding an event the files do not would be as wrong as the
        reverse. Only this session's own file is touched, cut back to where it ended (a file
        the append began is removed). Raises OSError when the disk refuses even that."""
        if self._before is None:
            return
        previous, count, path, size = self._before
        if size < 0:
            path.unlink(missing_ok=True)
        else:
            os.truncate(path, size)
        self._before = None
        self.path, self.count = previous, count


def append_event(root: Path, event: Event) -> Path:
    """Append `event` to a log file of its own (a one-event session); see `LogWriter`."""
    return LogWriter(root).append(event)


LOG_PAGE = 1000
"""Events a session reads at open (newest first, whole log files), and the size of the dice
log's pages: a campaign played weekly for years has tens of thousands of events (tens of MB
of TOML, ~5 s to parse), and the first screen needs only the newest page of them."""


def log_files(root: Path) -> list[Path]:
    """The files of the log, oldest first (their names start with the date and time)."""
    folder = root / LOG_DIR
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def read_log_file(path: Path, root: Path) -> tuple[list[Event], list[Problem]]:
    """The events of one log file, in order; a bad file or event becomes a problem."""
    events: list[Event] = []
    problems: list[Problem] = []
    shown = display_path(path, root)
    try:
        doc, text = read_toml(path, root, complete_appends)
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
    return in_time_order(events), problems


def in_time_order(events: list[Event]) -> list[Event]:
    """Events of several files in the order they happened: by their time, and within one
    second in the order read (a file's own order, then the files' names)."""
    return sorted(events, key=lambda e: e.time)


class LogPages:
    """The files of a campaign's log read back from the newest, a whole file at a time.

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
        """Events from the newest unread files (oldest first), whole files until at least
        `min_events` were read or none is left; the problems of the files read."""
        chunks: list[list[Event]] = []
        problems: list[Problem] = []
        count = 0
        while self.unread and count < min_events:
            found, bad = read_log_file(self.unread.pop(), self.root)
            chunks.append(found)
            problems[:0] = bad  # the older file's problems first, as `read_log` lists them
            count += len(found)
        return in_time_order([e for chunk in reversed(chunks) for e in chunk]), problems


# ---------------------------------------------------------------------- checking the whole log
# `gmconsole check` reads every event of a log that may hold 100,000 of them (15 MB of TOML),
# and only needs to know what is wrong: it keeps no event. Each file is first judged the fast
# way (`log_file_is_clean`); any file not certainly clean is read by `read_log_file`, so every
# report is exactly the one a session gives, with its line. Large logs are judged by worker
# processes, a share of the files each.


def log_file_is_clean(path: Path, root: Path | None = None) -> bool:
    """Whether one log file certainly reads without a problem: `read_log_file`'s steps (UTF-8,
    no conflict markers, TOML, schema_version, every event valid) with `quick_toml` for the
    parse. False means "not sure", never "bad": the caller reads the file the exact way."""
    try:
        text = complete_appends(read_regular(path, root)[0]).decode("utf-8")
    except (FileProblem, UnicodeDecodeError):
        return False
    if "<<<<<<<" in text:  # maybe a conflict marker: the exact path says where
        return False
    doc = quick_toml(text)
    if doc is None:
        return False
    try:
        doc, _ = migrate("log", doc)
    except MigrationError:
        return False
    entries = doc.get("event", [])
    if not isinstance(entries, list):
        return False
    # Event.model_validate's own validator, called without its Python wrapper (0.31 s instead
    # of 0.46 for 100,000 events), one event at a time: a TypeAdapter over the whole list
    # holds a file's 1000 models at once and ran 7% slower.
    validate = Event.__pydantic_validator__.validate_python
    try:
        for entry in entries:
            validate(entry)
    except ValidationError:
        return False
    return True


def log_file_problems(path: Path, root: Path) -> list[Problem]:
    """What `read_log_file` reports for one file (nothing for a clean one), keeping no event."""
    if log_file_is_clean(path, root):
        return []
    return read_log_file(path, root)[1]


def _problems_of(paths: list[Path], root: Path) -> list[Problem]:
    """The problems of several log files, in their order (one worker's share)."""
    return [problem for path in paths for problem in log_file_problems(path, root)]


PARALLEL_BYTES = 2_000_000
"""Log size from which `check_log` uses worker processes: about 13,000 events, 0.2 s of work
on one core, well above the 10-40 ms that starting and stopping two forked workers costs."""


def _fork_context() -> BaseContext | None:
    """Workers by fork, where that is the platform's own default (Linux) and this process runs
    a single thread (forking a threaded process can copy a held lock): they start in a few
    milliseconds with everything imported. Elsewhere a worker would start a fresh interpreter
    and import pydantic and the store (~0.4 s), most of what it would save: None, no workers."""
    if not sys.platform.startswith("linux") or threading.active_count() > 1:
        return None
    import multiprocessing  # here, not at the top: opening a campaign starts no workers (~6 ms)

    return multiprocessing.get_context("fork")


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _size(path: Path) -> int:
    """A file's size, 0 when it cannot be read (reading it then reports why)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def check_log(root: Path, *, parallel: bool | None = None) -> list[Problem]:
    """Every problem of the log, the ones `read_log` reports and in its order, for `gmconsole
    check`: every file is read and every event validated, none is kept. `parallel` forces the
    choice of worker processes (None: for a log of `PARALLEL_BYTES` or more, where the
    platform allows them; see `_fork_context`)."""
    files = log_files(root)
    context = _fork_context()
    workers = min(_cores(), len(files))
    if parallel is None:
        parallel = sum(map(_size, files)) >= PARALLEL_BYTES
    if not parallel or context is None or workers < 2:
        return _problems_of(files, root)
    size = -(-len(files) // (workers * 4))  # a few shares a worker, so none waits on the last
    shares = [files[i : i + size] for i in range(0, len(files), size)]
    from concurrent.futures import ProcessPoolExecutor  # with multiprocessing, only for workers

    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        found = pool.map(_problems_of, shares, [root] * len(shares))
        return [problem for share in found for problem in share]
