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
    SheetAction(
        "critical",
        "Critical moment",
        "CARD...",
        "Once an act: hand cards straight into the pool, for this character's own action this round.",
    ),
    SheetAction(
        "trade",
        "Trade cards",
        "OTHER CARD THEIR_CARD",
        "One for one, both agreeing: hand for hand out of rounds, pool for pool in them.",
        other=True,
    ),
    SheetAction(
        "lead",
        "Leadership",
        "OTHER CARD [CARD]",
        "Plays a leadership card: up to two cards to others (a second player: lead WHO THIRD CARD).",
        other=True,
    ),
    SheetAction("getup", "Get up", "", "Knockdown over: the next action was taken."),
    SheetAction("firstaid", "First aid", "", "After a successful first aid roll: shock, K and O gone."),
    SheetAction(
        "recover",
        "Healing roll",
        "[dice F...] [+N]",
        "The daily roll: Toughness + bonus (+ medicine) heals a wound.",
    ),
    SheetAction(
        "medicine", "Medicine", "RP", "A medicine roll's result points, added to the next healing roll."
    ),
    SheetAction(
        "attitude", "Attitude", "TOWARD [ATTITUDE]", "What WHO thinks of TOWARD: set the base, or show it."
    ),
    SheetAction("charm", "Charm", "TOWARD RP", "A charm's result points on WHO: against the base attitude."),
    SheetAction(
        "press", "Press the issue", "TOWARD success|failure", "Once, after a failed or stopped charm."
    ),
    SheetAction("persuade", "Persuasion", "TOWARD RP [commercial]", "Against the current attitude."),
    SheetAction(
        "awe", "Awe", "TOWARD RP", "An intimidation outside combat freezes WHO; once per target."
    ),
    SheetAction("calm", "Attitude decays", "TOWARD", "The temporary attitude goes back to the base."),
    SheetAction(
        "disconnect", "Disconnect", "", "A contradiction check failed: no Possibilities until reconnected."
    ),
    SheetAction(
        "reconnect",
        "Reconnect",
        "COSM_NOW [+N] [dice F...]",
        "Reality vs the Link Difficulty chart; +N the link bonus.",
    ),
    SheetAction(
        "transform",
        "Transformation roll",
        "TIME UNIT [pure] [dice F...]",
        "An Ord after a time in an alien zone.",
    ),
    SheetAction(
        "cast",
        "Cast a spell",
        "SPELL [grimoire] [+N] [dice F...]",
        "A spell of the list: skill + knowledge adds, the roll, the effect, backlash as mental damage.",
    ),
    SheetAction(
        "pray",
        "Work a miracle",
        "MIRACLE [community N] [CONDITION...] [enemy ADDS] [dn N] [+N] [dice F...]",
        "Focus (+ community) vs the miracle's DN, then faith with the same bonus sets the level.",
    ),
    SheetAction(
        "creation",
        "Creation check",
        "",
        "66 attribute points, 16 adds (tag at 3), reality, 10 Possibilities.",
    ),
    SheetAction("actend", "End of act", "[AWARD]", "The act's award plus 1 Possibility per subplot in play."),
    SheetAction(
        "bubble", "Reality bubble", "", "1 Possibility: the land is the character's cosm for 15 minutes."
    ),
    SheetAction(
        "improve",
        "Improve",
        "SKILL|ATTRIBUTE [N] [self] [foreign]",
        "Raise adds (each step to n costs n; a new skill 2 taught, 5 self-taught) or an attribute (3 x N).",
    ),
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
    Calculator(
        "explosive",
        "Explosive burst",
        "DAMAGE short|medium|long",
        "Damage value at a burst range: full, -3, -5.",
    ),
    Calculator(
        "fall",
        "Falling damage",
        "WEIGHT_VALUE DISTANCE_VALUE",
        "Damage value: weight + distance (at most 14).",
    ),
    Calculator(
        "push",
        "Push speed or power",
        "ACTING LIMIT BONUS speed|power [take RP]",
        "Total vs 8; value and fatigue shock.",
    ),
    Calculator(
        "limit",
        "Movement limit",
        "running|swimming|long_jumping|climbing|lifting [average N [primary]] [over METRES] [with VALUE]",
        "The limit (Core Earth or a creature's), lowered for long runs and climbs; metres a round.",
    ),
    Calculator(
        "run",
        "Timed run or climb",
        "DISTANCE_VALUE SPEED_VALUE [caught]",
        "Time value: distance - speed + 5.",
    ),
    Calculator(
        "onmany",
        "One on many",
        "ACTIONS [margin M] [bonus B VALUE/DN...]",
        "Toughness and DN increases; quick-method hits; one roll's bonus on each action.",
    ),
    Calculator(
        "villain", "Villain instruction", "INSTRUCTION [LEVEL]", "The attribute used; pool cards stripped."
    ),
    Calculator("unseen", "Stealth", "STEALTH_TOTAL WATCHER_TOTAL [CONDITION...]", "Unseen by the watcher?"),
    Calculator("manyonone", "Many on one", "N [margin M]", "The group's bonus; how many succeed."),
    Calculator(
        "coordinate",
        "Coordination",
        "independent|basic|feedback|unstable [helpers N]",
        "The DN; the lead's bonus from helpers who succeeded.",
    ),
    Calculator(
        "approximate", "Mass approximation", "N AVERAGE DN", "Many helpers' bonus without rolling each."
    ),
    Calculator(
        "chart", "Skill chart", "CHART SITUATION [MODIFIER...] | CHART LEVEL", "A skill chart's DN or result."
    ),
    Calculator(
        "contradiction",
        "Contradiction check",
        "TOOL_AXIOM OWN_AXIOM LAND_AXIOM [die N]",
        "The 0/1/4 case, the first die, the link-repair bonus.",
    ),
    Calculator("link", "Reconnection DN", "HOME_COSM COSM_NOW", "The Link Difficulty chart."),
    Calculator(
        "hardpoint", "Hardpoint zones", "WEIGHT_VALUE SPIRIT_VALUE", "Dominant and pure zone radius values."
    ),
    Calculator("invocation", "Invocation DN", "SPIRITUAL_AXIOM", "Community rating and focus DN."),
    Calculator(
        "transform", "Transformation", "TIME UNIT [pure] [ROLL]", "The Ord's roll needed after a time."
    ),
    Calculator(
        "reclaim", "Reclaiming people", "TIME UNIT [glory] ROLL...", "Story-seed rolls at a pulled stelae."
    ),
    Calculator("charm", "Charm", "BASE CURRENT RP", "Against the base attitude; continuing success."),
    Calculator("press", "Press the issue", "BASE CURRENT success|failure", "One more try after a charm."),
    Calculator(
        "lasting", "Lasting charm", "LAST OWN_TO_TARGET TARGET_BASE", "The base attitude at adventure end."
    ),
    Calculator("persuade", "Persuasion", "CURRENT RP [commercial]", "Fail, negotiated, yes or vow."),
    Calculator("persuasion", "Persuasion DN", "WILLPOWER none|moderate|high", "+3 moderate risk, +5 high."),
    Calculator(
        "haggle", "Haggling", "OFFER PRICE buyer|seller [concede STEPS]", "Attitude to an offer; conceding."
    ),
    Calculator(
        "clearmind", "Clearing the mind", "PER_TOTAL MIN RP [enemy]", "Negates a charm or persuasion."
    ),
    Calculator("interrogate", "Interrogation", "ATTITUDE_TO_TOPIC", "The result points needed."),
    Calculator(
        "cast",
        "Cast a spell",
        "SKILL KNOWLEDGE REQUIREMENT DN BACKLASH BONUS [grimoire MIN] [effect N] [ord]",
        "Success, the effect field, backlash as mental damage.",
    ),
    Calculator("mage", "Mage points", "KNOWLEDGE_ADDS", "Spells a starting mage learns (12 points)."),
    Calculator("disbelief", "Disbelief DN", "BELIEVERS [mod N]", "Disbelieving an illusion."),
    Calculator(
        "miracle",
        "Miracle DN",
        "DIFFICULTY [enemy ADDS] "
        "[violates_mythos|defends_faithful|not_immediate|urgent|target_not_providing_faith...]",
        "The miracle's difficulty with its conditions.",
    ),
    Calculator(
        "focus",
        "Focus and faith",
        "FOCUS_TOTAL DN [faith TOTAL]",
        "Who may spend the Possibility; the level.",
    ),
    Calculator(
        "community",
        "Community bonus",
        "HELPERS | MEMBERS average N rating N",
        "Helpers who succeeded, or approximated.",
    ),
    Calculator("healing", "Healing miracle", "WOUNDS FAITH_RP", "Wound levels healed by success level."),
    Calculator("struggle", "Spiritual struggle", "FAITH_A FAITH_B", "Stun spiritual damage to the lower."),
    Calculator("spiritloss", "Spiritual damage", "[ko] WOUNDS_AFTER", "Focus or faith lost."),
    Calculator(
        "grouppower", "Group power", "PARTICIPANTS LEVEL...", "The lead's bonus (supporters' levels)."
    ),
    Calculator("bearers", "Group power bearers", "NAME=N...", "The top contributors bear the power."),
    Calculator("shard", "Eternity shard", "LEVEL", "Possibilities from tapping a shard."),
    Calculator("send", "Send", "LEVEL", "Skills regained by the weekly reality roll."),
    Calculator("shift", "Shift possibility", "DIE DIE...", "The task uses the best die."),
    Calculator(
        "advance",
        "Advancement cost",
        "skill CURRENT NEW [self] [trained] [foreign] [held] | attribute N [max M] | specialisation | "
        "trademark | spell | faith ADDS",
        "Possibilities to improve (a new skill 2 taught, 5 self-taught).",
    ),
)

SURPRISE = ("none", "on_heroes", "complete_on_heroes", "on_villains", "complete_on_villains")
"""The encounter's `surprise` setting: who was surprised, and whether completely."""

SWITCH_WORDS = ("poss", "poss!", "hero", "drama", "#N", "up", "stymied", "active", "dmg N", "dice N...")
"""The words `check_words` reads after the skill, as the help shows them."""
