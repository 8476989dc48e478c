"""The real services: PostgreSQL for the database and Redis for the channel layer across
processes. Under REQUIRE_SERVICES=1 (CI) a missing service fails these tests."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import threading

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import require_service, run_async


def test_ci_runs_on_postgresql_with_the_connection_pool(db):
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "DATABASE_URL does not point at PostgreSQL")
    assert connection.vendor == "postgresql"
    assert "pool" in settings.DATABASES["default"]["OPTIONS"]
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone() == (1,)


@pytest.mark.django_db(transaction=True)
def test_last_use_of_an_invitation_goes_to_exactly_one_of_two_racing_people():
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "row locks need PostgreSQL")
    from django.db import close_old_connections

    from pokerclub import actions
    from pokerclub.actions import ClubError
    from pokerclub.models import Membership, User

    owner = User.objects.create_user(email="o@example.com", display_name="Owner")
    club = actions.create_club(owner, name="Race")
    inv = actions.create_invitation(owner, club, max_uses=1)
    racers = [
        User.objects.create_user(email=f"r{i}@example.com", display_name=f"R{i}") for i in range(2)
    ]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def accept(user):
        barrier.wait()
        try:
            actions.accept_invitation(user, inv.token)
            outcomes.append("joined")
        except ClubError as error:
            outcomes.append(error.code)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=accept, args=(u,)) for u in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["invitation_used_up", "joined"]
    inv.refresh_from_db()
    assert inv.uses == 1
    assert Membership.objects.filter(club=club).count() == 2


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
        message = await asyncio.wait_for(layer.receive(channel), timeout=10)
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

    async def consumer(queried, done):
        await database_sync_to_async(lambda: Table.objects.count())()
        queried.append(True)
        await done.wait()  # the socket stays open, its task and context alive

    async def main():
        queried, done = [], asyncio.Event()
        tasks = [asyncio.create_task(consumer(queried, done)) for _ in range(30)]
        while len(queried) < 30:  # every socket has made its query and stays open
            await asyncio.sleep(0.01)
        stats = await database_sync_to_async(lambda: connections["default"].pool.get_stats())()
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
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    size, available, requests = (int(x) for x in result.stdout.split())
    assert requests >= 30 and available == size  # every connection back in the pool


def test_behind_pgbouncer_the_settings_keep_nothing_in_the_server_session():
    """DB_PGBOUNCER=1 (transaction pooling, docs/deploy.md): no server-side cursors, no
    prepared statements, and PgBouncer pools instead of Django."""
    probe = (
        "import django, json, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'pokerclub.settings';"
        " django.setup(); from django.conf import settings; db = settings.DATABASES['default'];"
        " print(json.dumps([db.get('DISABLE_SERVER_SIDE_CURSORS'), db['OPTIONS']]))"
    )
    env = {**os.environ, "DATABASE_URL": "postgres://u@127.0.0.1:6432/pokerclub"}
    for pgbouncer, expected in (
        ("1", [True, {"prepare_threshold": None}]),
        ("0", [False, {"pool": {"min_size": 2, "max_size": 20, "timeout": 10}}]),
    ):
        result = subprocess.run(
            [sys.executable, "-c", probe],
            env={**env, "DB_PGBOUNCER": pgbouncer, "DB_POOL_MIN": "2", "DB_POOL_MAX": "20"},
            capture_output=True,
            text=True,
            cwd=settings.BASE_DIR,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == expected


@pytest.mark.parametrize("kind", ["pubsub", "core"])
def test_several_redis_urls_shard_the_channel_layer_over_every_server(kind):
    from pokerclub.settings import redis_channel_layer

    config = redis_channel_layer(kind, "redis://a:6379/0, redis://b:6380/0")["CONFIG"]
    assert config["hosts"] == ["redis://a:6379/0", "redis://b:6380/0"]


def test_deploy_check_passes_with_debug_off_and_real_values():
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-key-0123456789",
        "ALLOWED_HOSTS": "poker.example.com",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_settings_refuse_to_start_without_secret_key_when_debug_is_off():
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        env=env,
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_seed_demo_creates_demo_club_and_players_once(capsys):
    from django.core.management import call_command

    from pokerclub.models import Club, Membership

    call_command("seed_demo")
    call_command("seed_demo")
    out = capsys.readouterr().out
    assert "alice@demo.pokerclub.test" in out and "pokerclub-demo" in out
    club = Club.objects.get(slug="demo")
    assert Membership.objects.filter(club=club).count() == 4
    assert Membership.objects.get(club=club, role="owner").user.display_name == "Alice"
    from tables.play.models import Table

    assert list(Table.objects.filter(club=club).values_list("name", "max_seats")) == [
        ("Demo table", 6)
    ]


def test_asgi_application_routes_http_and_websocket():
    from pokerclub.asgi import application

    assert set(application.application_mapping) == {"http", "websocket"}
