"""What a player can do (R6, R11.3, R11.5, R12): the kinds of action and one decision.

An :class:`Action` is the only input a player gives the hand machine
(:func:`engine.hand.apply`); what the player to act may do now is
:func:`engine.legal_actions.legal_actions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["Action", "ActionKind"]


class ActionKind(StrEnum):
    """Everything a player can do (R6, R11.3, R12, R34, R42, R45)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"
    BRING_IN = "bring_in"
    """A stud game's bring-in (R45.4): the player with the door card that brings in posts
    the bring-in (all they have when short); amount, optional, the chips (checked if given).
    Their other choice is to complete: BET to the small bet."""
    OPEN = "open"
    """Poker all'italiana's opening, "apro" (R34.1, R34.4): the first bet of the hand, to
    ``amount`` (from the cip to the pot in pot-limit); only with the cards it asks (R34.2)."""
    PASS = "pass"
    """Poker all'italiana's "passo" before an opening (R34.1): not a fold, the player may
    still play if someone opens."""
    BUIO = "buio"
    """Poker all'italiana's buio (R33.5): the player left of the mazziere opens blind, before
    looking, for the pot or twice the pot (the table's); the engine sizes it."""
    CONTROBUIO = "controbuio"
    """The next player's answer to a buio, also blind: twice the buio (R33.5)."""
    LOOK = "look"
    """Declining the buio or the controbuio: the player looks at their cards (R33.5)."""
    RUN_TWICE = "run_twice"
    DRAW = "draw"
    """A draw game's draw (R42): amount is a bit mask of the hole cards thrown (1 = the first,
    3 = the first two, ...); 0 stands pat."""
    SHOW = "show"
    MUCK = "muck"
    SHOW_AFTER = "show_after"
    """Once the hand is over: show hole cards nobody saw; amount is a bit mask of the
    hole-card indices (1 = the first, 2 = the second, 3 = both; R11.5)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One player's decision.

    ``amount`` means, by kind: BET, RAISE, OPEN, BUIO and CONTROBUIO, the "to" amount (the player's total bet
    in this round after the action); CALL and BRING_IN, optional, the chips added (checked if
    given);
    ALL_IN, optional, the "to" amount (checked if given); RUN_TWICE, 1 to agree and 0 to
    decline; nothing (``None``) for the others.
    """

    kind: ActionKind
    seat: int
    amount: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form: ``{"kind": "raise", "seat": 3, "amount": 60}``."""
        return {"kind": str(self.kind), "seat": self.seat, "amount": self.amount}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Inverse of :meth:`to_json`; the kind is checked when the action is applied."""
        return cls(kind=data["kind"], seat=data["seat"], amount=data.get("amount"))
