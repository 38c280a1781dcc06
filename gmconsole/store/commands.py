"""The command line at the table: dice (`3d6+2`) and verbs (`dmg orc 2 5`, `next`, `undo`).

`parse` turns one line into a `Command` (a verb and the keyword arguments of the `Session`
method it stands for) without touching the session; names may contain spaces ("Orc 2"), so the
parser asks `is_name` which run of words names someone and takes the longest that does. Quotes
work too (`cond "Orc 2" prone`). A line that starts with no verb is a dice expression.
Every refusal is a `CommandError` carrying the verb's usage line.
"""

from __future__ import annotations

import difflib
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gmconsole.engine.errors import RulesError
from gmconsole.engine.numbers import whole

EXPIRIES = ("start", "end", "round")
NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})
"""Rounds spelt out ("stunned two") are a typo for a number, not part of a condition's name."""

USAGE: dict[str, str] = {
    "next": "next [typed dice...]",
    "prev": "prev",
    "start": "start [typed dice...]",
    "hold": "hold [WHO]",
    "ready": "ready WHO TRIGGER...",
    "now": "now WHO [join]",
    "delay": "delay WHO AFTER",
    "pick": "pick WHO",
    "dmg": "dmg WHO N [KIND]",
    "heal": "heal WHO N [KIND]",
    "cond": "cond WHO NAME [ROUNDS] [start|end|round]",
    "uncond": "uncond WHO NAME",
    "add": "add party|[N] SOURCE [SIDE] [STAT N]...",
    "remove": "remove WHO",
    "out": "out WHO",
    "in": "in WHO",
    "roll": "roll EXPR | roll table NAME",
    "check": "check WHO OPTION [vs N] [at WHO] [KEY=V]...",
    "hit": "hit [typed dice...]",
    "declare": "declare WHO ACTION...",
    "undo": "undo",
    "redo": "redo",
    "encounter": "encounter NAME",
    "end": "end",
    "set": "set SETTING VALUE",
    "calc": "calc CALCULATOR ARGS...",
    "gen": "gen GENERATOR ARGS... [as NAME]",
    "public": "public WHO",
    "private": "private WHO",
    "recap": "recap [YYYY-MM-DD]",
    "commit": "commit [MESSAGE...]",
}
"""Every verb and its usage line (the help screen and completions read this too)."""

ALIASES = {"damage": "dmg", "hurt": "dmg", "choose": "pick", "condition": "cond", "back": "prev"}

Namer = Callable[[str], bool]


class CommandError(RulesError):
    """A line the command parser cannot read; the message ends with the verb's usage."""


@dataclass(frozen=True)
class Command:
    """A parsed line: `verb` plus the keyword arguments for the session method."""

    verb: str
    args: dict[str, Any] = field(default_factory=dict)


_NUMBER = re.compile(r"[+-]?[0-9]{1,12}\Z")


def _int(token: str) -> int | None:
    """A whole number written in ASCII digits, or None: Python's int() also reads '٣' and
    '1_000', which a GM never means, and a 10,000-digit number is itself an attack."""
    return int(token) if _NUMBER.match(token) else None


def _fail(verb: str, why: str) -> CommandError:
    usage = USAGE.get(verb)
    return CommandError(f"{why} (usage: {usage})" if usage else why)


def _split_name(tokens: list[str], is_name: Namer, keep: int = 0) -> tuple[str, list[str]]:
    """The longest leading run of tokens that names someone, leaving at least `keep` tokens;
    the first token alone when no run does (the session then says who is unknown)."""
    for end in range(len(tokens) - keep, 0, -1):
        candidate = " ".join(tokens[:end])
        if is_name(candidate):
            return candidate, tokens[end:]
    return tokens[0], tokens[1:]


def _name_then_number(verb: str, tokens: list[str], is_name: Namer) -> tuple[str, int, list[str]]:
    """`WHO N [rest]` where WHO may itself end in a number ("Orc 2 5")."""
    spots = [k for k in range(1, len(tokens)) if _int(tokens[k]) is not None]
    if not spots:
        raise _fail(verb, "give a number")
    named = [k for k in spots if is_name(" ".join(tokens[:k]))]
    k = max(named) if named else spots[-1]
    return " ".join(tokens[:k]), int(tokens[k]), tokens[k + 1 :]


def _dice(verb: str, tokens: list[str]) -> list[int]:
    faces = [_int(t) for t in tokens]
    if any(f is None for f in faces):
        raise _fail(verb, "typed dice must be whole numbers")
    return [_bounded(verb, t, "a typed die", MAX_TYPED_FACE) for t in tokens]


