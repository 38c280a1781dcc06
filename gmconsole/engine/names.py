"""Names that are safe to print: a name, side or condition a GM types (or a file holds) never
carries a control character or a text-direction override to the terminal.

An escape sequence in a combatant's name ("\\x1b[2J") would clear or repaint the GM's screen
each time the tracker draws it, and a right-to-left override would make a log line read
differently from what it says. Such names are refused where they enter (the command line, the
sheet form, a file on disk, reported as `path:line`), so every pane can print names as they are.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]")
"""Unicode's control characters (category Cc is exactly these two ranges) and the direction
controls, searched for in C: every name of a 500-goblin encounter is checked each time a
change to it is validated, and a loop over each character took half of that validation."""


def unsafe_character(text: str) -> str | None:
    """The first character of `text` a terminal would act on instead of print, if any."""
    found = _UNSAFE.search(text)
    return None if found is None else found.group()


def printable_name(text: str) -> str:
    """`text` unchanged, or ValueError naming the control character it holds."""
    bad = unsafe_character(text)
    if bad is not None:
        raise ValueError(f"a name cannot hold control characters (found {bad!r} in {text!r})")
    return text


Name = Annotated[str, AfterValidator(printable_name)]
"""A `str` field that refuses control characters (names, sides, condition names)."""


def visible(text: str) -> str:
    """`text` with every character a terminal would act on shown as a visible escape (``\\x1b``,
    ``\\u202e``): the one boundary where campaign text (a table cell, a log line from another
    clone, a note) becomes terminal output, so an OSC 52 in a file prints as letters instead of
    writing the GM's clipboard. Text without such characters comes back as it is."""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
