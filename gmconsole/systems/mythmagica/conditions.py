"""What a Character Condition does to rolls: the Drawbacks it puts on its bearer's rolls of one
kind (all, combat, physical, sight), the Edges it gives whoever attacks the bearer (Prone,
Surprised, Blinded, Asleep), and the attribute penalty of Impaired (-2) and Maimed (-4).

The numbers live in `data/conditions.toml` (columns "Own rolls" and "Against it"), so a GM who
reads a condition differently edits the table, not code. A condition is written on the sheet as
its name, with the attribute after a colon for Impaired and Maimed ("Impaired: ST").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.booktables import table_rows

ATTRIBUTE_PENALTY = {"impaired": 2, "maimed": 4}
PHYSICAL = frozenset({"TN", "ST", "AG", "BR", "VG", "GR"})
SIGHT = frozenset({"PC", "AC"})
MAX_CONDITIONS = 40


@dataclass(frozen=True)
class Condition:
    name: str
    effect: str
    duration: str
    scope: str
    """Which of its bearer's rolls it hinders: all, combat, physical, sight, or "" for none."""
    own: int
    """Net edges on those rolls (negative: Drawbacks)."""
    against: int
    """Edges for whoever attacks the bearer."""


@cache
def known() -> dict[str, Condition]:
    out: dict[str, Condition] = {}
    for name, effect, duration, _clears, own, against in table_rows(
        "conditions.toml", "Character Conditions"
    ):
        scope, _, value = str(own).partition(" ")
        out[name.lower()] = Condition(name, effect, duration, scope, int(value or 0), int(against))
    return out


def parse(text: str) -> tuple[Condition, str | None]:
    """A condition as written on a sheet ("Stunned", "Impaired: ST") -> its row and attribute."""
    name, _, attr = text.partition(":")
    row = known().get(name.strip().lower())
    if row is None:
        names = ", ".join(c.name for c in known().values())
        raise RulesError(f"unknown condition {name.strip()!r} (conditions: {names})")
    attr = attr.strip().upper() or None
    if name.strip().lower() in ATTRIBUTE_PENALTY:
        if attr not in rules.BASICS:
            raise RulesError(f"{row.name} names a Basic Attribute ({', '.join(rules.BASICS)}), got {attr!r}")
    elif attr:
        raise RulesError(f"{row.name} takes no attribute, got {attr!r}")
    return row, attr


def _rows(conditions: Iterable[str]) -> list[tuple[Condition, str | None]]:
    """The known conditions among `conditions`, each once: a condition on the sheet (the
    `condition` verb) and the same one in the encounter (`cond`) hinder a roll once, not twice."""
    out: list[tuple[Condition, str | None]] = []
    for text in conditions:
        try:
            row = parse(text)
        except RulesError:
            continue  # a GM's free-text condition has no rules effect
        if row not in out:
            out.append(row)
    return out


def described(text: str) -> str:
    """What a condition does and how long it lasts, for the log when it is set."""
    row, _ = parse(text)
    return f"{row.effect} ({row.duration})"


def roll_kinds(option: str, attrs: Iterable[str]) -> set[str]:
    """The kinds of roll a test is, for the conditions that hinder some kinds only."""
    kind = option.partition(":")[0]
    used = {a.upper() for a in attrs}
    kinds = {"all"}
    if kind == "attack":
        kinds |= {"combat", "physical", "sight"}
    if used & PHYSICAL:
        kinds.add("physical")
    if used & SIGHT:
        kinds.add("sight")
    return kinds


def own_edges(conditions: Iterable[str], kinds: set[str]) -> list[tuple[str, int]]:
    """(condition, net edges) for each condition that hinders a roll of `kinds`."""
    return [(c.name, c.own) for c, _ in _rows(conditions) if c.own and c.scope in kinds]


def edges_against(conditions: Iterable[str]) -> list[tuple[str, int]]:
    """(condition, edges) an attacker gains against a bearer of `conditions`."""
    return [(c.name, c.against) for c, _ in _rows(conditions) if c.against]


def attribute_penalties(conditions: Iterable[str]) -> dict[str, int]:
    """Basic attribute -> penalty from Impaired and Maimed (the worst one counts: penalties to
    the same attribute do not stack)."""
    out: dict[str, int] = {}
    for c, attr in _rows(conditions):
        if attr is not None:
            out[attr] = min(out.get(attr, 0), -ATTRIBUTE_PENALTY[c.name.lower()])
    return out


def clears_after_round(conditions: Iterable[str]) -> list[str]:
    """Conditions that last one round only (Surprised)."""
    return [text for text in conditions if text.strip().lower() == "surprised"]
