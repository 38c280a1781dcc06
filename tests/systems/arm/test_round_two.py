"""The second pass over ARM at the table, through `Session.execute` as a GM types it: a defence
with nothing to answer, the counter-blow's strike, cover, the unit converter, point-buy, the
armour option."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "arm-demo"


@pytest.fixture
def table(tmp_path: Path) -> Session:
    """The demo brawl moved on to round 3's resolve phase (everyone may act once)."""
    shutil.copytree(SHIPPED, tmp_path / "arm", ignore=shutil.ignore_patterns(".lock"))
    with Session.open(tmp_path / "arm", rng=random.Random(5)) as session:
        while session.encounter.round == 2 or session.encounter.current.phase != "resolve":
            session.execute("next")
        yield session


def test_a_dodge_with_no_hit_to_answer_says_so(table: Session) -> None:
    table.execute("check thug-1 attack:Club at alex dice=1,6")  # 6 + 1 - 6 = 1 vs 4: a miss
    event = table.execute("check alex dodge at thug-1 dice=3,3")
    assert "no hit by them to answer" in event.text
    assert event.data.get("target") is None


def test_the_counter_blows_strike_is_not_a_second_action(table: Session) -> None:
    table.execute("check brad attack:Axe at alex dice=3,3")  # 8 vs 4: hit 4
    dodge = table.execute("check alex dodge counter at brad dice=6,1")  # 6 + 5 - 2 = 9 vs 6 + 4
    assert dodge.data["target"] == 10 and "hit applies it, then the counter-blow's strike" in dodge.text
    assert table.execute("hit 3 3").data["detail"]["wound_result"] == 4 + 8 + 1 - (5 + 4)
    strike = table.execute("check alex attack:Sword at brad dice=3,3")
    assert "already acted" not in strike.text and "part of the same action" in strike.text
    again = table.execute("check alex attack:Sword at brad dice=3,3")
    assert "already acted" in again.text


def test_the_unit_converter_shows_the_measure_in_the_other_units(table: Session) -> None:
    """3 km is 3 000 m (not the log's 2 500 m) and 9 840 ft; the logs are the unit table's."""
    text = table.execute("calc units 3 km").text
    assert "3 000 m (log 17)" in text and "9 840 ft (log 20)" in text and "1.86 mi (log 1)" in text
    assert "600 s (log 14)" in table.execute("calc units 10 minutes").text  # D-04


def test_cover_makes_an_attack_harder_not_a_dodge(table: Session) -> None:
    shot = table.execute("check thug-1 attack:Long bow at alex distance=30m cover=2 weather=1 dice=3,3")
    assert shot.data["target"] == 4 + 2 * 7 + 2 + 1  # 30 m is log 7
    table.execute("check brad attack:Axe at alex dice=3,3")
    with pytest.raises(RulesError, match="cover is for an attack"):
        table.execute("check alex dodge at brad cover=2 dice=3,3")
    assert table.execute("check alex dodge at brad weather=1 dice=3,3").data["target"] == 4 + 4 + 1


def test_build_keeps_a_running_total_against_a_budget(table: Session) -> None:
    """Stats at the example prices (T-19, D-13), the mods at their own price a level; Odo's
    special mod counts its levels from -10."""
    event = table.execute("build alex 300")
    assert event.text.startswith("Alex point-buy: Fit 6x10=60, Dex 7x5=95, Tou 5x5=120")
    assert "Swords 1x3=263: 263 chp of 300: 37 left" in event.text
    odo = table.execute("build odo 200")
    assert "Magically Able 11x10=350: 350 chp of 200: 150 over" in odo.text
    with pytest.raises(RulesError, match="budget"):
        table.execute("build alex 1e9")


def test_the_sheet_shows_its_point_buy_and_the_race_limits(table: Session, tmp_path: Path) -> None:
    """What the roster's detail view shows after the sheet form saves a sheet."""
    alex = table.resolve("alex").sheet
    data = table.system.dump_sheet(alex)
    data["stats"]["fitness"] = 11
    lines = dict(table.system.sheet_lines(table.system.parse_sheet(data)))
    assert lines["Point-buy"] == "313 chp; fitness 11 outside human 3..9"


