"""What pokerclub/settings.py and pokerclub/asgi.py make of the environment a deployment
gives them (docs/deploy.md): behind PgBouncer, several Redis servers, debug off."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings


def test_behind_pgbouncer_the_settings_keep_nothing_in_the_server_session():
    """DB_PGBOUNCER=1 (transaction pooling, docs/deploy.md): no server-side cursors, no
    named prepared statements, and PgBouncer pools instead of Django. Without it, a
    statement run five times on a connection is prepared; either way the server binds the
    parameters."""
    probe = (
        "import django, json, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'pokerclub.settings';"
        " django.setup(); from django.conf import settings; db = settings.DATABASES['default'];"
        " print(json.dumps([db.get('DISABLE_SERVER_SIDE_CURSORS'), db['OPTIONS']]))"
    )
    env = {**os.environ, "DATABASE_URL": "postgres://u@127.0.0.1:6432/pokerclub"}
    for pgbouncer, expected in (
        ("1", [True, {"server_side_binding": True, "prepare_threshold": None}]),
        (
            "0",
            [
                False,
                {
                    "server_side_binding": True,
                    "prepare_threshold": 5,
                    "pool": {"min_size": 2, "max_size": 20, "timeout": 10},
                },
            ],
        ),
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


def test_asgi_application_routes_http_and_websocket():
    from pokerclub.asgi import application

    assert set(application.application_mapping) == {"http", "websocket"}
