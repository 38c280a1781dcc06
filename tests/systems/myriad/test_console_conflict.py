"""Myriad conflicts run the way a GM runs them at the console: command lines through
`Session.execute` on a copy of the demo campaign, and a test through `Session.check`."""

from __future__ import annotations

import tomllib
from fractions import Fraction

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.events import EventKind
from gmconsole.store import Session
from gmconsole.systems.myriad import success_chance


def crossed(s: Session, who: str, line: str = "wounds") -> tuple[int, int]:
    row = s.resolve(who).sheet.line(line)
    return row.crossed, row.critical_crossed


def test_a_mortal_round_with_a_tie_a_ko_its_undo_and_the_next_round(demo: Session) -> None:
    run = demo.execute
    run("encounter Night raid")
    for line in ("add kesh", "add tamsin", "add grell", "add ogre raider"):
        run(line)
    # initiative 1d6 + Grace: Kesh 3+4 = 7, Tamsin 1+5 = 6, Grell 5+2 = 7, raider 2+1 = 3
    start = run("start 3 1 5 2")
    assert [r["total"] for r in start.data["initiative"]] == [7, 6, 7, 3]
    assert "Kesh Varro rolls 7 (3 + Grace 4); Tamsin Reed rolls 6 (1 + Grace 5)" in start.text
    enc = demo.encounter
    assert [s.actors for s in enc.steps] == [["kesh", "grell"], ["tamsin"], ["ogre-raider-1"]]
    assert demo.order.header(enc) == ["Mortal combat · 1d6 + Grace",
                                      "Same instant: KO/death after the step"]

    # Grell and Kesh act at the same instant: Grell's club lands, Kesh's blade drops Grell
    assert crossed(demo, "grell") == (2, 0) and crossed(demo, "kesh") == (2, 0)  # from the ford
    run("dmg kesh 3")
    ko = run("dmg grell 6")
    # ruling C2: KO and death apply after the whole simultaneous step, so Grell still acts
    assert ko.text == ("Grell the Red takes 6 boxes: 4 wounds + 2 critical "
                       "(wounds 0/6, critical 1/3 left): KO; Grell the Red is KO: out after this step")
    status = demo.system.status(demo.resolve("grell").sheet)
    assert (status.health, status.label) == ("down", "KO")
    assert [c.id for c in demo.encounter.acting] == ["kesh", "grell"]  # still in this step
    assert demo.resolve("grell").combatant.status == "active"

    # undo takes the KO back whole: boxes and the out mark, in one step
    undo = run("undo")
    assert undo.kind == EventKind.UNDO
    assert crossed(demo, "grell") == (2, 0) and demo.resolve("grell").combatant.status == "active"
    run("redo")
    assert crossed(demo, "grell") == (6, 2)

    # the step ends: the tie's KO and death apply now, and Grell is passed over from here on
    after = run("next")
    assert "Kesh Varro, Grell the Red acted at the same instant: apply KO and death now" in after.text
    assert "Grell the Red is out" in after.text
    assert demo.resolve("grell").combatant.status == "out"
    assert [c.name for c in demo.encounter.acting] == ["Tamsin Reed"]
    run("dmg ogre raider 1 2")
    run("next")
    run("dmg tamsin 1")
    # the round ends; only those still in roll: Kesh 6+4, Tamsin 2+5, raider 4+1
    round2 = run("next 6 2 4")
    assert demo.encounter.round == 2
    assert {r["who"]: r["total"] for r in round2.data["initiative"]} == {
        "kesh": 10, "tamsin": 7, "ogre-raider-1": 5}
    assert demo.resolve("grell").combatant.initiative == 7  # last round's roll, not re-rolled
    assert crossed(demo, "kesh") == (5, 0) and crossed(demo, "tamsin") == (1, 0)


