"""The files an open session holds, watched: nothing is written over what someone else changed.

An open console used to write over what `git pull` brought in: a teammate's `cond helena dazed
3` merged into the encounter was gone at the GM's next `next`, and a conflicted file was
"resolved" by the next write, markers and the other side lost. Now the session remembers a
`Stamp` (identity, size, times, hash) of every campaign, roster, encounter and table file as
it read or wrote it, and

- before any write, `refuse_changed` compares the file on disk with its stamp and refuses the
  change (`ChangedOnDisk`, naming the file) when another program changed it since;
- `changes` lists the files changed, added or removed on disk since, which the session reads
  again (`Session.refresh_from_disk`, polled by the console every few seconds) so the panes
  follow: nothing of ours is ever pending on a file (every change is saved at once), so what
  is on disk always wins. A file that now holds conflict markers becomes a reported problem
  and is never written until the GM resolves it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from gmconsole.engine.errors import RulesError
from gmconsole.store.files import Stamp, digest, read_regular
from gmconsole.store.models import file_of_path
from gmconsole.store.problems import FileProblem

WATCHED_FOLDERS = ("roster", "encounters", "tables")
CAMPAIGN_FILE = "campaign.toml"


class ChangedOnDisk(RulesError):
    """A change refused because its file changed on disk since the session read it."""


def listed(root: Path) -> list[str]:
    """campaign.toml and the TOML files of the watched folders, as relative paths."""
    out = [CAMPAIGN_FILE]
    for folder in WATCHED_FOLDERS:
        with contextlib.suppress(OSError):
            out += sorted(f"{folder}/{entry.name}" for entry in os.scandir(root / folder)
                          if entry.name.endswith(".toml") and not entry.name.startswith("."))
    return out


def stat_stamp(path: Path) -> Stamp | None:
    """A stamp from `stat` alone (its hash unknown), or None when nothing is there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return Stamp(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, b"")


class Watch:
    """What each watched file was when this session last read or wrote it."""

    def __init__(self, root: Path, stamps: dict[str, Stamp] | None = None) -> None:
        self.root = root
        self.stamps: dict[str, Stamp] = dict(stamps or {})
        """By relative path; a file that is not here is one this session believes absent."""

    def _differs(self, rel: str) -> bool:
        """Whether the file at `rel` is not what this session last saw there. A stat that
        differs with the same bytes (a checkout of the same text) updates the stamp."""
        known = self.stamps.get(rel)
        path = self.root / rel
        try:
            st = os.stat(path)
        except OSError:
            return known is not None
        if known is None:
            return True
        if known.same_stat(st):
            return False
        if known.digest:
            try:
                data, fst = read_regular(path, self.root)
            except FileProblem:
                return True
            if digest(data) == known.digest:
                self.stamps[rel] = Stamp.of(fst, data)
                return False
        return True

    def refuse_changed(self, entity_paths: list[str]) -> None:
        """Raise `ChangedOnDisk` naming the first file among these entities' that changed on
        disk since this session read or wrote it."""
        for entity_path in entity_paths:
            rel = file_of_path(entity_path)
            if self._differs(rel):
                raise ChangedOnDisk(
                    f"{rel} changed on disk since this console read it (a git pull? an editor?): "
                    "not written, so nothing of theirs is lost; it is read again in a moment, "
                    "then try again"
                )

    def saved(self, entity_path: str, data: bytes | None) -> None:
        """This session just wrote `data` to an entity's file (None: deleted it)."""
        rel = file_of_path(entity_path)
        if data is None:
            self.stamps.pop(rel, None)
            return
        try:
            st = os.stat(self.root / rel)
        except OSError:
            self.stamps.pop(rel, None)
            return
        self.stamps[rel] = Stamp.of(st, data)

    def changes(self) -> list[str]:
        """Files changed, added or removed on disk since last seen (relative paths, sorted)."""
        now = set(listed(self.root))
        return sorted(rel for rel in now | set(self.stamps) if self._differs(rel))

    def seen(self, rel: str, stamp: Stamp | None) -> None:
        """Remember what a file is now (after reading it again)."""
        if stamp is None:
            self.stamps.pop(rel, None)
        else:
            self.stamps[rel] = stamp
