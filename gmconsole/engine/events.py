"""Typed events with inverses, and the undo/redo history built on them.

Every change at the table (a roll, damage, healing, a condition, a turn advance, a roster edit)
becomes one `Event`. An event carries the entity snapshots it changed (`Change`: before and
after, by campaign path such as ``roster/ayla`` or ``encounters/ambush``), so its inverse is
exact and system-blind: swap before and after. Undo never rewrites history: it produces a new,
compensating event (`kind="undo"`) that is logged like any other, and redo does the same again.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from pydantic import Field

from gmconsole.engine.encounter import begins_round, without_plan
from gmconsole.engine.errors import RulesError
from gmconsole.engine.model import Model


class EventKind(StrEnum):
    ROLL = "roll"
    CHECK = "check"
    DAMAGE = "damage"
    HEAL = "heal"
    CONDITION = "condition"
    TURN = "turn"
    ENCOUNTER = "encounter"
    ROSTER = "roster"
    CAMPAIGN = "campaign"
    NOTE = "note"
    UNDO = "undo"
    REDO = "redo"


class Change(Model):
    """One entity's state before and after; None means it did not exist (created / deleted).

    In memory a change holds both whole snapshots, which is what makes undo exact. The log
    keeps only `compact()`: the leaves that changed, each once. A change read back from a log
    has those leaves and no snapshots (the log is a record, not an undo stack).
    """

    path: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    changed: dict[str, tuple[Any, Any]] | None = None
    """Leaves both sides have, by dotted key ("combatants.2.sheet.hp"): [from, to]."""
    added: dict[str, Any] | None = None
    """Leaves only the after side has: their value."""
    removed: dict[str, Any] | None = None
    """Leaves only the before side had: their value."""
    planned: bool = False
    """The change began (or took back) a round, and the turn order's plan for it (the steps,
    the pointer, each combatant's initiative) is left out of the leaves: it follows from the
    round's initiative rolls, which the event's data holds, so a round end of a big fight
    costs its rolls rather than every combatant and step written again."""
    created: bool = False
    deleted: bool = False

    @property
    def in_memory(self) -> bool:
        """Whether it holds its snapshots (made this session) rather than a log's leaves."""
        return self.before is not None or self.after is not None

    def inverted(self) -> Change:
        return Change(path=self.path, before=self.after, after=self.before)

    def compact(self) -> Change:
        """What the log keeps: the changed leaves only (a created entity is all leaves),
        without a new round's plan (see `planned`)."""
        if not self.in_memory:
            return self
        before, after = self.before or {}, self.after or {}
        both = self.before is not None and self.after is not None
        plan = both and self.path.startswith("encounters/") and begins_round(before, after)
        if plan:
            before, after = without_plan(before), without_plan(after)
        return Change(
            path=self.path,
            **sorted_leaves(leaf_diff(before, after)),
            planned=plan,
            created=self.before is None and self.after is not None,
            deleted=self.after is None and self.before is not None,
        )


def sorted_leaves(diff: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """`leaf_diff`'s entries ({from, to}, a missing or None side left out) as a logged change
    holds them: `changed` ([from, to]), `added` and `removed`, the empty ones left out. Also
    how an older log's leaves are read (see the log v2 migration)."""
    out: dict[str, dict[str, Any]] = {}
    for key, entry in diff.items():
        old, new = entry.get("from"), entry.get("to")
        if old is not None and new is not None:
            out.setdefault("changed", {})[key] = [old, new]
        elif new is not None:
            out.setdefault("added", {})[key] = new
        elif old is not None:
            out.setdefault("removed", {})[key] = old
    return out


_MISSING = object()


def leaf_diff(before: Any, after: Any, prefix: str = "") -> dict[str, Any]:
    """The leaves that differ between two snapshots, by dotted key.

    Tables are walked key by key and lists of equal length index by index, so one goblin's
    hit points changing in a 500-combatant encounter costs one line, not the encounter. A
    table or list equal to its counterpart is not walked at all: comparing 500 unchanged
    combatants with `==` runs in C, walking them leaf by leaf took 3.5 ms a turn. (A leaf is
    unchanged when it is the same object or `==`, so a NaN a GM typed is no phantom change.)
    """
    out: dict[str, Any] = {}
    _diff_into(out, before, after, prefix)
    return out


def _diff_into(out: dict[str, Any], before: Any, after: Any, prefix: str) -> None:
    if before is after or before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            _diff_into(out, before.get(key, _MISSING), after.get(key, _MISSING), f"{prefix}{key}.")
        return
    if isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after):
            for i, (b, a) in enumerate(zip(before, after, strict=True)):
                _diff_into(out, b, a, f"{prefix}{i}.")
            return
        if before and after:  # grown or shrunk: what is the same at both ends is left out
            _diff_resized(out, before, after, prefix)
            return
    entry = {}
    if before is not _MISSING:
        entry["from"] = before
    if after is not _MISSING:
        entry["to"] = after
    out[prefix.rstrip(".") or "."] = entry


