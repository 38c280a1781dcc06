"""Myriad's optional rules (`campaign.toml` [options]) and per-encounter settings.

Each optional rule of the book a GM may switch (spec §8 G) is one `RuleOption`; the test
switches and verbs that follow a rule name it in their help.
"""

from __future__ import annotations

from gmconsole.systems.base import RuleOption

CAMPAIGN_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("declare_reverse_initiative", "Declare actions lowest initiative first",
               False, "Optional rule: declare in reverse order, resolve high first."),
    RuleOption("skip_single_side_initiative", "No initiative roll when one side acts", True,
               "If only one side is acting, skip the roll."),
    RuleOption("burning_fives", "Fives may be burnt for SFX", False,
               "Optional rule: fives may be burnt for SFX like sixes; a burnt five never "
               "adds a bonus."),
    RuleOption("medic_tn_counts", "Medic TN counts", "all_boxes",
               "What the Medic TN counts: 'all_boxes' (every box lost, the book's formula) or "
               "'critical_only_if_any_lost' (only critical boxes when any are lost)."),
    RuleOption("creation_preset", "Character creation preset", "recommended",
               "Point budgets for new characters: recommended, mundane, heroic or godlike."),
    RuleOption("hit_locations", "Hit locations", False,
               "Optional rule: an attack may aim at a body part (`aim=head`): its penalty "
               "on the attack, its effect on the hit (head: double wounds)."),
    RuleOption("progression", "Progression", "level",
               "How characters advance: 'level' (XP and levels), 'gradual' (XP spent a "
               "step at a time) or 'random' (failed skills ticked, `advance WHO` at the "
               "session's end).", choices=("level", "gradual", "random")),
    RuleOption("archaic_armour", "Archaic armour slows", False,
               "Optional realism: -1 Power while wearing archaic armour rated 4 or more "
               "(plate mail; modern armour of the list is exempt)."),
    RuleOption("romance", "Romance", False,
               "Optional module: romantic attacks onto Cynicism (`button` switch: plain, "
               "minor_button, major_button, turn_off; `set conflict romance`)."),
    RuleOption("magic_free_zap", "Free zap", False,
               "Optional rule: any mage may zap (1 damage die, 100 m, no weaving), and "
               "every spell gets a free +1 damage die the caster may drop (`zap` switch)."),
    RuleOption("magic_easy_counter", "Easy counter", False,
               "Optional rule: a target burns sixes from its defence roll against a spell "
               "(`counter` switch); more than half the spell's sixes cancels it. Off: the "
               "sixes are a Counter-Spell's, 2 SFX dice each, all or nothing."),
    RuleOption("magic_easy_weave", "Easy weave", False,
               "Optional rule: weave with Intellect/Spell Casting; a "
               "total of 6+ adds a six, 8+ two, 10+ three (`weave WHO`)."),
)

ENCOUNTER_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("conflict", "Conflict type", "mortal",
               "Mortal (Power/Grace, wounds), social (Intellect/Spirit, resolve), "
               "romance (Intellect/Spirit, cynicism) or terror (Spirit, nerve): sets the "
               "initiative statistic and what `dmg` harms (`set conflict social`).",
               choices=("mortal", "social", "romance", "terror")),
)
