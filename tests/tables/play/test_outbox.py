"""What a socket's service commits is broadcast once, by the socket's coroutine when it is
still waiting, else by the commit itself (``tables.play.actions.common.Outbox``), on the
configured channel layer (Redis in CI)."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection, transaction

from tables.play.actions.common import Outbox, run_collecting, send_collected, send_on_commit

pytestmark = pytest.mark.django_db(transaction=True)

GROUP = "outbox-test"


def _service(text: str) -> None:
    with transaction.atomic():
        send_on_commit(GROUP, {"type": "table.notice", "text": text})


def _in_thread(func: object, *args: object) -> None:
    """Run in an executor's thread, as a socket's service runs; its connection is closed
    after, as the socket's ``database_sync_to_async`` closes it."""
    try:
        func(*args)  # type: ignore[operator]
    finally:
        connection.close()


async def _listen() -> tuple[object, str]:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    return layer, channel


async def _next(layer: object, channel: str) -> dict:
    return await asyncio.wait_for(layer.receive(channel), timeout=30)  # type: ignore[attr-defined]


def test_a_waiting_socket_gets_its_commits_messages_to_send_itself_in_commit_order():
    outbox = Outbox()
    run_collecting(outbox, _service, "first")
    run_collecting(outbox, _service, "second")

    async def scenario() -> list[str]:
        layer, channel = await _listen()
        await send_collected(outbox)
        got = [await _next(layer, channel), await _next(layer, channel)]
        await layer.group_discard(GROUP, channel)  # type: ignore[attr-defined]
        return [m["text"] for m in got]

    assert async_to_sync(scenario)() == ["first", "second"]
    assert outbox.close() == []  # sent once: nothing is left to send again


def test_a_commit_after_its_socket_stopped_waiting_is_broadcast_by_the_commit():
    """The socket's coroutine was cancelled (it went away) while its service was still in
    the worker thread: the service's commit comes later and must still reach the table."""

    async def scenario() -> str:
        layer, channel = await _listen()
        outbox = Outbox()
        await send_collected(outbox)  # what the cancelled coroutine's ``finally`` does
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, _in_thread, run_collecting, outbox, _service, "late")
        message = await _next(layer, channel)
        await layer.group_discard(GROUP, channel)  # type: ignore[attr-defined]
        return message["text"]

    assert async_to_sync(scenario)() == "late"


def test_a_commit_outside_a_socket_broadcasts_at_once():
    async def scenario() -> str:
        layer, channel = await _listen()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, _in_thread, _service, "from the clock")
        message = await _next(layer, channel)
        await layer.group_discard(GROUP, channel)  # type: ignore[attr-defined]
        return message["text"]

    assert async_to_sync(scenario)() == "from the clock"
