"""TOML read the fast way wherever that is certainly the same document.

rtoml (Rust's `toml` crate) parses 3-4x faster than tomli: the log page a session reads at
open (a day of play, ~50 kB) in 0.8 ms against 3.3 ms, the shipped data files likewise.
`quick_toml` says when its answer is certainly tomli's; `loads` is tomli's `loads` with that
shortcut, for documents that are kept (a session's files, the systems' data files). Every
refusal and every report still comes from tomli, with its line.
"""

from __future__ import annotations

import re
from typing import Any

import tomli

try:  # optional: `quick_toml` says "not sure" without it, and tomli reads every file
    import rtoml
except ImportError:  # pragma: no cover - rtoml is a declared dependency
    rtoml = None

_EQUALS_ENDS_LINE = re.compile(r"=[ \t]*(?:#[^\n]*)?(?:\n|\Z)")
_EQUALS_STARTS_LINE = re.compile(r"\n[ \t]*=")
_OFFSET_DATETIME = re.compile(r"\d\d:\d\d:\d\d(?:\.\d+)?(?:[Zz]|[+-]\d\d:\d\d)(?=[\s,\]}#]|\Z)")
"""The time and offset of a TOML offset datetime written as a value: a value ends the line or
is followed by a space, `,`, `]`, `}` or a comment, where a time inside a string is followed
by its quote (the log's `time = "...Z"`). Meant to over-match (a false hit only costs the
exact path); it never misses a value. Twice as fast as matching from the date (0.5 ms over a
day of log)."""


def _rtoml_may_differ(text: str) -> bool:
    """Whether `text` holds what rtoml reads differently from tomli: a byte-order mark (rtoml
    skips it, tomli refuses it), a carriage return (rtoml keeps CR LF inside multi-line
    strings, tomli reads LF), or, in a document with an inline table, a line that starts or
    ends with `=`: inside `{ }` rtoml accepts a newline or a comment between a key and its `=`
    or between the `=` and the value (`{ hp =<newline> 5 }`), which TOML's grammar and tomli
    refuse. Meant to over-match (a `{` or `=` inside a string counts too): anything it flags
    just goes to tomli. The line scans only run with a `{` in the text: they cost 0.2 s of
    CPU over a 15 MB log (rtoml itself about 0.8 s), the `{` test 1 ms."""
    if "\r" in text or "\ufeff" in text:
        return True
    return "{" in text and bool(_EQUALS_ENDS_LINE.search(text) or _EQUALS_STARTS_LINE.search(text))


def quick_toml(text: str, *, kept: bool = False) -> dict[str, Any] | None:
    """The document of `text` if the fast parser accepts it, else None ("not sure"): a caller
    that only needs to know that a file is good (`gmconsole check`) tries this first and takes
    `read_toml`'s path on None, so every report still comes from tomli, with its line.

    rtoml (Rust's `toml` crate) parses the log 3x faster than tomli (100,000 events: 1.0 s of
    CPU against 3.3 s). It must never accept what tomli refuses, nor read a value differently,
    and it does not, outside what `_rtoml_may_differ` sends to tomli: checked over toml-test's and
    tomli's corpora (valid and invalid, TOML 1.0 and 1.1), every one-character edit of a log
    file, and mutated demo files (tests/store/test_quick_toml.py keeps the cases). rtoml
    refuses a few files tomli accepts (`1e400`, inline tables nested hundreds deep): those
    just take the exact path. rtoml gives offset datetimes a tzinfo of its own, equal to
    tomli's but not the same class, and what a session keeps must not depend on which parser
    read it: with `kept`, a document with an offset datetime (not one inside a string, as the
    log's times are) is left to tomli.
    """
    if rtoml is None or _rtoml_may_differ(text) or (kept and _OFFSET_DATETIME.search(text)):
        return None
    try:
        return rtoml.loads(text)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # any refusal (a Rust panic is a BaseException): the exact path decides
        return None


def loads(text: str) -> dict[str, Any]:
    """`tomli.loads`, taking `quick_toml`'s answer when it is certainly the same document
    (raises `tomli.TOMLDecodeError` as tomli does)."""
    doc = quick_toml(text, kept=True)
    return doc if doc is not None else tomli.loads(text)
