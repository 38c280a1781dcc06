"""Drama card definitions: the deck file a GM supplies (or the shipped stand-in).

The rule book describes the parts of a card but does not list the deck (§9.1 #7), so the deck is
a data file: `data/drama_deck.toml` is the project's own stand-in, clearly marked, and any file
in the same shape replaces it (`DeckDefinition.from_data`). A card has:

- a play result (its type when played from a hand or pool; see `card_types.toml`);
- a standard (S) and a dramatic (D) conflict line: the side with initiative and each side's
  results (flurry, inspiration, up / break, confused, fatigue, setback, stymied; on dramatic
  lines the villains' taunt, test, trick, intimidate instructions);
- the approved actions ("Act:" line): two actions, or "any";
- a dramatic skill resolution box: steps (subset of "ABCD") or a hazard.

Ruling §9.3: approved actions may be given per card and per line; a line's own list wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.tables import DataFile, load

SIDES = ("hero", "villain")
SCENES = ("standard", "dramatic")
APPROVED_ACTIONS = ("attack", "defend", "trick", "test", "taunt", "intimidate", "maneuver")
ADVANTAGES = frozenset({"flurry", "inspiration", "up"})
DISADVANTAGES = frozenset({"break", "confused", "fatigue", "setback", "stymied"})
INSTRUCTIONS = frozenset({"taunt", "test", "trick", "intimidate", "maneuver"})
HAZARDS = ("possible_setback", "complication", "critical_problem")
SUBPLOTS = frozenset(
    {"martyr", "mistaken_identity", "nemesis", "personal_stake", "romance", "suspicion", "true_identity"}
)


@dataclass(frozen=True)
class ConflictLine:
    """One conflict line of a drama card: who goes first, and each side's effects."""

    initiative: str
    hero: tuple[str, ...] = ()
    villain: tuple[str, ...] = ()
    approved: tuple[str, ...] | None = None

    def effects(self, side: str) -> tuple[str, ...]:
        return self.hero if side == "hero" else self.villain


@dataclass(frozen=True)
class DramaCard:
    """A drama card: its play result, its standard and dramatic conflict lines, its approved
    actions and its dramatic-skill-resolution box."""

    id: int
    play: str
    standard: ConflictLine
    dramatic: ConflictLine
    approved: tuple[str, ...] = ("any",)
    dsr: str = ""
    hazard: str | None = None
    subplot: str | None = None
    flavour: str = ""

    def line(self, scene: str) -> ConflictLine:
        if scene not in SCENES:
            raise TorgError(f"a scene is 'standard' or 'dramatic', not '{scene}'")
        return self.standard if scene == "standard" else self.dramatic

    def approved_for(self, scene: str) -> tuple[str, ...]:
        """The approved actions this round: the line's own list if it has one, else the card's;
        "any" expands to all seven."""
        approved = self.line(scene).approved or self.approved
        return APPROVED_ACTIONS if "any" in approved else approved

    @property
    def gm_tinted(self) -> bool:
        return bool(card_types()[self.play].get("gm_tinted"))

    def label(self) -> str:
        name = str(card_types()[self.play]["name"])
        return f"#{self.id} {name}" + (f" ({self.subplot.replace('_', ' ')})" if self.subplot else "")


@cache
def card_types() -> dict[str, dict[str, Any]]:
    """type -> name, effect text and numbers (bonus, attribute_bonus, effect_bonus...)."""
    return dict(load("card_types")["types"])


def _line(card_id: int, scene: str, raw: Any) -> ConflictLine:
    where = f"card {card_id} {scene} line"
    if not isinstance(raw, dict) or raw.get("initiative") not in SIDES:
        raise TorgError(f"{where}: needs initiative = 'hero' or 'villain'")
    hero = tuple(raw.get("hero", ()))
    villain = tuple(raw.get("villain", ()))
    for side, effects in (("hero", hero), ("villain", villain)):
        for e in effects:
            allowed = ADVANTAGES | DISADVANTAGES
            if side == "villain" and scene == "dramatic":
                allowed |= INSTRUCTIONS
            if e not in allowed:
                raise TorgError(f"{where}: '{e}' is not a {side} result on a {scene} line")
        if side == "hero" and "break" in effects:
            raise TorgError(f"{where}: break affects villains only")
        if side == "villain" and "confused" in effects:
            raise TorgError(f"{where}: confused affects heroes only")
    approved = raw.get("approved")
    return ConflictLine(raw["initiative"], hero, villain, _approved(card_id, approved) if approved else None)


def _approved(card_id: int, raw: Any) -> tuple[str, ...]:
    items = tuple(raw)
    for a in items:
        if a != "any" and a not in APPROVED_ACTIONS:
            raise TorgError(
                f"card {card_id}: '{a}' is not an approved action ({', '.join(APPROVED_ACTIONS)})"
            )
    return items


@dataclass(frozen=True)
class DeckDefinition:
    """A whole deck file: its cards by id, and whether it is the project's stand-in."""

    cards: dict[int, DramaCard]
    title: str
    stand_in: bool
    """The project's own stand-in deck (not the published Drama Cards)."""

    @classmethod
    def from_data(cls, data: DataFile) -> DeckDefinition:
        raw_cards = data.body.get("card")
        if not isinstance(raw_cards, list) or not raw_cards:
            raise TorgError(f"{data.name}.toml: no [[card]] entries")
        cards: dict[int, DramaCard] = {}
        types = card_types()
        for raw in raw_cards:
            cid = raw.get("id")
            if not isinstance(cid, int) or cid in cards:
                raise TorgError(f"{data.name}.toml: card ids must be unique integers (got {cid!r})")
            play = raw.get("play")
            if play not in types:
                raise TorgError(f"card {cid}: unknown play result '{play}'")
            subplot = raw.get("subplot")
            if (play == "subplot") != (subplot is not None) or (subplot and subplot not in SUBPLOTS):
                raise TorgError(
                    f"card {cid}: a subplot card names its subplot ({', '.join(sorted(SUBPLOTS))})"
                )
            dsr, hazard = str(raw.get("dsr", "")), raw.get("hazard")
            if hazard is not None and (hazard not in HAZARDS or dsr):
                raise TorgError(f"card {cid}: the DSR box holds steps or one hazard ({', '.join(HAZARDS)})")
            if dsr and (set(dsr) - set("ABCD") or list(dsr) != sorted(set(dsr))):
                raise TorgError(f"card {cid}: DSR steps are letters A-D in order, not '{dsr}'")
            cards[cid] = DramaCard(
                id=cid,
                play=play,
                standard=_line(cid, "standard", raw.get("standard")),
                dramatic=_line(cid, "dramatic", raw.get("dramatic")),
                approved=_approved(cid, raw.get("approved", ["any"])),
                dsr=dsr,
                hazard=hazard,
                subplot=subplot,
                flavour=str(raw.get("flavour", "")),
            )
        return cls(cards, data.title, bool(data.body.get("stand_in", False)))

    def card(self, card_id: int) -> DramaCard:
        try:
            return self.cards[card_id]
        except KeyError:
            raise TorgError(f"the deck has no card {card_id}") from None


@cache
def stand_in_deck() -> DeckDefinition:
    """The shipped deck: gmconsole's own cards (not the published Drama Cards)."""
    return DeckDefinition.from_data(load("drama_deck"))
