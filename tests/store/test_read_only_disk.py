"""A campaign on a read-only file system (a mounted archive, a remount after a disk error)
opens read-only with a line saying why, refuses changes with that line, and quits without a
traceback; it could not be opened at all before (the lock could not be created)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.store import ReadOnlyError, Session

DEMO = Path(__file__).resolve().parents[2] / "campaigns" / "generic-demo"


@pytest.fixture
def read_only_copy(tmp_path: Path) -> Iterator[Path]:
    """The generic demo on a real read-only tmpfs where the test may mount one (root,
    Linux); elsewhere on a disk whose every create says EROFS."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here; test_lock's full-disk test covers the same path")
    try:
        shutil.copytree(DEMO, mount / "camp", ignore=shutil.ignore_patterns(".lock"))
        (mount / "camp" / ".campaign.toml.123.tmp").write_text("left over", encoding="utf-8")
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], capture_output=True, check=True)
        yield mount / "camp"
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, check=False)


def test_a_read_only_file_system_opens_read_only_with_a_message(read_only_copy: Path) -> None:
    with pytest.raises(OSError) as refused:
        (read_only_copy / "probe").write_text("x", encoding="utf-8")
    assert refused.value.errno == errno.EROFS
    with Session.open(read_only_copy) as s:
        assert s.read_only and s.lock_holder is None
        assert s.read_only_why is not None and "read-only" in s.read_only_why and "\n" not in s.read_only_why
        assert s.encounter is not None and s.roster
        assert s.refresh_from_disk() == []
        with pytest.raises(ReadOnlyError, match="file system is read-only"):
            s.execute("next")
    assert not (read_only_copy / ".lock").exists()
    assert (read_only_copy / ".campaign.toml.123.tmp").exists()  # nothing written, not even a clean-up


async def test_the_console_on_a_read_only_file_system_quits_without_a_traceback(read_only_copy: Path) -> None:
    from gmconsole.tui.app import GmConsole

    app = GmConsole(read_only_copy)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)
    assert app._exception is None
    assert os.listdir(read_only_copy)  # still there, untouched
