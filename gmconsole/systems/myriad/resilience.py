"""Resilience lines: rows of boxes crossed off by damage, with an optional critical line.

Rules (spec §3.5, §4.6): damage crosses off the main line first. On a **critical** resilience
(Wounds, Nerve) an empty main line means incapacitated (KO, cannot act until revived); further
damage comes off the critical line, and an empty critical line is the permanent effect (death for
Wounds). Damage past the critical line is discarded. On a **non-critical** line (Resolve) an empty
line means the character is out of that kind of conflict: they concede, surrender or flee.

``status`` is one of "active", "incapacitated", "dead": for a non-critical line "incapacitated" means
"out of this conflict"; for Nerve "dead" is read as the line's ``permanent_effect`` (madness).

Both rows are the engine's :class:`~gmconsole.engine.tracks.BoxTrack`; a spill from the main row
goes on to the critical row. ``Resilience(boxes=4, critical=3)`` is the short way to build one.

Rulings: A2 (critical base = ceil(base stat / 2), fixed before buying boxes, see
:func:`base_critical`); C5 (incapacitation ends as soon as one main-line box is restored).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from gmconsole.engine.model import Model
from gmconsole.engine.tracks import BoxTrack
from gmconsole.systems.myriad.errors import MyriadError

Status = Literal["active", "incapacitated", "dead"]
MAX_BOXES = 200


@dataclass(frozen=True)
class DamageResult:
    """Where ``apply`` put the points; pass it to :meth:`Resilience.undo` to take them back."""

    main: int
    critical: int
    discarded: int

    @property
    def taken(self) -> int:
        return self.main + self.critical


@dataclass(frozen=True)
class HealResult:
    main: int
    critical: int

    @property
    def restored(self) -> int:
        return self.main + self.critical


class Resilience(Model):
    """One resilience line: the main row, and the critical row if the line is critical.

    Persisted: the two rows (size and boxes crossed), the permanent effect's name and the
    natural-healing night counter. Everything else is derived.
    """

    model_config = ConfigDict(extra="forbid")

    line: BoxTrack
    critical_line: BoxTrack | None = None
    permanent_effect: str = Field(default="death", description="what an empty critical line means")
    healing_nights: int = Field(default=0, ge=0, le=2,
                                description="nights slept towards the next critical box")

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, raw: Any) -> Any:
        """Accept ``boxes=``, ``critical=``, ``crossed=``, ``critical_crossed=`` as a shorthand."""
        if not isinstance(raw, dict) or "line" in raw:
            return raw
        raw = dict(raw)
        boxes, crossed = raw.pop("boxes", None), raw.pop("crossed", 0)
        critical, critical_crossed = raw.pop("critical", 0), raw.pop("critical_crossed", 0)
        if boxes is not None:
            raw["line"] = {"boxes": boxes, "marked": crossed}
        if critical or critical_crossed:
            raw["critical_line"] = {"boxes": critical, "marked": critical_crossed}
        return raw

    @model_validator(mode="after")
    def _size(self) -> Resilience:
        if self.line.boxes > MAX_BOXES or self.critical > MAX_BOXES:
            raise MyriadError(f"a resilience line holds at most {MAX_BOXES} boxes")
        return self

    # ---- derived --------------------------------------------------------------------------
    @property
    def boxes(self) -> int:
        return self.line.boxes

    @property
    def critical(self) -> int:
        return self.critical_line.boxes if self.critical_line else 0

    @property
    def crossed(self) -> int:
        return self.line.marked

    @property
    def critical_crossed(self) -> int:
        return self.critical_line.marked if self.critical_line else 0

    @property
    def has_critical(self) -> bool:
        return self.critical > 0

    @property
    def remaining(self) -> int:
        return self.line.remaining

    @property
    def critical_remaining(self) -> int:
        return self.critical_line.remaining if self.critical_line else 0

    @property
    def boxes_left(self) -> int:
        """Main plus critical boxes still open (the medic TN counts these)."""
        return self.remaining + self.critical_remaining

    @property
    def status(self) -> Status:
        if self.remaining > 0:
            return "active"
        if self.has_critical and self.critical_remaining == 0:
            return "dead"
        return "incapacitated"

    # ---- changes --------------------------------------------------------------------------
    def apply(self, n: int, *, to_critical: bool = False) -> DamageResult:
        """Cross off ``n`` boxes: main line, then critical line, the rest discarded.

        ``to_critical`` sends the damage straight to the critical line (Rune of Death, Deadly
        Weakness). On a line with no critical line it lands on the main line instead.
        """
        _check_amount(n, "damage")
        spill = n if to_critical and self.critical_line else self.line.mark(n)
        main = n - spill
        rest = self.critical_line.mark(spill) if self.critical_line else spill
        return DamageResult(main=main, critical=spill - rest, discarded=rest)

    def restore(self, n: int, *, criticals_first: bool = False) -> HealResult:
        """Uncross up to ``n`` boxes; main line first unless ``criticals_first`` (medical care)."""
        _check_amount(n, "healing")
        critical = main = 0
        if criticals_first and self.critical_line:
            critical = self.critical_line.clear(n)
        main = self.line.clear(n - critical)
        if not criticals_first and self.critical_line:
            critical = self.critical_line.clear(n - main)
        if self.critical_crossed == 0:
            self.healing_nights = 0
        return HealResult(main=main, critical=critical)

    def clear(self) -> HealResult:
        """Uncross everything (Resolve when a conflict ends)."""
        return self.restore(self.crossed + self.critical_crossed)


def base_critical(base_stat: int) -> int:
    """Critical line before any bought boxes: half the base statistic, rounded up (ruling A2)."""
    return -(-base_stat // 2)


def wounds_line(power: int, *, extra_boxes: int = 0, extra_critical: int = 0) -> Resilience:
    """Wounds = Power (+ bought boxes); Critical = ceil(Power / 2) (+ bought critical boxes)."""
    return Resilience(boxes=power + extra_boxes, critical=base_critical(power) + extra_critical,
                      permanent_effect="death")


def resolve_line(spirit: int, *, extra_boxes: int = 0) -> Resilience:
    """Resolve = Spirit (+ bought boxes); no critical line."""
    return Resilience(boxes=spirit + extra_boxes, permanent_effect="")


def new_line(type_id: str, stats: Mapping[str, int]) -> Resilience:
    """A module's line for a sheet that lacks it: boxes = its base statistic, a critical row of
    half that (rounded up) when the line is critical (Nerve: Spirit, critical = madness)."""
    from gmconsole.systems.myriad.conflict import resilience_types

    kind = resilience_types()[type_id]
    base = stats.get(kind.base_stat, 1)
    return Resilience(boxes=base, critical=base_critical(base) if kind.critical else 0,
                      permanent_effect=kind.permanent_effect)


def _check_amount(n: int, what: str) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise MyriadError(f"{what}: {n!r} is not a number of boxes")
