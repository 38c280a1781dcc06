"""`gmconsole serve` in a real browser: headless Chromium opens the page, the terminal
connects, a key pressed in the page reaches the console, and the campaign changes on disk.
Skipped where Chromium is not installed (`.ci/run` installs it when it can)."""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import subprocess
import time
from pathlib import Path

import aiohttp
import pytest

from tests.test_serve import free_port, start_serve, wait_for_page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CAMPAIGNS = Path(__file__).resolve().parents[1] / "campaigns"
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")


class Page:
    """One browser tab driven through the DevTools protocol."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.n = 0
        self.received = ""
        """What the page's websocket received (once `Network.enable`d): the console's output."""

    def _note(self, msg: dict) -> None:
        if msg.get("method") == "Network.webSocketFrameReceived":
            frame = msg["params"]["response"]
            data = frame["payloadData"]
            binary = frame["opcode"] == 2  # its payload in base64
            self.received += base64.b64decode(data).decode("utf-8", "replace") if binary else data

    async def call(self, method: str, **params: object) -> dict:
        self.n += 1
        await self.ws.send_json({"id": self.n, "method": method, "params": params})
        while True:
            msg = json.loads((await self.ws.receive(timeout=30)).data)
            if msg.get("id") == self.n:
                return msg.get("result", {})
            self._note(msg)

    async def output(self, needle: str, timeout: float) -> bool:
        """Wait until the page's websocket has received `needle`; False after `timeout` s."""
        end = time.monotonic() + timeout
        while needle not in self.received and time.monotonic() < end:
            try:
                msg = await self.ws.receive(timeout=max(0.01, end - time.monotonic()))
            except TimeoutError:
                break
            self._note(json.loads(msg.data))
        return needle in self.received

    async def value(self, expression: str) -> object:
        return (await self.call("Runtime.evaluate", expression=expression))["result"].get("value")


async def drive(debug_port: int, log_dir: Path) -> None:
    async with aiohttp.ClientSession() as http:
        for _ in range(100):
            try:
                pages = await (await http.get(f"http://127.0.0.1:{debug_port}/json")).json()
                if pages:
                    break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.2)
        async with http.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            page = Page(ws)
            await page.call("Network.enable")  # to see the console's first screen arrive
            for _ in range(150):  # the page loads, opens its websocket, the app starts
                if await page.value("!!document.querySelector('.textual-terminal.-connected .xterm-screen')"):
                    break
                await asyncio.sleep(0.2)
            else:
                raise AssertionError("the terminal never connected")
            before = sorted(log_dir.glob("*.toml"))
            # the console's first screen, its title bar saying the campaign is saved (the
            # terminal is a canvas, so it is read off the websocket); 3 s if it went by unseen
            await page.output("saved ✓", timeout=3)
            await page.value("document.querySelector('.xterm-helper-textarea').focus()")
            await page.call(
                "Input.dispatchKeyEvent",
                type="keyDown",
                key="n",
                code="KeyN",
                text="n",
                windowsVirtualKeyCode=78,
            )
            await page.call(
                "Input.dispatchKeyEvent", type="keyUp", key="n", code="KeyN", windowsVirtualKeyCode=78
            )
            deadline = time.monotonic() + 30
            while sorted(log_dir.glob("*.toml")) == before and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
            assert sorted(log_dir.glob("*.toml")) != before, "the key never reached the console"


def test_a_key_pressed_in_the_browser_reaches_the_console(tmp_path: Path) -> None:
    root = tmp_path / "torg"
    shutil.copytree(CAMPAIGNS / "torg-demo", root, ignore=shutil.ignore_patterns(".lock"))
    debug_port = free_port()
    server, link = start_serve(root)  # the link holds the run's token
    browser = None
    try:
        wait_for_page(link, server)
        browser = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={tmp_path / 'profile'}",
                f"--remote-debugging-port={debug_port}",
                "--window-size=1200,800",
                link,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        asyncio.run(drive(debug_port, root / "log"))
        new = [p for p in (root / "log").glob("*.toml") if not p.name.startswith("2026-11-21")]
        assert new and 'kind = "turn"' in new[0].read_text()
    finally:
        if browser is not None:
            browser.terminate()
            browser.wait(timeout=10)
        server.terminate()
        server.wait(timeout=10)
