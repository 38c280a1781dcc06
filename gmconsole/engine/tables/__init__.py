'''Reference tables: lookups keyed by a die roll or a name, random tables, plain reference tables.

Book tables live in data files, not code (their licences ask for it), and a GM adds their own in
the campaign's `tables/` folder, so the format is meant to be written by hand. One TOML file
holds any number of `[[table]]` entries under a header that credits the source:

    title = "Torg bonus chart"                 # groups the file's tables in the reference pane
    credit = "Torg (West End Games, 1990). Game design by Greg Gorden."
    licence = "All rights reserved; numbers kept for play at your own table."
    confidence = "mixed"                       # optional badge: how sure the data is
    source = "Rule book p. 12"                 # optional: where in the book it comes from
    note = "A total equal to the difficulty succeeds."   # optional (or notes = ["...", "..."])
    stand_in = false                           # true: the project's own stand-in data, replace it

    [[table]]
    name = "Bonus chart"
    kind = "lookup"
    columns = ["Die roll", "Bonus"]
    rows = [
      ["1", -12], ["2", -10], ["3-4", -8], [20, 7],
      ["46-50", 13],
      ["51+", "+1 per 5"],                     # open end: the system works out the rest
    ]

    [[table]]
    name = "Road encounters"
    dice = "2d6"                               # a table with dice is a random table
    columns = ["2d6", "Encounter"]
    rows = [
      ["2-4", "[[1d4+1]] wolves"],            # [[expr]]: any dice expression, rolled
      ["5-9", "2d6 pilgrims"],                 # bare NdS(+M) is rolled too (bare_dice = false: not)
      ["10-11", "A storm: {Weather}"],         # {Name}: roll on another table
      ["12+", "Nothing"],
    ]

    [[table]]
    name = "Weather"
    columns = ["Weight", "Weather"]            # key column "Weight": rows are weighted,
    rows = [[3, "Rain"], [1, "Fog"], [2, "Clear"]]   # rolled on 1d6 (the weights' sum)

    [[table]]
    name = "Omens"
    kind = "random"
    rows = ["A black cat", "A comet", "Silence"]      # plain rows: numbered 1-3, rolled on 1d3

    [[table]]
    name = "Target numbers"
    kind = "lookup"                            # keyed by name: lookup("average"), lookup("very h")
    columns = ["Difficulty", "TN"]
    rows = [["Easy", 5], ["Average", 6], ["Very hard", 9]]

The rules, in the order a GM meets them:

- `kind` is "lookup" (find a row by a number or a name), "random" (roll `dice` to pick a row) or
  "reference" (columns and rows to read and search). Left out, it is "random" when the table
  has `dice` or weights and "reference" otherwise. A lookup table may also give `dice`.
- The key is the first column (or the column named by `key`). Keys of lookup and random tables
  are numbers or ranges: `7`, `3-4` (also `3–4`, `3 to 4`, `-10 to -5`), `61+` (also
  `61 or more`, `>=61`), `5 or less` (also `<=5`), several joined by commas (`1-2, 12`); `00`
  reads as 100 ("96-00"). Ranges must not overlap; gaps are allowed and a total that falls in
  one is reported ("no row for 23 in Bonus chart (covers 1-20, 31-60)"). A lookup table whose
  first key is not a number is keyed by name: matched ignoring case, or by a unique prefix.
- Every row has one cell per column. Cells are text or numbers.
- Rolling resolves `[[expr]]`, bare dice and `{Name}` in the result cells, left to right, with
  faces typed by hand used first (see `gmconsole.engine.tables.rolling`). Nesting is bounded.
- `credit`, `licence`, `confidence`, `note`/`notes`, `source` and `stand_in` may be set per
  table; otherwise the file's apply. `id` defaults to the name as a slug and is unique per file.
  Unknown keys in a `[[table]]` are refused (they are usually typos); other top-level keys of the
  file are left alone, so a system's data file can keep its own structures beside its tables.
'''

from typing import TYPE_CHECKING, Any

from gmconsole.engine.tables.errors import TableError
from gmconsole.engine.tables.loader import dump_tables, load_tables
from gmconsole.engine.tables.model import Cell, Kind, Resolver, Row, Table, resolver_for, search_tables

if TYPE_CHECKING:
    from gmconsole.engine.tables.rolling import MAX_DEPTH, MAX_ROLLS, NestedRoll, TableRoll

_ROLLING = frozenset({"MAX_DEPTH", "MAX_ROLLS", "NestedRoll", "TableRoll"})
"""Names imported from `rolling` on first use: rolling brings in the dice engine, which showing
and searching tables (all a console needs to draw its first screen) never uses."""

__all__ = [
    "MAX_DEPTH",
    "MAX_ROLLS",
    "Cell",
    "Kind",
    "NestedRoll",
    "Resolver",
    "Row",
    "Table",
    "TableError",
    "TableRoll",
    "dump_tables",
    "load_tables",
    "resolver_for",
    "search_tables",
]


def __getattr__(name: str) -> Any:
    if name not in _ROLLING:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from gmconsole.engine.tables import rolling

    value = getattr(rolling, name)
    globals()[name] = value
    return value
