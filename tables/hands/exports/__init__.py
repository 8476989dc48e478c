"""Hand histories out of the club: PokerStars-style text (:mod:`.pokerstars_text`), PHH
(:mod:`.phh_text`) and JSON (:mod:`.json_record`), one module a format.

Every export is for one viewer (:class:`~.common.Viewer`): it holds the viewer's own hole cards and
the hands that were shown (R11), nothing else — a mucked or never-shown hand is written as
unknown (PHH ``????``), never as cards. ``Viewer.public()`` is what any member may see.

* :func:`pokerstars` writes the text of PokerStars' own cash-game hand histories, which
  tracking software imports and PokerKit's ``PokerStarsParser`` reads (docs/rules.md,
  *Exports*, lists the choices): hands separated by two blank lines, raises as "raises
  <increment> to <total>", amounts without thousands separators.
* :func:`phh` writes PHH through :mod:`engine.phh` (PokerKit reads it); unknown hole cards
  are ``????``; the time is a TOML local time, a currency club's currency is named.
* :func:`record` is the full JSON record of the hand (settings, players, stacks, button,
  every action with its time, boards, shown cards, pots and winners, rake, and the deck's
  proof for the viewer, ``"deck"``, which ``python -m engine.fairness verify FILE`` checks).
* :func:`stream` yields any of them for a queryset of hands, a bounded chunk at a time
  (``.iterator()`` with the actions prefetched per chunk), so 10,000 hands never load at once.

A game PokerStars never dealt (poker all'italiana, R31-R39; Telesina, R40) has no PokerStars text
(:func:`formats_of`): a single hand's is refused with ``no_pokerstars_text``, and a
stream of PokerStars text leaves its hands out (PHH and JSON hold them).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from django.db.models import Prefetch, Q, QuerySet

from engine.games import Game
from tables.hands.exports.common import Viewer, has_pokerstars_text
from tables.hands.exports.json_record import json_text, record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand, HandAction
from tables.hands.replay import ReplayedHand, ReplayError, describe, replay

FORMATS = ("pokerstars", "phh", "json")
CONTENT_TYPES = {
    "pokerstars": "text/plain; charset=utf-8",
    "phh": "application/toml; charset=utf-8",
    "json": "application/json",
}
EXTENSIONS = {"pokerstars": "txt", "phh": "phhs", "json": "json"}


def formats_of(game: str) -> tuple[str, ...]:
    """The formats a hand of ``game`` (its config's ``game``, an engine Game value) is
    exported in: all of them, but PokerStars text for a game PokerStars never dealt."""
    return tuple(f for f in FORMATS if f != "pokerstars" or has_pokerstars_text(game))


def hand_formats(hand: Hand) -> tuple[str, ...]:
    """:func:`formats_of` the hand's game (a hand dealt before there were games: Hold'em)."""
    return formats_of(str(hand.config.get("game", "holdem")))


def _without_pokerstars_text(queryset: QuerySet[Hand]) -> QuerySet[Hand]:
    """The hands of ``queryset`` PokerStars text can be written for."""
    games = [g.value for g in Game if not has_pokerstars_text(g.value)]
    # (a hand dealt before there were games has none: Hold'em)
    return queryset.filter(~Q(config__has_key="game") | ~Q(config__game__in=games))


# --------------------------------------------------------------------------- streaming


def finished_hands(queryset: QuerySet[Hand] | None = None) -> QuerySet[Hand]:
    """Finished hands with what an export needs, in table and number order."""
    queryset = queryset if queryset is not None else Hand.objects.all()
    return (
        queryset.filter(final_state__isnull=False)
        .select_related("table__club", "table__tournament")
        .order_by("table_id", "number")
    )


class ExportError(Exception):
    """A hand of a stream could not be exported: ``hand`` says which, the cause is chained."""

    def __init__(self, hand: Hand, error: Exception) -> None:
        reason = (
            error.reason if isinstance(error, ReplayError) else f"{type(error).__name__}: {error}"
        )
        super().__init__(f"{describe(hand)} could not be exported: {reason}")
        self.hand = hand


def stream(
    queryset: QuerySet[Hand], fmt: str, viewer: Viewer, chunk_size: int = 500
) -> Iterator[str]:
    """Yield the export of every hand of ``queryset`` in ``fmt``, piece by piece.

    Hands come ``chunk_size`` at a time (``.iterator()`` prefetches the actions of each
    chunk), so memory stays bounded whatever the number of hands. JSON is one array.
    PokerStars text leaves out the hands of games PokerStars never dealt (:func:`formats_of`).
    A hand that cannot be exported raises :class:`ExportError` naming it.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    if fmt == "pokerstars":
        queryset = _without_pokerstars_text(queryset)
    hands = finished_hands(queryset).prefetch_related(
        Prefetch("actions", queryset=HandAction.objects.order_by("sequence"))
    )
    first = True
    if fmt == "json":
        yield "[\n"
    for index, hand in enumerate(hands.iterator(chunk_size=chunk_size), start=1):
        try:
            replayed = replay(hand, list(hand.actions.all()))
            if fmt == "pokerstars":
                piece = ("" if first else "\n\n") + pokerstars(replayed, viewer, hand.table.club)
            elif fmt == "phh":
                piece = ("" if first else "\n") + f"[{index}]\n" + phh(replayed, viewer)
            else:
                piece = ("" if first else ",\n") + json_text(replayed, viewer)
        except Exception as error:
            raise ExportError(hand, error) from error
        yield piece
        first = False
    if fmt == "json":
        yield "\n]\n"


def export_one(replayed: ReplayedHand, fmt: str, viewer: Viewer) -> str:
    if fmt == "pokerstars":
        return pokerstars(replayed, viewer)
    if fmt == "phh":
        return phh(replayed, viewer)
    if fmt == "json":
        return json.dumps(record(replayed, viewer), ensure_ascii=False, indent=2) + "\n"
    raise ValueError(f"unknown format {fmt!r}")


__all__ = [
    "CONTENT_TYPES",
    "EXTENSIONS",
    "FORMATS",
    "ExportError",
    "export_one",
    "finished_hands",
    "formats_of",
    "hand_formats",
    "stream",
]
