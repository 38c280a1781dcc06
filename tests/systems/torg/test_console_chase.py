"""The chase tracker at the command line on the demo: start, rolls, resolution, header, persistence,
undo, end-of-round fatigue, refusals that change nothing."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session


def chase(s: Session) -> dict:
    return s.encounter.state["chase"]


def start(s: Session) -> None:
    s.execute("chase kaatok flee escape 300")
    s.execute("chase edeinos 1 pursue gap 30")
    s.execute("chase edeinos 2 pursue running gap 40")


def test_a_round_of_chase_from_start_to_resolution(demo: Session) -> None:
    start(demo)
    assert [r["id"] for r in chase(demo)["runners"]] == ["kaatok", "edeinos-1", "edeinos-2"]
    assert chase(demo)["runners"][0]["speed"] == 10  # running 11 capped at the human limit 10
    demo.execute("chase kaatok roll dice 15")
    demo.execute("chase edeinos 1 total 12")
    event = demo.execute("chase edeinos 2 roll dice 8")
    # Kaa-Tok bonus +2 -> speed 11 (150 m); Edeinos 1 bonus +1 -> 11 (150 m); Edeinos 2 -2 -> 10 (100 m)
    assert "Edeinos 1 -> Kaa-Tok: Kaa-Tok wins, gap 30 m -> 80 m" in event.text
    assert "Edeinos 2 -> Kaa-Tok: Kaa-Tok wins, gap 40 m -> 90 m" in event.text
    gaps = [r.get("gap") for r in chase(demo)["runners"]]
    assert gaps == [None, 80.0, 90.0] and chase(demo)["round"] == 2
    header = demo.order.header(demo.encounter)
    assert "Chase r2: Kaa-Tok flees" in header and " Edeinos 1 80 m" in header
    assert all(len(line) <= 38 for line in header)
    demo.execute("undo")
    assert [r.get("gap") for r in chase(demo)["runners"]] == [None, 30.0, 40.0]
    assert chase(demo)["runners"][2].get("total") is None


def test_the_chase_is_saved_in_the_encounter_file(demo: Session) -> None:
    start(demo)
    demo.execute("chase kaatok roll dice 15")
    path, slug = demo.path, next(k for k, v in demo.encounters.items() if v is demo.encounter)
    assert "[state.chase]" in (path / "encounters" / f"{slug}.toml").read_text()
    demo.close()
    with Session.open(path) as again:
        runners = again.encounter.state["chase"]["runners"]
        assert runners[0]["total"] == 13 and runners[1]["gap"] == 30.0


def test_push_fatigue_is_shock_at_the_end_of_the_encounter_round(demo: Session) -> None:
    start(demo)
    shock = demo.resolve("kaatok").sheet.damage.shock
    demo.execute("chase kaatok roll dice 15")  # bonus +2: speed +1 with 3 fatigue
    demo.execute("chase edeinos 1 total 12")
    demo.execute("chase edeinos 2 roll dice 8")
    assert chase(demo)["runners"][0]["fatigue_due"] == 3
    round_now = demo.encounter.round
    events = []
    while demo.encounter.round == round_now:
        events.append(demo.execute("next"))
    assert demo.resolve("kaatok").sheet.damage.shock == shock + 3
    assert "fatigue_due" not in chase(demo)["runners"][0] or chase(demo)["runners"][0]["fatigue_due"] == 0
    assert any("chase fatigue: 3 shock" in e.text for e in events)


def test_a_possibility_gives_the_chase_roll_another_die(demo: Session) -> None:
    start(demo)
    before = demo.resolve("kaatok").sheet.possibilities.count
    event = demo.execute("chase kaatok roll poss dice 4 3")  # 4, then a Possibility 3 counts 10: 14
    assert "running 11: [4 3] bonus +1 (die roll 14) = 12, a Possibility spent" in event.text
    assert demo.resolve("kaatok").sheet.possibilities.count == before - 1


def test_refusals_name_the_problem_and_change_nothing(demo: Session) -> None:
    with pytest.raises(RulesError, match="no chase on"):
        demo.execute("chase kaatok roll")
    start(demo)
    state = repr(demo.encounter.state)
    for line, match in [
        ("chase kaatok flee", "already on"),
        ("chase quinn pursue", "gap M"),
        ("chase quinn pursue land vehicles gap 10", "speed value"),
        ("chase tolwyn roll", "not in the chase"),
        ("chase edeinos 1 pursue gap 5", "already in the chase"),
        ("chase kaatok roll dice 15 2", "not used"),
        ("chase kaatok fly", "unknown chase word"),
    ]:
        with pytest.raises(RulesError, match=match):
            demo.execute(line)
        assert repr(demo.encounter.state) == state
    demo.execute("chase kaatok roll dice 15")
    with pytest.raises(RulesError, match="already has a total"):
        demo.execute("chase kaatok total 3")


def test_leaving_and_ending(demo: Session) -> None:
    start(demo)
    demo.execute("chase edeinos 2 leave")
    assert len(chase(demo)["runners"]) == 2
    demo.execute("chase edeinos 1 gap 15")
    assert chase(demo)["runners"][1]["gap"] == 15.0
    demo.execute("chase kaatok leave")
    assert "chase" not in demo.encounter.state
    start(demo)
    demo.execute("chase tolwyn end")
    assert "chase" not in demo.encounter.state
    demo.execute("undo")
    assert "chase" in demo.encounter.state
