"""Start-up (issue #13): what opening a campaign loads, and what the first frame already shows.

`python -m gmconsole.bench startup` times it; these tests hold the two things the start-up's
speed rests on that a later change could quietly undo: dialogs are imported when first opened,
not on the way to the first screen, and the panes are fitted to their size before the main
screen's first frame, not in the frames after it.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from fresh_process import probe

from gmconsole.tui.app import GmConsole
from gmconsole.tui.screens.main import MainScreen
from gmconsole.tui.widgets.line_list import LineList
from gmconsole.tui.widgets.roster import RosterPane

TORG_DEMO = Path(__file__).resolve().parents[2] / "campaigns" / "torg-demo"

ON_DEMAND = (
    "gmconsole.tui.screens.about",
    "gmconsole.tui.screens.campaign_picker",
    "gmconsole.tui.screens.check_dialog",
    "gmconsole.tui.screens.help",
    "gmconsole.tui.screens.problems",
    "gmconsole.tui.screens.prompt",
    "gmconsole.tui.screens.recent",
    "gmconsole.tui.screens.sheet_form",
    "gmconsole.tui.widgets.odds_chart",
    "gmconsole.tui.widgets.reference_lookup",
    "gmconsole.tui.widgets.text_box",
)
"""Modules of dialogs and tools that open on a key, never with the main screen."""

PROBE = textwrap.dedent(
    """
    import json, sys
    from gmconsole.tui import run

    async def shown(pilot):
        from gmconsole.tui.screens.main import MainScreen

        while not isinstance(pilot.app.screen, MainScreen):
            await pilot.pause(0.01)
        await pilot.pause()
        print(json.dumps(sorted(m for m in sys.modules if m.startswith("gmconsole."))), flush=True)
        pilot.app.exit()

    run(sys.argv[1], remember=False, headless=True, size=(120, 40), auto_pilot=shown)
    """
)


@pytest.fixture
def torg_demo(tmp_path: Path) -> Path:
    return Path(shutil.copytree(TORG_DEMO, tmp_path / "torg-demo", ignore=shutil.ignore_patterns(".lock")))


def test_opening_a_campaign_imports_no_dialog(torg_demo: Path) -> None:
    """In a fresh interpreter (this one has imported every dialog for other tests)."""
    loaded = set(probe(PROBE, str(torg_demo)))
    assert "gmconsole.tui.screens.main" in loaded
    assert sorted(loaded.intersection(ON_DEMAND)) == []


def record_first_frame(app: GmConsole) -> dict[str, bool]:
    """Notes, at the main screen's first frame, whether each list shown was laid out for the
    size it has, and whether the roster was packed for its list's."""
    seen: dict[str, bool] = {}

    def hook() -> None:
        screen = app.screen
        if seen or not isinstance(screen, MainScreen):
            return
        for lst in screen.query(LineList):
            if lst.size.width and lst.parent and lst.parent.display:
                seen[lst.id or "?"] = lst._laid_out_size == lst.scrollable_content_region.size
        roster = screen.query_one(RosterPane)
        if roster.display:
            lst = roster.list
            seen["roster packed"] = roster._laid_out_for == (max(10, lst.text_width), lst.size.height)

    app.post_display_hook = hook  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize(
    ("size", "lists"),
    [((120, 40), {"init-list", "log-list", "ref-tables"}), ((80, 24), {"log-list"})],
)
async def test_the_first_frame_shows_the_panes_fitted(
    torg_demo: Path, size: tuple[int, int], lists: set[str]
) -> None:
    """The panes are drawn at mount, before the layout gives them a size; the main screen fits
    them as soon as it has (`MainScreen.on_resize`), so the first frame has the log wrapped to
    its width and the roster packed for its list, rather than the frames after it. (A list
    that fitting its pane resizes, the tracker's beside the Torg card's header at 80x24 or one
    the fitting gives a scrollbar, is laid out again for its new size, as before.)"""
    app = GmConsole(torg_demo, remember=False)
    seen = record_first_frame(app)
    async with app.run_test(size=size) as pilot:
        while not seen:
            await pilot.pause(0.01)
        assert lists <= set(seen), seen
        assert all(seen[name] for name in lists), seen
        if size == (120, 40):
            assert seen["roster packed"] is True
