"""The command-line parser: every verb, names with spaces, and clear refusals."""

from __future__ import annotations

import pytest

from gmconsole.engine.errors import RulesError
from gmconsole.store import Session
from gmconsole.store.commands import USAGE, Command, CommandError, parse

NAMES = {"ayla", "orc", "orc 2", "orc 3", "brother tomas", "goblin"}


def p(line: str) -> Command | None:
    return parse(line, lambda s: s.lower() in NAMES)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("next", Command("next")),
        ("next 14 3", Command("next", {"dice": [14, 3]})),
        ("start 20 1", Command("start", {"dice": [20, 1]})),
        ("prev", Command("prev")),
        ("back", Command("prev")),
        ("hold", Command("hold", {"who": None})),
        ("hold orc 2", Command("hold", {"who": "orc 2"})),
        (
            "ready orc 2 when the door opens",
            Command("ready", {"who": "orc 2", "trigger": "when the door opens"}),
        ),
        ("now ayla", Command("now", {"who": "ayla", "join": False})),
        ("now ayla join", Command("now", {"who": "ayla", "join": True})),
        ("delay orc 2 brother tomas", Command("delay", {"who": "orc 2", "after": "brother tomas"})),
        ("pick orc 3", Command("pick", {"who": "orc 3"})),
        ("dmg orc 2 5", Command("dmg", {"who": "orc 2", "amount": 5, "kind": None})),
        ("dmg orc 5", Command("dmg", {"who": "orc", "amount": 5, "kind": None})),
        ("damage ayla 3 shock", Command("dmg", {"who": "ayla", "amount": 3, "kind": "shock"})),
        ("heal brother tomas 4", Command("heal", {"who": "brother tomas", "amount": 4, "kind": None})),
        ('dmg "Orc 2" 7', Command("dmg", {"who": "Orc 2", "amount": 7, "kind": None})),
        (
            "cond orc 2 prone",
            Command("cond", {"who": "orc 2", "name": "prone", "rounds": None, "expires": "end"}),
        ),
        (
            "cond ayla on fire 3 start",
            Command("cond", {"who": "ayla", "name": "on fire", "rounds": 3, "expires": "start"}),
        ),
        (
            "cond orc 3 stunned 1 round",
            Command("cond", {"who": "orc 3", "name": "stunned", "rounds": 1, "expires": "round"}),
        ),
        ("uncond orc 2 prone", Command("uncond", {"who": "orc 2", "name": "prone"})),
        ("add goblin", Command("add", {"source": "goblin", "count": 1, "side": None})),
        ("add 4 goblin", Command("add", {"source": "goblin", "count": 4, "side": None})),
        ("add 2 goblin pcs", Command("add", {"source": "goblin", "count": 2, "side": "pcs"})),
        ("remove orc 3", Command("remove", {"who": "orc 3"})),
        ("out orc", Command("out", {"who": "orc"})),
        ("in orc", Command("in", {"who": "orc"})),
        ("roll table Road encounters", Command("table", {"name": "Road encounters"})),
        ("roll 3d6+2", Command("roll", {"expr": "3d6+2"})),
        ("3d6+2", Command("roll", {"expr": "3d6+2"})),
        ("4d6kh3 + 1d4", Command("roll", {"expr": "4d6kh3 + 1d4"})),
        (
            "check ayla dodge vs 15 +2",
            Command("check", {"who": "ayla", "option": "dodge", "difficulty": 15, "modifiers": 2}),
        ),
        (
            "check orc 2 skill:melee -1",
            Command("check", {"who": "orc 2", "option": "skill:melee", "difficulty": None, "modifiers": -1}),
        ),
        ("undo", Command("undo")),
        ("redo", Command("redo")),
        ("encounter Bridge at dawn", Command("encounter", {"name": "Bridge at dawn"})),
        ("end", Command("end")),
        ("set conflict social", Command("set", {"key": "conflict", "value": "social"})),
        ("calc measure 250 meters", Command("calc", {"key": "measure", "args": ["250", "meters"]})),
        ("hit", Command("hit")),
        ("declare orc 2 attack ayla", Command("declare", {"who": "orc 2", "trigger": "attack ayla"})),
        ("hit 4 6", Command("hit", {"dice": [4, 6]})),
        ("recap", Command("recap")),
        ("public orc 2", Command("public", {"who": "orc 2"})),
        ("private orc 2", Command("private", {"who": "orc 2"})),
        ("recap 2026-11-25", Command("recap", {"date": "2026-11-25"})),
        ("commit", Command("commit")),
        ("commit the bridge holds", Command("commit", {"message": "the bridge holds"})),
        (
            "check ayla melee at orc 2 vs 12 +1",
            Command(
                "check",
                {"who": "ayla", "option": "melee", "difficulty": 12, "modifiers": 1, "against": "orc 2"},
            ),
        ),
        (
            "gen npc ogre brute as Grom",
            Command("gen", {"key": "npc", "args": ["ogre", "brute"], "name": "Grom"}),
        ),
        ("NEXT", Command("next")),
    ],
)
def test_every_verb_parses(line: str, expected: Command) -> None:
    assert p(line) == expected


