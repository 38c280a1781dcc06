"""Reading a whole campaign folder into models, and writing one entity back.

Loading is forgiving per file and strict per value: a roster or encounter file that is not
valid TOML, has wrong types or unknown keys, a sheet the system rejects, or a schema_version
from the future becomes a `Problem` (`path:line: what is wrong`), the file is remembered as
*bad* so nothing ever overwrites it, and the rest of the campaign opens. Only an unusable
`campaign.toml` (or an unknown system) stops the whole campaign, with a `CampaignError`.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from gmconsole.engine import limits
from gmconsole.engine.encounter import Encounter
from gmconsole.engine.errors import GmConsoleError
from gmconsole.engine.roster import Character
from gmconsole.store.files import (
    Stamp,
    line_of,
    read_toml,
    read_toml_stamped,
    validation_problems,
)
from gmconsole.store.migrations import MigrationError, migrate
from gmconsole.store.models import (
    Campaign,
    file_of_path,
    find_active,
    kind_of_path,
    parse_entity,
)
from gmconsole.store.problems import CampaignError, FileProblem, Problem, display_path
from gmconsole.systems import get_system

if TYPE_CHECKING:
    from gmconsole.engine.tables import Table
    from gmconsole.systems.base import GameSystem

CAMPAIGN_FILE = "campaign.toml"


@dataclass
class LoadedCampaign:
    """Everything read from a campaign folder, with what could not be read."""

    root: Path
    campaign: Campaign
    system: GameSystem
    options: dict[str, Any]
    roster: dict[str, Character] = field(default_factory=dict)
    encounters: dict[str, Encounter] = field(default_factory=dict)
    tables: list[Table] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    bad: set[str] = field(default_factory=set)
    """Entity paths whose files are bad: never written until the GM fixes them by hand."""
    migrated: set[str] = field(default_factory=set)
    """Entity paths read from an older schema_version (rewritten only when they change)."""
    stamps: dict[str, Stamp] = field(default_factory=dict)
    """What each file read was, by relative path (see `watch`: nothing is written over a file
    changed on disk since)."""


def load_campaign_file(
    root: Path, stamps: dict[str, Stamp] | None = None
) -> tuple[Campaign, GameSystem, str]:
    """campaign.toml as a model, its system and its text; `CampaignError` when unusable."""
    path = root / CAMPAIGN_FILE
    if not path.is_file():
        problem = Problem(CAMPAIGN_FILE, 1, f"missing: {root} is not a campaign folder")
        raise CampaignError(f"{root}: not a campaign folder (no {CAMPAIGN_FILE})", problem)
    try:
        raw, text = _read(path, root, stamps)
        campaign, _ = parse_entity("campaign", raw, text, CAMPAIGN_FILE)
    except FileProblem as exc:
        raise CampaignError(str(exc), exc.problems[0]) from exc
    assert isinstance(campaign, Campaign)
    try:
        system = get_system(campaign.system)
    except GmConsoleError as exc:
        problem = Problem(CAMPAIGN_FILE, line_of(text, ["system"]), f"system: {exc}")
        raise CampaignError(str(problem), problem) from exc
    return campaign, system, text


def resolve_options(
    campaign: Campaign, system: GameSystem, text: str
) -> tuple[dict[str, Any], list[Problem]]:
    """The system's option defaults overlaid with the campaign's known toggles; unknown ones
    are reported (and kept in the file) rather than refusing the campaign."""
    known = system.option_defaults()
    problems = [
        Problem(
            CAMPAIGN_FILE,
            line_of(text, ["options", key]),
            f"options.{key}: {system.name} has no "
            f"optional rule {key!r} (known: {', '.join(sorted(known)) or 'none'})",
        )
        for key in campaign.options
        if key not in known
    ]
    given = {k: v for k, v in campaign.options.items() if k in known}
    return system.resolve_options(given), problems


def sheet_problems(
    system: GameSystem, sheet: dict[str, Any], shown: str, text: str, prefix: tuple[str | int, ...]
) -> list[Problem]:
    """What is wrong with a stored sheet, according to its system (empty when it is fine)."""
    try:
        parsed = system.parse_sheet(sheet)
    except ValidationError as exc:
        return validation_problems(exc, shown, text, prefix)
    except (ValueError, TypeError, GmConsoleError) as exc:
        return [Problem(shown, line_of(text, prefix), f"{'.'.join(map(str, prefix))}: {exc}")]
    unknown = _sheet_unknown(sheet, parsed)
    return [
        Problem(shown, line_of(text, (*prefix, *loc)), ".".join(map(str, (*prefix, *loc))) + ": unknown key")
        for loc in unknown
    ]


def _sheet_unknown(sheet: dict[str, Any], parsed: BaseModel) -> list[tuple[str | int, ...]]:
    """Top-level sheet keys a sheet model silently ignores (a typo like `hpp`, which the next
    save would drop). Models that forbid extra keys report them themselves, and may accept
    shorthands a before-validator rewrites, so only ignoring models are checked here."""
    model = type(parsed)
    if model.model_config.get("extra") not in (None, "ignore"):
        return []
    known = set(model.model_fields) | {f.alias for f in model.model_fields.values() if f.alias}
    return [(key,) for key in sheet if key not in known]


def _read(path: Path, root: Path, stamps: dict[str, Stamp] | None) -> tuple[dict[str, Any], str]:
    """`read_toml`, remembering in `stamps` what the file was (even when it is bad: a fix on
    disk is then seen)."""
    if stamps is None:
        return read_toml(path, root)
    rel = path.relative_to(root).as_posix()
    try:
        raw, text, stamps[rel] = read_toml_stamped(path, root)
    except FileProblem:
        with contextlib.suppress(OSError):
            st = os.stat(path)
            stamps[rel] = Stamp(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, b"")
        raise
    return raw, text


def load_entity(
    root: Path, entity_path: str, system: GameSystem, stamps: dict[str, Stamp] | None = None
) -> tuple[BaseModel, bool]:
    """One roster or encounter file, migrated and fully validated (sheets included)."""
    path = root / file_of_path(entity_path)
    shown = display_path(path, root)
    raw, text = _read(path, root, stamps)
    kind = kind_of_path(entity_path)
    combatants = raw.get("combatants") if kind == "encounter" else None
    if isinstance(combatants, list) and len(combatants) > limits.COMBATANTS:
        why = (f"{len(combatants):,} combatants (an encounter may hold at most {limits.COMBATANTS:,}; "
               "see the README's limits)")
        raise FileProblem(Problem(shown, line_of(text, ["combatants"]), why))
    model, migrated = parse_entity(kind, raw, text, shown)
    problems: list[Problem] = []
    if isinstance(model, Character):
        problems = sheet_problems(system, model.sheet, shown, text, ("sheet",))
    elif isinstance(model, Encounter):
        for i, c in enumerate(model.combatants):
            if c.sheet is not None:
                problems += sheet_problems(system, c.sheet, shown, text, ("combatants", i, "sheet"))
    if problems:
        raise FileProblem(*problems)
    return model, migrated


def load_folder(root: Path, *, system_tables: bool = True) -> LoadedCampaign:
    """Read the whole campaign; see the module docstring for what happens to bad files.

    `system_tables=False` leaves the system's book tables out of `tables` (the campaign's own
    are always read, so their problems are reported): a `Session` builds those on first use."""
    root = Path(root)
    stamps: dict[str, Stamp] = {}
    campaign, system, text = load_campaign_file(root, stamps)
    options, problems = resolve_options(campaign, system, text)
    loaded = LoadedCampaign(root, campaign, system, options, problems=problems, stamps=stamps)
    for folder, target in (("roster", loaded.roster), ("encounters", loaded.encounters)):
        for path in sorted((root / folder).glob("*.toml")):
            entity_path = f"{folder}/{path.stem}"
            try:
                model, migrated = load_entity(root, entity_path, system, stamps)
            except FileProblem as exc:
                loaded.problems += exc.problems
                loaded.bad.add(entity_path)
                continue
            target[path.stem] = model  # type: ignore[assignment]
            if migrated:
                loaded.migrated.add(entity_path)
    loaded.problems += order_problems(loaded, root)
    find_active(loaded.campaign, loaded.encounters)  # which fight is on: see models.find_active
    loaded.problems += reference_problems(loaded, text)
    if system_tables:
        tables, table_problems = load_tables(root, system, stamps)
    else:
        tables, table_problems = campaign_tables(root, stamps)
    loaded.tables = tables
    loaded.problems += table_problems
    return loaded


def order_problems(loaded: LoadedCampaign, root: Path) -> list[Problem]:
    """Encounters kept for another turn order than the system's: a mistyped `order` would
    otherwise be ignored and the round run some other way than the file says. Such a file is
    set aside like any bad file (not loaded, never rewritten)."""
    try:
        expected = loaded.system.turn_order(loaded.options).id
    except GmConsoleError:  # options already reported
        return []
    out: list[Problem] = []
    for slug, enc in list(loaded.encounters.items()):
        if enc.order != expected:
            path = root / "encounters" / f"{slug}.toml"
            text = path.read_text(encoding="utf-8")
            out.append(Problem(display_path(path, root), line_of(text, ["order"]),
                               f"order: {enc.order!r} is not this campaign's turn order ({expected!r})"))
            del loaded.encounters[slug]
            loaded.bad.add(f"encounters/{slug}")
    return out


def reference_problems(loaded: LoadedCampaign, campaign_text: str) -> list[Problem]:
    """Dangling references: an active encounter or a combatant's roster entry that is missing."""
    out: list[Problem] = []
    active = loaded.campaign.encounter
    if active is not None and active not in loaded.encounters:
        why = "is unreadable" if f"encounters/{active}" in loaded.bad else "does not exist"
        out.append(
            Problem(
                CAMPAIGN_FILE,
                line_of(campaign_text, ["encounter"]),
                f"encounter: encounters/{active}.toml {why}",
            )
        )
    for slug, enc in loaded.encounters.items():
        for c in enc.combatants:
            if c.ref is not None and c.ref not in loaded.roster and f"roster/{c.ref}" not in loaded.bad:
                out.append(
                    Problem(
                        f"encounters/{slug}.toml",
                        1,
                        f"combatant {c.name!r} refers to roster/{c.ref}.toml, which does not exist",
                    )
                )
    return out


