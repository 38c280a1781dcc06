"""The encounter state machine: rounds, steps, condition ticks, acting out of order.

Most tests use `GMOrder` (no dice: combatants act in list order) so the expected plan is obvious;
initiative dice are covered at the end and strategy by strategy in test_turn_order.py.
"""

from __future__ import annotations

import random

import pytest

from gmconsole.engine.encounter import Combatant, Condition, Encounter, EncounterError, Step
from gmconsole.engine.turn_order import GMOrder, RolledEachRound, RoundContext


def ctx(dice: list[int] | None = None, stats: dict[str, dict[str, int]] | None = None) -> RoundContext:
    table = stats or {}
    return RoundContext(
        rng=random.Random(7),
        dice=list(dice or []),
        stat=lambda c, name: table.get(c.id, {}).get(name, 0),
    )


def encounter(*names: str) -> Encounter:
    return Encounter(
        name="Ambush",
        order="gm",
        combatants=[Combatant(id=n.lower().replace(" ", ""), name=n) for n in names],
    )


def acting(enc: Encounter) -> list[str]:
    return [c.id for c in enc.acting]


def plan(enc: Encounter) -> list[list[str]]:
    return [s.actors for s in enc.steps]


def texts(notices) -> list[str]:
    return [n.text for n in notices]


ORDER = GMOrder()


# ---------------------------------------------------------------------- starting and advancing


def test_start_plans_round_one_and_begins_the_first_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    notices = enc.start(ORDER, ctx())
    assert enc.round == 1 and enc.started
    assert plan(enc) == [["ayla"], ["bram"], ["cole"]]
    assert acting(enc) == ["ayla"]
    assert texts(notices) == ["Round 1", "Ayla"]
    assert [s.actors for s in enc.upcoming()] == [["bram"], ["cole"]]


def test_start_refuses_an_empty_or_started_encounter() -> None:
    with pytest.raises(EncounterError, match="add combatants"):
        Encounter(name="Empty").start(ORDER, ctx())
    enc = encounter("Ayla")
    enc.start(ORDER, ctx())
    with pytest.raises(EncounterError, match="already started"):
        enc.start(ORDER, ctx())


def test_advance_before_the_start_starts() -> None:
    enc = encounter("Ayla", "Bram")
    enc.advance(ORDER, ctx())
    assert enc.round == 1 and acting(enc) == ["ayla"]


def test_advance_walks_the_steps_then_rolls_into_the_next_round() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    assert texts(enc.advance(ORDER, ctx())) == ["Bram"]
    notices = enc.advance(ORDER, ctx())
    assert texts(notices) == ["Round 2", "Ayla"]
    assert enc.round == 2 and enc.pointer == 0 and acting(enc) == ["ayla"]


def test_a_hold_does_not_carry_into_the_next_round() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.hold("ayla")
    assert enc.get("ayla").status == "held"
    enc.advance(ORDER, ctx())  # Bram's turn ends: round 2
    assert enc.round == 2
    assert enc.get("ayla").status == "active"
    assert acting(enc) == ["ayla"]


def test_back_steps_within_the_round_only() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    with pytest.raises(EncounterError, match="first step"):
        enc.back()
    enc.advance(ORDER, ctx())
    assert texts(enc.back()) == ["Back to Ayla"]
    assert acting(enc) == ["ayla"] and enc.round == 1


# ---------------------------------------------------------------------- conditions


def test_condition_ending_at_the_end_of_the_bearers_own_turn() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.add_condition("bram", Condition(name="Prone", rounds=1, expires="end"))
    assert texts(enc.advance(ORDER, ctx())) == ["Bram"]  # Bram's turn starts: nothing yet
    assert enc.get("bram").conditions
    notices = enc.advance(ORDER, ctx())  # Bram's turn ends
    assert notices[0].kind == "expired" and notices[0].text == "Prone wears off Bram"
    assert notices[0].who == "bram"
    assert enc.get("bram").conditions == []


def test_condition_ticking_at_the_start_of_another_combatants_turn() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    # Ayla's spell holds Bram until the start of Ayla's next turn, twice over.
    enc.add_condition("bram", Condition(name="Held", rounds=2, expires="start", on="ayla"))
    enc.advance(ORDER, ctx())  # Bram
    enc.advance(ORDER, ctx())  # Cole
    notices = enc.advance(ORDER, ctx())  # round 2, Ayla starts: first tick
    assert "Held wears off Bram" not in texts(notices)
    assert enc.get("bram").conditions[0].rounds == 1
    for _ in range(3):
        notices = enc.advance(ORDER, ctx())
    assert enc.round == 3 and acting(enc) == ["ayla"]
    assert "Held wears off Bram" in texts(notices)
    assert enc.get("bram").conditions == []


