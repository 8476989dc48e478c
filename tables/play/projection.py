"""What each viewer may see of a table (DESIGN.md: a projection per viewer).

:func:`public_state` builds the state every member may see — it is what the services put in
group messages, so it must never contain a secret: no face-down hole cards, no deck, no
undealt board, no deck secret, no opening of a card not everyone may see (R4.3, R15).
:func:`viewer_state` adds the viewer's own part (their hole cards and those cards' openings)
for one socket or page.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from django.db import connection, transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from engine.drawing import fourth_card_last
from engine.games import Game, rules
from engine.opening import hand_opening_cards
from engine.state import ITALIAN_SHARED_OPTIONS, HandConfig
from engine.table import next_chooser
from pokerclub.models import Membership, Role
from tables.play.hand_state import (
    cards,
    current_log,
    dealt_so_far,
    hand_view,
    hole_openings,
    next_deck_view,
    next_mixed_game,
    opening_pair,
    top_up_range,
)
from tables.play.models import MixedMode, Seat, Table


def frame_json(value: Any) -> str:
    """The compact JSON text of a frame. orjson, not ``json``: encoding the frames was the
    largest single item of a socket server's own CPU (docs/benchmarks/2026-12-04.md, "Sixth look"). Integer keys
    become strings, as with ``json``; text is UTF-8, not ``\\u`` escapes."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _iso(value: Any) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def table_summary(table: Table) -> dict[str, Any]:
    club = table.club
    return {
        "id": table.pk,
        "name": table.name,
        "club": club.slug,
        "game": table.game,
        "game_letter": rules(table.game).letter,  # "1/2 PLO": the label's letters after NL/PL/FL
        # a tournament's table (R24-R29): its players neither top up, sit out nor leave
        "tournament": (
            {"id": table.tournament_id, "table": table.tournament_number}
            if table.tournament_id
            else None
        ),
        "mixed_games": list(table.mixed_games),  # R20: the rotation, one game an orbit
        "mixed_mode": table.mixed_mode,  # "rotate" or "dealers_choice" (R20.5)
        "chooser_seat": table.chooser_seat,  # R20.5: who picked this orbit's game
        "next_game": next_mixed_game(table),  # "PLO8", or None: not a mixed-game table
        "double_board": table.double_board,  # R23: "off", "bomb_pots" or "always"
        "seven_deuce": {  # R22: the 7-2 game's bounty (0: off), and whether it is shown
            "bounty": table.seven_deuce_bounty,
            "shown": table.seven_deuce_shown,
        },
        "bomb_pot": {  # R21: the host's bomb pots; each seat says whether its player voted
            "ante": table.bomb_pot_ante,
            "every": table.bomb_pot_every,
            "vote": table.bomb_pot_vote and table.bomb_pot_ante > 0,
            "next_by_count": bool(
                table.bomb_pot_ante
                and table.bomb_pot_every
                and (table.hand_count + 1) % table.bomb_pot_every == 0
            ),
        },
        # poker all'italiana's house rules (R32.2-R38.3), and the pot in the middle for the
        # next hand with the pair it needs to open (R35): {amount, pair, reason}, or None
        "italiana": {
            "dealer_ante": table.dealer_ante,
            "opening_draw": table.opening_draw,
            "rising_openings": table.rising_openings,
            "repeat_invito": table.repeat_invito,
            "max_draw": table.max_draw,
            "piatto_di_parola": table.piatto_di_parola,
            "opener_first": table.opener_first,
            "full_over_flush_on_52": table.full_over_flush_on_52,
            "minima_beats_massima": table.minima_beats_massima,
            "flush_by_suit": table.flush_by_suit,
            "max_raises": table.max_raises or None,  # R38.3 (None: no cap)
            "fourth_card_last": table.fourth_card_last,  # R36.2
            "morto": table.morto,  # R31.4
            "buio": table.buio,  # R33.5: 0 none, 1 the pot, 2 twice the pot
            "carried": {
                "amount": table.carried_pot["amount"],
                "pair": opening_pair(table.carried_pot, table.rising_openings),
                "reason": table.carried_pot.get("reason"),
            }
            if table.carried_pot
            else None,
        }
        if rules(table.game).opening or "ITA" in table.mixed_games
        else None,
        # Telesina's house rules (R40.4; the ranking's options R40.1, the raise cap R38.3)
        "telesina": {
            "best_showing_first": table.best_showing_first,
            "vele": table.vele,  # R41
            **{name: getattr(table, name) for name in ITALIAN_SHARED_OPTIONS},
            "max_raises": table.max_raises or None,  # (None: no cap)
        }
        if table.game == Game.TELESINA or "TEL" in table.mixed_games
        else None,
        "structure": table.structure,
        # the current game's blinds (R20: per game on a mixed table)
        **dict(zip(("small_blind", "big_blind"), table.blinds, strict=True)),
        "mixed_blinds": table.mixed_blinds,  # R20: {code: [small, big]} where not the table's
        "ante": table.ante,
        "ante_by_big_blind": table.ante_by_big_blind,
        "straddle_allowed": table.straddle_allowed,
        "min_buy_in": table.min_buy_in,
        "max_buy_in": table.max_buy_in,
        "max_seats": table.max_seats,
        "action_seconds": table.action_seconds,
        "time_bank_seconds": table.time_bank_seconds,
        "away_seconds": table.away_seconds,
        # the house's share (R13): a percentage of each pot, up to a cap (0: none)
        "rake": {"percent": table.rake_bps / 100, "cap": table.rake_cap},
        "run_it_twice_allowed": table.run_it_twice_allowed,
        "show_all_called": table.show_all_called,
        "approve_seats": table.approve_seats,
        "status": table.status,
        "pause_requested": table.pause_requested,
        "close_requested": table.close_requested,
        "next_hand_at": _iso(table.next_hand_at),
        "pending_settings": table.pending_settings,
        "amount_format": {  # a tournament's chips are plain chips (Table.format_amount)
            "kind": "chips" if table.tournament_id else club.amount_format,
            "symbol": "" if table.tournament_id else club.currency_symbol,
            "decimals": club.decimal_places
            if club.amount_format == "currency" and not table.tournament_id
            else 0,
        },
    }


