"""Snapshots that share their unchanged entries with the snapshot before them.

Undo keeps every event's before and after snapshots (up to 500 events). A turn in a
500-goblin encounter rebuilt both from scratch: ~4,000 new dicts and lists per event that the
cyclic GC then walks in every full collection, which grew to 130 ms after 200 turns and made
the turn that triggered it the slow one. A `SnapshotPool` (one per entity path) hands back a
snapshot whose `[[combatants]]`/`[[steps]]` entries are the very objects of the previous
snapshot wherever their content is identical, so an event costs the entries that changed.
Comparing and diffing shared entries is then an identity check as well.

Entries are matched by `fingerprint`, not `==`: `==` holds between `1`, `1.0` and `True`, and
sharing such an entry would change what is saved. Shared entries are never mutated: working
copies are built from snapshots of their own (see `state.Draft`).
"""

from __future__ import annotations

import marshal
from collections.abc import Hashable
from typing import Any


def fingerprint(value: Any) -> Hashable:
    """Bytes that only identical plain data shares (types, key order and float bits included).

    `marshal` (format 2, no back-references) is the quickest C-speed encoding that decodes
    back to the value, so two values with the same bytes are the same data; equal data may
    still differ in bytes (an interned and a plain copy of one string), which only costs a
    miss. Values marshal refuses (dates, times) fall back to their `repr` (a str, so it never
    equals a marshal result)."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return repr(value)


def table_list(value: Any) -> bool:
    """Whether a top-level value is a list of tables: the part worth sharing entry by entry."""
    return isinstance(value, list) and bool(value) and all(type(v) is dict for v in value)


class SnapshotPool:
    """The entries of the last snapshot shared through it, by fingerprint."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, dict[str, Any]] = {}

    def share(self, snap: dict[str, Any] | None) -> dict[str, Any] | None:
        """`snap` with each entry of its top-level table lists replaced by an identical one the
        previous snapshot had (the lists are new; `snap` itself is not changed)."""
        if snap is None:
            return None
        seen: dict[Hashable, dict[str, Any]] = {}
        out = dict(snap)
        for key, value in snap.items():
            if not table_list(value):
                continue
            shared = []
            for entry in value:
                fp = fingerprint(entry)
                same = seen.get(fp)
                if same is None:
                    same = self._entries.get(fp, entry)
                    seen[fp] = same
                shared.append(same)
            out[key] = shared
        self._entries = seen
        return out
