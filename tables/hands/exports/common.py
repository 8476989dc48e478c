"""What every export format shares: the viewer an export is for (their own cards and the shown ones, R11), amounts as the club writes them, and the games' names."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engine.cards import card_str
from tables.hands.error_codes import HandsError, HandsErrorCode
from tables.hands.replay import ReplayedHand

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
    ("shortdeck", "no_limit"): "6+ Hold'em No Limit",
    ("shortdeck", "pot_limit"): "6+ Hold'em Pot Limit",
    ("shortdeck", "fixed_limit"): "6+ Hold'em Limit",
    ("draw5", "no_limit"): "5 Card Draw No Limit",
    ("draw5", "pot_limit"): "5 Card Draw Pot Limit",
    ("draw5", "fixed_limit"): "5 Card Draw Limit",
    ("27single", "no_limit"): "Single Draw 2-7 Lowball No Limit",
    ("27single", "pot_limit"): "Single Draw 2-7 Lowball Pot Limit",
    ("27single", "fixed_limit"): "Single Draw 2-7 Lowball Limit",
    ("27triple", "no_limit"): "Triple Draw 2-7 Lowball No Limit",
    ("27triple", "pot_limit"): "Triple Draw 2-7 Lowball Pot Limit",
    ("27triple", "fixed_limit"): "Triple Draw 2-7 Lowball Limit",
    ("stud", "fixed_limit"): "7 Card Stud Limit",
    ("stud8", "fixed_limit"): "7 Card Stud Hi/Lo Limit",
    ("razz", "fixed_limit"): "Razz Limit",
}
"""PokerStars' own names of the games in a hand's first line (R17: Omaha; R30: short deck,
PokerStars' "6+ Hold'em", which fpdb reads; R43, R44: the draw games, as PokerStars' files
name them: "5 Card Draw" in its three structures, "Single Draw 2-7 Lowball No Limit" and
"Triple Draw 2-7 Lowball Limit"; the other two structures of each lowball game follow the
same pattern; R45-R47: the stud games, fixed-limit only, "7 Card Stud Limit", "7 Card Stud
Hi/Lo Limit" and "Razz Limit", as PokerStars' stud files name them)."""


def has_pokerstars_text(game: str) -> bool:
    """Whether a hand of ``game`` (an engine Game value) can be written as PokerStars text:
    PokerStars dealt the game (:data:`GAME_NAMES`). Poker all'italiana (R31-R39) and
    Telesina (R40) it never dealt: a file claiming one of its games would make a tracker
    rank the hands by the wrong deck and ranking (R31.2, R32), miss poker all'italiana's
    opening and pot carried, and deal Telesina's five cards as a seven-card stud."""
    return game in _POKERSTARS_GAMES


_POKERSTARS_GAMES = frozenset(game for game, _structure in GAME_NAMES)


def no_pokerstars_text() -> HandsError:
    """The refusal of PokerStars text for a hand of a game PokerStars never dealt."""
    return HandsError(
        HandsErrorCode.NO_POKERSTARS_TEXT,
        _(
            "PokerStars never dealt this game, so its hands have no PokerStars text:"
            " download them as PHH or JSON."
        ),
    )


@dataclass(frozen=True)
class Viewer:
    """Whose export this is: ``user_id`` sees their own hole cards; ``None`` is the public view."""

    user_id: int | None = None

    @classmethod
    def public(cls) -> Viewer:
        return cls(None)

    def seat_in(self, replayed: ReplayedHand) -> int | None:
        return replayed.user_seats.get(self.user_id) if self.user_id is not None else None


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
