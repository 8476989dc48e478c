"""Table sockets in tests: channels' WebsocketCommunicator on the project's routes, logged in
as a given user; shared by the socket tests (test modules import this, never one another)."""

from __future__ import annotations

import json

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from tables.routing import websocket_urlpatterns

app = URLRouter(websocket_urlpatterns)


async def connect(user, table_id):
    comm = WebsocketCommunicator(app, f"/ws/tables/{table_id}/")
    comm.scope["user"] = user
    connected, code = await comm.connect()
    return comm, connected, code


async def receive(comm, kind, timeout=3):
    """The next message of type ``kind`` (others are skipped)."""
    while True:
        message = json.loads(await comm.receive_from(timeout=timeout))
        if message["type"] == kind:
            return message


async def drain(comm):
    """Everything queued for this socket now."""
    out = []
    while not await comm.receive_nothing(timeout=0.05):
        out.append(json.loads(await comm.receive_from()))
    return out
