"""The defects found at the table (issue 29), each driven through the command line a GM
types, on a copy of the shipped demo."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.store import Session
from tests.store.conftest import file_snapshot
from tests.systems.system_one.test_console import finish_round


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("dmg dana 20000 left-arm", "from 0 to 10000"),
        ("xp dana 1000000", "from -100000 to 100000"),
        ("defend dana 600", "from 0 to 500"),
        ("exert dana 99999999999999", "EF to spend must be"),
        ("recover dana ٣", "days must be"),
        ("strike dana 2.5", "damage must be a whole number"),
    ],
)
def test_a_hostile_number_is_refused_and_writes_nothing(demo: Session, line: str, message: str) -> None:
    before = file_snapshot(demo.path)
    with pytest.raises(GmConsoleError, match=message):
        demo.execute(line)
    assert file_snapshot(demo.path) == before


def test_damage_piling_up_clamps_and_the_pc_still_opens(demo: Session, tmp_path: Path) -> None:
    for _ in range(3):
        demo.execute("dmg dana 9000 torso")
    demo.execute("xp dana 99999")
    with pytest.raises(RulesError, match="XP would be 100004"):
        demo.execute("xp dana 5")
    assert demo.resolve("dana").sheet.wound("torso") == 10_000
    path = demo.path
    demo.close()
    with Session.open(path, rng=random.Random(1)) as again:
        assert again.resolve("dana").sheet.xp == 99999  # the file loads: Dana is still there
        event = again.check("dana", CheckRequest(option="attr:STA"), dice=[3])
        assert event.data["success"]


def test_piercing_reaches_the_armour_through_dmg_and_held_hits(demo: Session) -> None:
    """Marcus's flak vest (5, half against piercing): 6 piercing puts 4 through, 6 blunt 1."""
    assert "takes 4 (6 piercing to the torso, armour 2)" in demo.execute("dmg marcus 6 torso-piercing").text
    demo.undo()
    assert "takes 1 (6 to the torso, armour 5)" in demo.execute("dmg marcus 6 torso").text
    demo.undo()
    demo.aimed_check("guard-1", CheckRequest(option="attack:Submachine gun"), "marcus", dice=[10])
    demo.hit(dice=[8, 6])  # torso, 1d6 = 6
    held = demo.resolve("marcus").sheet.held[0]
    assert (held.location, held.raw, held.type) == ("torso", 6, "piercing")
    finish_round(demo)
    assert demo.resolve("marcus").sheet.wound("torso") == 4


def test_dmg_without_a_location_rolls_the_d20_with_the_sessions_dice(demo: Session) -> None:
    from gmconsole.systems.system_one import rules

    face = random.Random(5).randint(1, 20)  # the session's first die (seeded 5 in the fixture)
    event = demo.execute("dmg guard-1 3")
    where = rules.hit_location(face)
    assert f"(location d20 {face}, no location typed)" in event.text
    assert event.data["kind"] == where.replace(" ", "-") and event.data["rolled"]


def test_energy_armour_stops_energy_hits(demo: Session) -> None:
    sheet = demo.resolve("vic").sheet
    sheet.armour[0].energy = 3
    change = demo.system.apply_damage(sheet, 5, "torso-energy")
    assert change.sheet.wound("torso") == 2 and change.sheet.armour[0].value == 5  # energy does not wear


def test_dmg_without_a_location_rolls_the_body_table_and_strike_rolls_d20(demo: Session) -> None:
    text = demo.execute("dmg guard-1 3").text
    assert "(location d20 " in text and "no location typed" in text
    places = {demo.execute("dmg guard-1 0").data["kind"] for _ in range(12)}
    assert len(places) > 1  # not always the torso
    event = demo.execute("strike vic 3")
    assert "(location d20 " in event.text
    assert demo.resolve("vic").sheet.held  # in the running round: it waits for the round's end
    text = demo.execute("strike vic 8 head piercing").text
    assert "is hit in the head for 8 piercing" in text


