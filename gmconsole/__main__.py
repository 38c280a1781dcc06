"""`python -m gmconsole` is the same as the `gmconsole` command."""

from gmconsole.cli import main

raise SystemExit(main())