def public_state(table: Table, seats: list[Seat], state: Any = None) -> dict[str, Any]:
    """The state of the table that every member may see (``state``: the parsed hand state,
    when the caller has it)."""
    names = {s.number: str(s.user) for s in seats if s.user_id is not None}
    log = current_log(table, names)  # (the tail's lines made again: #44)
    hand = hand_view(table, state, log) if table.hand_state is not None else None
    by_seat = hand["seat_views"] if hand else {}
    dealt = table.hand_players or {}
    seat_list = []
    for seat in seats:
        player: dict[str, Any] | None = None
        if seat.user_id is not None:
            player = {"user_id": seat.user_id, "name": str(seat.user)}
            if getattr(seat, "member_role", None) == Role.GUEST:
                player["guest"] = True  # shown with a "guest" mark: never taken for a member
        view: dict[str, Any] = {
            "number": seat.number,
            "status": seat.status,
            "player": player,
            "stack": seat.stack,
            "pending_chips": seat.pending_chips,
            "bet": 0,
            "in_hand": False,
            "folded": False,
            "all_in": False,
            "sitting_out": seat.status == Seat.Status.SITTING_OUT or seat.sit_out_next_hand,
            "leaving": seat.leave_after_hand,
            "owes_big_blind": seat.owes_big_blind,
            "blind_choice": seat.blind_choice or table.new_player_policy,
            "cards": [],
            "shown": False,
            "shown_after": False,
            "hand_words": None,
            "won": 0,
            "bounty": 0,
            "button": table.button_seat == seat.number,
            "small_blind": False,
            "big_blind": False,
            "equity": None,
            "last_action": None,
            "time_bank": seat.time_bank,
            "straddle": seat.straddle,
            "connected": seat.connections > 0,
            "bomb_vote": seat.user_id is not None and seat.user_id in table.bomb_votes,
            # R20.5: the game this player picks for the orbit they choose (dealer's choice)
            "game_pick": table.game_picks.get(str(seat.user_id)) if seat.user_id else None,
        }
        if seat.user_id is None or dealt.get(str(seat.number)) == seat.user_id:
            # the hand's view of a seat belongs to the player dealt it: whoever sits down
            # there after them is not in that hand
            view.update(by_seat.get(seat.number, {}))
            if hand is not None and hand["finished"]:
                view["stack"] = seat.stack  # a rebuy or top-up since the hand ended counts
        limits = (
            top_up_range(table, view["stack"], seat.pending_chips)
            if seat.status in (Seat.Status.SEATED, Seat.Status.SITTING_OUT)
            else None
        )
        view["top_up"] = {"min": limits[0], "max": limits[1]} if limits else None
        seat_list.append(view)
    if hand is not None:
        hand = {k: v for k, v in hand.items() if k != "seat_views"}
        hand["log"] = log
        hand["decision_version"] = table.decision_version
        hand["deadline"] = _iso(table.deadline)
        hand["time_bank"] = table.time_bank_in_use
    summary = table_summary(table)
    if table.mixed_mode == MixedMode.DEALERS_CHOICE and summary["next_game"] is not None:
        summary.update(dealers_choice_next(table, seat_list, summary["next_game"]))
    state = {
        "type": "state",
        "version": table.version,
        "table": summary,
        "seats": seat_list,
        "hand": hand,
        "next_deck": next_deck_view(table),
    }
    if hand is None and log:  # before the first hand: a host's corrections
        state["log"] = log
    return state