def test_heal_without_a_location_heals_the_one_hurt_place_or_asks(demo: Session) -> None:
    with pytest.raises(RulesError, match="nothing to heal"):
        demo.execute("heal dana 2")
    demo.execute("dmg dana 4 left-leg")
    assert "heals 2 in the left leg" in demo.execute("heal dana 2").text
    demo.execute("dmg dana 3 head")
    with pytest.raises(RulesError, match=r"name the location to heal \(hurt: head, left-leg"):
        demo.execute("heal dana 1")
    with pytest.raises(RulesError, match="nothing to heal in the torso"):
        demo.execute("heal dana 1 torso")


def test_an_unarmed_defence_says_what_armed_attackers_lose(demo: Session) -> None:
    text = demo.execute("defend dana 30 unarmed").text
    assert "armed attackers -10%" in text and "unarmed attackers -15%" in text
    request, _ = demo.aimed_request("vic", CheckRequest(option="attack:Pistol"), "dana")
    assert request.extra["target_defence"] == 10  # Vic's pistol against an unarmed block: 30 / 3
    request, _ = demo.aimed_request("vic", CheckRequest(option="attack:Punch"), "dana")
    assert request.extra["target_defence"] == 15  # a punch against it: 30 / 2


def test_the_unconscious_and_the_dying_make_no_attack(demo: Session) -> None:
    demo.execute("ko marcus")
    with pytest.raises(RulesError, match="unconscious: no attack"):
        demo.execute("check marcus attack:Rifle at guard-1")
    assert demo.execute("check marcus attr:STA").data["target"] == 70  # the STA test still rolls
    demo.execute("wake marcus")
    demo.execute("dmg marcus 14 left-leg")  # LP 10: dying
    with pytest.raises(RulesError, match="dying: no attack"):
        demo.execute("check marcus attack:Rifle at guard-1")


def test_a_called_shot_shows_its_d100_in_the_log(demo: Session) -> None:
    extra = {"called": "head", "called_cost": 25}
    demo.aimed_check("marcus", CheckRequest(option="attack:Rifle", extra=extra), "guard-1", dice=[30])
    text = demo.hit(dice=[57, 20, 3, 3]).text
    assert "called shot at the head: d100 57 over 10%, location d20 20" in text


def test_the_round_end_summary_has_no_empty_fragments(demo: Session) -> None:
    demo.execute("dmg vic 11 torso")  # critical, not stabilised: bleeding runs each round
    demo.execute("exert marcus 4")
    events = []
    for _ in range(2):
        start = demo.encounter.round
        while demo.encounter.round == start:
            events.append(demo.execute("next"))
    effects = [n["text"] for e in events for n in e.data.get("notices", []) if n["kind"] == "effect"]
    names = ("Marcus Hale", "Dana Reyes", "Yuki Sato", "Vic Carver", "Guard 1", "Guard 2")
    assert effects and all(t not in names and t.split(" ", 2)[-1].strip() for t in effects)
    assert not any(" ; " in e.text or "WHO" in e.text for e in events)
    assert any("Marcus Hale regains 1 EF" in t for t in effects)
    assert any("Vic Carver bleeding: 1 LP more in 98 round(s)" in t for t in effects)


def test_the_test_line_shows_the_chance_the_modifiers_change(demo: Session) -> None:
    demo.execute("dmg marcus 4 torso")  # 4 - 5 armour: nothing; use the leg
    demo.execute("dmg marcus 3 left-leg")  # LP 10: wounded
    event = demo.check("marcus", CheckRequest(option="attack:Rifle"), dice=[73])
    assert "chance 85 -10 wounded = 75%: [73] = 73 vs 75: success" in event.text


def test_a_skill_without_an_attribute_stays_in_the_options_marked(demo: Session) -> None:
    sheet = demo.resolve("dana").sheet
    data = demo.system.dump_sheet(sheet)
    data["skills"].append({"name": "Lockpicking", "level": 2})
    options = demo.system.check_options(demo.system.parse_sheet(data))
    mine = next(o for o in options if o.key == "skill:Lockpicking")
    assert mine.value is None and "needs an attribute" in mine.label


def test_hits_held_in_older_files_keep_their_piercing_flag(demo: Session) -> None:
    data = demo.system.dump_sheet(demo.resolve("dana").sheet)
    data["held"] = [{"location": "torso", "raw": 4, "source": "Vic", "piercing": True}]
    sheet = demo.system.parse_sheet(data)
    assert sheet.held[0].type == "piercing"
    assert "piercing" not in demo.system.dump_sheet(sheet)["held"][0]
