"""Hand histories out of the club: PokerStars-style text, PHH and JSON.

Every export is for one viewer (:class:`Viewer`): it holds the viewer's own hole cards and
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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final
from zoneinfo import ZoneInfo

from django.db.models import Prefetch, QuerySet

from engine.cards import card_rank, card_str
from engine.evaluation import HandCategory, evaluate_omaha_low
from engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    Event,
    HandMucked,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunItTwiceDecided,
    UncalledBetReturned,
)
from engine.games import rules
from engine.phh import to_phh
from engine.phh.writer import bomb_pot_preflop_seats
from tables.hands.models import Hand, HandAction
from tables.hands.proof import viewer_record
from tables.hands.replay import ReplayedHand, ReplayError, describe, replay

FORMATS = ("pokerstars", "phh", "json")
CONTENT_TYPES = {
    "pokerstars": "text/plain; charset=utf-8",
    "phh": "application/toml; charset=utf-8",
    "json": "application/json",
}
EXTENSIONS = {"pokerstars": "txt", "phh": "phhs", "json": "json"}
GAME_NAMES = {
    ("holdem", "no_limit"): "Hold'em No Limit",
    ("holdem", "pot_limit"): "Hold'em Pot Limit",
    ("holdem", "fixed_limit"): "Hold'em Limit",
    ("omaha", "no_limit"): "Omaha No Limit",
    ("omaha", "pot_limit"): "Omaha Pot Limit",
    ("omaha", "fixed_limit"): "Omaha Limit",
    ("omaha5", "no_limit"): "5 Card Omaha No Limit",
    ("omaha5", "pot_limit"): "5 Card Omaha Pot Limit",
    ("omaha5", "fixed_limit"): "5 Card Omaha Limit",
    ("omaha8", "no_limit"): "Omaha Hi/Lo No Limit",
    ("omaha8", "pot_limit"): "Omaha Hi/Lo Pot Limit",
    ("omaha8", "fixed_limit"): "Omaha Hi/Lo Limit",
}
"""PokerStars' own names of the games in a hand's first line (R17: Omaha)."""


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
    """Amounts for hand-history text as PokerStars writes them: the club's currency symbol,
    no thousands separators, and the decimals only when the amount is not whole ("$5",
    "$0.50", "$2.80"); chip clubs write plain integers. ``code`` is the club's ISO 4217
    currency code for the header ("USD"), empty for chip clubs and clubs without one."""

    def __init__(self, club: Any) -> None:
        currency = club is not None and club.amount_format == "currency"
        self.symbol = club.currency_symbol if currency else ""
        self.places = club.decimal_places if currency else 0
        self.code = (getattr(club, "currency_code", "") or "") if currency else ""

    def __call__(self, amount: int) -> str:
        if not self.places:
            return f"{self.symbol}{amount}"
        whole, frac = divmod(amount, 10**self.places)
        return f"{self.symbol}{whole}" + (f".{frac:0{self.places}d}" if frac else "")


def _cards(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


# --------------------------------------------------------------------------- PokerStars

EASTERN = ZoneInfo("America/New_York")
"""PokerStars stamps every hand with the time in ET as well, in brackets."""

_PS_RANK: Final = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
_PS_RANKS: Final = (
    "Deuces",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)


def pokerstars_hand_label(hole: Sequence[int], board: Sequence[int], game: Any) -> str:
    """The shown hand as PokerStars labels it: its :func:`pokerstars_hand_name`, and in a
    high-low game both halves, "HI: a straight, Ace to Five; LO: 5,4,3,2,A" (R19; no low:
    "HI: ..." alone)."""
    name = pokerstars_hand_name(hole, board, game)
    if not rules(game).splits:
        return name
    low = evaluate_omaha_low(hole, board)
    if low is None:
        return f"HI: {name}"
    return f"HI: {name}; LO: " + ",".join(low.name.removesuffix(" low").split("-"))


def pokerstars_hand_name(hole: Sequence[int], board: Sequence[int], game: Any = "holdem") -> str:
    """The hand as PokerStars words it: "high card Ace", "a pair of Nines", "two pair, Kings
    and Tens", "three of a kind, Deuces", "a straight, Ace to Five", "a flush, King high",
    "a full house, Sevens full of Queens", "four of a kind, Aces", "a straight flush, Nine
    to King", "a Royal Flush" (R11.4 names the same hands in the club's own words)."""
    value = rules(game).evaluate(hole, board)  # Omaha: two hole cards and three of the board
    ranks = [card_rank(c) for c in value.best_five]  # reading order: biggest group first
    top, low = ranks[0], ranks[-1]
    category = value.category
    if category is HandCategory.HIGH_CARD:
        return f"high card {_PS_RANK[top]}"
    if category is HandCategory.ONE_PAIR:
        return f"a pair of {_PS_RANKS[top]}"
    if category is HandCategory.TWO_PAIR:
        return f"two pair, {_PS_RANKS[top]} and {_PS_RANKS[ranks[2]]}"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_PS_RANKS[top]}"
    if category is HandCategory.STRAIGHT:
        return f"a straight, {_PS_RANK[low]} to {_PS_RANK[top]}"
    if category is HandCategory.FLUSH:
        return f"a flush, {_PS_RANK[top]} high"
    if category is HandCategory.FULL_HOUSE:
        return f"a full house, {_PS_RANKS[top]} full of {_PS_RANKS[ranks[3]]}"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_PS_RANKS[top]}"
    if top == 12 and low == 8:
        return "a Royal Flush"
    return f"a straight flush, {_PS_RANK[low]} to {_PS_RANK[top]}"


