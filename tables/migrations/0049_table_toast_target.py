from django.db import migrations

TOAST_TARGET = 800
"""PostgreSQL moves a row's largest values out of line until the row is under this many
bytes. At 800 the hand's state, the deck's record and the hand's log once it has grown lie
out of line (the three largest values, about 1 kB, 0.9 kB and 0.4 to 0.8 kB), so a decision
on the tail, which changes none of them, writes a row of a few hundred bytes; the rest of
the row (about 360 bytes) and the tail (at most 12 short entries) stay in the row. At 1,200
(migration 0047) the log stayed in the row and every update wrote it again; at 512 the
tail itself went out of line, and every decision wrote it to the TOAST table and deleted
the one before (issue #44, docs/benchmarks/2026-12-06.md)."""


def toast_target(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE tables_table SET (toast_tuple_target = {TOAST_TARGET})")


def previous_target(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE tables_table SET (toast_tuple_target = 1200)")


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0048_italiana_table"),
    ]

    operations = [
        migrations.RunPython(toast_target, previous_target),
    ]
