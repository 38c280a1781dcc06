"""Torg's refusals: a `RulesError` a GM can read as-is, and a `ValueError` for plain callers."""

from gmconsole.engine.errors import RulesError


class TorgError(RulesError, ValueError):
    """A Torg rule or data lookup refused the request; the message says what and why."""
