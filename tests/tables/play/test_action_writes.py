"""What one action writes to the database, beyond its own row (issue #44): each row a
transaction locks or rewrites is a record in PostgreSQL's WAL, so an action touches no row
it does not change."""

from __future__ import annotations

import pytest
from django.db import connection

from tables.hands.models import Hand, HandAction
from tables.play import actions as services
from tables.play.projection import load_public_state
from tests.conftest import require_service
from tests.tables.play_helpers import deal, fresh, user_at


def _hand_row_locker(hand_id: int) -> int:
    """The transaction id that last locked or changed the hand's row (its ``xmax``: a row
    lock, such as a foreign-key check's, leaves it there after the commit)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT xmax::text::bigint FROM tables_hand WHERE id = %s", [hand_id])
        return cursor.fetchone()[0]


def _action_writer(hand_id: int, sequence: int) -> int:
    """The transaction id that inserted the hand's action ``sequence`` (its ``xmin``)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT xmin::text::bigint FROM tables_handaction WHERE hand_id = %s AND sequence = %s",
            [hand_id, sequence],
        )
        return cursor.fetchone()[0]


def _seated(make_table, players, count: int, stack: int = 100):
    """A no-limit table with ``count`` of the players seated in the first chairs, each with
    ``stack`` chips, before its first deal."""
    table = make_table(structure="no_limit")
    for i, p in enumerate(players[:count]):
        services.sit(p, table.pk, i + 1, stack)
    return table


@pytest.mark.django_db(transaction=True)  # each service call its own committed transaction
def test_a_decision_writes_its_action_without_locking_the_hands_row(make_table, players):
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "row locks are PostgreSQL's")
    table = _seated(make_table, players, 4)
    t = deal(table)
    hand = Hand.objects.get(pk=t.current_hand_id)
    seat = load_public_state(t.pk)["hand"]["to_act"]
    services.act(user_at(t, seat), t.pk, "call", None, None)
    action = HandAction.objects.filter(hand=hand).order_by("sequence").last()
    assert action is not None and action.seat == seat and action.kind == "call"
    # a foreign-key check of the action's hand would lock the hand's row (FOR KEY SHARE) in
    # the decision's transaction: a WAL record with every action
    assert _hand_row_locker(hand.pk) != _action_writer(hand.pk, action.sequence)
    assert fresh(t).hand_tail == [["call", seat, None]]


def _one_call(make_table, players):
    """A table of three with a hand dealt and its first decision taken (a call): the table
    and the seat that called."""
    table = _seated(make_table, players, 3)
    t = deal(table)
    seat = load_public_state(t.pk)["hand"]["to_act"]
    services.act(user_at(t, seat), t.pk, "call", None, None)
    return t, seat


@pytest.mark.django_db
def test_deleting_a_hand_deletes_its_actions(make_table, players):
    """The action row has no database check of its hand; Django's delete of a hand still
    takes its actions with it."""
    t, seat = _one_call(make_table, players)
    hand = Hand.objects.get(pk=t.current_hand_id)
    assert HandAction.objects.filter(hand=hand).exists()
    Hand.objects.filter(pk=hand.pk).delete()
    assert not HandAction.objects.filter(hand_id=hand.pk).exists()


def _table_updates() -> tuple[int, int]:
    """The table rows this transaction updated, and how many of them in place (HOT)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_stat_get_xact_tuples_updated('tables_table'::regclass), "
            "pg_stat_get_xact_tuples_hot_updated('tables_table'::regclass)"
        )
        return cursor.fetchone()


@pytest.mark.django_db
def test_a_deal_updates_the_table_row_in_place(make_table, players):
    """The deal sets the table's current hand: an indexed column would make the update a
    new version of the row with an entry in each of the table's indexes (issue #44)."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "updates in place (HOT) are PostgreSQL's")
    table = _seated(make_table, players, 4)
    updated, in_place = _table_updates()
    t = deal(table)
    assert t.current_hand_id is not None
    after = _table_updates()
    assert after[0] > updated
    assert after[0] - updated == after[1] - in_place  # every update of the row in place


@pytest.mark.django_db
def test_an_actions_key_is_its_hand_and_its_place_in_it(make_table, players):
    """One index with each action's row (issue #44): the key (hand, sequence), which still
    refuses a second action at the same place of a hand."""
    from django.db import IntegrityError, transaction

    t, seat = _one_call(make_table, players)
    action = HandAction.objects.get(hand_id=t.current_hand_id)
    assert action.pk == (t.current_hand_id, action.sequence)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandAction.objects.create(
            hand_id=action.hand_id,
            sequence=action.sequence,
            seat=seat,
            kind="fold",
            version=action.version,
        )
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'tables_handaction'")
            assert [d for (d,) in cursor.fetchall()] == [
                "CREATE UNIQUE INDEX tables_handaction_pkey ON public.tables_handaction "
                "USING btree (hand_id, sequence)"
            ]


