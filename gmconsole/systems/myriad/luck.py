"""Lucky and Unlucky (spec §2.4, L1168, T-31): the only re-rolls in Myriad.

- **Lucky** (boon, 1-3 levels): once per session per level, the player re-rolls a *failed*
  test; the new result stands.
- **Unlucky** (flaw, 1-3 levels): once per session per level, the Guide makes the player
  re-roll a *successful* test.
- In an opposed test the opponent may choose to re-roll too, or keep their score.

How the console does it. Every test a character makes is kept on their sheet as `LastTest`
(`MyriadSystem.after_check`), so a re-roll runs *that* test again: same statistic, skill,
TN or opponent's total, modifiers and switches. Burns given by die number are not carried
over (those dice are gone); SFX asked for by switch are burnt again from the new dice.

Rulings taken here (the book is silent):

- **A session is a game night.** Uses are counted per game night, the local date with the
  day turning at 06:00 (`game_night`), so an evening that runs past midnight stays one session
  and the next game day starts afresh without anyone remembering to reset. `luck WHO new`
  starts a new session for a character by hand (two sessions on one day).
- **"The new result stands"**: a test re-rolled once (by Lucky, Unlucky, or the opponent's
  answer) is final; it cannot be re-rolled again, whatever uses are left.
- **The opponent's re-roll** (`reroll`) costs nothing and needs no boon: it is the other side's
  answer to a Lucky or Unlucky re-roll in an opposed test. The GM rolls it on the opponent's own
  last test and gives the new total to the other side's re-roll with ``vs N`` (or the other
  way round), so both results are in the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import ConfigDict, Field

from gmconsole.engine.model import Model
from gmconsole.engine.numbers import whole
from gmconsole.engine.plain import plain
from gmconsole.systems.myriad.errors import MyriadError

DAY_TURNS_AT = timedelta(hours=6)
"""A game night that runs past midnight counts as the day it started."""

clock: Callable[[], datetime] = datetime.now
"""Where the time of day comes from; tests put a fixed clock here."""

Reroll = Literal["lucky", "unlucky", "opponent"]
RULES = {"lucky": ("Lucky", False), "unlucky": ("Unlucky", True)}
"""Boon or flaw id -> its name and the outcome it re-rolls (Lucky a failure, Unlucky a success)."""


def game_night(now: datetime) -> str:
    """The session a moment belongs to: its date, the day turning at 06:00."""
    return (now - DAY_TURNS_AT).date().isoformat()


class LastTest(Model):
    """The character's most recent test: what a re-roll runs again, and how it came out."""

    model_config = ConfigDict(extra="forbid")

    option: str
    difficulty: int | None = None
    modifiers: int = 0
    opponent_total: int | None = None
    extra: dict[str, Any] = Field(default={})
    total: int = 0
    success: bool | None = None
    rerolled: Reroll | None = None
    """Set once the test has been re-rolled: the new result stands."""


class LuckUses(Model):
    """Lucky and Unlucky uses in one session (game night)."""

    model_config = ConfigDict(extra="forbid")

    session: str = ""
    lucky: int = Field(default=0, ge=0)
    unlucky: int = Field(default=0, ge=0)

    def this_session(self, session: str) -> LuckUses:
        """These counts if they belong to `session`, else a fresh count for it."""
        return self if self.session == session else LuckUses(session=session)


def remember(request: Any, result: Any) -> LastTest:
    """The `LastTest` for a request and its result (both from `gmconsole.engine.checks`)."""
    return LastTest(option=request.option, difficulty=request.difficulty,
                    modifiers=request.modifiers, opponent_total=request.opponent_total,
                    extra=plain(request.extra), total=result.total, success=result.success)


def parse_args(args: Sequence[str], usage: str) -> tuple[int | None, list[int]]:
    """``[vs N] [DICE...]``: the opponent's new total, and faces typed by hand."""
    words = list(args)
    versus = None
    if words and words[0].lower() == "vs":
        if len(words) < 2:
            raise MyriadError(f"vs needs the opponent's total ({usage})")
        versus = whole(words[1], "the opponent's total", 0, 99)
        words = words[2:]
    if len(words) > 10:
        raise MyriadError(f"at most 10 dice ({usage})")
    return versus, [whole(w, "a die", 1, 6) for w in words]


