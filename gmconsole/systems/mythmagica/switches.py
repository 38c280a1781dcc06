"""The test switches a GM sets on a Mythmagica test, in the dialog or on the test line
(`check ione attack:Sling range=close edges=1 at snagtooth`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmconsole.systems.base import RuleOption
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.attacks import MODES, RANGES
from gmconsole.systems.mythmagica.resolution import WORDS_USES
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

TERRAINS = ("easy", "moderate", "challenging", "hard", "legendary")
SHIELDS = ("none", "undersize", "proportional", "oversize")


def switches(sheet: MythmagicaSheet, options: Mapping[str, Any]) -> list[RuleOption]:
    out = [
        RuleOption(
            "edges",
            "Net Edges (+) or Drawbacks (-)",
            0,
            "from the situation (Common Edges and Drawbacks); each adds a d20, at most 3",
            bounds=(-4, 4),
        ),
        RuleOption(
            "mode",
            "Attack mode",
            "attack",
            "attack, grab, restrain, scuffle, shove, tail-whip, touch, spell (spell: on a skill)",
            choices=MODES,
        ),
        RuleOption(
            "range",
            "Missile range",
            "short",
            "close: within 10 ft (no Gap); short: beyond 10 ft "
            "(Gap +4); far: beyond half a 160+ ft Range (Gap and a Drawback)",
            choices=RANGES,
        ),
        RuleOption(
            "cover",
            "Cover",
            0,
            "the denominator of the part exposed (1/8 exposed: 8); beyond 10 the target cannot be hit",
            bounds=(0, 10),
        ),
        RuleOption(
            "shield", "Shield as cover", "none", "undersize +1, proportional +2, oversize +3", choices=SHIELDS
        ),
        RuleOption(
            "dual",
            "Second weapon",
            "",
            "dual weapons: the lower Attack Bonus (+1 if different), damage + half the second's",
        ),
        RuleOption(
            "use",
            "Bandying Words use",
            "deceive" if options.get("bandying_words", True) else "",
            "deceive, intimidate, mock, offer, plead, pry, seduce, stall, rally"
            + ("" if options.get("bandying_words", True) else " (Bandying Words is off)"),
            choices=WORDS_USES if options.get("bandying_words", True) else ("",),
        ),
        RuleOption(
            "chase",
            "Chase roll",
            "evade",
            "evade (with the terrain bonus) or pursue",
            choices=("evade", "pursue"),
        ),
        RuleOption(
            "terrain",
            "Evasion terrain",
            "easy",
            "easy +0, moderate +5, challenging +10, hard +15, legendary +25",
            choices=TERRAINS,
        ),
    ]
    if sheet.named and sheet.cast != "companion":
        out.append(
            RuleOption(
                "guts",
                "Guts to spend on a failure",
                0,
                "buy a failure up to this many Guts (threshold + 1 - total); after the roll check WHO guts",
                bounds=(0, rules.GUTS_MAX),
            )
        )
        out.append(
            RuleOption(
                "counter",
                "Opponent's counter-bid",
                0,
                "a named opponent's one counter-bid against check WHO guts (at least the bid + 1)",
                bounds=(0, rules.GUTS_MAX),
            )
        )
        out.append(
            RuleOption(
                "outbid",
                "Outbid the counter-bid",
                True,
                "pay the counter-bid + 1 to win; no: the dice stand and the opponent pays its counter",
            )
        )
    return out
