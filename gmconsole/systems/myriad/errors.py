"""Myriad's refusals. Each is a `RulesError` (the console shows its message as-is) and a
`ValueError` (so pydantic validators turn it into a field error)."""

from __future__ import annotations

from gmconsole.engine.errors import RulesError


class MyriadError(RulesError, ValueError):
    """A request the Myriad rules refuse; the message says what and where."""
