"""The hot path's SQL, compiled once, in as few round trips as it can.

Every action locks the table row, reads its seats, writes the action and updates the table.
Building those statements through the ORM costs more CPU than running them (Django compiles
each queryset anew), so these functions keep the SQL text per shape and turn rows into model
instances with ``Model.from_db`` — the same instances, fields and converters the ORM gives.

On PostgreSQL the parameters are bound by the server and a statement run five times on a
connection is prepared (settings.py), so these statements are parsed and planned once per
connection, not once per action. A query string then holds one statement: the action row
and the table's update go out as one (``WITH ... INSERT`` before the ``UPDATE``), the lock
and the seats as two, the seats' read after the lock is granted. An action waits on the
database five times (BEGIN, those three, COMMIT). Each wait of a server's thread is a
hand-off of the GIL, which at saturation costs more than the wait. (psycopg's pipeline mode
would send the lock and the seats together, in more system calls: measured slower with
client-side binding.)

The JSON columns these statements write (the hand's state, its log, the deck's
commitments: about 4 kB an action) are encoded with orjson rather than Django's ``json``
(``_db_value``): the same JSON values for an eighth of the CPU (docs/benchmarks.md). They
are read with Django's ``json``: orjson would read an integer beyond 64 bits as a float,
silently, and guarding against that costs more than it saves.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import orjson
from django.db import connection
from psycopg.types.json import Jsonb

from pokerclub.models import Club, Membership, User
from tables.hands.models import HandAction
from tables.play.models import Seat, Table, split_hand_state

DECISION_COLUMNS = (
    "version",
    "decision_version",
    "deadline",
    "deadline_seat",
    "time_bank_in_use",
    "hand_tail",
)
"""What a betting decision within a street changes in the table row. On PostgreSQL they are
the row's last columns, side by side (migration 0054): an update that stays on its page
logs the row from its first changed byte to its last, so a decision writes these bytes to
the WAL and not the settings (issue #44). A column a decision starts to change belongs
here, and next to them in the row."""


def _columns(model: Any) -> list[Any]:
    return list(model._meta.concrete_fields)


@cache
def _table_sql() -> tuple[str, _Reader, _Reader]:
    qn = connection.ops.quote_name
    tf, cf = _columns(Table), _columns(Club)
    cols = [f"t.{qn(f.column)}" for f in tf] + [f"c.{qn(f.column)}" for f in cf]
    sql = (
        f"SELECT {', '.join(cols)} FROM {qn(Table._meta.db_table)} t "
        f"JOIN {qn(Club._meta.db_table)} c ON c.{qn('id')} = t.{qn('club_id')} "
        f"WHERE t.{qn('id')} = %s"
    )
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE OF t"
    return sql, _Reader(Table, tf), _Reader(Club, cf)


def _json_bytes(value: Any) -> bytes:
    """JSON for a column, as ``json.dumps`` writes it for Django (integer keys become
    strings), by orjson; by ``json`` what orjson refuses (integers beyond 64 bits, say)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(value).encode()


def _db_value(field: Any, value: Any) -> Any:
    """``field.get_db_prep_save(value)``, with a JSON value's text made by orjson."""
    prepared = field.get_db_prep_save(value, connection)
    if type(prepared) is Jsonb and getattr(field, "encoder", None) is None:
        return Jsonb(prepared.obj, dumps=_json_bytes)
    return prepared


class _Reader:
    """Rows of one model's columns (in ``fields``' order) made into model instances as the
    ORM makes them: each value through the backend's and the field's converters, in the
    order the ORM applies them, then ``Model.from_db``. Made once per query shape: only the
    columns that have converters (a JSON column's, say) are looked at per row."""

    __slots__ = ("attnames", "converting", "model", "size")

    def __init__(self, model: Any, fields: list[Any]) -> None:
        self.model = model
        self.size = len(fields)
        self.attnames = [f.attname for f in fields]
        self.converting: list[tuple[int, Any, list[Any]]] = []
        for i, field in enumerate(fields):
            col = field.get_col(model._meta.db_table)
            converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if converters:
                self.converting.append((i, col, converters))

    def __call__(self, values: tuple[Any, ...]) -> Any:
        row = list(values)
        for i, col, converters in self.converting:
            value = row[i]
            for converter in converters:
                value = converter(value, col, connection)
            row[i] = value
        return self.model.from_db(connection.alias, self.attnames, row)


def _table_of(row: tuple[Any, ...] | None) -> Table | None:
    if row is None:
        return None
    _sql, tables, clubs = _table_sql()
    table = tables(row[: tables.size])
    table.club = clubs(row[tables.size :])
    return table


def lock_table_row(table_id: int) -> Table | None:
    """``SELECT ... FOR UPDATE OF`` the table, with its club, as model instances."""
    with connection.cursor() as cursor:
        cursor.execute(_table_sql()[0], [table_id])
        return _table_of(cursor.fetchone())


def lock_table_with_seats(table_id: int) -> tuple[Table | None, list[Seat]]:
    """The table locked (as ``lock_table_row``) and its seats (as ``table_seats``): the
    seats' statement runs after the lock is granted, so it reads the seats as the lock
    holder sees them."""
    lock, seats = _table_sql()[0], _seats_sql()[0]
    with connection.cursor() as cursor:
        cursor.execute(lock, [table_id])
        table = _table_of(cursor.fetchone())
        cursor.execute(seats, [table_id])
        seat_rows = cursor.fetchall()
    if table is None:
        return None, []
    return table, _seats_of(table, seat_rows)


@cache
def _seats_sql() -> tuple[str, _Reader, _Reader]:
    qn = connection.ops.quote_name
    sf = _columns(Seat)
    uf: list[Any] = [User._meta.get_field(name) for name in ("id", "email", "display_name")]
    cols = [f"s.{qn(f.column)}" for f in sf]
    # The player's fields and their role in the club are looked up by key for each of the
    # table's few chairs, one subquery a value: joined instead, PostgreSQL hashed every user
    # and every membership of the site for six chairs, a cost that grew with the site (190
    # against 95 us of PostgreSQL's CPU a read at 600 users). The player's id is the chair's
    # own column.
    cols.append(f"s.{qn('user_id')}")
    users, members = qn(User._meta.db_table), qn(Membership._meta.db_table)
    cols += [
        f"(SELECT {qn(f.column)} FROM {users} WHERE {qn('id')} = s.{qn('user_id')})" for f in uf[1:]
    ]
    cols.append(
        f"(SELECT m.{qn('role')} FROM {members} m "
        f"WHERE m.{qn('club_id')} = t.{qn('club_id')} AND m.{qn('user_id')} = s.{qn('user_id')})"
    )
    sql = (
        f"SELECT {', '.join(cols)} FROM {qn(Seat._meta.db_table)} s "
        f"JOIN {qn(Table._meta.db_table)} t ON t.{qn('id')} = s.{qn('table_id')} "
        f"WHERE s.{qn('table_id')} = %s ORDER BY s.{qn('number')}"
    )
    return sql, _Reader(Seat, sf), _Reader(User, uf)


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in seat order, each with its player (id, email and name loaded)
    and the player's role in the table's club as ``seat.member_role`` (``None``: the chair
    is free, or its player is no longer a member) — in the same query, so that the services
    check membership where they apply a change at no extra round trip.

    No row lock: every writer of a table's seats holds the table row's lock first.
    """
    with connection.cursor() as cursor:
        cursor.execute(_seats_sql()[0], [table.pk])
        return _seats_of(table, cursor.fetchall())


def _seats_of(table: Table, rows: list[tuple[Any, ...]]) -> list[Seat]:
    _sql, chairs, people = _seats_sql()
    seats = []
    users = chairs.size + people.size
    for row in rows:
        seat = chairs(row[: chairs.size])
        seat.table = table
        if row[chairs.size] is not None:
            seat.user = people(row[chairs.size : users])
        else:
            seat.user = None
        seat.member_role = row[users]
        seats.append(seat)
    return seats


@cache
def _update_sql(names: tuple[str, ...]) -> tuple[str, list[Any]]:
    qn = connection.ops.quote_name
    fields: list[Any] = [Table._meta.get_field(name) for name in names]
    sets = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    return f"UPDATE {qn(Table._meta.db_table)} SET {sets} WHERE {qn('id')} = %s", fields


def save_table(table: Table, names: list[str], action: HandAction | None = None) -> None:
    """``UPDATE`` the given fields of the table row (what ``save(update_fields=...)`` does),
    after inserting ``action`` (when given) in the same statement on PostgreSQL (a
    ``WITH`` that inserts runs once, to its end, whether the ``UPDATE`` reads it or not;
    its errors are the insert's own). The hand's state is
    written without what only the deal changes (``split_hand_state``), and that part
    (``hand_fixed``) only when it changed."""
    stored: dict[str, Any] = {}
    if "hand_state" in names:
        stored["hand_state"], fixed = split_hand_state(table.hand_state)
        if fixed != table.hand_fixed:
            table.hand_fixed = fixed
            names = [*names, "hand_fixed"] if "hand_fixed" not in names else names
    sql, fields = _update_sql(tuple(names))
    values = [
        _db_value(f, stored[f.attname] if f.attname in stored else getattr(table, f.attname))
        for f in fields
    ]
    with connection.cursor() as cursor:
        if action is None:
            cursor.execute(sql, [*values, table.pk])
            return
        insert, action_values = _insert_action(action)
        if connection.vendor == "postgresql":
            cursor.execute(f"WITH a AS ({insert}) {sql}", [*action_values, *values, table.pk])
        else:
            cursor.execute(insert, action_values)
            cursor.execute(sql, [*values, table.pk])


@cache
def _insert_action_sql() -> tuple[str, list[Any]]:
    qn = connection.ops.quote_name
    fields = _columns(HandAction)  # (its key is (hand, sequence): no id to leave out)
    cols = ", ".join(qn(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {qn(HandAction._meta.db_table)} ({cols}) VALUES ({marks})", fields


def _insert_action(action: HandAction) -> tuple[str, list[Any]]:
    sql, fields = _insert_action_sql()
    return sql, [_db_value(f, f.pre_save(action, True)) for f in fields]
