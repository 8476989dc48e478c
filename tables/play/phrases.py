"""The table's words: what a hand's log says, in the reader's language.

A log line (:mod:`tables.play.table_log`) is stored and sent without words: ``say`` names a
phrase of :data:`PHRASES` and ``args`` holds its values (a player's name, an amount as an
integer, cards as their codes, a hand's name as :func:`engine.evaluation.name_words`, a pot
as :func:`pot`). Each reader gets the phrases in their language, so one state frame serves
every viewer: the live table and the replayer render lines in the browser from
:func:`phrasebook` (static/js/phrases.js), and the server renders the same lines with
:func:`render` (pages, tests). Both follow this module; the wording lives only here and in
the catalogs (docs/glossary.md is the Italian poker vocabulary).

Hand-history exports keep their formats' own English and do not use this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

PHRASES: dict[str, Promise] = {
    # forced bets (R5, R21)
    "ante": _("%(who)s posts an ante of %(amount)s"),
    "ante_all_in": _("%(who)s posts an ante of %(amount)s and is all-in"),
    "bb_ante": _("%(who)s posts the big-blind ante of %(amount)s"),
    "bb_ante_all_in": _("%(who)s posts the big-blind ante of %(amount)s and is all-in"),
    "bomb": _("%(who)s puts %(amount)s in the bomb pot"),
    "bomb_all_in": _("%(who)s puts %(amount)s in the bomb pot and is all-in"),
    "small_blind": _("%(who)s posts the small blind %(amount)s"),
    "small_blind_all_in": _("%(who)s posts the small blind %(amount)s and is all-in"),
    "big_blind": _("%(who)s posts the big blind %(amount)s"),
    "big_blind_all_in": _("%(who)s posts the big blind %(amount)s and is all-in"),
    "straddle": _("%(who)s straddles %(amount)s"),
    "straddle_all_in": _("%(who)s straddles %(amount)s and is all-in"),
    "live_big_blind": _("%(who)s posts a big blind to come in %(amount)s"),
    "live_big_blind_all_in": _("%(who)s posts a big blind to come in %(amount)s and is all-in"),
    # poker all'italiana (R33.2, R35, R37.3, R39.2)
    "dealer_ante": _("%(who)s, the dealer, puts in %(amount)s more"),
    "dealer_ante_all_in": _("%(who)s, the dealer, puts in %(amount)s more and is all-in"),
    "pot_carried_in": _("From the hands before, %(amount)s in the pot"),
    "pot_carried_nobody_opened": _("Nobody opens: the pot of %(amount)s stays for the next hand"),
    "pot_carried_parola": _("Everyone checks: the pot of %(amount)s stays for the next hand"),
    "opening_shown": _("%(who)s opened with %(cards)s"),
    # the board (R4.2; a second run or board: R12, R23)
    "flop": _("Flop: %(cards)s"),
    "turn": _("Turn: %(cards)s"),
    "river": _("River: %(cards)s"),
    "flop_2": _("Board 2 — Flop: %(cards)s"),
    "turn_2": _("Board 2 — Turn: %(cards)s"),
    "river_2": _("Board 2 — River: %(cards)s"),
    # the draws (R42): each names the betting round after it
    "draw": _("The draw"),
    "first_draw": _("First draw"),
    "second_draw": _("Second draw"),
    "third_draw": _("Third draw"),
    "draws_one": _("%(who)s changes one card"),
    "draws": _("%(who)s changes %(count)s cards"),
    "stands_pat": _("%(who)s stands pat"),
    "reshuffled": _("The stub is out: %(count)s cards out of play are shuffled into a new one"),
    # the stud streets (R45.2): each names its betting round; the cards dealt face up
    "fourth_street": _("Fourth street"),
    "fifth_street": _("Fifth street"),
    "sixth_street": _("Sixth street"),
    "seventh_street": _("Seventh street"),
    # Telesina's rounds (R40.3), each named by the up card just dealt
    "third_card": _("Third card"),
    "fourth_card": _("Fourth card"),
    "fifth_card": _("Fifth card"),
    # Telesina con la vela (R41): the card in the middle, everyone's, turned
    "vela": _("The vela: %(cards)s"),
    "second_vela": _("The second vela: %(cards)s"),
    "up_card": _("%(who)s gets %(cards)s face up"),
    "community_card": _("Not enough cards for everyone: %(cards)s in the middle, everyone's"),
    # decisions (R6, R7; the bring-in, R45.4)
    "bring_in": _("%(who)s brings in for %(amount)s"),
    "bring_in_all_in": _("%(who)s brings in for %(amount)s and is all-in"),
    "fold": _("%(who)s folds"),
    "check": _("%(who)s checks"),
    # Translators: poker all'italiana's "passo" before the opening (R34.1): not a fold
    "pass": _("%(who)s passes"),
    # Translators: poker all'italiana's "apro" (R34.1), the first bet of the hand
    "open": _("%(who)s opens for %(amount)s"),
    "open_all_in": _("%(who)s opens for %(amount)s and is all-in"),
    # Translators: poker all'italiana's "buio" (R33.5): opening blind, before looking
    "buio": _("%(who)s goes blind for %(amount)s"),
    "buio_all_in": _("%(who)s goes blind for %(amount)s and is all-in"),
    # Translators: poker all'italiana's "controbuio" (R33.5): twice the buio, also blind
    "controbuio": _("%(who)s answers with a controbuio of %(amount)s"),
    "controbuio_all_in": _("%(who)s answers with a controbuio of %(amount)s and is all-in"),
    # Translators: poker all'italiana (R33.5): no buio (or controbuio): the player looks
    "look": _("%(who)s looks at their cards"),
    "call": _("%(who)s calls %(amount)s"),
    "call_all_in": _("%(who)s calls %(amount)s and is all-in"),
    "bet": _("%(who)s bets %(amount)s"),
    "bet_all_in": _("%(who)s bets %(amount)s and is all-in"),
    "raise": _("%(who)s raises to %(amount)s"),
    "raise_all_in": _("%(who)s raises to %(amount)s and is all-in"),
    "all_in": _("%(who)s is all-in for %(amount)s"),
    "run_twice_yes": _("%(who)s agrees to run it twice"),
    "run_twice_no": _("%(who)s declines to run it twice"),
    "timed_out": _("%(who)s ran out of time"),
    "not_a_member": _("%(who)s is no longer a member of the club"),
    "uncalled": _("%(who)s takes back %(amount)s (uncalled)"),
    "runs_2": _("Running it twice"),
    "runs_1": _("Running it once"),
    # showdown (R11) and awards (R10, R19, R22)
    "dealt": _("You are dealt %(cards)s"),
    "you_draw": _("You throw %(thrown)s and get %(cards)s"),
    "you_stand_pat": _("You stand pat with %(cards)s"),
    "shows": _("%(who)s shows %(cards)s"),
    "shows_named": _("%(who)s shows %(cards)s (%(hand)s)"),
    "has": _("%(who)s has %(hand)s"),
    "mucks": _("%(who)s mucks"),
    "rake": _("Rake %(amount)s from %(pot)s"),
    "wins": _("%(who)s wins %(amount)s from %(pot)s"),
    "wins_with": _("%(who)s wins %(amount)s from %(pot)s with %(hand)s"),
    "bounty": _("%(who)s collects the 7-2 bounty: %(amount)s (%(paid)s)"),
    "bounty_from": _("%(amount)s from %(who)s"),
    "bounty_nothing": _("nothing"),
    "seat": _("Seat %(number)s"),
    # a host's correction between hands, with its reason (tables.play.actions.host)
    "stack_adjusted": _("The host sets %(who)s's stack to %(amount)s (was %(before)s): %(reason)s"),
    # pots: the main one, side pots by number, a split game's halves (R19.3), a board (R23)
    "pot_main": _("the main pot"),
    "pot_side": _("side pot %(number)s"),
    "pot_main_high": _("the high half of the main pot"),
    "pot_main_low": _("the low half of the main pot"),
    "pot_side_high": _("the high half of side pot %(number)s"),
    "pot_side_low": _("the low half of side pot %(number)s"),
    "pot_on_board": _("%(pot)s on board %(board)s"),
    # hands (R9.1, R11.4; engine.evaluation.name_words)
    "royal_flush": _("Royal flush"),
    "straight_flush": _("Straight flush, %(high)s"),
    "four_of_a_kind": _("Four of a kind, %(ranks)s"),
    "full_house": _("Full house, %(ranks)s full of %(ranks2)s"),
    "flush": _("Flush, %(high)s"),
    "straight": _("Straight, %(high)s"),
    "three_of_a_kind": _("Three of a kind, %(ranks)s"),
    "two_pair": _("Two pair, %(ranks)s and %(ranks2)s"),
    "pair": _("Pair of %(ranks)s"),
    "high_card": _("High card, %(rank)s"),
    "low": _("%(cards)s low"),
}

RANKS = "23456789TJQKA"

# one card of a rank ("High card, Ace"), several ("Pair of Aces"), and a straight's or a
# flush's top card ("Straight, Ace high": Italian says "Scala all'asso")
RANK_ONE: dict[str, Promise] = dict(
    zip(
        RANKS,
        (
            pgettext_lazy("one card", "Two"),
            pgettext_lazy("one card", "Three"),
            pgettext_lazy("one card", "Four"),
            pgettext_lazy("one card", "Five"),
            pgettext_lazy("one card", "Six"),
            pgettext_lazy("one card", "Seven"),
            pgettext_lazy("one card", "Eight"),
            pgettext_lazy("one card", "Nine"),
            pgettext_lazy("one card", "Ten"),
            pgettext_lazy("one card", "Jack"),
            pgettext_lazy("one card", "Queen"),
            pgettext_lazy("one card", "King"),
            pgettext_lazy("one card", "Ace"),
        ),
        strict=True,
    )
)
RANK_MANY: dict[str, Promise] = dict(
    zip(
        RANKS,
        (
            pgettext_lazy("cards", "Twos"),
            pgettext_lazy("cards", "Threes"),
            pgettext_lazy("cards", "Fours"),
            pgettext_lazy("cards", "Fives"),
            pgettext_lazy("cards", "Sixes"),
            pgettext_lazy("cards", "Sevens"),
            pgettext_lazy("cards", "Eights"),
            pgettext_lazy("cards", "Nines"),
            pgettext_lazy("cards", "Tens"),
            pgettext_lazy("cards", "Jacks"),
            pgettext_lazy("cards", "Queens"),
            pgettext_lazy("cards", "Kings"),
            pgettext_lazy("cards", "Aces"),
        ),
        strict=True,
    )
)
RANK_HIGH: dict[str, Promise] = dict(
    zip(
        RANKS,
        (
            pgettext_lazy("straight or flush", "Two high"),
            pgettext_lazy("straight or flush", "Three high"),
            pgettext_lazy("straight or flush", "Four high"),
            pgettext_lazy("straight or flush", "Five high"),
            pgettext_lazy("straight or flush", "Six high"),
            pgettext_lazy("straight or flush", "Seven high"),
            pgettext_lazy("straight or flush", "Eight high"),
            pgettext_lazy("straight or flush", "Nine high"),
            pgettext_lazy("straight or flush", "Ten high"),
            pgettext_lazy("straight or flush", "Jack high"),
            pgettext_lazy("straight or flush", "Queen high"),
            pgettext_lazy("straight or flush", "King high"),
            pgettext_lazy("straight or flush", "Ace high"),
        ),
        strict=True,
    )
)


def pot(index: int, half: str | None = None, board: int | None = None) -> dict[str, Any]:
    """A pot as a line's argument: ``index`` 0 is the main pot; ``half`` "high" or "low"
    (R19.3); ``board`` its board's number when the hand has two (R12, R23)."""
    return {"index": index, "half": half, "board": board}


