"""What a test is on, read from what a GM types: `check ayla fire poss dmg 17 vs 12`.

The store's `check WHO OPTION [vs N] [+MOD]` verb hands the system everything between the name
and `vs` as the option. Torg reads it as a skill or attribute (a unique prefix will do:
"fire" is fire combat, "dex" is DEX; "attr:DEX" and "skill:dodge" work too) followed by words:

    poss | possibility   spend a Possibility if the roll fails (one per action)
    poss!                spend one whatever the roll
    hero | drama | #12   play a hero/drama card (by type or number, pool first) if still failing
    up | stymied         the roll is up / stymied (the card's line sets these by itself)
    active               an active defence (bonus at least 1)
    attack | defend | trick | test | taunt | intimidate | maneuver
                         the action type for the card's approved actions (else from the skill)
    dmg N                the effect value (weapon damage...): the log shows the damage total
    dice N N ...         faces typed in by hand, in order

The test dialog sends the same switches in `CheckRequest.extra` (see `EXTRA_KEYS`; the session
fills in each switch's default when a request leaves it out); words typed after the skill win.
What the character's sheet says is in force this round (`this_round`: the card's up or stymie,
an action or adrenalin card played) is added here, so the odds and the roll agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gmconsole.engine.numbers import whole
from gmconsole.systems.torg.cards import APPROVED_ACTIONS, card_types
from gmconsole.systems.torg.combat_options import KEYS as COMBAT_KEYS
from gmconsole.systems.torg.combat_options import read_options
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.rules_data import ATTRIBUTE_NAMES, normalise, skill_info, skill_names
from gmconsole.systems.torg.sheet import TorgSheet
from gmconsole.systems.torg.tables import suggest
from gmconsole.systems.torg.verb_list import SWITCH_WORDS

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems.torg.totals import Modifier

EXTRA_KEYS = frozenset(
    {
        "up",
        "stymied",
        "possibility",
        "possibility_anyway",
        "cards",
        "hero",
        "drama",
        "active_defence",
        "bonus_floor",
        "use",
        "item",
        "effect_value",
        "effect_difficulty",
        "action",
        "failing",
        "scope",
        "supporters",
        *COMBAT_KEYS,
    }
)
ACTION_OF_SKILL = {
    **dict.fromkeys(
        (
            "fire_combat",
            "energy_weapons",
            "heavy_weapons",
            "melee_weapons",
            "missile_weapons",
            "unarmed_combat",
        ),
        "attack",
    ),
    "dodge": "defend",
    "trick": "trick",
    "test": "test",
    "taunt": "taunt",
    "intimidation": "intimidate",
    "maneuver": "maneuver",
}
"""The approved-action type a skill's use counts as (an active defence is always "defend")."""


@dataclass
class TestSpec:
    """One test as read from the words and the dialog: what `resolution` rolls."""

    skill: str
    """An attribute ("DEX") or a skill key ("fire_combat")."""
    extra: dict[str, Any] = field(default_factory=dict)
    dice: list[int] | None = None
    modifiers: list[Modifier] = field(default_factory=list)
    """Card values in force this round (action +3, adrenalin +3 to DEX skills...)."""
    effect_modifiers: list[Modifier] = field(default_factory=list)
    difficulty: int = 0
    """Added to the difficulty by the combat options (concealment, a moving attacker)."""
    bonus_floor: int | None = None
    """The combat options' bonus floor (point-blank: 1)."""
    ammunition: int = 0
    """Combat rounds of ammunition the fire uses (optional exact tracking)."""

    @property
    def action(self) -> str | None:
        """The approved-action type this test is, if any."""
        if self.extra.get("action") not in (None, "", "auto"):
            return str(self.extra["action"])
        if self.extra.get("active_defence"):
            return "defend"
        return ACTION_OF_SKILL.get(self.skill)


def find_skill(text: str) -> str:
    """An attribute or skill by name or unique prefix ("dex", "fire", "test of wills")."""
    if text.upper() in ATTRIBUTE_NAMES:
        return text.upper()
    key = normalise(text)
    if key == "test_of_wills":
        return "test"
    names = skill_names()
    if key in names:
        return key
    hits = [n for n in names if n.startswith(key)] + [
        a for a in ATTRIBUTE_NAMES if a.startswith(text.upper())
    ]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise TorgError(f"'{text}' is ambiguous: {', '.join(h.replace('_', ' ') for h in hits)}")
    raise TorgError(f"unknown skill '{text}'{suggest(key, names)}")


def split_skill(words: list[str]) -> tuple[str, list[str]]:
    """The longest leading run of words naming a skill; the rest are switches."""
    for cut in range(len(words), 0, -1):
        try:
            return find_skill(" ".join(words[:cut])), words[cut:]
        except TorgError:
            if cut == 1:
                raise
    raise TorgError("say what the test is on: a skill or an attribute")


def _int(word: str, after: str) -> int:
    """A number typed after a word: an effect value (0-99) or a d20 face (1-20)."""
    if after.startswith("dice"):
        return whole(word, "a typed d20 face", 1, 20)
    return whole(word, f"'{after}'", 0, 99)


COMBAT_VALUED = frozenset({"range", "concealment", "cover", "attack", "fire", "held", "action"})
COMBAT_FLAGS = COMBAT_KEYS - COMBAT_VALUED


def _flag(value: str) -> bool:
    """A typed yes/no switch value."""
    text = value.lower()
    if text in ("yes", "on", "true", "1", ""):
        return True
    if text in ("no", "off", "false", "0"):
        return False
    raise TorgError(f"a yes/no switch takes yes or no, not {value[:40]!r}")


