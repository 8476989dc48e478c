"""PokerKit as a reference oracle for the differential tests (test helper, not a test).

A random hand is described by a :class:`HandSpec` (structure, forced bets, stacks, seats and a
full deck order). :func:`play` drives a PokerKit state through it with a seeded random action
policy and records, at every decision, what PokerKit allows (the legal action range) and what
the policy chose; every show or muck at showdown; and the final stacks. The differential test
then replays the same cards and the same actions through our engine and compares.
It is long because it is one idea: the rule book's reading of PokerKit, in one place.

Players are listed in PHH order throughout: index 0 ("p1") is the first seat clockwise after
the button, the last index is the button (heads-up: p1 is the big blind, p2 the button and
small blind). Cards leave the deck in the order the engine documents (R4.1, R4.2): the hole
cards one at a time clockwise from p1, then burn + flop, burn + turn, burn + river.

Where RULES.md is explicit and differs from PokerKit's defaults, the PokerKit state is built so
that it follows the rule book:

* R7.3 fixed-limit cap: one bet and three raises per round. Preflop the big blind is the bet,
  so PokerKit's preflop street allows three completions/raises (its default allows four).
* R3.3 straddle: the minimum raise is to twice the straddle, so with a straddle the preflop
  street's minimum raise increment is the straddle (PokerKit's default is the big blind);
  in fixed-limit every raise stays one small bet (R7.3) and the straddle counts toward the
  cap (see :func:`create_state`).
* R7.4 short all-ins: PokerKit starts each betting round with a "last full increment" of 0,
  so the first wager of a round counts as a full one however small (an all-in for 31 over
  a big blind of 20 reopens the betting preflop; an all-in bet below the minimum bet reopens
  it for players who checked). RULES.md R7.1/R7.4 measure every bet and raise against the
  big blind (or the straddle, R3.3) from the start of the round. And PokerKit lets short
  all-ins that add up to a full raise reopen the betting for everybody, where R7.4 reopens
  it only "for the players they add up against" (a player who called the first of two short
  all-ins faces only the second). :class:`RulebookState` makes those two changes to
  PokerKit's two methods involved (see its docstring).
* R2.4 heads-up with the small blind equal to the big blind: PokerKit picks the preflop
  opener by the largest blind, ties going to the higher index, so it would make the big blind
  act first. The generator does not produce that case (R2.4 is explicit: the button acts
  first); tests/engine/test_hand_flow.py covers it.
* R10.1 odd chips: PokerKit gives the whole remainder of a split pot to the first winner;
  RULES.md gives the odd chips one at a time to the winners in seat order from the left of
  the button. :class:`RulebookState` re-splits each pushed pot that way.
* R10.2 each pot is split on its own: PokerKit forms the pots it pays out only after the
  losing hands are mucked or killed, so a main pot and a side pot that the same players tie
  for are merged into one before the split (one odd chip instead of two). The side pots of
  R8.1 are formed by contribution among the players who did not fold, so
  :class:`RulebookState` forms them with the players still in at the start of the showdown.
* R5.1 with no live blind at all (a small blind of 0 and a big blind whose whole stack went
  to the ante): PokerKit then picks the preflop opener as if the button had the largest
  blind and starts with p1; RULES.md starts left of the big blind. The generator gives such
  a big blind one chip more than the ante instead.
* R11.1 all-in hands are shown: the policy never mucks when a player is all-in. The order
  of such an all-in showdown is not compared: PokerKit starts with the last aggressor of the
  last betting round, the engine (R11.2 read literally: no river bet) left of the button.
* R12 run it twice: PokerKit asks every player still in and runs twice when all agree; the
  engine stops at the first "no". Both deal the second run after the first from the same
  deck and halve each pot, the odd chip to the first run.
* R19.3 Hi-Lo per pot: PokerKit halves every pot of a board when anyone's low is up, a side
  pot whose own players have no low included; :class:`RulebookState` gives such a half to
  the pot's high (the whole pot to the best high, as R19.3 says).
* R3.2 a big blind all-in for (part of) the big-blind ante alone, with no live chip in: the
  engine lets them win their share of the dead money (a pot of it alone, which every player
  still in can win, R3.2); PokerKit gives them nothing of it. The generator gives such a big
  blind one chip more than the ante instead; test_hand_showdown.py covers the case.
* R11.3 muck: the policy mucks only a hand that cannot win any pot against the hands
  already shown (PokerKit's ``can_win_now``).
* R45-R47 the stud games: the state is PokerKit's fixed-limit stud streets, openers and cap
  on a :class:`RulebookState` (:func:`create_stud_state`), whose completion of the bring-in
  is full when it reaches the small bet (R45.4; PokerKit's first wager is full whatever its
  size). The generator deals no bring-in of the whole small bet, and a bring-in decision is
  compared without PokerKit's "completion" by a player who has no more than the bring-in
  (R45.4, :func:`_compare_bring_in`). A hand whose seventh street the deck cannot deal to
  every player still in is not compared (R45.3: the engine's community card, PokerKit's
  reshuffle of the burnt and folded cards). The showdown order is compared after a
  seventh-street bet only (R11.2: with none, PokerKit starts with the street's opener), and
  PokerKit's second show of a hand after its face-down seventh card is not the engine's
  (R45.7: it shows once).

Ante trimming (which PokerKit leaves to the caller) follows PokerKit's own advice: a uniform
ante is trimmed (an ante all-in for less than the ante wins only what it matched, R8.1), a
big-blind ante is not (it is dead money in the main pot, R3.2).
"""

from __future__ import annotations

import random
import warnings
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pokerkit import (
    Automation,
    Deck,
    EightOrBetterLowHand,
    HandHistory,
    Mode,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardHighHand,
    State,
)
from pokerkit.games import (
    NoLimitPokerMixin,
    PotLimitPokerMixin,
    SingleDraw,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)
from pokerkit.state import BettingStructure, CompletionBettingOrRaisingTo, Opening, Street

from engine.actions import Action, ActionKind
from engine.betting import Structure as EngineStructure
from engine.cards import card_str, cards_str, parse_card
from engine.errors import EngineError
from engine.evaluation import HandCategory
from engine.events import Event, HandMucked, PotAwarded
from engine.games import GAMES, Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import LegalActions, legal_actions
from engine.ranking import Ranking
from engine.state import HandConfig, HandState, Phase

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_STRINGS: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)

Structure = Literal["no_limit", "pot_limit", "fixed_limit"]

#: PHH variant code for each structure. "PT" is not in the PHH standard (which has no
#: pot-limit Texas hold'em); engine.phh uses it as a documented extension.
VARIANT_CODES: dict[str, str] = {"no_limit": "NT", "fixed_limit": "FT", "pot_limit": "PT"}
#: The stud games of each of the standard's stud codes (R45-R47).
VARIANT_GAMES: dict[str, str] = {"F7S": "stud", "F7S/8": "stud8", "FR": "razz"}

_BETTING_STRUCTURES = {
    "no_limit": BettingStructure.NO_LIMIT,
    "pot_limit": BettingStructure.POT_LIMIT,
    "fixed_limit": BettingStructure.FIXED_LIMIT,
}

