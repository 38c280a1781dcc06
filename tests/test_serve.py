"""`gmconsole serve` as a running server: the page is served, and behind its websocket the
console starts and draws the campaign; a port in use and a folder that is no campaign are one
line each."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import aiohttp
import pytest

CAMPAIGNS = Path(__file__).resolve().parents[1] / "campaigns"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_page(url: str, proc: subprocess.Popen, timeout: float = 30) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"serve exited: {proc.stderr.read() if proc.stderr else ''}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read().decode("utf-8")
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"no page at {url} within {timeout} s")


async def app_output(url: str, needle: str, timeout: float = 60) -> bool:
    """Connect as the page's script does and read what the app writes until `needle` shows."""
    seen = ""
    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
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
    port = free_port()
    args = [sys.executable, "-m", "gmconsole", "serve", str(campaign), "--port", str(port)]
    proc = subprocess.Popen(
        [*args, *(["--player"] if player else [])], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        page = wait_for_page(f"http://127.0.0.1:{port}/", proc)
        assert "<html" in page.lower() and "/ws" in page
        needle = "Delaware Crossing"
        assert asyncio.run(app_output(f"ws://127.0.0.1:{port}/ws?width=100&height=30", needle))
    finally:
        proc.terminate()
        proc.wait(timeout=10)


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
