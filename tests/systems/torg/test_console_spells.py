"""Casting from the spell list on the caster's sheet (worked examples §7.9 G02, G05): the
magic skill and arcane knowledge adds, the roll, the effect and backlash as mental damage."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


@pytest.fixture
def mage(demo: Session) -> Session:
    """Helena learns alteration magic 3 (PER 11: 14) and the folk knowledge 1: 15 for folk
    spells. Costs: a new skill that is never unskilled 5 taught, then 2 + 3; the knowledge 5."""
    demo.execute("gain helena 60")
    demo.execute("improve helena alteration 3")
    demo.execute("improve helena folk")
    helena = demo.resolve("helena").sheet
    assert helena.skill_value("alteration_magic") == 14 and helena.knowledges == {"folk": 1}
    return demo


def test_a_cast_spell_adds_its_bonus_to_the_effect(mage: Session) -> None:
    """Strength (alteration/folk 15, DN 12, effect 10): die 15 (+2): 16 vs 12, effect 12; the
    backlash 15 is below the total: none."""
    event = mage.execute("cast helena strength dice 15")
    assert "16 vs 12: cast, effect 12" in event.text and "no backlash" in event.text


def test_backlash_is_mental_damage_on_the_casters_column(mage: Session) -> None:
    """Haste (alteration/folk 14, backlash 16, DN 11): die 5 (-5): 9 fails; 16 - 9 = 7 RP,
    "Knockdown K 2" on the possibility-rated column."""
    event = mage.execute("cast helena haste dice 5")
    assert "9 vs 11: fails" in event.text and "Knockdown K 2" in event.text
    d = mage.resolve("helena").sheet.damage
    assert d.K and d.knockdown and d.shock == 2


def test_a_grimoire_caster_counts_at_least_mind(mage: Session) -> None:
    """From a grimoire the backlash is checked against MIN 12 at least: 16 - 12 = 4 RP, "2"."""
    event = mage.execute("cast helena haste grimoire dice 5")
    assert "backlash 16: 2 mental damage" in event.text


@pytest.mark.parametrize(
    "line",
    [
        "cast helena altered fireball dice 15",  # alteration/fire 18: no fire knowledge
        "cast helena moonbeam",
        "cast quinn strength dice 15",  # no alteration magic
        "cast helena strength dice 99",
    ],
)
def test_a_spell_out_of_reach_is_refused(mage: Session, line: str) -> None:
    with pytest.raises(RulesError):
        mage.execute(line)