def test_condition_ticking_at_the_end_of_the_round() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.add_condition("ayla", Condition(name="Blessed", rounds=1, expires="round"))
    assert enc.advance(ORDER, ctx())[0].text == "Bram"
    notices = enc.advance(ORDER, ctx())
    assert texts(notices) == ["Blessed wears off Ayla", "Round 2", "Ayla"]


def test_condition_without_duration_lasts_until_removed() -> None:
    enc = encounter("Ayla")
    enc.start(ORDER, ctx())
    enc.add_condition("ayla", Condition(name="Cursed"))
    for _ in range(5):
        enc.advance(ORDER, ctx())
    assert [k.name for k in enc.get("ayla").conditions] == ["Cursed"]
    assert texts(enc.remove_condition("ayla", "cursed")) == ["cursed removed from Ayla"]
    with pytest.raises(EncounterError, match="no condition"):
        enc.remove_condition("ayla", "cursed")


def test_adding_a_condition_again_replaces_it_and_checks_whose_turn_counts() -> None:
    enc = encounter("Ayla", "Bram")
    enc.add_condition("ayla", Condition(name="Prone", rounds=1))
    notices = enc.add_condition("ayla", Condition(name="prone", rounds=3))
    assert texts(notices) == ["Ayla is prone for 3 round(s)"]
    assert [(k.name, k.rounds) for k in enc.get("ayla").conditions] == [("prone", 3)]
    with pytest.raises(EncounterError, match="no combatant 'zed'"):
        enc.add_condition("ayla", Condition(name="Marked", on="zed"))


def test_removing_a_combatant_drops_conditions_timed_on_their_turn() -> None:
    enc = encounter("Ayla", "Bram")
    enc.add_condition("bram", Condition(name="Held", rounds=1, expires="start", on="ayla"))
    enc.add_condition("bram", Condition(name="Prone", rounds=1))
    enc.remove("ayla")
    assert [k.name for k in enc.get("bram").conditions] == ["Prone"]


# ---------------------------------------------------------------------- hold, ready, act now, delay


def test_hold_takes_the_actor_out_of_the_step_and_act_now_brings_it_back() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    assert texts(enc.hold()) == ["Ayla holds", "Bram"]  # Bram's turn begins
    assert acting(enc) == ["bram"]
    assert texts(enc.act_now("ayla")) == ["Ayla acts now"]
    assert enc.get("ayla").status == "active"
    assert acting(enc) == ["ayla"]
    assert plan(enc)[enc.pointer + 1] == ["bram"]  # the interrupted step comes next
    enc.advance(ORDER, ctx())
    assert acting(enc) == ["bram"]
    enc.advance(ORDER, ctx())
    assert acting(enc) == ["cole"]


def test_hold_refuses_someone_who_is_not_acting_and_an_unnamed_hold_in_a_shared_step() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    with pytest.raises(EncounterError, match="not acting now"):
        enc.hold("bram")
    enc.act_now("bram", join=True)
    with pytest.raises(EncounterError, match="name the combatant"):
        enc.hold()


def test_ready_waits_for_a_trigger() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    notices = enc.ready(None, "when the door opens")
    assert texts(notices) == ["Ayla readies: when the door opens", "Bram"]
    ayla = enc.get("ayla")
    assert ayla.status == "ready" and ayla.trigger == "when the door opens"
    enc.act_now("ayla")
    assert ayla.status == "active" and ayla.trigger == ""


def test_act_now_joining_the_acting_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    notices = enc.act_now("cole", join=True)
    assert notices[0].text == "Cole acts together with the current step"
    assert acting(enc) == ["ayla", "cole"]
    assert plan(enc) == [["ayla", "cole"], ["bram"]]  # Cole's own later step is gone
    enc.advance(ORDER, ctx())
    enc.advance(ORDER, ctx())
    assert enc.round == 2


def test_act_now_refuses_a_combatant_who_is_out() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.set_out("bram")
    with pytest.raises(EncounterError, match="out of the fight"):
        enc.act_now("bram")


def test_act_now_after_the_plan_is_exhausted_adds_a_step() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.advance(ORDER, ctx())
    enc.hold("bram")  # the last step empties: nothing is acting
    assert enc.current is None
    enc.act_now("bram")
    assert acting(enc) == ["bram"]


def test_delay_moves_a_turn_after_another_combatants_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    assert texts(enc.delay("ayla", "cole")) == ["Ayla delays until after Cole", "Bram"]
    assert plan(enc) == [["bram"], ["cole"], ["ayla"]]
    assert acting(enc) == ["bram"]
    assert enc.steps[-1].label == "delayed"


