"""The Session: the only thing the TUI and the CLI call to read or change a campaign.

A session is one open campaign folder: its models in memory, the lock that makes this process
the only writer, and the intents a GM uses at the table. Every intent validates fully first,
then appends the event to the log and saves the changed entity files atomically (the log
first: see `journal`), records it for undo and returns it; a refusal raises `RulesError` and
changes nothing, in memory or on disk. Reading never raises for one bad file: it lands in `problems`.

The intents live in mixins by subject (`combat`, `roster_ops`); the transaction machinery is
in `state`. This module adds opening and closing, dice, tests, tables, undo/redo and the
command line.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.engine.events import Event, EventKind, History
from gmconsole.engine.names import unsafe_character
from gmconsole.engine.plain import plain
from gmconsole.store import commands
from gmconsole.store.chronicle import ChronicleIntents
from gmconsole.store.collector import collector_paused
from gmconsole.store.exchange import ExchangeIntents
from gmconsole.store.folder import CAMPAIGN_FILE, load_campaign_file, load_folder, system_reference_tables
from gmconsole.store.journal import recover
from gmconsole.store.lock import CampaignLock, LockUnavailable
from gmconsole.store.log import LOG_PAGE, LogPages, LogWriter
from gmconsole.store.party import PartyIntents
from gmconsole.store.roster_ops import RosterIntents
from gmconsole.store.state import Target
from gmconsole.store.watch import Watch

if TYPE_CHECKING:
    from gmconsole.engine.tables import Table

__all__ = ["Session", "Target"]


class Session(PartyIntents, RosterIntents, ExchangeIntents, ChronicleIntents):
    """One open campaign (see the module docstring and notes/SESSION_API.md).

    `log` holds the events read so far, oldest first, then this session's. Opening reads only
    the newest day files, at least `LOG_PAGE` events (or all of them when there are fewer), so
    a campaign played for years opens as fast as a new one; `load_earlier_log` puts older day
    files in front of `log` when they are wanted (the dice log scrolled back), and
    `log_complete` says when there are none left. A bad older file becomes a problem when it
    is read. Earlier events are only ever put in front: a caller that remembered `len(log)`
    must not load earlier events between measuring and slicing (intents never do).
    """

    def __init__(self, path: Path, *, rng: random.Random | None = None, read_only: bool = False) -> None:
        """Use `Session.open`; this loads the folder without taking the lock."""
        self.path = Path(path)
        self.read_only = read_only
        self.lock_holder = None
        self.read_only_why: str | None = None
        self.rng = rng if rng is not None else random.Random()
        self._lock: CampaignLock | None = None
        self._load()

    def _load(self) -> None:
        loaded = load_folder(self.path, system_tables=False)
        self.path = loaded.root
        self.campaign = loaded.campaign
        self.system = loaded.system
        self.options = loaded.options
        self.roster = loaded.roster
        self.encounters = loaded.encounters
        self._campaign_tables = loaded.tables
        self._tables: list[Table] | None = None
        self.problems = loaded.problems
        self._bad = loaded.bad
        self.migrated = loaded.migrated
        """Entity paths read from an older schema_version (rewritten when they next change)."""
        self.watch = Watch(self.path, loaded.stamps)
        self._log_pages = LogPages(self.path)
        if getattr(self, "log_writer", None) is None:  # kept when the folder is read again
            self.log_writer = LogWriter(self.path)
        events, log_problems = self._log_pages.read_back(LOG_PAGE)
        self.log = events
        self.problems += log_problems
        self.history = History()
        self._turn_order = self.system.turn_order(self.options)
        self._writers = {}
        self._pools = {}
        self._current = {}
        self._stats = {}

    # ------------------------------------------------------------------ open / close

    @classmethod
    def open(cls, path: str | Path, *, rng: random.Random | None = None, read_only: bool = False) -> Session:
        """Load a campaign folder and take its lock. When another live process holds the lock,
        the session opens read-only and `lock_holder` says who ("pid 123 on host"); when the
        lock cannot be written at all (a read-only file system, a full disk) it opens read-only
        and `read_only_why` says why. Raises `CampaignError` only when campaign.toml itself is
        unusable."""
        if not (Path(path) / CAMPAIGN_FILE).is_file():
            load_campaign_file(Path(path))  # raises the "not a campaign folder" error
        lock = None if read_only else CampaignLock(Path(path))
        holder, why = None, None
        if lock is not None:
            try:
                holder = lock.acquire()
            except LockUnavailable as exc:
                lock, why = None, str(exc)
        try:
            if lock is not None and holder is None:
                recover(Path(path))  # a change a killed console left half-saved (see `journal`)
            session = cls(Path(path), rng=rng, read_only=read_only or holder is not None or why is not None)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session.read_only_why = why
        if holder is not None:
            session.lock_holder = str(holder)
        elif lock is not None:
            session._hold(lock)
        return session

    def _hold(self, lock: CampaignLock) -> None:
        self._lock = lock
        # a session dropped without close() still frees the lock when collected or at exit
        self._release_at_exit = weakref.finalize(self, lock.release)

    def reload(self) -> None:
        """Read the folder again (after a bad file was fixed by hand, or to see what the lock
        holder changed). A session read-only because of someone else's lock (or because the
        lock could not be written) tries to take it now and becomes writable when it can.
        Undo history starts afresh."""
        if self.read_only and (self.lock_holder is not None or self.read_only_why is not None):
            lock = CampaignLock(self.path)
            try:
                holder = lock.acquire()
            except LockUnavailable as exc:
                self.read_only_why = str(exc)
            else:
                if holder is None:
                    recover(self.path)
                    self._hold(lock)
                    self.read_only, self.lock_holder, self.read_only_why = False, None, None
                else:
                    self.lock_holder = str(holder)
        self._load()

    def refresh_from_disk(self) -> list[str]:
        """Read again the campaign, roster, encounter and table files that changed on disk
        since this session read or wrote them (a `git pull`, an editor, the lock holder's
        saves seen from a read-only console), and return them (relative paths; empty when
        none did). The console calls it every few seconds and redraws when something came in.
        Nothing of this session's is ever pending on a file (every change is saved at once),
        so what is on disk wins; a file now holding conflict markers becomes a problem and is
        never written until it is fixed. Undo history starts afresh when an entity changed, so
        an undo never writes back over what came from outside. See `gmconsole.store.watch`."""
        from gmconsole.store.watch import refresh

        return refresh(self)

    @classmethod
    def create(
        cls, path: str | Path, *, name: str, system_id: str, rng: random.Random | None = None
    ) -> Session:
        """Make a new campaign folder (see `create_campaign`) and open it."""
        from gmconsole.store.campaigns import create_campaign

        create_campaign(Path(path), name=name, system_id=system_id)
        return cls.open(path, rng=rng)

    def close(self) -> None:
        """Release the lock (if this session holds it). Everything is already saved."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ the log, a page at a time

    @property
    def log_complete(self) -> bool:
        """Whether `log` holds every event of the campaign (no older log file left unread)."""
        return self._log_pages.complete

    @property
    def log_unread_days(self) -> int:
        """How many older log files are not in `log` yet."""
        return len(self._log_pages.unread)

    def load_earlier_log(self, min_events: int = LOG_PAGE) -> int:
        """Read older log files, newest first and whole, until at least `min_events` more
        events came in or none is left; they go in front of `log` (the same list, so panes
        holding it see them) and their files' problems join `problems`. Returns how many
        events came in. An event already in `log` is not added twice (a clock set back
        could have this session append to a day file that was still unread)."""
        events, problems = self._log_pages.read_back(min_events)
        self.problems += problems
        if events:
            known = {e.id for e in self.log}
            events = [e for e in events if e.id not in known]
            self.log[:0] = events
        return len(events)

    # ------------------------------------------------------------------ dice and tests

    def roll(
        self,
        expr: str,
        *,
        who: str | None = None,
        dice: Sequence[int] | None = None,
        label: str | None = None,
    ) -> Event:
        """Roll a dice expression (or use the typed `dice`); data is the dice result's JSON."""
        from gmconsole.engine.dice import render_json
        from gmconsole.engine.dice import roll as roll_dice

        self.require_writable()
        key = who
        if who:
            try:
                target = self.resolve(who)
                key, who = target.key, target.name
            except RulesError:
                pass  # a free label ("GM", "the trap") is fine for a plain roll
        try:
            result = roll_dice(expr, rng=self.rng, dice=list(dice) if dice is not None else None)
        except ValueError as exc:
            raise RulesError(str(exc)) from exc
        heading = label or who
        text = f"{heading}: {result}" if heading else str(result)
        data = {"expr": expr, "label": label, "result": render_json(result)}
        event = Event(kind=EventKind.ROLL, text=text, who=key, data=plain(data))
        self.record(event)
        return event

    # ------------------------------------------------------------------ tables

    @property
    def tables(self) -> list[Table]:
        """The system's reference tables, then the campaign's own (`tables/*.toml`, last so
        they win a name). The campaign's are read at open, so their problems are reported with
        the rest; the system's book tables are built on first use, because only the reference
        pane, `roll table` and table search need them and a GM at 80x24 may never open that
        pane. A broken system data file joins `problems` then."""
        if self._tables is None:
            found, problems = system_reference_tables(self.system)
            self.problems += problems
            self._tables = [*found, *self._campaign_tables]
        return self._tables

    @tables.setter
    def tables(self, tables: list[Table]) -> None:
        self._tables = list(tables)

    def find_table(self, name: str) -> Table:
        """A table by exact name (case-insensitive), else by unique prefix, else by any unique
        part of its name ("humanoid" finds "Hit location: humanoid")."""
        key = " ".join(name.lower().split())
        exact = [t for t in self.tables if t.name.lower() == key]
        if exact:
            return exact[-1]  # campaign tables come last and override the system's
        for matches in (str.startswith, str.__contains__):
            hits = [t for t in self.tables if matches(t.name.lower(), key)]
            names = sorted({t.name for t in hits})
            if len(names) == 1:
                return hits[-1]
            if len(names) > 1:
                shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
                raise RulesError(f"{name!r} is ambiguous: {shown}")
        raise RulesError(f"no table {name!r} (try part of its name; the Tables pane lists them)")

    def find_tables(self, query: str) -> list[Table]:
        """Tables matching `query` (name, columns or cells), best match first."""
        from gmconsole.engine.tables import search_tables

        return search_tables(self.tables, query)

    def roll_table(self, table_name: str, *, dice: Sequence[int] | None = None) -> Event:
        """Roll on a reference table (system or campaign); `{Other table}` references in the
        result are rolled on the session's tables. Data is the `TableRoll` as JSON."""
        from gmconsole.engine.tables import resolver_for

        self.require_writable()
        table = self.find_table(table_name)
        faces = list(dice) if dice is not None else None
        try:
            result = table.roll(self.rng, dice=faces, resolver=resolver_for(self.tables))
        except ValueError as exc:  # dice-language errors inside a result cell
            raise RulesError(str(exc)) from exc
        data = {"table": table.name, "result": plain(result)}
        event = Event(kind=EventKind.ROLL, text=result.summary(), data=data)
        self.record(event)
        return event

    # ------------------------------------------------------------------ undo / redo

    def undo(self) -> Event:
        """Undo this session's latest change with a compensating event (the log only grows)."""
        self.require_writable()
        if not self.history.can_undo:
            raise RulesError("nothing to undo")
        event = self.history.undo()
        try:
            self.save(event)
        except GmConsoleError:
            self.history.redo()  # put the stacks back; nothing was changed
            raise
        return event

    def redo(self) -> Event:
        """Re-apply the latest undone change, as a new event."""
        self.require_writable()
        if not self.history.can_redo:
            raise RulesError("nothing to redo")
        event = self.history.redo()
        try:
            self.save(event)
        except GmConsoleError:
            self.history.undo()
            raise
        return event

    # ------------------------------------------------------------------ the command line

    def _is_name(self, text: str) -> bool:
        try:
            self.resolve(text)
        except GmConsoleError:
            return False
        return True

    def _is_source(self, text: str) -> bool:
        try:
            self.find_character(text)
        except GmConsoleError:
            return False
        return True

    def execute(self, line: str) -> Event | list[Event] | None:
        """Run a command line: dice ("3d6+2") or a verb (see `commands.USAGE`). Several
        commands may be separated by ';' (a list of events comes back). None for nothing."""
        bad = unsafe_character(line)
        if bad is not None:  # an escape sequence pasted in must never become a name on screen
            raise commands.CommandError(f"the line holds a control character ({bad!r}): type it without")
        parts = [p for p in line.split(";") if p.strip()]
        if len(parts) > 1:
            return [e for p in parts for e in _as_list(self.execute(p))]
        with collector_paused():
            return self._execute_one(line)

    def _execute_one(self, line: str) -> Event | None:
        action = self._system_action(line)
        if action is not None:
            key, who, args = action
            rest, _switches, dice = commands.switch_tokens(key, list(args), only_dice=True)
            return self.perform(key, who, rest, dice=dice.get("dice"))
        verbs = [a.key for a in self.system.sheet_actions]
        command = commands.parse(line, self._is_name, self._is_source, verbs)
        if command is None:
            return None
        return self._run(command)

    def _system_action(self, line: str) -> tuple[str, str, list[str]] | None:
        """`ACTION WHO [ARGS...]` for the system's own actions (Torg `buyoff`, Myriad `rest`).
        WHO may have spaces: the longest leading run of words that names someone wins."""
        words = line.split()
        keys = {a.key for a in self.system.sheet_actions}
        if not words or words[0].lower() not in keys or words[0].lower() in commands.USAGE:
            return None
        rest = words[1:]
        for cut in range(len(rest), 0, -1):
            if self._is_name(" ".join(rest[:cut])):
                return words[0].lower(), " ".join(rest[:cut]), rest[cut:]
        raise RulesError(f"{words[0]}: name someone first ({self._action_usage(words[0].lower())})")

    def _action_usage(self, key: str) -> str:
        action = next(a for a in self.system.sheet_actions if a.key == key)
        return f"usage: {action.key} WHO {action.usage}".rstrip()

    def _run(self, command: commands.Command) -> Event:
        a: dict[str, Any] = command.args
        match command.verb:
            case "roll":
                return self.roll(a["expr"])
            case "table":
                return self.roll_table(a["name"])
            case "next":
                return self.next_turn(a.get("dice"))
            case "start":
                return self.start_encounter(a.get("dice"))
            case "prev":
                return self.prev_turn()
            case "hold":
                return self.hold(a["who"])
            case "ready":
                return self.ready(a["who"], a["trigger"])
            case "now":
                return self.act_now(a["who"], join=a["join"])
            case "delay":
                return self.delay(a["who"], a["after"])
            case "pick":
                return self.choose_next(a["who"])
            case "dmg":
                return self.damage(a["who"], a["amount"], a["kind"])
            case "heal":
                return self.heal(a["who"], a["amount"], a["kind"])
            case "cond":
                return self.add_condition(a["who"], a["name"], a["rounds"], a["expires"])
            case "uncond":
                return self.remove_condition(a["who"], a["name"])
            case "add":
                return self.add_combatant(a["source"], a["count"], side=a["side"], stats=a.get("stats"))
            case "add_group":
                return self.add_group(a.get("side"))
            case "remove":
                return self.remove_combatant(a["who"])
            case "out" | "in":
                return self.set_out(a["who"], command.verb == "out")
            case "check":
                req = self.typed_request(
                    a["who"],
                    a["option"],
                    difficulty=a["difficulty"],
                    modifiers=a["modifiers"],
                    switches=a.get("switches"),
                )
                if a.get("against"):
                    return self.aimed_check(
                        a["who"], req, a["against"], dice=a.get("dice"), target_dice=a.get("target_dice")
                    )
                if a.get("target_dice"):
                    raise commands.CommandError("target_dice= goes with a test 'at' a target")
                return self.check(a["who"], req, dice=a.get("dice"))
            case "hit":
                return self.hit(dice=a.get("dice"))
            case "declare":
                return self.declare(a["who"], a["trigger"])
            case "undo":
                return self.undo()
            case "redo":
                return self.redo()
            case "encounter":
                return self._encounter_verb(a["name"])
            case "end":
                return self.end_encounter()
            case "set":
                return self.set_encounter_option(a["key"], a["value"])
            case "calc":
                return self.calculate(a["key"], a["args"])
            case "gen":
                return self.generate(a["key"], a["args"], name=a["name"])
            case "public" | "private":
                return self.set_public(a["who"], command.verb == "public")
            case "recap":
                return self.recap(a.get("date"))
            case "commit":
                return self.git_commit(a.get("message"))
        raise commands.CommandError(f"unknown command {command.verb!r}")

    def _encounter_verb(self, name: str) -> Event:
        """`encounter NAME`: switch to it when it exists, else create it."""
        try:
            slug = self.find_encounter(name)
        except RulesError as exc:
            if "ambiguous" in str(exc):
                raise
            return self.new_encounter(name)
        return self.switch_encounter(slug)

    def completions(self, prefix: str) -> list[str]:
        """Whole-line completions for what has been typed, at any argument position (see
        `gmconsole.store.completion`)."""
        from gmconsole.store.completion import complete

        return complete(self, prefix)


def _as_list(result: Event | list[Event] | None) -> list[Event]:
    if result is None:
        return []
    return result if isinstance(result, list) else [result]