#: Everything a dealer or a rule does is automatic; the oracle itself deals the cards (so that
#: both engines see the same deck order) and decides every show or muck.
AUTOMATIONS: tuple[Automation, ...] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
)
# Chips pulling stays manual so that RulebookState.push_chips can re-split a pot (R10.1)
# before the chips reach the stacks.

FL_RAISES_PER_ROUND = 3  # R7.3: one bet and three raises

#: What each game's pots are won with: Omaha Hi-Lo (R19) splits between PokerKit's Omaha high
#: hand and its eight-or-better low. The state is built here from PokerKit's parts, not from
#: its FixedLimitOmahaHoldemHighLowSplitEightOrBetter: that class (0.7.7) carries the
#: pot-limit betting mixin, so it would bet pot-limit with no cap; create_state gives every
#: game its structure and R7.3's cap itself.
HAND_TYPES: dict[str, tuple[type, ...]] = {
    "holdem": (StandardHighHand,),
    "omaha8": (OmahaHoldemHand, OmahaEightOrBetterLowHand),
    "shortdeck": (ShortDeckHoldemHand,),
    "stud": (StandardHighHand,),
    "stud8": (StandardHighHand, EightOrBetterLowHand),
    "razz": (RegularLowHand,),
}
STUD_GAMES = ("stud", "stud8", "razz")

_H = HandCategory
POKERKIT_SHORT_DECK = Ranking(
    lowest=4,
    order=(_H.HIGH_CARD, _H.ONE_PAIR, _H.TWO_PAIR, _H.THREE_OF_A_KIND, _H.STRAIGHT,
           _H.FULL_HOUSE, _H.FLUSH, _H.FOUR_OF_A_KIND, _H.STRAIGHT_FLUSH),
)  # fmt: skip
"""PokerKit 0.7.7's short-deck order (its ShortDeckHoldemLookup): a straight beats three of
a kind, where R30.2 ranks three of a kind higher, as the rooms that deal the game do. The
engine plays the differential hands on this order (:func:`run_engine`) so that every other
rule (the 36-card deck, R30.1; A-6-7-8-9, R30.3; the flush over the full house, R30.2;
betting, pots) is compared hand for hand; tests/engine/test_short_deck.py checks the
engine's own order against PokerKit's lookup, the one swap apart."""


@contextmanager
def pokerkit_ranking(game: str) -> Iterator[None]:
    """While it lasts, the engine ranks ``game``'s hands in PokerKit's order (a short deck:
    :data:`POKERKIT_SHORT_DECK`); other games are left alone."""
    if game != "shortdeck":
        yield
        return
    saved = GAMES[Game.SHORT_DECK]
    ranking = POKERKIT_SHORT_DECK
    GAMES[Game.SHORT_DECK] = replace(
        saved,
        strength=lambda hole, board: ranking.strength((*hole, *board)),
        evaluate=lambda hole, board: ranking.evaluate((*hole, *board)),
        rank_of_board=ranking.rank_of_board,
    )
    try:
        yield
    finally:
        GAMES[Game.SHORT_DECK] = saved


@dataclass(frozen=True)
class HandSpec:
    """One random hand's setup. Lists are in PHH player order (p1 first, the button last)."""

    structure: Structure
    small_blind: int
    big_blind: int
    ante: int  # uniform ante per player (R3.1), 0 = off
    big_blind_ante: int  # dead money posted by the big blind alone (R3.2), 0 = off
    straddle: bool  # UTG straddle of 2 x BB (R3.3)
    stacks: tuple[int, ...]
    seats: tuple[int, ...]  # seat numbers, p1 first; seats[-1] is the button
    deck: tuple[str, ...]  # the full 52-card order the cards leave the deck in
    run_it_twice: bool = False  # the table allows running it twice (R12)
    game: str = "holdem"  # or "omaha" / "omaha5": four or five hole cards, two used (R17, R18)
    # or "omaha8": Omaha Hi-Lo (R19)
    bomb_pot: int = 0  # R21: every player antes this, no blinds, the betting starts on the flop
    double_board: bool = False  # R23: two boards, PokerKit's starting_board_count=2

    @property
    def hole_cards(self) -> int:
        return {"omaha": 4, "omaha5": 5, "omaha8": 4}.get(self.game, 2)

    @property
    def player_count(self) -> int:
        return len(self.stacks)

    @property
    def button(self) -> int:
        return self.seats[-1]

    @property
    def straddle_amount(self) -> int:
        return 2 * self.big_blind if self.straddle else 0

    @property
    def raw_blinds_or_straddles(self) -> list[int]:
        """PHH ``blinds_or_straddles``: [SB, BB, straddle, 0...] (PokerKit reverses heads-up)."""
        values = [0] * self.player_count
        if self.bomb_pot:
            return values  # R21: no blinds
        values[0] = self.small_blind
        values[1] = self.big_blind
        if self.straddle:
            values[2] = self.straddle_amount
        return values

    @property
    def raw_antes(self) -> list[int]:
        """PHH ``antes``: uniform, or the big-blind ante at the BB's index 1 (R3.1, R3.2); a
        bomb pot's ante from everyone (R21)."""
        if self.bomb_pot:
            return [self.bomb_pot] * self.player_count
        if self.big_blind_ante:
            values = [0] * self.player_count
            values[1] = self.big_blind_ante
            return values
        return [self.ante] * self.player_count

    @property
    def ante_trimming(self) -> bool:
        return bool(self.ante or self.bomb_pot) and not self.big_blind_ante

    @property
    def engine_seats(self) -> tuple[int, ...]:
        """Seat numbers in ascending (clockwise) order, as the engine's HandConfig takes them."""
        return tuple(sorted(self.seats))

    @property
    def engine_stacks(self) -> tuple[int, ...]:
        by_seat = dict(zip(self.seats, self.stacks, strict=True))
        return tuple(by_seat[seat] for seat in self.engine_seats)

    def describe(self) -> str:
        return (
            f"{self.game} {self.structure} {self.small_blind}/{self.big_blind} ante={self.ante}"
            f" bb_ante={self.big_blind_ante} straddle={self.straddle}"
            f" run_it_twice={self.run_it_twice} bomb_pot={self.bomb_pot}"
            f" double_board={self.double_board}"
            f" seats={list(self.seats)} (button {self.button}) stacks={list(self.stacks)}"
        )


@dataclass(frozen=True)
class Decision:
    """A player's turn: what PokerKit allowed, and what the policy chose.

    ``call_amount`` is 0 for a check; ``min_to``/``max_to`` are the bet-or-raise-to range
    (None when the player may not bet or raise). ``action`` is the PHH verb: "f", "cc", "cbr",
    or a stud game's "pb" (the bring-in, R45.4), whose decision has ``bring_in``, the chips
    PokerKit would post (it offers neither fold nor check then: ``call_amount`` is 0).
    """

    player: int
    call_amount: int
    min_to: int | None
    max_to: int | None
    stack: int  # behind, before the action
    bet: int  # already in front of the player this round
    action: Literal["f", "cc", "cbr", "pb"]
    amount: int | None = None
    bomb_preflop: bool = False  # R21: PokerKit's preflop check in a bomb pot, not ours
    bring_in: int | None = None  # R45.4: PokerKit's effective bring-in at that decision

    @property
    def phh(self) -> str:
        text = f"p{self.player + 1} {self.action}"
        return f"{text} {self.amount}" if self.action == "cbr" else text