def test_every_verb_has_a_parse_case() -> None:
    # keep the table above honest: a new verb must come with a test line
    covered = {"next", "start", "prev", "hold", "ready", "now", "delay", "pick", "dmg", "heal", "cond"}
    covered |= {"uncond", "add", "remove", "out", "in", "roll", "check", "undo", "redo", "encounter", "end"}
    covered |= {"set", "calc", "gen", "hit", "declare", "recap", "commit", "public", "private"}
    assert set(USAGE) == covered


def test_blank_lines_are_nothing() -> None:
    assert p("") is None
    assert p("   ") is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("dmg ayla x", r"give a number \(usage: dmg WHO N \[KIND\]\)"),
        ("dmg", r"name someone and an amount"),
        ("heal ayla -3", r"cannot be negative"),
        ("cond ayla", r"usage: cond WHO NAME"),
        ("uncond", r"name someone and the condition"),
        ("ready ayla", r"what they wait for"),
        ("delay ayla", r"after whom"),
        ("pick", r"usage: pick WHO"),
        ("add 3", r"name a roster entry"),
        ("next x", r"typed dice must be whole numbers"),
        ("undo now", r"undo takes nothing"),
        ("roll", r"say what to roll"),
        ("roll table", r"name the table"),
        ("check ayla", r"usage: check WHO OPTION"),
        ("encounter", r"name the encounter"),
        ('dmg "orc 2 5', r"cannot read"),
    ],
)
def test_bad_input_says_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        p(line)


def test_execute_runs_lines_against_the_session(session: Session) -> None:
    events = session.execute("encounter Ambush; add ayla; add 2 goblin; start 10 5 5")
    assert isinstance(events, list) and len(events) == 4
    assert [c.name for c in session.encounter.combatants] == ["Ayla", "Goblin 1", "Goblin 2"]
    event = session.execute("dmg goblin 2 3")
    assert event.text.startswith("Goblin 2 takes 3")
    assert session.execute("cond goblin 1 prone 2").text == "Goblin 1 is prone for 2 round(s)"
    assert session.execute("undo").kind.value == "undo"
    assert session.execute("2d6").kind.value == "roll"
    assert session.execute("") is None
    with pytest.raises(RulesError, match=r"'goblin' is ambiguous: Goblin 1, Goblin 2"):
        session.execute("dmg goblin 1")  # 1 damage to "goblin": which one?


def test_completions(fight: Session) -> None:
    assert fight.completions("d") == ["delay", "dmg", "declare"]
    assert fight.completions("dmg gob") == ["dmg goblin-1", "dmg goblin-2", "dmg goblin-3", "dmg goblin"]
    assert fight.completions("add b") == ["add brak"]
    assert fight.completions("encounter a") == ["encounter ambush"]
    assert fight.completions("zzz") == []


def test_completion_at_every_argument_position(fight: Session) -> None:
    """Names as slugs at any position, kinds after an amount, conditions after `uncond WHO`,
    sources and sides after `add N`, options after `check WHO`, table names with spaces."""
    fight.execute("cond goblin-2 stunned 2")
    assert fight.completions("cond goblin-2 stunned 2 ") == [
        "cond goblin-2 stunned 2 start", "cond goblin-2 stunned 2 end", "cond goblin-2 stunned 2 round"
    ]
    assert fight.completions("uncond goblin-2 ") == ["uncond goblin-2 stunned"]
    assert fight.completions("uncond goblin-1 ") == []
    assert fight.completions("add 3 gob") == ["add 3 goblin"]
    assert "add 3 goblin foes" in fight.completions("add 3 goblin ")
    assert fight.completions("dmg ayla 3 ") == [f"dmg ayla 3 {k}" for k in fight.system.damage_kinds]
    assert fight.completions("check ayla ag") == ["check ayla agility"]
    assert fight.completions("delay goblin-1 ay") == ["delay goblin-1 ayla"]
    fight.execute("dmg goblin-1 1")  # a name completed as a slug is accepted by the verb
    assert fight.completions("roll ta") == ["roll table"]


def test_an_apostrophe_in_a_gms_prose_is_a_letter() -> None:
    command = parse("declare guard shoot the van's engine", lambda s: s == "guard")
    assert command is not None and command.args["trigger"] == "shoot the van's engine"
