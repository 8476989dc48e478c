"""Tournaments' part of erasing an account (``tables.own_data.erase``): entries stay (places,
prizes and the prize pool depend on them) under the pseudonym; an entry still in play makes
the erasure wait."""

from __future__ import annotations

from tables.tournaments.models import Tournament, TournamentEntry


def tournaments_in_play(user_id: int) -> list[str]:
    """The names of the tournaments ``user_id`` is registered in or still playing (busted
    with a rebuy possible included): erasing waits until they unregister or finish."""
    live = (
        TournamentEntry.Status.REGISTERED,
        TournamentEntry.Status.PLAYING,
        TournamentEntry.Status.BUSTED,
    )
    names = (
        TournamentEntry.objects.filter(
            user_id=user_id,
            status__in=live,
            tournament__status__in=(Tournament.Status.REGISTERING, Tournament.Status.RUNNING),
        )
        .order_by("tournament__name", "tournament_id")
        .values_list("tournament__name", flat=True)
    )
    return list(dict.fromkeys(names))