def roman(number: int) -> str:
    """A tournament level as PokerStars numbers it.

    >>> roman(1), roman(4), roman(9), roman(14), roman(40)
    ('I', 'IV', 'IX', 'XIV', 'XL')
    """
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):  # fmt: skip
        while number >= value:
            out += letters
            number -= value
    return out


def _ps_time(when: datetime) -> str:
    """``2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]``: hours not zero-padded."""
    utc = when.astimezone(UTC)
    et = when.astimezone(EASTERN)
    return f"{utc:%Y/%m/%d} {utc.hour}:{utc:%M:%S} UTC [{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET]"


def pokerstars(replayed: ReplayedHand, viewer: Viewer, club: Any = None) -> str:
    """One hand as PokerStars hand-history text, as ``viewer`` saw it.

    The layout is the one of PokerStars' own cash-game files (docs/rules.md, *Exports*):
    the header with the stakes (fixed-limit: the small and big bet) and the currency code,
    the time in UTC and in ET; the seats; the forced bets; the streets; an all-in runout's
    board before ``*** SHOW DOWN ***``; a second run as ``*** FIRST FLOP ***`` ...
    ``*** SECOND SHOW DOWN ***`` (a double board, R23, the same way, each street's two
    boards one after the other); a player who takes a pot without showing "doesn't show
    hand"; then the summary.
    """
    hand = replayed.hand
    table = hand.table
    club = club or table.club
    tournament = table.tournament if table.tournament_id else None
    money = Amounts(club)
    amount = Amounts(None) if tournament else money  # a tournament's chips are chips
    config = replayed.config
    names = replayed.names
    me = viewer.seat_in(replayed)
    final = replayed.final
    events = replayed.events
    started = next(e for e in events if isinstance(e, HandStarted))
    won = dict(zip(final.seats, final.won, strict=True))

    if config.structure == "fixed_limit":  # PokerStars names limit games by their bets (R7.3)
        stakes = f"{amount(config.big_blind)}/{amount(2 * config.big_blind)}"
    else:
        stakes = f"{amount(config.small_blind)}/{amount(config.big_blind)}"
    code = f" {money.code}" if money.code else ""
    game = GAME_NAMES[(str(config.game), str(config.structure))]
    if tournament is not None:  # as PokerStars writes its tournaments' hands
        buy_in = (
            f"{money(tournament.buy_in)}+{money(tournament.fee)}{code}"
            if tournament.buy_in or tournament.fee
            else "Freeroll"
        )
        level = roman(hand.tournament_level or 1)
        lines = [
            f"PokerStars Hand #{hand.pk}: Tournament #{tournament.pk}, {buy_in} {game}"
            f" - Level {level} ({stakes}) - {_ps_time(hand.started_at)}",
            f"Table '{tournament.pk} {table.tournament_number}' {table.max_seats}-max"
            f" Seat #{config.button} is the button",
        ]
    else:
        lines = [
            f"PokerStars Hand #{hand.pk}:  {game} ({stakes}{code}) - {_ps_time(hand.started_at)}",
            f"Table '{table.name}' {table.max_seats}-max Seat #{config.button} is the button",
        ]
    start_stacks = dict(zip(started.seats, started.stacks, strict=True))
    for seat in sorted(started.seats):
        lines.append(
            f"Seat {seat}: {names.get(seat, f'Seat {seat}')} ({amount(start_stacks[seat])} in chips)"
        )

    bets: dict[int, int] = {}
    board: list[int] = []
    runs = 1
    shared = 0 if config.double_board else 5  # cards the second board repeats of the first
    first_run_board: list[int] = []
    second_run_board: list[int] = []
    showdown: list[HandShown | HandMucked] = []
    awards: list[PotAwarded] = [e for e in events if isinstance(e, PotAwarded)]
    hole_cards_written = False
    bomb_checks = bomb_pot_preflop_seats(final)
    double = config.double_board  # R23: two boards from the flop, written as two runs are

    def all_in(flag: bool) -> str:
        return " and is all-in" if flag else ""

    for e in events:
        if isinstance(e, AntePosted):
            lines.append(f"{names[e.seat]}: posts the ante {amount(e.amount)}{all_in(e.all_in)}")
        elif isinstance(e, BlindPosted):
            kind = {
                "small_blind": "small blind",
                "big_blind": "big blind",
                "live_big_blind": "big blind",
                "straddle": "straddle",
            }[e.blind]
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
                assert e.amount is not None  # a bet or raise has its "to" amount
                bets[e.seat] = e.amount
                lines.append(f"{name}: bets {amount(e.amount)}{all_in(e.all_in)}")
            elif e.action == "raise":
                assert e.amount is not None
                facing = max(bets.values(), default=0)
                bets[e.seat] = e.amount
                lines.append(
                    f"{name}: raises {amount(e.amount - facing)} to {amount(e.amount)}{all_in(e.all_in)}"
                )
            # run_twice answers: PokerStars writes only "Hand was run twice" (summary)
        elif isinstance(e, UncalledBetReturned):
            lines.append(f"Uncalled bet ({amount(e.amount)}) returned to {names[e.seat]}")
        elif isinstance(e, RunItTwiceDecided):
            runs = e.runs
            shared = len(board)
        elif isinstance(e, BoardDealt):
            if bomb_checks:  # R21: the blindless preflop round, checked (engine.phh.writer)
                lines.extend(f"{names[seat]}: checks" for seat in bomb_checks)
                bomb_checks = []
            if e.board_index == 0:
                bets = {}
                before = list(board)
                board.extend(e.cards)
                first_run_board = board
                label = "FIRST " if runs == 2 or double else ""
            else:
                before = list(second_run_board or board[:shared])
                second_run_board = before + list(e.cards)
                label = "SECOND "
            after = list(before) + list(e.cards)
            if e.street == "flop":
                lines.append(f"*** {label}FLOP *** [{_cards(after)}]")
            else:
                lines.append(
                    f"*** {label}{e.street.upper()} *** [{_cards(before)}] [{_cards(e.cards)}]"
                )
        elif isinstance(e, (HandShown, HandMucked)):
            showdown.append(e)  # written once the board is out (PokerStars: board, then show down)

    boards = [first_run_board] + ([second_run_board] if runs == 2 or double else [])
    contested = any(a.board_index is not None for a in awards)
    pot_names = _pot_names(awards)

    def collected(award: PotAwarded) -> list[str]:
        return [
            f"{names[seat]} collected {amount(share)} from {pot_names[award.pot_index]}"
            for seat, share in zip(award.winners, award.shares, strict=True)
            if share
        ]

    shown_seats = {e.seat for e in showdown if isinstance(e, HandShown)}
    shown_later = replayed.shown_after()
    if contested:
        for index, run_board in enumerate(boards):
            label = ("FIRST ", "SECOND ")[index] if len(boards) == 2 else ""
            lines.append(f"*** {label}SHOW DOWN ***")
            for e in showdown:
                if isinstance(e, HandShown):
                    lines.append(
                        f"{names[e.seat]}: shows [{_cards(e.cards)}]"
                        f" ({pokerstars_hand_label(e.cards, run_board, config.game)})"
                    )
                elif index == 0:  # a muck that still takes a pot nobody else could win (R8)
                    verb = "doesn't show hand" if won[e.seat] else "mucks hand"
                    lines.append(f"{names[e.seat]}: {verb}")
            for award in awards:
                if award.board_index == index or (index == 0 and award.board_index is None):
                    lines.extend(collected(award))
    else:  # won without a showdown (R5.4)
        for award in awards:
            lines.extend(collected(award))
        for seat in sorted(
            {s for a in awards for s, x in zip(a.winners, a.shares, strict=True) if x}
        ):
            if seat not in shown_seats and len(shown_later.get(seat, ())) < len(
                final.hole_cards(seat)
            ):
                lines.append(f"{names[seat]}: doesn't show hand")
    # cards shown once the hand was over (R11.5), as PokerStars writes a voluntary show
    for seat, cards in shown_later.items():
        lines.append(f"{names[seat]}: shows [{_cards(cards)}]")

    total = sum(a.amount for a in awards) + final.rake
    lines.append("*** SUMMARY ***")
    lines.append(
        f"Total pot {amount(total)}{_pot_parts(awards, amount)} | Rake {amount(final.rake)}"
    )
    if runs == 2:
        lines.append("Hand was run twice")
    for index, run_board in enumerate(boards):
        if run_board:
            prefix = ("FIRST ", "SECOND ")[index] if len(boards) == 2 else ""
            lines.append(f"{prefix}Board [{_cards(run_board)}]")
    lines.extend(_summary_seats(replayed, started, names, amount, me, boards, awards))
    return "\n".join(lines) + "\n"


