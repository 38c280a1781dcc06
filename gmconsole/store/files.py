"""TOML in and out of the campaign folder: deterministic text, atomic writes, located errors.

Writing goes through `atomic_write` (a temp file in the same folder, flush + fsync, then
`os.replace`), so a killed process or a dropped SSH link leaves either the old file or the new
one, never half of one. `dump_toml` is deterministic (the caller's key order, None dropped, LF
endings) so saving an unchanged model reproduces the file byte for byte and `git status` stays
clean. Reading reports `path:line: message` so a GM can fix a file by hand.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli
import tomli_w
from pydantic import ValidationError

from gmconsole.engine import fast_toml, limits
from gmconsole.engine.names import visible
from gmconsole.store.problems import FileProblem, Problem, display_path, error_text


def drop_none(value: Any) -> Any:
    """A copy without None anywhere (TOML has no null): dict entries and list items go."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or kind is float:  # most values: no ABC check
        return value
    if isinstance(value, Mapping):
        return {str(k): drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [drop_none(v) for v in value if v is not None]
    return value


def _has_cr(value: Any) -> bool:
    """Whether any key or string anywhere in `value` holds a carriage return. JSON escapes a
    CR as the two characters backslash-r (and a literal backslash-r as three), so one C-speed
    dump answers for the whole document; values JSON does not know (dates) cannot hold one."""
    return "\\r" in json.dumps(value, default=lambda _v: "").replace("\\\\", "")


def dump_toml(data: Mapping[str, Any]) -> str:
    """Deterministic TOML text for `data` (keys in the given order, None dropped, LF only).

    Strings with newlines are written as multi-line strings so notes stay readable in a diff;
    a document holding a carriage return anywhere falls back to escaped strings, because
    TOML parsers may normalise CR LF inside multi-line strings and the value must round-trip.
    """
    clean = drop_none(data)
    return tomli_w.dumps(clean, multiline_strings=not _has_cr(clean))


def atomic_write(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8, LF) all at once, or leave the old file untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    data = text.encode("utf-8")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def append_text(path: Path, text: str) -> None:
    """Append `text` to `path` and fsync it (the log is append-only), all of it or none: a
    full disk can take half a write, and half an event would leave the file unreadable, so a
    failed append is cut back to where the file ended before it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    created = not path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        start = os.fstat(fd).st_size
        data = memoryview(text.encode("utf-8"))
        try:
            while data:
                written = os.write(fd, data)
                data = data[written:]
            os.fsync(fd)
        except BaseException:
            os.ftruncate(fd, start)
            if created:  # a file this append made, and nothing else wrote to: gone again
                path.unlink(missing_ok=True)
            raise
    finally:
        os.close(fd)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---------------------------------------------------------------------- reading

_AT_LINE = re.compile(r"line (\d+)")


_CONFLICT = re.compile(r"^<{7}( |$)", re.MULTILINE)
"""The first line of a conflict git left in a file (`<<<<<<< HEAD`)."""


@dataclass(frozen=True)
class Stamp:
    """What a file was when it was read or written: its identity, size, times and a hash of
    its bytes. Another program's write (git pull, an editor, a sync tool) changes the inode
    or the change time, which no program can set back; the hash tells a rewrite with the same
    bytes (a checkout of the same commit) from a real change."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    ctime_ns: int
    digest: bytes

    @classmethod
    def of(cls, st: os.stat_result, data: bytes) -> Stamp:
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, digest(data))

    def same_stat(self, st: os.stat_result) -> bool:
        """Whether `st` is this very file untouched (so its bytes need not be read again)."""
        return (self.device, self.inode, self.size, self.mtime_ns, self.ctime_ns) == (
            st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns
        )


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def read_regular(
    path: Path, root: Path | None = None, cap: int | None = None
) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file inside the campaign folder, and its `stat`, or a
    `FileProblem` saying why not. Never opens anything that could block or never end: a link
    leaving the folder (to `/dev/zero`, to another campaign), a FIFO, a device, a socket or a
    folder where a file is expected is reported by what it is and left unopened, and a file
    over its size cap (`limits.file_bytes`) is reported with its size and the cap."""
    shown = display_path(path, root)
    if cap is None:
        cap = limits.file_bytes(shown)
    try:
        st = os.stat(path)
    except OSError as exc:
        raise FileProblem(Problem(shown, 1, f"cannot read: {exc.strerror or exc}")) from None
    if root is not None and not _inside(path, root):
        target = visible(str(path.resolve()))
        raise FileProblem(Problem(shown, 1, f"a link to {target}, outside the campaign folder: not read"))
    kind = _KINDS.get(stat.S_IFMT(st.st_mode), "not a regular file")
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(Problem(shown, 1, f"{kind} where a file is expected: not read"))
    if st.st_size > cap:
        raise FileProblem(_too_large(shown, st.st_size, cap))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise FileProblem(Problem(shown, 1, f"cannot read: {exc.strerror or exc}")) from None
    try:
        fst = os.fstat(fd)
        if not stat.S_ISREG(fst.st_mode) or (fst.st_dev, fst.st_ino) != (st.st_dev, st.st_ino):
            raise FileProblem(Problem(shown, 1, "replaced while it was being read: not read"))
        chunks: list[bytes] = []
        size = 0
        while size <= cap:
            chunk = os.read(fd, min(cap + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise FileProblem(Problem(shown, 1, f"cannot read: {exc.strerror or exc}")) from None
    finally:
        os.close(fd)
    if size > cap:
        raise FileProblem(_too_large(shown, size, cap))
    return b"".join(chunks), fst


def _inside(path: Path, root: Path) -> bool:
    """Whether `path`, links followed, is inside the campaign folder `root`."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def _too_large(shown: str, size: int, cap: int) -> Problem:
    return Problem(shown, 1, f"too large: {limits.size_text(size)} (a file here may hold at most "
                             f"{limits.size_text(cap)}; see the README's limits): not read")