@dataclass(frozen=True)
class Reveal:
    """A show (``show=True``, with the cards) or a muck at showdown."""

    player: int
    show: bool
    cards: str = ""

    @property
    def phh(self) -> str:
        return f"p{self.player + 1} sm {self.cards}" if self.show else f"p{self.player + 1} sm"


@dataclass(frozen=True)
class RunTwice:
    """A player's answer to running the rest of the board twice (R12). PHH has no notation
    for it; our export writes the answers in the ``_run_twice_answers`` field."""

    player: int
    agree: bool

    @property
    def phh(self) -> str:
        return f"# p{self.player + 1} run it twice: {'yes' if self.agree else 'no'}"


@dataclass
class OracleHand:
    """The record of one hand as PokerKit played it."""

    spec: HandSpec
    steps: list[Decision | Reveal | RunTwice] = field(default_factory=list)
    phh_actions: list[str] = field(default_factory=list)  # full PHH actions, dealing included
    final_stacks: tuple[int, ...] = ()
    board: tuple[str, ...] = ()
    second_board: tuple[str, ...] = ()  # a double board's second (R23)
    showdown_board_size: int | None = None  # board cards out at the first show or muck
    stud_short: bool = False  # R45.3: the deck ran short at seventh street: not compared

    @property
    def decisions(self) -> list[Decision]:
        return [step for step in self.steps if isinstance(step, Decision)]


# --------------------------------------------------------------------------- PokerKit + R7.4


class RulebookState(State):
    """PokerKit's state with R7.1/R7.4's notion of a full bet or raise.

    A bet or raise is full when it adds at least the round's current increment, which starts
    at the street's minimum (the big blind, the straddle preflop with one, the big bet on the
    turn and river) instead of PokerKit's 0. Only full wagers reset who has acted and set the
    new increment. Short all-ins reopen the betting for a player who has acted only when
    what that player now faces adds up to a full raise (R7.4: "for the players they add up
    against"); PokerKit sums all consecutive short all-ins for everybody instead. The two
    methods below are PokerKit 0.7.7's own with those two changes.

    Also here: the R10 pot forming and odd-chip changes (see the module docstring), and the
    run-it-twice answers of a PHH file (R12), which PHH's notation has no action for.
    """

    live_at_showdown: tuple[bool, ...] | None = None  # who was still in at the first show
    run_twice_answers: list[bool] | None = None  # from a PHH file's _run_twice_answers

    def _full_increment(self) -> int:
        assert self.street is not None
        if self.completion_status:  # R45.4: completing the bring-in to the small bet is full
            return self.street.min_completion_betting_or_raising_amount - max(self.bets)
        return max(
            self.completion_betting_or_raising_amount,
            self.street.min_completion_betting_or_raising_amount,
        )

    def _verify_completion_betting_or_raising(self) -> None:
        if not self.actor_indices:
            raise ValueError("There is no player to act.")
        assert self.street is not None
        if (
            self.checking_or_calling_amount is not None
            and self.checking_or_calling_amount < self.completion_betting_or_raising_amount
        ):
            raise ValueError("Short all-in cannot be raised.")
        elif (
            self.completion_betting_or_raising_count
            == self.street.max_completion_betting_or_raising_count
        ):
            raise ValueError("No more completion, betting, or raising is permitted.")
        player_index = self.actor_index
        assert player_index is not None
        if (
            player_index in self.acted_player_indices
            and max(self.bets) - self.bets[player_index] < self._full_increment()
        ):
            raise ValueError("The player already acted and faces only short all-ins (R7.4).")
        if self.stacks[player_index] <= max(self.bets) - self.bets[player_index]:
            raise ValueError("The player is covered by a previous bet/raise.")
        for i in self.player_indices:
            if (
                i != player_index
                and self.statuses[i]
                and self.stacks[i] + self.bets[i] > max(self.bets)
            ):
                break
        else:
            raise ValueError("Every other player has folded or is all-in.")

    def complete_bet_or_raise_to(
        self, amount: int | None = None, *, commentary: str | None = None
    ) -> CompletionBettingOrRaisingTo:
        amount = self.verify_completion_betting_or_raising_to(amount)
        threshold = self._full_increment()
        player_index = self._pop_actor_index()
        raised_by = amount - max(self.bets)
        delta = amount - self.bets[player_index]
        self.bets[player_index] = amount
        self.stacks[player_index] -= delta
        self.payoffs[player_index] -= delta
        self.bring_in_status = False
        self.completion_status = False
        self.actor_indices = deque(self.player_indices)
        self.actor_indices.rotate(-player_index)
        self.actor_indices.popleft()
        for i in self.player_indices:
            if (not self.statuses[i] or not self.stacks[i]) and i in self.actor_indices:
                self.actor_indices.remove(i)
        assert self.actor_indices
        self.opener_index = player_index
        if raised_by >= threshold:  # a full bet or raise (R7.1, R7.4)
            self.acted_player_indices.clear()
            self.acted_player_indices.add(player_index)
            self.completion_betting_or_raising_amount = raised_by
        self.completion_betting_or_raising_count += 1
        if self.stacks[player_index]:
            self.consecutive_short_all_in_amounts.clear()
        else:
            self.consecutive_short_all_in_amounts.append(raised_by)
        if sum(self.consecutive_short_all_in_amounts) >= self._full_increment():
            self.consecutive_short_all_in_amounts.clear()
        operation = CompletionBettingOrRaisingTo(player_index, amount, commentary=commentary)
        self._update_betting(operation)
        return operation

    def select_runout_count(
        self, runout_count: int | None = None, player_index: int | None = None, **kwargs: Any
    ) -> Any:
        """With answers from a PHH file (R12), the automated selection uses them in turn."""
        if runout_count is None and self.run_twice_answers:
            runout_count = 2 if self.run_twice_answers.pop(0) else 1
        return super().select_runout_count(runout_count, player_index, **kwargs)

    def show_or_muck_hole_cards(self, *args: Any, **kwargs: Any) -> Any:
        if self.live_at_showdown is None:
            self.live_at_showdown = tuple(self.statuses)
        return super().show_or_muck_hole_cards(*args, **kwargs)

    @property
    def pots(self) -> Any:
        """PokerKit's pots, with eligibility as of the start of the showdown (R8.1, R10.2)."""
        live = self.live_at_showdown
        if self._pots is not None or live is None or sum(self.statuses) <= 1:
            return super().pots
        statuses = self.statuses
        self.statuses = list(live)
        try:
            return iter(list(super().pots))
        finally:
            self.statuses = statuses

    _holding_pushes = False
    _up_hands: dict[tuple[Any, ...], Any] | None = None

    def get_up_hand(self, player_index: int, board_index: int, hand_type_index: int) -> Any:
        """PokerKit's own, remembered per cards: PokerKit evaluates the same hands again at
        every step of a showdown, and its Omaha low takes most of a Hi-Lo hand's time."""
        if not self.statuses[player_index]:
            return None
        if self._up_hands is None:
            self._up_hands = {}
        key = (
            hand_type_index,
            tuple(self.get_up_cards(player_index)),
            tuple(self.get_board_cards(board_index)),
        )
        if key not in self._up_hands:
            self._up_hands[key] = super().get_up_hand(player_index, board_index, hand_type_index)
        return self._up_hands[key]

    def _update_chips_pushing(self, operation: Any = None) -> None:
        if not self._holding_pushes:
            super()._update_chips_pushing(operation)

    def _begin_chips_pushing(self) -> None:
        """PokerKit's division of the pots, then R19.3 per pot: PokerKit halves every pot
        when anyone shows a low, even a side pot whose players have none (it then fails to
        pay that half); the rule book gives such a pot's low half to its high half."""
        self._holding_pushes = True
        try:
            super()._begin_chips_pushing()
        finally:
            self._holding_pushes = False
        if self.hand_type_count > 1 and self._pots is not None:
            merged: list[tuple[int, int, int | None, int | None]] = []
            for amount, pot_index, board_index, hand_type_index in self._sub_pots:
                if hand_type_index and board_index is not None:
                    hands = tuple(self.get_up_hands(board_index, hand_type_index))
                    players = self._pots[pot_index].player_indices
                    if all(hands[i] is None for i in players):
                        high = merged[-1]
                        assert high[1:3] == (pot_index, board_index) and high[3] == 0
                        merged[-1] = (high[0] + amount, *high[1:])
                        continue
                merged.append((amount, pot_index, board_index, hand_type_index))
            self._sub_pots[:] = merged
        self._update_chips_pushing()

    def push_chips(self, *, commentary: str | None = None) -> Any:
        """PokerKit's chip pushing, then the odd chips re-dealt one at a time (R10.1)."""
        assert self._pots is not None and self._sub_pots
        amount, pot_index, board_index, hand_type_index = self._sub_pots[0]
        winners: list[int] = []
        if sum(self.statuses) > 1 and board_index is not None and hand_type_index is not None:
            pot = self._pots[pot_index]
            hands = tuple(self.get_up_hands(board_index, hand_type_index))
            best = max((hands[i] for i in pot.player_indices if hands[i] is not None), default=None)
            # tied by strength, not by cards: two Queen-high straights made with different
            # hole cards are equal hands but not equal Hand objects in PokerKit
            winners = [
                i
                for i in pot.player_indices
                if best is not None and hands[i] is not None and not hands[i] < best
            ]
        # PokerKit moves on (the next push, then the chips pulling, which takes only the
        # players with chips in front) inside its push: hold that until the re-split is done
        self._holding_pushes = True
        try:
            operation = super().push_chips(commentary=commentary)
        finally:
            self._holding_pushes = False
        if len(winners) > 1:
            remainder = amount % len(winners)
            self.bets[winners[0]] -= remainder  # PokerKit gave it all to the first winner
            for k in range(remainder):
                self.bets[winners[k]] += 1
        self._update_chips_pushing(operation)
        return operation