def refusal(who: str, last: LastTest | None, kind: Reroll, level: int,
            uses: LuckUses) -> str | None:
    """Why this re-roll is not allowed now, or None when it is."""
    if last is None:
        return f"{who} has no test to re-roll"
    if last.rerolled is not None:
        return f"{who}'s last test was already re-rolled ({last.rerolled}): the new result stands"
    if kind == "opponent":
        return None
    name, rerolls_success = RULES[kind]
    if level < 1:
        return f"{who} has no {name} {'boon' if kind == 'lucky' else 'flaw'}"
    if last.success is None:
        return f"{who}'s last test had no TN or opponent: nothing to re-roll with {name}"
    if last.success != rerolls_success:
        wanted = "a success" if rerolls_success else "a failure"
        return f"{name} re-rolls {wanted}; {who}'s last test was not"
    used = getattr(uses, kind)
    if used >= level:
        return f"{who} has used {name} {used} of {level} time(s) this session"
    return None


def request_for(last: LastTest, versus: int | None) -> Any:
    """The request that runs the last test again; ``versus`` replaces the opponent's total."""
    from gmconsole.engine.checks import CheckRequest

    if versus is not None and last.opponent_total is None:
        raise MyriadError("vs N is the opponent's new total; the last test was not opposed")
    extra = {k: v for k, v in last.extra.items() if k != "burn"}
    return CheckRequest(option=last.option, difficulty=last.difficulty, modifiers=last.modifiers,
                        opponent_total=last.opponent_total if versus is None else versus,
                        extra=extra)


def run_reroll(run_check: Callable[..., Any], sheet: Any, kind: Reroll, args: Sequence[str],
               rng: random.Random, typed: list[int], now: datetime | None = None) \
        -> tuple[Any, str, dict[str, Any]]:
    """Re-roll the sheet's last test; returns the new sheet, the log text and its detail.

    ``run_check(sheet, request, rng, dice)`` rolls the test (`resolution.run_check`);
    ``typed`` are faces typed for the session's dice, used when none follow on the line."""
    usage = f"{'reroll' if kind == 'opponent' else kind} WHO [vs N] [DICE...]"
    versus, dice = parse_args(args, usage)
    session = game_night(now or clock())
    uses = (sheet.luck or LuckUses()).this_session(session)
    level = sheet.boon_level(kind) if kind != "opponent" else 0
    why = refusal(sheet.who, sheet.last_test, kind, level, uses)
    if why:
        raise MyriadError(why)
    last = sheet.last_test
    dropped = bool(last.extra.get("burn"))
    request = request_for(last, versus)
    result = run_check(sheet, request, rng, dice or typed or None)
    new = sheet.model_copy(deep=True)
    new.last_test = LastTest(**{**remember(request, result).model_dump(), "rerolled": kind})
    if kind == "opponent":
        head = "re-rolls as the opponent's answer"
    else:
        uses = uses.model_copy(update={kind: getattr(uses, kind) + 1})
        new.luck = uses
        name = RULES[kind][0]
        left = sheet.boon_level(kind) - getattr(uses, kind)
        head = f"re-rolls with {name} ({left} left this session)"
    was = f"was {last.total}" + ("" if last.success is None else
                                 f", {'success' if last.success else 'failure'}")
    summary = result.summary()
    if sheet.name and summary.startswith(f"{sheet.name}: "):
        summary = summary[len(sheet.name) + 2:]
    text = f"{head}, {was}: {summary}"
    if dropped:
        text += "; burns by die number were not carried over: burn again from the new dice"
    detail = {"reroll": kind, "was_total": last.total, "was_success": last.success,
              "total": result.total, "target": result.target, "success": result.success,
              "margin": result.margin, "dice": [d.face for d in result.dice],
              "session": session, "result": result.detail}
    return new, text, detail


def luck_report(sheet: Any, args: Sequence[str], now: datetime | None = None) \
        -> tuple[Any, str, dict[str, Any]]:
    """``luck WHO [new]``: uses left this session, or (``new``) a fresh session by hand."""
    if len(args) > 1 or (args and args[0].lower() != "new"):
        raise MyriadError("usage: luck WHO [new]")
    session = game_night(now or clock())
    uses = (sheet.luck or LuckUses()).this_session(session)
    new = sheet
    if args:
        new = sheet.model_copy(deep=True)
        uses = LuckUses(session=session)
        new.luck = uses
    parts = []
    for kind, (name, _) in RULES.items():
        level = sheet.boon_level(kind)
        if level:
            parts.append(f"{name} {level - getattr(uses, kind)} of {level} left")
    body = ", ".join(parts) or "no Lucky or Unlucky"
    head = "starts a new session" if args else "this session"
    return new, f"{head} ({session}): {body}", {"session": session, "lucky": uses.lucky,
                                               "unlucky": uses.unlucky}
