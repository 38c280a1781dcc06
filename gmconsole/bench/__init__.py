"""Benchmarks: `python -m gmconsole.bench [dice|startup|ui ...]` (see __main__.py).

Each subcommand is a module here with `main(argv: list[str]) -> int`. They are measurements to
read, never timed unit tests: the test suite only checks that they run.
"""
