"""What goes wrong with a campaign folder, said the way an editor can jump to it.

Every file problem carries the file and the line (`roster/ayla.toml:7: hp: must be an
integer`), so a GM fixes it by hand in a text editor; the store never "repairs" a file itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.engine.names import visible


@dataclass(frozen=True)
class Problem:
    """One bad file (or bad part of one): shown in the console and by `gmconsole check`."""

    path: str
    """The file, relative to the campaign folder when it is inside it."""
    line: int
    message: str

    def __str__(self) -> str:
        """`path:line: message`, every control character shown as an escape: a file name
        holding a newline must not forge a second line of `gmconsole check`, nor a name
        holding an escape sequence act on the terminal."""
        return visible(f"{self.path}:{self.line}: {self.message}")


class FileProblem(GmConsoleError):
    """Reading one file failed; carries the `Problem`s so callers can collect them and go on."""

    def __init__(self, *problems: Problem) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


class CampaignError(GmConsoleError):
    """The campaign as a whole cannot be opened or created (no usable campaign.toml...)."""

    def __init__(self, message: str, problem: Problem | None = None) -> None:
        super().__init__(message)
        self.problem = problem


class ReadOnlyError(RulesError):
    """An intent on a campaign opened read-only (another process holds its lock)."""


def display_path(path: Path, root: Path | None) -> str:
    """`path` relative to the campaign folder when possible, with forward slashes."""
    if root is not None:
        try:  # the folder's links resolved, not the file's own: a link is shown where it is
            return (path.parent.resolve() / path.name).relative_to(root.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):
            pass
    return path.as_posix()


def error_text(err: Mapping[str, Any]) -> str:
    """One pydantic error's message without pydantic's own prefixes ("Value error, ...")."""
    if err.get("type") == "extra_forbidden":
        return "unknown key"
    message = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    return message
