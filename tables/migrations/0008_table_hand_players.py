from django.db import migrations, models


def fill_hand_players(apps, schema_editor):
    """Tables showing a hand: who was dealt each seat, from the hand's record."""
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.filter(current_hand__isnull=False).select_related("current_hand"):
        table.hand_players = {
            str(p["seat"]): p["user_id"] for p in table.current_hand.players if p.get("user_id")
        }
        table.save(update_fields=["hand_players"])


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0007_hand_history_recorded"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="hand_players",
            field=models.JSONField(
                blank=True, default=dict,
                help_text="Who was dealt each seat of the hand on the table ({seat: user id}): "
                "hole cards and the hand's seat views belong to these users, never to whoever "
                "sits there now.",
            ),
        ),
        migrations.RunPython(fill_hand_players, migrations.RunPython.noop),
    ]
