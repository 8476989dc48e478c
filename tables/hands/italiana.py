"""Poker all'italiana's and Telesina's own facts of a finished hand (R31-R40), as every
member may see them. Both: the deck of the players (R31.2), the invito (R33.1, R40.2), the
ranking's house rules (R32.2, R32.4, R32.6) and the raise cap (R38.3). Poker all'italiana:
the mazziere's invito (R33.2), the pot carried in (R35.3), what it took to open (R34.2,
R35.2), who opened and the cards they showed for it (R39.2), and the pot carried out when
nobody opened (R35.1) or everyone checked after the draw (R37.3). Telesina: who speaks
first (R40.4) and the vele (R41). All public: the JSON record (``"italiana"`` or
``"telesina"``), the hand page and the statistics read them here; no player's unshown
card is among them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine.cards import card_str
from engine.events import ActionTaken, OpeningShown, PotCarried
from engine.games import rules
from engine.state import ITALIAN_SHARED_OPTIONS
from tables.hands.replay import ReplayedHand
from tables.play.phrases import render

_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def facts(replayed: ReplayedHand) -> dict[str, Any] | None:
    """The hand's poker all'italiana or Telesina facts as plain JSON, ``None`` for another
    game (its key in the JSON record is the game's, :func:`record_key`).

    ``max_raises`` is ``None`` when the raises are not capped. Poker all'italiana's
    ``opener`` is the seat that opened (``None``: nobody did), ``opening_shown`` the cards
    shown for it at the end (R39.2), ``pot_carried`` the pot left for the next hand with
    its reason (``nobody_opened`` or ``parola``), ``None`` when the hand was won;
    Telesina's ``best_showing_first`` is "parla per primo" (R40.4: false, the first left of
    the dealer speaks first), its ``vele`` how many the hand deals con la vela (R41: 1 or
    2, absent without the vela; the vele themselves are the hand's board); poker
    all'italiana's ``morto`` true when a fourth hand was dealt to its three players (R31.4,
    absent otherwise), its ``buio`` the hand's buio (R33.5: 1 the pot, 2 twice the pot;
    absent without one) and ``blind`` the seats that bet blind, the buio's and the
    controbuio's, in order (the buio is never shown: ``opener`` is then ``None``)."""
    config = replayed.config
    game = rules(config.game)
    if game.dealt_to is None:  # (the games dealt from the deck of their players, R31.2)
        return None
    found: dict[str, Any] = {
        "deck_size": len(config.hand_rules().deck),  # (R31.4: the morto's place counts)
        "invito": config.ante,
    }
    if not game.opening:  # R40
        found["best_showing_first"] = config.best_showing_first
        if config.vele:  # R41 (a hand without the vela is written as before it)
            found["vele"] = config.vele
    else:
        shown = next((e for e in replayed.events if isinstance(e, OpeningShown)), None)
        carried = next((e for e in replayed.events if isinstance(e, PotCarried)), None)
        found.update(
            dealer_ante=config.dealer_ante,
            pot_carried_in=config.carried,
            opening_pair=config.opening_pair,
            opening_draw=config.opening_draw,
            opener=shown.seat if shown else None,
            opening_shown=[card_str(c) for c in shown.cards] if shown else None,
            pot_carried=({"amount": carried.amount, "reason": carried.reason} if carried else None),
        )
        if config.places > len(config.seats):  # R31.4 (without it, written as before)
            found["morto"] = True
        if config.buio:  # R33.5 (likewise)
            found["buio"] = config.buio
            found["blind"] = [
                e.seat
                for e in replayed.events
                if isinstance(e, ActionTaken) and e.action in ("buio", "controbuio")
            ]
    # R32.2, R32.4, R32.6, R38.3: the house rules both games have
    found.update({name: getattr(config, name) for name in ITALIAN_SHARED_OPTIONS})
    return found


def record_key(replayed: ReplayedHand) -> str:
    """The facts' key in the JSON record: the game's (``"italiana"``, ``"telesina"``)."""
    return str(replayed.config.game)


def pot_carried(replayed: ReplayedHand) -> int:
    """The chips the hand left in the middle for the next one (R35.1, R37.3), else 0."""
    return sum(e.amount for e in replayed.events if isinstance(e, PotCarried))


