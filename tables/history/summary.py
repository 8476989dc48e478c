"""What a finished hand meant for each player: the :class:`~tables.models.HandPlayer` rows.

Computed once, when the hand's record is completed (a ``post_save`` of ``Hand`` with its
final state, see ``tables/models_history.py``), from the replayed events:

* ``net``: final stack minus starting stack; ``won``: chips won from pots (R8, R10).
* ``vpip``: called, bet or raised before the flop (posting a blind is not voluntary, R2).
* ``pfr``: bet or raised before the flop.
* ``three_bet_chance``/``three_bet``: faced exactly one raise over the big blind before the
  flop (the big blind counts as the first bet, R7.3) / re-raised it.
* ``saw_flop``; ``went_to_showdown``: still in when two or more players reached the end;
  ``won_at_showdown``: and won chips; ``showdown``: the hand had one.
* ``pot``: every chip awarded plus the rake (R13), the size of the hand.
"""

from __future__ import annotations

from typing import Any

from engine.hand import ActionTaken, BoardDealt, PotAwarded

from ..models import Hand, HandPlayer
from .replay import ReplayedHand, replay


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
    for event in replayed.events:
        if isinstance(event, BoardDealt) and event.board_index == 0 and event.street == "flop":
            flop_seen = True
        elif isinstance(event, PotAwarded):
            pot += event.amount
        elif isinstance(event, ActionTaken) and not flop_seen and event.action != "run_twice":
            row = rows[event.seat]
            if event.action == "fold":
                folded_preflop.add(event.seat)
            if raises == 1:
                row["three_bet_chance"] = True
            if event.action in ("call", "bet", "raise"):
                row["vpip"] = True
            if event.action in ("bet", "raise"):
                row["pfr"] = True
                raises += 1
                if raises == 2 and row["three_bet_chance"]:
                    row["three_bet"] = True
    live = [not folded for folded in final.folded]
    showdown = sum(live) >= 2
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
    """(Re)write the hand's :class:`HandPlayer` rows and mark it recorded. Idempotent."""
    replayed = replayed or replay(hand)
    table = hand.table
    users = {p["seat"]: (p.get("user_id"), p.get("name", "")) for p in hand.players}
    HandPlayer.objects.filter(hand=hand).delete()
    if not hand.history_recorded:
        hand.history_recorded = True
        Hand.objects.filter(pk=hand.pk).update(history_recorded=True)
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


def backfill(hands: Any = None) -> int:
    """Write the rows of finished hands that have none (hands finished before this existed)."""
    queryset = hands if hands is not None else Hand.objects.all()
    missing = queryset.filter(final_state__isnull=False, participants=None)
    count = 0
    for hand in missing.select_related("table").iterator(chunk_size=200):
        record_hand(hand)
        count += 1
    return count
