"""A day's play, told from the log: the encounters and rounds fought, damage dealt and taken,
who fell, the best and worst rolls and the tables rolled on, as Markdown for `notes/`; and
the one-line summary a git commit of the session carries.

Pure functions over events: the session hands in the log, the names of the people in it and
the date; writing the note is the session's business (it never overwrites a GM's note).

What counts is what the rules did, whatever the system: a hit a system holds until the round
ends (System One) counts when it is made, with whoever made it; whoever went out counts as
fallen, whether a hit, a round's end (bleeding, held hits landing) or the GM put them out; a
roll that failed (an automatic failure on 96-00 included) is never a "best" roll, whatever its
margin. The log is another clone's text too: an event whose time is not a time is left out
rather than stopping every recap, an event dated in the future never becomes "the last day
played", and every line is passed through `visible`, so no control character reaches a
terminal that shows the note.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gmconsole.engine.events import Event, EventKind
from gmconsole.engine.names import visible

TOP = 3
"""Best and worst rolls listed."""
HITS = 30
"""Hits listed one by one (a longer fight says how many more)."""


@dataclass
class DayStory:
    """One day of play in the recap: its events, first and last times, and the fights in it."""

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
    hits: list[str] = field(default_factory=list)
    """Each hit as the system told it ("Brad takes 13 vs Toughness 8: wound +2, shock +3"):
    the damage table adds up what was rolled, this says what the rules made of it."""
    checks: list[Event] = field(default_factory=list)
    tables: Counter[str] = field(default_factory=Counter)
    rolls: int = 0


def day_of(e: Event) -> str | None:
    """The UTC date of an event ("2026-11-21"), or None when its time is not a time."""
    text = e.time if isinstance(e.time, str) else ""
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00")).date().isoformat()
    except ValueError:
        return None


def dates(events: Iterable[Event]) -> list[str]:
    """The UTC dates the log has events on, oldest first (events without a readable time left
    out)."""
    return sorted({d for e in events if (d := day_of(e)) is not None})


def last_day(events: Iterable[Event], today: str | None = None) -> str | None:
    """The last day played up to `today` (UTC, default now): an event dated in the future (a
    clock gone wrong, a hand-edited log) does not make every recap default to it."""
    today = today or dt.datetime.now(dt.UTC).date().isoformat()
    played = [d for d in dates(events) if d <= today]
    return played[-1] if played else None


def story(events: Sequence[Event], date: str) -> DayStory:
    """What happened on `date` (UTC), from the whole log (undone events left out)."""
    return tell(events, [e for e in events if day_of(e) == date], date)


def since_last_commit(events: Sequence[Event]) -> DayStory:
    """What happened since the last commit made from the console (the whole log if none)."""
    commits = [i for i, e in enumerate(events) if _is_commit(e)]
    chosen = [e for e in events[commits[-1] + 1 if commits else 0 :] if not _is_commit(e)]
    days = dates(chosen) or dates(events)
    return tell(events, chosen, days[-1] if days else "")


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
    out.first, out.last = _clock(day[0]), _clock(day[-1])
    checks = {e.id: e for e in events if e.kind == EventKind.CHECK}
    current = _encounter_before(events, day[0])
    if current is not None:
        out.encounters.setdefault(current, 0)
    for e in day:
        if e.kind == EventKind.ENCOUNTER and e.data.get("encounter"):
            current = str(e.data["encounter"])
            out.encounters.setdefault(current, 0)
        for notice in _notices(e):
            if notice.get("kind") == "round" and current is not None:
                number = _round_number(str(notice.get("text", "")))
                out.encounters[current] = max(out.encounters.get(current, 0), number)
            elif notice.get("kind") == "out" and isinstance(notice.get("who"), str):
                _fell(out, notice["who"], _how_out(e, notice["who"]))
        if e.kind == EventKind.DAMAGE and e.who:
            out.hits.append(e.text)
            amount = e.data.get("amount")
            if isinstance(amount, int) and not isinstance(amount, bool):
                out.taken[e.who] += amount  # a held hit counts when made: it lands at the round's end
                attack = checks.get(str(e.data.get("exchange", "")))
                if attack is not None and attack.who:
                    out.dealt[attack.who] += amount
            status = e.data.get("status")
            if status in ("down", "dead"):
                _fell(out, e.who, str(status))
        elif e.kind == EventKind.CHECK and _margin(e) is not None:
            out.checks.append(e)
        elif e.kind == EventKind.ROLL:
            out.rolls += 1
            if e.data.get("table"):
                out.tables[str(e.data["table"])] += 1
    return out


def _clock(e: Event) -> str:
    text = e.time if isinstance(e.time, str) else ""
    return text[11:16] if day_of(e) is not None else "?"


def _notices(e: Event) -> list[dict[str, object]]:
    found = e.data.get("notices")
    return [n for n in found if isinstance(n, dict)] if isinstance(found, list) else []


def _encounter_before(events: Sequence[Event], first: Event) -> str | None:
    """The encounter on when the chosen events begin (a fight started on an earlier day and
    played on today)."""
    current: str | None = None
    for e in events:
        if e is first:
            break
        if e.kind == EventKind.ENCOUNTER and e.data.get("encounter"):
            current = str(e.data["encounter"])
    return current


def _fell(out: DayStory, who: str, how: str) -> None:
    """Record a fall once per combatant; "dead" wins over "down" when both are told."""
    for i, (w, h) in enumerate(out.fell):
        if w == who:
            if how == "dead" and h != "dead":
                out.fell[i] = (who, "dead")
            return
    out.fell.append((who, how))


def _how_out(e: Event, who: str) -> str:
    """ "dead" when the event's own account of that combatant says so (a round's end that
    killed: "...; LP -3/12, dead"), else "down"."""
    for notice in _notices(e):
        words = str(notice.get("text", "")).replace(",", " ").replace(";", " ").split()
        if notice.get("who") == who and notice.get("kind") == "effect" and "dead" in words:
            return "dead"
    return "dead" if e.who == who and e.data.get("status") == "dead" else "down"


def _margin(e: Event) -> int | None:
    margin = e.data.get("margin")
    return margin if isinstance(margin, int) and not isinstance(margin, bool) else None


def _succeeded(e: Event) -> bool:
    """Whether the roll succeeded by its system's rules (its `success`), not by its margin: a
    System One 98 under a 110% chance is an automatic failure with a margin of +12."""
    success = e.data.get("success")
    if isinstance(success, bool):
        return success
    margin = _margin(e)
    return margin is not None and margin >= 0


def _round_number(text: str) -> int:
    words = text.split()
    return int(words[1]) if len(words) > 1 and words[0] == "Round" and words[1].isdigit() else 0


def _name(names: Mapping[str, str], who: str) -> str:
    return names.get(who, who)


def best_and_worst(s: DayStory) -> tuple[list[Event], list[Event]]:
    """The best successes (widest margin first) and the worst failures (widest miss first)."""
    wins = sorted((e for e in s.checks if _succeeded(e)), key=lambda e: -(_margin(e) or 0))
    losses = sorted((e for e in s.checks if not _succeeded(e)), key=lambda e: _margin(e) or 0)
    return wins[:TOP], losses[:TOP]


def markdown(s: DayStory, campaign: str, system: str, names: Mapping[str, str],
             encounter_names: Mapping[str, str]) -> str:
    """The recap as Markdown: headings a GM can edit, nothing that needs the console to read;
    campaign text in it is `visible` (no control character reaches a terminal that shows it)."""
    text = _markdown(s, campaign, system, names, encounter_names)
    return "\n".join(visible(line) for line in text.split("\n"))


def _markdown(s: DayStory, campaign: str, system: str, names: Mapping[str, str],
              encounter_names: Mapping[str, str]) -> str:
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
        # followed an aimed test (a hit held to the round's end included)
        dealt = bool(s.dealt)
        lines += ["## Damage", "", "| Who | Dealt | Taken |" if dealt else "| Who | Taken |",
                  "|---|---|---|" if dealt else "|---|---|"]
        for who in sorted(set(s.taken) | set(s.dealt), key=lambda w: (-s.taken[w] - s.dealt[w], w)):
            row = f"| {s.dealt[who]} | {s.taken[who]} |" if dealt else f"| {s.taken[who]} |"
            lines.append(f"| {_name(names, who)} {row}")
        lines.append("")
    if s.hits:
        lines += ["## Hits", ""]
        lines += [f"- {text}" for text in s.hits[:HITS]]
        if len(s.hits) > HITS:
            lines.append(f"- and {len(s.hits) - HITS} more")
        lines.append("")
    if s.fell:
        lines += ["## Who fell", ""]
        lines += [f"- {_name(names, who)} ({'dead' if how == 'dead' else 'down'})" for who, how in s.fell]
        lines.append("")
    best, worst = best_and_worst(s)
    if best or worst:
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
    return visible(" ".join((": ".join(parts[:1]) + ": " + "; ".join(parts[1:])).split("\n")))
