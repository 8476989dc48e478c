"""Replaying a PHH hand through the engine: the config, the deck order, the actions.

The engine deals hole cards one at a time clockwise from ``p1``, then burn + flop, burn +
turn, burn + river (R4); :func:`deck_order` puts the file's cards where the engine will deal
them. :func:`replay` then applies the file's actions through :class:`engine.hand.HandInPlay`,
checking each card and turn against the file, with the showdown driven by the file's own
shows and mucks (``explicit_showdown``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine import fairness
from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import Card, card_str
from engine.config_checks import check_player_count
from engine.errors import EngineError
from engine.events import (
    BoardDealt,
    CardsDrawn,
    Event,
    FourthCardDealt,
    OpeningShown,
    PotCarried,
)
from engine.games import MORTO_PLAYERS, MOST_VELE, Game, rules
from engine.hand import HandInPlay, start_hand
from engine.legal_actions import legal_actions
from engine.phh.document import (
    FIXED_LIMIT_VARIANTS,
    ITALIANA_VARIANTS,
    STUD_VARIANTS,
    TELESINA_VARIANTS,
    VARIANT_GAMES,
    VARIANT_STRUCTURES,
    PhhAction,
    PhhError,
    PhhHand,
    parse_actions,
    phh_cards,
)
from engine.seven_deuce import is_seven_deuce
from engine.state import HandConfig, HandState, Phase


def deck_order(phh: PhhHand, actions: Sequence[PhhAction] | None = None) -> tuple[Card, ...]:
    """A 52-card deck order from which the engine deals exactly the file's cards (R4).

    Positions: hole card ``j`` of player ``i`` is at ``j * n + i`` (one card at a time,
    clockwise from ``p1``); then burn, flop (3), burn, turn, burn, river; a second run (R12)
    continues with a burn before each street it deals; a double board (``_double_board``,
    R23) has one burn a street and the file's ``d db`` of the first board, then the second. A player's hole cards come from their
    ``d dh`` action, or from a later ``sm`` if the deal was unknown. Unknown cards and the
    burns are filled with cards the file does not mention, lowest first.
    """
    n = phh.player_count
    game = Game(VARIANT_GAMES[phh.variant])
    try:  # before a card is placed: more players than the deck deals get the table's refusal
        check_player_count(game, n, phh.user_defined.get("_double_board") is True)
    except EngineError as error:
        raise PhhError(error.message) from None
    if actions is None:
        actions = parse_actions(phh)
    if rules(game).draws:
        fourth_last = game is Game.ITALIANA and phh.user_defined.get("_fourth_card_last") is True
        return _draw_deck_order(n, game, actions, fourth_last, _morto(phh, n))
    if rules(game).stud:
        return _stud_deck_order(n, game, actions, _vele(phh) if game is Game.TELESINA else 0)
    slots: list[Card | None] = [None] * len(rules(game).deck)  # R30.1: a short deck's 36
    holes: list[list[Card | None]] = [[] for _ in range(n)]
    shown: dict[int, tuple[Card | None, ...]] = {}
    board: list[Card | None] = []
    board_at_last_bet = 0  # board cards out when the betting ended (for a second run, R12)
    for action in actions:
        if action.verb in ("f", "cc", "cbr"):
            board_at_last_bet = len(board)
        if action.verb == "dh":
            assert action.player is not None
            holes[action.player].extend(action.cards)
        elif action.verb == "db":
            board.extend(action.cards)
        elif action.verb == "sm" and action.cards:
            assert action.player is not None
            shown[action.player] = action.cards
    count = rules(game).hole_cards  # two, or Omaha's four (R17)
    for player, cards in shown.items():
        if all(card is None for card in cards):
            continue  # kept face down: "sm ????" (Omaha's four as two until 2026-12-03)
        dealt = holes[player]
        if len(cards) != count or (dealt and len(dealt) != count):
            raise PhhError(f"p{player + 1} must show {count} cards")
        if not dealt:
            holes[player] = list(cards)
            continue
        for j, card in enumerate(cards):
            if dealt[j] is None:
                dealt[j] = card
            elif card is not None and card != dealt[j]:
                raise PhhError(f"p{player + 1} shows cards they were not dealt")
    for player, hole in enumerate(holes):
        if len(hole) > count:
            raise PhhError(
                f"p{player + 1} is dealt {len(hole)} hole cards (this game deals {count})"
            )
        for j, card in enumerate(hole):
            slots[j * n + player] = card
    first = count * n  # the first card after the hole cards
    board_positions = [first + 1, first + 2, first + 3, first + 5, first + 7]
    if phh.user_defined.get("_double_board") is True:  # R23: in the order they are dealt
        both = fairness.board_positions(n, [[None] * 5] * 2, count, double_board=True)
        board_positions = sorted(both[0] + both[1])
        if len(board) > len(board_positions):
            raise PhhError(f"the board has {len(board)} cards, more than two boards hold")
    elif len(board) > 5:  # run twice (R12): the second run continues from the deck
        shared = board_at_last_bet
        position = first + 8
        for size, count in ((3, 3), (4, 1), (5, 1)):  # the board after flop, turn, river
            if size > shared:
                position += 1  # burn
                board_positions.extend(range(position, position + count))
                position += count
        if len(board) > len(board_positions):
            raise PhhError(f"the board has {len(board)} cards, more than two runs can deal")
    for position, card in zip(board_positions, board, strict=False):  # fewer cards than slots
        slots[position] = card
    known = [card for card in slots if card is not None]
    if len(set(known)) != len(known):
        duplicate = next(card for card in known if known.count(card) > 1)
        raise PhhError(f"{card_str(duplicate)} is dealt twice")
    used = set(known)
    spare = iter(card for card in rules(game).deck if card not in used)  # R30.1: a short deck
    return tuple(card if card is not None else next(spare) for card in slots)


def _draw_deck_order(
    n: int,
    game: Game,
    actions: Sequence[PhhAction],
    fourth_last: bool = False,
    morto: bool = False,
) -> tuple[Card, ...]:
    """A draw game's deck (R42): the hole cards one at a time from p1, then each draw's burn
    and the new cards of each player in the order they drew (a draw is one `sd` from every
    player still in; its `d dh` may come after them all, as PokerKit writes them). Every
    card must be known; a hand whose draws ran the stub out (R42.4) is not replayed from
    PHH (the new stub's order is the dealer's shuffle, which the file does not hold).
    Poker all'italiana burns no card (R31) and deals from the deck of its players (R31.2);
    with ``fourth_last`` (R36.2) a player who threw four has three cards in their turn and
    the fourth after everyone's, in the draw's order: a second ``d dh`` of one card. With
    the ``morto`` (R31.4) a fifth of the cards dealt are its hand's, after the last
    player's in each round, unknown (nobody sees them), from the deck of four."""
    places = n + morto
    unseen: list[Card | None] = [None] * 5  # the morto's hand
    holes: list[list[Card | None]] = [[] for _ in range(n)]
    slots: list[Card | None] = []
    reserved: dict[int, list[tuple[int, int]]] = {}  # player -> where their new cards go
    later: list[int] = []  # R36.2: who waits for a fourth card in this draw
    folded: set[int] = set()
    left = 0  # `sd`s still to come in this draw
    dealing = True
    for action in actions:
        player = action.player
        if action.verb == "dh" and dealing:
            assert player is not None
            holes[player].extend(action.cards)
            continue
        if dealing:
            dealing = False
            if any(len(hole) != 5 for hole in holes):
                raise PhhError("a draw game deals five cards to every player (R42)")
            slots = [hole[r] for r in range(5) for hole in [*holes, *[unseen] * morto]]
        if action.verb == "f":
            assert player is not None
            folded.add(player)
        elif action.verb == "sd":
            assert player is not None
            if not left:  # a new draw: its burn first (none in poker all'italiana, R31)
                left = n - len(folded)
                if rules(game).draw_burn:
                    slots.append(None)
            left -= 1
            count = len(action.cards) - (fourth_last and len(action.cards) == 4)
            reserved[player] = [(len(slots), count)]
            slots.extend([None] * count)
            if count < len(action.cards):
                later.append(player)
            if not left:  # R36.2: the fourth cards, in the order of the draw
                for waiting in later:
                    reserved[waiting].append((len(slots), 1))
                    slots.append(None)
                later = []
        elif action.verb == "dh":
            assert player is not None and reserved.get(player)
            where, count = reserved[player].pop(0)
            if len(action.cards) != count:
                raise PhhError(f"{action.text!r}: p{player + 1} threw {count} cards")
            slots[where : where + count] = action.cards
    if dealing:
        slots = [hole[r] for r in range(5) for hole in [*holes, *[unseen] * morto]]
    players = [slots[r * places + p] for r in range(5) for p in range(n)] if slots else []
    if any(card is None for card in players) or len(slots) < 5 * places:
        raise PhhError("a draw game's hand is replayed from all its cards: the file hides some")
    known = [card for card in slots if card is not None]
    deck = rules(game, places).deck  # (R31.2: poker all'italiana's is the players'; R31.4)
    if len(set(known)) != len(known) or len(slots) > len(deck) - 1:
        raise PhhError(
            "the draws ran the stub out and dealt from a new one (R42.4): such a hand is not"
            " replayed from PHH"
        )
    spare = iter([card for card in deck if card not in set(known)])
    placed = tuple(card if card is not None else next(spare) for card in slots)
    return placed + tuple(spare)


