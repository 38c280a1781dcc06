"""Attacks at the table: `check WHO OPTION at TARGET`, then `hit`, on a copy of the demo.

The SFX burnt on the attack do what they say on the hit, the odds before an aimed test are the
exact pool-against-pool chance, `intellect/medic at PATIENT` takes the Medic TN, and a weapon
with a blank range is a melee weapon.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.systems.myriad.odds import total_distribution

from .conftest import DEMO


def attack(s: Session, who: str, option: str, target: str, dice: list[int], **extra) -> str:
    """An aimed test typed at the command line with its faces and switches."""
    switches = " ".join(k if v is True else f"{k}={v}" for k, v in extra.items())
    faces = ",".join(map(str, dice))
    return s.execute(f"check {who} {option} {switches} dice={faces} at {target}").text


def wounds(s: Session, who: str) -> tuple[int, int]:
    line = s.resolve(who).sheet.line("wounds")
    return line.crossed, line.critical_crossed


def test_hawkeye_turns_dice_into_automatic_wounds_on_the_hit(demo: Session) -> None:
    # Tamsin: Power 3 [6 6 3] + Ranged Combat 4, both sixes burnt for Hawkeye = 10; Grell's
    # Grace 2 + Ranged Combat 2 reaches 9 at most
    text = attack(demo, "tamsin", "power/ranged_combat", "grell", [6, 6, 3], sfx="hawkeye",
                  sixes=2)
    assert "Hawkeye x2 fires" in text
    hit = demo.execute("hit 2")  # bow 3D: two dice became automatic wounds, one die rolls a 2
    assert hit.text.startswith("Tamsin Reed hits (Bow 1D [2] vs armour 3 + 2 automatic)")
    assert wounds(demo, "grell") == (4, 0)  # 2 crossed at the ford + 2


def test_power_strike_adds_dice_and_artery_strike_starts_the_bleeding(demo: Session) -> None:
    # Kesh's Power Strike: unarmed 1D + 1 per six; his chain mail... Grell's armour is 3
    attack(demo, "kesh", "power/close_combat", "grell", [6, 6, 4, 2, 1], sfx="power_strike",
           sixes=2, weapon="unarmed")
    hit = demo.execute("hit 4 5 6")
    assert "unarmed 3D [4 5 6] vs armour 3 (+2D SFX)" in hit.text
    assert wounds(demo, "grell") == (5, 0)
    demo.undo()
    demo.undo()
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], sfx="artery_strike")
    bleed = demo.execute("hit 4 4 1 1")
    assert "Artery Strike: bleeding" in bleed.text and bleed.text.endswith("and bleeds")
    grell = demo.resolve("grell").sheet
    assert [e.kind.value for e in grell.effects] == ["bleeding"]


def test_hard_as_nails_and_the_head(hit_locations: Session) -> None:
    demo = hit_locations
    # Grell's Hard as Nails sixes (the nails switch) take dice off Kesh's long sword
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], nails=2)
    hit = demo.execute("hit 6 6 3 4")  # unaimed: the 2d6 [3 4] = 7 hit the torso
    assert ("Long sword 2D [6 6] vs armour 3 (-2D Hard as Nails; hit location 2d6 [3 4]; "
            "torso: " in hit.text)
    demo.undo()
    demo.undo()
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], aim="head")
    head = demo.execute("hit 4 4 1 1")  # 2 dice over armour 3, doubled after armour (C20)
    assert "head: " in head.text and wounds(demo, "grell") == (6, 0)


def test_witticism_adds_resolve_and_the_guide_may_add_dice(demo: Session) -> None:
    demo.execute("set conflict social")
    text = attack(demo, "ilse", "intellect/persuasion", "hesk", [6, 5, 3, 2, 1, 1],
                  sfx="witticism", room=True)
    assert "Witticism fires" in text
    hit = demo.execute("hit 1")
    assert "words 1D [1] vs armour 0 + 2 automatic" in hit.text
    assert demo.resolve("hesk").sheet.line("resolve").crossed == 3


def test_the_odds_of_an_aimed_attack_are_pool_against_pool(demo: Session) -> None:
    request, opposition = demo.aimed_request("kesh", CheckRequest(option="power/close_combat"),
                                             "grell")
    assert opposition is not None and opposition.note == "Grace/Close Combat"
    odds = demo.odds("kesh", request)
    assert odds is not None
    kesh = total_distribution(5, 4)
    grell = total_distribution(2, 3)
    exact = sum((pa * pd for a, pa in kesh.items() for d, pd in grell.items() if a >= d),
                Fraction(0))
    assert odds.success == exact and "against 2d6 + 3" in odds.note


def test_medic_at_a_patient_takes_the_medic_tn_not_a_social_attack(demo: Session) -> None:
    request, opposition = demo.aimed_request("ilse", CheckRequest(option="intellect/medic"),
                                             "kesh")
    assert opposition is not None and opposition.roll is None
    assert request.difficulty == 12 - 11  # Kesh: 7 wound boxes (2 crossed) + 6 critical
    event = demo.execute("check ilse intellect/medic at kesh")
    assert "Medic TN 1" in event.text and "Spirit" not in event.text
    with pytest.raises(RulesError, match="cannot work this damage out"):
        demo.execute("hit")


def test_intellect_skills_that_are_not_arguments_attack_nobody(demo: Session) -> None:
    _, opposition = demo.aimed_request("ilse", CheckRequest(option="intellect/history"), "kesh")
    assert opposition is None


@pytest.fixture
def blank_range(tmp_path: Path) -> Iterator[Session]:
    """The demo with Kesh's long sword's range left blank on the sheet."""
    copy = tmp_path / "myriad-demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns(".lock"))
    kesh = copy / "roster" / "kesh.toml"
    kesh.write_text(kesh.read_text().replace('range = "melee"', 'range = ""'))
    with Session.open(copy, rng=random.Random(11)) as session:
        yield session


def test_a_weapon_with_a_blank_range_is_a_melee_weapon(blank_range: Session) -> None:
    attack(blank_range, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1])
    hit = blank_range.execute("hit 4 4 4 4")
    assert "Long sword 4D [4 4 4 4]" in hit.text


def test_aura_of_terror_rolls_its_nerve_dice_beside_the_resolve(demo: Session) -> None:
    demo.execute("set conflict social")
    attack(demo, "ilse", "intellect/persuasion", "hesk", [6, 5, 1, 1, 1, 1],
           sfx="aura_of_terror", target_dice="1,1,1,1")
    hit = demo.execute("hit 1 5")
    assert "Aura of Terror 1D [5] vs fear armour 2: 1 Nerve" in hit.text
    assert hit.text.endswith("; takes 1 box on nerve (nerve 3/4, critical 2/2 left)")
    hesk = demo.resolve("hesk").sheet
    assert hesk.line("resolve").crossed == 1 and hesk.line("nerve").crossed == 1


def test_a_leg_hit_trips_and_slows_the_target(hit_locations: Session) -> None:
    demo = hit_locations
    attack(demo, "kesh", "power/close_combat", "grell", [6, 5, 4, 2, 1], aim="leg",
           target_dice="1,1")
    hit = demo.execute("hit 6 6 1 1")  # 2 wounds to the leg (aimed: -1 on the attack)
    assert hit.text.endswith("a leg: prone, 2 m of movement lost")
    grell = demo.resolve("grell").sheet
    assert grell.states == ["prone"] and grell.movement_lost == 2


@pytest.mark.parametrize("layer", ["shield", "hull"])
def test_ex42_a_shield_or_an_enclosing_hull_is_beaten_first(demo: Session, layer: str) -> None:
    # EX-42: 3D against a layer of 2 over worn armour 1: [1 3 5] -> 2 through, again [1 4]
    # -> 1 wound. A magic shield on the target, or the hull of the car it sits in (L1041)
    switches = {"hull": 2} if layer == "hull" else {}
    if layer == "shield":
        demo.execute("shield ilse 2")
    attack(demo, "tamsin", "power/ranged_combat", "ilse", [5, 4, 1], target_dice="1,1,1",
           **switches)
    hit = demo.execute("hit 1 3 5 1 4")
    assert f"Bow 3D [1 3 5] vs armour 1 ({layer} 2: 2 through, again [1 4]" in hit.text
    assert ("(the vehicle takes 2)" in hit.text) == (layer == "hull")
    assert wounds(demo, "ilse") == (1, 0)
