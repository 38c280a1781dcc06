"""Each turn-order strategy plans rounds the way its system's table does, with dice typed by hand
so every expected order is exact."""

from __future__ import annotations

import random

import pytest

from gmconsole.engine.encounter import Combatant, Encounter, EncounterError, Step
from gmconsole.engine.popcorn import Popcorn
from gmconsole.engine.turn_order import (
    DeclareThenResolve,
    GMOrder,
    RolledEachRound,
    RoundContext,
    SideOrder,
    move,
    roll_off,
)


def ctx(dice: list[int] | None = None, stats: dict[str, dict[str, int]] | None = None) -> RoundContext:
    table = stats or {}
    return RoundContext(
        rng=random.Random(11),
        dice=list(dice or []),
        stat=lambda c, name: table.get(c.id, {}).get(name, 0),
    )


def encounter(*members: tuple[str, str]) -> Encounter:
    """Combatants as (id, side); the name is the id capitalised."""
    return Encounter(
        name="Fight",
        combatants=[Combatant(id=cid, name=cid.capitalize(), side=side) for cid, side in members],
    )


def plan(enc: Encounter) -> list[list[str]]:
    return [s.actors for s in enc.steps]


def acting(enc: Encounter) -> list[str]:
    return [c.id for c in enc.acting]


# ---------------------------------------------------------------------- roll-offs


def test_roll_off_orders_by_the_roll_and_rerolls_only_the_tied() -> None:
    context = ctx(dice=[5, 5, 3, 2, 9])
    # a and b tie on 5 above c's 3: they roll again (2, 9) and must both still come before c.
    assert roll_off(["a", "b", "c"], context) == ["b", "a", "c"]
    assert [r.note for r in context.rolls] == ["tie roll-off"] * 5


def test_roll_off_settles_separate_ties_separately() -> None:
    context = ctx(dice=[8, 8, 3, 3, 1, 2, 20, 19])
    # a, b tie high and c, d tie low: a/b re-roll (1, 2), then c/d re-roll (20, 19).
    assert roll_off(["a", "b", "c", "d"], context) == ["b", "a", "c", "d"]


def test_roll_off_of_one_or_none_rolls_nothing() -> None:
    context = ctx()
    assert roll_off(["a"], context) == ["a"]
    assert roll_off([], context) == []
    assert context.rolls == []


def test_roll_off_is_bounded_when_the_dice_always_tie() -> None:
    context = RoundContext(rng=random.Random(1), dice=[1] * 200)
    order = roll_off(["a", "b"], context, sides=1)
    assert sorted(order) == ["a", "b"]


# ---------------------------------------------------------------------- rolled each round


def test_rolled_each_round_orders_high_first_and_records_rolls() -> None:
    enc = encounter(("ayla", "pcs"), ("orc", "foes"), ("bram", "pcs"))
    context = ctx(dice=[10, 15, 3], stats={"ayla": {"grace": 4}, "bram": {"grace": 2}})
    order = RolledEachRound(sides=20, stat="grace")
    notices = enc.start(order, context)
    assert plan(enc) == [["orc"], ["ayla"], ["bram"]]
    assert [s.label for s in enc.steps] == ["15", "14", "5"]
    rolled = [n.text for n in notices if n.kind == "initiative"]
    assert rolled == ["Ayla rolls 14", "Orc rolls 15", "Bram rolls 5"]


def test_simultaneous_ties_act_in_one_step() -> None:
    # Myriad: 1d6 + Grace, equal totals act at the same instant.
    enc = encounter(("ayla", "pcs"), ("orc", "foes"), ("bram", "pcs"))
    order = RolledEachRound(sides=6, stat="grace", simultaneous=True)
    context = ctx(dice=[3, 5, 4], stats={"ayla": {"grace": 2}, "bram": {"grace": 1}})
    enc.start(order, context)
    assert plan(enc) == [["ayla", "orc", "bram"]]
    assert enc.steps[0].label == "5"
    assert len(context.rolls) == 3  # no roll-off


