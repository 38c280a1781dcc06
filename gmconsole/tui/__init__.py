"""gmconsole.tui."""
