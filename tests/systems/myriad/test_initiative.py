"""Myriad's turn order inside the engine's encounter (spec §4.2; rulings C2, C3; EX-21, EX-29)."""

import random

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.turn_order import RoundContext
from gmconsole.systems.myriad.initiative import MyriadInitiative

GRACE = {"bronthar": 3, "nefarius": 4, "a": 2, "b": 3, "c": 1, "d": 3}


def ctx(dice, stats=GRACE):
    def stat(c, name):
        assert name in ("initiative:mortal", "initiative:social")
        return stats[c.id]

    return RoundContext(rng=random.Random(0), dice=list(dice), stat=stat)


def encounter(*ids, sides=None, conflict="mortal"):
    sides = sides or {}
    return Encounter(name="Fight", state={"conflict": conflict},
                     combatants=[Combatant(id=i, name=i.title(), side=sides.get(i, "foes"))
                                 for i in ids])


def test_ex21_bronthar_acts_first():
    enc = encounter("bronthar", "nefarius", sides={"bronthar": "pcs"})
    enc.start(MyriadInitiative(), ctx([5, 1]))
    assert enc.get("bronthar").initiative == 8 and enc.get("nefarius").initiative == 5
    assert [s.actors for s in enc.steps] == [["bronthar"], ["nefarius"]]


def test_ties_act_in_one_simultaneous_step_and_are_rerolled_each_round():
    order = MyriadInitiative()
    enc = encounter("a", "b", "c", sides={"a": "pcs"})
    # a: 4+2=6, b: 3+3=6, c: 2+1=3
    notices = enc.start(order, ctx([4, 3, 2]))
    assert [s.actors for s in enc.steps] == [["a", "b"], ["c"]]
    assert enc.steps[0].label == "6"
    assert any(n.kind == "initiative" for n in notices)
    assert order.header(enc) == ["Mortal combat · 1d6 + Grace",
                                 "Same instant: KO/death after the step"]
    end = order.on_step_end(enc, enc.steps[0])
    assert "same instant: apply KO and death now" in end[0].text
    enc.set_out("b")  # b is KO'd by a's action: b still acts in this same step
    assert enc.current is not None and enc.current.actors == ["a", "b"]
    enc.set_out("b", out=False)
    c2 = ctx([1, 6, 6])
    enc.advance(order, c2)
    enc.advance(order, c2)  # new round: everyone rolls again
    assert enc.round == 2
    assert (enc.get("a").initiative, enc.get("b").initiative) == (3, 9)


def test_social_conflict_uses_the_social_defence_stat():
    asked = []

    def stat(c, name):
        asked.append(name)
        return 2

    enc = encounter("a", "b", sides={"a": "pcs"}, conflict="social")
    enc.start(MyriadInitiative(), RoundContext(dice=[1, 2], stat=stat))
    assert set(asked) == {"initiative:social"}
    assert MyriadInitiative().header(enc) == ["Social combat · 1d6 + Spirit"]


def test_ex29_held_action_joins_a_later_count_never_earlier():
    # Eagle initiative 5; ground fighters at 6, 4 and 2. The one at 6 holds to 5 and attacks
    # at the same instant as the eagle.
    stats = {"eagle": 4, "six": 5, "four": 3, "two": 1}
    order = MyriadInitiative()
    enc = encounter("eagle", "six", "four", "two", sides={"eagle": "birds"})
    enc.start(order, ctx([1, 1, 1, 1], stats))
    assert [s.actors for s in enc.steps] == [["six"], ["eagle"], ["four"], ["two"]]
    enc.hold("six")
    assert enc.current is not None and enc.current.actors == ["eagle"]
    enc.act_now("six", join=True)
    assert enc.current.actors == ["eagle", "six"]
    assert [s.actors for s in enc.upcoming()] == [["four"], ["two"]]


def test_holds_expire_at_the_end_of_the_round():
    order = MyriadInitiative()
    enc = encounter("a", "b", sides={"a": "pcs"})
    enc.start(order, ctx([6, 1]))
    enc.hold("a")
    enc.advance(order, ctx([2, 2]))  # b's step ends, round 2 starts
    assert enc.round == 2 and enc.get("a").status == "active"


def test_optional_reverse_declaration():
    order = MyriadInitiative(declare_reverse=True)
    enc = encounter("a", "b", "c", sides={"a": "pcs"})
    notices = enc.start(order, ctx([6, 3, 1]))  # a 8, b 6, c 2
    assert [(s.phase, s.actors) for s in enc.steps] == [
        ("declare", ["c"]), ("declare", ["b"]), ("declare", ["a"]),
        ("resolve", ["a"]), ("resolve", ["b"]), ("resolve", ["c"])]
    assert any("lowest first" in n.text for n in notices)
    assert order.header(enc) == ["Mortal combat · 1d6 + Grace",
                                 "Declare lowest first; no changes later"]
    enc.advance(order, ctx([]))
    enc.advance(order, ctx([]))
    started = enc.advance(order, ctx([]))
    assert any("highest first" in n.text for n in started)
    assert order.header(enc)[1] == "Resolve highest first; forfeit if impossible"


def test_ex19_only_one_side_acting_rolls_no_initiative():
    enc = encounter("a", "b", sides={"a": "foes", "b": "foes"})
    notices = enc.start(MyriadInitiative(), ctx([]))
    assert any("no initiative roll" in n.text for n in notices)
    assert MyriadInitiative().header(enc)[1] == "One side acts: no initiative roll"
    assert enc.get("a").initiative is None
    rolled = encounter("a", "b")
    rolled.start(MyriadInitiative(skip_single_side=False), ctx([3, 3]))
    assert rolled.get("a").initiative == 5


def test_a_late_joiner_rolls_with_this_encounters_defence_statistic():
    asked = []

    def stat(c, name):
        asked.append(name)
        return 2

    order = MyriadInitiative()
    mortal = encounter("a", "b", sides={"a": "pcs"})
    mortal.start(order, RoundContext(dice=[1, 2], stat=stat))
    social = encounter("x", "y", sides={"x": "pcs"}, conflict="social")
    social.start(MyriadInitiative(), RoundContext(dice=[1, 2], stat=stat))
    asked.clear()
    social.add(Combatant(id="z", name="Z", side="pcs"), order, RoundContext(dice=[4], stat=stat))
    assert asked == ["initiative:social"] and social.get("z").initiative == 6