def test_ties_broken_by_the_tiebreak_stat_then_a_roll_off() -> None:
    enc = encounter(("a", "x"), ("b", "x"), ("c", "x"))
    order = RolledEachRound(sides=20, stat="init", tiebreak="dex")
    stats = {"a": {"dex": 1}, "b": {"dex": 3}, "c": {"dex": 3}}
    context = ctx(dice=[12, 12, 12, 4, 17], stats=stats)
    enc.start(order, context)
    # b and c beat a on Dex; they tie on Dex and roll off: c 17 beats b 4.
    assert plan(enc) == [["c"], ["b"], ["a"]]
    assert [r.note for r in context.rolls] == ["", "", "", "tie roll-off", "tie roll-off"]


def test_rolled_each_round_rerolls_every_round_and_skips_the_out() -> None:
    enc = encounter(("a", "x"), ("b", "x"), ("c", "x"))
    order = RolledEachRound(sides=20)
    context = ctx(dice=[1, 2, 3])
    enc.start(order, context)
    assert plan(enc) == [["c"], ["b"], ["a"]]
    enc.set_out("b")
    context.dice[:] = [20, 1]
    for _ in range(3):
        enc.advance(order, context)
    assert enc.round == 2 and plan(enc) == [["a"], ["c"]]


def test_a_late_joiner_rolls_and_slots_in_among_the_steps_to_come() -> None:
    enc = encounter(("a", "x"), ("b", "x"), ("c", "x"))
    order = RolledEachRound(sides=20)
    context = ctx(dice=[18, 12, 6])
    enc.start(order, context)
    context.dice[:] = [9]
    notices = enc.add(Combatant(id="d", name="D"), order, context)
    assert [n.text for n in notices] == ["D joins the encounter", "D rolls 9"]
    assert plan(enc) == [["a"], ["b"], ["d"], ["c"]]


def test_a_late_joiner_ties_into_a_simultaneous_step() -> None:
    enc = encounter(("a", "x"), ("b", "x"))
    order = RolledEachRound(sides=6, simultaneous=True)
    context = ctx(dice=[6, 2])
    enc.start(order, context)
    context.dice[:] = [2]
    enc.add(Combatant(id="c", name="C"), order, context)
    assert plan(enc) == [["a"], ["b", "c"]]


def test_a_late_joiner_who_beats_the_acting_step_waits_for_next_round() -> None:
    enc = encounter(("a", "x"), ("b", "x"))
    order = RolledEachRound(sides=20)
    context = ctx(dice=[10, 5])
    enc.start(order, context)
    enc.advance(order, context)  # b (5) acts
    context.dice[:] = [19]
    notices = enc.add(Combatant(id="c", name="C"), order, context)
    assert notices[-1].text == "C acts from next round"
    assert plan(enc) == [["a"], ["b"]]
    context.dice[:] = [1, 2, 19]
    enc.advance(order, context)
    assert plan(enc) == [["c"], ["b"], ["a"]]


def test_a_late_joiner_who_rolls_lowest_acts_last() -> None:
    enc = encounter(("a", "x"))
    order = RolledEachRound(sides=20)
    context = ctx(dice=[10])
    enc.start(order, context)
    context.dice[:] = [3]
    enc.add(Combatant(id="b", name="B"), order, context)
    assert plan(enc) == [["a"], ["b"]]


# ---------------------------------------------------------------------- side order


class Flurry(SideOrder):
    """Torg-like: the second side listed acts first, and the pcs get a flurry."""

    def side_sequence(self, enc, ctx):
        sides = self.sides(enc)
        return list(reversed(sides)), []

    def passes(self, enc, side):
        return 2 if side == "pcs" else 1