def long_line(text: str) -> int | None:
    """The number of the first line longer than `limits.LINE_CHARS`, if any (split and
    measured in C: 16 MB in about 40 ms)."""
    lines = text.split("\n")
    if len(max(lines, key=len, default="")) <= limits.LINE_CHARS:
        return None
    return next(i for i, line in enumerate(lines, 1) if len(line) > limits.LINE_CHARS)


def over_limits(shown: str, data: bytes) -> str | None:
    """Why a file about to be written would be refused when read back (over its size cap, a
    line over `limits.LINE_CHARS`), or None: the store never writes what its reader refuses,
    or the entity would vanish at the next open."""
    cap = limits.file_bytes(shown)
    if len(data) > cap:
        return f"{limits.size_text(len(data))}, over the {limits.size_text(cap)} a file there may hold"
    if len(data) > limits.LINE_CHARS and not shown.startswith("log/"):
        line = long_line(data.decode("utf-8", "replace"))
        if line is not None:
            return f"a line longer than {limits.LINE_CHARS:,} characters (line {line})"
    return None


def read_toml(
    path: Path, root: Path | None = None, keep: Callable[[bytes], bytes] | None = None
) -> tuple[dict[str, Any], str]:
    """The parsed document and its text; a `FileProblem` naming the line when it is bad.
    `keep` chooses the part of the file's bytes that is read (the log's complete appends)."""
    doc, text, _stamp = read_toml_stamped(path, root, keep)
    return doc, text


def read_toml_stamped(
    path: Path, root: Path | None = None, keep: Callable[[bytes], bytes] | None = None
) -> tuple[dict[str, Any], str, Stamp]:
    """`read_toml`, with the `Stamp` of the bytes read (for `watch`: nothing is written over
    a file that changed since)."""
    shown = display_path(path, root)
    raw, st = read_regular(path, root)
    stamp = Stamp.of(st, raw)
    if keep is not None:
        raw = keep(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise FileProblem(Problem(shown, line, "not UTF-8 text")) from exc
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write: read past it
    conflict = _CONFLICT.search(text)
    if conflict is not None:
        line = text.count("\n", 0, conflict.start()) + 1
        raise FileProblem(Problem(
            shown, line, "unresolved git merge conflict (<<<<<<<): keep the lines you want between "
            "the markers and delete the <<<<<<<, ======= and >>>>>>> lines",
        ))
    if not shown.startswith("log/"):
        line = long_line(text)
        if line is not None:
            raise FileProblem(Problem(shown, line, f"a line longer than {limits.LINE_CHARS:,} characters "
                                                   "(see the README's limits): not read"))
    try:
        return fast_toml.loads(text), text, stamp
    except tomli.TOMLDecodeError as exc:
        lineno = getattr(exc, "lineno", None)
        if lineno is None:
            found = _AT_LINE.search(str(exc))
            lineno = int(found.group(1)) if found else max(1, len(text.splitlines()))
        message = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "", str(exc))
        raise FileProblem(Problem(shown, lineno, f"invalid TOML: {visible(message)}")) from exc
    except RecursionError as exc:  # thousands of nested [ or {: tomli recurses per level
        depth = max(text.count("["), text.count("{"))
        message = f"invalid TOML: nested too deeply (up to {depth} levels)"
        raise FileProblem(Problem(shown, 1, message)) from exc


def _key_pattern(key: str) -> re.Pattern[str]:
    k = re.escape(key)
    # a bare or quoted key followed by `=` (a value), `.` (a dotted key) or `]` (a header)
    return re.compile(rf"(^|[\s{{,.\[])(\"{k}\"|'{k}'|{k})\s*(=|\.|\])")


def line_of(text: str, loc: Sequence[str | int]) -> int:
    """Best-effort line of the value at pydantic location `loc` in a TOML text (1 if unknown).

    Walks the key path down the file: each key is searched after the previous one was found,
    and a list index after an array-of-tables header skips to that many-th header.
    """
    lines = text.splitlines()
    pos, found = 0, 1
    header: str | None = None
    for part in loc:
        if isinstance(part, int):
            if header is None:
                continue
            seen = -1
            for i in range(found - 1, len(lines)):
                if lines[i].strip() == header:
                    seen += 1
                    if seen == part:
                        pos, found = i, i + 1
                        break
            header = None
            continue
        pattern = _key_pattern(part)
        for i in range(pos, len(lines)):
            stripped = lines[i].lstrip()
            if stripped.startswith("#"):
                continue
            if pattern.search(lines[i]):
                pos, found = i, i + 1
                header = stripped.split("#")[0].strip() if stripped.startswith("[[") else None
                break
        else:
            break
    return found


def validation_problems(
    exc: ValidationError, shown: str, text: str, prefix: Sequence[str | int] = ()
) -> list[Problem]:
    """One `Problem` per pydantic error, located in the file text."""
    out: list[Problem] = []
    for err in exc.errors():
        loc = [*prefix, *err["loc"]]
        where = ".".join(str(p) for p in loc)
        message = error_text(err)
        out.append(Problem(shown, line_of(text, loc), f"{where}: {message}" if where else message))
    return out
