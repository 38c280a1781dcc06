"""Every registered system honours the `GameSystem` contract (gmconsole/systems/base.py).

Parametrized over `system_ids()`, so a system that registers is checked with no change here.
Only the contract is tested: what a number means is each system's own business (and its own
tests'), but every system must answer every question the console asks, without mutating its
input and without rolling anything it cannot replay from faces typed by hand.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction

import pytest
from pydantic import BaseModel

from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.errors import RulesError
from gmconsole.engine.tables import Table
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.engine.turn_order import RoundContext, TurnOrder
from gmconsole.systems import get_system, system_ids
from gmconsole.systems.base import GameSystem, RuleOption, SheetChange

SYSTEMS = system_ids()


@pytest.fixture(params=SYSTEMS)
def system(request) -> GameSystem:
    return get_system(request.param)


def dumped(system: GameSystem, sheet: BaseModel) -> str:
    return json.dumps(system.dump_sheet(sheet))


def request_for(system: GameSystem, sheet: BaseModel) -> CheckRequest | None:
    options = system.check_options(sheet)
    if not options:
        return None
    ladder = system.difficulties()
    difficulty = ladder[len(ladder) // 2].value if ladder else 10
    return CheckRequest(option=options[0].key, difficulty=difficulty)


def test_some_system_is_registered() -> None:
    assert "generic" in SYSTEMS


def test_identity(system: GameSystem) -> None:
    for attr in ("id", "name", "credit", "licence"):
        value = getattr(system, attr)
        assert isinstance(value, str) and value.strip(), f"{system.id}: {attr} is empty"
    assert isinstance(system.summary, str)
    assert issubclass(system.sheet_model, BaseModel)
    assert system.damage_kinds and all(isinstance(k, str) and k for k in system.damage_kinds)


def test_new_sheet_validates_and_round_trips(system: GameSystem) -> None:
    sheet = system.new_sheet()
    assert isinstance(sheet, system.sheet_model)
    data = system.dump_sheet(sheet)
    assert isinstance(data, dict)
    again = system.parse_sheet(data)
    assert again == sheet
    assert json.dumps(data) == dumped(system, again)  # deterministic, key order included
    assert json.loads(json.dumps(data)) == data  # plain data only (what the TOML store can hold)


def test_a_sheet_is_described_and_drawn(system: GameSystem) -> None:
    sheet = system.new_sheet()
    before = dumped(system, sheet)
    tracks = system.tracks(sheet)
    assert all(isinstance(t, TrackView) for t in tracks)
    assert isinstance(system.status(sheet), StatusView)
    assert isinstance(system.describe(sheet), str)
    lines = system.sheet_lines(sheet)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in lines)
    assert system.stat(sheet, "no such stat anywhere") == 0
    assert dumped(system, sheet) == before


def test_damage_then_healing_return_new_sheets_and_never_mutate(system: GameSystem) -> None:
    sheet = system.new_sheet()
    pristine = copy.deepcopy(system.dump_sheet(sheet))
    for kind in (None, *system.damage_kinds):
        hurt = system.apply_damage(sheet, 1, kind)
        assert isinstance(hurt, SheetChange)
        assert isinstance(hurt.sheet, system.sheet_model) and hurt.sheet is not sheet
        assert isinstance(hurt.text, str) and hurt.text
        assert system.parse_sheet(system.dump_sheet(hurt.sheet)) == hurt.sheet
        assert system.dump_sheet(sheet) == pristine, f"apply_damage({kind!r}) changed its input"
        hurt_dump = copy.deepcopy(system.dump_sheet(hurt.sheet))
        healed = system.heal(hurt.sheet, 1, kind)
        assert isinstance(healed, SheetChange)
        assert isinstance(healed.sheet, system.sheet_model) and healed.sheet is not hurt.sheet
        assert system.dump_sheet(hurt.sheet) == hurt_dump, f"heal({kind!r}) changed its input"
        assert isinstance(system.status(hurt.sheet), StatusView)


def test_end_of_round_and_spawn_leave_the_input_alone(system: GameSystem) -> None:
    sheet = system.new_sheet()
    pristine = dumped(system, sheet)
    effect = system.end_of_round(sheet)
    assert effect is None or isinstance(effect, SheetChange)
    copy_ = system.spawn(sheet)
    assert isinstance(copy_, system.sheet_model) and copy_ is not sheet
    assert dumped(system, sheet) == pristine


def test_check_with_random_dice_replays_from_the_same_faces_typed_in(system: GameSystem) -> None:
    sheet = system.new_sheet()
    assert all(isinstance(o, CheckOption) for o in system.check_options(sheet))
    assert all(isinstance(d, Difficulty) for d in system.difficulties())
    request = request_for(system, sheet)
    if request is None:
        pytest.skip(f"{system.id}: a blank sheet offers nothing to test")
    for seed in range(5):
        rolled = system.check(sheet, request, random.Random(seed), who="tester")
        assert isinstance(rolled, CheckResult)
        assert rolled.dice, "a check shows the dice it rolled"
        assert isinstance(rolled.summary(), str)
        faces = [d.face for d in rolled.dice]
        typed = system.check(sheet, request, random.Random(999), dice=faces, who="tester")
        assert isinstance(typed, CheckResult)
        assert (typed.total, typed.success, typed.outcome) == (rolled.total, rolled.success, rolled.outcome)
        assert [d.face for d in typed.dice] == faces


def test_odds_are_an_exact_probability(system: GameSystem) -> None:
    sheet = system.new_sheet()
    request = request_for(system, sheet)
    if request is None:
        pytest.skip(f"{system.id}: a blank sheet offers nothing to test")
    odds = system.odds(sheet, request)
    if odds is None:
        return
    assert isinstance(odds, Odds)
    assert isinstance(odds.success, Fraction) and 0 <= odds.success <= 1
    for label, chance in odds.bars:
        assert isinstance(label, str) and isinstance(chance, Fraction) and 0 <= chance <= 1


@pytest.mark.parametrize("options", [None, "defaults"])
def test_turn_order_plans_and_runs_rounds_for_three(system: GameSystem, options) -> None:
    order = system.turn_order(system.option_defaults() if options == "defaults" else None)
    assert isinstance(order, TurnOrder)
    assert isinstance(order.id, str) and isinstance(order.name, str)
    sheet = system.new_sheet()
    enc = Encounter(
        name="Conformance",
        order=order.id,
        combatants=[
            Combatant(id="a", name="A", side="pcs"),
            Combatant(id="b", name="B", side="foes"),
            Combatant(id="c", name="C", side="foes"),
        ],
    )
    ctx = RoundContext(rng=random.Random(4), stat=lambda _c, name: system.stat(sheet, name))
    enc.start(order, ctx)
    assert enc.round == 1 and enc.steps and enc.current is not None
    planned = {cid for step in enc.steps for cid in step.actors}
    assert planned <= {"a", "b", "c"}
    seen: set[str] = set()
    for _ in range(60):
        if enc.round > 1:
            break
        seen.update(c.id for c in enc.acting)
        enc.advance(order, ctx)
    assert enc.round == 2, "a round of three combatants ends"
    assert seen == {"a", "b", "c"}, "everyone acts in a round"
    assert isinstance(order.header(enc), list)
    columns = order.columns(enc)
    assert columns is None or all(isinstance(v, list) for v in columns.values())
    assert Encounter.model_validate_json(enc.model_dump_json()) == enc  # order state persists


def test_tables_load_with_credit_and_licence(system: GameSystem) -> None:
    tables = system.tables()
    assert all(isinstance(t, Table) for t in tables)
    for t in tables:
        assert t.credit.strip(), f"{t.source}: table {t.name!r} has no credit"
        assert t.licence.strip(), f"{t.source}: table {t.name!r} has no licence"
        assert t.source.startswith(f"{system.id}/")
    ids = [(t.source, t.id) for t in tables]
    assert len(ids) == len(set(ids))


def test_options_resolve_and_unknown_options_are_refused(system: GameSystem) -> None:
    assert all(isinstance(o, RuleOption) for o in system.options)
    keys = [o.key for o in system.options]
    assert len(keys) == len(set(keys))
    defaults = system.option_defaults()
    assert system.resolve_options(None) == defaults
    assert system.resolve_options(dict(defaults)) == defaults
    with pytest.raises(RulesError, match="no optional rule 'no_such_rule'"):
        system.resolve_options({"no_such_rule": True})
