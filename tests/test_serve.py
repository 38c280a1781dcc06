"""`gmconsole serve` as a running server, open to the GM alone: the page is served, and behind
its websocket the console starts and draws the campaign; the page and the websocket answer only
to the token in the printed link, the websocket only to the page's own Origin, consoles are
capped, and the page's URLs follow the Host it was asked for. A port in use and a folder that
is no campaign are one line each. Everything binds and connects to 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from gmconsole.tui.serve import GuardedServer

CAMPAIGNS = Path(__file__).resolve().parents[1] / "campaigns"

STAND_IN = """
import os, sys
out = sys.stdout.buffer
out.write(b"__GANGLION__\\n")
text = b"stand-in console\\r\\n"
out.write(b"D" + len(text).to_bytes(4, "big") + text)
out.flush()
seen = b""
while b"quit" not in seen:
    data = os.read(0, 4096)
    if not data:
        break
    seen = seen[-8:] + data
"""
"""A console as textual-serve sees one (its prelude, a line of output), that ends when told to
quit: the guard tests need consoles to count, not four real ones."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(campaign: Path, *extra: str) -> tuple[subprocess.Popen, str]:
    """`gmconsole serve` on a free loopback port; returns the process and the link it printed."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gmconsole", "serve", str(campaign), "--port", str(port), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    for _ in range(5):
        line = proc.stdout.readline()
        found = re.search(r"http://\S+", line)
        if found:
            return proc, found.group()
    proc.kill()
    raise AssertionError(f"serve printed no link: {proc.communicate()}")


def wait_for_page(url: str, proc: subprocess.Popen, timeout: float = 30) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"serve exited: {proc.stderr.read() if proc.stderr else ''}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read().decode("utf-8")
        except urllib.error.HTTPError:
            raise
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"no page at {url} within {timeout} s")


def websocket_url(page: str) -> str:
    found = re.search(r'data-session-websocket-url="([^"]+)"', page)
    assert found, page[:500]
    return found.group(1)


async def app_output(url: str, origin: str, needle: str, timeout: float = 60) -> bool:
    """Connect as the page's script does and read what the app writes until `needle` shows."""
    seen = ""
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(f"{url}?width=100&height=30", headers={"Origin": origin}) as ws,
    ):
        await ws.send_json(["resize", {"width": 100, "height": 30}])
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                msg = await ws.receive(timeout=max(0.1, end - time.monotonic()))
            except TimeoutError:
                break
            if msg.type == aiohttp.WSMsgType.BINARY:
                seen += msg.data.decode("utf-8", "replace")
            elif msg.type == aiohttp.WSMsgType.TEXT:
                seen += msg.data
            else:
                break
            if needle in seen:
                return True
    return False


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    root = tmp_path / "torg"
    shutil.copytree(CAMPAIGNS / "torg-demo", root, ignore=shutil.ignore_patterns(".lock"))
    return root


