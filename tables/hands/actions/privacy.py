"""Hand records' part of erasing an account (``tables.own_data.erase``): the hands stay
whole (every other player's history, the deck proofs and the club's stats depend on them),
and the erased player is named by their pseudonym in each."""

from __future__ import annotations

from tables.hands.models import Hand, HandPlayer


def rename_player(user_id: int, name: str) -> int:
    """Write ``name`` wherever a hand names ``user_id``: its players at the start
    (``Hand.players``, which every export and replay reads) and its history rows
    (``HandPlayer.name``). Hands whose history is not written yet are looked at too, so the
    rows written later copy the new name. Returns the number of hands renamed."""
    HandPlayer.objects.filter(user_id=user_id).update(name=name)
    played = HandPlayer.objects.filter(user_id=user_id).values("hand_id")
    candidates = Hand.objects.filter(pk__in=played) | Hand.objects.filter(history_recorded=False)
    changed = []
    for hand in candidates.only("pk", "players").iterator(chunk_size=500):
        players = hand.players
        touched = False
        for player in players:
            if player.get("user_id") == user_id and player.get("name") != name:
                player["name"] = name
                touched = True
        if touched:
            changed.append(hand)
        if len(changed) >= 500:
            Hand.objects.bulk_update(changed, ["players"])
            changed.clear()
    Hand.objects.bulk_update(changed, ["players"])
    return HandPlayer.objects.filter(user_id=user_id).count()
