"""The state of one hand and its JSON form: the streets (:class:`Street`), what the hand waits
for (:class:`Phase`), what is fixed at its start (:class:`HandConfig`) and everything else
(:class:`HandState`), with ``to_json``/``from_json`` in format :data:`FORMAT`.

:mod:`engine.hand` is the machine that moves a hand from one state to the next; this module
only describes a state and checks a stored one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final

from engine.betting import Structure
from engine.cards import Card
from engine.errors import EngineError, ErrorCode
from engine.games import Game, GameRules, places_dealt, rules

__all__ = ["FORMAT", "HandConfig", "HandState", "Phase", "Street"]

FORMAT: Final = 1
"""Version of the JSON form of :class:`HandState` (``"format"`` key)."""

ITALIAN_SHARED_OPTIONS: Final = (
    "full_over_flush_on_52",
    "minima_beats_massima",
    "flush_by_suit",
    "max_raises",
)
"""The :class:`HandConfig` fields poker all'italiana and Telesina share: the Italian
ranking's options (R32.2, R32.4, R32.6; Telesina's ranking is the same, R40.1) and the
rilanci massimi (R38.3)."""


class Street(IntEnum):
    """The four betting rounds, and the board cards dealt before each (R4.2); a stud game's
    five (R45.2: third to seventh street, named by ``engine.games.STUD_STREETS``); Telesina's
    four, and one after each vela (R40.3, R41: ``TELESINA_STREETS``, ``VELA_STREETS``)."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SEVENTH = 4
    """A stud game's fifth and last betting round, on seventh street (R45.2); Telesina's
    after its vela (R41)."""
    SECOND_VELA = 5
    """Telesina's last betting round with two vele, after the second (R41.4)."""

    @property
    def label(self) -> str:
        """Lower-case name: ``"flop"``."""
        return self.name.lower()