def _stud_cards(actions: Sequence[PhhAction], n: int) -> list[list[Card | None]]:
    """Each player's cards in a stud hand (R45.2), in the order dealt: their ``d dh`` one
    after the other, a card they left unknown (``??``) taken from their ``sm`` if shown."""
    holes: list[list[Card | None]] = [[] for _ in range(n)]
    for action in actions:
        if action.player is None or action.verb not in ("dh", "sm"):
            continue
        hole = holes[action.player]
        if action.verb == "dh":
            hole.extend(action.cards)
            continue
        if not action.cards or all(card is None for card in action.cards):
            continue  # mucked, or kept face down
        if len(action.cards) != len(hole):
            raise PhhError(f"{action.text!r}: p{action.player + 1} holds {len(hole)} cards")
        for j, card in enumerate(action.cards):
            if hole[j] is None:
                hole[j] = card
            elif card is not None and card != hole[j]:
                raise PhhError(f"{action.text!r}: p{action.player + 1} was not dealt that")
    return holes


def _stud_deck_order(
    n: int, game: Game, actions: Sequence[PhhAction], vele: int = 0
) -> tuple[Card, ...]:
    """A stud game's deck (R45.2, R45.3): each player's cards where
    :func:`engine.fairness.stud_positions` places them by how many each was dealt, the
    seventh-street community card (a ``d db``) where it goes; unknown cards and the burns
    filled with cards the file does not mention, lowest first. Telesina (R40.3): two cards
    first and up to five, no burn, from the deck of its players (R31.2); nothing in the
    middle but, con la vela (R41), up to ``vele`` ``d db`` of one card each, every one
    after the fifth cards of the players still in (:func:`_telesina_vele`), placed one
    after the other after every player's cards."""
    holes = _stud_cards(actions, n)
    board = [card for action in actions if action.verb == "db" for card in action.cards]
    counts = [len(hole) for hole in holes]
    telesina = game is Game.TELESINA
    if telesina:
        first, most = fairness.TELESINA_FIRST, fairness.TELESINA_CARDS
        if any(not first <= count <= most for count in counts) or (board and not vele):
            raise PhhError(
                "Telesina deals every player 2 to 5 cards and none in the middle (R40.3)"
            )
        _telesina_vele(actions, n, vele)
    elif any(not 3 <= count <= 7 for count in counts) or len(board) > 1:
        raise PhhError("a stud game deals every player 3 to 7 cards and at most one in the middle")
    try:
        if telesina:
            deck = rules(game, n).deck
            return fairness.stud_deck(holes, board, first=first, burns=False, cards=deck)
        return fairness.stud_deck(holes, board)
    except ValueError as error:
        raise PhhError(str(error)) from None


