"""A whole side into the fight at once: `add party` brings every PC in, `add side NAME` every
roster character (not templates) whose side is NAME, as one undoable event.

A new campaign's first fight used to take one `add` per player character; a GM now types
`add party`, adds the foes, and starts.
"""

from __future__ import annotations

from gmconsole.engine.encounter import Combatant, Notice
from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.store.encounter_ops import EncounterIntents
from gmconsole.store.state import Draft


class PartyIntents(EncounterIntents):
    """Several roster characters in one event (mixed into `Session`)."""

    def add_group(self, side: str | None = None) -> Event:
        """Every PC (`side` None), or every individual whose side is `side`, not yet in the
        active encounter, joins by reference on their own side."""
        self.require_writable()
        if self.encounter is None:
            raise RulesError("no active encounter: start one with 'encounter NAME'")
        wanted = (side or "").strip().lower()
        chosen = [
            (slug, ch)
            for slug, ch in self.roster.items()
            if not ch.template and ch.kind != "creature"
            and (ch.kind == "pc" if not wanted else ch.default_side.lower() == wanted)
        ]
        draft = Draft(self)
        enc = draft.encounter()
        present = {c.ref for c in enc.combatants if c.ref}
        ctx = self.round_context()
        notices: list[Notice] = []
        for slug, ch in chosen:
            if slug in present:
                continue
            c = Combatant(id=enc.new_id(slug), name=ch.name, side=ch.default_side, ref=slug)
            notices += enc.add(c, self._turn_order, ctx)
        if not notices:
            who = f"side {side!r}" if wanted else "the party"
            if not chosen:
                none = f"no roster character is on side {side!r}" if wanted else "the roster has no PCs"
                raise RulesError(f"{none}: add them one by one (add NAME)")
            raise RulesError(f"everyone of {who} is in the encounter {enc.name!r} already")
        return self._combat_event(draft, EventKind.ENCOUNTER, notices, ctx)
