"""How a calculator reads its words (`calc KEY ARGS`): left to right, every number with its
bounds where it is read, optional `WORD N` settings and flags anywhere, a time with its unit;
anything left over is refused with the calculator's usage. Shared by the calculator modules
(`calcs_action`, `calcs_reality`, `calcs_people`, `calcs_powers`)."""

from __future__ import annotations

from gmconsole.engine.numbers import decimal, whole
from gmconsole.systems.base import Calculator
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.interaction import ATTITUDES as ALL_ATTITUDES
from gmconsole.systems.torg.totals import LEVELS
from gmconsole.systems.torg.values import unit_key, units, value_to_measure

VALUE = (-50, 200)
"""Bounds of any value, total or difficulty typed into a calculator."""
COUNT = (1, 100000)
"""Bounds of a count of people or actions."""


class Words:
    """The arguments of one calculator, read left to right, each with its bounds."""

    def __init__(self, spec: Calculator, args: list[str]) -> None:
        self.spec, self.args = spec, list(args)

    def usage(self) -> TorgError:
        return TorgError(f"usage: calc {self.spec.key} {self.spec.usage}")

    def _next(self) -> str:
        if not self.args:
            raise self.usage()
        return self.args.pop(0)

    def number(self, what: str, bounds: tuple[int, int] = VALUE) -> int:
        return whole(self._next(), what, *bounds)

    def word(self, what: str, choices: tuple[str, ...]) -> str:
        text = self._next().lower()
        hits = [c for c in choices if c == text] or [c for c in choices if c.startswith(text)]
        if len(hits) != 1:
            raise TorgError(f"{what} must be one of {', '.join(choices)}, got {text[:40]!r}")
        return hits[0]

    def flag(self, name: str) -> bool:
        """Whether the optional word `name` was typed (anywhere among the rest)."""
        lowered = [a.lower() for a in self.args]
        if name in lowered:
            del self.args[lowered.index(name)]
            return True
        return False

    def option(self, name: str, what: str, bounds: tuple[int, int] = VALUE) -> int | None:
        """The number after the optional word `name`, if typed."""
        lowered = [a.lower() for a in self.args]
        if name not in lowered:
            return None
        at = lowered.index(name)
        if at + 1 >= len(self.args):
            raise self.usage()
        value = whole(self.args[at + 1], what, *bounds)
        del self.args[at : at + 2]
        return value

    def seconds(self) -> float:
        """A time typed as a number and a unit ("3 months"): its measure in seconds."""
        amount = decimal(self._next(), "the time", 0, 10**9)
        unit = unit_key(self._next())
        if units()[unit][0] != "time":
            raise TorgError(f"{unit} is no unit of time")
        if amount <= 0:
            raise TorgError("the time must be above 0")
        return float(amount) * value_to_measure(units()[unit][1])  # one unit's measure in seconds

    def done(self) -> None:
        if self.args:
            raise TorgError(
                f"unexpected {self.args[0][:40]!r} (usage: calc {self.spec.key} {self.spec.usage})"
            )


LEVEL_WORDS = ("failure", *LEVELS)
ATTITUDES = ALL_ATTITUDES[:5]


def level(w: Words) -> str | None:
    word = w.word("the success level", LEVEL_WORDS)
    return None if word == "failure" else word
