from django.db import migrations

IN_ROW = ("hand_state", "hand_log", "hand_tail")
"""The columns a decision or a street changes, kept in the table's row, compressed
(PostgreSQL's ``STORAGE MAIN``: out of line only when the row would not fit its page).
Out of line (migration 0049's TOAST target of 800 bytes moved the state and the log out),
each street's snapshot wrote them to the TOAST table as new chunks, each with an index
entry, and left the old chunks dead for VACUUM: about 1,960 bytes of WAL a street. In the
row, a street's snapshot is one update in place (HOT) of the row's changed bytes, and a
decision, which changes only the last columns (``tables.play.actions.rows.DECISION_COLUMNS``),
still writes only those. What only the deal changes (the deck, ``hand_fixed``, the next
deck) stays out of line at the target of 800 (issue #44, docs/benchmarks/2026-12-07.md)."""


def in_row(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for column in IN_ROW:
            schema_editor.execute(f"ALTER TABLE tables_table ALTER COLUMN {column} SET STORAGE MAIN")


def out_of_row(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for column in IN_ROW:
            schema_editor.execute(
                f"ALTER TABLE tables_table ALTER COLUMN {column} SET STORAGE EXTENDED"
            )


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0064_hand_indexes"),
    ]

    operations = [
        migrations.RunPython(in_row, out_of_row),
    ]
