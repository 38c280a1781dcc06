"""The session's state and the one way it changes: a draft committed as an event.

Every intent works on *copies* (`Draft`) of the entities it touches, so a refusal halfway
leaves nothing changed. `SessionState.commit` then compares each copy with the current entity,
records before/after snapshots as the event's `changes` and `save`s the event: the changed
files are staged, the event appended to the log, the files renamed into place (the log first,
see `journal`), then the new models swapped into memory and the event recorded for undo.
Undo and redo replay the `after` snapshots of the compensating event through the same path.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gmconsole.engine import limits
from gmconsole.engine.encounter import Combatant, Encounter, EncounterError
from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.engine.events import Change, Event, EventKind, History
from gmconsole.engine.plain import plain
from gmconsole.engine.roster import Character
from gmconsole.engine.turn_order import RoundContext, TurnOrder
from gmconsole.store import journal
from gmconsole.store.files import over_limits
from gmconsole.store.log import LogWriter
from gmconsole.store.models import (
    Campaign,
    dump_snapshot,
    file_of_path,
    from_snapshot,
    kind_of_path,
    snapshot,
)
from gmconsole.store.problems import Problem, ReadOnlyError, error_text
from gmconsole.store.sharing import SnapshotPool, fingerprint, table_list
from gmconsole.store.toml_blocks import BlockWriter
from gmconsole.store.watch import Watch
from gmconsole.systems.base import GameSystem, Scene

STATS_KEPT = 4096
"""Stats `stat_of` remembers before starting afresh: far more distinct sheets than a fight has."""


def _reason(exc: OSError) -> str:
    """What the disk said, without Python's `[Errno 28]` prefix."""
    return exc.strerror or str(exc)


def _first_file(changes: list[Change]) -> str:
    return str(file_of_path(changes[0].path)) if changes else "the log"


class StoreError(GmConsoleError):
    """A file could not be written (disk full, permissions); nothing was changed, unless
    `nothing_changed` is False (the message then says what was kept)."""

    nothing_changed = True


@dataclass(frozen=True)
class Target:
    """Whoever a GM named: a combatant of the active encounter and/or a roster character."""

    name: str
    sheet: BaseModel
    """The system's validated sheet model."""
    combatant: Combatant | None = None
    slug: str | None = None
    """The roster slug whose file holds the sheet; None for a spawned creature's inline sheet."""

    @property
    def key(self) -> str:
        """The id events use: the combatant id in a fight, else the roster slug."""
        if self.combatant is not None:
            return self.combatant.id
        return self.slug or self.name


