"""Table sockets in tests: channels' WebsocketCommunicator on the project's routes, logged in
as a given user; shared by the socket tests (test modules import this, never one another)."""

from __future__ import annotations

import json

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from tables.routing import websocket_urlpatterns
from tests.conftest import BUSY_BOX_SECONDS

app = URLRouter(websocket_urlpatterns)


async def connect(user, table_id):
    comm = WebsocketCommunicator(app, f"/ws/tables/{table_id}/")
    comm.scope["user"] = user
    connected, code = await comm.connect()
    return comm, connected, code


async def receive(comm, kind, timeout=BUSY_BOX_SECONDS):
    """The next message of type ``kind`` (others are skipped)."""
    return await receive_first(comm, lambda message: message["type"] == kind, timeout)


async def receive_first(comm, wanted, timeout=BUSY_BOX_SECONDS):
    """The next message for which ``wanted(message)`` is true (others are skipped)."""
    while True:
        message = json.loads(await comm.receive_from(timeout=timeout))
        if wanted(message):
            return message


async def close_code(comm, timeout=BUSY_BOX_SECONDS):
    """The code the server closes the socket with (the messages before it are skipped)."""
    while (output := await comm.receive_output(timeout=timeout))["type"] != "websocket.close":
        pass
    return output["code"]


async def drain(comm):
    """Everything queued for this socket now (what is still on its way is not: wait for a
    message that must come, with :func:`receive_first`, before saying one did not)."""
    out = []
    while not await comm.receive_nothing(timeout=0.05):
        out.append(json.loads(await comm.receive_from()))
    return out
