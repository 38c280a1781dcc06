"""Saving one event's files so that the log always explains them, whenever the console dies.

An intent changes one or more entity files and appends one event to the log. Written in that
order, a kill between the two left a change on disk that the log did not hold (8 of 160
mid-intent kills). So the log comes first, and the files are *staged* before it:

1. `stage`: for every changed file `NAME`, beside it: `.NAME.ID.was`, a hard link to the file as
   it is (no copy; `.NAME.ID.none` when it does not exist yet), then `.NAME.ID.next`, the new
   text, flushed to disk (`.NAME.ID.gone` for a file the event deletes). `ID` is the event's id.
2. the event is appended to the log;
3. `Staged.finish`: each `.next` is renamed over its file (atomic), each `.gone` file removed,
   then the markers.

A console killed anywhere leaves the files either as they were (no staged file was renamed,
and the event is not in the log) or with staging files beside them. `recover`, run by the next
writer at open, settles every staged event: when the log holds it, the files are brought in
line with it (the remaining `.next` files renamed in: "roll forward"); when it does not (the
append never completed), the files are put back from `.was` ("roll back"). Either way every
change in the files is one the log holds, and no event is in the log without its files.

A step the disk refuses inside a running console (full disk, read-only remount) is undone on
the spot: staged files removed, the log's append cut back, renamed files put back from `.was`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from gmconsole.store.files import _fsync_dir

STATE_FOLDERS = ("", "roster", "encounters", "tables", "log", "notes")
"""Where the store writes: the campaign folder itself and its sub-folders."""

ENTITY_FOLDERS = ("", "roster", "encounters")
"""Where staged entity files live (campaign.toml is in the campaign folder itself)."""

_STAGED = re.compile(r"^\.(?P<name>.+)\.(?P<id>[0-9A-Za-z_-]{1,64})\.(?P<what>was|none|next|gone)$")

LOG_FILES_SEARCHED = 16
"""Newest log files (by modification time) searched for a staged event's id at recovery: the
killed console's own file was the last one written, so it is among the first."""


