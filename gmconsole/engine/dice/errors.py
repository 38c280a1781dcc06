"""Errors of the dice language.

Every failure a user can cause (a typo, a hostile expression, a typed-in die that cannot exist)
raises a `DiceError`, so a caller needs one `except` clause and always gets a one-line message
that names what is wrong. `column` (1-based, as a person counts) points at the offending
character when the error comes from the text, so a dice input can highlight it.
"""

from __future__ import annotations

from gmconsole.engine.errors import RulesError


class DiceError(RulesError, ValueError):
    """Base class: the expression cannot be parsed, rolled or computed.

    A `RulesError` (so the CLI and the console report it as one line like every other refusal)
    and a `ValueError` (what it is, for callers that think in built-in exceptions)."""

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.column = column

    def __str__(self) -> str:
        return self.message


class DiceSyntaxError(DiceError):
    """The text is not a dice expression; `column` says where reading stopped."""


class DiceLimitError(DiceError):
    """The expression asks for more than the roller allows (dice, sides, rolls, depth, size).

    Limits exist so that a mistyped `9999999d6` or an endless explosion can never hang the table.
    """


class ManualDiceError(DiceError):
    """Dice typed in by hand do not fit the expression (too few, too many, impossible face)."""