def card_text(code: str) -> str:
    """A card for people: ``"Qc"`` -> ``"Q♣"``, ``"Th"`` -> ``"10♥"`` (as the table writes
    cards in its log, static/js/table/cards.js)."""
    return ("10" if code[0] == "T" else code[0]) + _SUITS[code[1]]


def page_lines(replayed: ReplayedHand) -> list[str]:
    """The facts as sentences in the reader's language, for the hand page (names as they
    were at the start of the hand)."""
    found = facts(replayed)
    if found is None:
        return []
    names = replayed.names
    fmt = replayed.hand.table.format_amount
    lines = []
    if "best_showing_first" in found:  # R40: Telesina
        lines = [_invito(fmt, found["invito"]), _first_speaker(found["best_showing_first"])]
        return lines + _vele(found.get("vele", 0))
    if found["pot_carried_in"]:  # R35.3: in the log's words (tables.play.phrases)
        lines.append(_say("pot_carried_in", fmt, amount=found["pot_carried_in"]))
    lines.append(_invito(fmt, found["invito"]))
    if found.get("morto"):  # R31.4
        # Translators: poker all'italiana's morto (R31.4), a fact on the hand's page
        lines.append(_("Morto: a fourth hand dealt, never played"))
    if found.get("buio"):  # R33.5: the option; who went blind is in the log's lines
        lines.append(_("Buio of twice the pot") if found["buio"] == 2 else _("Buio of the pot"))
    if found["dealer_ante"]:
        button = replayed.config.button
        who = names.get(button, button)
        lines.append(_say("dealer_ante", fmt, who=who, amount=found["dealer_ante"]))
    lines += _requirement(found["opening_pair"], found["opening_draw"])
    carried = found["pot_carried"]
    if carried is not None:  # R35.1, R37.3
        lines.append(_say(f"pot_carried_{carried['reason']}", fmt, amount=carried["amount"]))
    if found["opener"] is not None:  # R39.2
        who = names.get(found["opener"], found["opener"])
        cards = [card_text(c) for c in found["opening_shown"]]
        lines.append(_say("opening_shown", fmt, who=who, cards=cards))
    return lines


def _invito(fmt: Any, amount: int) -> str:
    # Translators: poker all'italiana, the invito is the ante every player puts in (R33.1).
    return _("Invito: %(amount)s each") % {"amount": fmt(amount)}


def _first_speaker(best_showing_first: bool) -> str:
    """Telesina's "parla per primo" (R40.4), in words."""
    if best_showing_first:
        # Translators: Telesina, who speaks first in every betting round (R40.4).
        return _("Speaks first: the best hand showing")
    # Translators: Telesina, who speaks first in every betting round (R40.4).
    return _("Speaks first: the first player left of the dealer")


def _vele(vele: int) -> list[str]:
    """Telesina con la vela (R41, R41.4), in words; nothing without it."""
    if vele == 1:
        # Translators: Telesina con la vela (R41): one card turned in the middle for everyone.
        return [_("With the vela: one card in the middle for everyone")]
    if vele == 2:
        # Translators: Telesina with two vele (R41.4): two cards in the middle, turned one at a time.
        return [_("With two vele: two cards in the middle for everyone, one at a time")]
    return []


def _say(phrase: str, fmt: Any, **args: Any) -> str:
    """A line of the hand's log (:data:`tables.play.phrases.PHRASES`) as the page writes it."""
    return render({"seat": None, "say": phrase, "args": args}, fmt)


def _requirement(pair: str, draw: str) -> list[str]:
    """What opened this hand (R34.2, R35.2), in words: the pair, and the draw that opens
    too (none with ``"none"``)."""
    pairs = {
        # Translators: poker all'italiana, what a player needs to open (R34.2, R35.2).
        "J": _("To open: jacks or better"),
        "Q": _("To open: queens or better"),
        "K": _("To open: kings or better"),
    }
    draws = {
        # Translators: poker all'italiana, a draw that opens too (R34.2).
        "open_ended": _("Also opens: four to an open-ended straight flush"),
        "straight_flush": _("Also opens: four to a straight flush"),
        "flush": _("Also opens: four to a flush"),
    }
    return [pairs.get(pair, pairs["J"]), *([draws[draw]] if draw in draws else [])]


__all__ = ["card_text", "facts", "page_lines", "pot_carried", "record_key"]
