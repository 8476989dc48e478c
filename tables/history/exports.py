"""Hand histories out of the club: PokerStars-style text, PHH and JSON.

Every export is for one viewer (:class:`Viewer`): it holds the viewer's own hole cards and
the hands that were shown (R11), nothing else — a mucked or never-shown hand is written as
unknown (PHH ``????``), never as cards. ``Viewer.public()`` is what any member may see.

* :func:`pokerstars` writes the text of PokerStars hand histories, which tracking software
  imports and PokerKit's ``PokerStarsParser`` reads: hands separated by two blank lines,
  raises as "raises <increment> to <total>", amounts without thousands separators.
* :func:`phh` writes PHH through :mod:`engine.phh` (PokerKit reads it); unknown hole cards
  are ``????``.
* :func:`record` is the full JSON record of the hand (settings, players, stacks, button,
  every action with its time, boards, shown cards, pots and winners, rake, and the deck's
  proof for the viewer, ``"deck"``, which ``python -m engine.fairness verify FILE`` checks).
* :func:`stream` yields any of them for a queryset of hands, a bounded chunk at a time
  (``.iterator()`` with the actions prefetched per chunk), so 10,000 hands never load at once.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import timezone as dt_timezone
from typing import Any

from django.db.models import Prefetch, QuerySet

from engine.cards import card_str
from engine.hand import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    Event,
    HandMucked,
    HandNamed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RakeTaken,
    RunItTwiceDecided,
    UncalledBetReturned,
)
from engine.phh import to_phh

from ..models import Hand, HandAction
from .proof import viewer_record
from .replay import ReplayedHand, ReplayError, describe, replay

FORMATS = ("pokerstars", "phh", "json")
CONTENT_TYPES = {
    "pokerstars": "text/plain; charset=utf-8",
    "phh": "application/toml; charset=utf-8",
    "json": "application/json",
}
EXTENSIONS = {"pokerstars": "txt", "phh": "phhs", "json": "json"}
GAME_NAMES = {"no_limit": "Hold'em No Limit", "pot_limit": "Hold'em Pot Limit",
              "fixed_limit": "Hold'em Limit"}


@dataclass(frozen=True)
class Viewer:
    """Whose export this is: ``user_id`` sees their own hole cards; ``None`` is the public view."""

    user_id: int | None = None

    @classmethod
    def public(cls) -> Viewer:
        return cls(None)

    def seat_in(self, replayed: ReplayedHand) -> int | None:
        return replayed.user_seats.get(self.user_id) if self.user_id is not None else None


# --------------------------------------------------------------------------- amounts


class Amounts:
    """Amounts for hand-history text: the club's currency symbol and decimals, no separators."""

    def __init__(self, club: Any) -> None:
        currency = club is not None and club.amount_format == "currency"
        self.symbol = club.currency_symbol if currency else ""
        self.places = club.decimal_places if currency else 0

    def __call__(self, amount: int) -> str:
        if not self.places:
            return f"{self.symbol}{amount}"
        whole, frac = divmod(amount, 10**self.places)
        return f"{self.symbol}{whole}.{frac:0{self.places}d}"


