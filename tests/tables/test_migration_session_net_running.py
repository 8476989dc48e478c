"""Migration 0027 gives every member's closed session its running total before it
(``SessionNet.earlier``), in the order the sessions ended, per club: what the money book's
debt ages are looked up by."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tables", "0026_session_nets")]
AFTER = [("tables", "0027_session_net_running")]


@pytest.mark.django_db(transaction=True)
def test_each_members_running_total_is_counted_in_the_order_sessions_ended() -> None:
    executor = MigrationExecutor(connection)
    clubs = [n for n in executor.loader.graph.leaf_nodes() if n[0] == "pokerclub"]
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE + clubs).apps
        Club = old.get_model("pokerclub", "Club")
        User = old.get_model("pokerclub", "User")
        Table = old.get_model("tables", "Table")
        SessionNet = old.get_model("tables", "SessionNet")
        one, two = Club.objects.create(name="A", slug="a"), Club.objects.create(name="B", slug="b")
        ann = User.objects.create(email="ann@example.com", display_name="Ann")
        day = [datetime(2026, 11, d, 22, tzinfo=UTC) for d in (1, 2, 3)]
        # written out of order, as an import of an older game would be
        rows = [(one, day[2], -30), (one, day[0], 50), (two, day[1], 7), (one, day[1], -5)]
        ids = []
        for club, ended, net in rows:
            table = Table.objects.create(club=club, name=f"{club.slug}{ended.day}")
            ids.append(
                SessionNet.objects.create(
                    table=table, club=club, user=ann, net=net, ended_at=ended
                ).pk
            )
        house = SessionNet.objects.create(table=table, club=two, user=None, net=3, ended_at=day[1])

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER + clubs).apps.get_model("tables", "SessionNet")
        earlier = [new.objects.get(pk=pk).earlier for pk in ids]
        # club A: +50 (1st), -5 (2nd), -30 (3rd); club B counts on its own
        assert earlier == [45, 0, 0, 50]
        assert new.objects.get(pk=house.pk).earlier == 0
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
