"""Placeholder; replaced by the CLI module."""
def main(argv=None) -> int:
    return 0