def test_side_order_goes_side_by_side_in_stat_order() -> None:
    enc = encounter(("ayla", "pcs"), ("orc", "foes"), ("bram", "pcs"), ("gob", "foes"))
    stats = {"ayla": {"dex": 9}, "bram": {"dex": 12}, "orc": {"dex": 8}, "gob": {"dex": 10}}
    enc.start(SideOrder(stat="dex"), ctx(stats=stats))
    assert plan(enc) == [["bram"], ["ayla"], ["gob"], ["orc"]]
    assert [s.label for s in enc.steps] == ["pcs", "pcs", "foes", "foes"]


def test_side_order_rolls_off_ties_within_a_side() -> None:
    enc = encounter(("ayla", "pcs"), ("bram", "pcs"))
    context = ctx(dice=[3, 16], stats={"ayla": {"dex": 9}, "bram": {"dex": 9}})
    enc.start(SideOrder(), context)
    assert plan(enc) == [["bram"], ["ayla"]]


def test_side_sequence_and_passes_are_the_subclass_hooks() -> None:
    enc = encounter(("ayla", "pcs"), ("orc", "foes"))
    enc.start(Flurry(), ctx())
    assert plan(enc) == [["orc"], ["ayla"], ["ayla"]]
    assert [s.label for s in enc.steps] == ["foes", "pcs", "pcs (again)"]


def test_a_side_order_joiner_acts_after_the_last_of_its_side() -> None:
    enc = encounter(("ayla", "pcs"), ("bram", "pcs"), ("orc", "foes"))
    order = SideOrder()
    enc.start(order, ctx(stats={"ayla": {"dex": 2}, "bram": {"dex": 1}}))
    enc.add(Combatant(id="cara", name="Cara", side="pcs"), order, ctx())
    assert plan(enc) == [["ayla"], ["bram"], ["cara"], ["orc"]]
    enc.add(Combatant(id="wolf", name="Wolf", side="beasts"), order, ctx())
    assert plan(enc)[-1] == ["wolf"]


# ---------------------------------------------------------------------- declare, then resolve


def test_declare_lowest_first_then_resolve_highest_first() -> None:
    enc = encounter(("a", "x"), ("b", "x"), ("c", "x"))
    stats = {"a": {"int": 3}, "b": {"int": 5}, "c": {"int": 4}}
    order = DeclareThenResolve(stat="int")
    notices = enc.start(order, ctx(stats=stats))
    assert plan(enc) == [["a"], ["c"], ["b"], ["b"], ["c"], ["a"]]
    assert [s.phase for s in enc.steps] == ["declare"] * 3 + ["resolve"] * 3
    assert [n.text for n in notices] == ["Round 1", "Declare actions, lowest first", "Declare: A"]
    assert order.header(enc) == ["Phase: declare"]
    enc.advance(order, ctx(stats=stats))
    enc.advance(order, ctx(stats=stats))
    notices = enc.advance(order, ctx(stats=stats))
    assert [n.text for n in notices] == ["B", "Resolve actions, highest first"]
    assert order.header(enc) == ["Phase: resolve"]
    assert [n.text for n in enc.advance(order, ctx(stats=stats))] == ["C"]


def test_declare_then_resolve_breaks_ties_once_for_both_passes() -> None:
    enc = encounter(("a", "x"), ("b", "x"), ("c", "x"))
    stats = {"a": {"int": 4}, "b": {"int": 4}, "c": {"int": 2}}
    context = ctx(dice=[40, 77], stats=stats)
    enc.start(DeclareThenResolve(), context)
    assert plan(enc) == [["c"], ["a"], ["b"], ["b"], ["a"], ["c"]]
    assert [r.dice for r in context.rolls] == [(40,), (77,)]  # a d100 roll-off, once


