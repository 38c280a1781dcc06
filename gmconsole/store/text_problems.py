"""Text in a campaign that a terminal would act on, reported by `gmconsole check`.

The console and the shell commands show such text as visible escapes wherever it is printed
(`gmconsole.tui.terminal_text`, `gmconsole.cli.VisibleOutput`), so an OSC 52 in a campaign's
name cannot write the GM's clipboard. But a GM, or a teammate whose clone pushed it, should
also learn that it is there: `check` names each file and line holding a control character
(C0 other than tab and line breaks, DEL, C1 including U+009B CSI) or a text-direction
override (U+202A-202E, U+2066-2069, U+200E/F), whether typed raw (in a note) or written as a
TOML escape (``"\\u001b"`` in a table cell), and each file name holding one.

Only regular files inside the folder are read (no links, FIFOs or devices), each up to
`MAX_SCANNED_BYTES`; what is bigger or unreadable is left to the folder's own checks.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterator
from pathlib import Path

from gmconsole.engine.names import BIDI_CONTROLS, unsafe_character, visible
from gmconsole.store.problems import Problem

MAX_SCANNED_BYTES = 16 * 1024 * 1024
"""Files bigger than this are not scanned here (the loader refuses them with its own message)."""

LAYOUT = frozenset("\t\n\r")
"""Control characters that only lay text out: allowed in a file's text (a multi-line note)."""

SKIPPED_FOLDERS = frozenset({".git"})

_TOML_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([bfe]))")
_SHORT_ESCAPES = {"b": "\b", "f": "\f", "e": "\x1b"}


_ACTING = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]")
"""What `visible` escapes, but for tab and line breaks (`LAYOUT`), searched for in C: a long
campaign's log is tens of megabytes."""


def acting_character(text: str) -> str | None:
    """The first character of `text` a terminal would act on, tab and line breaks aside."""
    found = _ACTING.search(text)
    return None if found is None else found.group()


def text_problems(root: Path) -> list[Problem]:
    """Every file name and line in the campaign folder `root` holding text a terminal would act
    on, as `Problem`s whose path is joined to `root` as given (like `check_campaign`'s)."""
    root = Path(root)
    found: list[Problem] = []
    for path in _regular_files(root):
        relative = path.relative_to(root).as_posix()
        shown = (root / visible(relative)).as_posix()
        bad = unsafe_character(relative)  # a line break in a name forges a line of output
        if bad is not None:
            message = f"the file name holds {_named(bad)}, which a terminal would act on"
            found.append(Problem(shown, 1, message))
        if path.suffix not in (".toml", ".md"):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # the folder's own checks report an unreadable file
        for line, bad in _lines_with_controls(text, toml=path.suffix == ".toml"):
            found.append(Problem(shown, line, f"holds {_named(bad)}, which a terminal would act on"))
    return found


def _named(char: str) -> str:
    kind = "a text-direction override" if char in BIDI_CONTROLS else "a control character"
    return f"{kind} ({visible(char)})"


def _regular_files(root: Path) -> Iterator[Path]:
    """The regular files under `root` (no links, FIFOs or devices; no .git), sorted by path."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_FOLDERS)
        for name in sorted(files):
            path = Path(folder) / name
            try:
                info = path.lstat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_SCANNED_BYTES:
                yield path


def _lines_with_controls(text: str, toml: bool) -> Iterator[tuple[int, str]]:
    """(line number, the character) for each line holding one, raw or as a TOML escape. A TOML
    file's escapes count only when the parsed file holds such a character, so a literal
    string's backslashes (`'C:\\u001b'`) are not reported; the file is parsed again only
    when an escape could be one."""
    escaped = toml and _escaped_control(text) is not None and _parsed_holds_one(text)
    if not escaped and acting_character(text) is None:
        return
    for number, line in enumerate(text.split("\n"), 1):
        bad = acting_character(line)
        if bad is None and escaped:
            bad = _escaped_control(line)
        if bad is not None:
            yield number, bad


def _escaped_control(line: str) -> str | None:
    for found in _TOML_ESCAPE.finditer(line):
        start = found.start()
        backslashes = len(line[:start]) - len(line[:start].rstrip("\\"))
        if backslashes % 2:
            continue  # "\\u001b": an escaped backslash, then letters
        code, long_code, short = found.groups()
        try:
            char = _SHORT_ESCAPES[short] if short else chr(int(code or long_code, 16))
        except (ValueError, OverflowError):
            continue
        if acting_character(char) is not None:
            return char
    return None


def _parsed_holds_one(text: str) -> bool:
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return False
    return any(acting_character(s) is not None for s in _strings(data))


def _strings(value: object) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
