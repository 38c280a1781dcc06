"""One writer per campaign: the lock file, read-only second openers, stale locks."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest

from gmconsole.store import ReadOnlyError, Session
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


# ---------------------------------------------------------------------- taking it at the same instant


def test_threads_opening_at_the_same_instant_give_one_writer(session: Session) -> None:
    """Twelve opens released together: exactly one may write (the lock file used to be created
    empty and filled afterwards, and a loser reading it empty took it over as stale)."""
    root = session.path
    session.close()
    for _ in range(5):
        gate = threading.Barrier(12)
        opened: list[Session] = []

        def open_one(gate: threading.Barrier, opened: list[Session]) -> None:
            gate.wait()
            opened.append(Session.open(root))

        threads = [threading.Thread(target=open_one, args=(gate, opened)) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        writers = [s for s in opened if not s.read_only]
        assert len(writers) == 1, f"{len(writers)} sessions got write access"
        assert all(s.lock_holder for s in opened if s.read_only)
        for s in opened:
            s.close()
        assert not (root / ".lock").exists()


RACE = r"""
import os, sys
from gmconsole.store import Session
root, n = sys.argv[1], int(sys.argv[2])
go_r, go_w = os.pipe()
end_r, end_w = os.pipe()
said_r, said_w = os.pipe()
kids = []
for _ in range(n):
    pid = os.fork()
    if pid == 0:
        os.close(go_w)
        os.close(end_w)
        os.read(go_r, 1)  # every child waits here; the parent lets them all go at once
        s = Session.open(root)
        os.write(said_w, b"w" if not s.read_only else b"r")
        os.read(end_r, 1)  # hold the session until the parent has every answer
        os._exit(0)
    kids.append(pid)
os.write(go_w, b"x" * n)
answers = b""
while len(answers) < n:
    answers += os.read(said_r, n)
os.write(end_w, b"x" * n)
for pid in kids:
    os.waitpid(pid, 0)
print(answers.decode())
"""


def test_processes_opening_at_the_same_instant_give_one_writer(session: Session) -> None:
    root = session.path
    session.close()
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", RACE, str(root), "8"], capture_output=True,
                              text=True, timeout=60, check=True)
        answers = done.stdout.strip()
        assert len(answers) == 8 and answers.count("w") == 1, answers
        with Session.open(root) as s:  # the writer ended without closing: its OS lock went with it
            assert not s.read_only


def test_a_lock_whose_process_was_killed_is_taken_over_even_with_a_live_pid(session: Session) -> None:
    """The OS lock goes with the process: a lock file naming a live pid on this host but held
    by nobody (a killed console whose pid was reused) is taken, not trusted."""
    root = session.path
    session.close()
    (root / ".lock").write_text(f'pid = {os.getppid()}\nhost = "{this_host()}"\n', encoding="utf-8")
    with Session.open(root) as s:
        assert not s.read_only
        assert lock_of(root)["pid"] == os.getpid()


# ---------------------------------------------------------------------- when the lock cannot be written


def test_a_full_disk_opens_read_only_in_one_line_and_leaves_no_empty_lock(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = session.path
    session.close()

    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "pwrite", full)
    with Session.open(root) as s:
        assert s.read_only and s.lock_holder is None
        assert s.read_only_why is not None and "disk is full" in s.read_only_why
        assert "\n" not in s.read_only_why
        with pytest.raises(ReadOnlyError, match="disk is full"):
            s.execute("1d6")
    assert not (root / ".lock").exists()
    monkeypatch.undo()
    with Session.open(root) as s:
        assert not s.read_only


def test_leftover_temp_files_are_cleaned_at_open(session: Session) -> None:
    root = session.path
    session.close()
    left = [root / ".campaign.toml.999.tmp", root / "roster" / ".ayla.toml.12.tmp", root / "log" / ".x.tmp"]
    for path in left:
        path.write_text("half a save", encoding="utf-8")
    keep = root / "notes" / "plans.tmp"  # not a hidden temp file: the GM's own
    keep.write_text("mine", encoding="utf-8")
    with Session.open(root, read_only=True):
        assert all(p.exists() for p in left)  # only the writer cleans
    with Session.open(root) as s:
        assert not s.read_only
    assert not any(p.exists() for p in left)
    assert keep.exists()
