"""Popcorn initiative with the book's surprise rule: in round 1 an unaware side (listed in the
encounter's ``unaware_sides``) that loses the opening roll by 5 or more is Surprised and takes no
turn that round; when only one side is left yet to go, it surges together."""

from __future__ import annotations

from gmconsole.engine.encounter import Encounter, Notice
from gmconsole.engine.popcorn import Popcorn
from gmconsole.engine.turn_order import RoundContext
from gmconsole.systems.mythmagica.procedures import surprised as is_surprised


class MythmagicaPopcorn(Popcorn):
    name = "Popcorn initiative"

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        start = len(ctx.rolls)
        notices = super().plan_round(enc, ctx)
        unaware = set(enc.state.get("unaware_sides", []))
        if enc.round != 1 or not unaware:
            return notices
        rolls = ctx.rolls[start:]
        last: dict[str, int] = {}
        for r in rolls:  # the last roll of each side is the one that broke the tie
            last[r.who] = r.total
        if not last:
            return notices
        top = max(last.values())
        st = self._state(enc)
        surprised = [s for s, v in last.items() if s in unaware and is_surprised(v, top)]
        for side in surprised:
            st["ytg"] = [c for c in st["ytg"] if enc.get(c).side != side]
            st.setdefault("surprised", []).append(side)
            notices.append(Notice(kind="initiative", text=f"Side {side} is Surprised: no turns this round"))
        if surprised:
            enc.steps = []  # the pick made before the surprise is void; pick again without it
            first = self._default_pick(enc, prefer_side=st.get("opening"))
            enc.steps = [] if first is None else [self._step_for(enc, first)]
        return notices
