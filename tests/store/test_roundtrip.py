"""The file format round-trips: whatever the models can hold survives save -> load unchanged,
and saving what was loaded reproduces the file byte for byte (so `git status` stays clean)."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import examples

from gmconsole.engine.encounter import Combatant, Condition, Encounter, Step
from gmconsole.engine.events import Change, Event, EventKind
from gmconsole.engine.names import BIDI_CONTROLS
from gmconsole.engine.roster import Character
from gmconsole.store.log import append_event, read_log
from gmconsole.store.models import Campaign, dump_entity, parse_entity

texts = st.text(max_size=12)
names = st.text(  # names print as they are: no control characters or direction overrides
    st.characters(exclude_categories=("Cc", "Cs"), exclude_characters=BIDI_CONTROLS), max_size=12
)
scalars = (
    st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.booleans()
    | texts
    | st.dates()
    | st.datetimes()
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)
free_dicts = st.dictionaries(texts, values, max_size=4)

conditions = st.builds(
    Condition,
    name=names,
    rounds=st.none() | st.integers(min_value=0, max_value=99),
    expires=st.sampled_from(["start", "end", "round"]),
    on=st.none() | texts,
    note=texts,
)
combatants = st.builds(
    Combatant,
    id=texts,
    name=names,
    side=names,
    ref=st.none() | texts,
    template=st.none() | texts,
    sheet=st.none() | free_dicts,
    initiative=st.none() | st.integers(min_value=-99, max_value=99),
    status=st.sampled_from(["active", "held", "ready", "out"]),
    trigger=texts,
    conditions=st.lists(conditions, max_size=3),
    declared=texts,
    extra=free_dicts,
)
steps = st.builds(Step, actors=st.lists(texts, max_size=3), label=texts, phase=texts)
encounters = st.builds(
    Encounter,
    name=names,
    order=texts,
    round=st.integers(min_value=0, max_value=999),
    combatants=st.lists(combatants, max_size=3),
    steps=st.lists(steps, max_size=3),
    pointer=st.integers(min_value=0, max_value=9),
    state=free_dicts,
)
characters = st.builds(
    Character,
    name=names.filter(bool),
    kind=st.sampled_from(["pc", "npc", "creature"]),
    template=st.booleans(),
    player=texts,
    side=names,
    tags=st.lists(texts, max_size=3),
    notes=st.text(max_size=40),
    sheet=free_dicts,
)
campaigns = st.builds(
    Campaign,
    name=st.text(min_size=1, max_size=12),
    system=st.text(min_size=1, max_size=8),
    encounter=st.none() | texts,
    options=free_dicts,
    clock=free_dicts,
)


def round_trip(model, kind: str):
    text = dump_entity(model, kind)
    assert "\r" not in text
    loaded, migrated = parse_entity(kind, tomllib.loads(text), text, "x.toml")
    assert not migrated
    assert dump_entity(loaded, kind) == text  # saving what was loaded changes no byte
    return loaded


@settings(max_examples=examples(150), deadline=None)
@given(characters)
def test_characters_survive_save_and_load(character: Character) -> None:
    assert round_trip(character, "character") == character


@settings(max_examples=examples(150), deadline=None)
@given(encounters)
def test_encounters_with_conditions_survive_save_and_load(encounter: Encounter) -> None:
    assert round_trip(encounter, "encounter") == encounter


@settings(max_examples=60, deadline=None)
@given(campaigns)
def test_campaign_files_survive_save_and_load(campaign: Campaign) -> None:
    assert round_trip(campaign, "campaign") == campaign


fights = st.fixed_dictionaries(  # an encounter's snapshot, so a round's plan is left out too
    {"round": st.integers(min_value=0, max_value=2)},
    optional={
        "pointer": st.integers(min_value=0, max_value=3),
        "steps": st.lists(st.fixed_dictionaries({"actors": st.lists(texts, max_size=2)}), max_size=2),
        "combatants": st.lists(free_dicts | st.fixed_dictionaries({"initiative": st.integers()}), max_size=2),
        "state": free_dicts,
    },
)
changes = st.builds(
    Change,
    path=texts,
    before=st.none() | free_dicts,
    after=st.none() | free_dicts,
) | st.builds(Change, path=st.just("encounters/fight"), before=st.none() | fights, after=st.none() | fights)
events = st.builds(
    Event,
    kind=st.sampled_from(list(EventKind)),
    text=texts,
    who=st.none() | texts,
    data=free_dicts,
    changes=st.lists(changes, max_size=2),
    undoes=st.none() | texts,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events, min_size=1, max_size=4))
def test_logged_events_read_back_unchanged(batch: list[Event]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for event in batch:
            append_event(root, event)
        loaded, problems = read_log(root)
    assert problems == []
    # the log keeps each change as its changed leaves (Event.compact), not whole snapshots
    expected = [e.compact() for e in batch]
    assert sorted(loaded, key=lambda e: e.id) == sorted(expected, key=lambda e: e.id)
