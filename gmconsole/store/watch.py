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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmconsole.engine.errors import RulesError
from gmconsole.store.files import Stamp, digest, read_regular
from gmconsole.store.models import file_of_path
from gmconsole.store.problems import FileProblem, Problem

if TYPE_CHECKING:
    from pydantic import BaseModel

    from gmconsole.store.session import Session

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


def refresh(session: Session) -> list[str]:
    """Read again every watched file that changed on disk since `session` last saw it, and
    return them (relative paths, sorted; empty when nothing changed). See `Session.refresh_from_disk`."""
    from gmconsole.engine.events import History
    from gmconsole.store.folder import campaign_tables, load_campaign_file, load_entity, resolve_options
    from gmconsole.store.problems import CampaignError

    changed = session.watch.changes()
    if not changed:
        return []
    root = session.path
    stamps: dict[str, Stamp] = {}
    for rel in changed:
        session.watch.seen(rel, None)  # what is read below stamps it again
    if CAMPAIGN_FILE in changed:
        try:
            campaign, system, text = load_campaign_file(root, stamps)
        except CampaignError as exc:  # a conflict, a typo: keep the one in memory, never write it
            session._bad.add("campaign")
            _set_problems(session, CAMPAIGN_FILE, [exc.problem] if exc.problem else [])
        else:
            if system.id != session.system.id:  # another game entirely: read everything again
                session._load()
                return changed
            options, problems = resolve_options(campaign, system, text)
            session.campaign, session.options = campaign, options
            session._turn_order = system.turn_order(options)
            session._bad.discard("campaign")
            session._current.pop("campaign", None)
            _set_problems(session, CAMPAIGN_FILE, problems)
    entities = False
    for rel in changed:
        folder, _, name = rel.partition("/")
        if folder in ("roster", "encounters"):
            entities = True
            _reread_entity(session, folder, name.removesuffix(".toml"), rel, stamps, load_entity)
    if any(rel.startswith("tables/") for rel in changed):
        tables, problems = campaign_tables(root, stamps)
        session._campaign_tables = tables
        session._tables = None
        _set_problems(session, "tables/", problems, prefix=True)
    for rel, stamp in stamps.items():
        session.watch.seen(rel, stamp)
    if entities or CAMPAIGN_FILE in changed:
        session.history = History()  # an undo must not write back over what came from outside
    return changed


def _reread_entity(session: Session, folder: str, slug: str, rel: str, stamps: dict[str, Stamp],
                   load_entity: Callable[..., tuple[BaseModel, bool]]) -> None:
    """One roster or encounter file read again: its model replaced (or gone, or set aside as
    bad with its problems), and what the session kept about the old one forgotten."""
    entity_path = f"{folder}/{slug}"
    target: dict[str, Any] = session.roster if folder == "roster" else session.encounters
    for cache in (session._current, session._pools, session._writers):
        cache.pop(entity_path, None)
    session._stats.clear()
    target.pop(slug, None)
    session._bad.discard(entity_path)
    session.migrated.discard(entity_path)
    problems: list[Problem] = []
    if os.path.lexists(session.path / rel):
        try:
            model, migrated = load_entity(session.path, entity_path, session.system, stamps)
        except FileProblem as exc:
            problems = exc.problems
        else:
            expected = session._turn_order.id
            order = getattr(model, "order", expected)
            if folder == "encounters" and order != expected:
                why = f"order: {order!r} is not this campaign's turn order ({expected!r})"
                problems = [Problem(rel, 1, why)]
            else:
                target[slug] = model
                if migrated:
                    session.migrated.add(entity_path)
        if problems:
            session._bad.add(entity_path)
    ordered = sorted(target.items())
    target.clear()
    target.update(ordered)
    _set_problems(session, rel, problems)


def _set_problems(session: Session, path: str, problems: list[Problem], *, prefix: bool = False) -> None:
    """Replace the problems reported for one file (or, with `prefix`, one folder) in place:
    panes may hold the list."""
    kept = [p for p in session.problems if not (p.path.startswith(path) if prefix else p.path == path)]
    session.problems[:] = kept + problems
