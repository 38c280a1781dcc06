"""Combat: the Combat Results Table, stun damage, damage values, Toughness and hitting.

hit: attack total >= the defender's value (passive) or defence total (active, bonus floor 1);
damage total = damage value + the **same** bonus (+ effect modifiers); damage result points =
damage total - effective Toughness -> a row of the Combat Results Table (Ords or
possibility-rated column). Past 15 the "+2" row is added once for every two full result points
above 15 (L1811: 18 -> 4 Wnd KO 5, 19 -> 5 Wnd KO 5).

Rulings: §9.1 #2 (Ords rows 15 and +2 lost: row 15 reads as 14, "+2" as +1 Wnd); §9.3 armour
never lowers Toughness (`max(TOU, min(TOU + add, max))`); §9.3 a weapon's damage is
`min(STR + adds, max)` exactly as printed, even when STR alone is above the max (§9.2 #9, Grod).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import load

KNOCKOUTS = ("K", "O", "K/O", "KO")
_CELL = re.compile(
    r"^\s*(?:(?P<wnd>\d*)\s*Wnd\s*)?(?P<kd>Knockdown\s*)?(?P<ko>K/O|KO|K|O)?\s*(?P<shock>\d+)?\s*$"
)


@dataclass(frozen=True)
class CombatResult:
    """One Combat Results Table cell: what a blow does before it is applied."""

    shock: int = 0
    wounds: int = 0
    knockout: str | None = None
    """"K", "O", "K/O" (a K, or an O if already K'd) or "KO" (both)."""
    knockdown: bool = False

    def __post_init__(self) -> None:
        if self.shock < 0 or self.wounds < 0:
            raise TorgError("a combat result cannot remove shock or wounds")
        if self.knockout not in (None, *KNOCKOUTS):
            raise TorgError(f"unknown knockout '{self.knockout}' (one of {', '.join(KNOCKOUTS)})")

    @property
    def harmless(self) -> bool:
        return not (self.shock or self.wounds or self.knockout or self.knockdown)

    def as_stun(self) -> CombatResult:
        """Stun damage (L3762): knockdown is ignored, one Wnd becomes a knockdown, n Wnd
        become n-1 Wnd ("Wnd K 3" -> "Knockdown K 3", "2 Wnd KO 5" -> "Wnd KO 5")."""
        if self.wounds == 1:
            return replace(self, wounds=0, knockdown=True)
        return replace(self, wounds=max(0, self.wounds - 1), knockdown=False)

    def __str__(self) -> str:
        parts = []
        if self.wounds:
            parts.append("Wnd" if self.wounds == 1 else f"{self.wounds} Wnd")
        if self.knockdown:
            parts.append("Knockdown")
        if self.knockout:
            parts.append(self.knockout)
        if self.shock:
            parts.append(str(self.shock))
        return " ".join(parts) or "no effect"


def parse_cell(cell: str) -> CombatResult:
    """Read a cell in the book's notation ("2 Wnd KO 5", "Knockdown K/O 4", "O 1")."""
    m = _CELL.match(cell)
    if not m or not cell.strip():
        raise TorgError(f"combat_results.toml: cannot read cell '{cell}'")
    wnd = m["wnd"]
    wounds = 0 if wnd is None and "Wnd" not in cell else int(wnd or 1)
    return CombatResult(shock=int(m["shock"] or 0), wounds=wounds, knockout=m["ko"], knockdown=bool(m["kd"]))


@dataclass(frozen=True)
class CrtColumn:
    """One column of the combat results table (Ords, or possibility-rated): a result per damage
    over Toughness, from S (0) to 15, and what every two points past 15 add."""

    rows: tuple[CombatResult, ...]
    """Rows 0 (S) to 15."""
    plus_two: CombatResult


@cache
def _columns() -> dict[str, CrtColumn]:
    data = load("combat_results")["columns"]
    out = {}
    for name in ("ords", "possibility_rated"):
        col = data[name]
        rows = tuple(parse_cell(c) for c in col["rows"])
        if len(rows) != 16:
            raise TorgError(f"combat_results.toml: column {name} needs 16 rows (S to 15)")
        out[name] = CrtColumn(rows, parse_cell(col["plus_two"]))
    return out


def combat_result(result_points: int, *, possibility_rated: bool) -> CombatResult:
    """The CRT cell for damage result points (damage total - Toughness); a harmless result
    below 0. Past 15: row 15 plus the "+2" row for every two full points above 15."""
    if result_points < 0:
        return CombatResult()
    col = _columns()["possibility_rated" if possibility_rated else "ords"]
    if result_points <= 15:
        return col.rows[result_points]
    extra = (result_points - 15) // 2
    base, plus = col.rows[15], col.plus_two
    return CombatResult(
        shock=base.shock + extra * plus.shock,
        wounds=base.wounds + extra * plus.wounds,
        knockout=base.knockout if not (extra and plus.knockout) else plus.knockout,
        knockdown=base.knockdown or bool(extra and plus.knockdown),
    )


def damage_value(strength: int, *, adds: int = 0, maximum: int | None = None) -> int:
    """A muscle-powered weapon's damage value: STR + adds, capped at the weapon's maximum
    (as printed, even if STR alone is above it: Grod STR 17 + short bow 5, max 19 -> 19)."""
    value = strength + adds
    return value if maximum is None else min(value, maximum)


def effective_toughness(
    toughness: int,
    *,
    armour_add: int = 0,
    armour_max: int | None = None,
    extra: int = 0,
) -> int:
    """Toughness against a blow: armour add up to the armour's maximum (never lowering a very
    tough character), plus `extra` (cover adds, One-on-Many Toughness increase)."""
    armoured = toughness + armour_add
    if armour_max is not None:
        armoured = max(toughness, min(armoured, armour_max))
    return armoured + extra


DODGED = frozenset({"fire_combat", "energy_weapons", "missile_weapons", "heavy_weapons"})
PARRIED = frozenset({"melee_weapons", "unarmed_combat"})


def defence_skill(attack_skill: str, *, wielding_melee: bool = False, martial_art: bool = False) -> str:
    """Which defensive skill answers an attack (L686, §5.6): dodge against shots and throws;
    melee weapons if the defender wields one, else unarmed combat (against a melee weapon only
    with a suitable martial art); the bare DEX when none applies (returned as "DEX")."""
    if attack_skill in DODGED:
        return "dodge"
    if attack_skill in PARRIED:
        if wielding_melee:
            return "melee_weapons"
        if attack_skill == "unarmed_combat" or martial_art:
            return "unarmed_combat"
        return "DEX"
    raise TorgError(f"'{attack_skill}' is not an attack skill (one of {', '.join(sorted(DODGED | PARRIED))})")
