"""A full disk never costs a campaign anything: a change the disk refuses is not saved, says so,
leaves every file as it was, and works when tried again once there is room.

Where the test may mount one (root, Linux), a real 256 KiB tmpfs is filled to within a few
bytes of full, so writes fail half-way as they really do; elsewhere the failure is simulated
at each write step.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.store import Session, check_campaign
from gmconsole.store.log import read_log
from gmconsole.store.state import StoreError

DEMO = Path(__file__).resolve().parents[2] / "campaigns" / "generic-demo"


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock" and not p.name.endswith(".tmp")
    }


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)], capture_output=True, check=False
    )
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here; test_each_write_step_failing covers the same promise")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def _fill(mount: Path, leave: int) -> Path:
    """Fill the disk, then give back `leave` bytes."""
    filler = mount / "filler"
    with open(filler, "wb", buffering=0) as fh:
        for chunk in (4096, 512, 64, 1):
            try:
                while True:
                    fh.write(b"\0" * chunk)
            except OSError:
                pass
    with open(filler, "r+b") as fh:
        size = os.fstat(fh.fileno()).st_size
        fh.truncate(max(0, size - leave))
    return filler


@pytest.mark.parametrize("leave", [0, 300, 900, 2500, 6000])
def test_a_full_disk_refuses_the_change_whole_and_a_retry_saves_it(small_disk: Path, leave: int) -> None:
    camp = small_disk / "camp"
    shutil.copytree(DEMO, camp, ignore=shutil.ignore_patterns(".lock"))
    session = Session.open(camp)
    who = session.encounter.combatants[0].id
    filler = _fill(small_disk, leave)
    before = _snapshot(camp)
    logged = len(read_log(camp)[0])
    try:
        session.execute(f"dmg {who} 1")
    except StoreError as exc:
        assert "not saved" in str(exc) or "nothing changed" in str(exc) or "No space" in str(exc), exc
        assert _snapshot(camp) == before, "a refused change left a file different"
        refused = True
    else:
        refused = False
    assert check_campaign(camp) == []
    assert len(read_log(camp)[0]) == logged + (0 if refused else 1)
    filler.unlink()
    if refused:
        session.execute(f"dmg {who} 1")  # the same command again, now there is room
        assert len(read_log(camp)[0]) == logged + 1
    session.close()
    assert check_campaign(camp) == []


def test_each_write_step_failing_leaves_the_old_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No tmpfs needed: every os-level write step fails in turn (ENOSPC, then EROFS); each time
    the change is refused whole and the files are byte for byte what they were."""
    camp = tmp_path / "camp"
    shutil.copytree(DEMO, camp, ignore=shutil.ignore_patterns(".lock"))
    session = Session.open(camp)
    who = session.encounter.combatants[0].id
    real = {name: getattr(os, name) for name in ("write", "fsync", "replace")}
    for code in (errno.ENOSPC, errno.EROFS):
        for name in real:
            for nth in range(1, 4):
                calls = {"n": 0}

                def failing(*args, _name=name, _nth=nth, _code=code, _calls=calls):
                    _calls["n"] += 1
                    if _calls["n"] == _nth:
                        raise OSError(_code, os.strerror(_code))
                    return real[_name](*args)

                before = _snapshot(camp)
                monkeypatch.setattr(os, name, failing)
                try:
                    session.execute(f"dmg {who} 1")
                except StoreError:
                    monkeypatch.setattr(os, name, real[name])
                    assert _snapshot(camp) == before, (name, nth, code)
                else:
                    monkeypatch.setattr(os, name, real[name])
                assert check_campaign(camp) == [], (name, nth, code)
    session.close()
