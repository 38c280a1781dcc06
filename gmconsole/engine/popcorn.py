"""Popcorn initiative: whoever just acted picks who goes next (Mythmagica / Tactic II).

Each round opens with one d20 per side (an unaware side keeps the lower of two; ties are
re-rolled); the winning side's controller picks the first actor. After each turn the actor's
controller picks the next from those yet to go; a waiting combatant who was harmed during that
turn must be picked first. Once everyone yet to go is on one side, they all act together (the
"surge"). The tracker shows two columns, yet to go and already gone.
"""

from __future__ import annotations

from typing import ClassVar

from gmconsole.engine.encounter import Encounter, EncounterError, Notice, Step
from gmconsole.engine.turn_order import InitiativeRoll, RoundContext, TurnOrder


class Popcorn(TurnOrder):
    """The dynamic order; state lives in `enc.state['popcorn']` so it persists."""

    id = "popcorn"
    name = "Popcorn initiative"
    dynamic: ClassVar[bool] = True

    def _state(self, enc: Encounter) -> dict:
        return enc.state.setdefault("popcorn", {"ytg": [], "gone": [], "harmed": [], "chosen": None})

    def plan_round(self, enc: Encounter, ctx: RoundContext) -> list[Notice]:
        st = self._state(enc)
        enc.steps = []  # last round's steps are not "acting" while the new round is picked
        st["ytg"] = [c.id for c in enc.combatants if c.status != "out"]
        st["gone"], st["harmed"], st["chosen"] = [], [], None
        sides = sorted({enc.get(c).side for c in st["ytg"]}, key=self._side_index(enc))
        notices: list[Notice] = []
        unaware = set(enc.state.get("unaware_sides", []))
        winner = sides[0] if sides else None
        for _ in range(50):
            if len(sides) <= 1:
                break
            rolls: dict[str, int] = {}
            for side in sides:
                faces = (ctx.die(20), ctx.die(20)) if side in unaware else (ctx.die(20),)
                rolls[side] = min(faces)
                ctx.rolls.append(InitiativeRoll(who=side, dice=faces, modifier=0, total=rolls[side]))
            top = max(rolls.values())
            winners = [s for s, v in rolls.items() if v == top]
            if len(winners) == 1:
                winner = winners[0]
                notices.append(Notice(kind="initiative", text=f"Side {winner} wins the opening ({top})"))
                break
        st["opening"] = winner
        first = self._default_pick(enc, prefer_side=winner)
        enc.steps = [] if first is None else [self._step_for(enc, first)]
        return notices

    def _side_index(self, enc: Encounter):
        order = []
        for c in enc.combatants:
            if c.side not in order:
                order.append(c.side)
        return order.index

    def _step_for(self, enc: Encounter, cid: str) -> Step:
        able = self._able(enc)
        remaining_sides = {enc.get(c).side for c in able}
        if len(remaining_sides) == 1:
            return Step(actors=able, label="surge", phase="surge")
        return Step(actors=[cid], label=enc.get(cid).side)

    def _default_pick(self, enc: Encounter, prefer_side: str | None = None) -> str | None:
        options = self.choices(enc)
        if not options:
            return None
        if prefer_side is not None:
            for cid in options:
                if enc.get(cid).side == prefer_side:
                    return cid
        return options[0]

    def _able(self, enc: Encounter) -> list[str]:
        """Yet to go and still able to act: present, not out, and not acting right now."""
        st = self._state(enc)
        present = {x.id: x for x in enc.combatants}
        acting = set(enc.current.actors) if enc.current else set()
        return [c for c in st["ytg"] if c in present and present[c].status != "out" and c not in acting]

    def choices(self, enc: Encounter) -> list[str]:
        able = self._able(enc)
        harmed = [c for c in self._state(enc)["harmed"] if c in able]
        return harmed or able

    def choose_next(self, enc: Encounter, cid: str) -> list[Notice]:
        if cid not in self.choices(enc):
            raise EncounterError(f"{enc.get(cid).name} cannot be picked now")
        self._state(enc)["chosen"] = cid
        return [Notice(kind="pick", text=f"{enc.get(cid).name} will go next", who=cid)]

    def on_step_start(self, enc: Encounter, step: Step) -> list[Notice]:
        st = self._state(enc)
        st["harmed"] = []
        return []

    def on_step_end(self, enc: Encounter, step: Step) -> list[Notice]:
        st = self._state(enc)
        for cid in step.actors:
            if cid in st["ytg"]:
                st["ytg"].remove(cid)
                st["gone"].append(cid)
        return []

    def on_harm(self, enc: Encounter, cid: str) -> None:
        st = self._state(enc)
        if cid in st["ytg"] and cid not in st["harmed"]:
            st["harmed"].append(cid)

    def next_dynamic(self, enc: Encounter, ctx: RoundContext) -> Step | None:
        st = self._state(enc)
        chosen = st.get("chosen")
        st["chosen"] = None
        if chosen not in self.choices(enc):
            last = enc.steps[-1].actors[0] if enc.steps and enc.steps[-1].actors else None
            last_side = enc.get(last).side if last else None
            others = [c for c in self.choices(enc) if enc.get(c).side != last_side]
            chosen = others[0] if others else self._default_pick(enc)
        return None if chosen is None else self._step_for(enc, chosen)

    def insert(self, enc: Encounter, combatant, ctx: RoundContext) -> list[Notice]:
        self._state(enc)["ytg"].append(combatant.id)
        return []

    def columns(self, enc: Encounter) -> dict[str, list[str]]:
        st = self._state(enc)
        return {"Yet to go": list(st["ytg"]), "Already gone": list(st["gone"])}
