"""Poker all'italiana's morto (R31.4): with three players a fourth hand dealt and never
played. Added at the row's end, after the columns a decision changes, as 0055's vele."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0055_table_vele"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="morto",
            field=models.BooleanField(
                default=False,
                help_text="R31.4: with three players a fourth hand is dealt and never played.",
            ),
        ),
    ]
