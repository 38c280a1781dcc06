"""Mythmagica: the spec's worked examples (section 6) not already covered in test_rules.py.

Each test is named after the example id (EX-nn, or Pn for the Pegasus trace) and uses the
book's numbers. Where the book contradicts itself the test follows the spec's recommended
ruling and its docstring says so.
"""

from __future__ import annotations

import random

import pytest

from gmconsole.systems.base import Scene
from gmconsole.systems.mythmagica import (
    boss_swings,
    conflict_result,
    damage,
    glory_status,
    guts_cost,
    kept_die,
    minor_refresh,
    rank_bonus,
    raw_rank,
)
from gmconsole.systems.mythmagica import procedures as P
from gmconsole.systems.mythmagica.actions import perform
from gmconsole.systems.mythmagica.booktables import named_rows, table_rows
from gmconsole.systems.mythmagica.rules import (
    BASICS,
    derived_attributes,
    group_edges,
    mixed_damage,
    setback,
)
from gmconsole.systems.mythmagica.sheet import MythmagicaSheet

# ---------------------------------------------------------------- 6.1 building and advancement


def test_example_EX13_highest_degree_per_weapon() -> None:
    """Fool is Versed (+2) in all Range weapons; Blithering Idiot adds Specialized (+3) in the
    Undersize Slingshot and thrown rocks. The slingshot's rank rises by 1 (5 -> 6); other Range
    weapons stay at +2."""
    raw = raw_rank(32, 8)  # raw rank 3 in the slingshot (8 + 8 + 16 XP)
    assert raw + rank_bonus(["Versed"]) == 5
    assert raw + rank_bonus(["Versed", "Specialized"]) == 6
    assert rank_bonus(["Specialized"]) == 3  # thrown rocks of any relative size
    assert rank_bonus(["Versed"]) == 2  # any other Range weapon


# ---------------------------------------------------------------- 6.3 swarm rows the table skips


