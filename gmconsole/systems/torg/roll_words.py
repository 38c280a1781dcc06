"""The words after a tracker's `roll` or `total`: typed dice, modifiers and the tracker's flags.

The chase, reality storm and dramatic skill resolution trackers all take a line such as
`roll dice 14 7 +2 last steps 2`; this reads it once for all three, so they accept the same
spellings and refuse an unknown word the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gmconsole.engine.numbers import whole
from gmconsole.systems.base import Scene
from gmconsole.systems.torg.errors import TorgError
from gmconsole.systems.torg.totals import Modifier


@dataclass
class RollWords:
    """What a roll line asked for."""

    dice: list[int] = field(default_factory=list)
    """Faces typed at the table: those given with the intent (`Scene.dice`), then `dice F...`."""
    modifiers: list[Modifier] = field(default_factory=list)
    """`+N` / `-N` words, in order."""
    flags: set[str] = field(default_factory=set)
    """The tracker's own switches that were given (e.g. "poss", "last")."""
    counts: dict[str, int] = field(default_factory=dict)
    """The tracker's own `WORD N` settings that were given (e.g. "steps": 2)."""


def parse_roll_words(
    words: Sequence[str],
    scene: Scene,
    usage: str,
    *,
    flags: Mapping[str, str] | None = None,
    counts: Sequence[str] = (),
    modifiers: bool = True,
    dice: bool = True,
) -> RollWords:
    """Read `words`; the scene's typed dice are taken (and cleared) first.

    `flags` maps each accepted spelling to its flag ("possibility" -> "poss"); `counts` are
    words followed by a whole number; `modifiers` / `dice` say whether `+N` / `dice F...` are
    accepted here (not after a typed total, whose modifiers are already in it). Anything else
    is refused with `usage`."""
    flags = flags or {}
    out = RollWords(dice=list(scene.dice))
    scene.dice.clear()
    i = 0
    while i < len(words):
        word = words[i].lower()
        i += 1
        if word == "dice" and dice:
            while i < len(words) and words[i][:1].isdigit():
                out.dice.append(whole(words[i], "a typed d20 face", 1, 20))
                i += 1
        elif word in flags:
            out.flags.add(flags[word])
        elif word in counts and i < len(words) and words[i][:1].isdigit():
            out.counts[word], i = whole(words[i], f"'{word}'", 0, 99), i + 1
        elif modifiers and word[:1] in "+-" and word[1:2].isdigit():
            out.modifiers.append(Modifier("modifier", whole(word, "a modifier", -99, 99)))
        else:
            raise TorgError(f"unknown word {words[i - 1]!r} ({usage})")
    return out
