"""Money's part of erasing an account (``tables.own_data.erase``): every ledger line,
net and payment stays (the club's balances must still add up, and what the person owed or
was owed still settles, under their pseudonym); reminders to them stop, and the names an
imported file gave them become the pseudonym."""

from __future__ import annotations

from tables.money.models import LedgerImport, PaymentReminder
from tables.money.settlement import user_key


def forget_player(user_id: int, name: str, club_ids: list[int]) -> None:
    """``club_ids``: the clubs the person was in, whose imported files may name them."""
    PaymentReminder.objects.filter(user_id=user_id).delete()
    key = user_key(user_id)
    batches = LedgerImport.objects.filter(club_id__in=club_ids).only("pk", "rows", "mapping")
    for batch in batches.iterator():
        ids = {pid for pid, party in (batch.mapping or {}).items() if party == key}
        if not ids:
            continue
        for row in batch.rows:
            if row.get("player_id") in ids:
                row["nickname"] = name
        batch.save(update_fields=["rows"])