def phrasebook() -> dict[str, dict[str, str]]:
    """Every phrase in the active language, for the browser's renderer (static/js/phrases.js)."""
    return {
        "say": {key: str(text) for key, text in PHRASES.items()},
        "one": {rank: str(text) for rank, text in RANK_ONE.items()},
        "many": {rank: str(text) for rank, text in RANK_MANY.items()},
        "high": {rank: str(text) for rank, text in RANK_HIGH.items()},
    }


def hand_text(words: Sequence[Sequence[str]]) -> str:
    """A hand's name (:func:`engine.evaluation.name_words`) in the active language."""
    parts = []
    for kind, *ranks in words:
        if kind == "text":
            parts.append(ranks[0])
        elif kind == "low":
            parts.append(str(PHRASES["low"]) % {"cards": "-".join(ranks)})
        else:
            first, second = (ranks + ["", ""])[:2]
            parts.append(
                str(PHRASES[kind])
                % {
                    "rank": str(RANK_ONE.get(first, first)),
                    "ranks": str(RANK_MANY.get(first, first)),
                    "ranks2": str(RANK_MANY.get(second, second)),
                    "high": str(RANK_HIGH.get(first, first)),
                }
            )
    return " / ".join(parts)


def pot_text(where: Mapping[str, Any]) -> str:
    """A pot (:func:`pot`) in the active language."""
    key = "pot_main" if where["index"] == 0 else "pot_side"
    if where.get("half"):
        key += "_" + where["half"]
    text = str(PHRASES[key]) % {"number": where["index"]}
    if where.get("board"):
        text = str(PHRASES["pot_on_board"]) % {"pot": text, "board": where["board"]}
    return text


