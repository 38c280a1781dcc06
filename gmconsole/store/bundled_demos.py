"""The demo campaigns that come with gmconsole, and copying one out to play (`gmconsole demo`).

An installed wheel carries them in `gmconsole/demos/` (setup.py copies them there from the
project's `campaigns/`); a checkout or an editable install reads `campaigns/` itself. Either
way a GM gets a copy to play in, never the shipped files: the demos stay as they were shipped.
"""

from __future__ import annotations

import shutil
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import gmconsole
from gmconsole.store.campaigns import campaign_path
from gmconsole.store.folder import CAMPAIGN_FILE
from gmconsole.store.problems import CampaignError

SKIPPED = (".lock",)
"""Files of a demo that are not copied (a console's lock if one was left in a checkout)."""


def demos_folder() -> Traversable | None:
    """Where the shipped demos are: inside the installed package, else the checkout's
    `campaigns/`; None when neither is there."""
    packaged = resources.files(gmconsole).joinpath("demos")
    if packaged.is_dir():
        return packaged
    checkout = Path(gmconsole.__file__).resolve().parent.parent / "campaigns"
    return checkout if checkout.is_dir() else None


def bundled_demos() -> dict[str, Traversable]:
    """The shipped demos by name (the folder name: "torg-demo", "system-one-demo"...)."""
    folder = demos_folder()
    if folder is None:
        return {}
    found = {d.name: d for d in folder.iterdir() if d.is_dir() and d.joinpath(CAMPAIGN_FILE).is_file()}
    return dict(sorted(found.items()))


def demo_system(demo: Traversable) -> str:
    """The system id a demo's campaign.toml names ("" if it cannot be read)."""
    import tomllib

    try:
        return str(tomllib.loads(demo.joinpath(CAMPAIGN_FILE).read_text("utf-8")).get("system", ""))
    except (OSError, ValueError):
        return ""


def copy_demo(name: str, target: str | None = None) -> Path:
    """Copy the shipped demo `name` to `target` (a folder, or a bare name under the campaigns
    home; default: the demo's own name there), so `gmconsole open NAME` finds it. Refuses an
    unknown demo (listing the known ones) and a target that already holds anything."""
    demos = bundled_demos()
    demo = demos.get(name) or demos.get(f"{name}-demo")
    if demo is None:
        known = ", ".join(demos) or "none are installed"
        raise CampaignError(f"no demo called {name!r} (demos: {known})")
    dest = campaign_path(target or demo.name)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise CampaignError(f"{dest} already exists and is not an empty folder: name another place")
    try:
        _copy(demo, dest)
    except OSError as exc:
        shutil.rmtree(dest, ignore_errors=True)
        raise CampaignError(f"cannot copy the demo to {dest}: {exc.strerror or exc}") from None
    return dest


def _copy(source: Traversable, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    for item in source.iterdir():
        if item.name in SKIPPED or (item.name.startswith(".") and item.name.endswith(".tmp")):
            continue
        if item.is_dir():
            _copy(item, dest / item.name)
        else:
            (dest / item.name).write_bytes(item.read_bytes())
