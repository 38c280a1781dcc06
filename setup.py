"""The one build step pyproject.toml cannot say: the demo campaigns ship inside the package.

`campaigns/` at the top of the project stays the source of truth (a GM browses it, `make run`
plays a copy of it, tests rebuild and check it). A wheel copies each demo into
`gmconsole/demos/<name>/`, where `gmconsole demo` finds it after `pip install`, `pipx install .`
or `uv tool install .` with no checkout at hand. An editable install (`make setup`) copies
nothing: it reads `campaigns/` from the checkout. Lock and temp files a console left in a demo
are not shipped.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DEMOS = HERE / "campaigns"


def shipped(path: Path) -> bool:
    """Whether a file in a demo folder is part of the demo (not a console's lock or temp file)."""
    name = path.name
    return path.is_file() and name != ".lock" and not (name.startswith(".") and name.endswith(".tmp"))


class BuildWithDemos(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False) or not DEMOS.is_dir():
            return
        target = Path(self.build_lib) / "gmconsole" / "demos"
        for source in sorted(DEMOS.rglob("*")):
            if shipped(source):
                dest = target / source.relative_to(DEMOS)
                self.mkpath(str(dest.parent))
                self.copy_file(str(source), str(dest))


setup(cmdclass={"build_py": BuildWithDemos})
