"""What an install without a checkout gets: a wheel built from the project carries every demo
campaign (from `campaigns/`, the source of truth) inside the package, where `gmconsole demo`
finds them, and the themes beside it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_wheel_ships_every_demo_campaign(tmp_path: Path) -> None:
    source = tmp_path / "src"  # a copy: the build leaves build/ and egg-info behind
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", ".play", "tests", "__pycache__", "*.egg-info", "build", "dist", ".*cache"))
    (source / "campaigns" / "torg-demo" / ".lock").write_text("pid = 1\n")  # a console's lock
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "-w", str(tmp_path / "w"), "--no-deps", "-q"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = (tmp_path / "w").glob("gmconsole-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    demos = sorted(p for p in (ROOT / "campaigns").iterdir() if (p / "campaign.toml").is_file())
    assert demos
    for demo in demos:
        for file in demo.rglob("*"):
            if file.is_file() and file.name != ".lock":
                assert f"gmconsole/demos/{file.relative_to(ROOT / 'campaigns').as_posix()}" in names
    assert "gmconsole/demos/torg-demo/.lock" not in names
    assert any(n.endswith("share/gmconsole/themes/gm-dark.toml") for n in names)
