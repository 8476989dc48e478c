"""A stand-in for the server, to test the table page without one.

The page is the real template rendered with unsaved model instances; its static files come from
``static/``; everything is served to the browser through Playwright routes under a made-up
origin, and the table's WebSocket is answered by :class:`FakeTableServer`, which records what
the page sends and pushes whatever ``state`` the test gives it. Nothing here ships.
"""

from __future__ import annotations

import json
import mimetypes
import time
from copy import deepcopy
from pathlib import Path
from typing import Any

from django.template.loader import render_to_string

BASE_DIR = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
ORIGIN = "http://table.test"
TABLE_PATH = "/clubs/friday/tables/1/"
WS_PATH = "/ws/tables/1/"


def load_state(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text())


class FakeUser:
    is_authenticated = True
    email = "dana@example.com"

    def __str__(self) -> str:
        return "Dana"


def render_table_page(state: dict[str, Any] | None, is_host: bool = True) -> str:
    from pokerclub.models import Club
    from tables.play.models import Table

    club = Club(name="Friday Game", slug="friday")
    table = Table(pk=1, club=club, name=state["table"]["name"] if state else "Friday")
    membership = type("FakeMembership", (), {"is_host": is_host, "is_owner": is_host})()
    context = {
        "table": table,
        "membership": membership,
        "ws_path": WS_PATH,
        "initial_state": state,
        "user": FakeUser(),
    }
    return render_to_string("play/table.html", context)


class FakeTableServer:
    """Answers the page's WebSocket: replies to ``sync`` with the current state."""

    def __init__(self, page, state: dict[str, Any] | None) -> None:
        self.page = page
        self.state = deepcopy(state)
        self.received: list[dict[str, Any]] = []
        self.sockets: list[Any] = []
        self.connects = 0

    def attach(self, ws) -> None:
        self.connects += 1
        self.sockets.append(ws)
        ws.on_message(lambda message: self._receive(ws, message))

    def _receive(self, ws, message: str) -> None:
        data = json.loads(message)
        self.received.append(data)
        if data.get("type") == "sync" and self.state is not None:
            ws.send(json.dumps(self.state))

    @property
    def ws(self):
        return self.sockets[-1]

    def push(self, message: dict[str, Any]) -> None:
        if message.get("type") == "state":
            self.state = deepcopy(message)
        self.ws.send(json.dumps(message))

    def sent(self, type_: str) -> list[dict[str, Any]]:
        return [m for m in self.received if m.get("type") == type_]

    def wait_for(self, predicate, timeout: float = 5.0):
        """Let the browser run until ``predicate(received)`` is truthy; return its value."""
        end = time.monotonic() + timeout
        while True:
            value = predicate(self.received)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"timed out; the page sent {self.received}")
            self.page.wait_for_timeout(30)


def open_table(context, state: dict[str, Any] | None, is_host: bool = True):
    """Open the table page in ``context`` against a fake server; returns (page, server)."""
    page = context.new_page()
    html = render_table_page(state, is_host=is_host)
    server = FakeTableServer(page, state)

    def serve(route) -> None:
        path = route.request.url[len(ORIGIN) :].split("?")[0]
        if path == TABLE_PATH:
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)
        elif path.startswith("/static/"):
            file = BASE_DIR / "static" / path[len("/static/") :]
            if file.is_file():
                kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
                if file.suffix == ".js":
                    kind = "text/javascript"
                route.fulfill(status=200, content_type=kind, body=file.read_bytes())
            else:
                route.fulfill(status=404, body="not found")
        else:
            route.fulfill(status=204, body="")

    page.route(f"{ORIGIN}/**", serve)
    page.route_web_socket(f"ws://table.test{WS_PATH}", server.attach)
    page.goto(ORIGIN + TABLE_PATH)
    server.wait_for(lambda received: any(m.get("type") == "sync" for m in received))
    return page, server
