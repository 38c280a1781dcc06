"""End-of-round effects and environmental damage (spec §4.8; EX-30, EX-31, EX-49)."""

import random

import pytest

from gmconsole.systems.myriad.effects import (
    EffectKind,
    OngoingEffect,
    effect_armour,
    exposure_damage,
    falling_damage,
    resolve_effect,
    starvation_damage,
    tick,
)


def test_bleeding_ignores_worn_armour():
    assert effect_armour(EffectKind.BLEEDING, natural=0, worn=4) == 2
    assert effect_armour(EffectKind.BLEEDING, natural=2) == 4
    hit = resolve_effect(EffectKind.BLEEDING, 2, dice=[3])
    assert hit.boxes == 1 and not hit.to_critical


def test_burning_and_electricity_only_count_special_armour():
    assert effect_armour(EffectKind.BURNING, worn=3) == 0
    assert effect_armour(EffectKind.BURNING, worn=3, fire_retardant=True) == 3
    assert effect_armour(EffectKind.ELECTRICITY, worn=2, insulated=True) == 2
    assert resolve_effect(EffectKind.ELECTRICITY, 0, dice=[1, 4, 6]).boxes == 3


def test_asphyxiation_is_automatic_and_deadly_weakness_goes_to_critical():
    hit = resolve_effect(EffectKind.ASPHYXIATION, 5, dice=[])
    assert hit.boxes == 1 and hit.dice == ()
    # EX-49: conditional weakness, 3 rounds exposed -> 3 critical wounds
    weak = [resolve_effect(EffectKind.DEADLY_WEAKNESS, 0, dice=[]) for _ in range(3)]
    assert sum(h.boxes for h in weak) == 3 and all(h.to_critical for h in weak)
    blocked = resolve_effect(EffectKind.DEADLY_WEAKNESS,
                             effect_armour(EffectKind.DEADLY_WEAKNESS, blocks_condition=True))
    assert blocked.boxes == 0


def test_rolled_effect_and_duration():
    hit = resolve_effect(EffectKind.BURNING, 0, rng=random.Random(4))
    assert hit.boxes == 1
    burning = OngoingEffect(kind=EffectKind.BURNING, rounds_left=2, source="Burning Blade")
    after = tick(burning)
    assert after is not None and after.rounds_left == 1
    assert tick(after) is None
    bleed = OngoingEffect(kind="bleeding")
    assert tick(bleed) is bleed


@pytest.mark.parametrize(("metres", "points"), [(3, 0), (6, 1), (9, 2), (40, 10), (4.5, 0)])
def test_falling_ruling_c13(metres, points):
    assert falling_damage(metres) == points


def test_starvation_and_exposure():
    assert starvation_damage(days_without_food=4) == 2
    assert starvation_damage(days_without_water=1) == 2
    assert exposure_damage(2) == 4
