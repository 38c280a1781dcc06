"""The engine's error hierarchy: every rules-level refusal is a `RulesError` with a message a GM
can read as-is (what is wrong, and where), so the CLI and the TUI never show a traceback."""


class GmConsoleError(Exception):
    """Base of every error gmconsole reports to a person."""


class RulesError(GmConsoleError):
    """A request the rules cannot satisfy: an unknown combatant, an impossible value..."""


def validation_text(exc: Exception) -> str:
    """A pydantic `ValidationError` as one line a GM reads ("hp: Input should be less than or
    equal to 100000"), without pydantic's "Value error, " prefixes; any other error as is."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return str(exc)
    parts = []
    for err in errors():
        message = str(err.get("msg", ""))
        for prefix in ("Value error, ", "Assertion failed, "):
            message = message.removeprefix(prefix)
        where = ".".join(str(p) for p in err.get("loc", ()))
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)
