"""A sheet field that holds a dice expression (a weapon's damage "2d6+1").

`DiceText` is a `str` that must parse as dice, with a marker the sheet form reads, so the form
checks the expression as the GM types it ("1d62d6" is marked at once) instead of after saving.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator


class DiceMark:
    """Marks an annotated `str` as a dice expression (see `DiceText`)."""


def dice_text(text: str) -> str:
    """`text` unchanged when it is a dice expression; ValueError saying why otherwise."""
    from gmconsole.engine.dice.errors import DiceError
    from gmconsole.engine.dice.parser import parse

    try:
        parse(text)
    except DiceError as exc:
        raise ValueError(f"{text!r} is not a dice expression: {exc}") from None
    return text


DiceText = Annotated[str, AfterValidator(dice_text), DiceMark()]
"""A `str` field holding a dice expression, checked as dice when loaded and as typed."""
