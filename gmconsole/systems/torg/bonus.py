"""The bonus chart: a final die roll becomes a bonus number.

The chart is data (`data/bonus_chart.toml`) because the book prints it only on the character
template and several cells are reconstructed; a GM may load a corrected chart with
`BonusChart.from_data`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import TorgDataError, load


@dataclass(frozen=True)
class BonusChart:
    """Ranges of final die rolls and their bonus, plus the open-ended rule past the top row."""

    ranges: tuple[tuple[int, int, int], ...]
    overflow_above: int
    overflow_step: int
    overflow_per_step: int

    @classmethod
    def from_data(cls, body: dict[str, Any]) -> BonusChart:
        """Build and check a chart: ranges must start at 1, be contiguous and never go down."""
        try:
            ranges = tuple((int(lo), int(hi), int(b)) for lo, hi, b in body["ranges"])
            over = body["overflow"]
            chart = cls(ranges, int(over["above"]), int(over["step"]), int(over["per_step"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise TorgDataError(f"bonus_chart.toml: malformed chart ({exc})") from exc
        expected, last = 1, None
        for lo, hi, b in chart.ranges:
            if lo != expected or hi < lo:
                raise TorgDataError(f"bonus_chart.toml: range {lo}-{hi} should start at {expected}")
            if last is not None and b < last:
                raise TorgDataError(f"bonus_chart.toml: bonus {b} at {lo}-{hi} goes down")
            expected, last = hi + 1, b
        if chart.overflow_above != expected - 1 or chart.overflow_step < 1:
            raise TorgDataError("bonus_chart.toml: overflow must start where the ranges end")
        return chart

    def bonus(self, final_die_roll: int) -> int:
        """The bonus number for a final die roll (>= 1)."""
        if final_die_roll < 1:
            raise TorgError(f"a final die roll is at least 1, not {final_die_roll}")
        if final_die_roll > self.overflow_above:
            over = final_die_roll - self.overflow_above
            steps = -(-over // self.overflow_step)  # "or part thereof": round up
            return self.ranges[-1][2] + steps * self.overflow_per_step
        for lo, hi, b in self.ranges:
            if lo <= final_die_roll <= hi:
                return b
        raise AssertionError("unreachable: ranges are contiguous from 1")

    def lowest_roll_for(self, wanted_bonus: int) -> int:
        """The smallest final die roll whose bonus is at least `wanted_bonus` (for odds)."""
        for lo, _hi, b in self.ranges:
            if b >= wanted_bonus:
                return lo
        top = self.ranges[-1][2]
        steps = -(-(wanted_bonus - top) // self.overflow_per_step)
        return self.overflow_above + (steps - 1) * self.overflow_step + 1


@cache
def default_chart() -> BonusChart:
    """The shipped chart."""
    return BonusChart.from_data(load("bonus_chart").body)


def bonus(final_die_roll: int) -> int:
    """Bonus number for a final die roll, read from the shipped bonus chart (38 -> 11, 73 -> 18)."""
    return default_chart().bonus(final_die_roll)
