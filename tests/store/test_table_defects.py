"""Defects a GM tripped on at the table, each reproduced as it was reported (issue: the console at
a real table). Every test here failed before its fix."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gmconsole.cli import main
from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.store import Session, check_campaign
from gmconsole.store.commands import Command, CommandError, parse
from gmconsole.store.roster_ops import NothingChanged

DEMOS = Path(__file__).resolve().parents[2] / "campaigns"
NAMES = {"kaatok", "orc", "orc 2"}


def p(line: str) -> Command | None:
    return parse(line, lambda s: s.lower() in NAMES)


def test_a_statistic_the_system_does_not_have_is_reported_with_its_line(tmp_path: Path) -> None:
    """Myriad has four statistics; `luck = 3` on a sheet used to be kept and offered for tests."""
    camp = tmp_path / "m"
    shutil.copytree(DEMOS / "myriad-demo", camp)
    ilse = camp / "roster" / "ilse.toml"
    text = ilse.read_text(encoding="utf-8")
    ilse.write_text(text.replace("[sheet.stats]\n", "[sheet.stats]\nluck = 3\n"), encoding="utf-8")
    before = ilse.read_bytes()
    problems = check_campaign(camp)
    assert len(problems) == 1
    shown = str(problems[0])
    assert shown.startswith(f"{ilse.as_posix()}:")
    assert "no statistic 'luck'" in shown and "power, grace, intellect, spirit" in shown
    assert "Value error" not in shown
    assert ilse.read_bytes() == before


@pytest.mark.parametrize("target", ["/proc/nope/x", "README.md/x"])
def test_new_in_an_impossible_place_is_one_line(
    target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "README.md").write_text("not a folder\n")
    monkeypatch.chdir(tmp_path)
    assert main(["new", target, "--system", "torg"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("gmconsole: cannot create a campaign at") and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_mistyped_verb_is_not_a_dice_error() -> None:
    with pytest.raises(CommandError, match=r"unknown command 'dmage' \(did you mean dmg\?\)"):
        p("dmage kaatok 5")
    with pytest.raises(CommandError, match="unknown command 'frobnicate'"):
        p("frobnicate")
    assert p("d20+3") == Command("roll", {"expr": "d20+3"})


def test_a_mistyped_system_verb_is_suggested() -> None:
    with pytest.raises(CommandError, match="did you mean buyoff"):
        parse("buyof kaatok", lambda s: s in NAMES, more_verbs=["buyoff"])


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("cond kaatok stunned 2 sometimes", "only start, end or round may follow"),
        ("cond kaatok stunned two", "not a condition name"),
        ("cond kaatok stunned 0", "at least 1 round"),
    ],
)
def test_cond_refuses_typos_instead_of_folding_them_into_the_condition(line: str, why: str) -> None:
    with pytest.raises(CommandError, match=why):
        p(line)


def test_cond_still_reads_names_with_numbers_and_expiries() -> None:
    assert p("cond orc 2 prone") == Command(
        "cond", {"who": "orc 2", "name": "prone", "rounds": None, "expires": "end"}
    )
    assert p("cond orc 2 on fire 3 start") == Command(
        "cond", {"who": "orc 2", "name": "on fire", "rounds": 3, "expires": "start"}
    )


def test_session_suggests_the_verb_for_a_typo(tmp_path: Path) -> None:
    with Session.create(tmp_path / "c", name="C", system_id="generic") as s, pytest.raises(
        CommandError, match="did you mean dmg"
    ):
        s.execute("dmage ayla 5")


def test_saving_an_unchanged_sheet_logs_nothing_and_an_edit_says_what_changed(tmp_path: Path) -> None:
    camp = tmp_path / "t"
    shutil.copytree(DEMOS / "torg-demo", camp)
    with Session.open(camp) as s:
        quinn = s.roster["quinn"]
        before = len(s.log)
        with pytest.raises(NothingChanged, match="nothing changed"):
            s.save_character("quinn", quinn)
        assert len(s.log) == before
        sheet = dict(quinn.sheet)
        sheet["attributes"] = {**sheet["attributes"], "PER": sheet["attributes"]["PER"] + 1}
        event = s.save_character("quinn", quinn.model_copy(update={"sheet": sheet}))
        old = quinn.sheet["attributes"]["PER"]
        assert event.text == f"Quinn Reyes updated: PER {old} → {old + 1}"


def test_roll_table_finds_a_table_by_any_unambiguous_part_of_its_name(tmp_path: Path) -> None:
    camp = tmp_path / "m"
    shutil.copytree(DEMOS / "myriad-demo", camp)
    with Session.open(camp) as s:
        names = [t.name for t in s.tables]
        assert not [n for n in names if n.count("(2d6)") > 1]
        assert s.find_table("humanoid").name == "Hit location: humanoid"
        event = s.execute("roll table humanoid")
        assert event is not None and "humanoid" in event.text.lower()
        with pytest.raises(RulesError, match="ambiguous"):
            s.find_table("hit location")


def test_an_encounter_with_an_unknown_turn_order_is_reported_not_ignored(tmp_path: Path) -> None:
    camp = tmp_path / "t"
    shutil.copytree(DEMOS / "torg-demo", camp)
    enc = next((camp / "encounters").glob("*.toml"))
    text = enc.read_text(encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("order = "))
    enc.write_text(text.replace('order = "torg-drama"', 'order = "bogus"'), encoding="utf-8")
    problems = [str(p) for p in check_campaign(camp)]
    said = f"{enc.as_posix()}:{line}: order: 'bogus' is not this campaign's turn order ('torg-drama')"
    assert said in problems


def test_a_held_action_that_lapses_at_round_end_is_logged(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])  # Brak 16 acts first, then Ayla and the goblins
    fight.hold()  # Brak holds and never acts
    texts = [fight.next_turn().text for _ in range(4)]  # Ayla's turn, the goblins'; round 2 begins
    assert fight.encounter.round == 2
    assert "Brak's held action lapses" in texts[-1]


def test_a_dead_row_says_dead_once() -> None:
    from gmconsole.engine.encounter import Combatant
    from gmconsole.engine.tracks import StatusView
    from gmconsole.tui.widgets.initiative import badges

    orc = Combatant(id="o", name="Orc")
    assert badges(orc, StatusView("dead", "dead", "dead")) == "✝ dead"
    assert badges(orc, StatusView("dead", "dead", "bled out")) == "✝ dead (bled out)"


def test_quick_combatants_need_no_sheet_first(tmp_path: Path) -> None:
    with Session.create(tmp_path / "c", name="C", system_id="generic") as s:
        s.execute("encounter Brawl")
        s.execute("add 3 thug")
        s.execute("add thug hp 12 init 14")
        s.execute("add bandit chief pcs")
        s.execute("add ogre hp 30")
        s.execute("add ogre")
        fighters = {c.name: c for c in s.encounter.combatants}
        assert list(fighters) == ["Thug 1", "Thug 2", "Thug 3", "Thug 4", "Bandit chief", "Ogre", "Ogre 2"]
        assert fighters["Thug 4"].sheet == {"hp": 12, "hp_max": 12, "initiative": 14, "stats": {}}
        assert fighters["Bandit chief"].side == "pcs" and fighters["Thug 1"].side == "foes"
        assert not s.roster  # nothing was written to the roster
        s.undo()
        assert "Ogre 2" not in {c.name for c in s.encounter.combatants}
        with pytest.raises(RulesError, match="hp_max"):
            s.execute("add thug hp 0")


def test_numbers_after_a_roster_name_are_refused_with_the_reason(session: Session) -> None:
    session.new_encounter("Ambush")
    with pytest.raises(RulesError, match="has a sheet"):
        session.execute("add goblin hp 12")


def test_an_aimed_test_takes_the_targets_defence_and_a_hit_offers_its_damage(tmp_path: Path) -> None:
    with Session.create(tmp_path / "c", name="C", system_id="generic") as s:
        s.execute("encounter Brawl; add hero pcs hp 20 melee 5 damage 6; add thug hp 8 ac 12; start")
        typed = s.execute("check hero melee vs 5 at thug")  # a typed difficulty wins
        assert typed.data["target"] == 5
        test = s.aimed_check("hero", CheckRequest(option="melee"), "thug", dice=[10])
        assert test.data["against"] == "thug" and test.data["target"] == 12 and test.data["success"]
        assert "at Thug: ac 12" in test.text
        hit = s.execute("hit")
        assert hit.data["exchange"] == test.id and hit.data["amount"] == 6
        assert hit.text.startswith("Hero hits (damage 6): Thug")
        assert s.encounter.get("thug").sheet["hp"] == 2
        with pytest.raises(RulesError, match="already applied"):
            s.execute("hit")
        s.undo()
        assert s.encounter.get("thug").sheet["hp"] == 8
        s.aimed_check("hero", CheckRequest(option="melee"), "thug", dice=[1])
        with pytest.raises(RulesError, match="failed: no damage"):
            s.hit()


def test_new_with_a_bare_name_goes_to_the_users_data_folder(
    data_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "night-road", "--system", "generic"]) == 0
    assert (data_home / "night-road" / "campaign.toml").is_file()
    assert not (tmp_path / "night-road").exists()
    assert main(["new", "./here", "--system", "generic"]) == 0  # a path stays a path
    assert (tmp_path / "here" / "campaign.toml").is_file()
    assert str(data_home / "night-road") in capsys.readouterr().out


@pytest.mark.parametrize("line", ["add \x1b[31mred", "encounter evil\u202e", "cond ayla \x07bell"])
def test_control_characters_never_become_names(session: Session, line: str) -> None:
    session.new_encounter("Ambush")
    with pytest.raises(CommandError, match="control character"):
        session.execute(line)


def test_a_file_holding_an_escape_in_a_name_is_reported_not_loaded(tmp_path: Path) -> None:
    camp = tmp_path / "m"
    shutil.copytree(DEMOS / "myriad-demo", camp)
    kesh = camp / "roster" / "kesh.toml"
    kesh.write_text(kesh.read_text().replace('name = "Kesh Varro"', 'name = "Kesh\\u001b[2J"', 1))
    problems = [str(p) for p in check_campaign(camp)]
    assert any("kesh.toml" in p and "control characters" in p for p in problems), problems


def test_no_name_makes_a_file_outside_the_campaign_or_one_windows_refuses(session: Session) -> None:
    from gmconsole.engine.roster import Character

    for slug in ("../x", "/abs", "a/b", "con", "lpt1", "x\x00"):
        with pytest.raises(RulesError, match="not a usable file name"):
            session.save_character(slug, Character(name="X"))
    for name in ("../../evil", "/etc/passwd", "CON"):
        session.execute(f"encounter {name}")
    root = session.path.resolve()
    assert all(root in p.resolve().parents for p in root.rglob("*"))
    assert {p.stem for p in (root / "encounters").glob("*.toml")} == {"evil", "etc-passwd", "con-1"}


def test_declare_records_what_a_combatant_will_do_this_round(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])
    event = fight.execute("declare goblin 2 attack ayla")
    assert event.text == "Goblin 2 declares: attack ayla"
    assert fight.encounter.get("goblin-2").declared == "attack ayla"
    fight.undo()
    assert fight.encounter.get("goblin-2").declared == ""
