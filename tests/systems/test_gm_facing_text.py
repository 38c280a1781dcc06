"""What a GM reads speaks to a GM: no spec line references, ruling ids, data-quality notes or
code names in any system's help, options, switches, tables or check messages.

The rules files carry line references ("L867"), ruling ids ("ruling B5"), confidence notes
("ocr-uncertain") and the code's own names (`request.extra['burning_fives']`); they are for the
engineers. Parametrized over every registered system, so a new system is held to it too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from gmconsole.engine.checks import CheckRequest
from gmconsole.engine.errors import GmConsoleError
from gmconsole.systems import get_system, system_ids

INTERNAL = re.compile(
    r"\bL\d{2,4}\b|\brulings?:?\s+\(?[A-Z§]\S*\d|request\.extra|\bspec\b|§|\.md\b|"
    r"\bocr\b|ocr-|confidence|\bchecklist\b|\bT\d{1,2}\b|\bS1-EX|\bEX-?\d",
    re.IGNORECASE,
)


def gm_texts(system_id: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every string the console shows from this system."""
    system = get_system(system_id)
    yield "summary", system.summary
    for group, items in (
        ("option", system.options),
        ("encounter option", system.encounter_options),
        ("action", system.sheet_actions),
        ("calculator", system.calculators),
        ("generator", system.generators),
    ):
        for item in items:
            for attr in ("label", "help", "usage"):
                yield f"{group} {item.key}.{attr}", str(getattr(item, attr, ""))
    sheet = system.new_sheet()
    for option in system.check_switches(sheet, system.option_defaults()):
        yield f"switch {option.key}", f"{option.label} {option.help}"
    for difficulty in system.difficulties():
        yield f"difficulty {difficulty.key}", difficulty.label
    for option in system.check_options(sheet):
        yield f"check option {option.key}", option.label
    for table in system.tables():
        yield f"table {table.name}", table.name
        for attr in ("title", "note", "description"):
            yield f"table {table.name}.{attr}", str(getattr(table, attr, "") or "")
        yield f"table {table.name} columns", " | ".join(map(str, getattr(table, "columns", ()) or ()))
        for row in getattr(table, "rows", ()) or ():
            yield f"table {table.name} row", str(row)
    options = system.check_options(sheet)
    if options:
        try:
            result = system.check(sheet, CheckRequest(option=options[0].key), random.Random(1))
        except GmConsoleError:
            return
        yield "check result", result.summary()
        yield "check detail", " ".join(str(v) for v in result.detail.values())


@pytest.mark.parametrize("system_id", system_ids())
def test_no_engineering_notes_reach_the_gm(system_id: str) -> None:
    leaks = [f"{where}: {text[:120]!r}" for where, text in gm_texts(system_id) if INTERNAL.search(text)]
    assert not leaks, "\n".join(leaks[:20])