def _telesina_vele(actions: Sequence[PhhAction], n: int, vele: int) -> None:
    """Telesina con la vela (R41): each ``d db`` is one vela, one card, dealt once every
    player still in (who has not folded before it) has their five cards (R41.1), and the
    file has at most its ``_vele`` of them (R41.4); :class:`PhhError` naming the action."""
    dealt = [0] * n
    folded: set[int] = set()
    turned = 0
    for action in actions:
        if action.verb == "dh" and action.player is not None:
            dealt[action.player] += len(action.cards)
        elif action.verb == "f" and action.player is not None:
            folded.add(action.player)
        elif action.verb == "db":
            turned += 1
            if len(action.cards) != 1:
                raise PhhError(f"{action.text!r}: each vela is one card, its own `d db` (R41.1)")
            if turned > vele:
                raise PhhError(
                    f"{action.text!r}: the file deals {turned} vele, more than its _vele"
                    f" {vele} (R41, R41.4)"
                )
            short = [q for q in range(n) if q not in folded and dealt[q] < fairness.TELESINA_CARDS]
            if short:
                raise PhhError(
                    f"{action.text!r}: a vela comes after the fifth cards (R41.1), and"
                    f" p{short[0] + 1} has {dealt[short[0]]}"
                )


@dataclass(frozen=True)
class Replay:
    """A PHH hand replayed through the engine."""

    config: HandConfig
    deck: tuple[Card, ...]
    state: HandState
    events: tuple[Event, ...]
    moves: tuple[Action, ...] = ()
    """The engine actions the replay applied, in order (the file's decisions, the run-twice
    answers and the shows the file leaves out): what a stored record of the hand keeps."""

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Final stacks in the file's player order (the engine's position order is PHH's)."""
        return self.state.stacks


