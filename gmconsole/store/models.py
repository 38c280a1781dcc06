"""The models behind each campaign file, and the one way each is turned into text and back.

`campaign.toml` is the store's own `Campaign`; `roster/<slug>.toml` holds an engine `Character`
and `encounters/<slug>.toml` an engine `Encounter`, each with `schema_version` written first.
Entities are addressed by *entity path* ("campaign", "roster/ayla", "encounters/ambush"): the
same strings the undo snapshots (`engine.events.Change.path`) use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gmconsole.engine.encounter import Encounter
from gmconsole.engine.model import Model
from gmconsole.engine.roster import Character
from gmconsole.store.files import dump_toml, line_of, validation_problems
from gmconsole.store.migrations import CURRENT, MigrationError, migrate
from gmconsole.store.problems import FileProblem, Problem
from gmconsole.store.sharing import table_list
from gmconsole.store.toml_blocks import BlockWriter


class Campaign(Model):
    """What `campaign.toml` holds besides its schema_version."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    system: str = Field(min_length=1)
    """The system id (`gmconsole.systems.get_system`)."""
    encounter: str | None = None
    """Slug of the active encounter; absent when no fight is running. Read from the
    encounter files' `active` mark (see `find_active`); older campaigns kept it here, in
    campaign.toml, where two clones that start different fights conflict."""
    options: dict[str, Any] = Field(default={})
    """Optional-rule toggles, checked against the system's `RuleOption`s."""
    clock: dict[str, Any] = Field(default={})
    """The in-game calendar as the GM keeps it (date, time of day, session number...)."""
    encounter_kept: Literal["", "campaign", "encounters"] = ""
    """Where "which fight is on" is kept (never written to the file; set on load by
    `find_active`): "encounters" (each encounter file marks itself `active`, so clones that
    start different fights change different files and merge cleanly), "campaign" (an older
    campaign whose campaign.toml still names it: the next new, switched or ended encounter
    moves it to the encounter files, the same one-line change in every clone), or "" (not
    looked at: campaign.toml's `encounter` is all there is, as before)."""


ACTIVE = "active"
"""`Encounter.state` key of the fight that is on: a mark in the encounter's own file
(`[state] active = true`) rather than a name in campaign.toml, so "which fight is on" is never
a line that two clones both rewrite. In `state` because that is the encounter's free-form
table that every file already round-trips (a key no turn order or system uses)."""


def is_active(enc: Encounter) -> bool:
    return enc.state.get(ACTIVE) is True


def mark_active(enc: Encounter, on: bool) -> None:
    if on:
        enc.state[ACTIVE] = True
    else:
        enc.state.pop(ACTIVE, None)


def find_active(campaign: Campaign, encounters: Mapping[str, Encounter]) -> None:
    """Set `campaign.encounter` when the campaign is loaded: the name campaign.toml holds (an
    older campaign, or a GM's hand edit) wins; else the encounter whose file is marked active
    (after a merge of clones that started different fights two may be: the first by name is
    on, and the next switch clears the other). `encounter_kept` says which it was."""
    if campaign.encounter is not None:
        campaign.encounter_kept = "campaign"
        return
    marked = sorted(slug for slug, enc in encounters.items() if is_active(enc))
    campaign.encounter = marked[0] if marked else None
    campaign.encounter_kept = "encounters"


Entity = Campaign | Character | Encounter

KIND_OF_FOLDER = {"roster": "character", "encounters": "encounter"}
MODEL_OF_KIND: dict[str, type[BaseModel]] = {
    "campaign": Campaign,
    "character": Character,
    "encounter": Encounter,
}

_SLUG_OK = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"{d}{i}" for d in ("com", "lpt") for i in range(10))})
"""Names Windows will not create as files: a campaign folder may be cloned there."""