def _diff_resized(out: dict[str, Any], before: list, after: list, prefix: str) -> None:
    """A list that gained or lost entries (a combatant added to a 50-strong encounter): the
    entries equal at the start and at the end are skipped, the rest compared index by index,
    and the entries only one side has are logged alone, so adding one goblin costs one
    goblin, not the encounter twice. Indices are the before list's for what was removed and
    the after list's for what was added or changed."""
    start = 0
    most = min(len(before), len(after))
    while start < most and (before[start] is after[start] or before[start] == after[start]):
        start += 1
    end = 0
    while end < most - start and (before[-1 - end] is after[-1 - end] or before[-1 - end] == after[-1 - end]):
        end += 1
    old, new = before[start : len(before) - end], after[start : len(after) - end]
    for i in range(min(len(old), len(new))):
        _diff_into(out, old[i], new[i], f"{prefix}{start + i}.")
    for i in range(len(new), len(old)):
        out[f"{prefix}{start + i}"] = {"from": old[i]}
    for i in range(len(old), len(new)):
        out[f"{prefix}{start + i}"] = {"to": new[i]}


def _new_id() -> str:
    return uuid.uuid4().hex[:12]


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Event(Model):
    """One thing that happened, as the dice log shows it and the day's log file keeps it."""

    id: str = Field(default_factory=_new_id)
    kind: EventKind
    text: str
    """One line a GM reads: "Orc 2 takes 5 (Shock 5, K)"."""
    who: str | None = None
    time: str = Field(default_factory=_now)
    data: dict[str, Any] = Field(default={})
    """Structured detail: dice and kept/dropped marks, modifiers, total, outcome, margin."""
    changes: list[Change] = Field(default=[])
    undoes: str | None = None
    """For undo/redo events: the id of the event being compensated or re-applied."""

    @property
    def reversible(self) -> bool:
        """Whether undo can take it back: it changed something and still holds the snapshots
        (events read back from a log file only hold diffs). A test is taken back even when it
        changed nothing: a GM who mis-rolled presses undo for that test, not for the turn
        before it, and an undone aimed test no longer offers its damage."""
        changed = bool(self.changes) or self.kind == EventKind.CHECK
        return changed and all(c.in_memory for c in self.changes)

    def compact(self) -> Event:
        """The event as the log keeps it: changes reduced to their changed leaves (the event
        itself when it holds no snapshot: a roll, a note, one read back from a file)."""
        if not any(c.in_memory for c in self.changes):
            return self
        return self.model_copy(update={"changes": [c.compact() for c in self.changes]})

    def inverse(self) -> Event:
        """The compensating event: same changes, reversed, marked as undoing this one."""
        return Event(
            kind=EventKind.UNDO,
            text=f"undo: {self.text}",
            who=self.who,
            changes=[c.inverted() for c in reversed(self.changes)],
            undoes=self.id,
        )


class History:
    """Undo and redo stacks over events; applying changes is the caller's job (the session
    swaps the entity snapshots in and saves them)."""

    def __init__(self, limit: int = 500) -> None:
        self._undo: list[Event] = []
        self._redo: list[Event] = []
        self.limit = limit

    def record(self, event: Event) -> None:
        """A fresh change: it can be undone, and anything undone before can no longer be redone."""
        if not event.reversible:
            return
        self._undo.append(event)
        del self._undo[: -self.limit]
        self._redo.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def peek_undo(self) -> Event | None:
        return self._undo[-1] if self._undo else None

    def undo(self) -> Event:
        """Pop the latest change and return its compensating event to apply and log."""
        if not self._undo:
            raise RulesError("nothing to undo")
        original = self._undo.pop()
        self._redo.append(original)
        return original.inverse()

    def redo(self) -> Event:
        """Re-apply the latest undone change, as a new event."""
        if not self._redo:
            raise RulesError("nothing to redo")
        original = self._redo.pop()
        self._undo.append(original)
        return Event(
            kind=EventKind.REDO,
            text=f"redo: {original.text}",
            who=original.who,
            changes=[c.model_copy() for c in original.changes],
            undoes=original.id,
            data=original.data,
        )