def _read_words(words: list[str]) -> tuple[dict[str, Any], list[int] | None]:
    extra: dict[str, Any] = {}
    dice: list[int] | None = None
    cards: list[Any] = []
    i = 0
    while i < len(words):
        word = words[i].lower()
        i += 1
        if word in ("poss", "possibility"):
            extra["possibility"] = "if_failed"
        elif word in ("poss!", "possibility!"):
            extra["possibility"] = "always"
        elif word in ("hero", "drama"):
            cards.append(word)
        elif word.startswith("#") and word[1:2].isdigit():
            cards.append(whole(word[1:], "the card number", 1, 999))
        elif word in ("up", "stymied"):
            extra[word] = True
        elif word == "active":
            extra["active_defence"] = True
        elif word in APPROVED_ACTIONS:
            extra["action"] = word
        elif word in ("dmg", "damage", "effect") and i < len(words):
            extra["effect_value"] = _int(words[i], word)
            i += 1
        elif "=" in word:
            key, _, value = word.partition("=")
            if key == "dice":
                dice = [_int(face, "dice=") for face in value.split(",") if face]
            elif key == "effect_value":
                extra[key] = _int(value, key)
            elif key in COMBAT_VALUED:
                extra[key] = value
            elif key in EXTRA_KEYS:
                extra[key] = _flag(value)
            else:
                raise TorgError(f"unknown switch {key!r} (known: {', '.join(sorted(EXTRA_KEYS))})")
        elif word in COMBAT_FLAGS:
            extra[word] = True
        elif word == "dice":
            dice = []
            while i < len(words) and words[i].lstrip("-")[:1].isdigit():
                dice.append(_int(words[i], "dice"))
                i += 1
            if not dice:
                raise TorgError("'dice' needs the faces typed after it: dice 14 10 5")
        else:
            raise TorgError(
                f"unknown word {words[i - 1]!r} in the test (after the skill: {', '.join(SWITCH_WORDS)})"
            )
    if cards:
        extra["cards"] = cards
    return extra, dice


def read_test(sheet: TorgSheet, request: CheckRequest) -> TestSpec:
    """The skill, switches, typed dice and round modifiers of a request (see module docstring)."""
    unknown = sorted(set(request.extra) - EXTRA_KEYS)
    if unknown:
        raise TorgError(f"unknown test switch {unknown[0]!r} (known: {', '.join(sorted(EXTRA_KEYS))})")
    text = request.option.strip()
    kind, colon, name = text.partition(":")
    if colon and kind in ("attr", "skill") and " " not in kind:
        text = name
    words = text.split()
    if not words:
        raise TorgError("say what the test is on: a skill or an attribute")
    skill, rest = split_skill(words)
    typed, dice = _read_words(rest)
    given = dict(request.extra)
    cards = list(given.pop("cards", None) or [])
    for kind_ in ("hero", "drama"):
        if given.pop(kind_, False):
            cards.append(kind_)
    # the session fills every switch's default into `extra`: words typed after the skill win
    extra = {k: v for k, v in given.items() if v is not None}
    cards += typed.pop("cards", [])
    extra.update(typed)
    if cards:
        extra["cards"] = cards
    if not extra.get("effect_value"):
        extra.pop("effect_value", None)  # the switch's default 0: no effect value
    if extra.pop("possibility_anyway", False):
        extra["possibility"] = "always"
    if extra.get("possibility") is True:
        extra["possibility"] = "if_failed"
    action = extra.get("action")
    if action not in (None, "", "auto") and action not in APPROVED_ACTIONS:
        raise TorgError(f"'{action}' is not an action type ({', '.join(APPROVED_ACTIONS)})")
    spec = TestSpec(skill=skill, extra=extra, dice=dice)
    _this_round(sheet, spec, given)
    _combat_options(spec)
    return spec


def _combat_options(spec: TestSpec) -> None:
    """The combat options' modifiers (see `combat_options`)."""
    from gmconsole.systems.torg.totals import Modifier

    active = bool(spec.extra.get("active_defence") or spec.extra.get("bonus_floor"))
    options = read_options(spec.extra, active_defence=active)
    spec.modifiers += [Modifier(label, value) for label, value in options.action]
    supporters = int(spec.extra.get("supporters") or 0)
    if supporters:
        spec.modifiers.append(Modifier(f"supporter card x{supporters}", 3 * supporters))
    spec.effect_modifiers += [Modifier(label, value) for label, value in options.damage]
    spec.difficulty = options.difficulty
    spec.bonus_floor = options.bonus_floor
    spec.ammunition = options.ammunition


def _this_round(sheet: TorgSheet, spec: TestSpec, given: dict[str, Any]) -> None:
    """Add what is in force on the character this round, unless the dialog said otherwise.

    `totals` is imported here, on the first test: a test is the first thing that needs them."""
    from gmconsole.systems.torg.totals import Modifier

    marks = sheet.this_round
    for mark in ("up", "stymied"):
        if mark in marks and mark not in given:
            spec.extra.setdefault(mark, True)
    base = spec.skill if spec.skill in ATTRIBUTE_NAMES else skill_info(spec.skill)["attribute"]
    types = card_types()
    for mark in marks:
        name, _, attribute = mark.partition(":")
        info = types.get(name, {})
        label = f"{info.get('name', name)} card"
        if "bonus" in info:
            spec.modifiers.append(Modifier(label, int(info["bonus"]), to_effect=True))
        elif "attribute_bonus" in info and attribute == base:
            spec.modifiers.append(Modifier(f"{label} ({attribute})", int(info["attribute_bonus"])))
        elif "effect_bonus" in info:
            spec.effect_modifiers.append(Modifier(label, int(info["effect_bonus"])))
