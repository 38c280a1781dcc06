"""A whole Torg round from the command line, on a copy of the demo (round 2 of the ambush).

`stack` puts a chosen card on top of the live deck (a GM stacking the deck for the test), so
each test knows which card the next `next` flips."""

from __future__ import annotations

from gmconsole.engine.checks import CheckRequest
from gmconsole.store import Session
from gmconsole.systems.torg import bonus
from gmconsole.systems.torg.cards import stand_in_deck
from gmconsole.systems.torg.odds import chance_of_success

DECK = stand_in_deck()
HEROES = ("quinn", "tolwyn", "helena", "kaatok", "ruiz")
VILLAINS = ("edeinos-1", "edeinos-2", "edeinos-3")


def stack(s: Session, card: int) -> None:
    deck = s.encounter.state["deck"]
    for pile in (deck["draw_pile"], deck["discard"]):
        if card in pile:
            pile.remove(card)
    deck["draw_pile"].insert(0, card)


def sheet(s: Session, who: str):
    return s.resolve(who).sheet


def finish_round(s: Session) -> None:
    """`next` until the next round has begun (bounded)."""
    start = s.encounter.round
    for _ in range(30):
        s.execute("next")
        if s.encounter.round > start:
            return
    raise AssertionError("the round never ended")


def card_where(test) -> int:
    return next(c.id for c in DECK.cards.values() if test(c))


def test_a_round_under_a_fatigue_card_orders_sides_and_tires_the_heroes(demo: Session) -> None:
    card = card_where(lambda c: c.standard.initiative == "hero" and c.standard.hero == ("fatigue",))
    stack(demo, card)
    shock = {w: sheet(demo, w).damage.shock for w in HEROES + VILLAINS}
    finish_round(demo)
    enc = demo.encounter
    assert enc.round == 3 and demo.order.effects(enc).card == card
    assert demo.order.header(enc)[0].startswith(f"#{card} ")
    penalty = {"quinn": 3, "tolwyn": 3}  # kevlar and chain mail carry an armour fatigue penalty
    for w in HEROES:
        assert sheet(demo, w).damage.shock == shock[w] + penalty.get(w, 2), w
    for w in VILLAINS:
        assert sheet(demo, w).damage.shock == shock[w], w
    order = [step.actors[0] for step in enc.steps]
    labels = [step.label for step in enc.steps]
    assert labels == ["Heroes"] * 5 + ["Villains"] * 2  # heroes first; Edeinos 1 is out
    dex = [demo.system.stat(sheet(demo, w), "dex") for w in order[:5]]
    assert dex == sorted(dex, reverse=True) and set(order[:5]) == set(HEROES)
    assert enc.current.actors == [order[0]]
    last = demo.log[-1].text
    assert "Heroes are fatigued" in last and "Quinn Reyes fatigued, 3 shock" in last
    demo.execute("undo")  # the flip, the fatigue and the new order go back together
    assert demo.encounter.round == 2 and demo.order.effects(demo.encounter).card != card
    assert all(sheet(demo, w).damage.shock == shock[w] for w in HEROES)
    assert demo.order.deck_state(demo.encounter).draw_pile[0] == card


def test_a_dramatic_scene_reads_the_d_line_villains_flurry_first(demo: Session) -> None:
    card = card_where(lambda c: c.dramatic.initiative == "villain" and "flurry" in c.dramatic.villain)
    demo.execute("set scene dramatic")
    stack(demo, card)
    finish_round(demo)
    labels = [step.label for step in demo.encounter.steps]
    # Edeinos 1 is out: two villains, twice (flurry), then the five heroes
    assert labels == ["Villains"] * 2 + ["Villains (flurry)"] * 2 + ["Heroes"] * 5
    assert demo.order.header(demo.encounter)[0].endswith("· dramatic")


