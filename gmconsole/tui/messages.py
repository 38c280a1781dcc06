"""Messages panes send up to the main screen ("attributes down, messages up").

Panes never call session intents: they post one of these and the main screen runs it, reports
a refusal in the status line, and re-renders every pane.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class Command(Message):
    """Run a command-line string through `Session.execute` ("dmg orc 5", "next", "3d6+2")."""

    line: str


@dataclass
class Prefill(Message):
    """Put text on the command line for the GM to finish ("dmg orc-2 " then the amount)."""

    text: str


@dataclass
class Reroll(Message):
    """Roll the dice of this logged event again (same expression, same who)."""

    event_id: str


@dataclass
class CombatantSelected(Message):
    """The tracker's cursor moved onto a combatant (its id), so keys act on it."""

    cid: str | None


@dataclass
class ActOn(Message):
    """The GM pressed Enter on a combatant: it acts now (or, in popcorn, goes next)."""

    cid: str
