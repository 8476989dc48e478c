"""Migration 0011 renames two table settings without losing a host's choices: a table's
rake in percent becomes the same rake in basis points (R13), also when it waits in
``pending_settings``, and the big-blind ante stays on where it was."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tables", "0010_deck_v2")]
AFTER = [("tables", "0011_rename_table_settings")]


@pytest.mark.django_db(transaction=True)
def test_the_rake_and_the_big_blind_ante_survive_the_rename() -> None:
    executor = MigrationExecutor(connection)
    clubs = [n for n in executor.loader.graph.leaf_nodes() if n[0] == "pokerclub"]
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE + clubs).apps
        Club = old.get_model("pokerclub", "Club")
        Table = old.get_model("tables", "Table")
        club = Club.objects.create(name="C", slug="c")
        raked = Table.objects.create(
            club=club,
            name="raked",
            rake_percent=Decimal("2.50"),
            big_blind_ante=True,
            pending_settings={"rake_percent": "5", "big_blind_ante": False, "ante": 3},
        )
        plain = Table.objects.create(club=club, name="plain")

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER + clubs).apps.get_model("tables", "Table")
        raked_after = new.objects.get(pk=raked.pk)
        assert raked_after.rake_bps == 250
        assert raked_after.ante_by_big_blind is True
        assert raked_after.pending_settings == {
            "rake_bps": 500,
            "ante_by_big_blind": False,
            "ante": 3,
        }
        plain_after = new.objects.get(pk=plain.pk)
        assert (plain_after.rake_bps, plain_after.ante_by_big_blind) == (0, False)
        assert plain_after.pending_settings == {}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
