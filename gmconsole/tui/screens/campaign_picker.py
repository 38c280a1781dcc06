"""Pick a campaign to open (recent ones, those under ./campaigns, or a typed path), or create
one by naming it and picking its system. Returns the choice; the app does the opening.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gmconsole.store.campaigns import campaign_path, campaigns_home
from gmconsole.systems import system_ids
from gmconsole.tui.widgets.text_input import TextInput


@dataclass(frozen=True)
class NewCampaign:
    """Create this campaign folder, then open it."""

    path: str
    name: str
    system: str


def slugify(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split()) or "campaign"


def find_campaigns(recent: list[str], root: Path | None = None) -> list[str]:
    """Recent campaigns that still exist, then every folder with a campaign.toml under the
    campaigns home (where new ones go) and ``./campaigns`` (deduplicated, absolute paths)."""
    found: list[str] = [p for p in recent if (Path(p) / "campaign.toml").is_file()]
    for base in (campaigns_home(), (root or Path.cwd()) / "campaigns"):
        if base.is_dir():
            found += [str(p.parent.resolve()) for p in sorted(base.glob("*/campaign.toml"))]
    return list(dict.fromkeys(found))


class CampaignPicker(ModalScreen["str | NewCampaign | None"]):
    DEFAULT_CSS = """
    CampaignPicker { align: center middle; }
    CampaignPicker > Vertical {
        width: 96%; max-width: 100; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    CampaignPicker OptionList { height: auto; max-height: 10; }
    CampaignPicker Input, CampaignPicker Select, CampaignPicker Button { margin: 1 0 0 0; }
    CampaignPicker .hint { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="picker.cancel"),
        Binding("ctrl+n", "new", "New campaign", id="picker.new"),
    ]

    def __init__(self, recent: list[str], root: Path | None = None, *, error: str | None = None) -> None:
        super().__init__()
        self.campaigns = find_campaigns(recent, root)
        self.error = error
        """Why the last campaign could not be opened or created, shown until the next try."""

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Open a campaign · Esc to cancel"
            if self.campaigns:
                yield OptionList(*[Option(p, id=p) for p in self.campaigns], id="choices")
            else:
                yield Static("No campaigns found yet: type a folder below or create one.")
            yield TextInput(placeholder="…or type a campaign folder and press Enter", id="path", compact=True)
            yield Label("New campaign (ctrl+n): name, system, then Create")
            yield TextInput(placeholder="Campaign name", id="new-name", compact=True)
            yield Select([(s, s) for s in system_ids()], prompt="system", id="new-system", compact=True)
            yield TextInput(
                placeholder="folder (default: ~/.local/share/gmconsole/campaigns/<name>)",
                id="new-path",
                compact=True,
            )
            yield Button("Create", id="create", variant="primary", compact=True)
            yield Static(f"✗ {self.error}" if self.error else "", id="picker-error", markup=False)
            yield Static("Tab moves between fields · Enter opens", classes="hint")

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(str(event.option.id))

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        path = event.value.strip()
        if not (Path(path) / "campaign.toml").is_file():
            self.query_one("#picker-error", Static).update(f"✗ no campaign.toml in {path!r}")
            return
        self.dismiss(path)

    @on(Button.Pressed, "#create")
    @on(Input.Submitted, "#new-name")
    @on(Input.Submitted, "#new-path")
    def _create(self) -> None:
        name = self.query_one("#new-name", Input).value.strip()
        system = self.query_one("#new-system", Select).value
        error = self.query_one("#picker-error", Static)
        if not name:
            error.update("✗ give the new campaign a name")
            return
        if not isinstance(system, str):
            error.update("✗ pick the campaign's system")
            return
        typed = self.query_one("#new-path", Input).value.strip()
        path = str(campaign_path(typed) if typed else campaigns_home() / slugify(name))
        if Path(path).exists() and any(Path(path).iterdir()):
            error.update(f"✗ {path} already exists and is not empty")
            return
        self.dismiss(NewCampaign(path=path, name=name, system=system))

    def action_new(self) -> None:
        self.query_one("#new-name", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
