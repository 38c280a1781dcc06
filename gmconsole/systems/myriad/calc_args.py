"""Reading a calculator's arguments: counts, typed faces, the right number of words.

Every number goes through `gmconsole.engine.numbers.whole` with its bounds, so `calc` refuses a
hostile or mistyped figure by name before any rules code sees it.
"""

from __future__ import annotations

from collections.abc import Sequence

from gmconsole.engine.numbers import whole
from gmconsole.systems.myriad.errors import MyriadError

MAX_DICE = 60
"""More damage dice than any weapon, WMD or ram the book prints (30D) doubles to."""
MAX_STAT = 10
MAX_SIXES = 10


def dice_count(text: str, what: str = "dice") -> int:
    return whole(text, what, 0, MAX_DICE)


def read_faces(words: Sequence[str]) -> list[int]:
    if len(words) > MAX_DICE:
        raise MyriadError(f"at most {MAX_DICE} dice, {len(words)} given")
    return [whole(w, "a die", 1, 6) for w in words]


def need(args: Sequence[str], low: int, high: int, usage: str) -> None:
    """Refuse a line with too few or too many arguments, with the calculator's usage."""
    if not low <= len(args) <= high:
        raise MyriadError(f"usage: calc {usage}")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