def phh_config(phh: PhhHand) -> HandConfig:
    """The engine config of a PHH hand; :class:`PhhError` for what the engine cannot play.

    Seats come from the ``seats`` field when there is one (they must go clockwise, p1 after
    the button), otherwise p1..pN sit in seats 1..N with the button in seat N.
    """
    n = phh.player_count
    seats = _seats_of(phh)
    if phh.variant in STUD_VARIANTS:
        return _stud_config(phh, seats)
    if phh.variant in ITALIANA_VARIANTS or phh.variant in TELESINA_VARIANTS:
        return _italian_config(phh, seats)
    blinds = phh.blinds_or_straddles
    small_blind, big_blind = blinds[0], blinds[1]
    user = phh.user_defined
    dead_small_blind = "_dead_small_blind" in user  # R28.5: p1 posted the big blind alone
    if dead_small_blind:
        if n < 3 or any(blinds[1:]):
            raise PhhError(
                f"blinds_or_straddles {list(blinds)}: with a dead small blind p1 posts the big"
                " blind and nobody else posts (R28.5)"
            )
        small_blind, big_blind = _user_int(user, "_dead_small_blind", 0), blinds[0]
        blinds = (small_blind, big_blind, *blinds[2:])
    bomb_pot = _user_int(user, "_bomb_pot", 0)
    if bomb_pot:  # R21: written with no blinds and the bomb's ante from everyone
        if any(blinds) or set(phh.antes) != {bomb_pot}:
            raise PhhError(
                f"_bomb_pot {bomb_pot}: a bomb pot has no blinds and antes of {bomb_pot} from"
                " every player (R21)"
            )
        big_blind = phh.small_bet if phh.small_bet is not None else phh.min_bet or 0
        small_blind = big_blind // 2
        blinds = (small_blind, big_blind, *blinds[2:])
    if big_blind <= 0 or small_blind > big_blind:
        raise PhhError(
            f"blinds_or_straddles {list(blinds)}: we play a small blind no larger than a"
            " positive big blind, in that order (R2.3)"
        )
    straddle = n > 2 and blinds[2] != 0
    if straddle and blinds[2] != 2 * big_blind:
        raise PhhError(f"a straddle is twice the big blind (R3.3), not {blinds[2]}")
    if any(blinds[3:]):
        raise PhhError(
            f"blinds_or_straddles {list(blinds)}: only a UTG straddle is supported (R3.3)"
        )
    ante = big_blind_ante = 0
    antes = phh.antes
    if bomb_pot:
        pass
    elif any(antes):
        if len(set(antes)) == 1:
            ante = antes[0]
        elif antes[big := 0 if dead_small_blind else 1] and not any(
            a for i, a in enumerate(antes) if i != big
        ):
            big_blind_ante = antes[big]
        else:
            raise PhhError(f"antes {list(antes)}: we play a uniform ante or a big-blind ante (R3)")
    structure = Structure(VARIANT_STRUCTURES[phh.variant])
    if structure is Structure.FIXED_LIMIT:
        if phh.small_bet != big_blind or phh.big_bet != 2 * big_blind:
            raise PhhError(
                f"fixed-limit bets {phh.small_bet}/{phh.big_bet}: we play the big blind and"
                f" twice it, {big_blind}/{2 * big_blind} (R7.3)"
            )
    elif phh.min_bet != big_blind:
        raise PhhError(
            f"min_bet {phh.min_bet}: the minimum bet is the big blind {big_blind} (R7.1)"
        )
    posting = tuple(seats[_player_label(text, n)] for text in user.get("_live_big_blinds", ()))
    rake_cap = user.get("_rake_cap")
    try:
        return HandConfig(
            seats=tuple(seats),
            stacks=phh.starting_stacks,
            button=_user_int(user, "_dead_button", 0) or seats[-1],
            dead_button="_dead_button" in user,
            dead_small_blind=dead_small_blind,
            small_blind=small_blind,
            big_blind=big_blind,
            structure=structure,
            ante=ante,
            big_blind_ante=big_blind_ante,
            straddle=straddle,
            posting=posting,
            run_it_twice_allowed=user.get("_run_it_twice_allowed", False) is True,
            show_all_called=user.get("_show_all", False) is True,
            explicit_showdown=True,
            rake_bps=_user_int(user, "_rake_basis_points", 0),
            rake_cap=None if rake_cap is None else _user_int(user, "_rake_cap", 0),
            game=Game(VARIANT_GAMES[phh.variant]),
            bomb_pot=bomb_pot,
            seven_deuce=_user_int(user, "_seven_deuce", 0),
            seven_deuce_shown=user.get("_seven_deuce_face_down", False) is not True,
            double_board=user.get("_double_board", False) is True,
        )
    except (TypeError, ValueError) as error:
        raise PhhError(str(error)) from error


def _stud_config(phh: PhhHand, seats: list[int]) -> HandConfig:
    """R45.1: a stud hand's config: the bring-in as the small blind, the small bet as the
    big blind (the big bet twice it), a uniform ante, no blinds."""
    if any(phh.blinds_or_straddles):
        raise PhhError("a stud game has no blinds or straddles, only a bring-in (R45.4)")
    small_bet, bring_in = phh.small_bet or 0, phh.bring_in or 0
    if phh.big_bet != 2 * small_bet or not 0 < bring_in <= small_bet:
        raise PhhError(
            f"bring-in {bring_in}, bets {small_bet}/{phh.big_bet}: we play a bring-in of at most"
            " the small bet and a big bet of twice it (R45.1)"
        )
    if len(set(phh.antes)) != 1:
        raise PhhError(f"antes {list(phh.antes)}: a stud game has one ante for all (R45.1)")
    user = phh.user_defined
    rake_cap = user.get("_rake_cap")
    try:
        return HandConfig(
            seats=tuple(seats),
            stacks=phh.starting_stacks,
            button=seats[-1],
            small_blind=bring_in,
            big_blind=small_bet,
            structure=Structure.FIXED_LIMIT,
            ante=phh.antes[0],
            show_all_called=user.get("_show_all", False) is True,
            explicit_showdown=True,
            rake_bps=_user_int(user, "_rake_basis_points", 0),
            rake_cap=None if rake_cap is None else _user_int(user, "_rake_cap", 0),
            game=Game(VARIANT_GAMES[phh.variant]),
        )
    except (TypeError, ValueError) as error:
        raise PhhError(str(error)) from error


