"""Spells cast at a target through the ordinary aimed test, magic shields and healing, and the
experience verbs, from the command line on the demo."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

from .conftest import demo_copy


def test_a_woven_spell_is_cast_at_a_target_who_dodges_and_h_applies_its_damage(
        demo: Session) -> None:
    demo.execute("weave ilse 6 6 3 1 2 4")
    demo.execute("weave ilse put damage=1 seeking=1")  # 2D damage, +1 to the casting roll
    cast = demo.execute("check ilse intellect/spell_casting dice=5,1,1,1,1,1 at grell "
                        "target_dice=3,1")
    # Ilse 5 + untrained 0 + Seeking 1 = 6 against Grell's Grace 2 + Ranged Combat 2 = 5
    assert "+1 Seeking = 6 vs 5: wins" in cast.text and "the woven spell is released" in cast.text
    assert "Grace 2D + Ranged Combat" in cast.text
    assert demo.resolve("ilse").sheet.weave is None
    hit = demo.execute("hit 6 2")
    assert hit.text.startswith("Ilse Marrow hits (spell 2D [6 2] vs armour 3)")


def test_a_magic_shield_is_beaten_first_then_worn_armour(demo: Session) -> None:
    demo.execute("shield kesh 2")
    demo.execute("check grell power/close_combat dice=6,5,1,1,1,1 at kesh target_dice=1,1,1,1")
    # long sword 4D [3 3 1 1]: two beat the shield 2, rolled again [4 1] against chain mail 3
    hit = demo.execute("hit 3 3 1 1 4 1")
    assert "Long sword 4D [3 3 1 1] vs armour 3 (shield 2: 2 through, again [4 1])" in hit.text
    assert demo.resolve("kesh").sheet.line("wounds").crossed == 3
    demo.execute("mend kesh 1")
    assert demo.resolve("kesh").sheet.line("wounds").crossed == 1
    with pytest.raises(RulesError, match="shield's armour must be a whole number from 0 to 20"):
        demo.execute("shield kesh 21")
    demo.execute("shield kesh 0")
    assert demo.resolve("kesh").sheet.shield == 0


def test_xp_shows_the_level_and_what_it_grants(demo: Session) -> None:
    event = demo.execute("xp tamsin 25")  # level 3 needs 25 XP (T-7)
    assert event.text == ("Tamsin Reed gains 25 XP (25 in all): level 3, up from 1: +4 skill "
                          "points, +1 SFX, +2 health, +0 statistic")
    with pytest.raises(RulesError, match="XP awarded must be a whole number from 1 to 1000"):
        demo.execute("xp tamsin 99999999999")


@pytest.fixture
def random_progression(tmp_path: Path) -> Iterator[Session]:
    with Session.open(demo_copy(tmp_path, 'progression = "random"'), rng=random.Random(11)) as session:
        yield session


def test_random_progression_ticks_failures_and_advances_at_the_end(
        random_progression: Session) -> None:
    s = random_progression
    failed = s.execute("check tamsin grace/stealth vs 17 dice=1,1,1,1,1")
    assert "stealth ticked for advancement" in failed.text
    assert s.resolve("tamsin").sheet.progress.failed_skills == ["stealth"]
    # stealth 3: [4 5] both beat 3, it rises; athletics 2 (the player's pick): [2 6] stays
    event = s.execute("advance tamsin athletics 4 5 2 6")
    assert event.text == ("Tamsin Reed advances: stealth [4 5] rises to 4; athletics [2 6] "
                          "stays at 2")
    assert s.resolve("tamsin").sheet.skills["stealth"] == 4
    assert s.resolve("tamsin").sheet.progress.failed_skills == []


def test_boons_flaws_and_light_change_the_test_by_themselves(demo: Session) -> None:
    # Tamsin: Acute Vision (+1 on a Perception test using sight, the default)
    seen = demo.execute("check tamsin spirit/perception vs 6 dice=3,1,1,1")
    assert "+1 acute sight" in seen.text and seen.data["total"] == 3 + 3 + 1
    heard = demo.execute("check tamsin spirit/perception sense=hearing vs 6 dice=3,1,1,1")
    assert "acute" not in heard.text
    # Grell: Prejudice, -1 on a social test unless trusted
    bargain = demo.execute("check grell intellect/persuasion vs 6 dice=4")
    assert "-1 prejudice" in bargain.text
    trusted = demo.execute("check grell intellect/persuasion trusted vs 6 dice=4")
    assert "prejudice" not in trusted.text
    # dark: -2 on a fight; Tamsin's Night Vision 1 takes one off
    dark = demo.execute("check tamsin power/ranged_combat light=dark vs 6 dice=4,1,1")
    assert "-1 dark light" in dark.text


@pytest.fixture
def romance(tmp_path: Path) -> Iterator[Session]:
    with Session.open(demo_copy(tmp_path, "romance = true"), rng=random.Random(11)) as session:
        yield session


def test_a_romantic_attack_on_a_minor_button_does_two_cynicism(romance: Session) -> None:
    romance.execute("set conflict romance")
    # EX-35: the restaurant date hits Classical Music, a minor button: 2 Cynicism
    romance.execute("check ilse intellect/persuasion button=minor dice=6,5,1,1,1,1 at hesk "
                    "target_dice=1,1,1,1")
    hit = romance.execute("hit")
    assert "romance (minor button)" in hit.text
    assert romance.resolve("hesk").sheet.line("cynicism").crossed == 2
    missed = romance.execute("check ilse intellect/persuasion button=turn dice=1,1,1,1,1,1 at "
                             "hesk target_dice=6,6,6,6")
    assert "the target regains 2 Cynicism" in missed.text


@pytest.fixture
def free_zap(tmp_path: Path) -> Iterator[Session]:
    with Session.open(demo_copy(tmp_path, "magic_free_zap = true"), rng=random.Random(11)) as session:
        yield session


def test_the_free_zap_is_one_die_and_a_spell_gets_it_on_top(free_zap: Session) -> None:
    s = free_zap
    s.execute("check ilse intellect/spell_casting dice=6,1,1,1,1,1 at grell target_dice=1,1")
    assert s.execute("hit 5").text.startswith("Ilse Marrow hits (zap 1D [5] vs armour 3)")
    s.execute("weave ilse 6 1 1 1 1 1")
    s.execute("weave ilse put damage")
    s.execute("check ilse intellect/spell_casting dice=6,1,1,1,1,1 at grell target_dice=1,1")
    hit = s.execute("hit 5 5 5")  # 2D for the Damage six + the free zap die
    assert hit.text.startswith("Ilse Marrow hits (spell 3D [5 5 5] vs armour 3 (+1D zap))")


def test_counter_magic_cancels_a_spell_all_or_nothing(demo: Session) -> None:
    demo.execute("weave ilse 6 6 1 1 1 1")
    demo.execute("weave ilse put damage=2")  # a spell of 2 sixes: 4D
    demo.execute("check ilse intellect/spell_casting counter=1 dice=6,1,1,1,1,1 at grell "
                 "target_dice=1,1")
    hit = demo.execute("hit")  # a Counter-Spell six negates 2 SFX dice: the whole spell
    assert "countered: 1 sixes (Counter-Spell) against a spell of 2" in hit.text
    assert demo.resolve("grell").sheet.line("wounds").crossed == 2  # untouched
    demo.execute("weave ilse 6 6 6 6 1 1")
    demo.execute("weave ilse put damage=4")
    demo.execute("check ilse intellect/spell_casting counter=2 easy_counter dice=6,1,1,1,1,1 "
                 "at grell target_dice=1,1")
    hit = demo.execute("hit 6 6 6 6 6 6 6 6")  # easy counter: 2 of 4 is not more than half
    assert hit.text.startswith("Ilse Marrow hits (spell 8D")


def test_an_imbued_item_costs_intellect_until_its_spell_is_cast(demo: Session) -> None:
    demo.execute("weave ilse 6 6 6 6 1 1")
    demo.execute("weave ilse put damage=3 seeking")  # at double cost: damage 1, seeking none
    event = demo.execute("imbue ilse amulet")
    assert event.text.startswith("Ilse Marrow imbues the amulet with Damage 1")
    assert demo.resolve("ilse").sheet.weave is None
    intellect = demo.execute("check ilse intellect vs 6 dice=4,1,1,1,1")  # 6 - 1: five dice
    assert intellect.text.startswith("Ilse Marrow: Intellect 5D")
    cast = demo.execute("check ilse intellect/spell_casting item=amulet dice=6,1,1,1,1 at grell "
                        "target_dice=1,1")
    assert "the amulet's spell is used up" in cast.text
    assert demo.execute("hit 6 6").text.startswith("Ilse Marrow hits (spell 2D [6 6]")
    assert demo.resolve("ilse").sheet.imbued == []
