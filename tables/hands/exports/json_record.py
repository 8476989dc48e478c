"""The full JSON record of a hand (settings, players, stacks, button, every action with its time, boards, shown cards, pots and winners, rake, and the deck's proof for the viewer, ``"deck"``, which ``python -m engine.fairness verify FILE`` checks). A draw game's draws (R42) are actions of kind ``"draw"`` with the ``count`` of cards changed; only the viewer's own carry their mask and cards (``discarded``, ``drawn``). A stud hand (R45) has ``"streets"``: each street's cards by seat, up cards for all, down cards only to their owner (``null`` to others). A hand of poker all'italiana (R31-R39) has ``"italiana"`` (:func:`tables.hands.italiana.facts`: the deck, the invito and the mazziere's, the pot carried in, what opened, who opened and the cards shown for it, the pot carried out and why, the ranking's house rules and the raise cap); its ``open`` and ``pass`` are actions as the others, its draws R42's (the count to all, the cards to the drawer). A hand of Telesina (R40) has ``"telesina"`` (the deck, the invito, who speaks first, the ranking's house rules and the raise cap; con la vela, R41, how many ``vele``) and a stud hand's ``"streets"``, the first ``second_card`` (one card down, one up), each vela a street of its own (``vela``, ``second_vela``) with the card as its ``board``."""

from __future__ import annotations

import json
from typing import Any

from engine.actions import ActionKind
from engine.cards import Card, card_str
from engine.events import (
    BoardDealt,
    CardsDrawn,
    DownCardDealt,
    Event,
    FourthCardDealt,
    HoleCardsDealt,
    PotAwarded,
    UpCardDealt,
)
from engine.games import rules
from tables.hands.exports.common import Viewer
from tables.hands.italiana import facts, record_key
from tables.hands.proof import viewer_record
from tables.hands.replay import ReplayedHand, Step

_CARD_FIELDS = ("cards", "discarded", "drawn", "hole")
"""The fields of the events that hold cards (hole cards, a board, a shown hand, a draw)."""


def _event_json(event: Event) -> dict[str, Any]:
    data = event.to_json()
    for name in _CARD_FIELDS:
        if name in data:
            data[name] = [card_str(c) for c in data[name]]
    if "card" in data:  # a stud street's one card (R45.2)
        data["card"] = card_str(data["card"])
    return data


def _stud_streets(replayed: ReplayedHand, me: int | None) -> list[dict[str, Any]]:
    """A stud hand's streets (R45.2; Telesina's rounds, R40.3), each with the cards every
    player was dealt on it as the viewer saw them: up cards for all, down cards (``null``)
    only to their owner, or once shown (R11); seventh street's community card (R45.3) as
    its ``board``, and so Telesina's vele (R41: the streets ``vela`` and ``second_vela``,
    no player's card on them)."""
    visible = {
        seat: {c for c in cards if c is not None}
        for seat, cards in replayed.visible_holes(me).items()
    }
    streets: dict[str, dict[str, Any]] = {}
    first = rules(replayed.config.game).street_names[0]  # R45.2: third street; R40.3: second card

    def street(name: str) -> dict[str, Any]:
        return streets.setdefault(name, {"street": name, "cards": {}, "board": []})

    for e in replayed.events:
        if isinstance(e, HoleCardsDealt):
            dealt = [card_str(c) for c in e.cards]
            seen = visible.get(e.seat, set())
            street(first)["cards"][str(e.seat)] = [c if c in seen else None for c in dealt]
        elif isinstance(e, UpCardDealt | DownCardDealt) and e.street != first:
            card = card_str(e.card)
            street(e.street)["cards"][str(e.seat)] = [
                card if card in visible.get(e.seat, set()) else None
            ]
        elif isinstance(e, BoardDealt):
            street(e.street)["board"] += [card_str(c) for c in e.cards]
    return list(streets.values())


def _action_json(
    index: int,
    step: Step,
    names: dict[int, str],
    me: int | None,
    fourth: Card | None = None,
) -> dict[str, Any]:
    """One recorded decision. A draw (R42) is public only as how many cards were changed,
    ``count``: its ``amount`` (the bit mask of the places thrown, which says which of a
    shown hand's cards came in the draw) and its cards, ``discarded`` and ``drawn``, are
    only in the viewer's own draws (R42.3). ``fourth``: the viewer's fourth card of a
    change of four, dealt after the others' draws (poker all'italiana, R36.2): it is
    ``drawn``'s last."""
    action = step.action
    assert action is not None
    data: dict[str, Any] = {
        "sequence": index,
        "seat": action.seat,
        "name": names.get(action.seat),
        "kind": action.kind,
        "amount": action.amount,
        "timeout": action.timeout,
        "at": _iso(action.at),
    }
    if action.kind == ActionKind.DRAW:
        data["count"] = (action.amount or 0).bit_count()
        drawn = next(
            (e for e in step.events if isinstance(e, CardsDrawn) and e.seat == action.seat), None
        )
        if action.seat == me and drawn is not None:
            data["discarded"] = [card_str(c) for c in drawn.discarded]
            cards = (*drawn.drawn, *(() if fourth is None else (fourth,)))  # (2♣ is card 0)
            data["drawn"] = [card_str(c) for c in cards]
        else:
            data["amount"] = None
    return data