def test_delay_of_a_later_combatant_and_a_target_with_no_step_left() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    enc.delay("bram", "cole")
    assert plan(enc) == [["ayla"], ["cole"], ["bram"]]
    enc.advance(ORDER, ctx())
    with pytest.raises(EncounterError, match="Ayla has no step left"):
        enc.delay("cole", "ayla")


# ---------------------------------------------------------------------- joining and leaving


def test_remove_a_later_combatant_mid_round() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    assert texts(enc.remove("bram")) == ["Bram leaves the encounter"]
    assert plan(enc) == [["ayla"], ["cole"]]
    enc.advance(ORDER, ctx())
    assert acting(enc) == ["cole"]


def test_remove_an_earlier_combatant_keeps_the_acting_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    enc.advance(ORDER, ctx())
    enc.remove("ayla")
    assert acting(enc) == ["bram"]
    enc.advance(ORDER, ctx())
    assert acting(enc) == ["cole"]


def test_remove_the_acting_combatant_moves_on_to_the_next_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    enc.advance(ORDER, ctx())
    enc.remove("bram")
    assert acting(enc) == ["cole"]
    enc.advance(ORDER, ctx())
    assert enc.round == 2 and acting(enc) == ["ayla"]
    with pytest.raises(EncounterError, match="no combatant 'bram'"):
        enc.get("bram")


def test_remove_the_last_acting_combatant_of_the_round() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.advance(ORDER, ctx())
    enc.remove("bram")
    assert enc.current is None
    enc.advance(ORDER, ctx())
    assert enc.round == 2 and acting(enc) == ["ayla"]


def test_add_mid_round_joins_at_the_end_of_the_round_by_default() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    notices = enc.add(Combatant(id="dax", name="Dax"), ORDER, ctx())
    assert texts(notices) == ["Dax joins the encounter"]
    assert plan(enc) == [["ayla"], ["bram"], ["dax"]]
    assert enc.steps[-1].label == "joined"
    with pytest.raises(EncounterError, match="already in the encounter"):
        enc.add(Combatant(id="dax", name="Dax again"))


def test_add_before_the_start_only_lists_the_combatant() -> None:
    enc = encounter("Ayla")
    enc.add(Combatant(id="bram", name="Bram"), ORDER, ctx())
    assert enc.steps == []
    enc.start(ORDER, ctx())
    assert plan(enc) == [["ayla"], ["bram"]]


def test_set_out_leaves_a_combatant_out_of_the_next_round_and_back_in() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    assert texts(enc.set_out("bram")) == ["Bram is out"]
    enc.advance(ORDER, ctx())
    enc.advance(ORDER, ctx())
    assert enc.round == 2 and plan(enc) == [["ayla"]]
    assert texts(enc.set_out("bram", out=False)) == ["Bram is back in"]
    enc.advance(ORDER, ctx())
    assert plan(enc) == [["ayla"], ["bram"]]


def test_new_id_counts_up_past_taken_ids() -> None:
    enc = encounter("Orc")
    assert enc.new_id("goblin") == "goblin"
    assert enc.new_id("orc") == "orc-2"
    enc.add(Combatant(id="orc-2", name="Orc 2"))
    assert enc.new_id("orc") == "orc-3"


# ---------------------------------------------------------------------- finding combatants


def test_find_by_id_name_and_unique_prefix() -> None:
    enc = Encounter(
        name="Ambush",
        combatants=[
            Combatant(id="ayla", name="Ayla"),
            Combatant(id="orc-1", name="Orc 1"),
            Combatant(id="orc-2", name="Orc 2"),
        ],
    )
    assert enc.find("ORC 2").id == "orc-2"
    assert enc.find("orc-1").id == "orc-1"
    assert enc.find("orc2").id == "orc-2"
    assert enc.find("ay").id == "ayla"
    with pytest.raises(EncounterError, match="'orc' is ambiguous: Orc 1, Orc 2"):
        enc.find("orc")
    with pytest.raises(EncounterError, match="no combatant matches 'zed'"):
        enc.find("zed")


# ---------------------------------------------------------------------- typed initiative dice


def test_initiative_dice_typed_by_hand_decide_the_order() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    order = RolledEachRound(sides=20, stat="initiative")
    context = ctx(dice=[4, 17, 9], stats={"ayla": {"initiative": 2}})
    notices = enc.start(order, context)
    assert [c.initiative for c in enc.combatants] == [6, 17, 9]
    assert plan(enc) == [["bram"], ["cole"], ["ayla"]]
    assert texts(notices)[:4] == ["Round 1", "Ayla rolls 6", "Bram rolls 17", "Cole rolls 9"]
    assert [(r.who, r.dice, r.modifier, r.total) for r in context.rolls] == [
        ("ayla", (4,), 2, 6),
        ("bram", (17,), 0, 17),
        ("cole", (9,), 0, 9),
    ]
    assert context.dice == []