def parse(
    line: str,
    is_name: Namer = lambda _s: True,
    is_source: Namer | None = None,
    more_verbs: Sequence[str] = (),
) -> Command | None:
    """Read one command line; None for an empty line. `is_name` says whether some words name a
    combatant or character, `is_source` whether they name a roster entry (for `add`).
    `more_verbs` are the system's own verbs, offered when a mistyped word is no verb at all."""
    text = line.strip()
    if not text:
        return None
    tokens = words_of(text)
    verb = ALIASES.get(tokens[0].lower(), tokens[0].lower())
    if verb not in USAGE:
        _refuse_non_verb(tokens[0], text, more_verbs)
        return Command("roll", {"expr": text})
    args = tokens[1:]
    source = is_source or is_name
    handler = _HANDLERS[verb]
    return handler(verb, args, is_name, source)


def words_of(text: str) -> list[str]:
    """The words of a line; double quotes group a name with spaces (`cond "Orc 2" prone`). An
    apostrophe is a letter, not a quote: a GM's prose ("shoot the van's engine") must read."""
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    try:
        return list(lexer)
    except ValueError as exc:
        raise CommandError(f"cannot read {text!r}: {exc} (close the \" or leave it out)") from exc


def _refuse_non_verb(word: str, text: str, more_verbs: Sequence[str]) -> None:
    """A first word that is neither a verb nor the start of a dice expression ("dmage kaatok 5")
    is a mistyped verb, and is refused as one rather than as a dice error at column 1."""
    if not word.isalpha() or len(word) < 2:
        return
    from gmconsole.engine.dice import DiceError
    from gmconsole.engine.dice import parse as parse_dice

    try:
        parse_dice(text)
    except DiceError:
        pass
    else:
        return
    verbs = [*USAGE, *ALIASES, *more_verbs]
    close = difflib.get_close_matches(word.lower(), verbs, n=1)
    hint = f" (did you mean {ALIASES.get(close[0], close[0])}?)" if close else " (see help: ?)"
    raise CommandError(f"unknown command {word!r}{hint}")