def dealers_choice_next(
    table: Table, seat_list: list[dict[str, Any]], rotation: str
) -> dict[str, Any]:
    """R20.5: who picks the next orbit's game and what it will be (their pick, else the
    list's next game): the players seated with chips now, in turn after the last chooser."""
    seated = [
        s["number"] for s in seat_list if s["player"] and s["status"] == "seated" and s["stack"]
    ]
    if not seated or table.button_seat is None:
        return {"next_chooser_seat": None}
    # before anyone has chosen, the first orbit's chooser is its button: the next one's
    last = table.chooser_seat if table.chooser_seat is not None else table.button_seat
    seat = next_chooser(seated, table.button_seat, last)
    pick = next(s["game_pick"] for s in seat_list if s["number"] == seat)
    return {
        "next_chooser_seat": seat,
        "next_game": pick if pick in table.mixed_games else rotation,
    }


def public_message(public: dict[str, Any]) -> dict[str, Any]:
    """The group message for a public state: serialised once here, not once per socket.

    ``seats`` maps user ids to seat numbers so that each socket can find its viewer's seat
    without parsing the state; nothing in it is secret. ``dealt`` grows whenever a player's
    own cards may have changed within the hand: the draws taken (R42) or, in a stud game, the
    cards dealt to the seats (R45.2), or a player looking at cards withheld while they decided
    blind (poker all'italiana's buio, R33.5: 2 less the players who have not looked, who are
    never more than two and only fewer as the hand goes on); 0 in the board games.
    """
    hand = public["hand"]
    seats = public["seats"]
    if hand and hand["stud"]:  # (a stud seat keeps its cards when it folds: R45.2)
        dealt = sum(len(s["cards"]) for s in seats)
    else:
        dealt = sum(len(s.get("drawn", ())) for s in seats)
    if hand and hand["italiana"]:  # R33.5: a player who looks is given their cards
        dealt += 2 - len(hand["italiana"]["unseen"])
    return {
        "type": "table.state",
        "version": public["version"],
        "hand": hand["number"] if hand else None,
        "dealt": dealt,
        "seats": {str(s["player"]["user_id"]): s["number"] for s in public["seats"] if s["player"]},
        "json": frame_json(public),
    }


def viewer_frame(message: dict[str, Any], you: dict[str, Any]) -> str:
    """The text frame of one viewer: the shared public JSON with their own part spliced in
    (the same object :func:`viewer_state` builds, without serialising the state again)."""
    head = frame_json({"server_time": _iso(timezone.now()), "you": you})
    return head[:-1] + "," + message["json"][1:]


def viewer_state(
    public: dict[str, Any],
    user_id: int | None,
    seat: int | None,
    is_host: bool,
    own: dict[str, Any] | None,
) -> dict[str, Any]:
    """Add the viewer's own part to a public state (a new dict; ``public`` is not changed).
    ``own``: their entry of :func:`own_cards_by_user`, if they were dealt in."""
    return {
        **public,
        "server_time": _iso(timezone.now()),
        "you": you_part(user_id, seat, is_host, own),
    }


def you_part(
    user_id: int | None, seat: int | None, is_host: bool, own: dict[str, Any] | None
) -> dict[str, Any]:
    """The viewer's own part of a state: their hole cards and those cards' openings (R15.3)."""
    own = own or NOT_DEALT
    return {"user_id": user_id, "seat": seat, "is_host": is_host, **own}


NOT_DEALT: dict[str, Any] = {"cards": [], "openings": []}