def _pot_names(awards: list[PotAwarded]) -> dict[int, str]:
    """ "pot" alone; with side pots "main pot" and "side pot", or "side pot-1", "side pot-2"."""
    sides = sorted({a.pot_index for a in awards if a.pot_index})
    if not sides:
        return {0: "pot"}
    names = {0: "main pot"}
    for n, index in enumerate(sides, start=1):
        names[index] = "side pot" if len(sides) == 1 else f"side pot-{n}"
    return names


def _pot_parts(awards: list[PotAwarded], amount: Amounts) -> str:
    """`` Main pot $98.90. Side pot $23.40.`` (after the rake, as PokerStars), or nothing."""
    by_pot: dict[int, int] = {}
    for a in awards:
        by_pot[a.pot_index] = by_pot.get(a.pot_index, 0) + a.amount
    if len(by_pot) < 2:
        return ""
    names = _pot_names(awards)
    parts = [f"{names[k].capitalize()} {amount(v)}." for k, v in sorted(by_pot.items())]
    return " " + " ".join(parts)


def _summary_seats(
    replayed: ReplayedHand,
    started: HandStarted,
    names: dict[int, str],
    amount: Amounts,
    me: int | None,
    boards: list[list[int]],
    awards: list[PotAwarded],
) -> list[str]:
    final = replayed.final
    folded_on: dict[int, str] = {}
    put_in: set[int] = set()  # blinds or chips added by a decision; an ante is not a bet
    street = "before Flop"
    shown = replayed.shown()
    for e in replayed.events:
        if isinstance(e, BoardDealt) and e.board_index == 0:
            street = {"flop": "on the Flop", "turn": "on the Turn", "river": "on the River"}[
                e.street
            ]
        elif isinstance(e, ActionTaken):
            if e.action == "fold":
                folded_on[e.seat] = street
            elif e.added:
                put_in.add(e.seat)
        elif isinstance(e, BlindPosted):
            put_in.add(e.seat)
    won_on: dict[tuple[int, int], int] = {}
    for a in awards:
        for seat, share in zip(a.winners, a.shares, strict=True):
            key = (seat, a.board_index or 0)
            won_on[key] = won_on.get(key, 0) + share
    lines = []
    for seat in sorted(final.seats):
        i = final.seats.index(seat)
        tags = ""
        if seat == final.config.button:
            tags += " (button)"
        if seat == started.small_blind_seat and not final.config.bomb_pot:  # R21: no blinds
            tags += " (small blind)"
        if seat == started.big_blind_seat and not final.config.bomb_pot:
            tags += " (big blind)"
        won = final.won[i]
        if seat in folded_on:
            outcome = f"folded {folded_on[seat]}" + ("" if seat in put_in else " (didn't bet)")
        elif seat in shown:
            results = []
            for index, board in enumerate(boards):
                name = pokerstars_hand_label(shown[seat], board, final.config.game)
                share = won_on.get((seat, index), 0)
                results.append(
                    f"won ({amount(share)}) with {name}" if share else f"lost with {name}"
                )
            outcome = f"showed [{_cards(shown[seat])}] and " + ", and ".join(results)
        elif won:
            outcome = f"collected ({amount(won)})"
        else:
            mine = f" [{_cards(final.holes[i])}]" if seat == me else ""
            outcome = f"mucked{mine}"
        lines.append(f"Seat {seat}: {names.get(seat, '')}{tags} {outcome}")
    return lines


