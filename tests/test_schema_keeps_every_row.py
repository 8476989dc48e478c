"""A database of the code at main 03b974d, migrated by the current code, keeps every row of
the apps ``tables`` and ``pokerclub`` where the current models read it.

The modules of ``tables`` move into sub-packages (``tables/play/``, ``tables/tournaments/``,
``tables/hands/``, ``tables/money/``) inside the one Django app: the same app labels, the
same tables, no data moved. This proves it on a real database: the dump
``tests/fixtures/main-03b974d.sql`` (schema, rows and ``django_migrations`` of a database
migrated and filled by the code of 03b974d, every model with rows) is loaded into a scratch
database on the PostgreSQL server of ``DATABASE_URL``; the current code's ``manage.py
migrate`` must succeed on it and ``makemigrations --check`` find nothing to write; then,
through the current models, each model of the two apps (with the user model's many-to-many
tables) must count exactly the rows its table had in the dump, read them all with every
concrete field, and be the only reader of a table of the dump: a model pointed at another
table (``db_table``) or column (``db_column``) without the schema following, a model left
behind or a table left unread fails here.

A model added after 03b974d is read too (its table comes from a migration and starts
empty). Regenerating the dump (it is filled through 03b974d's own services):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python tests/fixtures/make_main_03b974d.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.conftest import BUSY_BOX_SECONDS, require_service

pytestmark = pytest.mark.services

ROOT = Path(__file__).resolve().parents[1]
DUMP = ROOT / "tests" / "fixtures" / "main-03b974d.sql"
APPS = ("tables", "pokerclub")

READER = textwrap.dedent(
    """
    import json, os, sys
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")
    import django
    django.setup()
    from django.apps import apps
    from django.contrib.contenttypes.models import ContentType

    labels = sys.argv[1:]
    models = []
    for label in labels:
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            names = [field.attname for field in model._meta.concrete_fields]
            read = {"model": model._meta.label, "table": model._meta.db_table}
            try:
                read["count"] = model.objects.count()
                read["values"] = len(list(model.objects.values_list(*names)))
                read["instances"] = len(list(model.objects.all()))
            except Exception as error:  # a column or table that is not there: say which
                read["error"] = f"{type(error).__name__}: {error}".strip()
            models.append(read)
    stale = [
        f"{ct.app_label}.{ct.model}"
        for ct in ContentType.objects.filter(app_label__in=labels)
        if ct.model_class() is None
    ]
    print(json.dumps({"models": models, "stale_content_types": stale}))
    """
)
"""Run with the current code on the migrated scratch database: per model of the apps, its
table, ``objects.count()``, and how many rows ``values_list`` of every concrete field's
column and whole instances read (or the error reading them); and the apps' content types no
model answers to any more."""


def _server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        require_service("PostgreSQL", "DATABASE_URL does not point at PostgreSQL")
    return url


def _database_url(server: str, name: str) -> str:
    return urlunsplit(urlsplit(server)._replace(path=f"/{name}"))


def _dump_sql() -> str:
    """The dump without psql's meta-commands: pg_dump (since 15.14) fences a plain dump
    with ``\\restrict KEY`` and ``\\unrestrict KEY``, which only psql understands."""
    text = DUMP.read_text(encoding="utf-8")
    return re.sub(r"(?m)^\\(?:un)?restrict \S+$", "", text)


def _load_dump(url: str) -> dict[str, int]:
    """Load the dump into the empty database at ``url``; {table: rows} of the apps' tables."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(_dump_sql())  # no parameters: the statements go as one simple query
    with psycopg.connect(url, autocommit=True) as conn:
        tables = [
            name
            for (name,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                " AND split_part(tablename, '_', 1) = ANY(%s) ORDER BY tablename",
                [list(APPS)],
            )
        ]
        counts = {}
        for name in tables:
            query = f'SELECT count(*) FROM public."{name}"'
            counts[name] = conn.execute(query).fetchone()[0]
    return counts


def _run(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the current code (``python *args`` at the project's root) on the database at
    ``url``."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url, "DB_POOL": "0"},
        capture_output=True,
        text=True,
        timeout=BUSY_BOX_SECONDS,
    )


def test_a_database_filled_at_main_03b974d_migrates_and_every_row_is_read():
    import psycopg

    server = _server_url()
    name = f"keeprows_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        admin = psycopg.connect(server, autocommit=True, connect_timeout=10)
    except psycopg.OperationalError as error:
        require_service("PostgreSQL", f"cannot connect to DATABASE_URL: {error}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = _database_url(server, name)
    try:
        dumped = _load_dump(url)
        assert dumped, "the dump has no table of the apps"
        empty = sorted(table for table, rows in dumped.items() if not rows)
        assert not empty, f"the dump has tables without rows: {empty}"

        migrate = _run(url, "manage.py", "migrate", "--noinput")
        assert migrate.returncode == 0, migrate.stdout + migrate.stderr
        check = _run(url, "manage.py", "makemigrations", "--check", "--dry-run")
        assert check.returncode == 0, (
            "the models differ from their migrations:\n" + check.stdout + check.stderr
        )

        reader = _run(url, "-c", READER, *APPS)
        assert reader.returncode == 0, reader.stdout + reader.stderr
        read = json.loads(reader.stdout.strip().splitlines()[-1])
        models = read["models"]
        assert {m["model"].split(".")[0] for m in models} == set(APPS)
        wrong = [
            f"{m['model']} (table {m['table']}): "
            + (
                m["error"]
                if "error" in m
                else f"{m['count']} counted, {m['values']} values and {m['instances']} "
                f"instances read, {dumped.get(m['table'], 'no such table')} in the dump"
            )
            for m in models
            if "error" in m
            or not (m["count"] == m["values"] == m["instances"])
            # a model of 03b974d reads its rows; one added since starts empty, from a migration
            or (m["table"] in dumped and not 0 < m["count"] == dumped[m["table"]])
        ]
        assert not wrong, "rows not read as the dump has them:\n" + "\n".join(wrong)
        unread = sorted(set(dumped) - {m["table"] for m in models})
        assert not unread, f"tables of the dump that no model reads: {unread}"
        assert not read["stale_content_types"], (
            "content types (permissions, admin log) of a model that is gone: "
            f"{read['stale_content_types']}"
        )
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
