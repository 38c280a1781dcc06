"""Putting a campaign folder in order when its writer opens it, after a console was killed.

`recover` runs once the lock is taken (no other writer can be at work): it removes the temp
files (`.NAME.PID.tmp`) of saves that a killed console never finished; they hold nothing the
files or the log do not.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

STATE_FOLDERS = ("", "roster", "encounters", "tables", "log", "notes")
"""Where the store writes: the campaign folder itself and its sub-folders."""


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


def recover(root: Path) -> None:
    """Clean up after a killed console (see the module docstring). Quiet when it cannot."""
    for path in leftover_temp_files(root):
        with contextlib.suppress(OSError):
            os.unlink(path)
