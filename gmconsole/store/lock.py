"""One process owns a campaign at a time: `.lock` in the folder, held with an OS lock.

The writer holds an exclusive `flock` on `.lock` for the session's whole life and writes its
pid and host into it. Taking the lock is one system call that either succeeds or fails, so
two consoles opened at the same instant never both get write access (the lock file being
created empty and filled afterwards made the loser read it as stale and take it over, 29 of
30 tries). The kernel drops the `flock` when its process dies, SIGKILL included, so a lock
left by a dead console is taken over at the next open without guessing from its pid, and that
takeover is itself the same one atomic call.

The pid and host in the file are for people ("pid 123 on laptop"), and for one more rule: a
lock naming *another host* is trusted even when no `flock` holds it (two laptops sharing a
folder over a network file system may not share OS locks), so they never both write.
A second console on the same campaign opens it read-only and says who holds it.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

import tomli
import tomli_w

LOCK_NAME = ".lock"

OWNER_WAIT = 0.5
"""Seconds a console that lost the race waits for the winner to write its name in the lock
(the `flock` is taken before the name is written)."""


@dataclass(frozen=True)
class LockOwner:
    """Who holds a campaign's lock: a process on a host."""

    pid: int
    host: str

    def __str__(self) -> str:
        if self.pid <= 0:
            return f"another console on {self.host}"
        return f"pid {self.pid} on {self.host}"


class LockUnavailable(OSError):
    """The lock could not be written at all (a read-only file system, a full disk, no
    permission): the campaign can only be opened read-only. Its message says why."""


def this_host() -> str:
    return socket.gethostname()


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists on this host."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def parse_owner(data: bytes) -> LockOwner | None:
    """Who a lock file's bytes name; None when they name nobody (empty, garbage)."""
    try:
        doc = tomli.loads(data.decode("utf-8"))
        return LockOwner(int(doc["pid"]), str(doc["host"]))
    except (ValueError, KeyError, TypeError, tomli.TOMLDecodeError):
        return None


def read_owner(path: Path) -> LockOwner | None:
    """Who the lock file names; None when it is missing or unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        return parse_owner(os.read(fd, 4096))
    except OSError:
        return None
    finally:
        os.close(fd)


class CampaignLock:
    """The lock on one campaign folder; `acquire` either takes it or reports the holder."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_NAME
        self.me = LockOwner(os.getpid(), this_host())
        self.held = False
        self._fd: int | None = None

    def acquire(self) -> LockOwner | None:
        """Take the lock; None on success, or who holds it. Raises `LockUnavailable` (one line)
        when the lock cannot be written at all; no empty lock file is left behind then."""
        for _ in range(20):  # only a lock file removed under us between open and flock loops
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                raise LockUnavailable(exc.errno, _why(exc, self.path)) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise LockUnavailable(exc.errno, _why(exc, self.path)) from None
                return self._holder()
            if not self._same_file(fd):  # the holder released (and removed) it meanwhile
                os.close(fd)
                continue
            return self._claim(fd)
        return self._holder()

    def _same_file(self, fd: int) -> bool:
        """Whether `fd` is still the file named `.lock` (a releasing holder unlinks it: a lock
        on the unlinked file would be a lock on nothing)."""
        try:
            return os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
        except OSError:
            return False

    def _claim(self, fd: int) -> LockOwner | None:
        """We hold the flock: respect another host's name in the file, else write ours."""
        try:
            old = parse_owner(os.pread(fd, 4096, 0))
        except OSError:
            old = None
        if old is not None and old.host != self.me.host and old != self.me:
            os.close(fd)  # another machine's console: its OS lock may not reach us
            return old
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, tomli_w.dumps({"pid": self.me.pid, "host": self.me.host}).encode(), 0)
            os.fsync(fd)
        except OSError as exc:  # a full disk: leave no empty lock behind
            with contextlib.suppress(OSError):
                os.unlink(self.path)
            os.close(fd)
            raise LockUnavailable(exc.errno, _why(exc, self.path)) from None
        self._fd = fd
        self.held = True
        return None

    def _holder(self) -> LockOwner:
        """Who holds the lock we could not take (waiting briefly for a holder that has taken
        the flock but not yet written its name)."""
        deadline = time.monotonic() + OWNER_WAIT
        while True:
            owner = read_owner(self.path)
            if owner is not None or time.monotonic() > deadline:
                return owner or LockOwner(0, this_host())
            time.sleep(0.01)

    def release(self) -> None:
        """Remove the lock file if it still names us (never someone else's), then drop the
        OS lock. Never raises: quitting on a read-only or vanished folder is quiet."""
        if not self.held:
            return
        self.held = False
        fd, self._fd = self._fd, None
        try:
            if read_owner(self.path) == self.me and fd is not None and self._same_file(fd):
                with contextlib.suppress(OSError):
                    os.unlink(self.path)  # while still holding the flock: see `_same_file`
        finally:
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)


def _why(exc: OSError, path: Path) -> str:
    """One line saying why the lock could not be written."""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.EROFS:
        reason = "the file system is read-only"
    elif exc.errno == errno.ENOSPC:
        reason = "the disk is full"
    elif exc.errno in (errno.EACCES, errno.EPERM):
        reason = "no permission to write there"
    elif exc.errno == errno.ELOOP:
        reason = "it is a symbolic link"
    return f"cannot write the lock {path}: {reason}"


def lock_free(folder: Path) -> bool:
    """Whether nobody holds the campaign's lock now (its console quit or was killed), without
    taking it: a read-only console offers to take the campaign then. A lock naming another host
    is never free from here (its OS lock may not reach us)."""
    path = Path(folder) / LOCK_NAME
    owner = read_owner(path)
    if owner is not None and owner.host != this_host():
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return False
    else:
        return True
    finally:
        os.close(fd)  # closing drops the shared lock taken to look
