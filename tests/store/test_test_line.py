"""The test line takes everything the test dialog takes (switches as KEY=VALUE, typed dice for
both sides), `at TARGET` keeps its target, every number is bounded where it is read, a defence
test never discards the hit it answers, and no sheet is written that the loader would refuse."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session, check_campaign
from gmconsole.store.commands import CommandError, parse
from gmconsole.store.switches import bare_switches, read_switches
from gmconsole.systems.base import Opposition, RuleOption, SheetChange

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"
NAMES = {"tamsin", "grell", "edeinos 2", "quinn"}


def p(line: str) -> Any:
    command = parse(line, lambda s: s.lower() in NAMES)
    assert command is not None
    return command.args


def test_switches_and_typed_dice_anywhere_on_the_line() -> None:
    args = p("check tamsin power/ranged_combat sfx=hawkeye sixes=1 dice=6,6,3 at grell")
    assert args["option"] == "power/ranged_combat" and args["against"] == "grell"
    assert args["switches"] == {"sfx": "hawkeye", "sixes": "1"} and args["dice"] == [6, 6, 3]
    args = p("check quinn dice=15 fire_combat at edeinos 2 poss +2 vs 9 target_dice=4")
    assert args["against"] == "edeinos 2" and args["option"] == "fire_combat poss"
    assert (args["modifiers"], args["difficulty"], args["dice"], args["target_dice"]) == (2, 9, [15], [4])


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("check tamsin power dice=", "faces separated by commas"),
        ("check tamsin power dice=6,,3", "faces separated by commas"),
        ("check tamsin power dice=٣", "typed die"),
        ("check tamsin power dice=99999", "from 0 to 1000"),
        ("check tamsin power sfx=a sfx=b", "given twice"),
        ("check tamsin power +99999999", "a modifier"),
        ("check tamsin power vs 99999999999", "difficulty"),
        ("dmg tamsin 99999999999", "the amount"),
        ("dmg tamsin ٣", "give a number"),
        ("cond tamsin stunned 99999", "the rounds"),
        ("next 99999", "a typed die"),
    ],
)
def test_numbers_are_bounded_where_the_line_is_read(line: str, why: str) -> None:
    with pytest.raises(CommandError, match=why):
        parse(line, lambda s: s.lower() in NAMES)


def test_switch_values_are_read_against_the_switch() -> None:
    switches = [
        RuleOption("poss", "Spend a Possibility", default=False),
        RuleOption("sfx", "SFX", default="", choices=("", "hawkeye", "guns_akimbo")),
        RuleOption("sixes", "Sixes to burn", default=0, bounds=(0, 5)),
    ]
    assert read_switches(switches, {"POSS": "yes", "sfx": "Hawk", "sixes": "2"}) == {
        "poss": True,
        "sfx": "hawkeye",
        "sixes": 2,
    }
    assert read_switches(switches, {"sfx": "none"}) == {"sfx": ""}
    with pytest.raises(RulesError, match="from 0 to 5"):
        read_switches(switches, {"sixes": "9"})
    with pytest.raises(RulesError, match="yes or no"):
        read_switches(switches, {"poss": "maybe"})
    with pytest.raises(RulesError, match="not one of them"):
        read_switches(switches, {"sfx": "zap"})
    with pytest.raises(RulesError, match=r"no test switch 'up' \(switches: poss, sfx, sixes\)"):
        read_switches(switches, {"up": "1"})
    assert bare_switches(switches, "fire_combat poss") == ("fire_combat", {"poss": True})
    assert bare_switches(switches, "poss") == ("poss", {})


@pytest.fixture
def myriad(tmp_path: Path) -> Session:
    camp = tmp_path / "m"
    shutil.copytree(DEMOS / "myriad-demo", camp)
    return Session.open(camp)


def test_a_typed_test_line_reaches_the_system_as_the_dialog_would(myriad: Session) -> None:
    event = myriad.execute("check tamsin power/ranged_combat sfx=hawkeye dice=6,6,3 at grell")
    assert not isinstance(event, list) and event is not None
    extra = event.data["request"]["extra"]
    assert extra["sfx"] == "hawkeye" and event.data["against"] == "grell"
    assert [d["face"] for d in event.data["dice"]][:3] == [6, 6, 3]
    assert "at Grell" in event.text
    with pytest.raises(RulesError, match="no test switch 'zap'"):
        myriad.execute("check tamsin power/ranged_combat zap=1")
    flagged = myriad.execute("check tamsin power/ranged_combat initiator dice=1,1,1")
    assert not isinstance(flagged, list) and flagged is not None
    assert flagged.data["request"]["extra"]["initiator"] is True
    assert flagged.data["request"]["option"] == "power/ranged_combat"


def test_completion_offers_switch_keys_and_values(myriad: Session) -> None:
    after = myriad.completions("check tamsin power/ranged_combat ")
    assert "check tamsin power/ranged_combat sfx=" in after and "check tamsin power/ranged_combat at" in after
    values = myriad.completions("check tamsin power/ranged_combat sfx=h")
    assert values == ["check tamsin power/ranged_combat sfx=hawkeye"]


def test_no_sheet_is_written_that_the_loader_would_refuse(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever a system's own code returns, the store checks the sheet with the system's model
    before writing: a PC never vanishes at the next open."""
    system = session.system
    before = (session.path / "roster" / "ayla.toml").read_bytes()

    def broken(sheet: Any, amount: int, kind: str | None = None) -> SheetChange:
        return SheetChange(sheet=type(sheet).model_construct(**{**dict(sheet), "hp": -5}), text="takes it")

    monkeypatch.setattr(system, "apply_damage", broken)
    with pytest.raises(RulesError, match=r"ayla\.toml: sheet would not load again .*nothing was saved"):
        session.execute("dmg ayla 3")
    assert (session.path / "roster" / "ayla.toml").read_bytes() == before
    assert check_campaign(session.path) == []