@pytest.mark.parametrize("player", [False, True])
def test_serve_answers_with_the_page_and_runs_the_app_behind_it(campaign: Path, player: bool) -> None:
    proc, link = start_serve(campaign, *(["--player"] if player else []))
    try:
        assert link.startswith("http://127.0.0.1:") and "?token=" in link
        page = wait_for_page(link, proc)
        assert "<html" in page.lower()
        ws = websocket_url(page)
        assert ws.startswith("ws://127.0.0.1:") and ws.endswith(link.split("?token=")[1])
        origin = link.split("/?")[0]
        assert asyncio.run(app_output(ws, origin, "Delaware Crossing"))
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_listening_beyond_this_machine_warns_and_links_to_it(
    campaign: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--host 0.0.0.0`, read without listening there: the tests bind to 127.0.0.1 only."""
    from gmconsole.cli import main

    served: list[GuardedServer] = []
    monkeypatch.setattr(GuardedServer, "serve", lambda self: served.append(self))
    monkeypatch.setattr(socket.socket, "bind", lambda self, address: None)
    assert main(["serve", str(campaign), "--host", "0.0.0.0", "--port", "8123"]) == 0
    out, err = capsys.readouterr()
    assert "warning: listening on 0.0.0.0" in err
    assert f"http://127.0.0.1:8123/?token={served[0].token}" in out and len(served[0].token) >= 32


def test_max_consoles_is_a_bounded_whole_number(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gmconsole.cli import main

    for bad in ("0", "٣", "1000", "x"):
        assert main(["serve", str(campaign), "--max-consoles", bad]) == 1
        assert "--max-consoles must be a whole number from 1 to 64" in capsys.readouterr().err


def test_a_port_in_use_is_one_line(campaign: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "gmconsole", "serve", str(campaign), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert (
        done.stderr.startswith(f"gmconsole: cannot listen on 127.0.0.1:{port}")
        and done.stderr.count("\n") == 1
    )


def test_serving_a_folder_that_is_no_campaign_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gmconsole", "serve", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "is not a campaign folder" in done.stderr


# ---------------------------------------------------------------- the guards, in this process

TOKEN = "t0ken-of-this-run"


@pytest.fixture
async def server() -> AsyncIterator[tuple[GuardedServer, str]]:
    """A guarded server running stand-in consoles, on a free loopback port: (server, base URL)."""
    command = shlex.join([sys.executable, "-c", STAND_IN])
    guarded = GuardedServer(command, host="127.0.0.1", port=0, title="test", token=TOKEN, max_consoles=2)
    test_server = TestServer(await guarded._make_app(), host="127.0.0.1")
    await test_server.start_server()
    try:
        yield guarded, f"http://127.0.0.1:{test_server.port}"
    finally:
        for _ in range(200):  # the consoles of closed websockets stop and are waited for
            if guarded.consoles == 0:
                break
            await asyncio.sleep(0.02)
        await test_server.close()


async def status(url: str, **headers: str) -> int:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as response:
        return response.status


async def test_the_page_answers_only_to_the_token(server: tuple[GuardedServer, str]) -> None:
    _, base = server
    assert await status(f"{base}/") == 403
    assert await status(f"{base}/?token=guess") == 403
    assert await status(f"{base}/?token={TOKEN}") == 200


async def test_the_page_builds_its_urls_from_the_host_it_was_asked_for(
    server: tuple[GuardedServer, str],
) -> None:
    _, base = server
    async with aiohttp.ClientSession() as http:
        headers = {"Host": "gm-laptop.example:9000"}  # another device, or a tunnel to another port
        async with http.get(f"{base}/?token={TOKEN}", headers=headers) as response:
            page = await response.text()
    assert websocket_url(page) == f"ws://gm-laptop.example:9000/ws/{TOKEN}"
    assert 'src="http://gm-laptop.example:9000/static/js/textual.js"' in page
    assert "0.0.0.0" not in page and "ws://127.0.0.1" not in page


async def connect(url: str, origin: str | None) -> tuple[int | None, str]:
    """(the refusal's HTTP status or None, what the console wrote before it closed or 2 s)."""
    headers = {} if origin is None else {"Origin": origin}
    async with aiohttp.ClientSession() as http:
        try:
            ws = await http.ws_connect(url, headers=headers)
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status, ""
        seen = ""
        async with ws:
            while "stand-in" not in seen and "consoles are open" not in seen:
                try:
                    msg = await ws.receive(timeout=2)
                except TimeoutError:
                    break
                if msg.type != aiohttp.WSMsgType.BINARY:
                    break
                seen += msg.data.decode()
        return None, seen


async def test_a_websocket_without_the_token_or_from_another_origin_is_refused(
    server: tuple[GuardedServer, str],
) -> None:
    guarded, base = server
    ws, own = base.replace("http", "ws"), base
    assert await connect(f"{ws}/ws", own) == (403, "")
    assert await connect(f"{ws}/ws/guess", own) == (403, "")
    assert await connect(f"{ws}/ws/{TOKEN}", "http://evil.example") == (403, "")
    assert await connect(f"{ws}/ws/{TOKEN}", None) == (403, "")
    assert await connect(f"{ws}/ws/{TOKEN}", "http://127.0.0.1:1") == (403, "")  # another local port
    assert guarded.consoles == 0
    refused, seen = await connect(f"{ws}/ws/{TOKEN}", own)
    assert refused is None and "stand-in console" in seen


async def test_consoles_past_the_cap_are_refused_with_a_message(server: tuple[GuardedServer, str]) -> None:
    guarded, base = server
    url, headers = f"{base.replace('http', 'ws')}/ws/{TOKEN}", {"Origin": base}
    async with aiohttp.ClientSession() as http:
        open_ones = [await http.ws_connect(url, headers=headers) for _ in range(2)]
        for ws in open_ones:
            assert "stand-in" in (await ws.receive(timeout=30)).data.decode()
        assert guarded.consoles == 2
        async with http.ws_connect(url, headers=headers) as third:
            message = await third.receive(timeout=10)
            assert "2 consoles are open" in message.data.decode()
            assert (await third.receive(timeout=10)).type == aiohttp.WSMsgType.CLOSE
            assert third.close_code == 1013
        assert guarded.consoles == 2
        await open_ones[0].close()
        for _ in range(100):
            if guarded.consoles < 2:
                break
            await asyncio.sleep(0.05)
        again = await http.ws_connect(url, headers=headers)
        assert "stand-in" in (await again.receive(timeout=30)).data.decode()
        for ws in (again, open_ones[1]):
            await ws.close()
