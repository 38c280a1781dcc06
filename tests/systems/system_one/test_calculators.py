"""`calc` at the console: the book's worked examples for powers, vehicles, knockback, blocks
and saves, and hostile input that must only ever be refused by name."""

from __future__ import annotations

import itertools
import random
import time
from pathlib import Path

import pytest

from gmconsole.engine.errors import GmConsoleError, RulesError
from gmconsole.store import Session
from gmconsole.systems import get_system


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Session:
    root: Path = tmp_path_factory.mktemp("calc") / "c"
    s = Session.create(root, name="c", system_id="system-one", rng=random.Random(1))
    yield s
    s.close()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("calc attack 2", "4 points"),  # EX07: constant 2 averages 2
        ("calc attack 1d3", "4 points"),  # "costs the same"
        ("calc attack 1d4 40 nopw", "17 points"),  # EX35's gun: 6 + 3 + 8
        ("calc invisible 10", "30 points, sighting -100%"),  # EX09
        ("calc invisible total", "35 points"),
        ("calc invisible total second", "15 points"),
        ("calc save 50 65 38", "made by 27: the target saves at 23%"),  # EX10 Mind Control
        ("calc targets 10", "4 targets"),  # EX11
        ("calc targets 15", "8 targets"),
        ("calc negate 50 15", "35%; PW 2, EF 2"),  # EX13: 15/10 = 1.5 rounds to 2
        ("calc poison 1d4 1 5", "25 points, EF 1"),  # EX14
        ("calc resisted 50 4 10", "2 prevented for 2 EF, 2 taken"),  # EX17
        ("calc resisted 50 4 0", "0 prevented for 0 EF, 4 taken"),  # no EF left: no resistance
        ("calc resist 50 2", "16 points for 2 type(s)"),
        ("calc size 32", "+150"),  # EX21 Mack truck
        ("calc speed 50", "-45"),
        ("calc block 3", "takes 1"),  # EX23
        ("calc block 7", "takes 2"),
        ("calc block 11", "takes 3: d6 1-2 left arm, 3-4 right arm, 5-6 2 to each arm"),
        ("calc knockback 55 4", "35%; failed: thrown 4 m"),  # EX30 Target Man
        ("calc vehicle 0", "15 SF"),  # EX34
        ("calc vehicle 2", "45 SF of space, mass 2000 kg"),
        ("calc ram 20 4", "2 + blade 2 = 4"),  # EX38: the blade adds no more than the base
        ("calc impact 75 50 5 4 0 90 7", "DUR roll at 55%; rolled 90 then 7: slowed by 4 to 46"),  # EX39
        ("calc impact 75 50 5 4 0 90 80", "slowed to 46 and every impact-side component takes 4"),
        (
            "calc impact 75 50 5 6 0",
            "not destroyed (SP 1 left): a full stop; every impact-side component takes 5",
        ),
        ("calc impact 75 50 5 4 2", "not destroyed (SP 1 left)"),
        ("calc flip 30 20 top", "flip chance 40%"),
        ("calc relspeed 50 30 opposite", "speed 80 m/turn"),
        ("calc fuel 30 60 4", "explodes on d100 50 or under"),
        ("calc points two 55 55 55", "skills 28, powers 14, mutations 14"),  # EX05
        ("calc points 55 55 55 55 55 55 55 55 10", "Option One: 36 points; Option Three: + 10 = 46"),
        ("calc points two 55 55 55 5", "Option Three: 5 more points"),
        ("calc detect 50 20", "35%"),
        ("calc leap 2 running", "leap 4 m"),
        ("calc slip 12", "3d3 m"),
        ("calc range 20 50 heightened", "long, -30"),
        ("calc fall 20", "9 damage"),  # EX47
        ("calc drop 8 60", "AGL 60% and no damage, else 3"),
        ("calc drop 20 60 2 thrown", "8 damage; the next turn spent getting up; landing controlled on 30%"),
    ],
)
def test_worked_examples(session: Session, line: str, expected: str) -> None:
    assert expected in session.execute(line).text


HOSTILE = ["99999999999999999", "-5", "0", "2.5", "1e9", "٣", "1/0", "x" * 41, "-0", "+7", "1d4", "d", ""]


def test_every_calculator_refuses_hostile_numbers_by_name_and_fast() -> None:
    system = get_system("system-one")
    for calc in system.calculators:
        for count in range(0, 5):
            for args in itertools.islice(itertools.product(HOSTILE, repeat=count), 300):
                start = time.perf_counter()
                try:
                    text = system.calculate(calc.key, [a for a in args if a])
                except RulesError:
                    pass
                else:
                    assert isinstance(text, str)
                assert time.perf_counter() - start < 1, (calc.key, args)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("calc aim 4", "turns must be a whole number from 0 to 3"),
        ("calc range 0 10", "range must be a whole number from 1"),
        ("calc attack 1d4 99999", "range .m. must be"),
        ("calc vehicle 99", "size levels must be"),
        ("calc resist 60", "25, 50, 75 or 95"),
        ("calc relspeed 10 20 sideways", "geometry is one of"),
    ],
)
def test_out_of_bounds_names_the_bound(session: Session, line: str, message: str) -> None:
    with pytest.raises(GmConsoleError, match=message):
        session.execute(line)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # EX35, the Road Warrior car: front and top tables from the Size Factors on each side
        (
            "calc hits engine=1 steering=1 pilot=1 gunner=1",
            "01-25 engine, 26-50 steering, 51-75 pilot, 76-00 gunner",
        ),
        ("calc hits steering=1 gun=2", "01-33 steering, 34-00 gun"),
        ("calc drain 1d6 lp", "8 points"),
    ],
)
def test_vehicle_hit_tables_and_drain(session: Session, line: str, expected: str) -> None:
    assert expected in session.execute(line).text


def test_every_verb_refuses_hostile_arguments_and_never_writes_a_sheet_the_loader_refuses() -> None:
    import tomllib

    from gmconsole.systems.base import Scene

    system = get_system("system-one")
    shipped = Path(__file__).resolve().parents[3] / "campaigns" / "system-one-demo" / "roster" / "dana.toml"
    sheet = system.parse_sheet(tomllib.loads(shipped.read_text("utf-8"))["sheet"])
    words = [*HOSTILE[:7], "all", "unarmed", "medical", "ip", "head", "Pistol", "on", "run", "energy"]
    for action in system.sheet_actions:
        for args in itertools.chain.from_iterable(itertools.product(words, repeat=n) for n in (0, 1, 2)):
            scene = Scene(rng=random.Random(3))
            try:
                change = system.perform(sheet, action.key, list(args), scene)
            except RulesError:
                continue
            assert system.parse_sheet(system.dump_sheet(change.sheet)) == change.sheet, (action.key, args)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("calc shake 23 3", "29%"),  # EX10's save, three turns on: +2% a turn
        ("calc shake 23 3 against", "54%"),
        ("calc absorb 60 4", "STA roll at 40%"),
        ("calc save 50 65 38 guarded", "saves at 38%"),  # Mind Reading on a guarded secret
    ],
)
def test_mind_powers_and_absorption(session: Session, line: str, expected: str) -> None:
    assert expected in session.execute(line).text
