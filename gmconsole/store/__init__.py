"""gmconsole.store."""
