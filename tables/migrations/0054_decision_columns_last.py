"""The columns a betting decision changes move to the end of the table row, side by side.

An update that stays on its page (HOT) logs the new row from its first changed byte to its
last. The version sat near the row's start and the tail of actions near its end, so every
decision wrote the ~360 unchanged bytes of settings between them to the WAL again (issue
#44, docs/benchmarks/2026-12-06.md). PostgreSQL has no column reordering: each column is
added again at the end, filled, and the old one dropped (a dropped column costs a bit in
each row's null bitmap). Only the physical order changes; Django's state and every query
are as before. SQLite is left alone: its rows are not logged this way."""

from django.db import migrations

MOVED = (
    # (column, type, NOT NULL, a positive integer's check)
    ("version", "bigint", True, True),
    ("decision_version", "bigint", True, True),
    ("deadline", "timestamp with time zone", False, False),
    ("deadline_seat", "smallint", False, True),
    ("time_bank_in_use", "boolean", True, False),
    ("hand_tail", "jsonb", True, False),  # the one that grows, last
)


def move_to_the_end(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    run = schema_editor.execute
    for column, kind, _not_null, _check in MOVED:
        run(f'ALTER TABLE tables_table ADD COLUMN "{column}__moved" {kind}')
    assignments = ", ".join(f'"{column}__moved" = "{column}"' for column, *_ in MOVED)
    run(f"UPDATE tables_table SET {assignments}")
    for column, _kind, not_null, check in MOVED:
        run(f'ALTER TABLE tables_table DROP COLUMN "{column}"')  # (and its check)
        run(f'ALTER TABLE tables_table RENAME COLUMN "{column}__moved" TO "{column}"')
        if not_null:
            run(f'ALTER TABLE tables_table ALTER COLUMN "{column}" SET NOT NULL')
        if check:
            run(
                f'ALTER TABLE tables_table ADD CONSTRAINT "tables_table_{column}_check" '
                f'CHECK ("{column}" >= 0)'
            )


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0053_telesina_table"),
    ]

    operations = [
        # backwards: the columns stay where they are (their order changes nothing else)
        migrations.RunPython(move_to_the_end, migrations.RunPython.noop),
    ]
