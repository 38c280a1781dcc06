"""The engine's error hierarchy: every rules-level refusal is a `RulesError` with a message a GM
can read as-is (what is wrong, and where), so the CLI and the TUI never show a traceback."""


class GmConsoleError(Exception):
    """Base of every error gmconsole reports to a person."""


class RulesError(GmConsoleError):
    """A request the rules cannot satisfy: an unknown combatant, an impossible value..."""
