"""The one error reference tables raise, so the console can show any table problem as a line."""

from gmconsole.engine.errors import RulesError


class TableError(RulesError):
    """A table file that cannot be read, a table that is malformed, or a lookup or roll that has
    no answer. The message names the file (and line when known), the table and what is wrong."""
