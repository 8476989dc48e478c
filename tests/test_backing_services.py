"""The backing services, there and configured as the code needs them: PostgreSQL (with
Django's connection pool) for the database and Redis for the channel layer across processes.
Under REQUIRE_SERVICES=1 (CI) a missing service fails these tests."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import BUSY_BOX_SECONDS, require_service, run_async


def test_ci_runs_on_postgresql_with_the_connection_pool(db):
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "DATABASE_URL does not point at PostgreSQL")
    assert connection.vendor == "postgresql"
    assert "pool" in settings.DATABASES["default"]["OPTIONS"]
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone() == (1,)


SENDER = textwrap.dedent(
    """
    import asyncio, django, os, sys
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    django.setup()
    from channels.layers import get_channel_layer
    async def main():
        await get_channel_layer().group_send(sys.argv[1], {"type": "hello", "n": 42})
    asyncio.run(main())
    """
)


@pytest.mark.parametrize(
    "redis_layer, backend", [("pubsub", "RedisPubSubChannelLayer"), ("core", "RedisChannelLayer")]
)
def test_redis_channel_layer_carries_a_group_message_from_another_process(
    redis_layer, backend, monkeypatch, settings
):
    if not os.environ.get("REDIS_URL"):
        require_service("Redis", "REDIS_URL is not set")
    from channels.layers import channel_layers, get_channel_layer

    monkeypatch.setenv("REDIS_LAYER", redis_layer)  # the sender's settings read it
    from pokerclub.settings import redis_channel_layer

    config = redis_channel_layer(redis_layer, os.environ["REDIS_URL"])
    settings.CHANNEL_LAYERS = {"default": config}

    async def scenario():
        layer = get_channel_layer()
        assert type(layer).__name__ == backend
        channel = await layer.new_channel()
        group = f"ci-{os.getpid()}"
        await layer.group_add(group, channel)
        proc = await asyncio.create_subprocess_exec(sys.executable, "-c", SENDER, group)
        assert await proc.wait() == 0
        message = await asyncio.wait_for(layer.receive(channel), timeout=BUSY_BOX_SECONDS)
        await layer.group_discard(group, channel)
        await layer.flush()
        return message

    try:
        message = run_async(scenario)
    finally:
        channel_layers.backends.clear()
    assert message == {"type": "hello", "n": 42}


POOL_PROBE = textwrap.dedent(
    """
    import asyncio, django, os
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    django.setup()
    from django.db import connections
    from tables.play.consumers import database_sync_to_async
    from tables.play.models import Table
    from tests.conftest import eventually_async

    async def consumer(queried, all_queried, done):
        await database_sync_to_async(lambda: Table.objects.count())()
        queried.append(True)
        if len(queried) == 30:
            all_queried.set()
        await done.wait()  # the socket stays open, its task and context alive

    async def main():
        queried, all_queried, done = [], asyncio.Event(), asyncio.Event()
        tasks = [asyncio.create_task(consumer(queried, all_queried, done)) for _ in range(30)]
        await all_queried.wait()  # every socket has made its query and stays open

        def settled():  # (a connection the pool was still opening when it grew is counted)
            stats = connections["default"].pool.get_stats()
            return stats if stats["pool_available"] == stats["pool_size"] else None

        stats = await eventually_async(
            database_sync_to_async(settled), what="every connection back in the pool"
        )
        done.set()
        await asyncio.gather(*tasks)
        print(stats["pool_size"], stats["pool_available"], stats["requests_num"])

    asyncio.run(main())
    """
)


@pytest.mark.django_db(transaction=True)
def test_socket_queries_give_their_connection_back_to_the_pool():
    """30 open sockets that each made a query hold no database connection: each
    ``database_sync_to_async`` call returns its connection to the pool (a consumer keeping
    one would exhaust a pool of 20 at the 21st socket). Run as a server process runs it,
    outside pytest's event loop and context."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "the connection pool needs PostgreSQL")
    db = connection.settings_dict
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "DB_POOL_MAX": "20",
    }
    result = subprocess.run(
        [sys.executable, "-c", POOL_PROBE],
        env=env,
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        timeout=2 * BUSY_BOX_SECONDS,  # the probe's own wait says what it waited for
    )
    assert result.returncode == 0, result.stderr
    size, available, requests = (int(x) for x in result.stdout.split())
    assert requests >= 30 and available == size  # every connection back in the pool
