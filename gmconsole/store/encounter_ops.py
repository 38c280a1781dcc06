"""Intents on who is fighting and which encounter is running.

Adding a roster entry spawns numbered copies of a template or creature (each with its own
inline sheet, so four goblins have four HP tracks) or brings a PC / NPC in by reference (damage
lands on their one roster file). New, switched and ended encounters mark the encounter that
is on in its own file (`[state] active = true`) and clear the mark of the one that was, so two clones
that start different fights change different files (see `models.find_active`); an older
campaign whose campaign.toml names the fight moves it there on the first such change.
"""

from __future__ import annotations

from collections.abc import Mapping

from gmconsole.engine.encounter import PUBLIC, Combatant, Encounter, Notice
from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.store.combat import CombatIntents
from gmconsole.store.models import is_active, mark_active, slugify, valid_slug
from gmconsole.store.state import Draft

MAX_SPAWN = 50
"""`add N goblin` is bounded: a typo like `add 500 goblin` is refused, not obeyed."""


class EncounterIntents(CombatIntents):
    """Combatants in and out, and the active encounter (mixed into `Session`)."""

    # ------------------------------------------------------------------ who is fighting

    def add_combatant(
        self,
        source: str,
        count: int = 1,
        *,
        side: str | None = None,
        stats: Mapping[str, int] | None = None,
    ) -> Event:
        """Add a roster entry to the active encounter: a template or creature spawns `count`
        numbered copies with inline sheets; a PC or NPC joins once, by reference.

        A name the roster does not know makes quick combatants instead (`add 3 thug`): the
        system's default sheet with the few numbers in `stats` set (`quick_sheet`), kept inline
        in the encounter only, so a GM can start a fight before writing any sheet."""
        self.require_writable()
        if not 1 <= count <= MAX_SPAWN:
            raise RulesError(f"add 1 to {MAX_SPAWN} at a time, not {count}")
        try:
            slug = self.find_character(source)
        except RulesError as exc:
            if "ambiguous" in str(exc):
                raise
            return self._add_quick(source, count, side, stats or {})
        if stats:
            known = ", ".join(self.system.quick_stats) or "none"
            raise RulesError(
                f"{self.roster[slug].name} has a sheet: edit it (e) rather than set {', '.join(stats)} "
                f"here; numbers after a name are for quick combatants ({known})"
            )
        ch = self.roster[slug]
        draft = Draft(self)
        enc = draft.encounter()
        ctx = self.round_context()
        side = (side or "").strip() or ch.default_side
        notices: list[Notice] = []
        if ch.template or ch.kind == "creature":
            template = self.sheet_of(ch)
            if template is None:
                raise RulesError(f"{ch.name}'s sheet is not valid for {self.system.name}")
            n = self._next_number(enc, slug)
            for i in range(count):
                name = f"{ch.name} {n + i}"
                sheet = self.system.dump_sheet(self.system.spawn(template))
                c = Combatant(id=enc.new_id(slugify(name)), name=name, side=side, template=slug, sheet=sheet)
                notices += enc.add(c, self._turn_order, ctx)
        else:
            if count != 1:
                raise RulesError(f"{ch.name} is one character: add them once")
            holder = next((c for c in enc.combatants if c.ref == slug), None)
            if holder is not None:
                raise RulesError(f"{ch.name} is already in the encounter {enc.name!r}")
            c = Combatant(id=enc.new_id(slug), name=ch.name, side=side, ref=slug)
            notices += enc.add(c, self._turn_order, ctx)
        return self._combat_event(draft, EventKind.ENCOUNTER, notices, ctx, who=slug)

    def _add_quick(self, name: str, count: int, side: str | None, stats: Mapping[str, int]) -> Event:
        """`count` ad-hoc combatants named after `name` ("Thug", or "Thug 1".."Thug 3"), each
        with the system's quick sheet. A last word that is no side yet belongs to the name."""
        draft = Draft(self)
        enc = draft.encounter()
        sides = {c.side for c in enc.combatants} | {"pcs", "foes"}
        words = f"{name} {side or ''}".split()
        side = words.pop() if len(words) > 1 and words[-1] in sides else None  # else part of the name
        label = " ".join(words)
        if not label or not valid_slug(slugify(label)):
            raise RulesError(f"{name!r} cannot name a combatant")
        sheet = self.guarded(lambda: self.system.dump_sheet(self.system.quick_sheet(dict(stats))))
        ctx = self.round_context()
        notices: list[Notice] = []
        base = label[:1].upper() + label[1:]
        taken = {c.name for c in enc.combatants}
        numbered = any(t.startswith(f"{base} ") and t[len(base) + 1 :].isdigit() for t in taken)
        n = 2 if base in taken else 1  # "Ogre" is there already: the next is "Ogre 2"
        for _ in range(count):
            if count == 1 and base not in taken and not numbered:
                shown = base
            else:
                while f"{base} {n}" in taken:
                    n += 1
                shown = f"{base} {n}"
            taken.add(shown)
            c = Combatant(id=enc.new_id(slugify(shown)), name=shown, side=side or "foes", sheet=dict(sheet))
            notices += enc.add(c, self._turn_order, ctx)
        return self._combat_event(draft, EventKind.ENCOUNTER, notices, ctx, who=enc.combatants[-1].id)

    @staticmethod
    def _next_number(enc: Encounter, template: str) -> int:
        """Spawned copies are numbered on from the highest of the same template present."""
        highest = 0
        for c in enc.combatants:
            if c.template == template:
                tail = c.name.rsplit(" ", 1)[-1]
                if tail.isdigit():
                    highest = max(highest, int(tail))
        return highest + 1

    def remove_combatant(self, who: str) -> Event:
        """Take a combatant out of the encounter entirely (their roster entry stays)."""
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        order = self._turn_order
        return self._out_of_turn(draft, lambda enc: enc.remove(cid, order), cid, EventKind.ENCOUNTER)

    def set_out(self, who: str, out: bool = True) -> Event:
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        notices = draft.encounter().set_out(cid, out)
        return self._combat_event(draft, EventKind.ENCOUNTER, notices, who=cid)

    def declare(self, who: str, action: str) -> Event:
        """What a combatant declares this round, for orders with a declaration phase (ARM,
        System One): shown beside them in the tracker until the round ends. An empty action
        takes the declaration back."""
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        c = draft.encounter().get(cid)
        c.declared = " ".join(action.split())
        text = f"{c.name} declares: {c.declared}" if c.declared else f"{c.name} takes back the declaration"
        return self._combat_event(draft, EventKind.ENCOUNTER, [], who=cid, text=text)

    def set_public(self, who: str, public: bool) -> Event:
        """Whether the player view shows a combatant's numbers (an NPC's wounds, a creature's
        tracks); PCs' always show. `public` / `private` at the command line."""
        self.require_writable()
        cid = self._fighter_id(who)
        draft = Draft(self)
        c = draft.encounter().get(cid)
        if public:
            c.extra[PUBLIC] = True
        else:
            c.extra.pop(PUBLIC, None)
        text = f"{c.name}: the player view shows {'their numbers' if public else 'no numbers'}"
        return self._combat_event(draft, EventKind.ENCOUNTER, [], who=cid, text=text)

    # ------------------------------------------------------------------ which encounter

    def new_encounter(self, name: str) -> Event:
        """Create an encounter file and make it the active one."""
        self.require_writable()
        name = name.strip()
        if not name:
            raise RulesError("name the encounter")
        slug = slugify(name)
        if slug in self.encounters or f"encounters/{slug}" in self._bad:
            raise RulesError(f"encounter {slug!r} already exists; switch to it with 'encounter {slug}'")
        draft = Draft(self)
        draft.put(f"encounters/{slug}", Encounter(name=name, order=self._turn_order.id))
        self._make_active(draft, slug)
        return self.commit(draft, EventKind.ENCOUNTER, f"New encounter: {name}", data={"encounter": slug})

    def _make_active(self, draft: Draft, slug: str | None) -> None:
        """`slug` is the fight that is on (None: none is): in campaign.toml as before when the
        campaign was read without looking at the encounter files, else as marks in them (every
        other mark cleared; an older campaign.toml's name moves to the marks)."""
        campaign = draft.campaign()
        campaign.encounter = slug
        if not campaign.encounter_kept:
            return
        campaign.encounter_kept = "encounters"
        for other, enc in self.encounters.items():
            if other != slug and is_active(enc):
                model = draft.get(f"encounters/{other}")
                if isinstance(model, Encounter):
                    mark_active(model, False)
        if slug is not None:
            model = draft.get(f"encounters/{slug}")
            if isinstance(model, Encounter):
                mark_active(model, True)

    def find_encounter(self, name: str) -> str:
        """An encounter slug for a slug, a name or a unique prefix."""
        key = name.strip().lower()
        for slug, enc in self.encounters.items():
            if key in (slug, enc.name.lower()):
                return slug
        hits = [s for s, e in self.encounters.items() if s.startswith(key) or e.name.lower().startswith(key)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise RulesError(f"no encounter {name!r}")
        raise RulesError(f"{name!r} is ambiguous: {', '.join(hits)}")

    def switch_encounter(self, slug: str) -> Event:
        self.require_writable()
        found = self.find_encounter(slug)
        if found == self.campaign.encounter:
            raise RulesError(f"{self.encounters[found].name!r} is already the active encounter")
        draft = Draft(self)
        self._make_active(draft, found)
        text = f"Encounter: {self.encounters[found].name}"
        return self.commit(draft, EventKind.ENCOUNTER, text, data={"encounter": found})

    def end_encounter(self) -> Event:
        """No encounter is active any more (its file stays, to be switched back to or deleted)."""
        self.require_writable()
        enc = self.encounter
        if enc is None:
            raise RulesError("no active encounter to end")
        draft = Draft(self)
        working = draft.encounter()  # hooks may change its state; inline sheets are stored in it
        texts = [f"Encounter {enc.name} ends"]
        for c in working.combatants:
            if self.sheet_of(c) is None:
                continue
            t = self._combatant_target(c)
            change = self.system.end_encounter(t.sheet, self.scene(working, c))
            if change is not None:
                self._store_sheet(draft, t, change.sheet)
                texts.append(f"{c.name} {change.text}")
        self._make_active(draft, None)
        return self.commit(draft, EventKind.ENCOUNTER, "; ".join(texts))

    def set_encounter_option(self, key: str, value: str) -> Event:
        """A per-encounter setting the system declares (`set conflict social`), kept in the
        encounter's state so its turn order and rules read it."""
        self.require_writable()
        if self.encounter is None:
            raise RulesError("no active encounter: start one with `encounter NAME`")
        stored = self.system.encounter_option(key.strip().lower(), value.strip().lower())
        draft = Draft(self)
        enc = draft.encounter()
        enc.state[key.strip().lower()] = stored
        return self.commit(draft, EventKind.ENCOUNTER, f"{enc.name}: {key} = {stored}", data={key: stored})
