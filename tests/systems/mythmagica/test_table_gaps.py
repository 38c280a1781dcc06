"""The rules the book has that a GM could not reach before (issue 27's gaps), each through the
command line on a copy of the demo: resistances and internal damage, attack modes, dual weapons,
cover, chases, XP awards by the campaign's mode, recovery, resizing, swarms, the reference
tables."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session

SHIPPED = Path(__file__).resolve().parents[3] / "campaigns" / "mythmagica-demo"


def _open(tmp_path: Path, snagtooth_extra: str = "", options: str = "") -> Session:
    copy = tmp_path / "demo"
    shutil.copytree(SHIPPED, copy)
    if snagtooth_extra:
        path = copy / "roster" / "snagtooth.toml"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('notes = ""\n', f'notes = ""\n{snagtooth_extra}\n', 1), encoding="utf-8")
    if options:
        path = copy / "campaign.toml"
        path.write_text(path.read_text(encoding="utf-8") + f"\n[options]\n{options}\n", encoding="utf-8")
    return Session.open(copy, rng=random.Random(3))


@pytest.fixture
def demo(tmp_path: Path):
    with _open(tmp_path) as s:
        yield s


def test_no_internal_damage_to_a_creature_without_organs(tmp_path: Path) -> None:
    with _open(tmp_path, "organs = false") as s:
        s.execute("check ardan attack:Longsword dice=18 at snagtooth")  # 27 vs 17: margin 10
        hit = s.execute("hit")
        assert "internal 0 (margin 10 blocked)" in hit.text
        assert s.resolve("snagtooth").sheet.damage == 6 + 2


def test_a_resisted_form_is_halved_after_ward(tmp_path: Path) -> None:
    with _open(tmp_path, '[sheet.resist]\nCutting = "resistant"') as s:
        ardan = s.path / "roster" / "ardan.toml"
    weapon = 'name = "Longsword"\nkind = "melee"'
    ardan.write_text(ardan.read_text().replace(weapon, weapon + '\nform = "Cutting"'))
    with Session.open(tmp_path / "demo", rng=random.Random(3)) as s:
        s.execute("check ardan attack:Longsword dice=18 at snagtooth")
        hit = s.execute("hit")  # 6 + ST 2 + internal 10 = 18, halved
        assert "resistant to Cutting = 9" in hit.text
        assert s.resolve("snagtooth").sheet.damage == 9


def test_grab_and_shove_meet_stability(demo: Session) -> None:
    grab = demo.execute("check snagtooth attack:Spear mode=grab dice=10 at ione")
    ione = demo.resolve("ione").sheet
    assert demo.last_result.target == ione.stability and "Level" in grab.text
    demo.execute("check snagtooth attack:Spear mode=shove dice=19 at ione")
    shove = demo.execute("hit")
    assert "setback" in shove.text and "pushed back 5 ft" in shove.text


def test_dual_weapons_take_the_lower_bonus_plus_one(demo: Session) -> None:
    demo.execute("check ione attack:Dagger dual=Sling dice=10 at snagtooth")
    ione = demo.resolve("ione").sheet
    dagger, sling = ione.weapon("Dagger"), ione.weapon("Sling")
    assert dagger is not None and sling is not None
    low = min(ione.attack_bonus(dagger), ione.attack_bonus(sling))
    assert demo.last_result.total == 10 + low + 1


def test_cover_and_a_shield_raise_the_threshold(demo: Session) -> None:
    demo.execute("check ardan attack:Longsword cover=8 shield=proportional dice=10 at snagtooth")
    assert demo.last_result.target == 17 + 8 + 2


def test_a_chase_meets_ten_plus_level_plus_intelligence(demo: Session) -> None:
    demo.execute("check ione chase terrain=hard dice=10 at snagtooth")
    # Ione Level 2, IN -1, hard terrain +15; Snagtooth Level 3, IN 0
    assert (demo.last_result.total, demo.last_result.target) == (10 + 2 - 1 + 15, 13)
    demo.execute("check snagtooth chase chase=pursue dice=10 at ione")
    assert demo.last_result.total == 10 + 3 + 0


def test_awards_follow_the_campaigns_xp_mode(tmp_path: Path) -> None:
    with _open(tmp_path, options='xp_mode = "milestone"') as s:
        s.execute("guts ione 16")  # 19 spent: Glory Status 4
        event = s.execute("award ione 3")
        assert "earns 80 XP by milestone award" in event.text  # 20 x 4
        assert s.resolve("ione").sheet.guts_spent == 0


def test_encounter_awards_share_the_defeated_foes(demo: Session) -> None:
    # party Level 5: a Level-7 villain (extended, capped at 5: 17) and a Level-2 guard (single: 1),
    # 4 participants, Glory Status 1 -> 18 / 4 = 4.5, rounds to 5
    event = demo.execute("award theron 5 7e 2s of 4")
    assert "earns 5 XP by encounter award" in event.text


def test_rest_heals_the_daily_healing_rate(demo: Session) -> None:
    ione = demo.resolve("ione").sheet
    demo.execute("dmg ione 20")
    event = demo.execute("rest ione")
    assert f"Daily Healing Rate {ione.derived['DHR']}" in event.text
    assert demo.resolve("ione").sheet.damage == ione.damage + 20 - ione.derived["DHR"]


def test_a_setback_cost_cannot_take_the_last_fate_point(demo: Session) -> None:
    demo.execute("cast theron 10-IN")  # IN 3: 7 Setback
    assert demo.resolve("theron").sheet.setback == 7
    with pytest.raises(RulesError, match="drop FP"):
        demo.execute("cast theron 38")
    demo.execute("cast theron 38 free")
    assert demo.resolve("theron").sheet.setback == 7


def test_resizing_keeps_hp_in_proportion(demo: Session) -> None:
    before = demo.resolve("ardan").sheet
    demo.execute("dmg ardan 15")
    demo.execute("resize ardan -1")
    after = demo.resolve("ardan").sheet
    assert after.size == "Small" and after.TN == before.TN - 2 and after.AG == before.AG + 6
    left = (before.hp_max - 15) * after.hp_max // before.hp_max
    assert after.hp_max - after.damage == left


def test_enfeebled_takes_a_quarter_off_max_hp(demo: Session) -> None:
    top = demo.resolve("ardan").sheet.hp_max
    demo.execute("condition ardan enfeebled")
    assert demo.resolve("ardan").sheet.hp_max == top * 3 // 4


def test_a_swarm_batch_from_the_default_table(demo: Session) -> None:
    demo.execute("gen swarm remarkable")
    batch = demo.resolve("remarkable swarm batch").sheet
    # the book's Remarkable row: HP 45, FP 38, Defense 27, Stability 29, nibble +19
    assert (batch.hp_max, batch.fp_max, batch.defense, batch.stability) == (45, 38, 27, 29)
    assert batch.attack_bonus(batch.weapons[0]) == 19


def test_the_sheet_shows_recovery_and_missile_defence(demo: Session) -> None:
    lines = dict(demo.system.sheet_lines(demo.resolve("ione").sheet))
    assert "Daily Healing Rate" in lines["Recovery"] and "Magic Limit" in lines["Recovery"]
    assert "vs missiles" in lines["Defense"]


def test_quick_combatants_are_bounded(demo: Session) -> None:
    with pytest.raises(RulesError, match="hp must be a whole number from 1 to 100000"):
        demo.execute("add thug hp 99999999999")


@pytest.mark.parametrize("name", [
    "Common Edges and Drawbacks", "Question Difficulty", "Answer Success", "Degree of Success",
    "Climbing Surface Threshold", "Bandying Words", "Rallying Threshold", "Evasion Terrain Bonus",
    "Curses", "Maximum Curse Duration", "Size categories", "Coin Value", "Area Conditions",
    "Default Swarm Batch", "Special attack modes", "Character Conditions",
])
def test_the_books_tables_are_in_the_reference_pane(demo: Session, name: str) -> None:
    assert name in {t.name for t in demo.system.tables()}


def test_the_end_of_the_scene_tallies_defeated_foes_for_xp(demo: Session) -> None:
    demo.execute("dmg snagtooth 40")
    end = demo.execute("end")
    assert "XP basis: Level 3 extended (award WHO PARTY_LEVEL 3e)" in end.text


def test_a_bad_degree_or_size_is_a_sheet_error_the_loader_reports(demo: Session) -> None:
    with pytest.raises(ValueError, match="unknown degree"):
        demo.system.parse_sheet({"abilities": [{"name": "Lore", "degrees": ["Grandmaster"]}]})
    with pytest.raises(ValueError, match="unknown size"):
        demo.system.parse_sheet({"size": "Gargantuan"})