def rules_message(exc: ValidationError) -> str:
    """A pydantic error as one readable line."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        parts.append(f"{where}: {error_text(err)}" if where else error_text(err))
    return "; ".join(parts)


class Draft:
    """Working copies of the entities one intent changes, by entity path."""

    def __init__(self, state: SessionState) -> None:
        self._state = state
        self.models: dict[str, BaseModel | None] = {}
        self.before: dict[str, dict[str, Any] | None] = {}
        """The snapshot each working copy was made from (the change's `before`)."""

    def get(self, path: str) -> BaseModel | None:
        """A working copy of an entity, rebuilt from a snapshot of it (several times cheaper
        than a deep copy of a large encounter). Not from the change's `before` snapshot itself:
        validation keeps the nested tables and lists of free-form fields (`state`, `extra`,
        sheets) as they are, so a turn order appending to `state.popcorn.gone` in the copy
        would change `before` too, and undo would not put it back."""
        if path not in self.models:
            current = self._state.entity(path)
            self.before[path] = self._state.current_snapshot(path)
            self.models[path] = None if current is None else from_snapshot(path, snapshot(current))
        return self.models[path]

    def put(self, path: str, model: BaseModel | None) -> None:
        self.models[path] = model

    def campaign(self) -> Campaign:
        model = self.get("campaign")
        assert isinstance(model, Campaign)
        return model

    def character(self, slug: str) -> Character:
        model = self.get(f"roster/{slug}")
        if not isinstance(model, Character):
            raise RulesError(f"no roster entry {slug!r}")
        return model

    def encounter(self) -> Encounter:
        """The active encounter's copy (refused when no encounter is active)."""
        slug = self.campaign().encounter
        model = self.get(f"encounters/{slug}") if slug else None
        if not isinstance(model, Encounter):
            raise RulesError("no active encounter: start one with 'encounter NAME'")
        return model


class SessionState:
    """Attributes and transaction machinery shared by the intent mixins (see `Session`)."""

    path: Path
    campaign: Campaign
    system: GameSystem
    options: dict[str, Any]
    roster: dict[str, Character]
    encounters: dict[str, Encounter]
    problems: list[Problem]
    log: list[Event]
    log_writer: LogWriter
    """This console session's own log files (see `gmconsole.store.log`)."""
    watch: Watch
    """What each file was when this session read or wrote it (see `gmconsole.store.watch`)."""
    read_only: bool
    lock_holder: str | None
    read_only_why: str | None
    """Why the lock could not be taken (a read-only file system, a full disk), if so."""
    history: History
    rng: random.Random
    _bad: set[str]
    _turn_order: TurnOrder
    _writers: dict[str, BlockWriter]
    """Per entity path, the TOML blocks last written to its file (see `toml_blocks`)."""
    _pools: dict[str, SnapshotPool]
    _current: dict[str, tuple[BaseModel, dict[str, Any]]]
    """Per entity path, the model in memory and its shared snapshot (see `current_snapshot`)."""
    _stats: dict[tuple[Hashable, str], int]
    """Stats read by the turn order, by sheet content and name (see `stat_of`)."""

    # ------------------------------------------------------------------ reading

    @property
    def encounter(self) -> Encounter | None:
        """The active encounter, if any."""
        slug = self.campaign.encounter
        return self.encounters.get(slug) if slug else None

    @property
    def order(self) -> TurnOrder | None:
        """The system's turn order for the active encounter (None without one)."""
        return self._turn_order if self.encounter is not None else None

    def entity(self, path: str) -> BaseModel | None:
        """The current model at an entity path ("campaign", "roster/x", "encounters/y")."""
        if path == "campaign":
            return self.campaign
        folder, _, slug = path.partition("/")
        if folder == "roster":
            return self.roster.get(slug)
        if folder == "encounters":
            return self.encounters.get(slug)
        raise ValueError(f"not an entity path: {path!r}")

    def sheet_data(self, who: Combatant | Character) -> dict[str, Any] | None:
        """The sheet table of a combatant (its inline one, or its roster entry's) or a
        character, unvalidated; None when there is none (a missing roster file)."""
        if isinstance(who, Character) or who.sheet is not None:
            return who.sheet
        ref = self.roster.get(who.ref or "")
        return ref.sheet if ref is not None else None

    def sheet_of(self, who: Combatant | Character) -> BaseModel | None:
        """The validated sheet of a combatant (its roster entry's or its inline one) or a
        character; None when it cannot be had (a missing or unreadable roster file)."""
        data = self.sheet_data(who)
        if data is None:
            return None
        try:
            return self.system.parse_sheet(data)
        except (ValueError, GmConsoleError):
            return None

    def target_of(self, c: Combatant) -> Target | None:
        """`c` as a target, its sheet validated once; None when it has no usable sheet."""
        sheet = self.sheet_of(c)
        return None if sheet is None else Target(c.name, sheet, c, c.ref)

    def stat_of(self, c: Combatant, name: str) -> int:
        """A stat of a combatant as the system reads it (0 without a usable sheet).

        Remembered by the sheet's content (`fingerprint`), so a round of 2,000 goblins, whose
        turn order asks each one's stat up to three times, validates their one shared sheet
        once rather than 6,000 times. A stat is a function of the sheet's data alone, so a
        changed sheet is simply another entry; the validated sheet itself is not shared, as
        callers of `sheet_of` may change it."""
        data = self.sheet_data(c)
        if data is None:
            return 0
        key = (fingerprint(data), name)
        value = self._stats.get(key)
        if value is None:
            sheet = self.sheet_of(c)
            value = 0 if sheet is None else self.system.stat(sheet, name)
            if len(self._stats) >= STATS_KEPT:
                self._stats.clear()
            self._stats[key] = value
        return value

    def resolve(self, who: str) -> Target:
        """What a GM typed, as a target: a combatant of the active encounter first (id, name,
        unique prefix), then a roster entry (slug, name, unique prefix)."""
        enc = self.encounter
        if enc is not None:
            try:
                c = enc.find(who)
            except EncounterError as exc:
                if "ambiguous" in str(exc):
                    raise
            else:
                return self._combatant_target(c)
        slug = self.find_character(who)
        ch = self.roster[slug]
        sheet = self.sheet_of(ch)
        if sheet is None:
            raise RulesError(f"{ch.name}'s sheet is not valid for {self.system.name}")
        combatant = None
        if enc is not None:
            combatant = next((c for c in enc.combatants if c.ref == slug), None)
        return Target(ch.name, sheet, combatant, slug)

    def _combatant_target(self, c: Combatant) -> Target:
        target = self.target_of(c)
        if target is None:
            where = f"roster/{c.ref}.toml" if c.ref else "its inline sheet"
            raise RulesError(f"{c.name} has no usable sheet ({where} is missing or unreadable)")
        return target

    def find_character(self, who: str) -> str:
        """The roster slug for a slug, a name or a unique prefix of either."""
        key = who.strip().lower()
        if not key:
            raise RulesError("name someone")
        for slug, ch in self.roster.items():
            if slug == key or ch.name.lower() == key:
                return slug
        squashed = key.replace(" ", "")
        hits = [
            slug
            for slug, ch in self.roster.items()
            if slug.startswith(key) or ch.name.lower().replace(" ", "").startswith(squashed)
        ]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise RulesError(f"nobody called {who!r} in the encounter or the roster")
        raise RulesError(f"{who!r} is ambiguous: " + ", ".join(self.roster[s].name for s in hits))

    def scene(self, enc: Encounter | None, combatant: Combatant | None = None) -> Scene:
        """What a system hook may see: the draft encounter (changes to it are saved with the
        event), the combatant, the dice and the campaign's options."""
        return Scene(rng=self.rng, encounter=enc, combatant=combatant, options=dict(self.options))

    def round_context(self, dice: list[int] | None = None) -> RoundContext:
        """Dice (typed first, then the session's rng) and stats for the turn order."""
        enc = self.encounter
        present = {c.ref for c in enc.combatants} if enc is not None else set()
        bystanders = [
            Combatant(id=f"roster:{slug}", name=ch.name, side=ch.default_side, ref=slug)
            for slug, ch in self.roster.items()
            if slug not in present and not ch.template
        ]
        return RoundContext(rng=self.rng, dice=list(dice or []), stat=self.stat_of, bystanders=bystanders)

    # ------------------------------------------------------------------ writing

    def require_writable(self) -> None:
        """Refuse an intent on a read-only session, saying why."""
        if not self.read_only:
            return
        if self.lock_holder:
            raise ReadOnlyError(
                f"read-only: {self.lock_holder} has this campaign open; close it there to make changes"
            )
        if getattr(self, "read_only_why", None):
            raise ReadOnlyError(f"read-only: {self.read_only_why}")
        raise ReadOnlyError("read-only: this campaign was opened read-only; reopen it to make changes")

    def guarded(self, fn: Callable[[], Any]) -> Any:
        """Run `fn`, turning the engine's pydantic complaints into `RulesError`s."""
        try:
            return fn()
        except ValidationError as exc:
            raise RulesError(rules_message(exc)) from exc

    def commit(
        self,
        draft: Draft,
        kind: EventKind,
        text: str,
        *,
        who: str | None = None,
        data: dict[str, Any] | None = None,
    ) -> Event:
        """Turn a finished draft into a saved, logged, undoable event (see module docstring)."""
        changes: list[Change] = []
        for path, model in draft.models.items():
            before = draft.before[path] if path in draft.before else self.current_snapshot(path)
            after = self.pool(path).share(None if model is None else snapshot(model))
            if before != after:
                changes.append(Change(path=path, before=before, after=after))
        event = Event(kind=kind, text=text, who=who, data=data or {}, changes=changes)  # plain: see record
        self.save(event)
        self.history.record(event)
        return event

    def save(self, event: Event) -> None:
        """Save an event: its changed files and its log entry, the log first (see `journal`),
        then update memory. All or nothing as far as the disk allows: a refusal raises
        `StoreError` with every file and the log as they were. Bad files are never written,
        nor files changed on disk since this session read them (see `watch`)."""
        changes = event.changes
        for change in changes:
            if change.path in self._bad:
                raise RulesError(
                    f"{file_of_path(change.path)} could not be read when the campaign opened; "
                    "fix it by hand (see problems) and reopen before changing it"
                )
        models = [(c, None if c.after is None else self._validated(c.path, c.after)) for c in changes]
        self.watch.refuse_changed([c.path for c in changes])
        texts = [
            (c.path, None if c.after is None else
             dump_snapshot(c.after, kind_of_path(c.path), self._writer(c.path)).encode("utf-8"))
            for c in changes
        ]
        for change, (path, data) in zip(changes, texts, strict=True):
            self._refuse_over_limits(path, data, change.after)
        targets = [(self.path / file_of_path(path), data) for path, data in texts]
        if changes:
            try:
                staged = journal.stage(event.id, targets)
            except OSError as exc:
                raise StoreError(f"could not save {_first_file(changes)}: {_reason(exc)}") from exc
            try:
                self.record(event)
            except BaseException:
                staged.discard()
                raise
            try:
                staged.finish()
            except OSError as exc:
                self._unsave(staged, exc)
        else:
            self.record(event)
        for (change, model), (path, data) in zip(models, texts, strict=True):
            self._put(change.path, model)
            if model is None:
                self._current.pop(change.path, None)
            else:
                self._current[change.path] = (model, change.after)
            self.watch.saved(path, data)

    def _refuse_over_limits(self, path: str, data: bytes | None, after: dict[str, Any] | None) -> None:
        """Refuse a file the loader would refuse (see `engine.limits`): written, its entity
        would vanish at the next open."""
        if data is None:
            return
        shown = file_of_path(path)
        why = over_limits(shown, data)
        if why is None and after is not None and path.startswith("encounters/"):
            count = len(after.get("combatants") or ())
            if count > limits.COMBATANTS:
                why = f"{count:,} combatants, over the {limits.COMBATANTS:,} an encounter may hold"
        if why is not None:
            raise RulesError(f"not saved: {shown} would be {why} (see the README's limits), "
                             "and could not be read back")

    def _unsave(self, staged: journal.Staged, failure: OSError) -> None:
        """The log took the event but a file could not be renamed into place: take the log's
        append back and put the renamed files back, so "nothing changed" is true. If even that
        is refused, the session turns read-only and the next open settles it (`journal`)."""
        try:
            self.log_writer.take_back()
            if self.log:
                self.log.pop()
            staged.put_back()
        except OSError as exc:  # staging files kept: the next open settles them
            self.read_only = True
            self.read_only_why = (f"could not finish saving ({_reason(failure)}), nor take it back "
                                  f"({_reason(exc)}); reopen the campaign, which settles it")
            partial = StoreError(self.read_only_why)
            partial.nothing_changed = False
            raise partial from exc
        staged.discard()
        failed = staged.targets[min(len(staged.renamed), len(staged.targets) - 1)][0]
        raise StoreError(f"could not save {failed.relative_to(self.path).as_posix()}: "
                         f"{_reason(failure)}") from failure

    def record(self, event: Event) -> None:
        """Append an event to this session's log file and to `.log` (no entity changes).

        Its data is normalised first (plain types, None dropped), and `.log` keeps it as the
        file does (`Event.compact`: changed leaves, no snapshots), so the event in memory equals
        the one a later session reads back, and a long session's log holds no encounter
        snapshots: the undo history keeps those, and only its last 500 events."""
        event.data = plain(event.data)
        logged = event.compact()
        try:
            self.log_writer.append(logged)
        except OSError as exc:
            raise StoreError(f"could not append to the log: {_reason(exc)}") from exc
        self.log.append(logged)

    def current_snapshot(self, path: str) -> dict[str, Any] | None:
        """The snapshot of an entity as it is in memory, shared through its pool: the one it
        was saved from when this session made it (a turn then neither dumps the encounter again
        for its `before` nor compares its entries afresh), else dumped now."""
        model = self.entity(path)
        if model is None:
            return None
        known = self._current.get(path)
        if known is not None and known[0] is model:
            return known[1]
        snap = self.pool(path).share(snapshot(model))
        assert snap is not None
        self._current[path] = (model, snap)
        return snap

    def _validated(self, path: str, snap: dict[str, Any]) -> BaseModel:
        """The model of a snapshot about to be saved, validated (what the engine did to its
        working copy is checked before anything is written). The entries it shares with the
        snapshot of the model in memory were validated when that model was: their models are
        reused (`from_snapshot`), so a turn validates what it changed."""
        reuse: dict[int, BaseModel] = {}
        model = self.entity(path)
        prev = self.current_snapshot(path)
        if model is not None and prev is not None:
            for key, value in prev.items():
                subs = getattr(model, key, None)
                if table_list(value) and isinstance(subs, list) and len(subs) == len(value):
                    reuse.update(zip(map(id, value), subs, strict=True))
        model = from_snapshot(path, snap, reuse)
        self._check_sheets(path, snap, prev)
        return model

    def _check_sheets(self, path: str, snap: dict[str, Any], prev: dict[str, Any] | None) -> None:
        """Every sheet the change touches, validated by the system as the loader will read it
        at the next open: whatever a system's own code did (20,000 damage, a million XP), a
        sheet its model refuses is never written, so no PC vanishes from the next session.
        Sheets equal to the ones in memory were validated when they were read."""
        if path.startswith("roster/"):
            before = (prev or {}).get("sheet")
            sheets = [] if snap.get("sheet") == before else [("sheet", snap.get("sheet"))]
        elif path.startswith("encounters/"):
            old = {c.get("id"): c.get("sheet") for c in (prev or {}).get("combatants", [])}
            sheets = [
                (f"{c.get('name')}'s sheet", c["sheet"])
                for c in snap.get("combatants", [])
                if c.get("sheet") is not None and c["sheet"] != old.get(c.get("id"))
            ]
        else:
            return
        for where, data in sheets:
            if data is None:
                continue
            try:
                self.system.parse_sheet(data)
            except ValidationError as exc:
                raise RulesError(
                    f"{file_of_path(path)}: {where} would not load again ({rules_message(exc)}); "
                    "nothing was saved"
                ) from exc
            except (ValueError, TypeError, GmConsoleError) as exc:
                shown = file_of_path(path)
                raise RulesError(f"{shown}: {where} would not load again ({exc}); nothing was saved") from exc

    def _writer(self, path: str) -> BlockWriter:
        writer = self._writers.get(path)
        if writer is None:
            writer = self._writers[path] = BlockWriter()
        return writer

    def pool(self, path: str) -> SnapshotPool:
        """Where an entity's snapshots share their unchanged entries (see `sharing`)."""
        pool = self._pools.get(path)
        if pool is None:
            pool = self._pools[path] = SnapshotPool()
        return pool

    def _put(self, path: str, model: BaseModel | None) -> None:
        if path == "campaign":
            assert isinstance(model, Campaign)
            self.campaign = model
            return
        folder, _, slug = path.partition("/")
        target: dict[str, Any] = self.roster if folder == "roster" else self.encounters
        if model is None:
            target.pop(slug, None)
        else:
            target[slug] = model
        ordered = sorted(target.items())
        target.clear()
        target.update(ordered)
