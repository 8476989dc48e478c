"""Migration 0035 renames the big blind's ante in every stored tournament level to
``ante_by_big_blind`` (what ``engine.tournament.Level.from_json`` reads), and back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine.tournament import Level

BEFORE = [("tables", "0034_help_texts_name_the_modules_new_homes")]
AFTER = [("tables", "0035_levels_say_ante_by_big_blind")]
OLD_LEVELS = [
    {"small_blind": 10, "big_blind": 20, "ante": 0, "big_blind_ante": False, "minutes": 10},
    {"small_blind": 50, "big_blind": 100, "ante": 100, "big_blind_ante": True, "minutes": 12},
]


@pytest.mark.django_db(transaction=True)
def test_stored_levels_say_ante_by_big_blind_after_the_migration_and_big_blind_ante_before():
    executor = MigrationExecutor(connection)
    clubs = [n for n in executor.loader.graph.leaf_nodes() if n[0] == "pokerclub"]
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE + clubs).apps
        club = old.get_model("pokerclub", "Club").objects.create(name="A", slug="a")
        owner = old.get_model("pokerclub", "User").objects.create(email="ann@example.com")
        tournament = old.get_model("tables", "Tournament").objects.create(
            club=club, name="Friday", created_by=owner, buy_in=100, starting_stack=1000,
            levels=OLD_LEVELS, payout=[10_000],
        )  # fmt: skip

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER + clubs).apps.get_model("tables", "Tournament")
        levels = new.objects.get(pk=tournament.pk).levels
        assert [Level.from_json(level) for level in levels] == [
            Level(10, 20, ante=0, ante_by_big_blind=False, minutes=10),
            Level(50, 100, ante=100, ante_by_big_blind=True, minutes=12),
        ]
        assert all("big_blind_ante" not in level for level in levels)

        executor = MigrationExecutor(connection)
        executor.migrate(BEFORE)
        back = executor.loader.project_state(BEFORE + clubs).apps.get_model("tables", "Tournament")
        assert back.objects.get(pk=tournament.pk).levels == OLD_LEVELS
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
