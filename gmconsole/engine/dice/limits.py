"""Bounds on everything a user can drive (DESIGN.md §4: "bound every loop a user can drive").

They are module constants rather than arguments: the table never needs bigger rolls, and one set
of numbers keeps error messages, the roller and the exact-odds code in agreement.
"""

from __future__ import annotations

MAX_EXPRESSION_LENGTH = 500
"""Characters in one expression, as typed and as written out canonically (so that every
canonical form parses again)."""

MAX_DEPTH = 100
"""Operators nested in one expression (`1+1+...` counts one per `+`): keeps every recursive walk
of the tree far from Python's recursion limit."""

MAX_NUMBER = 10**9
"""Largest number literal (counts, sides and targets are checked against their own limits)."""

MAX_DICE = 1000
"""Dice in one term (`1000d6`)."""

MAX_SIDES = 10_000
"""Faces of one die (`1d10000`)."""

MAX_ROLLS = 10_000
"""Dice actually rolled by one expression: initial dice, rerolls and explosions together."""

MAX_EXPLODE_DEPTH = 100
"""Explosions in a row from one die before the roll is refused."""

MAX_GROUP = 20
"""Rolls in one group (`{1d20, 1d20, ...}kh1`)."""