class Phase(StrEnum):
    """What the hand is waiting for (see :mod:`engine.hand`'s module docstring)."""

    BETTING = "betting"
    BUIO = "buio"
    DRAW = "draw"
    RUN_TWICE = "run_twice"
    RUNOUT = "runout"
    SHOWDOWN = "showdown"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandConfig:
    """Everything fixed at the start of a hand.

    Attributes:
        seats: seat numbers dealt in (R2, R16); any order, they are played clockwise,
            i.e. in increasing seat number.
        stacks: chips of each of ``seats``, aligned with it; every stack is positive.
        button: the seat with the button; dealt in (R2.1, R2.2), except with ``dead_button``.
        small_blind, big_blind: the blinds, ``0 <= small_blind <= big_blind`` (R2.3); in a
            stud game the bring-in and the small bet, ``0 < small_blind`` (R45.1).
        structure: no-limit, pot-limit or fixed-limit (R7).
        ante: posted by every player dealt in, dead money (R3.1); 0 = off.
        big_blind_ante: posted by the big blind alone for the table, dead (R3.2); 0 = off.
        straddle: the player left of the big blind posts 2 x BB before the deal (R3.3);
            ignored heads-up, where nobody sits between the big blind and the button.
        posting: seats that post one big blind, live, to be dealt in now (R2.6).
        run_it_twice_allowed: the table allows running it twice (R12).
        show_all_called: "show all called hands": nobody may muck at showdown (R11.3).
        explicit_showdown: every show or muck is an input, in any order (replays).
        paced_runout: an all-in board is dealt one street per :func:`deal_next` (phase
            ``runout``) instead of all at once; the cards and the result are the same.
        rake_bps: rake in basis points of each pot that saw a flop (500 = 5 %, R13).
        rake_cap: the most rake taken from one hand; ``None`` = no cap (R13).
        game: what is dealt (:mod:`engine.games`): Texas Hold'em, Omaha (R17), a draw game
            (R42), a stud game (R45) ...
        bomb_pot: a bomb pot's ante, posted by every player dealt in; no blinds, no
            preflop betting, the betting starts on the flop (R21); 0 = an ordinary hand.
        seven_deuce: the 7-2 game's bounty (R22): a player who wins a pot holding
            seven-deuce collects it from every other player dealt in; 0 = off.
        seven_deuce_shown: the 7-2 is turned face up when it collects (R22.2); otherwise
            it collects face down.
        double_board: two boards are dealt from the flop on, each pot is halved between
            them (R23).
        dead_button: the button is on a seat nobody dealt in holds (a tournament's dead
            button, R28.5; three players or more): positions start from the first player
            after it, and the last player before it acts last.
        dead_small_blind: nobody posts the small blind: the first player after the button
            is the big blind (a tournament's dead small blind, R28.5; three players or more).

    Poker all'italiana's (R31-R39; refused in other games unless at their defaults). Its
    ``ante`` is the invito (R33.1), ``big_blind`` the cip, the least opening bet (R34.4),
    and it has no small blind (0, R31.5):

        carried: the pot carried into this hand from hands nobody won (R35.3, R37.3): dead
            money in the middle from the start, nobody's stack.
        dealer_ante: the mazziere's invito, posted by the button on top of the ante, dead
            money (R33.2); 0 = none.
        opening_pair: the least pair that opens, ``"J"`` (R34.2), ``"Q"`` or ``"K"``: the
            table raises it after hands nobody opened (R35.2).
        opening_draw: the draw that opens too ("apertura con progetto", R34.2):
            ``"open_ended"`` (four to an open-ended straight flush), ``"straight_flush"``
            (any four to one), ``"flush"`` (four to a flush) or ``"none"``.
        max_draw: the most cards a player changes (R36.1): 4 or 5; ``None`` = the game's
            (four).
        piatto_di_parola: everyone still in checking after the draw carries the pot to
            the next hand (R37.3); otherwise they show down.
        opener_first: the opener speaks first after the draw (R37.1); otherwise the first
            player still in left of the dealer.
        full_over_flush_on_52: on the whole deck (nine players) full ranks above colore
            (R32.2); otherwise colore above full on every deck.
        minima_beats_massima: the ace-low straight flush beats the ace-high one (R32.4);
            otherwise the higher top card wins (R32.3).
        flush_by_suit: between two flushes the higher suit wins whatever the ranks
            (R32.6); otherwise the ranks first (R32.5).
        max_raises: the most raises in a betting round after its first bet (the opening
            before the draw), "rilanci massimi" (R38.3); ``None`` = unlimited.
        fourth_card_last: a player changing four cards gets three at once and the fourth
            after every other player has drawn, the fourth cards in the order of the draw
            (R36.2); otherwise all four at once.
        morto: with exactly three players a fourth hand is dealt to the place after the
            mazziere and never played, from the four players' deck (R31.4); no effect with
            more or fewer (:attr:`places`).
        buio: the buio (R33.5): 0 = none; 1 or 2 = the player left of the mazziere may
            open blind for the pot or twice the pot (the controbuio twice the buio).

    Telesina's (R40; refused in other games unless at its default). Its ``ante`` is the
    invito (R40.2), ``big_blind`` the least bet, and it has no small blind (0):

        best_showing_first: "parla per primo" (R40.4): in every round the best showing
            hand speaks first; otherwise the first player still in left of the dealer.
        vele: Telesina con la vela (R41): 0 (none), 1 or 2 community cards after the fifth
            cards, each turned before a betting round of its own.
    """

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    structure: Structure = Structure.NO_LIMIT
    ante: int = 0
    big_blind_ante: int = 0
    straddle: bool = False
    posting: tuple[int, ...] = ()
    run_it_twice_allowed: bool = False
    show_all_called: bool = False
    explicit_showdown: bool = False
    paced_runout: bool = False
    rake_bps: int = 0
    rake_cap: int | None = None
    game: Game = Game.HOLDEM
    bomb_pot: int = 0
    seven_deuce: int = 0
    seven_deuce_shown: bool = True
    double_board: bool = False
    dead_button: bool = False
    dead_small_blind: bool = False
    carried: int = 0
    dealer_ante: int = 0
    opening_pair: str = "J"
    opening_draw: str = "open_ended"
    max_draw: int | None = None
    piatto_di_parola: bool = True
    opener_first: bool = True
    full_over_flush_on_52: bool = True
    minima_beats_massima: bool = True
    flush_by_suit: bool = False
    max_raises: int | None = None

    def hand_rules(self) -> GameRules:
        """The rules of this hand: its game's, dealt to its seats (R31.2: poker
        all'italiana's deck by the players, the morto's place counted, R31.4), ranked with
        its options (R32.2, R32.4, R32.6)."""
        return rules(
            self.game,
            self.places,
            full_over_flush_on_52=self.full_over_flush_on_52,
            flush_by_suit=self.flush_by_suit,
            minima_beats_massima=self.minima_beats_massima,
            vele=self.vele,
        )

    fourth_card_last: bool = True
    best_showing_first: bool = True
    vele: int = 0
    morto: bool = False
    buio: int = 0

    @property
    def places(self) -> int:
        """The hands dealt: one a player, and the morto's with three players (R31.4)."""
        return places_dealt(len(self.seats), self.morto)

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form; poker all'italiana's fields only in its configs, Telesina's in
        its."""
        data: dict[str, Any] = {
            "seats": list(self.seats),
            "stacks": list(self.stacks),
            "button": self.button,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "structure": str(self.structure),
            "ante": self.ante,
            "big_blind_ante": self.big_blind_ante,
            "straddle": self.straddle,
            "posting": list(self.posting),
            "run_it_twice_allowed": self.run_it_twice_allowed,
            "show_all_called": self.show_all_called,
            "explicit_showdown": self.explicit_showdown,
            "paced_runout": self.paced_runout,
            "rake_bps": self.rake_bps,
            "rake_cap": self.rake_cap,
            "game": str(self.game),
            "bomb_pot": self.bomb_pot,
            "seven_deuce": self.seven_deuce,
            "seven_deuce_shown": self.seven_deuce_shown,
            "double_board": self.double_board,
            "dead_button": self.dead_button,
            "dead_small_blind": self.dead_small_blind,
        }
        if self.game == Game.ITALIANA:  # (R31-R39; other games' JSON is as it was)
            data.update(
                carried=self.carried,
                dealer_ante=self.dealer_ante,
                opening_pair=self.opening_pair,
                opening_draw=self.opening_draw,
                max_draw=self.max_draw,
                piatto_di_parola=self.piatto_di_parola,
                opener_first=self.opener_first,
                fourth_card_last=self.fourth_card_last,
            )
            if self.morto:  # (R31.4; a hand without it is written as before it)
                data["morto"] = self.morto
            if self.buio:  # (R33.5; likewise)
                data["buio"] = self.buio
        if self.game == Game.TELESINA:  # (R40)
            data["best_showing_first"] = self.best_showing_first
            if self.vele:  # (R41; a hand without the vela is written as before it)
                data["vele"] = self.vele
        if self.game in (Game.ITALIANA, Game.TELESINA):
            data.update({name: getattr(self, name) for name in ITALIAN_SHARED_OPTIONS})
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandConfig:
        """Inverse of :meth:`to_json`."""
        return cls(
            seats=tuple(data["seats"]),
            stacks=tuple(data["stacks"]),
            button=data["button"],
            small_blind=data["small_blind"],
            big_blind=data["big_blind"],
            structure=Structure(data["structure"]),
            ante=data["ante"],
            big_blind_ante=data["big_blind_ante"],
            straddle=data["straddle"],
            posting=tuple(data["posting"]),
            run_it_twice_allowed=data["run_it_twice_allowed"],
            # "show_all" in states and histories written before the field was renamed
            show_all_called=data.get("show_all_called", data.get("show_all", False)),
            explicit_showdown=data["explicit_showdown"],
            paced_runout=data.get("paced_runout", False),
            rake_bps=data["rake_bps"],
            rake_cap=data["rake_cap"],
            game=Game(data.get("game", Game.HOLDEM)),  # states before R17 are Hold'em
            bomb_pot=data.get("bomb_pot", 0),  # states before R21 are ordinary hands
            seven_deuce=data.get("seven_deuce", 0),  # and before R22 have no 7-2 bounty
            seven_deuce_shown=data.get("seven_deuce_shown", True),
            double_board=data.get("double_board", False),  # states before R23: one board
            dead_button=data.get("dead_button", False),  # and before R28.5
            dead_small_blind=data.get("dead_small_blind", False),
            carried=data.get("carried", 0),  # poker all'italiana's (R31-R39)
            dealer_ante=data.get("dealer_ante", 0),
            opening_pair=data.get("opening_pair", "J"),
            opening_draw=data.get("opening_draw", "open_ended"),
            max_draw=data.get("max_draw"),
            piatto_di_parola=data.get("piatto_di_parola", True),
            opener_first=data.get("opener_first", True),
            full_over_flush_on_52=data.get("full_over_flush_on_52", True),
            minima_beats_massima=data.get("minima_beats_massima", True),
            flush_by_suit=data.get("flush_by_suit", False),
            max_raises=data.get("max_raises"),
            # R36.2: poker all'italiana's states before it dealt the four cards at once
            fourth_card_last=data.get("fourth_card_last", data.get("game") != Game.ITALIANA),
            best_showing_first=data.get("best_showing_first", True),  # Telesina's (R40.4)
            vele=data.get("vele", 0),  # (R41)
            morto=data.get("morto", False),  # (R31.4)
            buio=data.get("buio", 0),  # (R33.5)
        )


@dataclass(frozen=True, slots=True)
class HandState:
    """Everything about one hand, enough to resume it from its JSON alone.

    Per-player tuples are in position order (index 0 left of the button, see
    :mod:`engine.hand`); :attr:`seats` maps an index to its seat number.

    Attributes:
        config: the :class:`HandConfig` the hand started from.
        seats: seat numbers in position order.
        deck: the game's cards (52; a short deck's 36, R30.1; poker all'italiana's of the
            players dealt in, R31.2) in the order they leave the deck (SECRET).
        dealt: how many cards have left the deck (burns included).
        seed: the seed the deck came from (SECRET until the hand is over, R15), or ``None``.
        commitment: SHA-256 of the seed, public from the start (R15), or ``None``.
        holes: each player's hole cards (SECRET until shown, R4.3), in the order dealt; a
            stud game's cards dealt so far, whose up cards are public (R45.2,
            :meth:`public_holes`).
        boards: the board; two boards once the rest was run twice (R12), or from the
            start with a double board (R23).
        stacks: chips behind; bets: chips in front this round; contributions: every chip
            each player put in this hand (antes and current bets included).
        dead: dead money outside the contribution levels: the big-blind ante (R3.2).
        folded: who folded. street: the current street. phase: see :class:`Phase`.
        to_act: who must still act in this phase, the first one next.
        acted: who acted since the last full bet or raise (R7.4).
        increment: size of a full raise now (R7.1, R3.3, R7.3).
        bets_made: bets and raises in this round, the big blind counting as the first (R7.3).
        aggressor: who made the last bet or raise this round (R11.2).
        all_in: no more betting is possible with two or more players in (R5.5, R11.1).
        runs: 1, or 2 after everyone agreed to run it twice (R12).
        shown, mucked: showdown decisions (R11). won: chips each player won.
        shown_after: hole cards each player chose to show once the hand was over, as a
            bit mask of their hole-card indices (bit 0 = first card; R11.5); 0 = none.
        rake: chips raked (R13).
        bounty: each player's net from the 7-2 game's bounties (R22): what a seven-deuce
            winner collected, minus what each player paid; all 0 without one.
        pile: a draw game's cards out of play, in the order they left it: burnt cards,
            discards and folded hands (SECRET; R42.4: what a new stub is shuffled from);
            empty in other games.
        drawn: a draw game's count of cards each player changed in each draw so far (R42.3,
            public); empty tuples in other games.
        opener: poker all'italiana's opener (position), ``None`` before an opening (R34).
        carried: poker all'italiana: the pot the hand left in the middle for the next one
            when nobody opened or everyone checked after the draw (R35, R37.3), once over;
            0 otherwise. It is in no stack: :attr:`total_chips` counts it.
        waiting: poker all'italiana, during the draw: the cards each player who changed
            four threw, while they wait for their fourth card (R36.2; out of play, in
            :attr:`pile` or a new stub, but never in the stub their fourth card comes
            from); empty for a player not waiting, and ``()`` outside the draw.
        blind: poker all'italiana's buio (R33.5): the positions that bet blind, in order
            (the buio's, then the controbuio's); ``()`` without one.
        unseen: the positions whose own cards are not yet shown to their owner (R33.5:
            a player deciding a buio or a controbuio, and the last blind player until their
            turn in the first round); ``()`` otherwise. Who may see what is the caller's.
    """

    config: HandConfig
    seats: tuple[int, ...]
    deck: tuple[Card, ...]
    dealt: int
    seed: bytes | None
    commitment: str | None
    holes: tuple[tuple[Card, ...], ...]
    boards: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    dead: int
    folded: tuple[bool, ...]
    street: Street
    phase: Phase
    to_act: tuple[int, ...]
    acted: tuple[bool, ...]
    increment: int
    bets_made: int
    aggressor: int | None
    all_in: bool
    runs: int
    shown: tuple[bool, ...]
    mucked: tuple[bool, ...]
    won: tuple[int, ...]
    rake: int
    shown_after: tuple[int, ...]
    bounty: tuple[int, ...]
    pile: tuple[Card, ...] = ()
    drawn: tuple[tuple[int, ...], ...] = ()
    opener: int | None = None
    carried: int = 0
    waiting: tuple[tuple[Card, ...], ...] = ()
    blind: tuple[int, ...] = ()
    unseen: tuple[int, ...] = ()

    # ---- convenient public views

    @property
    def is_finished(self) -> bool:
        """Whether the hand is over."""
        return self.phase is Phase.FINISHED

    @property
    def seat_to_act(self) -> int | None:
        """The seat whose decision the hand waits for, or ``None`` when it is over."""
        return self.seats[self.to_act[0]] if self.to_act else None

    @property
    def board(self) -> tuple[Card, ...]:
        """The (first) board."""
        return self.boards[0]

    @property
    def pot_total(self) -> int:
        """Every chip in the middle, the bets of this round included."""
        return sum(self.contributions) + self.dead

    @property
    def total_chips(self) -> int:
        """Every chip of the hand: stacks, the middle and the rake; constant from start to
        finish (R7.5), and the sum of the config's stacks and the pot carried in (R35.3).
        Once the hand is over the middle is in the stacks, or carried to the next hand
        (:attr:`carried`, R35, R37.3)."""
        if self.is_finished:
            return sum(self.stacks) + self.rake + self.carried
        return sum(self.stacks) + self.pot_total

    def index_of(self, seat: int) -> int:
        """The position index of ``seat``; :class:`EngineError` ``unknown_seat`` if not dealt in."""
        try:
            return self.seats.index(seat)
        except ValueError:
            raise EngineError(
                ErrorCode.UNKNOWN_SEAT, f"seat {seat!r} is not in this hand"
            ) from None

    def stacks_by_seat(self) -> dict[int, int]:
        """Chips behind, by seat (the final stacks once the hand is over)."""
        return dict(zip(self.seats, self.stacks, strict=True))

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The hole cards of ``seat`` (SECRET: the caller decides who may see them)."""
        return self.holes[self.index_of(seat)]

    def public_holes(self, p: int) -> tuple[Card | None, ...]:
        """What everyone may see of position ``p``'s hole cards: all of them once shown at
        showdown (R11), those chosen after the hand (R11.5), a stud game's up cards from
        when they are dealt, a folded player's too (R45.2); ``None`` for a face-down card."""
        hole = self.holes[p]
        if self.shown[p]:
            return hole
        mask = self.shown_after[p]
        up = rules(self.config.game).up_cards
        return tuple(card if mask >> k & 1 or k in up else None for k, card in enumerate(hole))

    def dealt_cards(self) -> tuple[Card, ...]:
        """Every card that left the deck, burns included, in order (for deck.verify, R15);
        a draw game's from its first stub only (a new stub deals them again, R42.4)."""
        first = len(self.config.hand_rules().deck)  # (R31.2: by players; R31.4: the morto)
        return self.deck[: min(self.dealt, first)]

    @property
    def revealed_seed(self) -> bytes | None:
        """The seed once the hand is over (R15), ``None`` before."""
        return self.seed if self.is_finished else None

    # ---- JSON

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (ints, strs, bools, lists, dicts, None), deterministic, with
        ``"format": 1``. It holds secrets (deck, seed, hole cards): store it, never send it."""
        return {
            "format": FORMAT,
            "config": self.config.to_json(),
            "seats": list(self.seats),
            "deck": list(self.deck),
            "dealt": self.dealt,
            "seed": None if self.seed is None else self.seed.hex(),
            "commitment": self.commitment,
            "holes": [list(hole) for hole in self.holes],
            "boards": [list(board) for board in self.boards],
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "contributions": list(self.contributions),
            "dead": self.dead,
            "folded": list(self.folded),
            "street": int(self.street),
            "phase": str(self.phase),
            "to_act": list(self.to_act),
            "acted": list(self.acted),
            "increment": self.increment,
            "bets_made": self.bets_made,
            "aggressor": self.aggressor,
            "all_in": self.all_in,
            "runs": self.runs,
            "shown": list(self.shown),
            "mucked": list(self.mucked),
            "won": list(self.won),
            "rake": self.rake,
            "shown_after": list(self.shown_after),
            "bounty": list(self.bounty),
            # a draw game's (R42); other games' states have neither key
            **(
                {"pile": list(self.pile), "drawn": [list(d) for d in self.drawn]}
                if self.drawn
                else {}
            ),
            # poker all'italiana's (R34, R35); other games' states have neither key
            **(
                {"opener": self.opener, "carried": self.carried}
                if self.config.game == Game.ITALIANA
                else {}
            ),
            # R36.2: only during a draw with a player waiting for the fourth card
            **({"waiting": [list(w) for w in self.waiting]} if self.waiting else {}),
            # R33.5: only in a hand with a buio, or while a player has not looked
            **({"blind": list(self.blind)} if self.blind else {}),
            **({"unseen": list(self.unseen)} if self.unseen else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandState:
        """Rebuild a state from :meth:`to_json`; :class:`EngineError` ``invalid_state`` if
        the data is not a format-1 hand."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise EngineError(ErrorCode.INVALID_STATE, f"not a format-{FORMAT} hand state")
        try:
            seed = data["seed"]
            state = cls(
                config=HandConfig.from_json(data["config"]),
                seats=tuple(data["seats"]),
                deck=tuple(data["deck"]),
                dealt=data["dealt"],
                seed=None if seed is None else bytes.fromhex(seed),
                commitment=data["commitment"],
                holes=tuple(tuple(hole) for hole in data["holes"]),
                boards=tuple(tuple(board) for board in data["boards"]),
                stacks=tuple(data["stacks"]),
                bets=tuple(data["bets"]),
                contributions=tuple(data["contributions"]),
                dead=data["dead"],
                folded=tuple(data["folded"]),
                street=Street(data["street"]),
                phase=Phase(data["phase"]),
                to_act=tuple(data["to_act"]),
                acted=tuple(data["acted"]),
                increment=data["increment"],
                bets_made=data["bets_made"],
                aggressor=data["aggressor"],
                all_in=data["all_in"],
                runs=data["runs"],
                shown=tuple(data["shown"]),
                mucked=tuple(data["mucked"]),
                won=tuple(data["won"]),
                rake=data["rake"],
                # states written before R11.5 have no shows after the hand
                shown_after=tuple(data.get("shown_after", [0] * len(data["seats"]))),
                # and before R22 no 7-2 bounty
                bounty=tuple(data.get("bounty", [0] * len(data["seats"]))),
                pile=tuple(data.get("pile", ())),
                drawn=tuple(tuple(d) for d in data.get("drawn", ())),
                opener=data.get("opener"),
                carried=data.get("carried", 0),
                waiting=tuple(tuple(w) for w in data.get("waiting", ())),
                blind=tuple(data.get("blind", ())),
                unseen=tuple(data.get("unseen", ())),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise EngineError(ErrorCode.INVALID_STATE, f"malformed hand state: {error!r}") from None
        n = len(state.seats)
        arrays = (state.stacks, state.bets, state.contributions, state.folded, state.acted,
                  state.shown, state.mucked, state.won, state.holes, state.shown_after,
                  state.bounty)  # fmt: skip
        try:
            game = state.config.hand_rules()  # (R31.2: the deck of the players; R31.4)
        except ValueError:
            raise EngineError(ErrorCode.INVALID_STATE, f"no hand of {n} players") from None
        # a draw game's deck grows by each new stub (R42.4)
        deck_ok = (
            len(state.deck) >= len(game.deck) if game.draws else len(state.deck) == len(game.deck)
        )
        if (
            any(len(array) != n for array in arrays)
            or not deck_ok
            or (game.draws and len(state.drawn) != n)
        ):
            raise EngineError(ErrorCode.INVALID_STATE, "hand state arrays do not match its seats")
        return state