@dataclass
class Staged:
    """One event's files, staged beside their targets (see the module docstring)."""

    event_id: str
    targets: list[tuple[Path, bytes | None]]
    """Each file and its new bytes (None: the event deletes it)."""
    made: list[Path] = field(default_factory=list)
    """Staging files made so far, to remove whatever happens."""
    renamed: list[Path] = field(default_factory=list)
    """Targets already replaced by `finish` (to put back if it fails half-way)."""

    def _name(self, target: Path, what: str) -> Path:
        return target.with_name(f".{target.name}.{self.event_id}.{what}")

    def write(self) -> None:
        """Step 1: the links to the old files and the new texts, all flushed to disk."""
        for target, data in self.targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            was = self._name(target, "was")
            try:
                _keep_old(target, was, self.made)
            except FileNotFoundError:
                _touch(self._name(target, "none"), self.made)
            if data is None:
                _touch(self._name(target, "gone"), self.made)
                continue
            nxt = self._name(target, "next")
            self.made.append(nxt)
            with open(nxt, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        for folder in {t.parent for t, _ in self.targets}:
            _fsync_dir(folder)

    def finish(self) -> None:
        """Step 3: the new texts renamed in, deleted files removed, then the markers."""
        for target, data in self.targets:
            if data is None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(target)
            else:
                os.replace(self._name(target, "next"), target)
            self.renamed.append(target)
        for folder in {t.parent for t, _ in self.targets}:
            _fsync_dir(folder)
        self.discard()

    def put_back(self) -> None:
        """Undo `finish` half-way: every replaced or deleted file as it was (a rename needs no
        room on a full disk). Raises OSError when that too is refused."""
        for target in reversed(self.renamed):
            was = self._name(target, "was")
            if was.exists():
                _put_back(was, target)
            else:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(target)
        self.renamed.clear()

    def discard(self) -> None:
        """Remove the staging files (quietly: one that cannot go is settled at next open)."""
        for path in self.made:
            with contextlib.suppress(OSError):
                os.unlink(path)
        self.made.clear()


def stage(event_id: str, targets: Iterable[tuple[Path, bytes | None]]) -> Staged:
    """Step 1 for one event (see the module docstring); on failure nothing is left behind."""
    staged = Staged(event_id, list(targets))
    try:
        staged.write()
    except BaseException:
        staged.discard()
        raise
    return staged


NO_HARD_LINKS = frozenset(
    {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS, errno.EXDEV}
)
"""What `link` says on a file system without hard links (FAT and exFAT sticks, some network
shares): the old file is then copied instead."""


def _keep_old(target: Path, was: Path, made: list[Path]) -> None:
    """`was`: the file as it is now, a hard link where the file system has them (no copy),
    else a flushed copy. FileNotFoundError when there is no file yet."""
    try:
        os.link(target, was, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in NO_HARD_LINKS:
            raise
        data = target.read_bytes()  # an entity file: already read whole at open, under its cap
        made.append(was)
        with open(was, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        return
    made.append(was)


def _put_back(was: Path, target: Path) -> None:
    """The old file back under its name. When the name still is the same file (nothing was
    renamed over it yet), rename(2) does nothing and leaves both names: the link just goes."""
    os.replace(was, target)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(was)


def _touch(path: Path, made: list[Path]) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
    os.close(fd)
    made.append(path)


# ---------------------------------------------------------------------- at open


def leftover_temp_files(root: Path) -> list[Path]:
    """The temp files of unfinished saves (`.*.tmp`), never following a link out."""
    found: list[Path] = []
    for folder in STATE_FOLDERS:
        where = root / folder
        if where.is_symlink() or not where.is_dir():
            continue
        with contextlib.suppress(OSError):
            found += [p for p in where.glob(".*.tmp") if p.is_file() and not p.is_symlink()]
    return found


def staged_files(root: Path) -> dict[str, list[tuple[Path, str, str]]]:
    """Staging files left by a killed console, by event id: (file, its target's name, what)."""
    out: dict[str, list[tuple[Path, str, str]]] = {}
    for folder in ENTITY_FOLDERS:
        where = root / folder
        if where.is_symlink() or not where.is_dir():
            continue
        with contextlib.suppress(OSError):
            for path in where.iterdir():
                found = _STAGED.match(path.name)
                if found is not None and _stages_an_entity(folder, found["name"]) and not path.is_symlink():
                    out.setdefault(found["id"], []).append((path, found["name"], found["what"]))
    return out


def _stages_an_entity(folder: str, name: str) -> bool:
    """Whether a staging file's target is one the store writes (campaign.toml in the campaign
    folder, a `.toml` in roster/ or encounters/): nothing else is ever renamed at open."""
    if not folder:
        return name == "campaign.toml"
    return name.endswith(".toml") and not name.startswith(".")


def logged(root: Path, event_id: str) -> bool:
    """Whether the log holds the event `event_id` as a complete append (a cut-off append is
    not an event: see `log.complete_appends`)."""
    from gmconsole.store.files import read_regular
    from gmconsole.store.log import complete_appends, log_files
    from gmconsole.store.problems import FileProblem

    def mtime(path: Path) -> int:
        try:
            return path.stat().st_mtime_ns
        except OSError:
            return 0

    needle = f'id = "{event_id}"'.encode()
    newest = sorted(log_files(root), key=mtime, reverse=True)[:LOG_FILES_SEARCHED]
    for path in newest:
        try:
            data = complete_appends(read_regular(path, root)[0])
        except FileProblem:
            continue
        if needle in data:
            return True
    return False


def settle(root: Path, event_id: str, files: list[tuple[Path, str, str]]) -> None:
    """Bring one staged event's files in line with the log (see the module docstring)."""
    forward = logged(root, event_id)
    by_target: dict[Path, dict[str, Path]] = {}
    for path, name, what in files:
        by_target.setdefault(path.with_name(name), {})[what] = path
    for target, parts in by_target.items():
        if forward:
            if "next" in parts:
                os.replace(parts.pop("next"), target)
            elif "gone" in parts:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(target)
        elif "was" in parts:
            _put_back(parts.pop("was"), target)
        elif "none" in parts:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(target)
    for folder in {t.parent for t in by_target}:
        _fsync_dir(folder)
    for parts in by_target.values():
        for path in parts.values():
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)


def recover(root: Path) -> None:
    """Clean up after a killed console: settle its staged events, remove its temp files. Run
    by the writer only, once it holds the lock. Quiet when the folder cannot be written (a
    read-only copy): what is staged stays for a writer that can."""
    for event_id, files in sorted(staged_files(root).items()):
        with contextlib.suppress(OSError, ValueError):
            settle(root, event_id, files)
    for path in leftover_temp_files(root):
        with contextlib.suppress(OSError):
            os.unlink(path)