def _cards(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


# --------------------------------------------------------------------------- PokerStars


def pokerstars(replayed: ReplayedHand, viewer: Viewer, club: Any = None) -> str:
    """One hand as PokerStars hand-history text, as ``viewer`` saw it."""
    hand = replayed.hand
    table = hand.table
    club = club or table.club
    amount = Amounts(club)
    config = replayed.config
    names = replayed.names
    me = viewer.seat_in(replayed)
    final = replayed.final
    events = replayed.events
    started = next(e for e in events if isinstance(e, HandStarted))
    hand_names: dict[int, str] = {}
    for e in events:
        if isinstance(e, (HandShown, HandNamed)) and e.names:
            hand_names[e.seat] = " / ".join(e.names)

    when = (hand.started_at or hand.ended_at).astimezone(dt_timezone.utc)
    stakes = f"{amount(config.small_blind)}/{amount(config.big_blind)}"
    lines = [
        f"PokerStars Hand #{hand.pk}: {GAME_NAMES[str(config.structure)]} ({stakes})"
        f" - {when:%Y/%m/%d %H:%M:%S} UTC",
        f"Table '{table.name}' {table.max_seats}-max Seat #{config.button} is the button",
    ]
    start_stacks = dict(zip(started.seats, started.stacks, strict=True))
    for seat in sorted(started.seats):
        lines.append(f"Seat {seat}: {names.get(seat, f'Seat {seat}')} ({amount(start_stacks[seat])} in chips)")

    bets: dict[int, int] = {}
    boards: list[list[int]] = [[]]
    shared = 0
    runs = 1
    hole_cards_written = False
    showdown_written = False
    labels = {0: "", 1: "SECOND "}

    def all_in(flag: bool) -> str:
        return " and is all-in" if flag else ""

    for e in events:
        if isinstance(e, AntePosted):
            lines.append(f"{names[e.seat]}: posts the ante {amount(e.amount)}{all_in(e.all_in)}")
        elif isinstance(e, BlindPosted):
            kind = {"small_blind": "small blind", "big_blind": "big blind",
                    "live_big_blind": "big blind", "straddle": "straddle"}[e.blind]
            bets[e.seat] = bets.get(e.seat, 0) + e.amount
            lines.append(f"{names[e.seat]}: posts {kind} {amount(e.amount)}{all_in(e.all_in)}")
        elif isinstance(e, HoleCardsDealt):
            if not hole_cards_written:
                lines.append("*** HOLE CARDS ***")
                hole_cards_written = True
            if e.seat == me:
                lines.append(f"Dealt to {names[e.seat]} [{_cards(e.cards)}]")
        elif isinstance(e, ActionTaken):
            name = names[e.seat]
            if e.action == "fold":
                lines.append(f"{name}: folds")
            elif e.action == "check":
                lines.append(f"{name}: checks")
            elif e.action == "call":
                bets[e.seat] = bets.get(e.seat, 0) + e.added
                lines.append(f"{name}: calls {amount(e.added)}{all_in(e.all_in)}")
            elif e.action == "bet":
                bets[e.seat] = e.amount
                lines.append(f"{name}: bets {amount(e.amount)}{all_in(e.all_in)}")
            elif e.action == "raise":
                before = max(bets.values(), default=0)
                bets[e.seat] = e.amount
                lines.append(
                    f"{name}: raises {amount(e.amount - before)} to {amount(e.amount)}{all_in(e.all_in)}"
                )
            elif e.action == "run_twice":
                lines.append(f"{name}: {'agrees' if e.amount else 'declines'} to run it twice")
        elif isinstance(e, UncalledBetReturned):
            lines.append(f"Uncalled bet ({amount(e.amount)}) returned to {names[e.seat]}")
        elif isinstance(e, RunItTwiceDecided):
            runs = e.runs
            shared = len(boards[0])
            if runs == 2:
                labels[0] = "FIRST "
                lines.append("Players agree to run it twice")
        elif isinstance(e, BoardDealt):
            while len(boards) <= e.board_index:
                boards.append(list(boards[0][:shared]))
            board = boards[e.board_index]
            before = list(board)
            board.extend(e.cards)
            if e.board_index == 0:
                bets = {}
            label = labels[e.board_index] if runs == 2 else ""
            if e.street == "flop":
                lines.append(f"*** {label}FLOP *** [{_cards(board)}]")
            else:
                lines.append(f"*** {label}{e.street.upper()} *** [{_cards(before)}] [{_cards(e.cards)}]")
        elif isinstance(e, HandShown):
            if not showdown_written and len(boards[0]) == 5:
                lines.append("*** SHOW DOWN ***")
                showdown_written = True
            lines.append(f"{names[e.seat]}: shows [{_cards(e.cards)}] ({hand_names.get(e.seat, 'hole cards')})")
        elif isinstance(e, HandMucked):
            if not showdown_written and len(boards[0]) == 5:
                lines.append("*** SHOW DOWN ***")
                showdown_written = True
            lines.append(f"{names[e.seat]}: mucks hand")
        elif isinstance(e, PotAwarded):
            pot = "pot" if e.pot_index == 0 else f"side pot-{e.pot_index}"
            if e.pot_index == 0 and any(
                isinstance(x, PotAwarded) and x.pot_index > 0 for x in events
            ):
                pot = "main pot"
            for seat, share in zip(e.winners, e.shares, strict=True):
                if share:
                    lines.append(f"{names[seat]} collected {amount(share)} from {pot}")

    total = sum(e.amount for e in events if isinstance(e, PotAwarded)) + final.rake
    pot_parts = _pot_parts(events, amount)
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {amount(total)}{pot_parts} | Rake {amount(final.rake)}")
    for index, board in enumerate(boards):
        if board:
            prefix = ("FIRST " if index == 0 else "SECOND ") if len(boards) > 1 else ""
            lines.append(f"{prefix}Board [{_cards(board)}]")
    lines.extend(_summary_seats(replayed, started, names, amount, me, hand_names))
    return "\n".join(lines) + "\n"


def _pot_parts(events: list[Event], amount: Amounts) -> str:
    by_pot: dict[int, int] = {}
    for e in events:
        if isinstance(e, PotAwarded):
            by_pot[e.pot_index] = by_pot.get(e.pot_index, 0) + e.amount
    for e in events:
        if isinstance(e, RakeTaken):
            by_pot[e.pot_index] = by_pot.get(e.pot_index, 0) + e.amount
    if len(by_pot) < 2:
        return ""
    parts = [f"Main pot {amount(by_pot.get(0, 0))}."]
    parts += [f"Side pot-{k} {amount(v)}." for k, v in sorted(by_pot.items()) if k]
    return " " + " ".join(parts)


def _summary_seats(replayed, started, names, amount, me, hand_names) -> list[str]:  # type: ignore[no-untyped-def]
    final = replayed.final
    small = started.small_blind_seat
    big = started.big_blind_seat
    folded_on: dict[int, str] = {}
    street = "before Flop"
    shown = replayed.shown()
    for e in replayed.events:
        if isinstance(e, BoardDealt) and e.board_index == 0:
            street = {"flop": "on the Flop", "turn": "on the Turn", "river": "on the River"}[e.street]
        elif isinstance(e, ActionTaken) and e.action == "fold":
            folded_on[e.seat] = street
    lines = []
    for seat in sorted(final.seats):
        i = final.seats.index(seat)
        tags = ""
        if seat == final.config.button:
            tags += " (button)"
        if seat == small:
            tags += " (small blind)"
        if seat == big:
            tags += " (big blind)"
        won = final.won[i]
        if seat in folded_on:
            outcome = f"folded {folded_on[seat]}"
        elif seat in shown:
            verb = "won" if won else "lost"
            amount_text = f" ({amount(won)})" if won else ""
            outcome = f"showed [{_cards(shown[seat])}] and {verb}{amount_text} with {hand_names.get(seat, 'hole cards')}"
        elif final.mucked[i]:
            mine = f" [{_cards(final.holes[i])}]" if seat == me else ""
            outcome = f"mucked{mine}"
        else:
            outcome = f"collected ({amount(won)})" if won else "didn't bet"
        lines.append(f"Seat {seat}: {names.get(seat, '')}{tags} {outcome}")
    return lines


# --------------------------------------------------------------------------- PHH


def phh_hand(replayed: ReplayedHand, viewer: Viewer) -> Any:
    """The PHH record of the hand as ``viewer`` saw it (others' unseen cards as ``????``)."""
    hand = replayed.hand
    visible = replayed.visible_seats(viewer.seat_in(replayed))
    document = to_phh(
        replayed.final,
        replayed.events,
        players=replayed.names,
        hand=hand.pk,
        table=hand.table.name,
        seat_count=hand.table.max_seats,
    )
    seats = list(replayed.final.seats)  # p1 first, as in the PHH document
    actions = []
    for action in document.actions:
        parts = action.split()
        if parts[:2] == ["d", "dh"]:
            seat = seats[int(parts[2][1:]) - 1]
            if seat not in visible:
                action = f"d dh {parts[2]} ????"
        actions.append(action)
    when = hand.started_at
    optional = dict(document.optional)
    if when is not None:
        utc = when.astimezone(dt_timezone.utc)
        optional.update(year=utc.year, month=utc.month, day=utc.day,
                        time=utc.strftime("%H:%M:%S"), time_zone="UTC")
    return replace(document, actions=tuple(actions), optional=optional)


def phh(replayed: ReplayedHand, viewer: Viewer) -> str:
    """One hand as a PHH document."""
    return phh_hand(replayed, viewer).to_toml()


# --------------------------------------------------------------------------- JSON


def _event_json(event: Event) -> dict[str, Any]:
    data = event.to_json()
    if "cards" in data:
        data["cards"] = [card_str(c) for c in data["cards"]]
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
    start = dict(zip(config.seats, config.stacks, strict=True))
    finals = final.stacks_by_seat()
    names = replayed.names
    events = replayed.public_events(me)
    return {
        "format": 1,
        "id": hand.pk,
        "club": table.club.slug,
        "table": {"id": table.pk, "name": table.name, "max_seats": table.max_seats},
        "number": hand.number,
        "started_at": _iso(hand.started_at),
        "ended_at": _iso(hand.ended_at),
        "game": {
            "structure": str(config.structure),
            "small_blind": config.small_blind,
            "big_blind": config.big_blind,
            "ante": config.ante,
            "big_blind_ante": config.big_blind_ante,
            "straddle": config.straddle,
            "posting": list(config.posting),
            "run_it_twice_allowed": config.run_it_twice_allowed,
            "show_all": config.show_all,
            "rake_bps": config.rake_bps,
            "rake_cap": config.rake_cap,
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
            }
            for p in sorted(hand.players, key=lambda p: p["seat"])
        ],
        "actions": [
            {
                "sequence": i,
                "seat": step.action.seat,
                "name": names.get(step.action.seat),
                "kind": step.action.kind,
                "amount": step.action.amount,
                "timeout": step.action.timeout,
                "at": _iso(step.action.at),
            }
            for i, step in enumerate(replayed.steps[1:], start=1)
            if step.action is not None
        ],
        "boards": [[card_str(c) for c in board] for board in final.boards],
        "shown": {str(seat): [card_str(c) for c in cards] for seat, cards in replayed.shown().items()},
        "pots": [
            {
                "pot": e.pot_index,
                "board": e.board_index,
                "amount": e.amount,
                "winners": list(e.winners),
                "shares": list(e.shares),
                "hand_name": e.hand_name,
            }
            for e in events
            if isinstance(e, PotAwarded)
        ],
        "rake": final.rake,
        "commitment": hand.commitment,
        "deck": viewer_record(replayed, me),
        "viewer_seat": me,
        "events": [_event_json(e) for e in events],
    }


