"""Telesina con la vela (R41): the table's number of vele (0: none). PostgreSQL adds the
column at the row's end, after the columns a decision changes (0054): a setting no decision
changes costs no WAL there, since an update's record leaves out the unchanged bytes at the
row's end as it does those at its start."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0054_decision_columns_last"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="vele",
            field=models.PositiveSmallIntegerField(
                choices=[(0, "0"), (1, "1"), (2, "2")],
                default=0,
                help_text="R41: Telesina con la vela: community cards after the fifth cards"
                " (0: none).",
            ),
        ),
    ]
