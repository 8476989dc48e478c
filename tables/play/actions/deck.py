"""Deck v2 at a table (R15, ``engine.fairness``): the next hand's commitments, the players'
nonces, and the deal from them.

* :func:`plan_next` commits to the next hand's deck when that hand is planned
  (``schedule_next_hand``), in the same table update: no query of its own.
* :func:`send_nonce` takes a seated player's nonce for the next hand (one transaction under
  the table lock; it writes the player's chair alone, ``Seat.nonce``, and broadcasts
  nothing); :func:`send_nonces` takes those that came together, in one such transaction.
* :func:`deal` turns the committed deck and the nonces into the hand's deck, when the hand
  starts; :func:`wait_for_nonces` first holds a due deal back a bounded moment
  (``settings.NONCE_WAIT_MS``) for the nonces of seated players whose sockets are open (a
  player with none never holds up the table), and the last such nonce lets it go at once.

``Table.next_deck`` and ``Table.deck`` hold the hand's one secret; the projection
(``tables.play.hand_state``) never copies it out.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from engine.fairness import (
    FULL,
    DeckPlan,
    dealt_deck,
    new_secret,
    nonce_list,
    parse_nonce,
    proof_json,
)
from engine.games import Game, places_dealt, rules
from engine.hand import start_hand
from engine.state import HandConfig, HandState
from tables.play.actions import rows
from tables.play.actions.common import is_ready, lock_table, require_seat, table_seats
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.hand_state import PUBLIC_DECK_KEYS
from tables.play.models import Seat, Table


def game_deck(game: str, players: int) -> tuple[int, bool]:
    """The size of the deck a hand of ``game`` dealt to ``players`` is dealt from, and
    whether its draws burn a card: 52 or a short deck's 36 (R30.4), poker all'italiana's by
    the players (R31.2, its draw burning none)."""
    game_rules = rules(game, min(max(players, 2), 9) if rules(game).dealt_to else None)
    return len(game_rules.deck), game_rules.draw_burn


def plan_next(
    table: Table, deck_size: int | None = None, draw_burns: bool = True, seats: Any = None
) -> list[str]:
    """Commit to the deck of hand ``hand_count + 1`` unless that is done (R15.1): the deck of
    ``deck_size`` cards, by default the table's game's dealt to the players ready in
    ``seats`` (poker all'italiana's deck is theirs, R31.2). The commitments are published by
    the change the caller commits next (``version + 1``). Returns the table fields it
    changed."""
    number = table.hand_count + 1
    if table.next_deck and table.next_deck["hand"] == number:
        return []
    secret = new_secret()
    # the deck of the game the table deals now (R30.4: a short deck's 36 are committed
    # first, its size bound to the root); a mixed game's next orbit, or who is dealt in
    # (R31.2), may change it (deal)
    if deck_size is None:
        ready = sum(1 for s in seats or () if is_ready(s))
        # R31.4: with three ready, the morto's hand is dealt from the four players' deck
        places = places_dealt(ready, table.morto and table.game == Game.ITALIANA)
        deck_size, draw_burns = game_deck(table.game, places)
    table.next_deck = {
        "hand": number,
        "secret": secret.hex(),
        "root": DeckPlan(table.pk, number, secret, deck_size, draw_burns).root.hex(),
        "committed_version": table.version + 1,
        **({"deck_size": deck_size} if deck_size != FULL else {}),
        **({} if draw_burns else {"draw_burns": False}),
    }
    return ["next_deck"]


def send_nonce(user: Any, table_id: int, hand: Any, nonce: Any) -> None:
    """A seated player's random nonce for the next hand (R15.2). Refused, changing nothing:
    a malformed hand number or nonce (``bad_field``), a viewer without a seat
    (``not_seated``; ``not_a_member`` once removed from the club), a hand already dealt (``hand_dealt``), a hand whose deck is not
    committed yet (``not_committed``), a second nonce for the same hand (``nonce_sent``)."""
    (refused,) = send_nonces(table_id, [(user, hand, nonce)])
    if refused is not None:
        raise refused


def send_nonces(
    table_id: int, sent: list[tuple[Any, Any, Any]], languages: list[str] | None = None
) -> list[PlayError | None]:
    """Nonces that came together for one table (``(user, hand, nonce)`` each: a server
    process gathers those of its sockets, ``tables.play.consumers.NonceBatches``), taken in
    one transaction under the table lock, in order: each taken or refused as
    :func:`send_nonce` would take or refuse it alone (a second one from the same player in
    the batch is ``nonce_sent``). A refusal changes nothing and does not stop the others;
    its words are in its sender's language (``languages``, one each; default: the active
    one). Returns, for each, ``None`` (taken) or the refusal. Raises only what would stop
    them all (``no_such_table``)."""
    speaking = languages or [translation.get_language()] * len(sent)
    results: list[PlayError | None] = []
    for (_user, hand, nonce), language in zip(sent, speaking, strict=True):
        with translation.override(language):
            results.append(_malformed(hand, nonce))
    if all(results):
        return results  # nothing to look up: no lock taken
    with transaction.atomic():
        table = lock_table(table_id)
        seats = table_seats(table)
        taken: list[Seat] = []  # (a player has one chair: one nonce each, the rest refused)
        for i, ((user, hand, nonce), language) in enumerate(zip(sent, speaking, strict=True)):
            if results[i] is None:
                try:
                    with translation.override(language):
                        taken.append(_take_nonce(table, seats, user, hand, nonce))
                except PlayError as error:
                    results[i] = error
        if taken:
            fields = ["nonce", "nonce_hand", "nonce_by", "nonce_version"]
            if len(taken) == 1:
                taken[0].save(update_fields=fields)
            else:
                Seat.objects.bulk_update(taken, fields)  # one statement for all of them
            planned = table.next_deck
            assert planned is not None  # (the nonces taken were for it)
            if "waiting" in planned and not _missing(planned, seats):
                table.next_hand_at = timezone.now()  # the deal waited for these: now
                rows.save_table(table, ["next_hand_at"])
    return results


def _malformed(hand: Any, nonce: Any) -> PlayError | None:
    """``bad_field`` for a hand number or a nonce of the wrong form, else ``None``."""
    if isinstance(hand, bool) or not isinstance(hand, int):
        return PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a hand number.") % {"field": "hand"}
        )
    try:
        parse_nonce(nonce)
    except ValueError:
        return PlayError(
            PlayErrorCode.BAD_FIELD,
            _("'%(field)s' must be 64 lower-case hex digits (32 random bytes).")
            % {"field": "nonce"},
        )
    return None


def _take_nonce(table: Table, seats: list[Seat], user: Any, hand: int, nonce: str) -> Seat:
    """Put ``user``'s nonce for ``hand`` on their chair (in memory; the caller writes it),
    under the table lock; else raise the refusal (:func:`send_nonce`)."""
    seat = require_seat(table, seats, user)
    if hand <= table.hand_count:
        raise PlayError(
            PlayErrorCode.HAND_DEALT, _("Hand %(number)s is already dealt.") % {"number": hand}
        )
    planned = table.next_deck
    if not planned or planned["hand"] != hand:
        raise PlayError(
            PlayErrorCode.NOT_COMMITTED,
            _("No deck is committed for hand %(number)s yet.") % {"number": hand},
        )
    if any(e["user_id"] == user.pk for e in sent_nonces(planned, seats)):
        raise PlayError(
            PlayErrorCode.NONCE_SENT,
            _("You already sent a nonce for hand %(number)s.") % {"number": hand},
        )
    seat.nonce, seat.nonce_hand, seat.nonce_by = nonce, hand, user.pk
    seat.nonce_version = table.version
    return seat


def sent_nonces(planned: dict[str, Any], seats: list[Seat]) -> list[dict[str, Any]]:
    """The nonces sent for the planned hand (``{"seat", "user_id", "nonce", "version"}``):
    each chair's last one for it (``Seat.nonce``), and any the planned deck kept itself
    (``"nonces"``, where a deck committed before the chairs kept them had them)."""
    return [
        *planned.get("nonces", ()),
        *(
            {"seat": s.number, "user_id": s.nonce_by, "nonce": s.nonce, "version": s.nonce_version}
            for s in seats
            if s.nonce_hand == planned["hand"] and s.nonce
        ),
    ]


RECHECK = timedelta(milliseconds=100)
"""How often a deal that waits for nonces looks again (the clock's own tick is 0.1 s)."""


def _missing(planned: dict[str, Any], seats: list[Seat]) -> list[Seat]:
    """Seated players who would be dealt in, whose sockets are open, with no nonce yet."""
    sent = {e["user_id"] for e in sent_nonces(planned, seats)}
    return [s for s in seats if is_ready(s) and s.connections > 0 and s.user_id not in sent]


def wait_for_nonces(table: Table, seats: list[Seat], now: datetime) -> bool:
    """Before a due deal: when a connected player's nonce for it has not come yet and the
    hand has waited less than ``settings.NONCE_WAIT_MS`` since it was due, look again a
    moment later (``next_hand_at``; the row is written without a new version: nothing a
    player sees changed). Returns whether the deal waits."""
    planned = table.next_deck
    wait = getattr(settings, "NONCE_WAIT_MS", 0)
    if not wait or not planned or planned["hand"] != table.hand_count + 1:
        return False
    if not _missing(planned, seats):
        return False
    due = parse_datetime(planned.setdefault("waiting", now.isoformat()))
    assert due is not None
    limit = due + timedelta(milliseconds=wait)
    if now >= limit:
        return False
    table.next_hand_at = min(limit, now + RECHECK)
    rows.save_table(table, ["next_hand_at", "next_deck"])
    return True


def deal(
    table: Table, seats: list[Seat], dealt: list[Seat], config: HandConfig
) -> tuple[HandState, list[Any], dict[str, Any]]:
    """Start hand ``hand_count + 1`` for the seats ``dealt`` from its committed deck and the
    nonces sent from the table's ``seats`` (R15.2); a deck is committed now if none was (no
    player could send a nonce then). Sets ``Table.deck`` and clears ``Table.next_deck``;
    the deal is the change at ``version + 1``. Returns the engine's first state and events
    and the public proof."""
    deck_size, draw_burns = game_deck(config.game, config.places)  # (R31.4: the morto's)
    if table.next_deck and (
        table.next_deck.get("deck_size", FULL) != deck_size
        or table.next_deck.get("draw_burns", True) != draw_burns
    ):
        # a mixed game's orbit (R30.4), or who is dealt in (R31.2), changed the deck since it
        # was committed: a new one, committed at the deal itself (no nonce could come for it)
        table.next_deck = None
    plan_next(table, deck_size, draw_burns)
    planned = table.next_deck
    assert planned is not None  # plan_next committed it
    plan = DeckPlan(
        table.pk, planned["hand"], bytes.fromhex(planned["secret"]), deck_size, draw_burns
    )
    dealt_version = table.version + 1
    nonces = nonce_list(
        plan.root,
        sent_nonces(planned, seats),
        [(s.number, s.user_id) for s in dealt],
        dealt_version,
    )
    state, events = start_hand(
        config, deck=dealt_deck(plan, [bytes.fromhex(e["nonce"]) for e in nonces])
    )
    proof = proof_json(
        plan,
        nonces,
        state.seats,
        planned["committed_version"],
        dealt_version,
        hole_cards=len(state.holes[0]),
        double_board=config.double_board,
        deck_size=deck_size,
        draw_burns=draw_burns,
        morto=config.places > len(config.seats),
    )
    table.deck = {
        "hand": plan.hand,
        "table": plan.table,
        "secret": planned["secret"],
        **{k: proof[k] for k in PUBLIC_DECK_KEYS if k in proof},
    }
    table.next_deck = None
    return state, list(events), proof