# --------------------------------------------------------------------------- generation


def random_spec(
    rng: random.Random,
    structure: Structure | None = None,
    game: str = "holdem",
    bomb: bool = False,
    double_board: bool = False,
) -> HandSpec:
    """A random table: 2-10 players, uneven stacks (often short), antes, BB antes, straddles."""
    if structure is None:
        structure = rng.choices(["no_limit", "fixed_limit", "pot_limit"], [45, 35, 20])[0]
    n = rng.choice([2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 10])
    # R18: a deck deals eight five-card hands; R23.3: two boards, nine Omaha, seven PLO5
    n = min(n, rules(Game(game)).seats_for(2 if double_board else 1))
    big_blind = rng.choice([1, 2, 2, 4, 10, 20, 50, 100])
    # R2.3: any small blind up to the big blind, none included
    small_blind = rng.choice([big_blind // 2] * 6 + [big_blind, big_blind // 4, 0, big_blind - 1])
    if n == 2 and small_blind == big_blind:
        small_blind = big_blind // 2  # see the module docstring (R2.4)
    ante = big_blind_ante = 0
    forced = rng.random()
    if forced < 0.2:
        ante = rng.randint(1, max(1, big_blind // 2)) if rng.random() < 0.8 else 2 * big_blind
    elif forced < 0.35:
        big_blind_ante = rng.choice([big_blind, big_blind, max(1, big_blind // 2), 3 * big_blind])
    straddle = n >= 3 and rng.random() < 0.15
    run_it_twice = rng.random() < 0.25 and not double_board  # R23.4: never run twice
    stacks = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.12:  # short: may not cover the blinds or the ante (R2.5)
            stacks.append(rng.randint(1, 3 * big_blind))
        elif kind < 0.55:
            stacks.append(rng.randint(3 * big_blind, 40 * big_blind))
        else:
            stacks.append(rng.randint(40 * big_blind, 250 * big_blind))
    big = 0 if n == 2 else 1
    if small_blind == 0 and stacks[big] <= ante + big_blind_ante:
        stacks[big] = ante + big_blind_ante + 1  # see the module docstring (R5.1)
    if big_blind_ante and stacks[big] <= big_blind_ante:
        stacks[big] = big_blind_ante + 1  # see the module docstring (R3.2)
    all_seats = sorted(rng.sample(range(1, 11), n))
    button_index = rng.randrange(n)
    seats = tuple(all_seats[button_index + 1 :] + all_seats[: button_index + 1])
    in_play = rules(Game(game)).deck  # R30.1: a short deck's 36 cards
    deck = [card for card in CARD_STRINGS if parse_card(card) in in_play]
    rng.shuffle(deck)
    bomb_pot = 0
    if bomb:  # R21: the bomb's ante instead of blinds, antes and straddle
        bomb_pot = rng.choice([big_blind, 2 * big_blind, 2 * big_blind, 5 * big_blind])
        ante = big_blind_ante = 0
        straddle = False
    return HandSpec(
        structure=structure,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        big_blind_ante=big_blind_ante,
        straddle=straddle,
        stacks=tuple(stacks),
        seats=seats,
        deck=tuple(deck),
        run_it_twice=run_it_twice,
        game=game,
        bomb_pot=bomb_pot,
        double_board=double_board,
    )


def create_state(spec: HandSpec) -> State:
    """A PokerKit state for the spec, shaped to follow RULES.md where it is explicit (above)."""
    preflop_increment = spec.big_blind
    preflop_cap: int | None = None
    later_cap: int | None = None
    big_bet = spec.big_blind
    if spec.structure == "fixed_limit":
        # R7.3: four bets a round; preflop the big blind is the first and a straddle the
        # second (a gap in RULES.md, filled in engine/hand.py: 2/4 with a straddle of 4 caps
        # at 8 as without one). PokerKit counts neither, so it is left the raises remaining.
        preflop_cap = FL_RAISES_PER_ROUND - (1 if spec.straddle else 0)
        later_cap = 1 + FL_RAISES_PER_ROUND
        big_bet = 2 * spec.big_blind
    elif spec.straddle:
        preflop_increment = spec.straddle_amount  # R3.3: the minimum raise is to 2 x straddle
    streets = (
        Street(
            False,
            (False,) * spec.hole_cards,
            0,
            False,
            Opening.POSITION,
            preflop_increment,
            preflop_cap,
        ),
        Street(True, (), 3, False, Opening.POSITION, spec.big_blind, later_cap),
        Street(True, (), 1, False, Opening.POSITION, big_bet, later_cap),
        Street(True, (), 1, False, Opening.POSITION, big_bet, later_cap),
    )
    automations = AUTOMATIONS
    if spec.run_it_twice:  # the oracle asks every player (R12)
        automations = tuple(a for a in AUTOMATIONS if a is not Automation.RUNOUT_COUNT_SELECTION)
    return RulebookState(
        automations,
        Deck.SHORT_DECK_HOLDEM if spec.game == "shortdeck" else Deck.STANDARD,
        HAND_TYPES.get(spec.game, (OmahaHoldemHand,)),
        streets,
        _BETTING_STRUCTURES[spec.structure],
        spec.ante_trimming,
        spec.raw_antes,
        spec.raw_blinds_or_straddles,
        0,
        spec.stacks,
        spec.player_count,
        mode=Mode.CASH_GAME,
        starting_board_count=2 if spec.double_board else 1,
    )


def choose_action(
    rng: random.Random,
    call_amount: int,
    min_to: int | None,
    max_to: int | None,
) -> tuple[Literal["f", "cc", "cbr"], int | None]:
    """The random policy: folds, checks/calls, min raises, all-in raises, amounts between."""
    roll = rng.random()
    if call_amount > 0 and roll < 0.2:
        return "f", None
    if min_to is not None and max_to is not None and rng.random() < 0.3:
        kind = rng.random()
        if kind < 0.35 or min_to == max_to:
            return "cbr", min_to
        if kind < 0.55:
            return "cbr", max_to
        # between: biased toward smaller sizes, like real bets
        span = max_to - min_to
        return "cbr", min_to + int(span * rng.random() ** 2)
    return "cc", None


def _second_run_fits(spec: HandSpec, holes: list[list[str]], board: list[str]) -> bool:
    """R12 as the engine reads it: both runs and their burns must be left in the deck."""
    burns = {0: 0, 3: 1, 4: 2, 5: 3}[len(board)]
    dealt = sum(len(h) for h in holes) + len(board) + burns
    one_run = (5 - len(board)) + {0: 3, 3: 2, 4: 1}[len(board)]
    return 52 - dealt >= 2 * one_run


def play(spec: HandSpec, rng: random.Random) -> OracleHand:
    """Play one hand in PokerKit with the random policy; record ranges, actions and stacks."""
    state = create_state(spec)
    record = OracleHand(spec)
    deck = iter(spec.deck)
    holes: list[list[str]] = [[] for _ in range(spec.player_count)]
    board: list[str] = []
    second: list[str] = []  # the double board's second board (R23)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns on "pointless" operations
        while state.status:
            if state.can_deal_hole():
                card = next(deck)
                holes[state.hole_dealee_index].append(card)
                state.deal_hole(card)
                if all(len(h) == spec.hole_cards for h in holes):
                    for index, cards in enumerate(holes):
                        record.phh_actions.append(f"d dh p{index + 1} {''.join(cards)}")
            elif state.can_burn_card():
                state.burn_card(next(deck))
            elif state.can_deal_board():
                count = state.streets[state.street_index].board_dealing_count
                cards = [next(deck) for _ in range(count)]
                # PokerKit deals a street to the first board, then the second (R23.1)
                (second if spec.double_board and len(board) > len(second) else board).extend(cards)
                state.deal_board("".join(cards))
                record.phh_actions.append(f"d db {''.join(cards)}")
            elif state.can_pull_chips():
                state.pull_chips()
            elif state.can_select_runout_count() and not _second_run_fits(spec, holes, board):
                state.select_runout_count(1)  # R12: the deck holds one run only; nobody asked
            elif state.can_select_runout_count():
                player = next(iter(state.runout_count_selector_indices))
                answer = RunTwice(player, rng.random() < 0.7)
                # (the first selector; PokerKit 0.7.7 mishandles an explicit player index)
                state.select_runout_count(2 if answer.agree else 1)
                record.steps.append(answer)
                record.phh_actions.append(answer.phh)
            elif state.showdown_index is not None:
                player = state.showdown_index
                if record.showdown_board_size is None:
                    record.showdown_board_size = len(board)
                _reveal(state, record, holes, player, rng)
            elif state.actor_index is not None:
                player = state.actor_index
                call_amount = state.checking_or_calling_amount
                assert call_amount is not None
                min_to = state.min_completion_betting_or_raising_to_amount
                max_to = state.max_completion_betting_or_raising_to_amount
                bomb_preflop = bool(spec.bomb_pot) and not board
                if bomb_preflop:  # R21: no preflop betting: PokerKit's blindless round is checked
                    assert call_amount == 0
                    action, amount = "cc", None
                else:
                    action, amount = choose_action(rng, call_amount, min_to, max_to)
                decision = Decision(
                    player=player,
                    call_amount=call_amount,
                    min_to=min_to,
                    max_to=max_to,
                    stack=state.stacks[player],
                    bet=state.bets[player],
                    action=action,
                    amount=amount,
                    bomb_preflop=bomb_preflop,
                )
                if action == "f":
                    state.fold()
                elif action == "cc":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(amount)
                record.steps.append(decision)
                record.phh_actions.append(decision.phh)
            else:  # pragma: no cover - the automations cover every other step
                raise AssertionError(f"PokerKit is stuck: {spec.describe()}")
    record.final_stacks = tuple(state.stacks)
    record.board = tuple(board)
    record.second_board = tuple(second)
    return record


# --------------------------------------------------------------------------- stud (R45-R47)


def random_stud_spec(rng: random.Random, game: str) -> HandSpec:
    """A random stud table (R45.1): 2-8 players, a small bet and a bring-in below it (the
    spec's big and small blind), antes or none, uneven and often short stacks (a player
    all-in from the ante, a bring-in for less, a short completion)."""
    n = rng.choice([2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 8])
    small_bet = rng.choice([2, 4, 4, 10, 20, 100])
    # below the small bet (a bring-in of the whole small bet is left out: see the module
    # docstring); a quarter to a half of it, as card rooms set it, or one chip
    bring_in = rng.choice([small_bet // 2, small_bet // 2, max(1, small_bet // 4), 1])
    ante = rng.choice([0, 0, max(1, small_bet // 8), max(1, small_bet // 4), bring_in])
    stacks = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.15:  # short: may not cover the ante, the bring-in or the completion
            stacks.append(rng.randint(1, 3 * small_bet))
        elif kind < 0.55:
            stacks.append(rng.randint(3 * small_bet, 30 * small_bet))
        else:
            stacks.append(rng.randint(30 * small_bet, 120 * small_bet))
    all_seats = sorted(rng.sample(range(1, 11), n))
    button_index = rng.randrange(n)
    seats = tuple(all_seats[button_index + 1 :] + all_seats[: button_index + 1])
    deck = list(CARD_STRINGS)
    rng.shuffle(deck)
    return HandSpec(
        structure="fixed_limit",
        small_blind=bring_in,
        big_blind=small_bet,
        ante=ante,
        big_blind_ante=0,
        straddle=False,
        stacks=tuple(stacks),
        seats=seats,
        deck=tuple(deck),
        game=game,
    )


def create_stud_state(spec: HandSpec) -> State:
    """PokerKit's fixed-limit stud game for the spec (its FixedLimitSevenCardStud,
    ...HighLowSplitEightOrBetter and FixedLimitRazz: the same streets, openings and cap of
    a completion and three raises, R7.3) on a :class:`RulebookState`, with the R45.4
    completion counted as full (its ``_full_increment``)."""
    razz = spec.game == "razz"
    small_bet, big_bet = spec.big_blind, 2 * spec.big_blind
    later = Opening.LOW_HAND if razz else Opening.HIGH_HAND
    cap = 1 + FL_RAISES_PER_ROUND
    streets = (
        Street(False, (False, False, True), 0, False,
               Opening.HIGH_CARD if razz else Opening.LOW_CARD, small_bet, cap),
        Street(True, (True,), 0, False, later, small_bet, cap),
        Street(True, (True,), 0, False, later, big_bet, cap),
        Street(True, (True,), 0, False, later, big_bet, cap),
        Street(True, (False,), 0, False, later, big_bet, cap),
    )  # fmt: skip
    return RulebookState(
        AUTOMATIONS,
        Deck.STANDARD,
        HAND_TYPES[spec.game],
        streets,
        BettingStructure.FIXED_LIMIT,
        spec.ante > 0,
        [spec.ante] * spec.player_count,
        [0] * spec.player_count,
        spec.small_blind,
        spec.stacks,
        spec.player_count,
        mode=Mode.CASH_GAME,
    )


def play_stud(spec: HandSpec, rng: random.Random) -> OracleHand:
    """Play one stud hand in PokerKit with the random policy (as :func:`play`): the bring-in
    player brings in or completes; the cards leave ``spec.deck`` in the engine's order (R45.2).
    A hand whose seventh street the deck cannot give every player still in (R45.3: the
    engine deals one community card, PokerKit shuffles the burnt and folded cards back) stops
    there with ``stud_short``: it is not compared."""
    state = create_stud_state(spec)
    record = OracleHand(spec)
    deck = iter(spec.deck)
    used = 0
    holes: list[list[str]] = [[] for _ in range(spec.player_count)]
    third = True  # third street's three rounds are written as one `d dh` a player
    seventh_bet = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns on "pointless" operations
        while state.status:
            if state.can_deal_hole():
                card = next(deck)
                used += 1
                player = state.hole_dealee_index
                assert player is not None
                holes[player].append(card)
                state.deal_hole(card)
                if not third:
                    record.phh_actions.append(f"d dh p{player + 1} {card}")
                elif all(len(h) == 3 for h in holes):
                    third = False
                    record.phh_actions += [
                        f"d dh p{i + 1} {''.join(h)}" for i, h in enumerate(holes)
                    ]
            elif state.can_burn_card():
                if len(spec.deck) - used < 1 + sum(state.statuses):  # R45.3
                    record.stud_short = True
                    return record
                state.burn_card(next(deck))
                used += 1
            elif state.can_pull_chips():
                state.pull_chips()
            elif state.showdown_index is not None:
                player = state.showdown_index
                if record.showdown_board_size is None:  # 5: R11.2's order is compared
                    street = state.street_index or 0
                    record.showdown_board_size = 5 if street == 4 and seventh_bet else street
                _reveal(state, record, holes, player, rng)
            elif state.actor_index is not None:
                player = state.actor_index
                stack, bet = state.stacks[player], state.bets[player]
                min_to = state.min_completion_betting_or_raising_to_amount
                max_to = state.max_completion_betting_or_raising_to_amount
                if state.can_post_bring_in():  # R45.4: bring in, or complete (more than it)
                    bring_in = state.effective_bring_in_amount
                    assert bring_in is not None
                    completes = min_to is not None and stack > bring_in and rng.random() < 0.3
                    decision = Decision(
                        player, 0, min_to, max_to, stack, bet,
                        "cbr" if completes else "pb", min_to if completes else None,
                        bring_in=bring_in,
                    )  # fmt: skip
                    if completes:
                        state.complete_bet_or_raise_to(min_to)
                    else:
                        state.post_bring_in()
                else:
                    call_amount = state.checking_or_calling_amount
                    assert call_amount is not None
                    action, amount = choose_action(rng, call_amount, min_to, max_to)
                    decision = Decision(
                        player, call_amount, min_to, max_to, stack, bet, action, amount
                    )
                    if action == "f":
                        state.fold()
                    elif action == "cc":
                        state.check_or_call()
                    else:
                        state.complete_bet_or_raise_to(amount)
                        seventh_bet |= state.street_index == 4
                record.steps.append(decision)
                record.phh_actions.append(decision.phh)
            else:  # pragma: no cover - the automations cover every other step
                raise AssertionError(f"PokerKit is stuck: {spec.describe()}")
    record.final_stacks = tuple(state.stacks)
    return record


# --------------------------------------------------------------------------- PHH in PokerKit


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em, which PokerKit has all the parts for but no class."""


class NoLimitFiveCardDraw(NoLimitPokerMixin, SingleDraw):
    """Five-card draw, no-limit (R43), which PokerKit 0.7.7 lacks: its single-draw game with
    five cards and the standard high hand, as its deuce-to-seven single draw is built."""

    deck = Deck.STANDARD
    hand_types = (StandardHighHand,)
    hole_dealing_count = 5


class PhhReader(HandHistory):
    """PokerKit's PHH reader, knowing our "PT" code for pot-limit Texas hold'em, and with
    chips pulling left to its replay loop (for :class:`RulebookState`'s odd-chip re-split).

    ``rulebook=True`` replays on a :class:`RulebookState` (PokerKit with the RULES.md
    changes of this module); ``False`` on PokerKit's own ``State``.
    """

    game_types = {**HandHistory.game_types, "PT": PotLimitTexasHoldem, "N5CD": NoLimitFiveCardDraw}
    variants = {**HandHistory.variants, PotLimitTexasHoldem: "PT", NoLimitFiveCardDraw: "N5CD"}
    required_field_names = {
        **HandHistory.required_field_names,
        "PT": HandHistory.required_field_names["NT"],
        "N5CD": HandHistory.required_field_names["N2L1D"],
    }
    rulebook: bool = False

    def create_state(self) -> State:
        game = self.create_game()
        state_type = RulebookState if self.rulebook else State
        state = state_type(
            tuple(a for a in game.automations if a is not Automation.CHIPS_PULLING),
            game.deck,
            game.hand_types,
            game.streets,
            game.betting_structure,
            game.ante_trimming_status,
            game.raw_antes,
            game.raw_blinds_or_straddles,
            game.bring_in,
            self.starting_stacks,
            len(self.starting_stacks),
            mode=game.mode,
            # R23: our `_double_board` (PHH has no field for it) is PokerKit's two boards
            starting_board_count=(
                2 if self.user_defined_fields.get("_double_board") else game.starting_board_count
            ),
            divmod=game.divmod,
            rake=game.rake,
        )
        answers = self.user_defined_fields.get("_run_twice_answers")
        if answers and isinstance(state, RulebookState):
            state.run_twice_answers = [answer.endswith("yes") for answer in answers]
        return state


def mucked_beside_a_pot_of_their_own(events: Sequence[Event]) -> bool:
    """Whether a player who mucked also took a pot nobody else could win (R11.3: the river
    bettor whose bet the other caller folded to, over an all-in player). PokerKit 0.7.7
    cannot replay such a hand from a file that does not show that player's cards (the
    public one, or another player's): its hand killing takes the unknown hand out, and its
    ``push_chips`` then stops on an internal ``AssertionError`` for the pot left without a
    player (docs/rules.md, Differences from PokerKit 9). Our own reader replays them."""
    mucked = {e.seat for e in events if isinstance(e, HandMucked)}
    kept_alone = {
        e.winners[0]
        for e in events
        if isinstance(e, PotAwarded) and e.board_index is None and len(e.winners) == 1
    }
    return bool(mucked & kept_alone)


def replay_phh(text: str, *, rulebook: bool) -> tuple[int, ...]:
    """Final stacks of a PHH hand replayed by PokerKit's notation module (raises if PokerKit
    cannot replay it, or the hand does not finish).

    ``rulebook=False``: NT and FT hands go through ``pokerkit.HandHistory`` itself, "PT" hands
    through :class:`PhhReader` on PokerKit's own ``State``.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        reader: HandHistory = PhhReader.loads(text)
        if rulebook:
            reader.rulebook = True
        elif reader.variant in HandHistory.game_types:
            reader = HandHistory.loads(text)
        state = None
        for state in reader:  # noqa: B007 - the last state is the one we want
            pass
    assert state is not None
    if state.status:
        raise ValueError("PokerKit did not finish the hand")
    return tuple(state.stacks)


def generate(
    seed: int, count: int, structure: Structure | None = None, game: str = "holdem"
) -> list[OracleHand]:
    """``count`` random hands played in PokerKit, reproducible from ``seed``.

    Each hand has its own generator seeded from (seed, index), so hand i can be regenerated
    alone with ``generate_one(seed, i)``.
    """
    return [generate_one(seed, index, structure, game) for index in range(count)]


def generate_one(
    seed: int,
    index: int,
    structure: Structure | None = None,
    game: str = "holdem",
    bomb: bool = False,
    double_board: bool = False,
) -> OracleHand:
    key = f"{seed}:{index}" if game == "holdem" else f"{seed}:{index}:{game}"
    rng = random.Random(key + (":bomb" if bomb else "") + (":double" if double_board else ""))
    if game in STUD_GAMES:  # R45-R47: fixed-limit, a bring-in
        return play_stud(random_stud_spec(rng, game), rng)
    spec = random_spec(rng, structure, game, bomb, double_board)
    return play(spec, rng)


# --------------------------------------------------------------------------- our engine


@dataclass
class EngineRun:
    """Our engine's replay of an :class:`OracleHand`: the final state, every event, and every
    difference from PokerKit found on the way (empty when the two agree)."""

    state: HandState | None = None
    events: list[Event] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    decisions: int = 0


def engine_config(spec: HandSpec, **options: Any) -> HandConfig:
    """The engine's HandConfig for a spec; the showdown is driven explicitly by default."""
    options.setdefault("explicit_showdown", True)
    return HandConfig(
        seats=spec.engine_seats,
        stacks=spec.engine_stacks,
        button=spec.button,
        small_blind=spec.small_blind,
        big_blind=spec.big_blind,
        structure=EngineStructure(spec.structure),
        ante=spec.ante,
        big_blind_ante=spec.big_blind_ante,
        straddle=spec.straddle,
        run_it_twice_allowed=spec.run_it_twice,
        game=Game(spec.game),
        bomb_pot=spec.bomb_pot,
        double_board=spec.double_board,
        **options,
    )


def engine_deck(spec: HandSpec) -> tuple[int, ...]:
    return tuple(parse_card(card) for card in spec.deck)


def run_engine(record: OracleHand) -> EngineRun:
    """Drive our engine with the record's cards and actions, comparing at every decision.

    At each PokerKit decision the engine must agree on: whose turn it is; the amount to call
    (0 = check allowed, R6); fold allowed exactly when facing a bet; whether a bet/raise is
    allowed and its min and max "to" amounts (R7.1-R7.4, R3.3); and whether going all-in is
    offered. At the showdown, the order of the decisions (R11.2). At the end, the final
    stacks (R8, R10). The first difference stops the replay (later ones would be noise).
    A short deck's hands are ranked in PokerKit's order (:data:`POKERKIT_SHORT_DECK`).
    """
    with pokerkit_ranking(record.spec.game):
        return _run_engine(record)


def _run_engine(record: OracleHand) -> EngineRun:
    spec = record.spec
    run = EngineRun()
    seats = spec.seats

    def who(player: int) -> str:
        return f"p{player + 1} (seat {seats[player]})"

    state, events = start_hand(engine_config(spec), deck=engine_deck(spec))
    run.events.extend(events)
    stud = spec.game in STUD_GAMES
    if spec.bomb_pot and not state.all_in and len(state.boards[0]) != 3:
        run.mismatches.append("a bomb pot (R21) must start with the flop dealt")
    showdown_order_checked = False
    declined = False
    for number, step in enumerate(record.steps):
        where = f"step {number} ({step.phh})"
        if isinstance(step, RunTwice) and declined:
            continue  # one "no" ended the question (R12); PokerKit still asks the others
        if isinstance(step, Decision) and step.bomb_preflop:
            continue  # R21: our bomb pot has no preflop round; PokerKit's is checked through
        if isinstance(step, Reveal) and step.show and stud and state.shown[step.player]:
            continue  # R45.7: PokerKit shows a stud hand again after its seventh-street card
        legal = legal_actions(state)
        if legal is None:
            run.mismatches.append(f"{where}: the engine finished the hand, PokerKit goes on")
            break
        if isinstance(step, RunTwice):
            if state.phase is not Phase.RUN_TWICE or legal.seat != seats[step.player]:
                run.mismatches.append(
                    f"{where}: PokerKit asks {who(step.player)} to run it twice (R12), the"
                    f" engine is in {state.phase} waiting for seat {legal.seat}"
                )
                break
            declined = not step.agree
            action = Action(ActionKind.RUN_TWICE, seats[step.player], int(step.agree))
        elif isinstance(step, Decision):
            run.decisions += 1
            problems = _compare_decision(step, legal, seats)
            if problems:
                run.mismatches.append(f"{where}: " + "; ".join(problems))
                break
            if step.action == "pb":
                action = Action(ActionKind.BRING_IN, seats[step.player])
            elif step.action == "f":
                action = Action(ActionKind.FOLD, seats[step.player])
            elif step.action == "cc":
                kind = ActionKind.CHECK if step.call_amount == 0 else ActionKind.CALL
                action = Action(kind, seats[step.player])
            else:
                kind = ActionKind.RAISE if ActionKind.RAISE in legal.kinds else ActionKind.BET
                action = Action(kind, seats[step.player], step.amount)
        else:
            if state.phase is not Phase.SHOWDOWN:
                run.mismatches.append(
                    f"{where}: PokerKit is at showdown, the engine in {state.phase}"
                )
                break
            if not showdown_order_checked and record.showdown_board_size == 5:
                # R11.2 orders a river showdown; an all-in before the river shows every
                # hand at once (R11.1), PokerKit starting with the last aggressor, we
                # (R11.2 read literally: no river bet) left of the button.
                expected = [seats[s.player] for s in record.steps[number:] if isinstance(s, Reveal)]
                if list(legal.waiting) != expected:
                    run.mismatches.append(
                        f"{where}: showdown order (R11.2) engine {list(legal.waiting)},"
                        f" PokerKit {expected}"
                    )
                    break
                showdown_order_checked = True
            kind = ActionKind.SHOW if step.show else ActionKind.MUCK
            action = Action(kind, seats[step.player])
        try:
            state, events = apply(state, action)
        except EngineError as error:
            run.mismatches.append(f"{where}: the engine refused {action}: {error}")
            break
        run.events.extend(events)
    else:
        if not state.is_finished:
            run.mismatches.append(
                f"after the last PokerKit step the engine is not finished:"
                f" {state.phase}, waiting for {legal_actions(state)}"
            )
        elif tuple(state.stacks) != record.final_stacks:
            run.mismatches.append(
                f"final stacks (PHH order) engine {list(state.stacks)},"
                f" PokerKit {list(record.final_stacks)}"
            )
        elif spec.double_board and [[card_str(c) for c in board] for board in state.boards] != [
            list(record.board),
            list(record.second_board),
        ]:
            run.mismatches.append(  # R23.1: the same cards on the same boards
                f"boards: engine {[cards_str(b) for b in state.boards]},"
                f" PokerKit {record.board} / {record.second_board}"
            )
    run.state = state
    return run


def _compare_decision(step: Decision, legal: LegalActions, seats: tuple[int, ...]) -> list[str]:
    problems: list[str] = []
    seat = seats[step.player]
    if legal.seat != seat:
        return [f"turn: engine seat {legal.seat}, PokerKit p{step.player + 1} (seat {seat})"]
    if step.bring_in is not None or legal.bring_in is not None:
        return _compare_bring_in(step, legal)
    if legal.call_amount != step.call_amount:
        problems.append(f"call amount: engine {legal.call_amount}, PokerKit {step.call_amount}")
    can_check = ActionKind.CHECK in legal.kinds
    if can_check != (step.call_amount == 0):
        problems.append(f"check allowed: engine {can_check}, PokerKit {step.call_amount == 0}")
    can_fold = ActionKind.FOLD in legal.kinds
    if can_fold != (step.call_amount > 0):
        problems.append(f"fold allowed: engine {can_fold}, facing a bet {step.call_amount > 0}")
    can_raise = ActionKind.BET in legal.kinds or ActionKind.RAISE in legal.kinds
    if can_raise != (step.min_to is not None):
        problems.append(
            f"bet/raise allowed: engine {can_raise} ({legal.min_to}..{legal.max_to}),"
            f" PokerKit {step.min_to is not None} ({step.min_to}..{step.max_to})"
        )
    elif can_raise and (legal.min_to, legal.max_to) != (step.min_to, step.max_to):
        problems.append(
            f"bet/raise range: engine {legal.min_to}..{legal.max_to},"
            f" PokerKit {step.min_to}..{step.max_to}"
        )
    if (legal.stack, legal.bet) != (step.stack, step.bet):
        problems.append(
            f"stack/bet: engine {legal.stack}/{legal.bet}, PokerKit {step.stack}/{step.bet}"
        )
    all_in_to = step.stack + step.bet
    pokerkit_all_in = step.max_to == all_in_to or (
        step.stack > 0 and step.call_amount == step.stack
    )
    engine_all_in = ActionKind.ALL_IN in legal.kinds
    if engine_all_in != pokerkit_all_in or (engine_all_in and legal.all_in_to != all_in_to):
        problems.append(
            f"all-in: engine {engine_all_in} (to {legal.all_in_to}),"
            f" PokerKit {pokerkit_all_in} (to {all_in_to})"
        )
    return problems


def _compare_bring_in(step: Decision, legal: LegalActions) -> list[str]:
    """R45.4: both see a bring-in decision, of the same chips: bring in, or complete to the
    same amount; never fold, check or call. PokerKit also offers a player whose stack is
    the bring-in or less to "complete" all-in for it, which the engine does not (bringing in
    is all of it; see the module docstring): the completion is compared only above it."""
    problems: list[str] = []
    if step.bring_in is None or legal.bring_in != step.bring_in:
        return [f"bring-in: engine {legal.bring_in}, PokerKit {step.bring_in}"]
    if set(legal.kinds) & {ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL}:
        problems.append(f"the bring-in player may fold, check or call: {legal.kinds}")
    completes = ActionKind.BET in legal.kinds
    pokerkit_completes = step.min_to is not None and step.stack > step.bring_in
    if completes != pokerkit_completes:
        problems.append(f"completion: engine {completes}, PokerKit {pokerkit_completes}")
    elif completes and (legal.min_to, legal.max_to) != (step.min_to, step.max_to):
        problems.append(
            f"completion: engine to {legal.min_to}..{legal.max_to},"
            f" PokerKit {step.min_to}..{step.max_to}"
        )
    all_in = step.max_to == step.stack or step.stack == step.bring_in
    if (ActionKind.ALL_IN in legal.kinds) != all_in:
        problems.append(f"all-in: engine {legal.all_in_to}, PokerKit {all_in}")
    return problems


def report(seed: int, index: int, record: OracleHand, run: EngineRun) -> str:
    """A failure report that reproduces the case: ``generate_one(seed, index)``."""
    lines = [
        f"hand {index} of seed {seed} (regenerate: pokerkit_oracle.generate_one({seed}, {index}))",
        f"  {record.spec.describe()}",
        f"  deck {' '.join(record.spec.deck[: 2 * record.spec.player_count + 8])} ...",
        f"  PHH actions: {record.phh_actions}",
    ]
    lines.extend(f"  -> {mismatch}" for mismatch in run.mismatches)
    return "\n".join(lines)


def _reveal(state: Any, record: Any, holes: Any, player: int, rng: Any) -> None:
    """The showdown decision of ``player`` (R11.3): shown when someone is all in, when
    nobody has shown yet or when it can win, else shown or mucked at random."""
    someone_all_in = any(state.statuses[i] and state.stacks[i] == 0 for i in state.player_indices)
    shown_before = any(isinstance(step, Reveal) for step in record.steps)
    show = someone_all_in or not shown_before or rng.random() < 0.5 or state.can_win_now(player)
    reveal = Reveal(player, show, "".join(holes[player]) if show else "")
    state.show_or_muck_hole_cards(show)
    record.steps.append(reveal)
    record.phh_actions.append(reveal.phh)