def test_an_impossible_typed_die_is_refused() -> None:
    enc = encounter("Ayla")
    with pytest.raises(EncounterError, match="typed die 21 is impossible on a d20"):
        enc.start(RolledEachRound(sides=20), ctx(dice=[21]))


def test_typed_dice_run_out_into_the_injected_rng() -> None:
    a = encounter("Ayla", "Bram")
    b = encounter("Ayla", "Bram")
    a.start(RolledEachRound(), RoundContext(rng=random.Random(3), dice=[11]))
    b.start(RolledEachRound(), RoundContext(rng=random.Random(3), dice=[11]))
    assert a.get("ayla").initiative == 11
    assert a.get("bram").initiative == b.get("bram").initiative


def test_step_models_round_trip_through_json() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.add_condition("ayla", Condition(name="Prone", rounds=2, expires="start", on="bram"))
    again = Encounter.model_validate_json(enc.model_dump_json())
    assert again == enc
    assert isinstance(again.steps[0], Step)


# ---------------------------------------------------------------------- whose turn begins when


def test_the_step_after_a_hold_begins_at_once_and_resumes_without_ticking_twice() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    enc.add_condition("bram", Condition(name="Dodging", rounds=1, expires="start"))
    enc.add_condition("cole", Condition(name="Pinned", rounds=2, expires="start", on="bram"))
    assert texts(enc.hold(order=ORDER)) == ["Ayla holds", "Bram", "Dodging wears off Bram"]
    assert enc.get("cole").conditions[0].rounds == 1
    # Ayla interrupts Bram; her own turn had started, so nothing of hers ticks again.
    assert texts(enc.act_now("ayla")) == ["Ayla acts now"]
    assert texts(enc.advance(ORDER, ctx())) == ["Bram"]  # Bram resumes
    assert enc.get("cole").conditions[0].rounds == 1  # not ticked a second time
    enc.advance(ORDER, ctx())
    assert acting(enc) == ["cole"]


def test_ready_also_begins_the_next_step() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    assert texts(enc.ready("ayla", "the door opens", order=ORDER)) == [
        "Ayla readies: the door opens",
        "Bram",
    ]


def test_removing_the_acting_combatant_begins_the_next_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    enc.add_condition("bram", Condition(name="Dodging", rounds=1, expires="start"))
    notices = enc.remove("ayla", order=ORDER)
    assert texts(notices) == ["Ayla leaves the encounter", "Bram", "Dodging wears off Bram"]


def test_delaying_the_acting_combatant_begins_the_next_step() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    notices = enc.delay("ayla", "bram", order=ORDER)
    assert texts(notices) == ["Ayla delays until after Bram", "Bram"]
    assert plan(enc) == [["bram"], ["ayla"], ["cole"]]


def test_acting_now_ahead_of_ones_own_step_starts_ones_turn() -> None:
    enc = encounter("Ayla", "Bram", "Cole")
    enc.start(ORDER, ctx())
    enc.add_condition("cole", Condition(name="Dodging", rounds=1, expires="start"))
    assert texts(enc.act_now("cole")) == ["Cole acts now", "Dodging wears off Cole"]
    assert plan(enc) == [["cole"], ["ayla"], ["bram"]]


def test_joining_the_acting_step_ahead_of_ones_own_starts_ones_turn() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.add_condition("bram", Condition(name="Dodging", rounds=1, expires="start"))
    notices = enc.act_now("bram", join=True)
    assert texts(notices) == ["Bram acts together with the current step", "Dodging wears off Bram"]


def test_back_then_next_does_not_tick_the_start_of_a_turn_again() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.add_condition("bram", Condition(name="Pinned", rounds=3, expires="start"))
    enc.advance(ORDER, ctx())
    assert enc.get("bram").conditions[0].rounds == 2
    enc.back()
    enc.advance(ORDER, ctx())
    assert enc.get("bram").conditions[0].rounds == 2


def test_next_after_the_last_actor_holds_goes_to_a_new_round() -> None:
    enc = encounter("Ayla", "Bram")
    enc.start(ORDER, ctx())
    enc.advance(ORDER, ctx())
    enc.hold("bram", order=ORDER)
    assert enc.current is None
    enc.advance(ORDER, ctx())
    assert enc.round == 2 and acting(enc) == ["ayla"]
