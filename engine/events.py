"""The events of a hand: what :mod:`engine.hand` reports happened, for the history and the
table, each with a plain-JSON form. :class:`HoleCardsDealt` is the one secret event (R4.3)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.cards import Card

__all__ = [
    "ActionTaken",
    "AntePosted",
    "BlindPosted",
    "BoardDealt",
    "CardsDrawn",
    "CardsShownAfter",
    "DealerAntePosted",
    "DeckReshuffled",
    "DownCardDealt",
    "DrawTaken",
    "Event",
    "FourthCardDealt",
    "HandFinished",
    "HandMucked",
    "HandNamed",
    "HandShown",
    "HandStarted",
    "HoleCardsDealt",
    "OpeningShown",
    "PotAwarded",
    "PotCarried",
    "PotCarriedIn",
    "RakeTaken",
    "RunItTwiceDecided",
    "SevenDeuceBounty",
    "StreetStarted",
    "UncalledBetReturned",
    "UpCardDealt",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the history and the table. ``secret`` events (hole cards)
    may only be shown to the seat they name (R4.3); every other event is public."""

    type: ClassVar[str] = "event"
    secret: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form with a ``"type"`` key."""
        data: dict[str, Any] = {"type": self.type}
        for item in fields(self):
            data[item.name] = _plain(getattr(self, item.name))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """The hand began: who is in, where the button and blinds are, and the seed's SHA-256
    commitment (R15; ``None`` when the deck was given, as in a replay). A stud game has no
    blinds: both blind seats are ``None`` (R45.4)."""

    type: ClassVar[str] = "hand_started"
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind_seat: int | None  # None: a dead small blind (R28.5), or stud
    big_blind_seat: int | None  # None: stud
    straddle_seat: int | None
    commitment: str | None


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """An ante (R3.1), the big-blind ante (R3.2) or a bomb pot's ante (``bomb_pot``, R21);
    dead money. ``all_in`` when short (R2.5)."""

    type: ClassVar[str] = "ante_posted"
    seat: int
    amount: int
    all_in: bool
    big_blind_ante: bool = False
    bomb_pot: bool = False


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """A live forced bet: ``blind`` is ``"small_blind"``, ``"big_blind"``, ``"straddle"``
    (R3.3) or ``"live_big_blind"`` (posted to come in, R2.6). ``all_in`` when short (R2.5)."""

    type: ClassVar[str] = "blind_posted"
    seat: int
    blind: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    """SECRET: the hole cards of ``seat`` (R4.1, R4.3; Omaha's four, a draw game's five, a
    stud game's first three, the third of which is its door card, face up: R45.2, and
    public as :class:`UpCardDealt`). Only that seat may see this."""

    type: ClassVar[str] = "hole_cards_dealt"
    secret: ClassVar[bool] = True
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class UpCardDealt(Event):
    """A stud game's card dealt face up to ``seat`` on ``street`` (``"third_street"``: the
    door card, also in the seat's :class:`HoleCardsDealt`; ``"fourth_street"`` to
    ``"sixth_street"``): public (R45.2)."""

    type: ClassVar[str] = "up_card_dealt"
    seat: int
    card: Card
    street: str


@dataclass(frozen=True, slots=True)
class DownCardDealt(Event):
    """SECRET: a stud game's seventh-street card, dealt face down to ``seat`` (R45.2), as
    :class:`HoleCardsDealt`: only that seat may see this."""

    type: ClassVar[str] = "down_card_dealt"
    secret: ClassVar[bool] = True
    seat: int
    card: Card
    street: str


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """Board cards of ``street`` (``"flop"``, ``"turn"``, ``"river"``) after a burn (R4.2);
    ``board_index`` 1 is the second run (R12) or the double board's second board (R23). A
    stud game's seventh-street community card (R45.3) is one too."""

    type: ClassVar[str] = "board_dealt"
    street: str
    cards: tuple[Card, ...]
    board_index: int = 0


