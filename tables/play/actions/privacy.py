"""Live play's part of erasing an account (``tables.own_data.erase``): the seats it still
holds, and what it said and where it was seen."""

from __future__ import annotations

from tables.play.models import ChatMessage, Presence, Seat, TableGuest


def tables_held(user_id: int) -> list[str]:
    """The names of the tables where ``user_id`` still holds a chair (seated, sitting out,
    waiting for the host, or leaving when the hand ends): erasing waits for those."""
    return list(
        Seat.objects.filter(user_id=user_id)
        .order_by("table__name", "table_id")
        .values_list("table__name", flat=True)
    )


def forget_player(user_id: int) -> None:
    """What live play keeps of a person beyond their hands: their chat lines, their
    presence and their guest passes go."""
    ChatMessage.objects.filter(user_id=user_id).delete()
    Presence.objects.filter(user_id=user_id).delete()
    TableGuest.objects.filter(user_id=user_id).delete()
