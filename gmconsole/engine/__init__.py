"""gmconsole.engine."""
