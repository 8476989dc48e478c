"""What a finished hand meant for each player: the :class:`~tables.hands.models.HandPlayer` rows.

Computed once per hand from its replayed events, by the clock soon after the hand ends
(:func:`record_due`, called by ``tables.clock.record_history``), or by :func:`backfill`:

* ``net``: final stack minus starting stack; ``won``: chips won from pots (R8, R10).
* ``vpip``: called, bet or raised before the flop (posting a blind is not voluntary, R2).
* ``pfr``: bet or raised before the flop.
* ``three_bet_chance``/``three_bet``: faced exactly one raise over the big blind before the
  flop (the big blind counts as the first bet, R7.3) / re-raised it.
  In a draw game "the flop" is the first draw (R42): the same questions of the first round.
  In a stud game (R45) third street is the first round and "the flop" fourth street: the
  bring-in is forced, as a blind (not VPIP), the completion is the round's first bet (a
  raise over it is the 3-bet).
  In Telesina (R40.3) likewise: its first round (after the second card) is the preflop
  and "the flop" its second (the third card); the invito is forced (an ante), and there
  is no bring-in: the round's first bet is the first raise. The rounds after a vela
  (R41) are later streets, as the fourth and fifth card's.
  In poker all'italiana (R34) the first round is the opening: "passo" is not voluntary
  (nothing goes in, and a player who passed may still play) and the invito is forced (an
  ante); opening ("apro") is the round's first bet (VPIP and PFR), calling it VPIP, a
  raise over it the 3-bet; "the flop" is the draw.
* ``saw_flop``; ``went_to_showdown``: still in when two or more players reached the end;
  ``won_at_showdown``: and won chips; ``showdown``: the hand had one.
* ``pot``: every chip awarded plus the rake (R13), the size of the hand; a pot carried to
  the next hand (poker all'italiana, R35.1, R37.3) counts as this hand's size, and such a
  hand has no showdown and no winner.

Each hand is recorded on its own (its own transaction, or a savepoint within the caller's):
a hand that fails is logged with its table, number and id, marked on its row
(``history_attempts``, ``history_error``, ``history_retry_at``) and tried again after a
back-off (:func:`retry_delay`, 1 s doubling up to an hour), while the others are recorded.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from engine.events import (
    ActionTaken,
    BoardDealt,
    PotAwarded,
    PotCarried,
    StreetStarted,
    UpCardDealt,
)
from engine.games import rules
from tables.hands.models import Hand, HandPlayer
from tables.hands.replay import ReplayedHand, describe, replay

log = logging.getLogger(__name__)

FIRST_DRAWS = ("draw", "first_draw")
"""The first draw's name in a single- and a triple-draw game (``engine.drawing.draw_label``)."""

RETRY_FIRST = timedelta(seconds=1)
"""The wait after a hand's first failed attempt; it doubles after each further failure..."""
RETRY_MAX = timedelta(hours=1)
"""...up to this."""
BATCH = 200
"""Hands the clock records at most per call (a backlog is worked off over a few ticks)."""
ERROR_CHARS = 2000
"""How much of a failure's message ``Hand.history_error`` keeps."""
PAGE = 200
"""Hands read per query while recording."""


def player_rows(replayed: ReplayedHand) -> list[dict[str, Any]]:
    """One dict per player dealt in: the :class:`HandPlayer` fields besides the keys."""
    final = replayed.final
    config = replayed.config
    start = dict(zip(config.seats, config.stacks, strict=True))
    flop_seen = False
    raises = 0  # bets and raises over the big blind before the flop
    rows: dict[int, dict[str, Any]] = {
        seat: {"vpip": False, "pfr": False, "three_bet_chance": False, "three_bet": False}
        for seat in final.seats
    }
    pot = final.rake
    folded_preflop: set[int] = set()
    # a stud game's second betting round, the analogue of the flop (R45.2: fourth street;
    # R40.3: Telesina's third card): its cards come first, to every player still in (dealt
    # in an all-in runout too)
    second_round = rules(config.game).street_names[1]
    for event in replayed.events:
        if isinstance(event, BoardDealt) and event.board_index == 0 and event.street == "flop":
            flop_seen = True
        elif isinstance(event, StreetStarted) and event.street in FIRST_DRAWS:
            flop_seen = True  # a draw game's first draw ends its first round as a flop does
        elif isinstance(event, UpCardDealt) and event.street == second_round:
            flop_seen = True  # a stud game's fourth street (R45.2), Telesina's third card
        elif isinstance(event, PotAwarded | PotCarried):  # (R35.1, R37.3: carried, unwon)
            pot += event.amount
        elif isinstance(event, ActionTaken) and not flop_seen and event.action != "run_twice":
            row = rows[event.seat]
            if event.action == "fold":
                folded_preflop.add(event.seat)
            if raises == 1:
                row["three_bet_chance"] = True
            # R34: not "pass"; R33.5: the buio and the controbuio are bets, looking is not
            if event.action in ("call", "bet", "raise", "open", "buio", "controbuio"):
                row["vpip"] = True
            if event.action in ("bet", "raise", "open", "buio", "controbuio"):
                row["pfr"] = True
                raises += 1
                if raises == 2 and row["three_bet_chance"]:
                    row["three_bet"] = True
    live = [not folded for folded in final.folded]
    carried = any(isinstance(e, PotCarried) for e in replayed.events)
    showdown = sum(live) >= 2 and not carried  # (a pot carried: nobody shows, R35.1, R37.3)
    for i, seat in enumerate(final.seats):
        row = rows[seat]
        row["seat"] = seat
        row["starting_stack"] = start[seat]
        row["net"] = final.stacks[i] - start[seat]
        row["won"] = final.won[i]
        row["pot"] = pot
        row["saw_flop"] = flop_seen and seat not in folded_preflop
        row["went_to_showdown"] = showdown and live[i]
        row["won_at_showdown"] = showdown and live[i] and final.won[i] > 0
        row["showdown"] = showdown
    return [rows[seat] for seat in final.seats]


