"""gmconsole.bench."""
