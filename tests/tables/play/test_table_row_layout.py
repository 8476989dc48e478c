"""The table row as PostgreSQL stores it (issue #44): what a betting decision changes lies
together at the row's end, so that the WAL of a decision holds those bytes and not the
table's settings (an update on the same page logs the row from its first changed byte to
its last)."""

from __future__ import annotations

import random

import pytest
from django.db import connection

from tables.play import actions as services
from tables.play.actions import rows
from tests.conftest import require_service
from tests.tables.play_helpers import play_randomly

pytestmark = pytest.mark.django_db


def _columns_in_row_order() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname FROM pg_attribute WHERE attrelid = 'tables_table'::regclass "
            "AND attnum > 0 AND NOT attisdropped ORDER BY attnum"
        )
        return [name for (name,) in cursor.fetchall()]


def test_the_columns_a_decision_changes_lie_together_at_the_end_of_the_row():
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "the row's physical layout is PostgreSQL's")
    columns = _columns_in_row_order()
    start = columns.index(rows.DECISION_COLUMNS[0])
    assert columns[start : start + len(rows.DECISION_COLUMNS)] == list(rows.DECISION_COLUMNS)
    # a column added since follows them (Table.vele, Table.morto): a setting no decision changes is
    # in the bytes an update's record leaves out as unchanged at the row's end
    assert set(columns[start + len(rows.DECISION_COLUMNS) :]) <= {
        "vele",
        "morto",
        "buio",
        "hand_fixed",
    }


def test_a_betting_decision_changes_no_column_but_those(make_table, players, monkeypatch):
    """Played hands: every update that writes a decision's action row changes nothing but
    :data:`rows.DECISION_COLUMNS` (the start of a street also writes the state and log)."""
    changed: list[set[str]] = []
    save = rows.save_table

    def watching(table, names, action=None):
        if action is not None and "hand_state" not in names:  # a decision within a street
            before = type(table).objects.filter(pk=table.pk).values(*names).get()
            save(table, names, action)
            after = type(table).objects.filter(pk=table.pk).values(*names).get()
            changed.append({name for name in names if before[name] != after[name]})
            return
        save(table, names, action)

    monkeypatch.setattr(rows, "save_table", watching)
    table = make_table(structure="no_limit", max_seats=6)
    for i, player in enumerate(players):
        services.sit(player, table.pk, i + 1, 100)
    play_randomly(table, random.Random("layout"), 10)
    assert len(changed) > 30
    assert set().union(*changed) <= set(rows.DECISION_COLUMNS)
    assert {"version", "hand_tail"} <= set().union(*changed)