def _armed(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    """The generic system, taught that a parry answers a hit against 10 + the attack's margin."""

    def answer(sheet: Any, option: str, attacker: Any, attack: Any, result: Any) -> Opposition | None:
        return Opposition(difficulty=10 + (result.margin or 0), note="parry") if option == "parry" else None

    monkeypatch.setattr(session.system, "answer", answer)
    session.execute(
        "encounter Duel; add hero pcs hp 20 melee 5 parry 2 ac 10 damage 6;"
        " add thug hp 9 melee 3 ac 12 damage 4"
    )
    session.execute("start")


def test_a_defence_answers_the_pending_hit_and_never_discards_it(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    _armed(session, monkeypatch)
    attack = session.execute("check thug melee dice=9 at hero")  # 9 + 3 = 12 against ac 10
    assert not isinstance(attack, list) and attack is not None and attack.data["success"]
    parry = session.execute("check hero parry dice=1 at thug")  # a failed parry
    assert not isinstance(parry, list) and parry is not None
    assert parry.data["answers"] == attack.id and parry.data["damage_ready"]
    hit = session.execute("hit")
    assert not isinstance(hit, list) and hit is not None and hit.data["exchange"] == attack.id


def test_a_successful_defence_stops_the_hit(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    _armed(session, monkeypatch)
    session.execute("check thug melee dice=9 at hero")
    parry = session.execute("check hero parry dice=20 at thug")
    assert not isinstance(parry, list) and parry is not None and parry.data["stopped"]
    assert not parry.data["damage_ready"]
    with pytest.raises(RulesError, match="was stopped"):
        session.execute("hit")
    session.undo()  # the parry taken back: the hit stands again
    hit = session.execute("hit")
    assert not isinstance(hit, list) and hit is not None


def test_h_is_offered_only_where_the_damage_can_be_worked_out(session: Session) -> None:
    session.execute("encounter Brawl; add hero pcs hp 20 melee 5 wits 4 damage 6; add thug hp 8 ac 12")
    session.execute("start")
    hit = session.execute("check hero melee dice=10 at thug")
    assert not isinstance(hit, list) and hit is not None and hit.data["damage_ready"]
    missed = session.execute("check hero melee dice=1 at thug")
    assert not isinstance(missed, list) and missed is not None and not missed.data.get("damage_ready")


def test_add_party_brings_every_pc_in_one_event(tmp_path: Path) -> None:
    camp = tmp_path / "s1"
    shutil.copytree(DEMOS / "system-one-demo", camp)
    with Session.open(camp) as s:
        s.execute("encounter Reactor")
        event = s.execute("add party")
        assert not isinstance(event, list) and event is not None
        pcs = {slug for slug, ch in s.roster.items() if ch.kind == "pc"}
        assert pcs and {c.ref for c in s.encounter.combatants} == pcs
        with pytest.raises(RulesError, match="in the encounter 'Reactor' already"):
            s.execute("add party")
        s.undo()
        assert not s.encounter.combatants  # one event, one undo
        with pytest.raises(RulesError, match="no roster character is on side 'crew'"):
            s.execute("add side crew")
        s.execute("add side pcs")
        assert {c.ref for c in s.encounter.combatants} >= pcs


def test_a_start_of_round_hook_sees_what_the_end_of_round_changed(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both round hooks run in one advance: the start hook read Ayla's saved sheet and, by
    storing it, took back the bleeding the end hook had just applied."""
    system = fight.system

    def bleed(sheet: Any, rng: Any = None, dice: Any = None, conditions: Any = (), scene: Any = None) -> Any:
        return SheetChange(sheet=sheet.model_copy(update={"hp": sheet.hp - 1}), text="bleeds 1")

    def ready(sheet: Any, scene: Any) -> Any:
        return SheetChange(sheet=sheet, text="is ready")

    monkeypatch.setattr(system, "end_of_round", bleed)
    monkeypatch.setattr(system, "start_of_round", ready)
    fight.execute("start")
    hp = fight.roster["ayla"].sheet["hp"]
    for _ in range(len(fight.encounter.steps)):
        fight.execute("next")
    assert fight.encounter.round == 2
    assert fight.roster["ayla"].sheet["hp"] == hp - 1


def test_a_systems_own_action_takes_typed_dice(tmp_path: Path) -> None:
    camp = tmp_path / "s1"
    shutil.copytree(DEMOS / "system-one-demo", camp)
    with Session.open(camp) as s:
        event = s.execute("strike vic 3 dice=14")
        assert not isinstance(event, list) and event is not None
        assert "(location d20 14)" in event.text
        with pytest.raises(RulesError, match="typed die"):
            s.execute("strike vic 3 dice=٣")


def test_a_failed_test_aimed_back_at_the_attacker_leaves_the_blow_pending(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Torg: a blow, then a dodge aimed back at the attacker that answers nothing and fails,
    then a failed parry: H said 'dodge failed: no damage to apply'."""
    _armed(session, monkeypatch)
    blow = session.execute("check thug melee dice=9 at hero")
    session.execute("check hero melee dice=1 at thug")  # no answer: an ordinary aimed test, failed
    session.execute("check hero parry dice=1 at thug")  # the answer, failed
    hit = session.execute("hit")
    assert not isinstance(hit, list) and hit is not None and not isinstance(blow, list) and blow is not None
    assert hit.data["exchange"] == blow.id


def _duel(session: Session) -> None:
    session.execute("encounter Duel; add hero pcs hp 20 melee 5 agility 2 ac 10 damage 6")
    session.execute("add thug hp 9 melee 3 agility 1 ac 12 damage 4; start")


def test_damage_sees_the_campaigns_options_and_a_hit_can_deal_more_than_one_harm(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmconsole.systems.base import DamageOffer

    _duel(session)
    system = session.system
    seen: list[Any] = []
    real = system.apply_damage_in

    def spy(sheet: Any, amount: int, kind: Any, scene: Any) -> Any:
        seen.append((amount, scene.options == session.options))
        return real(sheet, amount, kind, scene)

    monkeypatch.setattr(system, "apply_damage_in", spy)
    offer = DamageOffer(2, also=((3, "damage"),), at_once=True)
    monkeypatch.setattr(system, "damage_offer", lambda *a, **k: offer)
    monkeypatch.setattr(system, "hold_damage", lambda *a, **k: pytest.fail("an at_once hit is not held"))
    session.execute("check hero melee dice=20 at thug")
    event = session.execute("hit")
    assert not isinstance(event, list) and event is not None
    assert session.encounter.get("thug").sheet["hp"] == 9 - 5 and seen == [(2, True), (3, True)]
    session.undo()
    assert session.encounter.get("thug").sheet["hp"] == 9  # one event, one undo


def test_the_defence_roll_reaches_damage_offer(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    from gmconsole.engine.checks import CheckRequest
    from gmconsole.systems.base import DamageOffer

    _duel(session)
    system = session.system
    asked: list[Any] = []
    monkeypatch.setattr(system, "oppose", lambda *a: Opposition(roll=CheckRequest("agility")))

    def offer(sheet: Any, request: Any, result: Any, target: Any, rng: Any, dice: Any = None) -> Any:
        asked.append(request.extra.get("defence"))
        return DamageOffer(1)

    monkeypatch.setattr(system, "damage_offer", offer)
    session.execute("check hero melee dice=20 target_dice=3 at thug")
    session.execute("hit")
    defence = asked[-1]
    assert defence["faces"] == [3] and defence["total"] == 3 + 1  # the thug's agility 1


def test_an_action_between_two_characters_changes_both_in_one_event(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmconsole.systems.base import SheetAction

    system = session.system
    monkeypatch.setattr(type(system), "sheet_actions", (SheetAction("give", "Give", "OTHER N", other=True),))

    def perform(sheet: Any, action: str, args: Any, scene: Any) -> Any:
        n = int(args[0])
        mine = sheet.model_copy(update={"hp": sheet.hp - n})
        theirs = scene.other.model_copy(update={"hp": scene.other.hp - n})
        return SheetChange(mine, f"gives {n}", other=theirs)

    monkeypatch.setattr(system, "perform", perform)
    event = session.execute("give ayla brak 2")
    assert not isinstance(event, list) and event is not None and event.data["other"] == "brak"
    assert event.text.startswith("Ayla gives 2 (→ Brak)")
    assert session.roster["ayla"].sheet["hp"] == 10 and session.roster["brak"].sheet["hp"] == 7
    session.undo()
    assert session.roster["ayla"].sheet["hp"] == 12 and session.roster["brak"].sheet["hp"] == 9
    with pytest.raises(RulesError, match="name the other character"):
        session.execute("give ayla nobody 2")
