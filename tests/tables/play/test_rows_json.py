"""The hot path's own reads and writes of the table row (``tables/play/actions/rows.py``) keep a
JSON column's value exactly as the ORM would: they encode it with orjson, not ``json``, and a
value that orjson cannot take must still round-trip."""

from __future__ import annotations

import json

import pytest
from django.db import connection, transaction

from tables.play.actions import rows
from tables.play.models import Table

pytestmark = pytest.mark.django_db

# integer keys (stored as strings, as json.dumps writes them), text beyond ASCII, nesting,
# JSON null inside a value, the largest integer a browser reads exactly, and integers beyond
# 64 bits (orjson refuses to write them and reads them as floats: the fallbacks must keep
# them exact)
AWKWARD = {
    1: "seat one",
    "name": 'Zoë ♠ 🂡 "quoted" \\ back',
    "nested": [[1, 2, [None, True, False]], {"x": 1.5}],
    "max_safe": 2**53 - 1,
    "huge": 2**70 + 1,
    "negative": -(2**63) - 1,
}


def _json_value(value):
    """What a JSON column holds after ``value`` is written and read by the ORM."""
    return json.loads(json.dumps(value))


def test_values_written_by_the_hot_path_read_back_as_the_orm_writes_them(make_table):
    table = make_table()
    table.hand_log = [AWKWARD, {"type": "fold", "seat": 3}]
    table.bomb_votes = [7, 9]
    table.hand_state = None  # SQL NULL, not JSON null
    with transaction.atomic():
        rows.save_table(table, ["hand_log", "bomb_votes", "hand_state"])
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.hand_log == _json_value([AWKWARD, {"type": "fold", "seat": 3}])
    assert fresh.hand_log[0]["huge"] == 2**70 + 1
    assert fresh.bomb_votes == [7, 9]
    assert fresh.hand_state is None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT hand_state IS NULL FROM tables_table WHERE id = %s", [table.pk])
            assert cursor.fetchone() == (True,)


def test_values_read_by_the_hot_path_equal_the_orms(make_table):
    table = make_table()
    Table.objects.filter(pk=table.pk).update(hand_log=[AWKWARD], hand_state={"street": "flop"})
    with transaction.atomic():
        locked = rows.lock_table_row(table.pk)
    assert locked is not None
    orm = Table.objects.get(pk=table.pk)
    assert locked.hand_log == orm.hand_log == _json_value([AWKWARD])
    assert locked.hand_log[0]["huge"] == 2**70 + 1
    assert type(locked.hand_log[0]["negative"]) is int
    assert locked.hand_state == orm.hand_state == {"street": "flop"}
    assert locked.deck == orm.deck
    assert locked.club.pk == orm.club_id


def test_json_column_text_is_json_dumps_equivalent():
    # the bytes differ in spacing and escapes, never in the value
    for value in (AWKWARD, [], {}, "text", 0, None, [AWKWARD, [AWKWARD]]):
        assert json.loads(rows._json_bytes(value)) == _json_value(value)
