"""The system's own verbs (`guts WHO N`, `refresh WHO minor`...) and `calc` lookups."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gmconsole.engine.errors import RulesError, whole_number
from gmconsole.systems.base import SheetChange
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet


def _guts(s: MythmagicaSheet, spent: int, text: str) -> SheetChange:
    if not s.named:
        raise RulesError(f"only named characters have Guts (this one is {s.cast})")
    if spent > rules.GUTS_MAX:
        raise RulesError(f"Guts spent would be {spent}; the most is {rules.GUTS_MAX}")
    return SheetChange(s.model_copy(update={"guts_spent": spent}),
                       f"{text} ({spent} Guts spent, Glory Status {rules.glory_status(spent)})")


def perform(s: MythmagicaSheet, action: str, args: Sequence[str]) -> SheetChange:
    if action == "guts":
        if len(args) != 1:
            raise RulesError("usage: guts WHO N")
        n = whole_number(args[0], "Guts")
        if n < 1:
            raise RulesError(f"Guts to spend must be at least 1, got {n}")
        return _guts(s, s.guts_spent + n, f"spends {n} Guts")
    if action == "gutsit":
        if not s.named:
            raise RulesError(f"only named characters have Guts (this one is {s.cast})")
        return _guts(s, rules.guts_it(s.guts_spent), "Guts it: the hidden roll is a bare success")
    if action == "refresh":
        kind = (args[0] if args else "").lower()
        if kind == "major":
            return _guts(s, 0, "major Guts refresh")
        if kind == "minor":
            return _guts(s, rules.minor_refresh(s.guts_spent), "minor Guts refresh")
        raise RulesError("usage: refresh WHO major|minor")
    if action == "xp":
        if len(args) != 1:
            raise RulesError("usage: xp WHO N")
        n = whole_number(args[0], "XP")
        if n < 1:
            raise RulesError(f"XP to award must be at least 1, got {n}")
        new = s.model_copy(update={"xp": s.xp + n, "guts_spent": 0})
        return SheetChange(new, f"gains {n} XP (total {new.xp}, Level {new.lvl}); Guts refreshed")
    if action == "chapter":
        new = s.model_copy(update={"setback": 0, "guts_spent": 0})
        return SheetChange(new, "new chapter: Setback cleared, Guts refreshed")
    raise RulesError(f"unknown action {action!r} (actions: guts, gutsit, refresh, xp, chapter)")


def calculate(key: str, args: Sequence[str], usage: Mapping[str, str]) -> str:
    try:  # the session checked the key against the system's calculators
        nums = [whole_number(a, "argument") for a in args if a.lower() not in ("basic", "derived")]
        if key == "yield":
            derived = any(a.lower() == "derived" for a in args)
            value = nums[0]
            pct = rules.derived_yield(value) if derived else rules.basic_yield(value)
            return f"{'derived' if derived else 'basic'} {value:+d}: {pct:g}% of the human norm"
        if key == "guts":
            total, threshold = nums[0], nums[1]
            return f"{total} vs {threshold}: {rules.guts_cost(total, threshold)} Guts for a bare success"
        if key == "level":
            return f"{nums[0]} XP: Level {rules.level_for_xp(nums[0])}"
        if key == "rank":
            return f"{nums[0]} XP at base {nums[1]}: raw rank {rules.raw_rank(nums[0], nums[1])}"
        if key == "boss":
            if len(nums) < 2:
                raise IndexError
            return f"Level {nums[0]} vs {nums[1:]}: {rules.boss_swings(nums[0], nums[1:])} swing(s)"
    except IndexError as exc:
        raise RulesError(f"usage: calc {key} {usage[key]}") from exc
    raise RulesError(f"unknown calculator {key!r}")
