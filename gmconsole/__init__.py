"""gmconsole: a terminal game-master console for five generic tabletop RPG systems.

Importing this package loads nothing heavy: the TUI (and Textual) is imported only when
the console is opened, so the engine, systems and store stay usable from scripts and tests.
"""

__version__ = "0.1.0"