@contextmanager
def one_moment() -> Iterator[None]:
    """Reads that see one moment of the database. PostgreSQL's default (read committed)
    gives each statement its own: a table row read before a rebuy committed and its seats
    read after it would show the rebuy under the version before it (issue #41, N2). A read
    only, repeatable-read transaction sees the database as it was at its first statement.
    Inside a transaction already (a service's), the reads are the caller's business."""
    if connection.in_atomic_block or connection.vendor != "postgresql":
        yield
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def load_public_state(table_id: int) -> dict[str, Any]:
    """The table's public state as one moment: its version is the version of its content."""
    with one_moment():
        table = Table.objects.select_related("club").get(pk=table_id)
        seats = read_seats(table)
    return public_state(table, seats)


def read_seats(table: Table) -> list[Seat]:
    """The table's seats with their players and each player's role in the club
    (``seat.member_role``, as ``actions.rows.table_seats`` reads it)."""
    role = Membership.objects.filter(club_id=table.club_id, user_id=OuterRef("user_id"))
    return list(
        Seat.objects.select_related("user")
        .filter(table=table)
        .annotate(member_role=Subquery(role.values("role")[:1]))  # type: ignore[no-redef]
        .order_by("number")
    )


def own_cards_by_user(table_id: int, hand_number: int) -> dict[int, dict[str, Any]]:
    """The hole cards of everyone dealt into hand ``hand_number`` and their openings (R15.3),
    ``{"cards": [...], "openings": [...]}``, by the user who was dealt them (never by seat
    number: a seat can change hands before the next deal), for the server's use only: each
    viewer is given their own entry alone. Empty once that hand is over and the next one
    began, whose own message will ask."""
    found = (
        Table.objects.filter(pk=table_id)
        .values_list(
            "hand_count",
            "hand_players",
            "hand_state__seats",
            "hand_state__holes",
            "deck",
            "hand_state__drawn",  # a draw game's public counts (R42.6), else None
            "hand_state__unseen",  # R33.5: who has not looked at their cards (absent: all)
            "hand_state__config",
            "hand_fixed__config",  # where the snapshot does not hold it (Table.hand_fixed)
        )
        .first()
    )
    if not found or found[0] != hand_number or found[2] is None:
        return {}
    hand_players, seats, holes_by_index, deck, drawn, unseen, *configs = found[1:]
    # the config where the snapshot holds it, else where it is stored apart (as
    # Table.from_db puts it back)
    config = HandConfig.from_json(configs[0] if configs[0] is not None else configs[1])
    dealt, drawn = hand_players or {}, drawn or ()
    game = rules(config.game)
    # a stud game's cards a player (public: R45.2), which place each street's card (R45.9)
    stud = [len(holes) for holes in holes_by_index] if game.stud else ()
    fourth_last = fourth_card_last(config)  # R36.2
    out = {
        dealt[str(seat)]: {
            "cards": cards(holes),
            "openings": hole_openings(
                deck,
                hand_number,
                len(seats),
                index,
                dealt_so_far(drawn, holes_by_index) if drawn else (),
                stud,
                fourth_last,
            ),  # fmt: skip
        }
        for index, (seat, holes) in enumerate(zip(seats, holes_by_index, strict=True))
        if dealt.get(str(seat)) is not None
    }
    for index in unseen or ():  # R33.5: a player deciding blind is not shown their own cards
        user = dealt.get(str(seats[index]))
        if user is not None:
            out[user] = {"cards": [], "openings": [], "unseen": True}
    if game.opening and not any(drawn):
        # R34.2, R34.3: the cards that let this player open (none: they may only pass),
        # theirs alone; the five first dealt are their cards until the draw. The engine's
        # own test of the hand's config (R31.4: the morto's deck counts)
        for seat, holes in zip(seats, holes_by_index, strict=True):
            if dealt.get(str(seat)) is not None and "unseen" not in out[dealt[str(seat)]]:
                opens = hand_opening_cards(config, holes)
                out[dealt[str(seat)]]["opening_cards"] = cards(opens)
    return out


def private_cards_for_user(
    table_id: int, public: dict[str, Any], user_id: int
) -> tuple[int | None, dict[str, Any] | None]:
    """The viewer's seat now, and the hole cards they were dealt in the hand on the table."""
    seat = next(
        (s["number"] for s in public["seats"] if s["player"] and s["player"]["user_id"] == user_id),
        None,
    )
    if public.get("hand") is None:
        return seat, None
    return seat, own_cards_by_user(table_id, public["hand"]["number"]).get(user_id)
