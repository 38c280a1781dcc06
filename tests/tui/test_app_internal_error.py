"""A bug in an intent never ends the console: the GM reads one error line naming the file that
keeps the traceback, and play goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_driver import command, main_screen, make_app

from gmconsole.engine.events import EventKind


async def test_an_exception_escaping_an_intent_is_an_error_line_with_its_traceback_kept(
    campaign: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        session = screen.session

        def broken(line: str) -> None:
            raise ZeroDivisionError("a bug in the rules")

        real = session.execute
        monkeypatch.setattr(session, "execute", broken)
        await command(pilot, "dmg ayla 2")
        text, error = screen.recent[-1]
        assert error and "internal error" in text and "ZeroDivisionError: a bug in the rules" in text
        kept = state / "gmconsole" / "errors.log"
        assert str(kept) in text
        logged = kept.read_text(encoding="utf-8")
        assert "while dmg ayla 2" in logged and "Traceback" in logged and "ZeroDivisionError" in logged
        monkeypatch.setattr(session, "execute", real)
        await command(pilot, "3d6")  # still running, still taking commands
        assert app.is_running and session.log[-1].kind == EventKind.ROLL


async def test_an_error_line_clears_at_the_next_key_or_after_a_while(
    campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmconsole.tui.screens import main

    monkeypatch.setattr(main, "ERROR_MIN_SECONDS", 0.0)
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        line = screen.query_one("#message")
        await command(pilot, "dmg nobody 2")
        assert line.has_class("-error")
        await pilot.press("down")
        assert not line.has_class("-error")
        await command(pilot, "dmg nobody 2")
        assert line.has_class("-error")
        monkeypatch.setattr(main, "monotonic", lambda: 10**9)
        screen.clear_old_error()  # what the timer calls after ERROR_SECONDS
        assert not line.has_class("-error") and screen.recent[-2][1]  # the Messages page keeps it
