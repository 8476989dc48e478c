"""A stand-in for the server, to test the table page without one.

The page is the real template rendered with unsaved model instances; its static files come from
``static/``; everything is served to the browser through Playwright routes under a made-up
origin, and the table's WebSocket is answered by :class:`FakeTableServer`, which records what
the page sends and pushes whatever ``state`` the test gives it. Nothing here ships.

Before a test says that something did *not* happen, it waits for proof that it had its
chance: :meth:`FakeTableServer.settle` (the page has handled every frame pushed to it) or
:meth:`FakeTableServer.flush` (everything the page sent so far has arrived). Both count on
:data:`COUNT_FRAMES`, a script the harness adds to the page (not the page's own code).
"""

from __future__ import annotations

import contextlib
import json
import mimetypes
from copy import deepcopy
from pathlib import Path
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tests.conftest import BUSY_BOX_SECONDS, eventually

from .conftest import pause_on

BASE_DIR = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
ORIGIN = "http://table.test"
TABLE_PATH = "/clubs/friday/tables/1/"
WS_PATH = "/ws/tables/1/"
MARKER = "harness_marker"  # a message type of the test's own, never the page's

COUNT_FRAMES = """
(() => {
  // After the page's own handler of a WebSocket frame has run, count the frame; keep the
  // socket, so the test can send a marker behind whatever the page has sent on it.
  window.tableFramesHandled = 0;
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && this instanceof window.WebSocket && typeof listener === "function") {
      window.tableSocket = this;
      const handle = listener;
      listener = function (event) {
        try {
          return handle.call(this, event);
        } finally {
          window.tableFramesHandled += 1;
        }
      };
    }
    return add.call(this, type, listener, options);
  };
})();
"""


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
    from tables.play.phrases import phrasebook

    club = Club(name="Friday Game", slug="friday")
    table = Table(pk=1, club=club, name=state["table"]["name"] if state else "Friday")
    membership = type("FakeMembership", (), {"is_host": is_host, "is_owner": is_host})()
    context = {
        "table": table,
        "membership": membership,
        "ws_path": WS_PATH,
        "initial_state": state,
        "phrases": phrasebook(),
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
        self.frames_sent = 0  # to the page, on any of its sockets
        self.markers_sent = 0
        self.markers_back = 0

    def attach(self, ws) -> None:
        self.connects += 1
        self.sockets.append(ws)
        ws.on_message(lambda message: self._receive(ws, message))

    def _receive(self, ws, message: str) -> None:
        data = json.loads(message)
        if data.get("type") == MARKER:
            self.markers_back = data["n"]
            return
        self.received.append(data)
        if data.get("type") == "sync" and self.state is not None:
            self._send(ws, self.state)

    def _send(self, ws, message: dict[str, Any]) -> None:
        self.frames_sent += 1
        ws.send(json.dumps(message))

    @property
    def ws(self):
        return self.sockets[-1]

    def push(self, message: dict[str, Any]) -> None:
        if message.get("type") == "state":
            self.state = deepcopy(message)
        self._send(self.ws, message)

    def sent(self, type_: str) -> list[dict[str, Any]]:
        return [m for m in self.received if m.get("type") == type_]

    def wait_for(self, predicate):
        """Let the browser run until ``predicate(received)`` is truthy; return its value."""
        return eventually(
            lambda: predicate(self.received),
            what=lambda: f"what the test waited for (the page sent {self.received})",
            pause=pause_on(self.page),
        )

    def settle(self) -> None:
        """Wait until the page has handled every frame sent to it so far: whatever they were
        going to change, they have."""
        self.page.wait_for_function(
            "sent => window.tableFramesHandled >= sent",
            arg=self.frames_sent,
            timeout=BUSY_BOX_SECONDS * 1000,
        )

    def flush(self) -> None:
        """Wait until everything the page has sent so far has arrived here: a marker sent on
        the page's socket behind it comes back (one socket keeps its messages in order)."""
        self.markers_sent += 1
        marker = {"type": MARKER, "n": self.markers_sent}
        self.page.evaluate("m => window.tableSocket.send(JSON.stringify(m))", marker)
        eventually(
            lambda: self.markers_back >= marker["n"],
            what="the marker behind the page's messages",
            pause=pause_on(self.page),
        )


def javascript_catalog() -> bytes:
    """What the site serves as its JavaScript catalog, in the active language."""
    from django.test import RequestFactory
    from django.views.i18n import JavaScriptCatalog

    return JavaScriptCatalog.as_view()(RequestFactory().get("/jsi18n/")).content


def open_table(
    context, state: dict[str, Any] | None, is_host: bool = True, language: str | None = None
):
    """Open the table page in ``context`` against a fake server; returns (page, server).
    ``language``: the page and its JavaScript catalog in that language ("it"), not the
    active one."""
    page = context.new_page()
    page.add_init_script(COUNT_FRAMES)
    speaking = (lambda: translation.override(language)) if language else contextlib.nullcontext
    with speaking():
        html = render_table_page(state, is_host=is_host)
    server = FakeTableServer(page, state)

    def serve(route) -> None:
        path = route.request.url[len(ORIGIN) :].split("?")[0]
        if path == TABLE_PATH:
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html)
        elif path == reverse("javascript-catalog"):  # the interface's words (base.html)
            with speaking():
                catalog = javascript_catalog()
            route.fulfill(status=200, content_type="text/javascript", body=catalog)
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