# --------------------------------------------------------------------------- PHH


def phh_hand(replayed: ReplayedHand, viewer: Viewer) -> Any:
    """The PHH record of the hand as ``viewer`` saw it (others' unseen cards as ``????``)."""
    hand = replayed.hand
    visible = replayed.visible_holes(viewer.seat_in(replayed))
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
            seen = visible.get(seats[int(parts[2][1:]) - 1])
            if seen is None or None in seen:  # ?? for each card the viewer did not see
                faces = "".join(
                    "??" if c is None else c for c in seen or [None] * (len(parts[3]) // 2)
                )
                action = f"d dh {parts[2]} {faces}"
        actions.append(action)
    when = hand.started_at
    optional = dict(document.optional)
    user = dict(document.user_defined)
    if when is not None:  # the standard's time is a TOML local time, here in UTC
        utc = when.astimezone(UTC)
        optional.update(
            year=utc.year,
            month=utc.month,
            day=utc.day,
            time=utc.time().replace(microsecond=0, tzinfo=None),
            time_zone="UTC",
        )
    club = hand.table.club
    if hand.table.tournament_id is not None:  # a tournament's hand: its chips, its level
        user["_tournament"] = hand.table.tournament_id
        user["_tournament_level"] = hand.tournament_level or 1
    elif club.amount_format == "currency":  # amounts stay whole units of the club's cents
        symbol = (
            club.currency_symbol if len(club.currency_symbol) == 1 else None
        )  # the standard: one character
        optional.update(currency=club.currency_code or None, currency_symbol=symbol)
        user["_currency_decimal_places"] = club.decimal_places
    return replace(document, actions=tuple(actions), optional=optional, user_defined=user)


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
    }


def json_text(replayed: ReplayedHand, viewer: Viewer) -> str:
    return json.dumps(record(replayed, viewer), ensure_ascii=False)


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
    "CONTENT_TYPES",
    "EXTENSIONS",
    "FORMATS",
    "ExportError",
    "Viewer",
    "export_one",
    "finished_hands",
    "json_text",
    "phh",
    "phh_hand",
    "pokerstars",
    "record",
    "stream",
]