def test_up_is_marked_on_the_side_used_by_the_roll_and_gone_at_round_end(demo: Session) -> None:
    card = card_where(lambda c: c.standard.hero == ("up",) and "up" not in c.standard.villain)
    stack(demo, card)
    finish_round(demo)
    assert sheet(demo, "quinn").this_round == ["up"] and sheet(demo, "edeinos-2").this_round == []
    flag = demo.system.status(sheet(demo, "quinn")).flags
    assert "up" in flag
    # the up roll takes the next die: 8, then 12 for the up roll
    event = demo.execute("check quinn fire combat dice 8 12 vs 12")
    assert event.data["detail"]["final_die_roll"] == 20 and event.data["detail"]["up_used"]
    assert sheet(demo, "quinn").this_round == []
    demo.execute("undo")
    assert sheet(demo, "quinn").this_round == ["up"]
    stack(demo, card_where(lambda c: not c.standard.hero))
    finish_round(demo)
    assert sheet(demo, "quinn").this_round == [] and sheet(demo, "tolwyn").this_round == []
    assert "Quinn Reyes no longer up" in demo.log[-1].text


def test_hero_inspiration_clears_shock_and_draws_each_player_a_card(demo: Session) -> None:
    card = card_where(lambda c: c.standard.hero == ("inspiration",))
    stack(demo, card)
    hands = {w: len(sheet(demo, w).held.hand) for w in ("quinn", "tolwyn", "helena", "kaatok")}
    finish_round(demo)
    for w, n in hands.items():
        assert len(sheet(demo, w).held.hand) == n + 1, w
    assert sheet(demo, "tolwyn").damage.shock == 0 and sheet(demo, "kaatok").damage.shock == 0
    assert sheet(demo, "kaatok").damage.wounds == 1  # inspiration heals shock and K/O, not wounds
    assert sheet(demo, "ruiz").cards is None  # an Ord ally is no player: no cards


def test_the_odds_before_rolling_are_the_exact_odds_function(demo: Session) -> None:
    quinn = sheet(demo, "quinn")
    value = quinn.skill_value("fire_combat")
    plain = demo.odds("quinn", CheckRequest(option="fire combat", difficulty=12))
    assert plain.success == chance_of_success(value, 12, possibility_rated=True, skilled=True).success
    poss = demo.odds("quinn", CheckRequest(option="fire poss", difficulty=16, modifiers=-2))
    exact = chance_of_success(value, 16, possibility_rated=True, skilled=True, modifiers=-2, possibility=True)
    assert poss.success == exact.success and poss.success > plain.success - 1
    ruiz = demo.odds("ruiz", CheckRequest(option="dodge", difficulty=11))
    assert ruiz.success == chance_of_success(10, 11, possibility_rated=False, skilled=True).success


def test_a_check_with_a_possibility_spent_logs_outcome_and_result_points(demo: Session) -> None:
    before = sheet(demo, "helena").possibilities.count
    event = demo.execute("check helena find poss dice 3 15 vs 14")
    data = event.data
    assert data["success"] is True and data["outcome"].startswith("good success")
    assert data["detail"]["result_points"] == "3" and data["detail"]["possibilities_spent"] == 1
    assert [d["face"] for d in data["dice"]] == [3, 15]
    helena = sheet(demo, "helena")
    assert helena.possibilities.count == before - 1
    assert helena.possibilities.history[-1].reason.startswith("extra roll: find")
    assert "spends a Possibility" in event.text
    demo.execute("undo")
    assert sheet(demo, "helena").possibilities.count == before


def test_a_possibility_is_kept_when_the_roll_already_succeeds(demo: Session) -> None:
    before = sheet(demo, "helena").possibilities.count
    event = demo.execute("check helena find poss dice 18 vs 14")
    assert event.data["detail"]["possibilities_spent"] == 0
    assert sheet(demo, "helena").possibilities.count == before


def test_typed_dice_through_the_session_api(demo: Session) -> None:
    event = demo.check("tolwyn", CheckRequest(option="melee_weapons", difficulty=13), dice=[10, 7])
    assert event.data["detail"]["final_die_roll"] == 17  # a 10 is rolled again
    assert event.data["total"] == 13 + bonus(17) == 17
    assert event.data["margin"] == 4 and event.data["outcome"] == "good success (4)"