def test_a_social_conflict_rolls_spirit_crosses_resolve_and_end_clears_it(demo: Session) -> None:
    run = demo.execute
    run("encounter Haggling with Hesk")
    run("add ilse")
    run("add hesk")  # Mother Hesk stands for herself: side "neutral"
    run("set conflict social")
    # initiative 1d6 + Spirit: Ilse 1+5 = 6, Hesk 3+4 = 7 (by Grace it would be 4 and 6)
    start = run("start 1 3")
    assert [r["total"] for r in start.data["initiative"]] == [6, 7]
    assert "Ilse Marrow rolls 6 (1 + Spirit 5); Mother Hesk rolls 7 (3 + Spirit 4)" in start.text
    assert demo.order.header(demo.encounter)[0] == "Social combat · 1d6 + Spirit"
    assert [c.name for c in demo.encounter.acting] == ["Mother Hesk"]
    run("dmg ilse 2 resolve")
    run("next")
    wounds_before = crossed(demo, "ilse")
    run("dmg hesk 3 resolve")
    beaten = run("dmg hesk 1 resolve")
    assert beaten.text.endswith(": conceded; Mother Hesk is out")
    assert demo.system.status(demo.resolve("hesk").sheet).detail == (
        "Resolve empty: out of this conflict")
    end = run("end")
    assert "Mother Hesk conflict over: 4 boxes of resolve cleared" in end.text
    assert "Ilse Marrow conflict over: 2 boxes of resolve cleared" in end.text
    assert crossed(demo, "hesk", "resolve") == (0, 0) and crossed(demo, "ilse", "resolve") == (0, 0)
    assert crossed(demo, "ilse") == wounds_before  # wounds never clear with the conflict
    assert demo.encounter is None


def test_a_check_with_a_six_burnt_for_an_sfx_logs_outcome_and_margin(demo: Session) -> None:
    request = CheckRequest(option="power/close_combat", opponent_total=9,
                           extra={"sfx": "power_strike", "tags": "attack unarmed"})
    odds = demo.odds("kesh", request)
    # Power Strike needs a win, so the burn never costs the test: the plain chance, exactly
    assert odds.success == success_chance(5, 4, 9)
    assert dict(odds.bars)["success + SFX"] < odds.success
    assert sum(dict(odds.bars).values()) == Fraction(1)

    event = demo.check("kesh", request, dice=[6, 3, 2, 6, 1])
    assert event.kind == EventKind.CHECK
    assert event.text == ("Kesh Varro: Power 5D + Close Combat vs opponent: [6 (3) (2) 6 (1)] "
                          "+4 Close Combat +1 six = 11 vs 9: wins, Power Strike fires on die 1 "
                          "(margin +2)")
    assert (event.data["outcome"], event.data["margin"]) == ("wins, Power Strike fires on die 1", 2)
    assert event.data["detail"]["burnt"] == {"power_strike": [1]}

    # the dice log on disk holds the same outcome and margin
    logged = []
    for path in sorted((demo.path / "log").glob("*.toml")):
        logged += tomllib.loads(path.read_text(encoding="utf-8"))["event"]
    mine = next(e for e in logged if e["id"] == event.id)
    assert mine["data"]["outcome"] == "wins, Power Strike fires on die 1"
    assert mine["data"]["margin"] == 2


def test_the_command_line_check_against_a_tn(demo: Session) -> None:
    event = demo.execute("check tamsin grace/acrobatics vs 9 +1")
    assert event.kind == EventKind.CHECK
    assert event.text.startswith("Tamsin Reed: Grace 5D + Acrobatics vs Very Hard: [")
    assert event.data["outcome"] in ("success", "failure")
    assert event.data["margin"] == event.data["total"] - 9
    request = CheckRequest(option="grace/acrobatics", difficulty=9, modifiers=1)
    assert demo.odds("tamsin", request).success == success_chance(5, 2, 9, 1)


def test_damage_defaults_to_resolve_in_a_social_conflict(demo: Session) -> None:
    demo.execute("encounter Parley")
    demo.execute("add ilse")
    demo.execute("set conflict social")
    event = demo.execute("dmg ilse 1")
    assert event.data["kind"] == "resolve"
    assert demo.resolve("ilse").sheet.line("resolve").crossed == 1
    demo.execute("set conflict mortal")
    assert demo.execute("dmg ilse 1").data["kind"] == "wounds"
