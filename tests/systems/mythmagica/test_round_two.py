"""Round two at the table (issue 27), each typed as a GM types it on a copy of the demo:
conditions set with `cond` and with `condition` count once, encounter Impaired and Maimed lower
the attribute, a condition says what it does and how long it lasts, Guts bought with the verb
after a miss, and the hits that deal Damage and Setback at once."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "mythmagica-demo"


@pytest.fixture
def demo(tmp_path: Path):
    copy = tmp_path / "demo"
    shutil.copytree(SHIPPED, copy)
    with Session.open(copy, rng=random.Random(7)) as s:
        yield s


def test_a_condition_set_twice_hinders_once(demo: Session) -> None:
    demo.execute("cond snagtooth stunned")
    demo.execute("condition snagtooth stunned")
    event = demo.execute("check snagtooth attack:Spear dice=18,5,1 at ione")
    assert demo.last_result.total == 5 + 3  # one Drawback: two dice, keep the lower
    assert event.text.count("Stunned -1") == 1


def test_stunned_and_prone_counted_once_each(demo: Session) -> None:
    demo.execute("cond ione prone")
    demo.execute("condition ione prone")
    event = demo.execute("check ardan attack:Longsword dice=3,12 at snagtooth")
    assert "Prone" not in event.text
    event = demo.execute("check snagtooth attack:Spear dice=3,13,1 at ione")
    assert demo.last_result.total == 13 + 3  # one Edge: two dice, keep the higher
    assert event.text.count("target Prone +1") == 1


def test_encounter_impaired_lowers_the_attribute(demo: Session) -> None:
    demo.execute("cond ardan impaired:ST")
    event = demo.execute("check ardan attack:Longsword dice=12 at snagtooth")
    assert demo.last_result.total == 12 + 9 - 2 and "Impaired ST" in event.text


def test_a_condition_says_what_it_does_and_how_long(demo: Session) -> None:
    event = demo.execute("condition snagtooth stunned")
    assert "Drawback on all actions" in event.text and "end of scene" in event.text


def test_guts_n_after_a_miss_buys_the_test_and_its_hit_follows(demo: Session) -> None:
    # Longsword +9 against Defense 17: a 7 makes 16, a miss by 1: 2 Guts buy a bare success
    demo.execute("check ardan attack:Longsword dice=7 at snagtooth")
    with pytest.raises(RulesError, match="needs 2 Guts to become a bare success; 1 would buy nothing"):
        demo.execute("guts ardan 1")  # Guts are not burnt for Glory
    event = demo.execute("guts ardan 2")
    assert "up to a bare success for 2 Guts" in event.text
    assert demo.resolve("ardan").sheet.guts_spent == 2
    demo.execute("check ardan guts at snagtooth")  # brings the paid hit to H, free
    assert demo.resolve("ardan").sheet.guts_spent == 2
    hit = demo.execute("hit")
    assert "Longsword 6 + ST 2 + internal 1 - ward 0 = 9" in hit.text
    with pytest.raises(RulesError, match="already bought"):
        demo.execute("check ardan guts at snagtooth")


def test_a_grab_deals_damage_and_footing_setback_in_one_hit(demo: Session) -> None:
    # Grapple 2, Setback 2; Snagtooth Level 3, VG 2, CR 4; Ione's Stability 15, Ward 2
    demo.execute("check snagtooth attack:Grapple mode=grab dice=16 at ione")
    assert demo.last_result.margin == 10  # 16 + 3 + 2 + 4 = 25 vs 15
    ione = demo.resolve("ione").sheet
    hit = demo.execute("hit")
    after = demo.resolve("ione").sheet
    assert "Grapple 2 + internal 10 - ward 2 = 10" in hit.text
    assert "setback (Footing) 2 + CR + margin 10 = 16" in hit.text
    assert (after.damage - ione.damage, after.setback - ione.setback) == (10, 16)


def test_a_tail_whip_puts_its_margin_into_setback(demo: Session) -> None:
    demo.execute("check snagtooth attack:Grapple mode=tail-whip dice=16 at ione")  # 21 vs 15
    ione = demo.resolve("ione").sheet
    demo.execute("hit")
    after = demo.resolve("ione").sheet
    assert (after.damage - ione.damage, after.setback - ione.setback) == (1, 2 + 4 + 6)


BOOK_TABLES = (
    "Relative size of items", "Weight by Brawn and Size", "Skill XP Costs", "Maximum classes",
    "Group Conflict Rolls", "Body Zone Roll", "Weighted Direction Roll", "Flying modes",
    "Spell Duration Types", "Range and distance terms", "Standard dimension by size",
    "Variable area terms", "Multiple-target terms", "Edge and Drawback terms",
    "Damage and Setback potency terms", "Eidolon alignment", "Creature Ilk and Kin",
)


def test_every_table_the_book_prints_is_in_the_reference_pane(demo: Session) -> None:
    names = {t.name for t in demo.system.tables()}
    assert set(BOOK_TABLES) <= names
    xp = next(t for t in demo.system.tables() if t.name == "Skill XP Costs")
    assert xp.rows[2][:4] == ("3", "3", "6", "12") or list(xp.rows[2][:4]) == ["3", "3", "6", "12"]


def test_a_natural_shove_knocks_the_target_prone(demo: Session) -> None:
    demo.execute("check theron attack:Spear mode=shove dice=20 at goblin-raider-2")
    hit = demo.execute("hit")  # VG -1 counts as 0: margin 13, doubled
    assert "shove: VG + margin 13 x2 natural = 26" in hit.text and "knocked Prone" in hit.text


def test_the_tracker_shows_a_sheets_conditions(demo: Session) -> None:
    demo.execute("condition ardan prone")
    status = demo.system.status(demo.resolve("ardan").sheet)
    assert (status.health, status.label) == ("hurt", "Prone")
    demo.execute("dmg ardan 2")
    status = demo.system.status(demo.resolve("ardan").sheet)
    assert (status.label, status.detail) == ("hurt", "Prone")


def test_a_named_opponents_counter_bid_charges_whoever_pays(demo: Session) -> None:
    # a 4 makes 13 against 17: Ardan bids 5; Snagtooth counters 6; Ardan wins with 7
    demo.execute("check ardan attack:Longsword dice=4 at snagtooth")
    with pytest.raises(RulesError, match="at least 6"):
        demo.execute("counter snagtooth ardan 5")
    demo.execute("counter snagtooth ardan 6")
    assert (demo.resolve("ardan").sheet.guts_spent, demo.resolve("snagtooth").sheet.guts_spent) == (7, 0)
    demo.execute("check ardan guts at snagtooth")
    assert "internal 1" in demo.execute("hit").text


def test_guts_n_after_a_miss_and_h_applies_its_hit_at_once(demo: Session) -> None:
    """Guts bought after the roll with `guts WHO N`: H applies the hit with no second line."""
    demo.execute("check ardan attack:Longsword dice=7 at snagtooth")  # 16 vs 17: a miss by 1
    demo.execute("guts ardan 2")
    hit = demo.execute("hit")
    assert "Longsword 6 + ST 2 + internal 1 - ward 0 = 9" in hit.text
    assert demo.resolve("ardan").sheet.guts_spent == 2  # paid once


def test_when_the_dice_stand_the_counter_bidder_pays(demo: Session) -> None:
    demo.execute("check ardan attack:Longsword dice=4 at snagtooth")
    event = demo.execute("counter snagtooth ardan 6 stand")
    assert "the dice stand" in event.text
    assert (demo.resolve("ardan").sheet.guts_spent, demo.resolve("snagtooth").sheet.guts_spent) == (0, 6)
    for line in ("counter snagtooth ardan 8", "guts ardan 5", "check ardan guts at snagtooth"):
        with pytest.raises(RulesError, match="dice stand"):
            demo.execute(line)


def test_buying_off_a_miss_says_no_hit_is_pending(demo: Session) -> None:
    demo.execute("check snagtooth attack:Spear dice=2 at ione")  # 5 vs 15: a miss
    with pytest.raises(RulesError, match="no hit of that foe is pending"):
        demo.execute("check ione guts:hit at snagtooth")
