"""Template costing: races (and any template) priced from the GP list (spec §3.8, T-30, T-31).

A template's cost is 3 GP per statistic point plus its boons, minus its flaws.

Rulings: A8 (costs are computed from the price list and the book's printed figure is shown beside
it: the Elf prints 30 but computes to 33; the werewolf's Natural Weapon 2 is 6 GP, not the printed
4), A9 (Deadly Weakness is a flaw: +5 GP, or +2 GP with Immunity: Total), A10 (templates add up).
Metamorphic: a boon carried into extra forms costs +1 GP per boon per extra form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from gmconsole.systems.myriad import data
from gmconsole.systems.myriad.creation import gp_rates
from gmconsole.systems.myriad.errors import MyriadError


def boon_cost(boon_id: str, level: int = 1, *, extra_forms: int = 0,
              with_immunity_total: bool = False) -> int:
    """GP for ``level`` levels of a boon (negative for a flaw).

    ``extra_forms``: further Metamorphic forms the boon carries into (+1 GP each).
    ``with_immunity_total``: Deadly Weakness taken beside Immunity: Total is worth 2, not 5.
    """
    row = data.row("boons_flaws", "boons_flaws", "id", boon_id, what="boon or flaw")
    if not 1 <= level <= row["max_level"]:
        raise MyriadError(f"{row['name']}: level {level} is outside 1-{row['max_level']}")
    per_level = row["gp_per_level"]
    if with_immunity_total and "gp_with_immunity_total" in row:
        per_level = row["gp_with_immunity_total"]
    return per_level * level + extra_forms


def template_cost(stats: Mapping[str, int], boons_flaws: Mapping[str, int]) -> int:
    """3 GP per statistic point + boons - flaws."""
    return gp_rates()["stat"] * sum(stats.values()) + sum(
        boon_cost(boon, level) for boon, level in boons_flaws.items())


@dataclass(frozen=True)
class RaceTemplate:
    id: str
    name: str
    stats: dict[str, int]
    boons_flaws: dict[str, int]
    printed_gp: int | None
    notes: str
    stand_in: bool

    @property
    def cost(self) -> int:
        return template_cost(self.stats, self.boons_flaws)

    @property
    def cost_note(self) -> str:
        """The computed cost, and the printed one when they disagree (ruling A8)."""
        if self.printed_gp is None or self.printed_gp == self.cost:
            return f"{self.cost} GP"
        return f"{self.cost} GP (the book prints {self.printed_gp})"


@cache
def races() -> dict[str, RaceTemplate]:
    """The book's racial templates plus the project's stand-in Human."""
    found: dict[str, RaceTemplate] = {}
    for source, stand_in in (("races", False), ("npc_archetypes", True)):
        for r in data.rows(source, "races"):
            found[r["id"]] = RaceTemplate(id=r["id"], name=r["name"], stats=dict(r["stats"]),
                                          boons_flaws=dict(r["boons_flaws"]),
                                          printed_gp=r.get("printed_gp"),
                                          notes=r.get("notes", ""), stand_in=stand_in)
    return found


def race(race_id: str) -> RaceTemplate:
    known = races()
    key = data.normalise(race_id)
    if key not in known:
        raise data.MyriadDataError(data.unknown_message("race", race_id, known))
    return known[key]
