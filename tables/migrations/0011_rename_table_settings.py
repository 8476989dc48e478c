"""Table settings named for what they are: ``big_blind_ante`` (a yes/no) becomes
``ante_by_big_blind``, and the rake is stored in basis points (``rake_bps``, the engine's
unit) instead of a decimal percent. Settings waiting in ``pending_settings`` are renamed too."""

from decimal import Decimal

import django.core.validators
from django.db import migrations, models


def percent_to_bps(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.all().only("pk", "rake_percent", "pending_settings"):
        pending = dict(table.pending_settings or {})
        if "rake_percent" in pending:
            pending["rake_bps"] = int(Decimal(str(pending.pop("rake_percent"))) * 100)
        if "big_blind_ante" in pending:
            pending["ante_by_big_blind"] = pending.pop("big_blind_ante")
        table.rake_bps = int(Decimal(table.rake_percent) * 100)
        table.pending_settings = pending
        table.save(update_fields=["rake_bps", "pending_settings"])


def bps_to_percent(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.all().only("pk", "rake_bps", "pending_settings"):
        pending = dict(table.pending_settings or {})
        if "rake_bps" in pending:
            pending["rake_percent"] = str(Decimal(pending.pop("rake_bps")) / 100)
        if "ante_by_big_blind" in pending:
            pending["big_blind_ante"] = pending.pop("ante_by_big_blind")
        table.rake_percent = Decimal(table.rake_bps) / 100
        table.pending_settings = pending
        table.save(update_fields=["rake_percent", "pending_settings"])


class Migration(migrations.Migration):
    dependencies = [("tables", "0010_deck_v2")]

    operations = [
        migrations.RenameField("table", "big_blind_ante", "ante_by_big_blind"),
        migrations.AddField(
            model_name="table",
            name="rake_bps",
            field=models.PositiveSmallIntegerField(
                default=0,
                help_text="Rake in basis points of each pot that sees a flop (500 = 5 %, R13); at most 10 %.",
                validators=[django.core.validators.MaxValueValidator(1000)],
            ),
        ),
        migrations.RunPython(percent_to_bps, bps_to_percent),
        migrations.RemoveField("table", "rake_percent"),
    ]
