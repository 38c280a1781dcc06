"""Damage and Setback on a sheet: taking harm, healing, being Overcome, and what being Overcome
costs at the end of the scene (the Guts & Glory tables).

Being Overcome is stored on the sheet (`overcome`), not read off the tracks: it lasts at least
to the end of the scene and until both HP and FP are 1 or more, so healing 3 Setback into a
character who fell does not bring it back into the fight. It records how the character fell:
HP 0 is a lethal defeat (Aftershock) even when FP reached 0 too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmconsole.engine.errors import RulesError
from gmconsole.engine.tracks import StatusView
from gmconsole.systems.base import SheetChange
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.booktables import table_rows
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

KINDS = ("damage", "setback")
MAX_HARM = 1_000_000
"""No single hit or healing a GM types is larger than this (the largest HP in the tables is 2,436)."""


def _kind(kind: str | None) -> str:
    kind = (kind or "damage").lower()
    if kind not in KINDS:
        raise RulesError(f"unknown damage kind {kind!r} (kinds: {', '.join(KINDS)})")
    return kind


def _amount(amount: int, what: str) -> int:
    if not 0 <= amount <= MAX_HARM:
        raise RulesError(f"{what} must be a whole number from 0 to {MAX_HARM}, got {amount}")
    return amount


def take(s: MythmagicaSheet, amount: int, kind: str | None) -> SheetChange:
    """`amount` of final Damage (off HP) or Setback (off FP), after Ward; a mook's first point
    defeats it. Reaching 0 marks the character Overcome for the scene."""
    kind = _kind(kind)
    amount = _amount(amount, "damage")
    field, top = ("damage", s.hp_max) if kind == "damage" else ("setback", s.fp_max)
    before = getattr(s, field)
    after = top if (s.cast == "mook" and amount > 0) else min(top, before + amount)
    update: dict[str, Any] = {field: after}
    left = top - after
    overcome = s.overcome
    if left == 0 and amount > 0 and s.cast != "mook":
        overcome = "lethal" if field == "damage" else (overcome or "non-lethal")
        update["overcome"] = overcome
    new = s.model_copy(update=update)
    track = "HP" if field == "damage" else "FP"
    text = f"takes {amount} {kind} ({track} {left}/{top})" + (" - Overcome" if left == 0 else "")
    return SheetChange(new, text, {"kind": kind, "amount": amount}, harmed=amount > 0)


def recover(s: MythmagicaSheet, amount: int, kind: str | None) -> SheetChange:
    """Heal Damage or Setback. An Overcome character stays out of the fight to the end of the
    scene however much it heals."""
    kind = _kind(kind)
    amount = _amount(amount, "healing")
    field = "damage" if kind == "damage" else "setback"
    after = max(0, getattr(s, field) - amount)
    new = s.model_copy(update={field: after})
    track = "HP" if field == "damage" else "FP"
    top = s.hp_max if field == "damage" else s.fp_max
    still = " - still Overcome to the end of the scene" if s.overcome else ""
    return SheetChange(new, f"recovers {amount} {kind} ({track} {top - after}/{top}){still}")


def status(s: MythmagicaSheet) -> StatusView:
    flags = tuple(s.conditions)
    if s.cast == "mook" and (s.damage or s.setback):
        return StatusView("down", "defeated", "a mook falls to its first point of harm", flags)
    if s.overcome or s.damage >= s.hp_max or s.setback >= s.fp_max:
        why = "HP 0" if s.overcome == "lethal" or s.damage >= s.hp_max else "FP 0"
        return StatusView("down", "Overcome", why, flags)
    held = ", ".join(flags)  # the sheet's conditions in the words beside the name, once (not
    if s.damage or s.setback:  # again as flags), so the narrow popcorn columns show them too
        return StatusView("hurt", "hurt", held)  # the HP and FP figures beside it say how much
    if flags:
        return StatusView("hurt", held)
    return StatusView("ok", "ok")


def how_fell(s: MythmagicaSheet) -> str | None:
    """ "lethal", "non-lethal" or None: how the character was Overcome this scene."""
    if s.overcome:
        return s.overcome
    if s.damage >= s.hp_max:
        return "lethal"
    if s.setback >= s.fp_max:
        return "non-lethal"
    return None


def _row(table: str, status_: int) -> str:
    row = next((r for r in table_rows("glory.toml", table) if str(r[0]) == str(status_)), None)
    return row[1] if row else "see the table"


def fallout(s: MythmagicaSheet, glory: Mapping[str, int]) -> str:
    """The Guts & Glory consequence of being Overcome, read at the end of the scene: the
    Aftershock table for a lethal defeat, Aftermath for a non-lethal one, at the character's
    Glory Status. Unnamed characters count as Glory Status 6 (at 0 HP they die); a named
    companion suffers its Principal's row (`glory` holds the Glory Status of each named
    character seen in the scene, by roster key) and an unnamed companion dies."""
    fell = how_fell(s)
    if fell is None:
        return ""
    how = "Aftershock" if fell == "lethal" else "Aftermath"
    table = (
        "Aftershock: individual lethal defeat"
        if fell == "lethal"
        else "Aftermath: individual non-lethal defeat"
    )
    if s.principal and not s.named:
        return "Overcome: dies (an unnamed companion)"
    if s.principal:
        key = s.principal.strip().lower()
        status_ = glory.get(key)
        if status_ is None:
            return f"Overcome, {how} at its Principal's Glory Status ({s.principal}'s row of the {how} table)"
        return f"Overcome, {how} at {s.principal}'s Glory Status {status_}: {_row(table, status_)}"
    if not s.named:
        return "Overcome: dies (unnamed, 0 HP)" if fell == "lethal" else f"Overcome: {_row(table, 6)}"
    status_ = rules.glory_status(s.guts_spent)
    return f"Overcome, {how} at Glory Status {status_}: {_row(table, status_)}"


def scene_ends(s: MythmagicaSheet, glory: Mapping[str, int]) -> SheetChange | None:
    """End of the scene: conditions lasting the scene clear, the Guts & Glory consequence is
    read, and Overcome ends for whoever has HP and FP again."""
    scene_only = {
        r[0].lower() for r in table_rows("conditions.toml", "Character Conditions") if r[3] == "scene"
    }
    keep = [c for c in s.conditions if c.split(":")[0].strip().lower() not in scene_only]
    consequence = fallout(s, glory)
    back = s.overcome is not None and s.damage < s.hp_max and s.setback < s.fp_max
    beaten = s.cast == "mook" and bool(s.damage or s.setback)
    if keep == s.conditions and not consequence and not back and not beaten:
        return None
    gone = [c for c in s.conditions if c not in keep]
    parts = ([f"{', '.join(gone)} end"] if gone else []) + ([consequence] if consequence else [])
    if (consequence or beaten) and s.cast != "avatar":
        basis = "single roll" if s.cast == "mook" else "extended"
        parts.append(f"XP basis: Level {s.lvl} {basis} (award WHO PARTY_LEVEL {s.lvl}{basis[0]})")
    update: dict[str, Any] = {"conditions": keep}
    if back:
        update["overcome"] = None
        parts.append("no longer Overcome")
    return SheetChange(
        s.model_copy(update=update),
        "end of scene: " + "; ".join(parts),
        {"guts_and_glory": consequence} if consequence else {},
    )
