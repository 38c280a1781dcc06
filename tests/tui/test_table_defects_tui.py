"""Console defects a GM tripped on at the table (issue: the console at a real table), each
reproduced as reported; every test here failed before its fix."""

from __future__ import annotations

from pathlib import Path

from app_driver import make_app
from textual.content import Content


async def test_the_palette_shows_help_in_brackets_instead_of_eating_it_as_markup(campaign: Path) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)):
        helps = [Content.from_markup(c.help).plain for c in app.get_system_commands(app.screen)]
    assert any("name [rounds] [start|end|round]" in h for h in helps)