def _italian_config(phh: PhhHand, seats: list[int]) -> HandConfig:
    """R31-R40: poker all'italiana's or Telesina's config: no blinds; the invito every
    player's ante (R33.1, R40.2), in poker all'italiana the mazziere's on top of it in the
    last entry (R33.2); the cip, or Telesina's least bet, the ``min_bet`` (the fixed-limit
    small bet, R38, R40.5); the deck of the players (``_deck_size``, R31.2), the ranking's
    options and the raise cap (R32, R38.3) from the user-defined fields, and the game's
    own: poker all'italiana's pot carried in and options, Telesina's "parla per primo"
    (``_best_showing_first``, R40.4) and vele (``_vele``, R41: absent, none)."""
    n = phh.player_count
    game = Game(VARIANT_GAMES[phh.variant])
    telesina = game is Game.TELESINA
    if any(phh.blinds_or_straddles):
        rule = "R40.2" if telesina else "R31.5"
        raise PhhError(f"{rules(game).name} has no blinds or straddles, only the invito ({rule})")
    ante = phh.antes[0]
    if telesina and len(set(phh.antes)) != 1:
        raise PhhError(f"antes {list(phh.antes)}: everyone puts in the same invito (R40.2)")
    if len(set(phh.antes[:-1])) != 1 or phh.antes[-1] < ante:
        raise PhhError(
            f"antes {list(phh.antes)}: everyone puts in the invito and the mazziere (the last"
            " player) may add to it (R33.1, R33.2)"
        )
    fixed = phh.variant in FIXED_LIMIT_VARIANTS
    cip = (phh.small_bet if fixed else phh.min_bet) or 0
    if fixed and phh.big_bet != 2 * cip:
        raise PhhError(f"fixed-limit bets {phh.small_bet}/{phh.big_bet}: the cip and twice it")
    user = phh.user_defined
    morto = not telesina and _morto(phh, n)  # R31.4: the deck of four for three
    try:
        size = len(rules(game, n + morto).deck)
    except ValueError as error:
        raise PhhError(str(error)) from None
    if _user_int(user, "_deck_size", size) != size:
        raise PhhError(
            f"_deck_size {user['_deck_size']}: {n} players are dealt from {size} cards (R31.2)"
        )
    max_raises = user.get("_max_raises")
    rake_cap = user.get("_rake_cap")
    own: dict[str, Any]
    if telesina:  # R40.4, R41
        own = {"best_showing_first": _user_flag(user, "_best_showing_first", True)}
        own["vele"] = _vele(phh)
    else:
        max_draw = user.get("_max_draw")
        own = {
            "carried": _user_int(user, "_pot_carried_in", 0),
            "dealer_ante": phh.antes[-1] - ante,
            "opening_pair": str(user.get("_opening_pair", "J")),
            "opening_draw": str(user.get("_opening_draw", "open_ended")),
            "max_draw": None if max_draw is None else _user_int(user, "_max_draw", 0),
            "piatto_di_parola": user.get("_piatto_di_parola", True) is not False,
            "opener_first": user.get("_opener_first", True) is not False,
            # R36.2: files written before it dealt the four cards at once
            "fourth_card_last": user.get("_fourth_card_last", False) is True,
            "morto": morto,
            "buio": _user_int(user, "_buio", 0),  # R33.5 (absent: none)
        }
    try:
        return HandConfig(
            seats=tuple(seats),
            stacks=phh.starting_stacks,
            button=seats[-1],
            small_blind=0,
            big_blind=cip,
            structure=Structure(VARIANT_STRUCTURES[phh.variant]),
            ante=ante,
            explicit_showdown=True,
            rake_bps=_user_int(user, "_rake_basis_points", 0),
            rake_cap=None if rake_cap is None else _user_int(user, "_rake_cap", 0),
            game=game,
            full_over_flush_on_52=_user_flag(user, "_full_over_flush_on_52", True),
            minima_beats_massima=_user_flag(user, "_minima_beats_massima", True),
            flush_by_suit=_user_flag(user, "_flush_by_suit", False),
            max_raises=None if max_raises is None else _user_int(user, "_max_raises", 0),
            **own,
        )
    except (TypeError, ValueError) as error:
        raise PhhError(str(error)) from error