def seat_name(number: int) -> str:
    """A player by their seat, when their name is not known."""
    return str(PHRASES["seat"]) % {"number": number}


def render(line: Mapping[str, Any], fmt: Callable[[int], str]) -> str:
    """One log line in the active language; ``fmt`` writes an amount the club's way. A line
    stored before lines were phrases (its ``text``) is shown as it was written."""
    if "say" not in line:
        return str(line.get("text", ""))
    values: dict[str, Any] = {}
    for name, value in line.get("args", {}).items():
        if name == "who" and value is None:  # a player whose name was not known
            values[name] = seat_name(line["seat"])
        elif name in ("amount", "before"):
            values[name] = fmt(value)
        elif name in ("cards", "thrown"):
            values[name] = " ".join(value)
        elif name == "hand":
            values[name] = hand_text(value)
        elif name == "pot":
            values[name] = pot_text(value)
        elif name == "paid":
            values[name] = ", ".join(
                str(PHRASES["bounty_from"]) % {"amount": fmt(amount), "who": who or seat_name(seat)}
                for amount, who, seat in value
            ) or str(PHRASES["bounty_nothing"])
        else:
            values[name] = value
    return str(PHRASES[line["say"]]) % values


__all__ = ["PHRASES", "hand_text", "phrasebook", "pot", "pot_text", "render"]
