"""Random keys never crash the console or damage the campaign: Hypothesis drives sequences of
the keys a GM (or a cat on the keyboard) presses into the running app, then checks the app is
still up and the campaign still loads clean."""

from __future__ import annotations

from pathlib import Path

from app_driver import make_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from long_run import examples

from gmconsole.store import check_campaign

KEYS = [
    *"snphriwaxodlcCteuRHmzTA1234!?.0123456789-+ ",
    "colon", "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "pageup",
    "pagedown", "home", "end", "backspace", "delete", "f1", "f2", "f6", "ctrl+p", "ctrl+r", "ctrl+y",
]
"""Everything but the keys that leave on purpose (q, ctrl+c) or open another campaign."""


@settings(
    max_examples=examples(32, least=8),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(keys=st.lists(st.sampled_from(KEYS), min_size=5, max_size=40))
async def test_random_keys_never_crash_the_console(campaign: Path, keys: list[str]) -> None:
    app = make_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        assert app.is_running and app.return_code is None, f"the console stopped after {keys}"
    assert check_campaign(campaign) == [], f"the campaign is damaged after {keys}"
