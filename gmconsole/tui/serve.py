"""`gmconsole serve`: the console in a browser, open to the GM alone.

textual-serve runs a console behind every websocket its page opens, for any page and any
local user that asks: a page the GM visits could open `ws://127.0.0.1:8000/ws` with its own
Origin and type `:dmg` into the campaign, another user on the machine could do the same, and
ten sockets started ten consoles (543 MB). `GuardedServer` is textual-serve's server with
three locks on that door, as notebook servers have:

- a secret made for each run, in the link printed at start (`/?token=...`): the page and the
  websocket (`/ws/<token>`) answer only to it, so other local users and other sites cannot
  connect;
- the websocket's Origin must be the page's own (the scheme and Host it was asked for), so
  a page elsewhere cannot use a token it has seen;
- at most `max_consoles` consoles at once; one more is refused with a message.

The page builds its URLs from the request's Host, so a browser on another device (`--host
0.0.0.0`), or through a tunnel to another local port, connects to where it found the page.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("gmconsole.serve")

DEFAULT_MAX_CONSOLES = 4
"""Consoles a server runs at once (each a process of its own, about 50 MB)."""

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def new_token() -> str:
    """A secret for one run of the server (32 URL-safe characters, 192 bits)."""
    return secrets.token_urlsafe(24)


class GuardedServer(Server):
    """textual-serve's server, answering only to its token, its own Origin, up to a cap."""

    def __init__(
        self, command: str, *, host: str, port: int, title: str, token: str,
        max_consoles: int = DEFAULT_MAX_CONSOLES,
    ) -> None:
        super().__init__(command, host=host, port=port, title=title)
        self.token = token
        self.max_consoles = max_consoles
        self.consoles = 0
        """Consoles running now (websockets past the checks)."""

    @property
    def link(self) -> str:
        """The URL to open, printed at start: this machine's address when listening on all."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.port}/?token={self.token}"

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/ws/{token}", self.handle_websocket, name="console")
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `gmconsole serve` prints the link itself (textual-serve printed one without
        the token)."""

    def _token_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """textual-serve's page, its URLs built from the Host it was asked for (textual-serve
        built them from the listening address: `ws://0.0.0.0:8000` for `--host 0.0.0.0`)."""
        if not self._token_ok(request.query.get("token")):
            raise web.HTTPForbidden(
                text="This gmconsole needs the link printed when it started (it holds a token).\n"
            )
        scheme = "https" if request.secure else "http"
        return {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{'wss' if request.secure else 'ws'}://{request.host}/ws/{self.token}",
            "config": {"static": {"url": f"{scheme}://{request.host}/static/"}},
            "application": {"name": self.title},
        }

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        if not self._token_ok(request.match_info.get("token")):
            raise web.HTTPForbidden(text="no console without the token\n")
        if not same_origin(request):
            origin = request.headers.get("Origin", "none")
            log.warning("refused a websocket from Origin %s (the page is at %s)", origin, request.host)
            raise web.HTTPForbidden(text="no console for a page from another origin\n")
        if self.consoles >= self.max_consoles:
            return await self._refuse_full(request)
        self.consoles += 1
        try:
            return await self._run_console(request)
        finally:
            self.consoles -= 1

    async def _run_console(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's websocket handler, with a console that is waited for when it ends
        (`ClosingAppService`)."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app_service: ClosingAppService | None = None
        try:
            await websocket.prepare(request)
            app_service = ClosingAppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # as textual-serve: logged, and the server goes on
            log.exception(error)
        finally:
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def _refuse_full(self, request: web.Request) -> web.WebSocketResponse:
        """Say so on the page's terminal, then close: a refusal before the websocket opens
        would leave the page blank."""
        websocket = web.WebSocketResponse()
        await websocket.prepare(request)
        message = (
            f"gmconsole: {self.consoles} consoles are open, as many as this server runs at once "
            f"(serve --max-consoles). Close one, then reload this page.\r\n"
        )
        await websocket.send_bytes(message.encode())
        await websocket.close(code=1013, message=b"too many consoles")  # 1013: try again later
        return websocket


class ClosingAppService(AppService):
    """textual-serve's console process, closed when it stops: asked to quit, given
    `QUIT_SECONDS`, then its transport closed (which kills it if it is still running), whatever
    went wrong on the way (a pipe already broken, a cancelled handler). textual-serve left the
    transport to the garbage collector, which closed it after the event loop was gone."""

    QUIT_SECONDS = 5.0

    async def stop(self) -> None:
        process = self._process
        try:
            await asyncio.wait_for(super().stop(), self.QUIT_SECONDS)
        except (TimeoutError, OSError):
            pass  # it is closed below all the same
        finally:
            transport = getattr(process, "_transport", None)
            if transport is not None:
                transport.close()


def same_origin(request: web.Request) -> bool:
    """The websocket's Origin is the page's own: the scheme and Host the page was asked for
    (a browser always sends Origin; a request without one is no page's and is refused)."""
    origin = request.headers.get("Origin")
    if not origin:
        return False
    scheme = "https" if request.secure else "http"
    return origin.rstrip("/").lower() == f"{scheme}://{request.host}".lower()