@dataclass(frozen=True, slots=True)
class StreetStarted(Event):
    """A betting round begins on ``street`` (R5.2; a stud game's streets, R45.2: after the
    street's cards; a draw game's, R42.1: before its draw)."""

    type: ClassVar[str] = "street_started"
    street: str


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A betting decision or a run-it-twice answer.

    ``amount`` is the "to" amount for bet, raise and all-in raises, the chips added for a
    call and for a stud game's ``"bring_in"`` (R45.4), 1/0 for run_twice; ``added`` the
    chips that went in; ``stack`` what is left. A stud game's completion of the bring-in
    to the small bet is a ``"bet"`` (by the bring-in player) or a ``"raise"``."""

    type: ClassVar[str] = "action_taken"
    seat: int
    action: str
    amount: int | None
    added: int
    all_in: bool
    stack: int


@dataclass(frozen=True, slots=True)
class UncalledBetReturned(Event):
    """The uncalled part of a bet (or ante) goes back to its owner (R8.2)."""

    type: ClassVar[str] = "uncalled_bet_returned"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RunItTwiceDecided(Event):
    """How many times the rest of the board is dealt (R12)."""

    type: ClassVar[str] = "run_it_twice_decided"
    runs: int


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """A hand turned face up (R11). ``names`` (one per board, R11.4) is empty when the board
    is not complete yet (all-in before the river, R11.1); :class:`HandNamed` follows."""

    type: ClassVar[str] = "hand_shown"
    seat: int
    cards: tuple[Card, ...]
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsShownAfter(Event):
    """After the hand, a player chose to show ``cards``, some or all of their hole cards,
    which nobody had seen (R11.5). Public from then on; changes nothing else."""

    type: ClassVar[str] = "cards_shown_after"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SevenDeuceBounty(Event):
    """The 7-2 game (R22): ``seat`` won a pot holding seven-deuce and collects the bounty
    from every other player dealt in: ``payers`` paid ``amounts`` (aligned; a short stack
    pays what it has, so an amount may be below the bounty, or 0)."""

    type: ClassVar[str] = "seven_deuce_bounty"
    seat: int
    payers: tuple[int, ...]
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandNamed(Event):
    """The name of a hand shown before the board was complete, once it is (R11.4)."""

    type: ClassVar[str] = "hand_named"
    seat: int
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandMucked(Event):
    """A hand conceded without being shown (R11.3)."""

    type: ClassVar[str] = "hand_mucked"
    seat: int


@dataclass(frozen=True, slots=True)
class RakeTaken(Event):
    """Rake taken from pot ``pot_index`` (0 = main pot) (R13)."""

    type: ClassVar[str] = "rake_taken"
    pot_index: int
    amount: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """A pot (or its half on one board, R12, R23) goes to its winners (R8.3, R10).

    ``board_index`` is ``None`` when nobody contested the pot (R5.4); ``shares`` is aligned
    with ``winners``; ``hand_name`` names the winning hand when there was a showdown.
    ``half`` is ``"high"`` or ``"low"`` for one half of a pot split between the best high
    and the best low (R19.3); ``None`` when the award is the whole pot (or the whole run)."""

    type: ClassVar[str] = "pot_awarded"
    pot_index: int
    board_index: int | None
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    hand_name: str | None
    half: str | None = None


@dataclass(frozen=True, slots=True)
class HandFinished(Event):
    """The hand is over: final stacks by seat, rake, and the revealed seed (hex; R15)."""

    type: ClassVar[str] = "hand_finished"
    stacks: tuple[tuple[int, int], ...]
    rake: int
    seed: str | None


@dataclass(frozen=True, slots=True)
class DrawTaken(Event):
    """A player changed ``count`` cards in a draw (0: stood pat, "servito"; R42.3): public."""

    type: ClassVar[str] = "draw_taken"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """The cards a player threw and the ones dealt in their place (SECRET, as
    :class:`HoleCardsDealt`: for that player only; R4.3, R42.3)."""

    type: ClassVar[str] = "cards_drawn"
    secret: ClassVar[bool] = True
    seat: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    hole: tuple[Card, ...]
    """The player's five cards after the draw."""


@dataclass(frozen=True, slots=True)
class FourthCardDealt(Event):
    """Poker all'italiana: the fourth card of a player who changed four, dealt after every
    other player has drawn (R36.2; SECRET, as :class:`CardsDrawn`: for that player only).
    Their :class:`CardsDrawn` had three cards and a hand of four; ``hole`` is the five."""

    type: ClassVar[str] = "fourth_card_dealt"
    secret: ClassVar[bool] = True
    seat: int
    card: Card
    hole: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The stub ran out (R42.4): ``count`` cards out of play were shuffled into a new stub."""

    type: ClassVar[str] = "deck_reshuffled"
    count: int


@dataclass(frozen=True, slots=True)
class PotCarriedIn(Event):
    """Poker all'italiana: the pot the hands before left in the middle (R35.3, R37.3), dead
    money in this hand's pot from the start; right after :class:`HandStarted`."""

    type: ClassVar[str] = "pot_carried_in"
    amount: int


@dataclass(frozen=True, slots=True)
class DealerAntePosted(Event):
    """Poker all'italiana: the mazziere's invito (R33.2), posted by the button on top of
    the invito (an :class:`AntePosted`); dead money. ``all_in`` when short (R33.6)."""

    type: ClassVar[str] = "dealer_ante_posted"
    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class PotCarried(Event):
    """Poker all'italiana: the hand ends with no winner and its whole pot stays in the middle
    for the next hand (nobody's stack): ``reason`` is ``"nobody_opened"`` (R35.1) or
    ``"parola"`` (everyone checked after the draw, R37.3). No hand is shown."""

    type: ClassVar[str] = "pot_carried"
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class OpeningShown(Event):
    """Poker all'italiana (R39.2): at the end of an opened hand, the cards the opener opened
    with, from the five first dealt (a pair of jacks or better, or the four cards of the
    draw that allowed it), shown to everyone: public, even if the opener folded, won
    uncalled or threw them in the draw."""

    type: ClassVar[str] = "opening_shown"
    seat: int
    cards: tuple[Card, ...]
