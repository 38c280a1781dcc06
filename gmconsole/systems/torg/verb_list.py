"""What a Torg GM can type besides the core commands, as declared: the verbs (`verbs`) and the
calculators (`calculators`), each a key, a label, a usage and a line of help, and the switch
words a test takes after the skill (`check_words`).

Kept apart from the code that carries them out because they are listed long before one is
used (the system's `sheet_actions` and `calculators`, the reference pane's "Torg at the command
line" table on the first screen, the help, completion): listing them imports none of the rules
behind them (the card and round hooks, the damage buy-off, the value chart, the test reader).
"""

from __future__ import annotations

from gmconsole.systems.base import Calculator, SheetAction

VERBS: tuple[SheetAction, ...] = (
    SheetAction(
        "buyoff",
        "Buy off damage",
        "[poss|hero|drama|#N] [shock|k|o|ko|knockdown|wound]...",
        "A Possibility (or a hero/drama card) removes up to 3 of: 3 shock, K or O, knockdown, a wound.",
    ),
    SheetAction(
        "spend", "Spend Possibilities", "[N] [bleed|REASON...]", "bleed: hold off this round's bleeding."
    ),
    SheetAction("gain", "Gain Possibilities", "[N] [REASON...]", "An award (act end, subplot...)."),
    SheetAction("pool", "Card to pool", "CARD", "Hand to pool: one card a round in rounds."),
    SheetAction(
        "play", "Play a card", "CARD [ATTRIBUTE]", "From the pool in rounds, from the hand out of them."
    ),
    SheetAction("discard", "Discard cards", "CARD...", "From hand, pool or table."),
    SheetAction(
        "refill", "Refill the hand", "[CARD...]", "Discard those, then draw to 4 (rally, leadership)."
    ),
    SheetAction("draw", "Draw cards", "[N]", "Into the hand from this encounter's deck."),
    SheetAction("strip", "Strip pool cards", "CARD...", "The GM takes cards from the pool."),
    SheetAction("getup", "Get up", "", "Knockdown over: the next action was taken."),
    SheetAction("firstaid", "First aid", "", "After a successful first aid roll: shock, K and O gone."),
)

CALCULATORS: tuple[Calculator, ...] = (
    Calculator(
        "value",
        "Value to measure",
        "VALUE [UNIT]",
        "The measure a value stands for, in a unit if given (value 12 -> 250; 12 mph -> 60).",
    ),
    Calculator(
        "measure",
        "Measure to value",
        "MEASURE [UNIT]",
        "The value of a measure by the upper-bound rule, with the unit's modifier "
        "(250 meters -> 12; 25 minutes -> 16).",
    ),
)

SWITCH_WORDS = ("poss", "poss!", "hero", "drama", "#N", "up", "stymied", "active", "dmg N", "dice N...")
"""The words `check_words` reads after the skill, as the help shows them."""