def test_declaration_steps_do_not_tick_conditions() -> None:
    from gmconsole.engine.encounter import Condition

    enc = encounter(("a", "x"), ("b", "x"))
    stats = {"a": {"int": 1}, "b": {"int": 2}}
    order = DeclareThenResolve()
    enc.start(order, ctx(stats=stats))
    enc.add_condition("a", Condition(name="Dazed", rounds=1, expires="end"))
    enc.advance(order, ctx(stats=stats))  # a's declaration ends: no tick
    assert enc.get("a").conditions
    enc.advance(order, ctx(stats=stats))  # b resolves
    notices = enc.advance(order, ctx(stats=stats))  # b's resolution ends, a resolves
    assert enc.get("a").conditions
    notices = enc.advance(order, ctx(stats=stats))  # a's resolution ends
    assert "Dazed wears off A" in [n.text for n in notices]


# ---------------------------------------------------------------------- GM order


def test_gm_order_follows_the_list_and_move_reorders_next_round() -> None:
    enc = encounter(("a", "x"), ("b", "x"), ("c", "x"))
    order = GMOrder()
    enc.start(order, ctx())
    assert plan(enc) == [["a"], ["b"], ["c"]]
    assert [s.phase for s in enc.steps] == ["", "", ""]
    assert [n.text for n in move(enc, "c", 0)] == ["C moved to position 1"]
    assert plan(enc) == [["a"], ["b"], ["c"]]  # this round's plan stands
    for _ in range(3):
        enc.advance(order, ctx())
    assert plan(enc) == [["c"], ["a"], ["b"]]
    move(enc, "c", 99)
    assert [c.id for c in enc.combatants] == ["a", "b", "c"]


def test_gm_order_with_a_declaration_pass() -> None:
    enc = encounter(("a", "x"), ("b", "x"))
    enc.start(GMOrder(declare=True), ctx())
    assert plan(enc) == [["a"], ["b"], ["a"], ["b"]]
    assert [s.phase for s in enc.steps] == ["declare", "declare", "resolve", "resolve"]


def test_fixed_orders_refuse_choose_next_and_offer_no_choices() -> None:
    enc = encounter(("a", "x"))
    order = GMOrder()
    enc.start(order, ctx())
    assert order.choices(enc) == []
    assert order.columns(enc) is None
    with pytest.raises(EncounterError, match="the order is fixed"):
        order.choose_next(enc, "a")


# ---------------------------------------------------------------------- popcorn


def popcorn_fight() -> Encounter:
    return encounter(("ayla", "pcs"), ("bram", "pcs"), ("orc", "foes"), ("gob", "foes"))


def test_popcorn_opening_roll_picks_the_first_side_and_ties_are_rerolled() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    context = ctx(dice=[12, 12, 4, 15])
    notices = enc.start(order, context)
    assert [n.text for n in notices if n.kind == "initiative"] == ["Side foes wins the opening (15)"]
    assert [(r.who, r.total) for r in context.rolls] == [("pcs", 12), ("foes", 12), ("pcs", 4), ("foes", 15)]
    assert acting(enc) == ["orc"]
    assert enc.state["popcorn"]["opening"] == "foes"


def test_popcorn_unaware_side_keeps_the_lower_of_two_dice() -> None:
    enc = popcorn_fight()
    enc.state["unaware_sides"] = ["foes"]
    context = ctx(dice=[13, 18, 7])
    enc.start(Popcorn(), context)
    assert [(r.who, r.dice, r.total) for r in context.rolls] == [("pcs", (13,), 13), ("foes", (18, 7), 7)]
    assert acting(enc) == ["ayla"]


def test_popcorn_the_actor_picks_who_goes_next_and_columns_follow() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))
    assert acting(enc) == ["ayla"]
    assert order.choices(enc) == ["bram", "orc", "gob"]
    assert [n.text for n in order.choose_next(enc, "gob")] == ["Gob will go next"]
    enc.advance(order, ctx())
    assert acting(enc) == ["gob"]
    assert order.columns(enc) == {"Yet to go": ["bram", "orc", "gob"], "Already gone": ["ayla"]}


