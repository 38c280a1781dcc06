"""Completion for the command line: every argument position of every verb, not only the first.

`complete(session, line)` returns whole lines that extend what was typed. Names are offered as
slugs (``goblin-2``, ``brother-tomas``), which every verb accepts, so a completed name never
puts a space in the middle of an argument. What fits each position:

- the first word: verbs, aliases and the system's own actions;
- WHO (dmg, heal, cond, check, hold, ...): combatants of the active encounter, then the roster;
- after ``dmg WHO N``: the system's damage kinds; after ``cond WHO``: the conditions already in
  play and the usual ones, after their rounds ``start|end|round``; after ``uncond WHO``: that
  combatant's own conditions;
- ``check WHO``: what the character can be tested on, then ``vs``, ``at`` (then who), the
  character's test switches (``poss``, ``sfx=``) and ``dice=``; after ``KEY=`` that switch's
  values;
- ``add [N]``: ``party``, ``side`` (then the roster's sides), roster entries, then the
  encounter's sides;
- ``roll table``, ``encounter``, ``calc``, ``gen``, ``set``: tables, encounters, calculators,
  generators, encounter settings and their values.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gmconsole.engine.errors import GmConsoleError
from gmconsole.store import commands

if TYPE_CHECKING:
    from gmconsole.store.session import Session
    from gmconsole.systems.base import RuleOption

COMMON_CONDITIONS = ("stunned", "prone", "blinded", "bleeding", "on fire", "grappled", "hidden", "afraid")
"""Offered after `cond WHO` beside the conditions already in play; any other name works too."""

WHO_VERBS = frozenset(
    {"dmg", "heal", "cond", "uncond", "hold", "ready", "now", "delay", "pick", "remove", "out", "in", "check",
     "declare", "public", "private"}
)


def complete(session: Session, line: str) -> list[str]:
    """Whole-line completions of `line` (see the module docstring)."""
    words = line.split(" ")
    partial = words[-1]
    done = [w for w in words[:-1] if w]
    head = line[: len(line) - len(partial)]
    if not done:
        verbs = [*commands.USAGE, *(a.key for a in session.system.sheet_actions)]
        return _fit(head, partial, dict.fromkeys(verbs))
    if [w.lower() for w in done[:2]] == ["roll", "table"]:  # table names have spaces: the rest is one
        head, _, partial = line.partition(done[1])
        head, partial = head + done[1] + " ", partial.lstrip()
        return _fit(head, partial, sorted({t.name for t in session.tables}))
    verb = commands.ALIASES.get(done[0].lower(), done[0].lower())
    args = done[1:]
    return _fit(head, partial, _candidates(session, verb, args, partial))


def _fit(head: str, partial: str, options: Iterable[str]) -> list[str]:
    key = partial.lower()
    return [head + o for o in dict.fromkeys(options) if o.lower().startswith(key) and o.lower() != key]


def _who(session: Session) -> list[str]:
    enc = session.encounter
    fighters = [c.id for c in enc.combatants] if enc else []
    refs = {c.ref for c in enc.combatants} if enc else set()
    return [*fighters, *(slug for slug in session.roster if slug not in refs)]


def _candidates(session: Session, verb: str, args: list[str], partial: str) -> list[str]:
    system = session.system
    if verb == "roll":
        return ["table"] if not args else []
    if verb == "encounter":
        return [slug for slug in session.encounters] if not args else []
    if verb == "calc":
        return [c.key for c in system.calculators] if not args else []
    if verb == "gen":
        return [g.key for g in system.generators] if not args else ["as"]
    if verb == "set":
        if not args:
            return [o.key for o in system.encounter_options]
        option = next((o for o in system.encounter_options if o.key == args[0]), None)
        return [str(c) for c in option.choices] if option and len(args) == 1 else []
    if verb == "add":
        rest = args[1:] if args and args[0].isdigit() else args
        if not rest:
            return [*(["party", "side"] if not args else []), *session.roster]
        enc = session.encounter
        sides = dict.fromkeys([*(c.side for c in enc.combatants), "pcs", "foes"] if enc else ["pcs", "foes"])
        if rest == ["side"]:
            return list(dict.fromkeys([*(ch.default_side for ch in session.roster.values()), *sides]))
        return list(sides) if len(rest) == 1 else list(system.quick_stats)
    if verb == "check" and len(args) >= 2 and "=" in partial:
        return _switch_values(session, args, partial)
    if verb in WHO_VERBS or verb in {a.key for a in system.sheet_actions}:
        if not args:
            return _who(session)
        return _after_who(session, verb, args)
    return []


def _switch_words(switch: RuleOption) -> str:
    """How a switch is typed: a yes/no one bare (`poss`), any other with `=` (`sfx=`)."""
    plain_flag = isinstance(switch.default, bool) and not switch.choices
    return switch.key if plain_flag else f"{switch.key}="


def _switch_values(session: Session, args: list[str], partial: str) -> list[str]:
    """After `KEY=` on a test line: that switch's values, as `KEY=VALUE`."""
    key = partial.partition("=")[0].lower()
    try:
        target = session.resolve(args[0])
    except GmConsoleError:
        return []
    for switch in session.system.check_switches(target.sheet, session.options):
        if switch.key.lower() != key:
            continue
        if switch.choices:
            values = [str(c) or "none" for c in switch.choices]
        elif isinstance(switch.default, bool):
            values = ["yes", "no"]
        elif switch.bounds is not None and switch.bounds[1] - switch.bounds[0] <= 20:
            values = [str(n) for n in range(switch.bounds[0], switch.bounds[1] + 1)]
        else:
            values = [str(switch.default)]
        return [f"{switch.key}={v}" for v in values]
    return []


def _after_who(session: Session, verb: str, args: list[str]) -> list[str]:
    system = session.system
    try:
        target = session.resolve(args[0])
    except GmConsoleError:
        return []
    rest = args[1:]
    if verb in ("dmg", "heal"):
        return list(system.damage_kinds) if len(rest) == 1 and rest[0].isdigit() else []
    if verb == "cond":
        if not rest:
            enc = session.encounter
            in_play = [k.name for c in enc.combatants for k in c.conditions] if enc else []
            return [n.replace(" ", "-") if " " in n else n for n in (*in_play, *COMMON_CONDITIONS)]
        return list(commands.EXPIRIES) if rest[-1].isdigit() else []
    if verb == "uncond":
        c = target.combatant
        return [k.name for k in c.conditions] if c is not None and not rest else []
    if verb == "check":
        if not rest:
            return [o.key for o in system.check_options(target.sheet)]
        switches = system.check_switches(target.sheet, session.options)
        if rest[-1].lower() == "at":
            return _who(session)
        return ["vs", "at", *(_switch_words(s) for s in switches), "dice="]
    if verb == "delay" and not rest:
        return _who(session)
    return []