_LINE = re.compile(r":(\d+):|line (\d+)")


def load_tables(
    root: Path, system: GameSystem, stamps: dict[str, Stamp] | None = None
) -> tuple[list[Table], list[Problem]]:
    """The system's tables, then the campaign's own `tables/*.toml`."""
    tables, problems = system_reference_tables(system)
    more, more_problems = campaign_tables(root, stamps)
    return tables + more, problems + more_problems


def system_reference_tables(system: GameSystem) -> tuple[list[Table], list[Problem]]:
    """The system's book tables; a broken data file is one problem, not a refusal."""
    try:
        return list(system.tables()), []
    except GmConsoleError as exc:
        return [], [Problem(f"<{system.id} data>", 1, str(exc))]


def campaign_tables(root: Path, stamps: dict[str, Stamp] | None = None) -> tuple[list[Table], list[Problem]]:
    """The campaign's own `tables/*.toml`, each bad file a problem."""
    from gmconsole.engine.tables import load_tables as parse_tables

    tables: list[Table] = []
    problems: list[Problem] = []
    for path in sorted((root / "tables").glob("*.toml")):
        shown = display_path(path, root)
        try:
            raw, text = _read(path, root, stamps)
            migrate("tables", raw)
            tables += parse_tables(text, source=shown)
        except FileProblem as exc:
            problems += exc.problems
        except MigrationError as exc:
            problems.append(Problem(shown, line_of(text, ["schema_version"]), str(exc)))
        except (GmConsoleError, ValueError, KeyError, TypeError) as exc:
            message = str(exc)
            found = _LINE.search(message)
            line = int(next(g for g in found.groups() if g)) if found else 1
            message = re.sub(rf"^{re.escape(shown)}(:\d+)?:\s*", "", message)
            problems.append(Problem(shown, line, message))
    return tables, problems
