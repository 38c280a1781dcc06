"""One process owns a campaign at a time: `.lock` in the folder names the owner's pid and host.

A second console on the same campaign opens it read-only and can say who holds it. A lock left
behind by a process that died on this host is taken over; a lock from another host is trusted
(its pid means nothing here), so two laptops sharing a folder never both write.
"""

from __future__ import annotations

import contextlib
import os
import socket
from dataclasses import dataclass
from pathlib import Path

import tomli
import tomli_w

LOCK_NAME = ".lock"


@dataclass(frozen=True)
class LockOwner:
    pid: int
    host: str

    def __str__(self) -> str:
        return f"pid {self.pid} on {self.host}"


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


def read_owner(path: Path) -> LockOwner | None:
    """Who the lock file names; None when it is unreadable (treated as stale)."""
    try:
        data = tomli.loads(path.read_text(encoding="utf-8"))
        return LockOwner(int(data["pid"]), str(data["host"]))
    except (OSError, ValueError, KeyError, TypeError, tomli.TOMLDecodeError):
        return None


class CampaignLock:
    """The lock on one campaign folder; `acquire` either takes it or reports the holder."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_NAME
        self.me = LockOwner(os.getpid(), this_host())
        self.held = False

    def acquire(self) -> LockOwner | None:
        """Take the lock; returns None on success, or the live holder when someone has it."""
        for _ in range(3):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                owner = read_owner(self.path)
                if owner is not None and (owner.host != self.me.host or pid_alive(owner.pid)):
                    return owner
                # stale: its process is gone (or the file is garbage); take it over
                with contextlib.suppress(FileNotFoundError):
                    self.path.unlink()
                continue
            with os.fdopen(fd, "wb") as fh:
                fh.write(tomli_w.dumps({"pid": self.me.pid, "host": self.me.host}).encode())
                fh.flush()
                os.fsync(fh.fileno())
            self.held = True
            return None
        owner = read_owner(self.path)
        return owner or LockOwner(0, "unknown host")

    def release(self) -> None:
        """Remove the lock if it is still ours (never someone else's)."""
        if not self.held:
            return
        self.held = False
        if read_owner(self.path) == self.me:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