def _seats_of(phh: PhhHand) -> list[int]:
    n = phh.player_count
    seats = phh.optional.get("seats")
    if seats is None:
        return list(range(1, n + 1))
    if (
        not isinstance(seats, list)
        or len(seats) != n
        or not all(
            isinstance(seat, int) and not isinstance(seat, bool) and seat > 0 for seat in seats
        )
        or len(set(seats)) != n
    ):
        raise PhhError(f"seats {seats!r}: one distinct positive seat number per player")
    ascending = sorted(seats)
    start = ascending.index(seats[0])
    if ascending[start:] + ascending[:start] != seats:
        raise PhhError(f"seats {seats}: players must be listed clockwise from the button's left")
    return list(seats)


def _player_label(text: object, n: int) -> int:
    if not isinstance(text, str) or not text.startswith("p") or not text[1:].isdigit():
        raise PhhError(f"{text!r} is not a player label like 'p3'")
    index = int(text[1:]) - 1
    if not 0 <= index < n:
        raise PhhError(f"{text!r}: there are {n} players")
    return index


def _user_flag(user: Mapping[str, Any], key: str, default: bool) -> bool:
    value = user.get(key, default)
    if not isinstance(value, bool):
        raise PhhError(f"{key} must be true or false")
    return value


def _morto(phh: PhhHand, n: int) -> bool:
    """Poker all'italiana's morto (R31.4): the file's ``_morto``, true with three players
    only; absent, false."""
    morto = phh.user_defined.get("_morto", False)
    if type(morto) is not bool or (morto and n != MORTO_PLAYERS):
        raise PhhError(f"_morto {morto!r}: the morto is true or false, and three players' (R31.4)")
    return morto


def _vele(phh: PhhHand) -> int:
    """Telesina con la vela (R41): the file's ``_vele``, 1 or 2 (R41.4); absent, 0 (none)."""
    vele = _user_int(phh.user_defined, "_vele", 0)
    if vele > MOST_VELE:
        raise PhhError(f"_vele {vele}: Telesina deals no vela, one or two (R41, R41.4)")
    return vele


def _user_int(user: Mapping[str, Any], key: str, default: int) -> int:
    value = user.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PhhError(f"{key} must be a non-negative whole number")
    return value


