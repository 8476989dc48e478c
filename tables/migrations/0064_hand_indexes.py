# What a hand and its players write (issue #44):
# - A hand's table needs no index of its own: the unique (table, number) leads with it. A
#   hand's row was written into it at the deal and again at each of its two later updates.
# - Nor does a seat's table: the unique (table, number) leads with it too.
# - A hand's player is found among the hand's few rows by the unique (hand, seat): the
#   (hand, user) index was an entry more with each of six rows a hand.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0063_handaction_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="seat",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="tables.table",
            ),
        ),
        migrations.RemoveIndex(
            model_name="handplayer",
            name="handplayer_hand_user",
        ),
        migrations.AlterField(
            model_name="hand",
            name="table",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="hands",
                to="tables.table",
            ),
        ),
    ]