def _iso(value: Any) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def record(replayed: ReplayedHand, viewer: Viewer) -> dict[str, Any]:
    """The full record of the hand as plain JSON, as ``viewer`` saw it."""
    hand = replayed.hand
    table = hand.table
    config = replayed.config
    final = replayed.final
    me = viewer.seat_in(replayed)
    holes = replayed.visible_holes(me)
    fourth = next(  # the viewer's fourth card of a change of four (R36.2), theirs alone
        (
            e.card
            for step in replayed.steps
            for e in step.events
            if isinstance(e, FourthCardDealt) and e.seat == me
        ),
        None,
    )
    start = dict(zip(config.seats, config.stacks, strict=True))
    finals = final.stacks_by_seat()
    bounties = dict(zip(final.seats, final.bounty, strict=True))
    names = replayed.names
    events = replayed.public_events(me)
    return {
        "format": 1,
        "id": hand.pk,
        "club": table.club.slug,
        "table": {"id": table.pk, "name": table.name, "max_seats": table.max_seats},
        "tournament": (
            {
                "id": table.tournament_id,
                "table": table.tournament_number,
                "level": hand.tournament_level or 1,
            }
            if table.tournament_id is not None
            else None
        ),  # fmt: skip
        "number": hand.number,
        "started_at": _iso(hand.started_at),
        "ended_at": _iso(hand.ended_at),
        "game": {
            "game": str(config.game),
            "structure": str(config.structure),
            "small_blind": config.small_blind,
            "big_blind": config.big_blind,
            "ante": config.ante,
            "big_blind_ante": config.big_blind_ante,
            "straddle": config.straddle,
            "posting": list(config.posting),
            "run_it_twice_allowed": config.run_it_twice_allowed,
            "show_all_called": config.show_all_called,
            "rake_bps": config.rake_bps,
            "rake_cap": config.rake_cap,
            "bomb_pot": config.bomb_pot,  # R21: the bomb's ante, 0 for an ordinary hand
            "double_board": config.double_board,  # R23: "boards" are the hand's two boards
            "seven_deuce": config.seven_deuce,  # R22: the 7-2 bounty, 0 when off
            "seven_deuce_shown": config.seven_deuce_shown,
        },
        "button": config.button,
        "players": [
            {
                "seat": p["seat"],
                "name": p["name"],
                "user_id": p.get("user_id"),
                "starting_stack": start.get(p["seat"], p.get("stack")),
                "final_stack": finals.get(p["seat"]),
                "net": finals.get(p["seat"], 0) - start.get(p["seat"], 0),
                "cards": holes.get(p["seat"]),
                "bounty": bounties.get(p["seat"], 0),  # R22: the 7-2 bounty in the net
            }
            for p in sorted(hand.players, key=lambda p: p["seat"])
        ],
        "actions": [
            _action_json(i, step, names, me, fourth)
            for i, step in enumerate(replayed.steps[1:], start=1)
            if step.action is not None
        ],
        "boards": [[card_str(c) for c in board] for board in final.boards],
        "shown": {
            str(seat): [card_str(c) for c in cards] for seat, cards in replayed.shown().items()
        },
        "shown_after": {
            str(seat): [card_str(c) for c in cards]
            for seat, cards in replayed.shown_after().items()
        },
        "pots": [
            {
                "pot": e.pot_index,
                "board": e.board_index,
                "amount": e.amount,
                "winners": list(e.winners),
                "shares": list(e.shares),
                "hand_name": e.hand_name,
                "half": e.half,  # "high" / "low" in a high-low game (R19.3), else null
            }
            for e in events
            if isinstance(e, PotAwarded)
        ],
        "rake": final.rake,
        "commitment": hand.commitment,
        "deck": viewer_record(replayed, me),
        "viewer_seat": me,
        "events": [_event_json(e) for e in events],
        # R45.2: a stud hand's streets, each player's cards as the viewer saw them
        **({"streets": _stud_streets(replayed, me)} if rules(config.game).stud else {}),
        # R31-R40: the deck, the invito, the house rules; poker all'italiana's opening and
        # pot carried in and out, Telesina's first speaker
        **({record_key(replayed): italian} if (italian := facts(replayed)) is not None else {}),
    }


def json_text(replayed: ReplayedHand, viewer: Viewer) -> str:
    return json.dumps(record(replayed, viewer), ensure_ascii=False)