@pytest.mark.parametrize(
    ("ident", "level", "basics", "expected"),
    [  # T34 rows Fit and Superb: the spec's acceptance list numbers the swarm rows EX-26..EX-32
        ("EX28", 4, (0, 2, 1, 0, 2, -2, -6), (38, 32, 0, 30, 11, 7, 19, 20)),
        ("EX32", 12, (3, 3, 2, 0, 4, -2, -5), (54, 38, 1, 40, 21, 8, 31, 33)),
    ],
    ids=["EX28", "EX32"],
)
def test_example_EX28_EX32_swarm_rows(
    ident: str, level: int, basics: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    """Stability is 10 + TN + PC (the ruling these stat blocks confirm); SP is Raw Speed - 10."""
    b = dict(zip(BASICS, basics, strict=True))
    d = derived_attributes(b)
    got = (
        d["HP"],
        d["FP"],
        d["natural_ward"],
        d["raw_speed"] - 10,
        level + d["VG"] + 4,
        5 + max(0, b["ST"]),
        level + d["RD"] + 4,
        level + d["RS"] + 4,
    )
    assert got == expected


# ---------------------------------------------------------------- 6.4 core resolution


def test_example_EX46_impeded_group_drawbacks() -> None:
    assert [group_edges(n) for n in (2, 3, 4)] == [1, 1, 2]
    # an impeded group of 4 rolls with two drawbacks: three dice, keep the lowest
    assert kept_die([12, 5, 18], -group_edges(4)) == 5


def test_example_EX47_group_size_edges_cancel() -> None:
    net = 2 - 1  # attackers' two size edges against the defenders' one
    assert net == 1
    assert kept_die([7, 15], net) == 15


# ---------------------------------------------------------------- 6.5 combat


def test_example_EX69_mixed_attack_as_one_blow() -> None:
    """A Beak/Claw line of 9 is one blow: each landed mixed attack deals 9 (before margin)."""
    assert mixed_damage([9]) == 9
    assert damage(9, 0, 0, 0) == 9


# ---------------------------------------------------------------- 6.6 the Pegasus trace


def test_example_P1_rural_stealth_threshold() -> None:
    assert 10 + 6 + 2 == 18  # 10 + highest opposing Level + its PC
    assert conflict_result(10, 4, 10 + 6 + 2).success is False


def test_example_P2_sneaking_bonus() -> None:
    rank, grace = 1, 3
    assert rank + grace == 4


def test_example_P3_group_of_two_observers() -> None:
    """Two horses observing as a group earn one Edge, i.e. one Drawback for Bob."""
    assert group_edges(2) == 1
    assert kept_die([10, 20], -group_edges(2)) == 10


def test_example_P7_stallion_struggles_and_fails() -> None:
    threshold = 10 + 3 + 8  # Bob's ST + Level
    r = conflict_result(5, 6 + 8, threshold)
    assert threshold == 21 and r.total == 19 and r.margin == -2 and r.success is False


def test_example_P10_melee_lasso_setback() -> None:
    r = conflict_result(16, 14, 28)
    assert (r.total, r.margin) == (30, 2)
    assert setback(10, 2, r.margin) == 14


def test_example_P16_guts_bought_lasso_hold() -> None:
    """Bob bought a bare success (margin +1) with 11 Guts: the grip holds; a bought bare success
    on the lasso's maintenance roll deals no Setback (rule of that weapon, applied by the GM)."""
    r = conflict_result(4, 14, 28)
    assert r.success is False and guts_cost(r.total, 28) == 11


def test_example_P17_trait_reward_minor_refresh() -> None:
    assert glory_status(33) == 5
    assert minor_refresh(33) == 31


def test_example_P20_stallion_captured() -> None:
    """Total Fettering Setback follows the rulings: P19 includes Craftiness (36, not 32)."""
    p6 = setback(10, 2, conflict_result(18, 14, 28).margin)
    p10 = setback(10, 2, conflict_result(16, 14, 28).margin)
    p19 = 2 * setback(10, 2, conflict_result(20, 14, 28).margin)
    assert (p6, p10, p19) == (16, 14, 36)
    assert p6 + p10 + p19 == 66
    # not Overcome after P10, so the stallion's FP exceed 30
    assert p6 + p10 == 30


# ================================================================ helpers from procedures.py


def test_example_EX09_blithering_setback_cost() -> None:
    """Setback Cost "10 - IN (min 1)" with IN 4 is 6 (paid after the Action completes)."""
    assert P.ability_setback_cost(10, 4) == 6
    assert P.ability_setback_cost(10, 12) == 1


def test_example_EX10_blithering_confusion_setback() -> None:
    """DERIVED numbers: rank 5, CH 2 => Threshold 17; target Level 3, IN 1 rolls 8 => 12,
    margin -5; Deluding Setback 3 + |margin| = 8 (the ruling: harm to the loser uses the
    absolute margin)."""
    threshold = 10 + 5 + 2
    r = conflict_result(8, 3 + 1, threshold)
    assert (threshold, r.total, r.margin, r.success) == (17, 12, -5, False)
    assert P.harm_from_margin(3, r.margin) == 8


def test_example_EX15_odd_level_bonus_abilities() -> None:
    assert [P.bonus_abilities(lvl) for lvl in (0, 1, 2, 3, 4, 5)] == [0, 1, 1, 2, 2, 3]


# ---------------------------------------------------------------- 6.2 derived statistics


def test_example_EX25_speed_and_travel() -> None:
    """DERIVED arithmetic: 90 ft at Speed 30 takes 3 Rounds; 30 ft/Round ~ 3 mph, 20 ~ 2 mph."""
    assert P.rounds_to_cover(90, 30) == 3
    assert P.speed_mph(30) == 3 and P.speed_mph(20) == 2


# ---------------------------------------------------------------- 6.4 core resolution


def test_example_EX38_challenging_task_level() -> None:
    """DERIVED: a Challenging fiat task (Threshold 15) counts as Difficulty Level 5."""
    assert P.fiat_threshold("Challenging") == 15
    assert P.difficulty_level(P.fiat_threshold("Challenging")) == 5


def test_example_EX39_same_attribute_modifiers_do_not_stack() -> None:
    """Artifact ST +2 and Mental Strength ST +3: only +3 applies."""
    assert P.strongest_modifier([2, 3]) == 3
    assert P.strongest_modifier([]) == 0


def test_example_EX49_long_climb_drawbacks() -> None:
    assert [P.climb_drawbacks(ft) for ft in (20, 30, 60, 100)] == [0, 1, 2, 3]
    # the book's bands: 21-40 one, 41-80 two
    assert [P.climb_drawbacks(ft) for ft in (21, 40, 41, 80, 81)] == [1, 1, 2, 2, 3]


def test_example_EX50_EX51_jump_thresholds() -> None:
    assert P.jump_threshold(15) == 20
    assert P.jump_threshold(10, vertical=True) == 25


def test_example_EX54_bidding_war() -> None:
    """A roll that "fell 5 points shy of succeeding" opens at 5 (read as "needs 5 more", the
    ruling on the Guts cost wording); the counter-bid must be at least 6; the first bidder can
    win with counter + 1, e.g. 7."""
    total, threshold = 14, 18  # needs 5 more
    opening = guts_cost(total, threshold)
    assert opening == 5
    assert P.min_counter_bid(opening) == 6
    assert P.winning_rebid(6) == 7


# ---------------------------------------------------------------- 6.5 combat


def test_example_EX58_internal_damage_against_living_target() -> None:
    r = conflict_result(16, 12, 22)
    assert (r.total, r.margin) == (28, 6)
    assert P.internal_damage(r.margin) == 6
    assert P.internal_damage(r.margin, has_organs=False) == 0


def test_example_EX59_no_internal_damage_three_sizes_up() -> None:
    assert P.internal_damage(6, weapon_size="Small", target_size="Great") == 0
    assert P.internal_damage(6, weapon_size="Small", target_size="Large") == 6


def test_example_EX63_boss_swing_after_moving() -> None:
    """The first swing kills; the next foe is 10 ft away. The attacker may move between swings,
    so the earned second swing is still taken if a Move remains (2 of Speed 30's 6 steps)."""
    assert boss_swings(7, [2, 2]) == 3  # the second swing at Level 2 earns a third
    assert P.steps_per_move(30) >= 10 // 5


def test_example_EX65_arrow_slit_cover() -> None:
    assert P.cover_bonus(1 / 8) == 8


def test_example_EX66_slight_cover_shields_and_walls() -> None:
    assert P.cover_bonus(0.9) == 1
    assert [P.shield_cover(s) for s in ("Undersize", "Proportional", "Oversize")] == [1, 2, 3]
    assert P.cover_bonus(1 / 10) == 10
    assert P.cover_bonus(1 / 12) is None  # beyond +10: cannot be hit
    assert P.cover_bonus(0) is None  # fully behind a brick wall


def test_example_EX70_dual_wield_attack_bonus() -> None:
    """Doug: Rapier AB +10, Stiletto AB +11, different weapons => lower + 1 synergy = +11."""
    assert P.dual_attack_bonus(10, 11, same_type=False) == 11
    assert P.dual_attack_bonus(10, 11, same_type=True) == 10


def test_example_EX71_dual_wield_damage_and_parry() -> None:
    """DERIVED numbers: primary 6 + half of secondary 4 = 8; parry = best + 1."""
    assert P.dual_damage(6, 4) == 8
    assert P.dual_parry(2, 3) == 4


def _opening(dice: list[int], unaware: bool) -> tuple[list[str], list[str]]:
    """Who acts first and who is still to go after the opening roll of Round 1."""
    from gmconsole.engine.encounter import Combatant, Encounter
    from gmconsole.engine.turn_order import RoundContext
    from gmconsole.systems import get_system

    order = get_system("mythmagica").turn_order()
    enc = Encounter(
        name="x",
        combatants=[
            Combatant(id="bob", name="Bob", side="pcs"),
            Combatant(id="horse", name="Stallion", side="foes"),
        ],
    )
    if unaware:
        enc.state["unaware_sides"] = ["foes"]
    enc.round = 1
    order.plan_round(enc, RoundContext(dice=dice))
    return [c.id for c in enc.acting], list(order.columns(enc)["Yet to go"])


def test_example_EX73_unaware_side_surprised() -> None:
    """DERIVED: the unaware side rolls 2d20 keeping the lower (7); the other side's 13 beats it
    by 5 or more, so it is Surprised and loses its Round 1 turns."""
    assert P.surprised(7, 13) and P.surprised(7, 12) and not P.surprised(7, 11)
    assert _opening([13, 7, 9], unaware=True) == (["bob"], ["bob"])  # Bob acts; horse skips
    assert sorted(_opening([11, 7, 9], unaware=True)[1]) == ["bob", "horse"]


def test_example_EX74_mook_groups() -> None:
    groups = P.mook_groups(12)
    assert sum(groups) == 12 and 3 <= len(groups) <= 4 and all(3 <= g <= 4 for g in groups)
    assert P.mook_groups(0) == [] and P.mook_groups(2) == [2]


def test_example_EX75_resistant_and_sensitive() -> None:
    """DERIVED 10 damage: Resistant halves (5), Sensitive doubles (20)."""
    assert P.resist_scale(10, "Resistant") == 5
    assert P.resist_scale(10, "Sensitive") == 20
    assert P.resist_scale(1, "Resistant") == 1 and P.resist_scale(10, "Immune") == 0


def test_example_P5_P8_P11_opening_phase() -> None:
    """P5: the successful sneak skips the initiative roll (Bob first). P8: Overlord 16 vs Bob 12:
    the Overlord's side wins the opening and picks the stallion. P11: Overlord 5 vs Bob 11: Bob
    goes first."""
    assert _opening([12, 16], unaware=False)[0] == ["horse"]
    assert _opening([11, 5], unaware=False)[0] == ["bob"]


# ---------------------------------------------------------------- 6.7 Guts refresh, traits, XP


def _sheet(guts: int) -> MythmagicaSheet:
    return MythmagicaSheet(guts_spent=guts)


def test_example_EX77_EX78_trait_and_flaw_rewards_are_minor_refreshes() -> None:
    """EX-77: a failure described in line with a comrade's Trait, and EX-78: a Flaw played out
    ("Five" goblins), each earn a minor refresh: Guts spent drop to the bottom of the band."""
    for spent, bottom in ((12, 10), (44, 31), (3, 0)):
        assert (
            perform(_sheet(spent), "refresh", ["minor"], Scene(rng=random.Random(0))).sheet.guts_spent
            == bottom
        )


def test_example_EX79_complication_vote_is_a_major_refresh() -> None:
    for spent in (35, 50):
        assert glory_status(spent) in (5, 6)
        assert perform(_sheet(spent), "refresh", ["major"], Scene(rng=random.Random(0))).sheet.guts_spent == 0


def test_example_EX81_nonlethal_option_15_uses_the_status_below() -> None:
    """Non-lethal option 15 at Glory Status 5: one Aftershock consequence as if at Status 4."""
    options = named_rows("glory.toml", "Non-lethal defeat options")
    assert "Aftershock" in options["15"][1] and "GS − 1" in options["15"][1]
    aftershock = {int(r[0]): r[1] for r in table_rows("glory.toml", "Aftershock: individual lethal defeat")}
    assert aftershock[5 - 1].startswith("Major")


def test_example_EX82_milestone_award() -> None:
    """DERIVED: Milestone mode, party Level 3, Avatar at Glory Status 4: 20 x 4 = 80 XP; the
    award also refreshes Guts to 0."""
    assert P.milestone_award(3, 19) == 80
    changed = perform(_sheet(19), "xp", ["80"], Scene(rng=random.Random(0))).sheet
    assert (changed.xp, changed.guts_spent) == (80, 0)


def test_example_EX83_encounter_award() -> None:
    """DERIVED: party Level 5 beats a Level-7 named villain (extended: capped at Level 5 -> 17)
    and sneaks past a Level-2 guard (single roll -> 1); 18 shared by 4 = 4.5; at Glory Status 3
    the award is 13.5 (fractions kept until the final award)."""
    assert P.encounter_basis(5, 7, extended=True) == 17
    assert P.encounter_basis(5, 2, extended=False) == 1
    assert P.encounter_award(5, [(7, True), (2, False)], 4, 10) == pytest.approx(13.5)


# ---------------------------------------------------------------- 6.8 grid, movement, conditions


def test_example_EX85_reach() -> None:
    assert [P.reach_ft(s) for s in ("Medium", "Large", "Great")] == [5, 10, 20]
    assert P.reach_ft("Tiny") == 5


def test_example_EX86_footprints() -> None:
    assert P.footprint_squares("Great") == 4 and P.footprint_squares("Epic") == 8


def test_example_EX87_steps_per_move() -> None:
    assert P.steps_per_move(30) == 6


def test_example_EX89_move_split_with_animated_scimitar() -> None:
    """One Move of Speed 30 covers the scimitar's 20 ft and the magician's own 10 ft."""
    assert P.steps_per_move(30) == 20 // 5 + 10 // 5


def test_example_EX90_elevation_chips() -> None:
    """70 ft is blue + red + white; a flyer at 30 ft over a 20-ft building is still at 30 ft
    (height above the lowest ground, not the roof)."""
    assert P.elevation_chips(70) == ["blue", "red", "white"]
    assert P.elevation_chips(30) == ["red", "white"]


def test_example_EX91_vertical_threat() -> None:
    assert [P.vertical_threat_ft(s) for s in ("Medium", "Large", "Great")] == [10, 20, 40]


def test_example_EX93_squeezing() -> None:
    assert P.can_squeeze("Large", "Medium")  # a 5-ft corridor
    assert not P.can_squeeze("Great", "Medium")
    assert P.impeded_speed(30) == 15  # squeezing halves Speed too


def test_example_EX94_body_zone() -> None:
    """DERIVED: d6 4 (+10) and d10 7 give zone 17."""
    assert P.body_zone(4, 7) == 17
    assert P.body_zone(1, 1) == 1 and P.body_zone(6, 10) == 30


def test_example_EX95_blessed_area() -> None:
    """2 on entering, then 2, 4, 6 ... at the end of each following Turn."""
    assert [P.ramping_damage(n) for n in (1, 2, 3)] == [2, 4, 6]


def test_example_EX97_impeding_terrain() -> None:
    assert P.impeded_speed(30) == 15


def test_example_EX98_slick_ground_footprint() -> None:
    side = P.footprint_squares("Large")
    assert side == 2
    assert P.area_affects(2, side) and not P.area_affects(1, side)


def test_example_EX99_choking() -> None:
    ramp = [P.ramping_damage(n) for n in (1, 2, 3, 4)]
    assert ramp == [2, 4, 6, 8] and sum(ramp) == 20


def test_example_EX101_two_curses() -> None:
    """Curse of Insatiable Hunger + Insatiable Thirst: hungry and thirsty, Sensitive to Starving
    and Dehydrating, Enfeebled applied once (duplicate effects apply once)."""
    curses = named_rows("glory.toml", "Curses")
    both = ("insatiable hunger", "insatiable thirst")
    effects = [e.strip() for name in both for e in curses[name][2].split(";")]
    assert sorted(set(effects)) == ["Enfeebled", "Sensitive to Dehydrating", "Sensitive to Starving"]
    assert dict(table_rows("glory.toml", "Maximum Curse Duration"))[3] == "1 week"


def test_example_EX102_sealed_room_air() -> None:
    total, onset = P.air_hours(10 * 10 * 10)
    assert total == pytest.approx(100) and onset == pytest.approx(25)


def test_example_EX103_morph_rank_capped_by_level() -> None:
    assert P.effective_morph_rank(8, 7) == 7


def test_example_EX105_hp_fraction_survives_resizing() -> None:
    """40 max HP shrunk 2 sizes => 10; takes 6 (4 left, 40 %); restored => 16 current."""
    shrunk = 40 // 2 // 2
    assert shrunk == 10
    assert P.resized_hp(10, 10 - 6, 40) == 16


def test_example_EX106_shrink_one_size() -> None:
    """Shrinking one size (TN -2, ST -6, AG +6, CR +2) halves HP, Defense +4, Stability -2,
    Grace +8, Acumen +2; Vigor, Perception and Speed are unchanged (Stability uses TN + PC)."""
    base = {"TN": 2, "ST": 3, "AG": 1, "CR": 1, "PC": 2, "HT": 0, "IN": 0}
    before = derived_attributes(base)
    after = derived_attributes(P.resize_basics(base, -1))
    assert after["HP"] * 2 == pytest.approx(before["HP"], abs=1)
    assert after["RD"] - before["RD"] == 4
    assert after["RS"] - before["RS"] == -2
    assert after["GR"] - before["GR"] == 8
    assert after["AC"] - before["AC"] == 2
    assert (after["VG"], after["raw_speed"]) == (before["VG"], before["raw_speed"])


def test_example_EX107_fixated_upkeep_starts_after_casting() -> None:
    """A Fixated spell with a 5-minute casting and upkeep of 2 Setback per Round: the upkeep only
    starts once the 5 minutes are over. The package does not track spell upkeep yet."""
    pytest.skip("spell upkeep clocks are not implemented")


def test_example_EX109_conjurer_commands() -> None:
    assert P.command_actions(["attack A", "attack A", "attack B"]) == 2


def test_example_EX110_items_outside_the_magic_limit() -> None:
    items = [{"consumable": True}, {"charges": True}, {"needs_attunement": True, "attuned": False}]
    assert P.magic_load(items) == 0


def test_example_EX111_siphoning_ring_needs_attunement() -> None:
    ring = {"needs_attunement": True, "attuned": True}
    assert P.magic_load([ring]) == 1
    assert P.magic_load([{**ring, "attuned": False}]) == 0


def test_example_EX113_coin_sizes_balance_metals() -> None:
    values = {P.coin_value("gp", "Medium"), P.coin_value("ep", "Large"), P.coin_value("sp", "Great")}
    assert values == {64}


def test_example_EX114_pieces_of_eight() -> None:
    """A Silver Piece of Eight is a Copper Piece. The book says a Gold Piece of Eight equals a
    Silver Piece; by the coin table 64/8 = 8 sp = one Electrum Piece, and the ruling follows the
    table."""
    assert P.piece_of_eight("sp") == P.coin_value("cp")
    assert P.piece_of_eight("gp") == P.coin_value("ep") == 8


def test_example_EX115_coin_diameters() -> None:
    assert [P.coin_diameter_in(s) for s in ("Medium", "Large", "Great")] == [1, 2, 4]


def test_example_EX117_relative_item_size() -> None:
    assert P.relative_size("Medium", "Tiny") == ("Very Undersize", False)  # human's shield
    assert P.relative_size("Medium", "Small") == ("Undersize", True)  # elf
    assert P.relative_size("Small", "Small") == ("Proportional", True)  # gnome's dagger
    assert P.relative_size("Tiny", "Small") == ("Oversize", True)  # sprite Warrior's stiletto
    assert P.relative_size("Small", "Large") == ("Very Oversize", False)  # hob's shield
    term, usable = P.relative_size("Medium", "Astronomical")
    assert term == "Very, Very, Very, Very Oversize" and not usable


def test_example_EX118_counter_offer() -> None:
    lo, hi = P.counter_offer_range(100)
    assert (lo, hi) == pytest.approx((80, 120))