def replay(phh: PhhHand) -> Replay:
    """Replay a PHH hand through the engine, checking every step against the file.

    The dealt cards must be the file's (a dealing-order mismatch is an error, not silently
    different cards); each player action must come from the player the engine says is to
    act; ``cc`` is a check or a call, ``cbr`` a bet or a raise to the amount; the showdown
    is driven by the file's ``sm`` actions (players the file leaves out show, as in
    PokerKit, if their cards are known). Raises :class:`PhhError` naming the action.
    """
    config = phh_config(phh)
    actions = parse_actions(phh)
    deck = deck_order(phh, actions)
    n = phh.player_count
    stud = rules(config.game).stud
    opening = rules(config.game).opening  # R34: poker all'italiana's first round
    vela = config.vele > 0  # R41: Telesina con la vela, its `d db`s the vele
    opened = False
    if stud:  # R45: a player's cards are known when the file gives every one dealt
        known = [None not in hole for hole in _stud_cards(actions, n)]
    else:
        known = _known_holes(actions, n, rules(config.game).hole_cards)
    file_dealt = [0] * n  # a stud game's cards the file has dealt each player so far
    answers = [
        _run_twice_answer(text, n) for text in phh.user_defined.get("_run_twice_answers", ())
    ]
    file_config = config
    if config.seven_deuce and not all(known):
        # R22: cards the file does not give are stand-ins (deck_order), which must not make
        # a 7-2 of their own: the bounty then comes from the file (_face_down_bounty)
        config = replace(config, seven_deuce=0)
    try:
        state, events = start_hand(config, deck=deck)
    except EngineError as error:
        raise PhhError(f"the engine refuses this hand: {error.message}") from error
    history: list[Event] = list(events)
    seats = state.seats
    hand = _Recording(state)  # the end state is all a replay needs (and the moves)
    file_board: list[Card | None] = []
    drawn: dict[int, list[tuple[Card, ...]]] = {}  # a draw's new cards, until the file's `d dh`
    for action in actions:
        text = action.text
        if hand.phase is Phase.RUN_TWICE:
            _answer_run_twice(hand, history, answers)
        if action.verb == "dh":
            assert action.player is not None
            dealt = (drawn.get(action.player) or [hand.holes[action.player]]).pop(0)
            if stud:  # R45.2: this street's cards follow those dealt before
                start = file_dealt[action.player]
                file_dealt[action.player] += len(action.cards)
                dealt = dealt[start : start + len(action.cards)]
                if len(dealt) < len(action.cards):
                    raise PhhError(f"{text!r}: the engine has not dealt p{action.player + 1} that")
            if any(card is not None and card != dealt[j] for j, card in enumerate(action.cards)):
                raise PhhError(f"{text!r}: the engine dealt {phh_cards(dealt)}")
            continue
        if action.verb == "sd":  # R42: the cards thrown, as the engine's bit mask
            assert action.player is not None
            if hand.phase is not Phase.DRAW or hand.to_act[0] != action.player:
                raise PhhError(f"{text!r}: p{action.player + 1} does not draw now")
            hole = hand.holes[action.player]
            if any(card not in hole for card in action.cards):
                raise PhhError(f"{text!r}: p{action.player + 1} holds {phh_cards(hole)}")
            mask = sum(1 << hole.index(card) for card in action.cards if card is not None)
            try:
                events = hand.apply(Action(ActionKind.DRAW, seats[action.player], mask))
            except EngineError as error:
                raise PhhError(f"{text!r}: {error.message}") from error
            history.extend(events)
            for e in events:  # R36.2: a fourth card is its own `d dh` after the others'
                if isinstance(e, CardsDrawn | FourthCardDealt):
                    new = e.drawn if isinstance(e, CardsDrawn) else (e.card,)
                    if new:  # (standing pat deals nothing: the file has no `d dh` for it)
                        drawn.setdefault(seats.index(e.seat), []).append(new)
            continue
        if action.verb == "db":
            file_board.extend(action.cards)
            if vela and len(hand.state.boards[0]) < len(file_board):  # (R41.1)
                raise PhhError(f"{text!r}: a vela is turned after the fifth cards' round (R41.1)")
            continue
        if config.bomb_pot and not file_board and action.verb == "cc":
            continue  # R21: the file's blindless preflop round, checked through (writer.py)
        if config.bomb_pot and not file_board and action.verb != "sm":
            raise PhhError(f"{text!r}: a bomb pot has no preflop betting (R21)")
        assert action.player is not None
        player = action.player
        seat = seats[player]
        phase = hand.phase
        if action.verb == "sm" and stud and hand.shown[player]:
            if action.cards and action.cards != hand.holes[player]:  # R45.7: shown again
                raise PhhError(f"{text!r}: p{player + 1} holds {phh_cards(hand.holes[player])}")
            continue
        if phase is Phase.FINISHED:
            raise PhhError(f"{text!r}: the hand is already over")
        if action.verb == "sm":
            if phase is not Phase.SHOWDOWN:
                raise PhhError(f"{text!r}: there is no showdown now ({phase})")
            # "sm ????": the hand is kept face down (it takes only pots nobody else contests)
            face_down = bool(action.cards) and all(card is None for card in action.cards)
            if action.show and not face_down and not known[player]:
                raise PhhError(f"{text!r}: p{player + 1}'s cards are not known")
            move = Action(
                ActionKind.SHOW if action.show and not face_down else ActionKind.MUCK, seat
            )
        else:
            if phase is not Phase.BETTING and phase is not Phase.BUIO:
                raise PhhError(f"{text!r}: the betting is over ({phase})")
            if hand.to_act[0] != player:
                raise PhhError(f"{text!r}: it is p{hand.to_act[0] + 1}'s turn")
            bets = hand.bets
            if action.verb == "pb":  # R45.4
                move = Action(ActionKind.BRING_IN, seat)
            elif action.verb == "f":
                move = Action(ActionKind.FOLD, seat)
            elif phase is Phase.BUIO:  # R33.5: the buio or controbuio (cbr), or look (cc)
                legal = legal_actions(hand.state)
                assert legal is not None
                blind = [k for k in legal.kinds if k in (ActionKind.BUIO, ActionKind.CONTROBUIO)]
                if action.verb == "cbr":
                    opened = True  # (the buio is the opening; facing a controbuio, refused)
                    move = Action(blind[0] if blind else ActionKind.RAISE, seat, action.amount)
                elif blind:
                    move = Action(ActionKind.LOOK, seat)
                else:  # the buio makes up the difference
                    move = Action(ActionKind.CALL, seat)
            elif opening and not opened:  # R34.1: "passo" (cc) or "apro" (cbr)
                kind = ActionKind.PASS if action.verb == "cc" else ActionKind.OPEN
                opened = kind is ActionKind.OPEN
                move = Action(kind, seat, action.amount)
            elif action.verb == "cc":
                facing = bets[player] < max(bets)
                move = Action(ActionKind.CALL if facing else ActionKind.CHECK, seat)
            else:
                kind = ActionKind.RAISE if max(bets) > 0 else ActionKind.BET
                move = Action(kind, seat, action.amount)
        try:
            history.extend(hand.apply(move))
        except EngineError as error:
            raise PhhError(f"{text!r}: {error.message}") from error
    _answer_run_twice(hand, history, answers)
    while hand.phase is Phase.SHOWDOWN:  # players the file leaves out show (as PokerKit)
        legal = legal_actions(hand.state)
        assert legal is not None
        player = seats.index(legal.waiting[0])
        if not known[player]:
            raise PhhError(
                f"the showdown needs p{player + 1}'s cards, which the file does not give"
            )
        history.extend(hand.apply(Action(ActionKind.SHOW, legal.waiting[0])))
    state = hand.state
    if not state.is_finished:
        raise PhhError(
            f"the actions end before the hand does ({state.phase}, {state.street.label})"
        )
    dealt_board = [
        card for event in history if isinstance(event, BoardDealt) for card in event.cards
    ]
    if any(
        card is not None and card != dealt
        for card, dealt in zip(file_board, dealt_board, strict=False)
    ):
        raise PhhError(f"the board is {phh_cards(dealt_board)}, not the file's")
    if len(file_board) > len(dealt_board):
        raise PhhError(f"the file deals {len(file_board)} board cards, the hand {len(dealt_board)}")
    if vela and len(file_board) != len(dealt_board):  # R41.1: a vela is public, always written
        raise PhhError(f"the file turns {len(file_board)} vele, the hand {len(dealt_board)}")
    if opening:
        _check_italiana_end(phh, state, history)
    if config is not file_config:
        state = _face_down_bounty(phh, replace(state, config=file_config), known)
    elif (
        "_seven_deuce_bounty" in phh.user_defined
        and list(state.bounty) != phh.user_defined["_seven_deuce_bounty"]
    ):
        raise PhhError(
            f"_seven_deuce_bounty {phh.user_defined['_seven_deuce_bounty']}: the hand's bounty"
            f" is {list(state.bounty)}"
        )
    return Replay(file_config, deck, state, tuple(history), tuple(hand.moves))