def test_popcorn_refuses_a_pick_of_someone_who_has_gone() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))
    enc.advance(order, ctx())
    with pytest.raises(EncounterError, match="Ayla cannot be picked now"):
        order.choose_next(enc, "ayla")


def test_popcorn_without_a_pick_passes_to_the_other_side() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))
    enc.advance(order, ctx())
    assert acting(enc) == ["orc"]


def test_popcorn_a_harmed_waiting_combatant_must_go_next() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))  # ayla acts
    order.on_harm(enc, "gob")
    order.on_harm(enc, "ayla")  # the actor itself is not waiting: ignored
    assert order.choices(enc) == ["gob"]
    with pytest.raises(EncounterError, match="Orc cannot be picked now"):
        order.choose_next(enc, "orc")
    enc.advance(order, ctx())
    assert acting(enc) == ["gob"]
    assert order.choices(enc) == ["bram", "orc"]  # the harm was this turn's only


def test_popcorn_surge_when_only_one_side_is_left_then_a_new_round() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))  # ayla
    order.choose_next(enc, "bram")
    enc.advance(order, ctx())  # bram: now only foes are yet to go
    notices = enc.advance(order, ctx())
    step = enc.current
    assert step is not None and step.phase == "surge" and step.label == "surge"
    assert step.actors == ["orc", "gob"]
    assert notices[-1].text == "Orc, Gob"
    notices = enc.advance(order, ctx(dice=[2, 9]))
    assert enc.round == 2 and acting(enc) == ["orc"]
    assert [n.text for n in notices][:2] == ["Round 2", "Side foes wins the opening (9)"]
    assert order.columns(enc) == {"Yet to go": ["ayla", "bram", "orc", "gob"], "Already gone": []}


def test_popcorn_the_acting_combatant_is_not_a_choice_even_when_harmed() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))  # ayla acts, and is hurt by a reaction
    order.on_harm(enc, "ayla")
    assert order.choices(enc) == ["bram", "orc", "gob"]
    order.choose_next(enc, "orc")
    enc.advance(order, ctx())
    assert acting(enc) == ["orc"]


def test_popcorn_a_combatant_knocked_out_is_never_picked() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))  # ayla acts and drops the orc
    order.on_harm(enc, "orc")
    enc.set_out("orc")
    assert order.choices(enc) == ["bram", "gob"]
    with pytest.raises(EncounterError, match="Orc cannot be picked now"):
        order.choose_next(enc, "orc")
    enc.advance(order, ctx())
    assert acting(enc) == ["gob"]
    enc.advance(order, ctx())  # only bram is left able to act: he goes, not a surge with the orc
    assert enc.current is not None and enc.current.actors == ["bram"]


def test_popcorn_hold_of_the_only_actor_then_next_picks_someone() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))
    enc.hold("ayla")
    assert enc.current is None
    order.choose_next(enc, "orc")
    enc.advance(order, ctx())
    assert acting(enc) == ["orc"]
    enc.advance(order, ctx())
    assert enc.current is not None and enc.round == 1


def test_popcorn_a_joiner_waits_to_be_picked() -> None:
    enc = popcorn_fight()
    order = Popcorn()
    enc.start(order, ctx(dice=[20, 1]))
    enc.add(Combatant(id="wolf", name="Wolf", side="beasts"), order, ctx())
    assert "wolf" in order.choices(enc)
    order.choose_next(enc, "wolf")
    enc.advance(order, ctx())
    assert acting(enc) == ["wolf"]


def test_popcorn_one_side_only_surges_at_once() -> None:
    enc = encounter(("ayla", "pcs"), ("bram", "pcs"))
    order = Popcorn()
    context = ctx()
    enc.start(order, context)
    assert context.rolls == []
    assert plan(enc) == [["ayla", "bram"]]
    assert enc.steps[0].phase == "surge"


def test_steps_are_plain_models() -> None:
    assert Step(actors=["a"]).phase == ""
