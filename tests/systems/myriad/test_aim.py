"""Myriad's attack-to-damage flow: an aimed attack is opposed by the target's own defence roll
(Grace and the same skill in a fight), and a hit rolls the weapon's dice against the armour."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from gmconsole.store import Session

DEMO = Path(__file__).resolve().parents[3] / "campaigns" / "myriad-demo"


def test_an_aimed_attack_rolls_the_defence_and_a_hit_rolls_damage_dice(tmp_path: Path) -> None:
    shutil.copytree(DEMO, tmp_path / "m")
    with Session.open(tmp_path / "m", rng=random.Random(4)) as s:
        before = s.resolve("grell").sheet.resilience["wounds"].crossed
        test = s.execute("check kesh power/close_combat at grell")
        assert "at Grell the Red: Grace 2D + Close Combat" in test.text  # the defence was rolled
        assert test.data["success"] and test.data["request"]["opponent_total"] == test.data["target"]
        hit = s.hit(dice=[6, 6, 1, 4])  # Long sword 4D against armour 3: three dice over it
        assert hit.data["amount"] == 3 and hit.data["damage_dice"] == [6, 6, 1, 4]
        assert hit.text.startswith("Kesh Varro hits (Long sword 4D [6 6 1 4] vs armour 3)")
        assert s.resolve("grell").sheet.resilience["wounds"].crossed == before + 3