def _check_italiana_end(phh: PhhHand, state: HandState, history: Sequence[Event]) -> None:
    """R35.1, R37.3, R39.2: the pot carried and the opening shown are the file's."""
    user = phh.user_defined
    carried = next((e for e in history if isinstance(e, PotCarried)), None)
    said = (user.get("_pot_carried", 0), user.get("_pot_carried_reason"))
    found = (state.carried, carried.reason if carried else None)
    if said != found:
        raise PhhError(f"the file carries {said} to the next hand, the hand {found}")
    shown = next((e for e in history if isinstance(e, OpeningShown)), None)
    said_shown = (user.get("_opener"), user.get("_opening_shown"))
    if shown is None:
        found_shown: tuple[str | None, str | None] = (None, None)
    else:
        found_shown = (f"p{state.seats.index(shown.seat) + 1}", phh_cards(shown.cards))
    if said_shown != found_shown:
        raise PhhError(f"the file shows the opening {said_shown}, the hand {found_shown}")


class _Recording(HandInPlay):
    """A hand in play that keeps the actions applied to it."""

    __slots__ = ("moves",)

    def __init__(self, state: HandState) -> None:
        super().__init__(state)
        self.moves: list[Action] = []

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)
        self.moves.append(action)
        return events


def _face_down_bounty(phh: PhhHand, state: HandState, known: list[bool]) -> HandState:
    """R22 when the file does not give every player's cards (another viewer's export, a 7-2
    collected face down): the engine played the hand without the bounty, and the file's
    ``_seven_deuce_bounty`` (each player's net) is taken if it moves no chip from nowhere
    and its collectors are players whose cards the file does not give, or who hold 7-2."""
    declared = phh.user_defined.get("_seven_deuce_bounty")
    if declared is None:
        return state
    n = len(state.seats)
    if (
        not isinstance(declared, list)
        or len(declared) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in declared)
        or sum(declared) != 0
    ):
        raise PhhError("_seven_deuce_bounty is one whole number per player, summing to 0")
    collectors = [p for p in range(n) if declared[p] > 0]
    if any(known[p] and not is_seven_deuce(state.holes[p]) for p in collectors):
        raise PhhError(f"_seven_deuce_bounty {declared}: a collector does not hold 7-2 (R22)")
    stacks = [stack + net for stack, net in zip(state.stacks, declared, strict=True)]
    if min(stacks) < 0:
        raise PhhError(f"_seven_deuce_bounty {declared}: more than a player has")
    return replace(state, stacks=tuple(stacks), bounty=tuple(declared))


def _known_holes(actions: Sequence[PhhAction], n: int, count: int = 2) -> list[bool]:
    """Which players' ``count`` hole cards the file gives (dealt face up to us, or shown)."""
    cards: list[dict[int, Card]] = [{} for _ in range(n)]
    for action in actions:
        if action.player is None or action.verb not in ("dh", "sm"):
            continue
        for j, card in enumerate(action.cards):
            if card is not None:
                cards[action.player][j] = card
    return [len(hole) == count for hole in cards]


def _run_twice_answer(text: object, n: int) -> bool:
    if not isinstance(text, str) or len(text.split()) != 2 or text.split()[1] not in ("yes", "no"):
        raise PhhError(f"_run_twice_answers entries look like 'p2 yes', not {text!r}")
    _player_label(text.split()[0], n)
    return text.split()[1] == "yes"


def _answer_run_twice(hand: HandInPlay, history: list[Event], answers: list[bool]) -> None:
    """Answer the run-it-twice question (R12) from ``_run_twice_answers`` (no by default)."""
    while hand.phase is Phase.RUN_TWICE:
        legal = legal_actions(hand.state)
        assert legal is not None
        agree = answers.pop(0) if answers else False
        history.extend(hand.apply(Action(ActionKind.RUN_TWICE, legal.seat, int(agree))))