def slugify(name: str) -> str:
    """A file-name slug for a display name: "Orc Chief #2" -> "orc-chief-2" (a name Windows
    reserves, such as "con", gets a suffix: "con-1")."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "unnamed"
    return f"{slug}-1" if slug in RESERVED else slug


def valid_slug(slug: str) -> bool:
    return bool(_SLUG_OK.match(slug)) and slug not in RESERVED


def kind_of_path(entity_path: str) -> str:
    """ "campaign" -> "campaign", "roster/x" -> "character", "encounters/x" -> "encounter"."""
    if entity_path == "campaign":
        return "campaign"
    folder, _, slug = entity_path.partition("/")
    if folder not in KIND_OF_FOLDER or not slug:
        raise ValueError(f"not an entity path: {entity_path!r}")
    return KIND_OF_FOLDER[folder]


def file_of_path(entity_path: str) -> str:
    """The file (relative to the campaign folder) an entity path is stored in."""
    kind_of_path(entity_path)
    return f"{entity_path}.toml"


def snapshot(model: BaseModel) -> dict[str, Any]:
    """The plain dict an entity is stored and undone as (None and defaults dropped).

    Python mode, not JSON mode: the values a GM typed in TOML (dates, `inf`) must come back out
    exactly as they went in, which a JSON detour would not do. Fields still at their default
    (`trigger = ""`, `conditions = []`, an empty `[extra]`) are left out: loading restores them,
    and a 500-goblin encounter file shrinks to what is actually there to read or diff."""
    return model.model_dump(exclude_none=True, exclude_defaults=True)


def full_dump(model: BaseModel) -> dict[str, Any]:
    """Every field, defaults included (what a hand-written file may legitimately spell out)."""
    return model.model_dump(exclude_none=True)


def from_snapshot(
    entity_path: str, data: Mapping[str, Any], reuse: Mapping[int, BaseModel] | None = None
) -> Entity:
    """The model of an entity's snapshot, validated. `reuse` maps entries of the snapshot's
    lists of tables (by `id`) to models already validated from those very objects: they go in
    as they are, so a turn in a 500-goblin encounter validates the two combatants it changed,
    not all 500 (pydantic takes a model instance for a model field without validating it
    again)."""
    model = MODEL_OF_KIND[kind_of_path(entity_path)]
    doc = dict(data)
    if reuse:
        for key, value in doc.items():
            if table_list(value):
                doc[key] = [reuse.get(id(entry), entry) for entry in value]
    return model.model_validate(doc)  # type: ignore[return-value]


def dump_entity(model: BaseModel, kind: str, writer: BlockWriter | None = None) -> str:
    """The file text of an entity: schema_version first, then the model's fields in order.

    A `writer` kept for the file gives the same text, re-rendering only the `[[combatants]]`
    and `[[steps]]` blocks that changed since it last wrote that file."""
    return dump_snapshot(snapshot(model), kind, writer)


def dump_snapshot(snap: Mapping[str, Any], kind: str, writer: BlockWriter | None = None) -> str:
    """`dump_entity` of the model whose `snapshot` is `snap`. campaign.toml never holds where
    the active encounter is kept, nor (once the encounter files mark it) which one it is."""
    if kind == "campaign" and "encounter_kept" in snap:
        moved = snap["encounter_kept"] == "encounters"
        drop = {"encounter_kept", "encounter"} if moved else {"encounter_kept"}
        snap = {k: v for k, v in snap.items() if k not in drop}
    doc = {"schema_version": CURRENT[kind], **snap}
    return dump_toml(doc) if writer is None else writer.dumps(doc)


def unknown_keys(raw: Any, kept: Any, loc: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Locations of keys in `raw` that did not survive validation into `kept`.

    Engine models ignore unknown keys; saving would silently drop a GM's typo (`hpp = 3`) and
    the data with it, so such keys make the file a reported problem instead.
    """
    found: list[tuple[str | int, ...]] = []
    if isinstance(raw, Mapping) and isinstance(kept, Mapping):
        for key, value in raw.items():
            if key not in kept:
                found.append((*loc, key))
            else:
                found += unknown_keys(value, kept[key], (*loc, key))
    elif isinstance(raw, list) and isinstance(kept, list):
        for i, (a, b) in enumerate(zip(raw, kept, strict=False)):
            found += unknown_keys(a, b, (*loc, i))
    return found


def parse_entity(kind: str, raw: dict[str, Any], text: str, shown: str) -> tuple[BaseModel, bool]:
    """Migrate and validate one file's document; returns the model and whether it was migrated.

    Raises `FileProblem` with every problem located by line.
    """
    try:
        data, migrated = migrate(kind, raw)
    except MigrationError as exc:
        raise FileProblem(Problem(shown, line_of(text, ["schema_version"]), str(exc))) from exc
    body = {k: v for k, v in data.items() if k != "schema_version"}
    if kind == "campaign" and "encounter_kept" in body:  # the store's own bookkeeping, never a file's
        raise FileProblem(_unknown(shown, text, ("encounter_kept",)))
    try:
        model = MODEL_OF_KIND[kind].model_validate(body)
    except ValidationError as exc:
        raise FileProblem(*validation_problems(exc, shown, text)) from exc
    extra = unknown_keys(body, full_dump(model))
    if extra:
        raise FileProblem(*(_unknown(shown, text, loc) for loc in extra))
    return model, migrated


def _unknown(shown: str, text: str, loc: Sequence[str | int]) -> Problem:
    where = ".".join(str(p) for p in loc)
    return Problem(shown, line_of(text, loc), f"{where}: unknown key")
