"""Point-buy: what a sheet costs in character points (chp) at creation, with a running total,
and where it leaves the race's limits.

A stat costs its value times its price per level (from zero: Fitness 6 at 10 a level is 60).
A mod costs its price per level (`cost` on the mod, set by the GM) times its levels: a signed
mod's value (a negative one refunds), a special mod's levels above the -10 it starts at, an
absolute mod's size (large and small cost the same). A mod without a price is the GM's to
price, as are equipment and spells; movement rates have no price in the book. The limits are
guidelines: leaving them is a warning, never a refusal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gmconsole.systems.arm.book import data_file
from gmconsole.systems.arm.sheet import ArmSheet, Mod

SPECIAL_START = -10
"""Special mods are bought from -10 (lower is not allowed)."""


@dataclass
class PointBuy:
    total: int = 0
    steps: list[str] = field(default_factory=list)
    """Each priced item with the running total after it: "Fit 6x10=60"."""
    unpriced: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def add(self, label: str, levels: int, price: int) -> None:
        self.total += levels * price
        self.steps.append(f"{label} {levels}x{price}={self.total}")


def _levels(m: Mod) -> int:
    return m.value - SPECIAL_START if m.kind == "special" else m.value


def point_buy(s: ArmSheet) -> PointBuy:
    """The sheet priced at the book's example costs and the mods' own prices."""
    creation = data_file("creation")
    costs = creation["stat_cost"]
    out = PointBuy()
    for stat, value in s.stats.items():
        out.add(stat[:3].capitalize(), value, int(costs[stat]))
    for m in s.mods:
        if m.cost is None:
            out.unpriced.append(m.name)
        else:
            out.add(m.name, _levels(m), m.cost)
        if m.kind == "special" and m.value < SPECIAL_START:
            out.warnings.append(f"{m.name}: a special mod starts at {SPECIAL_START}")
        if m.kind == "signed" and not -3 <= m.value <= 3:
            out.warnings.append(f"{m.name} {m.value:+d}: outside the usual -3..+3")
    limits = creation["races"].get(s.race)
    if limits is None:
        out.warnings.append(f"no limits for race {s.race!r} (known: {', '.join(creation['races'])})")
    else:
        for key, value in [*s.stats.items(), *s.movement.items()]:
            low, high = limits.get(key, (value, value))
            if not low <= value <= high:
                out.warnings.append(f"{key} {value} outside {s.race} {low}..{high}")
    return out


def summary(s: ArmSheet, budget: int | None = None) -> str:
    """One line: the total, against the budget when one is given, and the warnings."""
    bought = point_buy(s)
    text = f"{bought.total} chp"
    if budget is not None:
        left = budget - bought.total
        text += f" of {budget}: {left} left" if left >= 0 else f" of {budget}: {-left} over"
    if bought.unpriced:
        text += f"; no price yet: {', '.join(bought.unpriced)}"
    if bought.warnings:
        text += "; " + "; ".join(bought.warnings)
    return text