def record_hand(hand: Hand, replayed: ReplayedHand | None = None) -> list[HandPlayer]:
    """(Re)write the hand's :class:`HandPlayer` rows and mark it recorded. Idempotent.
    Raises whatever the replay raises (:class:`~.replay.ReplayError` for a bad record)."""
    replayed = replayed or replay(hand)
    table = hand.table
    users = {p["seat"]: (p.get("user_id"), p.get("name", "")) for p in hand.players}
    HandPlayer.objects.filter(hand=hand).delete()
    Hand.objects.filter(pk=hand.pk).update(
        history_recorded=True, history_attempts=0, history_error="", history_retry_at=None
    )
    hand.history_recorded = True
    hand.history_attempts, hand.history_error, hand.history_retry_at = 0, "", None
    rows = [
        HandPlayer(
            hand=hand,
            club_id=table.club_id,
            table_id=table.pk,
            user_id=users.get(row["seat"], (None, ""))[0],
            name=users.get(row["seat"], (None, ""))[1][:64],
            ended_at=hand.ended_at or hand.started_at,
            **row,
        )
        for row in player_rows(replayed)
    ]
    return HandPlayer.objects.bulk_create(rows)


def retry_delay(attempts: int) -> timedelta:
    """How long a hand waits after its ``attempts``-th failed attempt: 1 s, 2 s, 4 s ...
    at most :data:`RETRY_MAX`."""
    return min(RETRY_MAX, RETRY_FIRST * 2 ** min(max(attempts - 1, 0), 32))


def due_hands(now: datetime | None = None) -> QuerySet[Hand]:
    """Finished hands whose history is still to write and may be tried now: what the
    partial index ``hand_history_due`` holds, less those waiting out a back-off."""
    now = now or timezone.now()
    return Hand.objects.filter(history_recorded=False, ended_at__isnull=False).filter(
        Q(history_retry_at__isnull=True) | Q(history_retry_at__lte=now)
    )


def record_due(now: datetime | None = None, limit: int = BATCH) -> int:
    """The clock's share: record up to ``limit`` due hands. Returns how many were recorded."""
    now = now or timezone.now()
    return backfill(due_hands(now), now=now, limit=limit)


def record_or_retry_later(hand: Hand, now: datetime | None = None) -> bool:
    """Record one hand in a transaction (a savepoint within the caller's) of its own.

    A hand another process is recording (its row is locked) or has recorded is skipped.
    On failure the error is logged with the hand's table, number and id, the hand is marked
    and left for a later try after :func:`retry_delay`; returns whether it was recorded."""
    try:
        with transaction.atomic():
            mine = Hand.objects.select_for_update(skip_locked=True).filter(
                pk=hand.pk, history_recorded=False
            )
            if not list(mine.values_list("pk", flat=True)):
                return False
            record_hand(hand)
        return True
    except Exception as error:  # one bad hand must not stop the others: log, mark, retry
        attempts = hand.history_attempts + 1
        delay = retry_delay(attempts)
        log.exception(
            "history: %s could not be recorded (attempt %d); next try in %d s",
            describe(hand),
            attempts,
            delay.total_seconds(),
        )
        Hand.objects.filter(pk=hand.pk, history_recorded=False).update(
            history_attempts=attempts,
            history_error=f"{type(error).__name__}: {error}"[:ERROR_CHARS],
            history_retry_at=(now or timezone.now()) + delay,
        )
        return False


def backfill(
    hands: QuerySet[Hand] | None = None, now: datetime | None = None, limit: int | None = None
) -> int:
    """Record the finished hands of ``hands`` (default: all) whose history is not written,
    each on its own (:func:`record_or_retry_later`), whatever their retry time: a hand that
    fails does not stop the others. Returns how many were recorded."""
    queryset = hands if hands is not None else Hand.objects.all()
    pending = (
        queryset.filter(history_recorded=False, final_state__isnull=False)
        .select_related("table")
        .order_by("pk")
    )
    count = seen = last = 0
    while limit is None or seen < limit:
        size = PAGE if limit is None else min(PAGE, limit - seen)
        batch = list(pending.filter(pk__gt=last)[:size])  # keyset pages: none read twice
        if not batch:
            break
        for hand in batch:
            count += record_or_retry_later(hand, now)
        seen += len(batch)
        last = batch[-1].pk
    return count