def test_the_armour_option_off_leaves_armour_out_of_the_damage(table: Session) -> None:
    """Armour adds to Toughness only if the GM permits: Christine (Toughness 6, leather 2/0)."""
    from gmconsole.systems.base import Scene

    christine, system = table.resolve("christine").sheet, table.system
    worn = system.apply_damage_in(christine, 9, None, Scene(random.Random(1), options={"armour": True}))
    bare = system.apply_damage_in(christine, 9, None, Scene(random.Random(1), options={"armour": False}))
    assert worn.detail["wound_result"] == 9 - (6 + 2) and bare.detail["wound_result"] == 9 - 6
    assert "armour not counted" in bare.text


def test_circlings_plus_one_is_for_attacks_on_the_one_circled(table: Session) -> None:
    """T-27: Christine circles Alex (Wit 6 + 5 - 0 = 11 vs his Wit 7 - 2 pending); next round +1
    to attack Alex, not Brad."""
    assert table.execute("check christine circle at alex dice=5,1").data["success"]
    while table.encounter.round == 3 or table.encounter.current.phase != "resolve":
        table.execute("next")
    on_alex = table.execute("check christine attack:Rapier at alex dice=3,3")
    on_brad = table.execute("check christine attack:Rapier at brad dice=3,3")
    assert on_alex.data["total"] == on_brad.data["total"] + 1
    assert "+1 attack on Alex" in dict(table.system.sheet_lines(table.resolve("christine").sheet))["Pending"]


def test_the_round_ends_for_everyone_when_the_last_steps_have_acted_early(tmp_path: Path) -> None:
    """Thug 2 clubs Alex during Thug 1's step (his own step goes): the round ends from Thug 1's
    step, and its end still lapses Alex's prepared defence and Christine's spent circling bonus."""
    shutil.copytree(SHIPPED, tmp_path / "arm", ignore=shutil.ignore_patterns(".lock"))
    with Session.open(tmp_path / "arm", rng=random.Random(5)) as session:
        session.execute("next")  # Thug 1
        session.execute("check thug-2 attack:Club at alex dice=5,2")
        event = session.execute("next")
        assert session.encounter.round == 3
        assert "Alex prepared defence lapses" in event.text
        assert not session.resolve("alex").sheet.prepared
        assert not session.resolve("christine").sheet.pending


def test_a_circler_defends_prepared_without_a_second_action(table: Session) -> None:
    """Circling prepares a defence even when no weakness is found; the parry that follows is
    2 + the hit and part of the circling, not a second action."""
    circle = table.execute("check christine circle at brad dice=1,6")  # 6 - 5 = 1 vs Brad's Wit 4
    assert not circle.data["success"] and "defence prepared" in circle.text
    table.execute("check brad attack:Axe at christine dice=5,2")  # 8 + 3 = 11 vs 4: hit 7
    parry = table.execute("check christine parry:Rapier at brad dice=4,4")
    assert parry.data["target"] == 2 + 7 and "already acted" not in parry.text
    assert "part of the circling" in parry.text


def test_dmg_and_hit_leave_armour_out_when_the_campaign_turns_it_off(tmp_path: Path) -> None:
    """The option "armour" (on by default): off, Christine's leather adds nothing to Toughness."""
    shutil.copytree(SHIPPED, tmp_path / "arm", ignore=shutil.ignore_patterns(".lock"))
    campaign = tmp_path / "arm" / "campaign.toml"
    campaign.write_text(campaign.read_text() + "\n[options]\narmour = false\n")
    with Session.open(tmp_path / "arm", rng=random.Random(5)) as session:
        event = session.execute("dmg christine 9")  # 9 - 6 = 3: Light and Giddy (with leather: 1)
        assert event.data["detail"]["wound_result"] == 3 and "armour not counted" in event.text
        c = session.resolve("christine").sheet.condition
        assert (c.wound, c.shock) == (1, 2)


def test_a_set_spell_cast_then_flung_is_one_action(table: Session) -> None:
    """Odo casts Fire-ball (Willpower 8 vs 7) and flings it (Fitness 5 + 20, no range limit,
    no dodge): one action. A failed cast is a miscast for the GM to rule on."""
    table.execute("add odo")
    cast = table.execute("check odo cast:Fire-ball dice=3,3")
    assert cast.data["margin"] == 1 and "fling it: attack:Fire-ball" in cast.text
    fling = table.execute("check odo attack:Fire-ball at brad distance=10m dice=3,3")
    assert fling.data["target"] == 4 + 2 * 5 and "already acted" not in fling.text
    with pytest.raises(RulesError, match="cannot be dodged"):
        table.execute("check brad dodge at odo")
    assert "miscast" in table.execute("check odo cast:Fire-ball dice=1,6").text
