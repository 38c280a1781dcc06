"""Where an unexpected error's traceback goes: a file under the user's state directory.

The console never ends on a bug in an intent: the GM sees one error line naming this file, and
the traceback waits there for a bug report (``$XDG_STATE_HOME/gmconsole/errors.log``,
``~/.local/state`` when unset). The file is kept short: only the newest entries stay.
"""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path

KEEP_BYTES = 256 * 1024
"""The log is cut to its newest half when it grows past this."""


def errors_file() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "gmconsole" / "errors.log"


def note_error(exc: BaseException, doing: str) -> Path | None:
    """Append `exc`'s traceback with what was being done; the file, or None if it cannot be
    written (the error line then says so, and the console still runs)."""
    path = errors_file()
    entry = (
        f"--- {datetime.now().isoformat(timespec='seconds')} while {doing}\n"
        + "".join(traceback.format_exception(exc))
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > KEEP_BYTES:
            text = path.read_text(encoding="utf-8", errors="replace")
            path.write_text(text[len(text) // 2 :], encoding="utf-8")
        with path.open("a", encoding="utf-8") as out:
            out.write(entry)
    except OSError:
        return None
    return path
