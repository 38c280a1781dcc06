"""Making a new campaign folder and checking an existing one (`gmconsole new` / `check`)."""

from __future__ import annotations

import os
from pathlib import Path

from gmconsole.store.files import atomic_write
from gmconsole.store.folder import CAMPAIGN_FILE, load_folder
from gmconsole.store.log import check_log
from gmconsole.store.models import Campaign, dump_entity
from gmconsole.store.problems import CampaignError, Problem
from gmconsole.systems import get_system

FOLDERS = ("roster", "encounters", "tables", "log", "notes")

GITIGNORE = """\
# gmconsole: the lock names the console that has the campaign open; temp files are
# half-written saves (only ever seen after a crash).
.lock
.*.tmp
# a change being saved (seen only after a crash; the next open settles it)
.*.was
.*.none
.*.next
.*.gone
"""


GITATTRIBUTES = """\
# gmconsole: every file is UTF-8 text with LF line ends on every machine, so a campaign cloned
# on Windows saves byte for byte what it read. Each console session logs to files of its own
# (log/<start time>-<session>.toml), so clones that both played merge without a conflict;
# git shows the log as generated text. Roster and encounter files merge like any text: two
# clones that changed the same lines get a normal conflict, and `gmconsole check` names it.
* text=auto eol=lf
log/*.toml linguist-generated=true -diff
"""


def campaigns_home() -> Path:
    """Where a campaign named without a folder goes: ``$XDG_DATA_HOME/gmconsole/campaigns``
    (``~/.local/share/gmconsole/campaigns`` when unset), never inside the program's checkout."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gmconsole" / "campaigns"


def campaign_path(target: str) -> Path:
    """A folder as typed ("./ambush", "~/games/x", "/srv/c") or, for a bare name ("ambush"),
    the same name under `campaigns_home`."""
    if os.sep in target or (os.altsep and os.altsep in target) or target in (".", ".."):
        return Path(target).expanduser()
    return campaigns_home() / target


def create_campaign(path: Path, name: str, system_id: str) -> Path:
    """A new campaign folder: campaign.toml, the sub-folders, a .gitignore for the lock and a
    .gitattributes for git.

    Refuses a folder that already holds a campaign or any other files, and an unknown system
    (the message lists the known ones).
    """
    path = Path(path)
    system = get_system(system_id)
    if not name.strip():
        raise CampaignError("the campaign needs a name")
    if (path / CAMPAIGN_FILE).exists():
        raise CampaignError(f"{path} already holds a campaign")
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise CampaignError(f"{path} exists and is not an empty folder")
    campaign = Campaign(name=name.strip(), system=system.id)
    try:
        path.mkdir(parents=True, exist_ok=True)
        for folder in FOLDERS:
            (path / folder).mkdir(exist_ok=True)
        atomic_write(path / ".gitignore", GITIGNORE)
        atomic_write(path / ".gitattributes", GITATTRIBUTES)
        atomic_write(path / CAMPAIGN_FILE, dump_entity(campaign, "campaign"))
    except OSError as exc:  # no such parent, a file in the way, no permission, disk full
        raise CampaignError(f"cannot create a campaign at {path}: {exc.strerror or exc}") from None
    return path


def check_campaign(path: Path) -> list[Problem]:
    """Every problem in a campaign folder (`gmconsole check`), each `path:line: message` with
    the path joined to the folder as given (so an editor can jump to it); empty when all is well.

    The log is judged by `check_log`, which validates every event but keeps none (a long
    campaign's log is 100,000 events), rather than read into events by `read_log`; the
    problems are the same, in the same order."""
    path = Path(path)
    try:
        loaded = load_folder(path)
    except CampaignError as exc:
        problem = exc.problem or Problem(CAMPAIGN_FILE, 1, str(exc))
        found = [problem]
    else:
        found = list(loaded.problems)
    found += check_log(path)
    return [Problem((path / p.path).as_posix(), p.line, p.message) for p in found]