def _indexes(table: str) -> dict[str, tuple[tuple[str, ...], bool]]:
    """The table's indexes without a predicate: name -> (their columns in order, unique)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, i.indisunique,"
            " array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)"
            " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum"
            " ORDER BY k.n)"
            " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " WHERE i.indrelid = %s::regclass AND i.indpred IS NULL",
            [table],
        )
        return {name: (tuple(columns), unique) for name, unique, columns in cursor.fetchall()}


@pytest.mark.django_db
def test_no_index_a_hands_rows_write_repeats_the_start_of_another():
    """Every row of a hand is written into each of its table's indexes, at the deal, with each
    action and at its end (issue #44): an index whose columns lead another, unique or not,
    adds an entry to write and nothing to look up with."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "the indexes checked are PostgreSQL's")
    for table in (
        "tables_table",
        "tables_seat",
        "tables_hand",
        "tables_handaction",
        "tables_handplayer",
    ):
        indexes = _indexes(table)
        for name, (columns, unique) in indexes.items():
            longer = [
                other
                for other, (wider, _) in indexes.items()
                if other != name and len(wider) > len(columns) and wider[: len(columns)] == columns
            ]
            assert unique or not longer, f"{table}: {name} {columns} leads {longer}"
    # a hand's player is found among the hand's few rows by the unique (hand, seat)
    assert sorted(columns for columns, _ in _indexes("tables_handplayer").values()) == [
        ("club_id", "user_id", "hand_id"),
        ("hand_id", "seat"),
        ("id",),
        ("table_id",),
        ("user_id",),
    ]


@pytest.mark.django_db
def test_the_hot_paths_statements_are_prepared_once_a_connection_has_run_them(make_table, players):
    """PostgreSQL plans a statement once per connection, not once per action (issue #44):
    the parameters are bound by the server and a statement run five times is prepared, so the
    table's lock, its seats' read and the action written with the table's update are each a
    prepared statement after some decisions. Without it, planning the lock and the seats
    cost PostgreSQL more than running them."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "prepared statements are PostgreSQL's")
    table = _seated(make_table, players, 3, stack=200)
    t = deal(table)
    decisions = 0
    while decisions < 20:  # a decision's write has a few shapes (on the tail, a street's end)
        t = fresh(t)
        if not t.in_hand:
            t = deal(t)
            continue
        hand = load_public_state(t.pk)["hand"]
        action = "show" if hand["pending"] else "check" if hand["legal"]["check"] else "call"
        services.act(user_at(t, hand["to_act"]), t.pk, action, None, None)
        decisions += 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [s for (s,) in cursor.fetchall()]
    assert any(s.startswith("SELECT t.") and "FOR UPDATE OF t" in s for s in prepared), prepared
    assert any(s.startswith("SELECT s.") and 'FROM "tables_seat"' in s for s in prepared)
    assert any(s.startswith('WITH a AS (INSERT INTO "tables_handaction"') for s in prepared)


def _toast_inserts() -> int:
    """The values this transaction wrote out of the table rows, to their TOAST table."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_stat_get_xact_tuples_inserted(reltoastrelid) FROM pg_class "
            "WHERE oid = 'tables_table'::regclass"
        )
        return cursor.fetchone()[0]


@pytest.mark.django_db
def test_a_streets_snapshot_keeps_the_hands_state_and_log_in_the_table_row(make_table, players):
    """The hand's state, its log and its tail stay in the table's row, compressed (issue #44,
    migration 0065): out of line, each street's snapshot wrote them to the TOAST table as
    new chunks, with an index entry each and the old chunks left dead, about a third of the
    street's WAL and most of the table's dead space. Only the deal, which writes the deck and
    the hand's fixed part, may write out of line."""
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "TOAST is PostgreSQL's")
    table = _seated(make_table, players, 4, stack=200)
    t = deal(table)
    written = _toast_inserts()
    streets = set()
    while len(streets) < 3:  # preflop, flop and turn: two snapshots of the state
        t = fresh(t)
        hand = load_public_state(t.pk)["hand"]
        streets.add(hand["street"])
        action = "check" if hand["legal"]["check"] else "call"
        services.act(user_at(t, hand["to_act"]), t.pk, action, None, None)
    t = fresh(t)
    assert t.in_hand and len(t.hand_log) > 4
    assert _toast_inserts() == written
