"""One writer per campaign: the lock file, read-only second openers, stale locks."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from gmconsole.store import Session
from gmconsole.store.lock import CampaignLock, this_host


def dead_pid() -> int:
    """The pid of a process that has just exited (so nothing runs under it)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def lock_of(root: Path) -> dict:
    return tomllib.loads((root / ".lock").read_text(encoding="utf-8"))


def test_the_first_opener_holds_the_lock_and_the_second_is_read_only(session: Session) -> None:
    root = session.path
    assert lock_of(root) == {"pid": os.getpid(), "host": this_host()}
    assert not session.read_only and session.lock_holder is None
    second = Session.open(root)
    assert second.read_only
    assert second.lock_holder == f"pid {os.getpid()} on {this_host()}"
    second.close()
    assert (root / ".lock").exists()  # closing the read-only one leaves the owner's lock
    session.close()
    assert not (root / ".lock").exists()
    third = Session.open(root)
    assert not third.read_only
    third.close()


def test_a_stale_lock_from_a_dead_process_is_taken_over(session: Session) -> None:
    root = session.path
    session.close()
    (root / ".lock").write_text(f'pid = {dead_pid()}\nhost = "{this_host()}"\n', encoding="utf-8")
    s = Session.open(root)
    assert not s.read_only
    assert lock_of(root)["pid"] == os.getpid()
    s.close()


def test_a_lock_from_another_host_is_respected(session: Session) -> None:
    root = session.path
    session.close()
    (root / ".lock").write_text(f'pid = {dead_pid()}\nhost = "elsewhere"\n', encoding="utf-8")
    s = Session.open(root)
    assert s.read_only and s.lock_holder is not None and s.lock_holder.endswith("on elsewhere")
    s.close()
    assert lock_of(root)["host"] == "elsewhere"


def test_a_garbage_lock_is_taken_over(session: Session) -> None:
    root = session.path
    session.close()
    (root / ".lock").write_text("not toml at all [[", encoding="utf-8")
    with Session.open(root) as s:
        assert not s.read_only


def test_read_only_on_request_takes_no_lock(session: Session) -> None:
    root = session.path
    session.close()
    with Session.open(root, read_only=True) as s:
        assert s.read_only and s.lock_holder is None
        assert not (root / ".lock").exists()


def test_release_never_removes_someone_elses_lock(tmp_path: Path) -> None:
    lock = CampaignLock(tmp_path)
    assert lock.acquire() is None
    (tmp_path / ".lock").write_text('pid = 1\nhost = "other"\n', encoding="utf-8")
    lock.release()
    assert (tmp_path / ".lock").exists()
