"""Session intents: what each changes in memory and on disk, and that refusals change nothing."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import RulesError
from gmconsole.engine.events import Event, EventKind
from gmconsole.engine.roster import Character
from gmconsole.store import Session
from gmconsole.systems.base import SheetChange
from tests.store.conftest import file_snapshot, sheet


def read(root: Path, rel: str) -> dict:
    return tomllib.loads((root / rel).read_text(encoding="utf-8"))


def test_create_writes_a_campaign_folder(session: Session) -> None:
    root = session.path
    for folder in ("roster", "encounters", "tables", "log", "notes"):
        assert (root / folder).is_dir()
    assert read(root, "campaign.toml") == {
        "schema_version": 1,
        "name": "Test",
        "system": "generic",
    }  # empty [options] and [clock] are defaults, left out of the file
    assert ".lock" in (root / ".gitignore").read_text()
    assert list(session.roster) == ["ayla", "brak", "goblin"]
    assert read(root, "roster/ayla.toml")["sheet"]["hp"] == 12


def test_save_character_validates_the_sheet_first(session: Session) -> None:
    before = file_snapshot(session.path)
    bad = Character(name="Cid", sheet={"hp": 20, "hp_max": 10})
    with pytest.raises(RulesError, match=r"hp \(20\) exceeds hp_max"):
        session.save_character("cid", bad)
    with pytest.raises(RulesError, match=r"not a usable file name"):
        session.save_character("Cid Smith", Character(name="Cid"))
    assert file_snapshot(session.path) == before
    assert "cid" not in session.roster


def test_add_combatants_spawns_templates_and_refs_characters(fight: Session) -> None:
    enc = fight.encounter
    assert enc is not None
    assert [c.name for c in enc.combatants] == ["Ayla", "Brak", "Goblin 1", "Goblin 2", "Goblin 3"]
    ayla, g1 = enc.get("ayla"), enc.get("goblin-1")
    assert ayla.ref == "ayla" and ayla.sheet is None and ayla.side == "pcs"
    assert g1.template == "goblin" and g1.sheet == sheet(5, initiative=2) | {"stats": {}}
    assert g1.side == "foes"
    fight.add_combatant("goblin", side="pcs")
    assert fight.encounter.combatants[-1].name == "Goblin 4"
    assert fight.encounter.combatants[-1].side == "pcs"
    with pytest.raises(RulesError, match=r"already in the encounter"):
        fight.add_combatant("ayla")
    with pytest.raises(RulesError, match=r"one character"):
        fight.add_combatant("brak", 2)
    with pytest.raises(RulesError, match=r"1 to 50"):
        fight.add_combatant("goblin", 500)
    saved = read(fight.path, "encounters/ambush.toml")
    assert [c["id"] for c in saved["combatants"]] == [
        "ayla",
        "brak",
        "goblin-1",
        "goblin-2",
        "goblin-3",
        "goblin-4",
    ]


def test_start_with_typed_dice_orders_and_logs_initiative(fight: Session) -> None:
    event = fight.start_encounter(dice=[10, 15, 5, 4, 3])
    enc = fight.encounter
    assert enc.round == 1
    assert [s.actors for s in enc.steps] == [["brak"], ["ayla"], ["goblin-1"], ["goblin-2"], ["goblin-3"]]
    assert [r["total"] for r in event.data["initiative"]] == [13, 16, 7, 6, 5]
    assert event.kind is EventKind.TURN
    assert read(fight.path, "encounters/ambush.toml")["round"] == 1


def test_unused_typed_dice_are_refused_and_nothing_changes(fight: Session) -> None:
    before = file_snapshot(fight.path)
    with pytest.raises(RulesError, match=r"typed dice were not needed"):
        fight.start_encounter(dice=[10, 15, 5, 4, 3, 9])
    with pytest.raises(RulesError, match=r"impossible on a d20"):
        fight.start_encounter(dice=[25, 1, 1, 1, 1])
    assert fight.encounter.round == 0
    assert file_snapshot(fight.path) == before


def test_damage_until_a_combatant_drops_then_undo_and_redo(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])
    fight.damage("goblin 1", 3)
    after_first = file_snapshot(fight.path)
    event = fight.damage("goblin 1", 4)
    g1 = fight.encounter.get("goblin-1")
    assert g1.sheet["hp"] == 0 and g1.status == "out"
    assert "drops" in event.text and "is out" in event.text
    assert event.data["status"] == "down"
    assert [c.path for c in event.changes] == ["encounters/ambush"]
    saved = read(fight.path, "encounters/ambush.toml")["combatants"][2]
    assert saved["sheet"]["hp"] == 0 and saved["status"] == "out"

    undo = fight.undo()
    assert undo.kind is EventKind.UNDO and undo.undoes == event.id
    g1 = fight.encounter.get("goblin-1")
    assert g1.sheet["hp"] == 2 and g1.status == "active"
    entity_files = {k: v for k, v in file_snapshot(fight.path).items() if not k.startswith("log/")}
    assert entity_files == {k: v for k, v in after_first.items() if not k.startswith("log/")}
    reopened = Session.open(fight.path, read_only=True)
    assert reopened.encounter.get("goblin-1").sheet["hp"] == 2

    redo = fight.redo()
    assert redo.kind is EventKind.REDO
    assert fight.encounter.get("goblin-1").status == "out"
    assert read(fight.path, "encounters/ambush.toml")["combatants"][2]["status"] == "out"
    kinds = [e.kind for e in Session.open(fight.path, read_only=True).log[-3:]]
    assert kinds == [EventKind.DAMAGE, EventKind.UNDO, EventKind.REDO]


def test_undo_a_new_character_deletes_its_file(session: Session) -> None:
    session.save_character("cid", Character(name="Cid", sheet=sheet(4)))
    assert (session.path / "roster/cid.toml").exists()
    session.undo()
    assert not (session.path / "roster/cid.toml").exists()
    assert "cid" not in session.roster
    session.redo()
    assert session.roster["cid"].name == "Cid"


def test_a_new_change_clears_redo_and_empty_history_refuses(session: Session) -> None:
    with pytest.raises(RulesError, match=r"nothing to redo"):
        session.redo()
    session.damage("ayla", 2)
    session.undo()
    session.damage("brak", 1)
    with pytest.raises(RulesError, match=r"nothing to redo"):
        session.redo()


def test_damage_to_a_referenced_pc_lands_in_the_roster_file(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])
    event = fight.damage("ayla", 5)
    assert [c.path for c in event.changes] == ["roster/ayla"]
    assert read(fight.path, "roster/ayla.toml")["sheet"]["hp"] == 7
    assert fight.resolve("ayla").sheet.hp == 7
    event = fight.heal("Ayla", 2)
    assert read(fight.path, "roster/ayla.toml")["sheet"]["hp"] == 9
    assert event.kind is EventKind.HEAL


def test_heal_brings_a_dropped_combatant_back_in(fight: Session) -> None:
    fight.damage("goblin 2", 5)
    assert fight.encounter.get("goblin-2").status == "out"
    event = fight.heal("goblin 2", 1)
    assert fight.encounter.get("goblin-2").status == "active"
    assert "back in" in event.text


def test_refused_damage_changes_nothing(fight: Session) -> None:
    before = file_snapshot(fight.path)
    memory = fight.encounter.model_dump()
    with pytest.raises(RulesError, match=r"nobody called"):
        fight.damage("zed", 3)
    with pytest.raises(RulesError, match=r"0 or more"):
        fight.damage("goblin 1", -3)
    with pytest.raises(RulesError, match=r"no damage kind"):
        fight.damage("goblin 1", 3, "fire")
    with pytest.raises(RulesError, match=r"ambiguous"):
        fight.damage("goblin", 3)
    assert file_snapshot(fight.path) == before
    assert fight.encounter.model_dump() == memory


def test_conditions_tick_and_expire(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])  # Brak, Ayla, G1, G2, G3
    fight.add_condition("ayla", "prone", rounds=1)
    assert fight.encounter.get("ayla").conditions[0].name == "prone"
    fight.next_turn()  # Ayla acts
    event = fight.next_turn()  # Ayla's turn ends: prone wears off
    assert "prone wears off Ayla" in event.text
    assert fight.encounter.get("ayla").conditions == []
    fight.add_condition("goblin 3", "stunned", expires="round", on=None)
    fight.remove_condition("goblin 3", "STUNNED")
    with pytest.raises(RulesError, match=r"no condition"):
        fight.remove_condition("goblin 3", "stunned")
    fight.save_character("cid", Character(name="Cid", sheet=sheet(4)))
    with pytest.raises(RulesError, match=r"Cid is not in the encounter"):
        fight.add_condition("cid", "prone")


def test_end_of_round_effects_apply_to_everyone_and_out_steps_are_skipped(
    fight: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = fight.system

    def bleed(s, **_kw):  # 1 HP a round, the way a bleeding rule would
        change = system.apply_damage(s, 1)
        return SheetChange(change.sheet, "bleeds 1", harmed=True)

    monkeypatch.setattr(system, "end_of_round", bleed)
    fight.damage("goblin 1", 4)  # 1 HP left: the bleed drops it at the round's end
    fight.start_encounter(dice=[10, 15, 5, 4, 3])
    for _ in range(4):
        fight.next_turn()
    event = fight.next_turn(dice=[1, 15, 1, 5])  # round 2: four dice, G1 is already out
    enc = fight.encounter
    assert enc.round == 2
    assert "Goblin 1 bleeds 1" in event.text
    assert enc.get("goblin-1").status == "out" and enc.get("goblin-1").sheet["hp"] == 0
    assert enc.get("goblin-3").sheet["hp"] == 4
    assert fight.roster["ayla"].sheet["hp"] == 11
    assert all("goblin-1" not in s.actors for s in enc.steps)  # dropped before round 2 was planned
    assert enc.acting[0].id == "brak"


def test_hold_ready_act_now_delay(fight: Session) -> None:
    fight.start_encounter(dice=[10, 15, 5, 4, 3])  # Brak, Ayla, G1, G2, G3
    fight.hold()
    assert fight.encounter.get("brak").status == "held"
    assert fight.encounter.acting[0].id == "ayla"
    fight.act_now("brak")
    assert fight.encounter.acting[0].id == "brak"
    fight.next_turn()
    fight.ready("ayla", "the door opens")
    assert fight.encounter.get("ayla").trigger == "the door opens"
    fight.delay("goblin 1", "goblin 3")
    assert [s.actors[0] for s in fight.encounter.upcoming()][-1] == "goblin-1"
    with pytest.raises(RulesError, match=r"order is fixed"):
        fight.choose_next("goblin 2")
    fight.prev_turn()
    assert fight.encounter.acting[0].id == "brak"


def test_remove_and_out(fight: Session) -> None:
    fight.set_out("goblin 2")
    assert fight.encounter.get("goblin-2").status == "out"
    fight.set_out("goblin 2", out=False)
    fight.remove_combatant("goblin 3")
    assert "goblin-3" not in [c.id for c in fight.encounter.combatants]


def test_encounters_new_switch_end(fight: Session) -> None:
    with pytest.raises(RulesError, match=r"already exists"):
        fight.new_encounter("ambush")
    fight.new_encounter("Bridge Fight")
    assert fight.campaign.encounter == "bridge-fight"
    assert "encounter" not in read(fight.path, "campaign.toml")  # which fight is on: in its own file
    assert read(fight.path, "encounters/bridge-fight.toml")["state"]["active"] is True
    fight.switch_encounter("amb")
    assert fight.encounter.name == "Ambush"
    fight.end_encounter()
    assert fight.encounter is None and fight.order is None
    assert "encounter" not in read(fight.path, "campaign.toml")
    with pytest.raises(RulesError, match=r"no active encounter"):
        fight.next_turn()


def test_duplicate_and_delete_characters(fight: Session) -> None:
    fight.duplicate_character("brak", "Brak the Younger")
    assert fight.roster["brak-the-younger"].sheet == fight.roster["brak"].sheet
    fight.duplicate_character("goblin")
    assert fight.roster["goblin-copy"].name == "Goblin (copy)"
    with pytest.raises(RulesError, match=r"in encounter"):
        fight.delete_character("brak")
    fight.delete_character("brak the younger")
    assert not (fight.path / "roster/brak-the-younger.toml").exists()


def test_renaming_a_character_renames_its_combatants(fight: Session) -> None:
    ayla = fight.roster["ayla"].model_copy(update={"name": "Ayla Swift"})
    event = fight.save_character("ayla", ayla)
    assert fight.encounter.get("ayla").name == "Ayla Swift"
    assert {c.path for c in event.changes} == {"roster/ayla", "encounters/ambush"}


def test_roll_logs_the_dice_result(session: Session) -> None:
    event = session.roll("2d6+1", dice=[3, 4], label="trap")
    assert event.text == "trap: 2d6 (3, 4) + 1 = 8"
    assert event.data["result"]["total"] == 8
    assert not event.changes
    with pytest.raises(RulesError):
        session.roll("2d")
    logged = Session.open(session.path, read_only=True).log
    assert logged[-1].id == event.id and logged[-1].data == event.data


def test_check_and_odds(session: Session) -> None:
    req = CheckRequest(option="agility", difficulty=15, modifiers=1)
    assert session.odds("ayla", req).success == pytest.approx(0.45)
    event = session.check("ayla", req, dice=[12])
    assert event.data["total"] == 15 and event.data["success"] is True
    assert event.who == "ayla" and event.kind is EventKind.CHECK
    with pytest.raises(RulesError, match=r"no stat"):
        session.check("ayla", CheckRequest(option="charm"))


def test_tables_roll_and_search(session: Session) -> None:
    (session.path / "tables/omens.toml").write_text(
        'schema_version = 1\n\n[[table]]\nname = "Omens"\nkind = "random"\n'
        'rows = ["A black cat", "A comet", "Silence"]\n',
        encoding="utf-8",
    )
    s = Session.open(session.path, read_only=False)
    try:
        assert s.read_only  # the fixture's session still holds the lock
        assert [t.name for t in s.find_tables("comet")] == ["Omens"]
    finally:
        s.close()
    session.close()
    s = Session.open(session.path)
    try:
        event = s.roll_table("omen", dice=[2])
        assert event.text.endswith("A comet")
        assert event.data["result"]["total"] == 2
        with pytest.raises(RulesError, match=r"no table"):
            s.roll_table("weather")
    finally:
        s.close()


def test_read_only_refuses_every_intent(fight: Session) -> None:
    before = file_snapshot(fight.path)
    ro = Session.open(fight.path)
    assert ro.read_only and ro.lock_holder and "pid" in ro.lock_holder
    attempts = [
        lambda: ro.roll("1d6"),
        lambda: ro.damage("ayla", 1),
        lambda: ro.heal("ayla", 1),
        lambda: ro.start_encounter(),
        lambda: ro.next_turn(),
        lambda: ro.add_condition("ayla", "prone"),
        lambda: ro.add_combatant("goblin"),
        lambda: ro.new_encounter("x"),
        lambda: ro.save_character("x", Character(name="X")),
        lambda: ro.delete_character("brak"),
        lambda: ro.undo(),
        lambda: ro.execute("dmg ayla 1"),
        lambda: ro.check("ayla", CheckRequest(option="none")),
    ]
    for attempt in attempts:
        with pytest.raises(RulesError, match=r"read-only: pid"):
            attempt()
    assert file_snapshot(fight.path) == before
    ro.close()
    assert (fight.path / ".lock").exists()  # the read-only session never owned it


def test_log_is_append_only_and_reloads(fight: Session) -> None:
    logs = sorted((fight.path / "log").glob("*.toml"))
    assert len(logs) == 1
    before = logs[0].read_bytes()
    fight.start_encounter(dice=[10, 15, 5, 4, 3])
    fight.damage("goblin 1", 2)
    after = logs[0].read_bytes()
    assert after.startswith(before) and len(after) > len(before)
    again = Session.open(fight.path, read_only=True)
    assert [e.id for e in again.log] == [e.id for e in fight.log]
    assert again.log[-1].changes == fight.log[-1].compact().changes  # the log keeps changed leaves
    assert again.log[-2].data == fight.log[-2].data  # nested initiative dicts survive


def test_undo_a_new_encounter_restores_the_campaign(session: Session) -> None:
    session.new_encounter("Ambush")
    session.undo()
    assert session.encounter is None and "ambush" not in session.encounters
    assert not (session.path / "encounters/ambush.toml").exists()
    assert "encounter" not in read(session.path, "campaign.toml")


def test_reload_picks_up_a_fixed_file_and_a_released_lock(session: Session) -> None:
    root = session.path
    (root / "roster/cid.toml").write_text('schema_version = 1\nname = "Cid"\nkind = \n', encoding="utf-8")
    viewer = Session.open(root)
    assert viewer.read_only and "roster/cid.toml:3" in str(viewer.problems[0])
    (root / "roster/cid.toml").write_text(
        'schema_version = 1\nname = "Cid"\nkind = "npc"\n', encoding="utf-8"
    )
    viewer.reload()
    assert viewer.read_only and viewer.problems == [] and "cid" in viewer.roster
    session.close()
    viewer.reload()
    assert not viewer.read_only and viewer.lock_holder is None
    viewer.damage("ayla", 1)
    viewer.close()
    assert not (root / ".lock").exists()


def test_a_dropped_session_frees_its_lock(tmp_path: Path) -> None:
    import gc

    s = Session.create(tmp_path / "c", name="C", system_id="generic")
    assert (tmp_path / "c" / ".lock").exists()
    del s
    gc.collect()
    assert not (tmp_path / "c" / ".lock").exists()


def test_table_completions(session: Session) -> None:
    (session.path / "tables/omens.toml").write_text(
        'schema_version = 1\n\n[[table]]\nname = "Omens"\nkind = "random"\nrows = ["A", "B"]\n',
        encoding="utf-8",
    )
    session.reload()
    assert session.completions("roll table om") == ["roll table Omens"]
    assert session.execute("roll table omens").data["table"] == "Omens"


def test_set_encounter_option_is_validated_by_the_system(fight: Session) -> None:
    # the generic system declares no per-encounter settings: refused by name, nothing changes
    before = fight.encounter.model_dump()
    with pytest.raises(RulesError, match="no encounter setting 'conflict'"):
        fight.execute("set conflict social")
    assert fight.encounter.model_dump() == before


def test_end_of_round_hook_receives_the_rng_and_condition_names(fight: Session, monkeypatch) -> None:
    seen: list[tuple[object, tuple[str, ...]]] = []

    def record(sheet, rng=None, dice=None, conditions=(), scene=None):
        seen.append((rng, tuple(conditions)))
        return None

    monkeypatch.setattr(fight.system, "end_of_round", record)
    first = fight.encounter.combatants[0]
    fight.add_condition(first.name, "bleeding")
    fight.start_encounter()
    for _ in range(len(fight.encounter.steps)):
        fight.next_turn()
    assert seen, "end_of_round was never called"
    assert all(rng is fight.rng for rng, _ in seen)
    assert ("bleeding",) in [c for _, c in seen]


def test_system_hooks_change_sheets_and_encounter_state_in_one_undoable_event(
    fight: Session, monkeypatch
) -> None:
    """start_of_round, after_check and perform (the contract's scene hooks) save what they change
    with the event that caused it; undo takes it all back."""
    from gmconsole.systems.base import SheetAction

    system = fight.system

    def start_of_round(sheet, scene):
        scene.encounter.state["card"] = f"round {scene.encounter.round}"
        return SheetChange(sheet.model_copy(update={"hp": sheet.hp - 1}), "is tired (-1 HP)")

    def after_check(sheet, request, result, scene):
        return SheetChange(sheet.model_copy(update={"initiative": sheet.initiative + 1}), "gets keen")

    def perform(sheet, action, args, scene):
        amount = int(args[0]) if args else 1
        return SheetChange(sheet.model_copy(update={"hp": min(sheet.hp_max, sheet.hp + amount)}), "rests")

    monkeypatch.setattr(system, "start_of_round", start_of_round)
    monkeypatch.setattr(system, "after_check", after_check)
    monkeypatch.setattr(system, "perform", perform)
    monkeypatch.setattr(type(system), "sheet_actions", (SheetAction("rest", "Rest", "[N]"),))

    ayla_hp = fight.resolve("ayla").sheet.hp
    event = fight.start_encounter()
    assert fight.encounter.state["card"] == "round 1"
    assert fight.resolve("ayla").sheet.hp == ayla_hp - 1
    assert "is tired" in event.text
    fight.undo()
    assert fight.resolve("ayla").sheet.hp == ayla_hp and "card" not in fight.encounter.state

    before = fight.resolve("ayla").sheet.initiative
    check = fight.check("ayla", CheckRequest(option="none", difficulty=10), dice=[12])
    assert "gets keen" in check.text and fight.resolve("ayla").sheet.initiative == before + 1
    fight.undo()
    assert fight.resolve("ayla").sheet.initiative == before

    fight.damage("ayla", 3)
    rested = fight.execute("rest ayla 2")
    assert isinstance(rested, Event) and "rests" in rested.text
    assert fight.resolve("ayla").sheet.hp == ayla_hp - 1
    with pytest.raises(RulesError, match="name someone first"):
        fight.execute("rest nobody")
    assert "rest" in fight.completions("re")


def goblins_start(root: Path, count: int) -> tuple[Session, Event]:
    """A generic campaign where `count` goblins start a fight: the session and its start event."""
    s = Session.create(root, name="Goblins", system_id="generic", rng=random.Random(3))
    s.save_character("goblin", Character(name="Goblin", kind="creature", template=True,
                                         sheet={"hp": 5, "hp_max": 5, "initiative": 1}))
    s.execute("encounter Horde")
    s.execute(f"add {count} goblin")
    return s, s.execute("start")


def test_a_big_rounds_initiative_is_one_line_with_every_roll_in_its_data(tmp_path: Path) -> None:
    s, event = goblins_start(tmp_path / "big", 30)
    assert "initiative rolled for 30" in event.text and "rolls" not in event.text
    rolled = {r["who"] for r in event.data["initiative"]}  # ties roll off again: more rolls than goblins
    assert rolled == {f"goblin-{i}" for i in range(1, 31)}
    assert not [n for n in event.data["notices"] if n["kind"] == "initiative"]  # the rolls are said once
    s.close()


def test_a_small_rounds_rolls_are_named_in_its_line_and_kept_once_in_its_data(tmp_path: Path) -> None:
    """Each roll used to be logged three times (the line, a notice, the initiative data)."""
    s, event = goblins_start(tmp_path / "small", 3)
    assert all(f"Goblin {i} rolls" in event.text for i in (1, 2, 3))
    assert {r["who"] for r in event.data["initiative"]} >= {"goblin-1", "goblin-2", "goblin-3"}
    assert not [n for n in event.data["notices"] if n["kind"] == "initiative" and n.get("who")]
    assert [n["text"] for n in event.data["notices"]][:1] == ["Round 1"]
    s.close()
