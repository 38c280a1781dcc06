"""Systems registry; filled in by the foundation."""
