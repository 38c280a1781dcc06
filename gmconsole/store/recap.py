"""A day's play, told from the log: the encounters and rounds fought, damage dealt and taken,
who fell, the best and worst rolls and the tables rolled on, as Markdown for `notes/`; and
the one-line summary a git commit of the session carries.

Pure functions over events: the session hands in the log, the names of the people in it and
the date; writing the note is the session's business (it never overwrites a GM's note).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gmconsole.engine.events import Event, EventKind

TOP = 3
"""Best and worst rolls listed."""


@dataclass
class DayStory:
    date: str
    events: int = 0
    first: str = ""
    last: str = ""
    encounters: dict[str, int] = field(default_factory=dict)
    """Encounter (slug) -> the highest round reached that day, in the order first met."""
    dealt: Counter[str] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    fell: list[tuple[str, str]] = field(default_factory=list)
    """(who, "down" or "dead") in the order they fell."""
    checks: list[Event] = field(default_factory=list)
    tables: Counter[str] = field(default_factory=Counter)
    rolls: int = 0


def dates(events: Iterable[Event]) -> list[str]:
    """The UTC dates the log has events on, oldest first."""
    return sorted({e.time[:10] for e in events})


def story(events: Sequence[Event], date: str) -> DayStory:
    """What happened on `date` (UTC), from the whole log (undone events left out)."""
    return tell(events, [e for e in events if e.time[:10] == date], date)


def since_last_commit(events: Sequence[Event]) -> DayStory:
    """What happened since the last commit made from the console (the whole log if none)."""
    commits = [i for i, e in enumerate(events) if _is_commit(e)]
    chosen = [e for e in events[commits[-1] + 1 if commits else 0 :] if not _is_commit(e)]
    date = chosen[-1].time[:10] if chosen else (events[-1].time[:10] if events else "")
    return tell(events, chosen, date)


def _is_commit(e: Event) -> bool:
    return e.kind == EventKind.NOTE and "commit" in e.data


def tell(events: Sequence[Event], chosen: Sequence[Event], date: str) -> DayStory:
    """The story of the `chosen` events; `events` is the whole log (undo events and the tests
    that hits follow may lie outside the chosen ones)."""
    undone = {e.undoes for e in events if e.kind == EventKind.UNDO and e.undoes}
    redone = {e.undoes for e in events if e.kind == EventKind.REDO and e.undoes}
    undone -= redone
    day = [e for e in chosen if e.id not in undone]
    out = DayStory(date=date, events=len(day))
    if not day:
        return out
    out.first, out.last = day[0].time[11:16], day[-1].time[11:16]
    checks = {e.id: e for e in events if e.kind == EventKind.CHECK}
    current: str | None = None
    for e in day:
        if e.kind == EventKind.ENCOUNTER and e.data.get("encounter"):
            current = str(e.data["encounter"])
            out.encounters.setdefault(current, 0)
        elif e.kind == EventKind.TURN:
            for notice in e.data.get("notices", []):
                if notice.get("kind") == "round" and current is not None:
                    number = _round_number(notice.get("text", ""))
                    out.encounters[current] = max(out.encounters.get(current, 0), number)
        elif e.kind == EventKind.DAMAGE and e.who:
            amount = e.data.get("amount")
            if isinstance(amount, int) and not e.data.get("held"):
                out.taken[e.who] += amount
                attack = checks.get(str(e.data.get("exchange", "")))
                if attack is not None and attack.who:
                    out.dealt[attack.who] += amount
            status = e.data.get("status")
            if status in ("down", "dead") and (e.who, status) not in out.fell:
                out.fell.append((e.who, str(status)))
        elif e.kind == EventKind.CHECK and isinstance(e.data.get("margin"), int):
            out.checks.append(e)
        elif e.kind == EventKind.ROLL:
            out.rolls += 1
            if e.data.get("table"):
                out.tables[str(e.data["table"])] += 1
    return out


def _round_number(text: str) -> int:
    words = text.split()
    return int(words[1]) if len(words) > 1 and words[0] == "Round" and words[1].isdigit() else 0


def _name(names: Mapping[str, str], who: str) -> str:
    return names.get(who, who)


def best_and_worst(s: DayStory) -> tuple[list[Event], list[Event]]:
    ranked = sorted(s.checks, key=lambda e: e.data["margin"])
    best = list(reversed(ranked[-TOP:]))
    worst = [e for e in ranked[:TOP] if e not in best]
    return best, worst


def markdown(s: DayStory, campaign: str, system: str, names: Mapping[str, str],
             encounter_names: Mapping[str, str]) -> str:
    """The recap as Markdown: headings a GM can edit, nothing that needs the console to read."""
    lines = [f"# {campaign}: session of {s.date}", ""]
    if not s.events:
        return "\n".join([*lines, "Nothing was logged on this day.", ""])
    lines += [f"{system}. {s.events} logged events, {s.first} to {s.last} UTC.", ""]
    if s.encounters:
        lines += ["## Encounters", ""]
        for slug, rounds in s.encounters.items():
            fought = f"{rounds} round{'s' if rounds != 1 else ''}" if rounds else "not started"
            lines.append(f"- {encounter_names.get(slug, slug)}: {fought}")
        lines.append("")
    if s.taken or s.dealt:
        # damage typed with dmg says who took it, not who dealt it: "dealt" counts hits that
        # followed an aimed test
        dealt = bool(s.dealt)
        lines += ["## Damage", "", "| Who | Dealt | Taken |" if dealt else "| Who | Taken |",
                  "|---|---|---|" if dealt else "|---|---|"]
        for who in sorted(set(s.taken) | set(s.dealt), key=lambda w: (-s.taken[w] - s.dealt[w], w)):
            row = f"| {s.dealt[who]} | {s.taken[who]} |" if dealt else f"| {s.taken[who]} |"
            lines.append(f"| {_name(names, who)} {row}")
        lines.append("")
    if s.fell:
        lines += ["## Who fell", ""]
        lines += [f"- {_name(names, who)} ({'dead' if how == 'dead' else 'down'})" for who, how in s.fell]
        lines.append("")
    best, worst = best_and_worst(s)
    if best:
        lines += ["## Best and worst rolls", ""]
        lines += [f"- Best: {e.text}" for e in best]
        lines += [f"- Worst: {e.text}" for e in worst]
        lines.append("")
    if s.tables or s.rolls:
        lines += ["## Dice and tables", ""]
        lines.append(f"- {s.rolls} roll{'s' if s.rolls != 1 else ''} at the command line or on tables")
        lines += [f"- {name}: rolled {n} time{'s' if n != 1 else ''}" for name, n in sorted(s.tables.items())]
        lines.append("")
    return "\n".join(lines)


def summary_line(s: DayStory, names: Mapping[str, str], encounter_names: Mapping[str, str]) -> str:
    """One line for a commit message: the date, rounds fought, who fell, the best roll."""
    parts = [f"Session {s.date}"]
    fights = [f"{encounter_names.get(k, k)} ({v} round{'s' if v != 1 else ''})"
              for k, v in s.encounters.items() if v]
    if fights:
        parts.append("; ".join(fights))
    if s.fell:
        parts.append("fell: " + ", ".join(_name(names, w) for w, _ in s.fell))
    best, _ = best_and_worst(s)
    if best:
        parts.append(f"best roll: {best[0].text.split(':')[0]} ({best[0].data['margin']:+d})")
    if len(parts) == 1:
        parts.append(f"{s.events} logged events")
    return ": ".join(parts[:1]) + ": " + "; ".join(parts[1:])