def _bare(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if args:
        raise _fail(verb, f"{verb} takes nothing after it")
    return Command(verb)


def _typed(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    return Command(verb, {"dice": _dice(verb, args)} if args else {})


def _one_who(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if not args:
        raise _fail(verb, "name someone")
    return Command(verb, {"who": " ".join(args)})


def _hold(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    return Command(verb, {"who": " ".join(args) if args else None})


def _ready(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    if len(args) < 2:
        raise _fail(verb, "name someone and what they wait for")
    who, rest = _split_name(args, is_name, keep=1)
    return Command(verb, {"who": who, "trigger": " ".join(rest)})


def _now(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    if not args:
        raise _fail(verb, "name someone")
    join = len(args) > 1 and args[-1].lower() == "join" and not is_name(" ".join(args))
    who = " ".join(args[:-1] if join else args)
    return Command(verb, {"who": who, "join": join})


def _delay(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    if len(args) < 2:
        raise _fail(verb, "name who delays and after whom")
    for cut in range(len(args) - 1, 0, -1):
        first, second = " ".join(args[:cut]), " ".join(args[cut:])
        if is_name(first) and is_name(second):
            return Command(verb, {"who": first, "after": second})
    return Command(verb, {"who": args[0], "after": " ".join(args[1:])})


def _harm(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    if len(args) < 2:
        raise _fail(verb, "name someone and an amount")
    who, amount, rest = _name_then_number(verb, args, is_name)
    amount = _bounded(verb, str(amount), "the amount", MAX_AMOUNT)
    if amount < 0:
        raise _fail(verb, "the amount cannot be negative")
    return Command(verb, {"who": who, "amount": amount, "kind": " ".join(rest) or None})


def _cond(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    """`cond WHO NAME [ROUNDS] [start|end|round]`. After the number of rounds only the expiry may
    follow, so a typo ("2 sometimes") is refused instead of making a condition that never ends;
    a number inside the name ("stunned two" is a name, "stunned 0" is zero rounds) is read as
    rounds only where it can be."""
    rest = list(args)
    expires = "end"
    if rest and rest[-1].lower() in EXPIRIES:
        expires = rest.pop().lower()
    rounds = None
    spots = [
        k for k in range(2, len(rest)) if _int(rest[k]) is not None and not is_name(" ".join(rest[: k + 1]))
    ]
    if spots:
        k = spots[-1]
        if k != len(rest) - 1:
            extra = " ".join(rest[k + 1 :])
            raise _fail(verb, f"after the rounds only start, end or round may follow, got {extra!r}")
        rounds = _bounded(verb, rest.pop(), "the rounds", MAX_ROUNDS)
        if rounds <= 0:
            raise _fail(verb, "a condition lasts at least 1 round (leave the number out for no limit)")
    if len(rest) < 2:
        raise _fail(verb, "name someone and the condition")
    who, name = _split_name(rest, is_name, keep=1)
    if any(_int(w) is not None or w.lower() in EXPIRIES or w.lower() in NUMBER_WORDS for w in name):
        raise _fail(verb, f"{' '.join(name)!r} is not a condition name: give rounds as a number at the end")
    return Command(verb, {"who": who, "name": " ".join(name), "rounds": rounds, "expires": expires})


def _uncond(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    if len(args) < 2:
        raise _fail(verb, "name someone and the condition")
    who, name = _split_name(args, is_name, keep=1)
    return Command(verb, {"who": who, "name": " ".join(name)})


def _add(verb: str, args: list[str], _n: Namer, is_source: Namer) -> Command:
    """`add [N] SOURCE [SIDE] [STAT VALUE]...`: trailing word-number pairs ("hp 12 init 14") set
    the few numbers of a quick combatant, unless the words name a roster entry themselves."""
    rest = list(args)
    count = 1
    if rest and _int(rest[0]) is not None:
        count = int(rest.pop(0))
    stats: dict[str, int] = {}
    while (
        len(rest) >= 3 and _int(rest[-1]) is not None and rest[-2].isalpha() and not is_source(" ".join(rest))
    ):
        value, key = int(rest.pop()), rest.pop().lower()
        stats = {key: value, **stats}
    if not rest:
        raise _fail(verb, "name a roster entry to add, or a name for a quick combatant")
    group = _group(verb, rest, count, stats, is_source)
    if group is not None:
        return group
    source, side = _split_name(rest, is_source)
    args_out: dict[str, Any] = {"source": source, "count": count, "side": " ".join(side) or None}
    if stats:
        args_out["stats"] = stats
    return Command(verb, args_out)


def _group(verb: str, rest: list[str], count: int, stats: dict[str, int], is_source: Namer) -> Command | None:
    """`add party` (every PC) and `add side NAME` (everyone of that side), unless the roster
    has an entry of that name itself."""
    first = rest[0].lower()
    if first not in ("party", "side") or is_source(" ".join(rest)) or is_source(rest[0]):
        return None
    if count != 1 or stats:
        raise _fail(verb, f"add {first} takes no number")
    if first == "party":
        if len(rest) > 1:
            raise _fail(verb, "add party takes nothing after it (add side NAME for a side)")
        return Command("add_group")
    if len(rest) < 2:
        raise _fail(verb, "name the side: add side pcs")
    return Command("add_group", {"side": " ".join(rest[1:])})


def _roll(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if not args:
        raise _fail(verb, "say what to roll")
    if args[0].lower() == "table":
        if len(args) < 2:
            raise _fail(verb, "name the table")
        return Command("table", {"name": " ".join(args[1:])})
    return Command("roll", {"expr": " ".join(args)})


SWITCH_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
DICE_KEYS = {"dice": "dice", "target_dice": "target_dice"}
"""Typed faces on the test line: the tester's (`dice=6,6,3`) and the target's own roll's."""
MAX_TYPED_FACE = 1000


def _faces(verb: str, key: str, text: str) -> list[int]:
    """`6,6,3` as faces; an empty item or a foreign digit is refused by name."""
    items = text.split(",")
    if not text or any(not item.strip() for item in items):
        raise _fail(verb, f"{key}= takes faces separated by commas, like {key}=6,6,3")
    try:
        return [whole(item, f"a typed die in {key}=", 0, MAX_TYPED_FACE) for item in items]
    except RulesError as exc:
        raise _fail(verb, str(exc)) from None


def switch_tokens(
    verb: str, tokens: list[str], *, only_dice: bool = False
) -> tuple[list[str], dict[str, str], dict[str, list[int]]]:
    """`KEY=VALUE` tokens taken out of a test line, wherever they stand: the switches (their
    values still text, read against the character's own switches by the session) and the
    typed faces (`dice=`, `target_dice=`). The other tokens come back in order. With
    `only_dice` (a system's own action: `strike vic 3 dice=14`), only `dice=` is taken."""
    rest: list[str] = []
    switches: dict[str, str] = {}
    dice: dict[str, list[int]] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq or not SWITCH_KEY.match(key) or (only_dice and key.lower() != "dice"):
            rest.append(token)
            continue
        lowered = key.lower()
        if lowered in switches or lowered in dice:
            raise _fail(verb, f"{key}= is given twice")
        if lowered in DICE_KEYS:
            dice[DICE_KEYS[lowered]] = _faces(verb, lowered, value)
        else:
            switches[lowered] = value
    return rest, switches, dice


def _check(verb: str, args: list[str], is_name: Namer, _s: Namer) -> Command:
    """`check WHO OPTION [vs N] [at TARGET] [+MOD] [KEY=VALUE]... [dice=A,B,C]`, all but WHO and
    OPTION in any order. TARGET is the longest run of words after `at` naming someone (up to
    the next `vs` or signed number when none does); words after it go back to the option, where
    the session reads a trailing switch key typed bare (`poss`) as that switch turned on."""
    rest, switches, dice = switch_tokens(verb, list(args))
    against = None
    lowered = [t.lower() for t in rest]
    if "at" in lowered[2:]:
        cut = len(lowered) - 1 - lowered[::-1].index("at")
        end = cut + 1
        while (
            end < len(rest)
            and lowered[end] != "vs"
            and not (rest[end][:1] in "+-" and _int(rest[end]) is not None)
        ):
            end += 1
        words = rest[cut + 1 : end]
        named = [k for k in range(len(words), 0, -1) if is_name(" ".join(words[:k]))]
        take = named[0] if named else len(words)
        against = " ".join(words[:take]) or None
        if against is None:
            raise _fail(verb, "name the target after 'at'")
        rest = rest[:cut] + words[take:] + rest[end:]
    modifiers = 0
    difficulty = None
    kept: list[str] = []
    k = 0
    while k < len(rest):  # vs N and signed modifiers anywhere after WHO and the option's first word
        token = rest[k]
        if k >= 2 and token[:1] in "+-" and _int(token) is not None:
            modifiers += _bounded(verb, token, "a modifier", MAX_MODIFIER)
        elif k >= 2 and token.lower() == "vs" and k + 1 < len(rest) and _int(rest[k + 1]) is not None:
            difficulty = _bounded(verb, rest[k + 1], "the difficulty after vs", MAX_DIFFICULTY)
            k += 1
        else:
            kept.append(token)
        k += 1
    rest = kept
    if len(rest) < 2:
        raise _fail(verb, "name someone and what they are tested on")
    who, option = _split_name(rest, is_name, keep=1)
    out: dict[str, Any] = {
        "who": who,
        "option": " ".join(option),
        "difficulty": difficulty,
        "modifiers": modifiers,
    }
    if against is not None:
        out["against"] = against
    if switches:
        out["switches"] = switches
    out.update(dice)
    return Command(verb, out)


MAX_MODIFIER = 10_000
MAX_AMOUNT = 100_000
"""More harm than any book's track can take at once; the system clamps or refuses below it."""
MAX_ROUNDS = 10_000
MAX_DIFFICULTY = 100_000


def _bounded(verb: str, token: str, what: str, limit: int) -> int:
    try:
        return whole(token, what, -limit, limit)
    except RulesError as exc:
        raise _fail(verb, str(exc)) from None


def _encounter(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if not args:
        raise _fail(verb, "name the encounter")
    return Command(verb, {"name": " ".join(args)})


def _recap(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if len(args) > 1:
        raise _fail(verb, "give one date at most")
    return Command(verb, {"date": args[0]} if args else {})


def _commit(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    return Command(verb, {"message": " ".join(args)} if args else {})


def _set(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    """`set KEY VALUE...`: the value may have spaces ("set round 10 minutes")."""
    if len(args) < 2:
        raise _fail(verb, "give a setting and its value")
    return Command(verb, {"key": args[0], "value": " ".join(args[1:])})


def _calc(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if not args:
        raise _fail(verb, "name the calculator (see help)")
    return Command(verb, {"key": args[0].lower(), "args": args[1:]})


def _gen(verb: str, args: list[str], _n: Namer, _s: Namer) -> Command:
    if not args:
        raise _fail(verb, "name the generator (see help)")
    rest, name = args[1:], None
    lowered = [a.lower() for a in rest]
    if "as" in lowered:
        cut = lowered.index("as")
        rest, name = rest[:cut], " ".join(rest[cut + 1 :]) or None
        if name is None:
            raise _fail(verb, "give a name after 'as'")
    return Command(verb, {"key": args[0].lower(), "args": rest, "name": name})


_HANDLERS: dict[str, Callable[[str, list[str], Namer, Namer], Command]] = {
    "next": _typed, "start": _typed, "prev": _bare, "undo": _bare, "redo": _bare, "end": _bare,
    "hold": _hold, "ready": _ready, "now": _now, "delay": _delay, "pick": _one_who,
    "dmg": _harm, "heal": _harm, "cond": _cond, "uncond": _uncond, "add": _add,
    "remove": _one_who, "out": _one_who, "in": _one_who, "roll": _roll, "check": _check, "hit": _typed,
    "declare": _ready, "encounter": _encounter, "set": _set, "calc": _calc, "gen": _gen,
    "recap": _recap, "commit": _commit, "public": _one_who, "private": _one_who,
}  # fmt: skip