def json_text(replayed: ReplayedHand, viewer: Viewer) -> str:
    return json.dumps(record(replayed, viewer), ensure_ascii=False)


# --------------------------------------------------------------------------- streaming


def finished_hands(queryset: QuerySet[Hand] | None = None) -> QuerySet[Hand]:
    """Finished hands with what an export needs, in table and number order."""
    queryset = queryset if queryset is not None else Hand.objects.all()
    return (
        queryset.filter(final_state__isnull=False)
        .select_related("table__club")
        .order_by("table_id", "number")
    )


class ExportError(Exception):
    """A hand of a stream could not be exported: ``hand`` says which, the cause is chained."""

    def __init__(self, hand: Hand, error: Exception) -> None:
        reason = error.reason if isinstance(error, ReplayError) else f"{type(error).__name__}: {error}"
        super().__init__(f"{describe(hand)} could not be exported: {reason}")
        self.hand = hand


def stream(queryset: QuerySet[Hand], fmt: str, viewer: Viewer, chunk_size: int = 500) -> Iterator[str]:
    """Yield the export of every hand of ``queryset`` in ``fmt``, piece by piece.

    Hands come ``chunk_size`` at a time (``.iterator()`` prefetches the actions of each
    chunk), so memory stays bounded whatever the number of hands. JSON is one array.
    A hand that cannot be exported raises :class:`ExportError` naming it.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
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
    "CONTENT_TYPES", "EXTENSIONS", "FORMATS", "ExportError", "Viewer", "export_one", "finished_hands",
    "json_text", "phh", "phh_hand", "pokerstars", "record", "stream",
]
