"""Popcorn initiative with the book's surprise rule: in round 1 an unaware side (the encounter
setting `unaware`, or the list ``unaware_sides``) rolls 2d20 keep low, and if it loses the
opening roll by 5 or more it is Surprised and takes no turn that round; a combatant who seized
the initiative (`seize`) acts first in round 1 without an opening roll. When only one side is
left yet to go, it surges together."""

from __future__ import annotations

from gmconsole.engine.encounter import Encounter, EncounterError, Notice, Step
from gmconsole.engine.popcorn import Popcorn
from gmconsole.engine.turn_order import RoundContext
from gmconsole.systems.mythmagica.procedures import mook_groups
from gmconsole.systems.mythmagica.procedures import surprised as is_surprised


def _unaware(enc: Encounter) -> set[str]:
    sides = set(enc.state.get("unaware_sides", []))
    setting = str(enc.state.get("unaware", "none") or "none")
    if setting.lower() != "none":
        sides.add(setting)
    return sides


class MythmagicaPopcorn(Popcorn):
    name = "Popcorn initiative"

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        unaware = _unaware(enc)
        seized = str(enc.state.get("seize", "none") or "none")
        if enc.round == 1 and seized.lower() != "none":
            return self._seized(enc, seized)
        saved = enc.state.get("unaware_sides")
        enc.state["unaware_sides"] = sorted(unaware)
        start = len(ctx.rolls)
        try:
            notices = super().plan_round(enc, ctx)
        finally:
            if saved is None:
                enc.state.pop("unaware_sides", None)
            else:
                enc.state["unaware_sides"] = saved
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
            notices.append(
                Notice(
                    kind="initiative",
                    text=f"Side {side} is Surprised: no turns this round, attacks against it have an Edge",
                )
            )
        if surprised:
            enc.steps = []  # the pick made before the surprise is void; pick again without it
            first = self._default_pick(enc, prefer_side=st.get("opening"))
            enc.steps = [] if first is None else [self._step_for(enc, first)]
        return notices

    def _seized(self, enc: Encounter, who: str) -> list[Notice]:
        st = self._state(enc)
        enc.steps = []
        st["ytg"] = [c.id for c in enc.combatants if c.status != "out"]
        st["gone"], st["harmed"], st["chosen"] = [], [], None
        try:
            first = enc.find(who)
        except EncounterError:
            first = None
        if first is None or first.id not in st["ytg"]:
            raise EncounterError(f"{who!r} seized the initiative but is not in this fight (set seize none)")
        st["opening"] = first.side
        enc.steps = [self._step_for(enc, first.id)]
        return [Notice(kind="initiative", text=f"{first.name} seized the initiative: no opening roll")]

    def _step_for(self, enc: Encounter, cid: str) -> Step:
        """With the encounter setting `groups on`, a creature made from a template takes its
        turn with the others of its template still to go, in groups of 3-4."""
        step = super()._step_for(enc, cid)
        chosen = enc.get(cid)
        if step.phase == "surge" or str(enc.state.get("groups", "off")) != "on" or not chosen.template:
            return step
        same = [
            x
            for x in self._able(enc)
            if enc.get(x).template == chosen.template and enc.get(x).side == chosen.side
        ]
        size = max(1, mook_groups(len(same))[0] if same else 1)
        others = [x for x in same if x != cid]
        mates = [cid, *others[: size - 1]]
        return Step(actors=mates, label=f"{chosen.side} group" if len(mates) > 1 else chosen.side)

    def choose_next(self, enc: Encounter, cid: str) -> list[Notice]:
        """Refuse a pick the rules forbid, saying who may be picked instead."""
        options = self.choices(enc)
        if cid not in options:
            names = ", ".join(enc.get(c).name for c in options) or "nobody"
            harmed = [c for c in self._state(enc)["harmed"] if c in options]
            why = (
                "was harmed and must go next"
                if len(harmed) == 1
                else "were harmed: one of them goes next"
                if harmed
                else "may go next"
            )
            if cid in self._state(enc)["gone"]:
                raise EncounterError(f"{enc.get(cid).name} has already gone this round; {names} {why}")
            raise EncounterError(f"{enc.get(cid).name} cannot be picked: {names} {why}")
        return super().choose_next(enc, cid)
