"""Intents on the roster: save, duplicate and delete characters (one file each).

A sheet is validated by the campaign's system before anything is written and stored in the
system's own canonical form (`dump_sheet`), so a saved file always reopens.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.engine.events import Event, EventKind, leaf_diff
from gmconsole.engine.roster import Character
from gmconsole.store.models import slugify, valid_slug
from gmconsole.store.state import Draft, SessionState, rules_message


class NothingChanged(RulesError):
    """A save that would change nothing: refused, so the log never holds an empty change."""

    harmless = True
    """Said as news, not as an error: nothing went wrong."""


def changes_text(diff: dict[str, dict], most: int = 4) -> str:
    """What an edit changed, as a GM reads it: "PER 8 → 9, notes edited" (leaf names only)."""
    parts: list[str] = []
    for key, entry in list(diff.items())[:most]:
        name = key.rsplit(".", 1)[-1] if not key.rsplit(".", 1)[-1].isdigit() else key
        old, new = entry.get("from"), entry.get("to")
        if isinstance(old, int | float) and isinstance(new, int | float):
            parts.append(f"{name} {old} → {new}")
        elif old is None:
            parts.append(f"{name} added")
        elif new is None:
            parts.append(f"{name} removed")
        else:
            parts.append(f"{name} edited")
    if len(diff) > most:
        parts.append(f"{len(diff) - most} more")
    return ", ".join(parts)


class RosterIntents(SessionState):
    """Roster changes (mixed into `Session`)."""

    def _normalised(self, character: Character) -> Character:
        """A copy whose sheet the system accepts, in the system's canonical form."""
        try:
            parsed = self.system.parse_sheet(character.sheet)
        except (ValueError, GmConsoleError) as exc:
            detail = rules_message(exc) if isinstance(exc, ValidationError) else str(exc)
            raise RulesError(f"{character.name}: sheet not valid for {self.system.name}: {detail}") from exc
        return character.model_copy(update={"sheet": self.system.dump_sheet(parsed)}, deep=True)

    def free_slug(self, name: str) -> str:
        """A roster slug for `name` not used by any file (good or bad): ayla, ayla-2, ..."""
        base = slugify(name)
        taken = set(self.roster) | {p.partition("/")[2] for p in self._bad if p.startswith("roster/")}
        slug, n = base, 2
        while slug in taken:
            slug = f"{base}-{n}"
            n += 1
        return slug

    def save_character(self, slug: str, character: Character) -> Event:
        """Create or replace `roster/<slug>.toml`; combatants referring to it take the new name."""
        self.require_writable()
        if not valid_slug(slug):
            raise RulesError(f"{slug!r} is not a usable file name: use lower-case letters, digits and '-'")
        fresh = self._normalised(Character.model_validate(character.model_dump()))
        draft = Draft(self)
        existed = slug in self.roster
        what = ""
        if existed:
            diff = leaf_diff(self.roster[slug].model_dump(mode="json"), fresh.model_dump(mode="json"))
            if not diff:
                raise NothingChanged(f"{fresh.name}: nothing changed, nothing saved")
            what = ": " + changes_text(diff)
        draft.put(f"roster/{slug}", fresh)
        for eslug, enc in self.encounters.items():
            if any(c.ref == slug and c.name != fresh.name for c in enc.combatants):
                copy = draft.get(f"encounters/{eslug}")
                for c in copy.combatants:  # type: ignore[union-attr]
                    if c.ref == slug:
                        c.name = fresh.name
        verb = f"updated{what}" if existed else "added to the roster"
        return self.commit(draft, EventKind.ROSTER, f"{fresh.name} {verb}", who=slug)

    def generate(self, key: str, args: Sequence[str] = (), *, name: str | None = None) -> Event:
        """A new roster entry from one of the system's generators (`gen npc ogre brute`)."""
        self.require_writable()
        keys = {g.key for g in self.system.generators}
        if key not in keys:
            known = ", ".join(sorted(keys)) or "none"
            raise RulesError(f"{self.system.name} has no generator {key!r} (known: {known})")
        made = self.guarded(lambda: self.system.generate(key, list(args), self.rng))
        label = (name or "").strip() or made.name
        character = Character(
            name=label, kind=made.kind, template=made.template, sheet=self.system.dump_sheet(made.sheet)
        )
        return self.save_character(self.free_slug(label), character)

    def duplicate_character(self, slug: str, new_name: str | None = None) -> Event:
        """A copy under a new name and file (`Goblin` -> `Goblin (copy)`, `goblin-copy`)."""
        self.require_writable()
        source = self.roster.get(self.find_character(slug))
        assert source is not None
        name = (new_name or "").strip() or f"{source.name} (copy)"
        new_slug = self.free_slug(name)
        draft = Draft(self)
        draft.put(f"roster/{new_slug}", source.model_copy(update={"name": name}, deep=True))
        return self.commit(draft, EventKind.ROSTER, f"{source.name} duplicated as {name}", who=new_slug)

    def delete_character(self, slug: str) -> Event:
        """Delete a roster file; refused while an encounter still refers to the character."""
        self.require_writable()
        found = self.find_character(slug)
        ch = self.roster[found]
        users = [enc.name for enc in self.encounters.values() if any(c.ref == found for c in enc.combatants)]
        if users:
            raise RulesError(f"{ch.name} is in encounter(s) {', '.join(users)}; remove them there first")
        draft = Draft(self)
        draft.put(f"roster/{found}", None)
        return self.commit(draft, EventKind.ROSTER, f"{ch.name} deleted from the roster", who=found)
