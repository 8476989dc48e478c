"""Between the table's rows and the engine: build a hand's config, and read a hand's state
for the public projection (nothing secret leaves this module: a player's own hole cards and
their openings are found by :func:`tables.play.projection.own_cards_by_user`, through
:func:`hole_openings`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from django.conf import settings

from engine.actions import Action, ActionKind
from engine.betting import Structure as EngineStructure
from engine.cards import card_str
from engine.drawing import fourth_card_last
from engine.equity import equities as engine_equities
from engine.evaluation import name_words
from engine.fairness import (
    FULL,
    SCHEME,
    DeckPlan,
    board_positions,
    draw_positions,
    hole_positions,
    open_position,
    permutation,
    play_positions,
    stud_positions,
)
from engine.forced_bets import blind_seats
from engine.games import Game, rules
from engine.hand import apply
from engine.legal_actions import legal_actions, opening_limits
from engine.opening import in_opening
from engine.pots import pots as engine_pots
from engine.state import HandConfig, HandState, Phase, Street
from engine.table import HandPlan, buy_in_range, hand_config, mixed_game_code
from tables.play import table_log as handlog
from tables.play.models import Table

STREETS = ("preflop", "flop", "turn", "river")
DRAW_STREETS = ("predraw", "draw")
TRIPLE_DRAW_STREETS = ("predraw", "first_draw", "second_draw", "third_draw")
"""A draw game's betting rounds, each named after the draw before it (R42): the engine's
names of the draws (``engine.drawing.draw_label``)."""


TAIL_MOST = 12
"""The most betting actions kept in ``Table.hand_tail`` before the state is written again:
it bounds what each read replays (an action applies in about 20 µs)."""


def current_state(table: Table) -> HandState | None:
    """The hand on the table now: its last snapshot (``Table.hand_state``) with the betting
    actions since (``Table.hand_tail``) applied, or ``None`` between hands before the first.
    The one way the state of a live hand is read."""
    if table.hand_state is None:
        return None
    return _tail_applied(table)[0]


def current_log(table: Table, names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The hand's log now: ``Table.hand_log`` as of the last snapshot, with the lines of the
    tail's decisions after it, made again from the events the engine gives when the tail
    is applied (a decision on the tail does not rewrite the log: issue #44). ``names``:
    seat -> the player's name (as :func:`tables.play.actions.hand._log` names them); a
    tail entry's fourth item is why the clock decided (``"timed_out"``, R14), its line
    before the decision's. The one way the log of a live hand is read."""
    log = table.hand_log or []
    if not table.hand_tail or table.hand_state is None:
        return log
    _state, events = _tail_applied(table)
    lines: list[dict[str, Any]] = []
    for (_kind, seat, _amount, *why), (boards, happened) in zip(
        table.hand_tail, events, strict=True
    ):
        if why:
            lines.append({"seat": seat, "say": why[0], "args": {"who": names.get(seat)}})
        lines += handlog.lines(happened, names, boards=boards)
    return handlog.extend(log, lines)


def _tail_applied(table: Table) -> tuple[HandState, list[tuple[int, list[Any]]]]:
    """The snapshot with the tail applied, and each tail entry's events (with the boards
    the state had after it). Kept on the table instance, for the snapshot object and the
    tail it was made from: a decision reads the state, then the log with its own entry added
    to the tail, and only that entry is applied again (the engine's states are immutable)."""
    snapshot, tail = table.hand_state, table.hand_tail
    assert snapshot is not None  # (a hand's: the callers read no tail between hands)
    memo = table.__dict__.get("_tail_applied")
    if memo is not None and memo[0] is snapshot and tail[: len(memo[1])] == memo[1]:
        _snapshot, done, state, events = memo
        events = list(events)
    else:
        done, state, events = [], HandState.from_json(snapshot), []
    for kind, seat, amount, *_why in tail[len(done) :]:
        state, happened = apply(state, Action(ActionKind(kind), seat, amount))
        events.append((len(state.boards), happened))
    table.__dict__["_tail_applied"] = (snapshot, [list(e) for e in tail], state, events)
    return state, events


def keeps_tail(table: Table, before: HandState, after: HandState) -> bool:
    """Whether the action that took ``before`` to ``after`` may go on the tail rather than
    into a new snapshot: it stayed within one betting round (no card was dealt, drawn or
    shown, so every card the snapshot holds is still the hand's: own cards are read from
    it, :func:`tables.play.projection.own_cards_by_user`; nor did a player who had not
    looked at their cards look, R33.5: who may see their own is read from it too), and the
    tail has room."""
    return (
        before.phase is Phase.BETTING
        and after.phase is Phase.BETTING
        and after.street == before.street
        and after.unseen == before.unseen
        and len(table.hand_tail) < TAIL_MOST
    )


def street_names(game: str) -> tuple[str, ...]:
    """A game's betting rounds' names: the board's streets, a draw game's (R42) or a stud
    game's (R45.2: "third_street" to "seventh_street"; Telesina's, R40.3: "second_card" to
    "fifth_card"; the engine's names)."""
    game_rules = rules(game)
    if game_rules.stud:
        return game_rules.street_names
    draws = game_rules.draws
    return STREETS if not draws else DRAW_STREETS if draws == 1 else TRIPLE_DRAW_STREETS


def street_name(state: HandState) -> str:
    """The name of the hand's current betting round (during a draw, of the round after it;
    Telesina's vele, R41: "vela", "second_vela", the hand's own)."""
    if state.street > Street.RIVER:
        return state.config.hand_rules().street_names[int(state.street)]
    return street_names(state.config.game)[int(state.street)]


def table_config(
    table: Table, plan: HandPlan, straddle: bool = False, bomb_pot: bool = False
) -> HandConfig:
    """The engine's config of a planned hand with the table's settings
    (:func:`engine.table.hand_config`); ``bomb_pot``: this hand is one (R21)."""
    small_blind, big_blind = table.blinds  # the current game's (R20)
    if table.game == Game.TELESINA:
        return _telesina_config(table, plan)
    if rules(table.game).stud:  # R45.1: antes and a bring-in, no blinds, no board
        plan = replace(plan, posting=(), dead_button=False, dead_small_blind=False)
        return hand_config(
            plan,
            small_blind=small_blind,
            big_blind=big_blind,
            structure=EngineStructure(table.structure),  # fixed-limit (the form's check)
            game=Game(table.game),
            ante=0 if table.ante_by_big_blind else table.ante,
            show_all_called=table.show_all_called,
            rake_bps=table.rake_bps,
            rake_cap=table.rake_cap or None,
        )
    if rules(table.game).opening:
        return _italiana_config(table, plan)
    return hand_config(
        plan,
        small_blind=small_blind,
        big_blind=big_blind,
        structure=EngineStructure(table.structure),
        game=Game(table.game),
        ante=0 if table.ante_by_big_blind else table.ante,
        big_blind_ante=table.ante if table.ante_by_big_blind else 0,
        straddle=straddle,
        run_it_twice_allowed=table.run_it_twice_allowed,
        show_all_called=table.show_all_called,
        rake_bps=table.rake_bps,
        rake_cap=table.rake_cap or None,
        # a live table deals an all-in board street by street (0 ms: all at once)
        paced_runout=settings.RUNOUT_STEP_MS > 0,
        bomb_pot=table.bomb_pot_ante if bomb_pot else 0,
        # R23: two boards on every hand, or in bomb pots only
        double_board=table.double_board == "always"
        or (table.double_board == "bomb_pots" and bomb_pot),
        seven_deuce=table.seven_deuce_bounty,  # R22 (a mixed table's Hold'em hands only)
        seven_deuce_shown=table.seven_deuce_shown,
    )


def opening_pair(carried: dict[str, Any], rising: bool) -> str:
    """The least pair that opens the next hand of poker all'italiana, by the pot it carries
    (``Table.carried_pot``): jacks (R34.2); after hands nobody opened, queens after one and
    kings after two or more in a row when the table's openings rise (R35.2); kings after a
    piatto di parola (R37.3).

    >>> opening_pair({}, True), opening_pair({"streak": 1, "reason": "nobody_opened"}, True)
    ('J', 'Q')
    >>> opening_pair({"streak": 2, "reason": "nobody_opened"}, True)
    'K'
    >>> opening_pair({"streak": 1, "reason": "nobody_opened"}, False)
    'J'
    >>> opening_pair({"streak": 1, "reason": "parola"}, False)
    'K'
    """
    if not carried:
        return "J"
    if carried.get("reason") == "parola":
        return "K"
    if not rising:
        return "J"
    return "Q" if carried.get("streak", 1) == 1 else "K"


def _italiana_config(table: Table, plan: HandPlan) -> HandConfig:
    """Poker all'italiana's hand (R31-R39): the table's small blind is the invito, every
    player's ante (R33.1), its big blind the cip, the least opening bet (R34.4); no blinds,
    no straddle, no board. A pot carried from the hand before comes in as dead money
    (R35.3), with the opening it needs (:func:`opening_pair`), and the invito again from
    everyone, the dealer only or nobody (R35.1, ``Table.repeat_invito``)."""
    invito, cip = table.blinds
    carried = table.carried_pot
    ante, dealer_ante = invito, table.dealer_ante
    if carried and table.repeat_invito == "dealer":
        ante, dealer_ante = 0, invito + table.dealer_ante
    elif carried and table.repeat_invito == "nobody":
        ante, dealer_ante = 0, 0
    return replace(
        _invito_config(table, plan, ante, cip),
        carried=int(carried.get("amount", 0)),
        dealer_ante=dealer_ante,
        opening_pair=opening_pair(carried, table.rising_openings),
        opening_draw=table.opening_draw,
        max_draw=table.max_draw,
        piatto_di_parola=table.piatto_di_parola,
        opener_first=table.opener_first,
        fourth_card_last=table.fourth_card_last,
        morto=table.morto,  # (R31.4: with three players only, HandConfig.places)
        # R33.5: the table's buio, never in the hand after a piatto di parola (R37.3)
        buio=0 if carried.get("reason") == "parola" else table.buio,
    )


def _telesina_config(table: Table, plan: HandPlan) -> HandConfig:
    """Telesina's hand (R40): as poker all'italiana's stakes, the table's small blind is the
    invito, everyone's ante (R40.2), and its big blind the least bet; no blinds, no
    bring-in; "parla per primo" (R40.4) and the vele (R41) are the table's."""
    invito, least_bet = table.blinds
    return replace(
        _invito_config(table, plan, invito, least_bet),
        best_showing_first=table.best_showing_first,
        vele=table.vele,
    )


def _invito_config(table: Table, plan: HandPlan, ante: int, least_bet: int) -> HandConfig:
    """The config poker all'italiana and Telesina share (R31.5, R40.2): ``ante`` from every
    player dealt in, ``least_bet`` the big blind, no blinds, nobody posting to come in; the
    Italian ranking's options (R32.2, R32.4, R32.6) and the raise cap (R38.3) the table's."""
    plan = replace(plan, posting=(), dead_button=False, dead_small_blind=False)
    config = hand_config(
        plan,
        small_blind=0,
        big_blind=least_bet,
        structure=EngineStructure(table.structure),
        game=Game(table.game),
        ante=ante,
        show_all_called=table.show_all_called,
        rake_bps=table.rake_bps,
        rake_cap=table.rake_cap or None,
    )
    return replace(
        config,
        full_over_flush_on_52=table.full_over_flush_on_52,
        minima_beats_massima=table.minima_beats_massima,
        flush_by_suit=table.flush_by_suit,
        max_raises=table.max_raises or None,  # R38.3 (0: no cap)
    )


def next_mixed_game(table: Table) -> str | None:
    """The game that follows the current one on a mixed-game table (R20), or ``None``."""
    codes = table.mixed_games
    current = mixed_game_code(table.game, table.structure)
    if len(codes) < 2 or current not in codes:
        return None
    return str(codes[(codes.index(current) + 1) % len(codes)])


def top_up_range(table: Table, stack: int, pending: int) -> tuple[int, int] | None:
    """The chips a player may add now, ``(least, most)``, or ``None``: R16.1's rule
    (:func:`engine.table.buy_in_range`) on what they have now, ``stack`` (their chips behind
    in the hand, if they are in one) plus a top-up already waiting. The server takes exactly
    this range and the state shows it to the client (a seat's ``top_up``)."""
    return buy_in_range(stack + pending, table.min_buy_in, table.max_buy_in)


def cards(values: Any) -> list[str]:
    return [card_str(c) for c in values]


PREFLOP_EQUITY_SAMPLES = 5_000
"""Boards sampled for a preflop all-in's equities (about 20 ms; the exact enumeration takes
0.5 s heads-up, too long to hold the table's lock). From the flop on they are exact."""


@lru_cache(maxsize=256)
def _equities(state: HandState) -> dict[int, float] | None:
    """The engine's all-in equities; cached because every projection of the same all-in
    spot (one per change while it waits, e.g. for run-it-twice answers) asks again."""
    return engine_equities(state, preflop_samples=PREFLOP_EQUITY_SAMPLES)


def hand_view(
    table: Table, state: HandState | None = None, log: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The public view of the table's current (or just finished) hand (:func:`hand_picture`
    with the table's hand number and ``log``, the hand's log now: :func:`current_log`)."""
    if state is None:
        state = current_state(table)
        assert state is not None  # callers show a hand only if there is one
    view = hand_picture(state, number=table.hand_count, log=log or [])
    view["deck"] = deck_view(table, state)  # the live hand's proof (R15)
    return view


def hand_picture(state: HandState, *, number: int, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The public picture of one hand state: seats, bets, pots, boards, equities, whose turn
    and what they may do. The one way a hand is drawn: live (:func:`hand_view`) and, step by
    step, in the replayer (:func:`tables.hands.timeline.steps`). ``log``: the hand's log
    lines so far (:mod:`tables.play.table_log`), for each seat's last action in the round.

    Hole cards appear only where shown (R11) — all-in players' hands are turned up when no
    more betting is possible (R11.1). The deck, the undealt board and the deck's secret never
    appear (:func:`hand_view` adds the live hand's deck v2 proof, R15).
    """
    config = state.config
    game = config.hand_rules()  # (R31.2, R32: the deck and ranking by the players)
    n = len(state.seats)
    finished = state.is_finished
    # R21, R45, R31.5: a bomb pot, a stud game or poker all'italiana has no blinds
    small, big = (
        (None, None) if config.bomb_pot or game.stud or game.opening else blind_seats(state)
    )
    live = [i for i in range(n) if not state.folded[i]]
    showing = [i for i in live if state.shown[i]]

    equities = (
        {seat: round(share, 4) for seat, share in (_equities(state) or {}).items()}
        if state.all_in and not finished and len(showing) == len(live) >= 2
        else {}
    )

    names = _shown_names(state)
    last = handlog.last_actions(log)
    seat_views: dict[int, dict[str, Any]] = {}
    for i, seat in enumerate(state.seats):
        shown = bool(state.shown[i])
        public = state.public_holes(i)
        # shown at showdown (R11), some of them after the hand (R11.5), a stud game's up cards
        if any(card is not None for card in public):
            face = [card_str(c) if c is not None else "??" for c in public]
        else:  # face down in front of the player, or gone to the muck
            face = ["??"] * len(public) if not state.folded[i] and not state.mucked[i] else []
        seat_views[seat] = {
            "in_hand": True,
            "stack": state.stacks[i],
            "bet": state.bets[i],
            "folded": bool(state.folded[i]),
            "all_in": state.stacks[i] == 0 and not state.folded[i],
            "cards": face,
            "shown": shown,
            "shown_after": bool(state.shown_after[i]),
            "mucked": bool(state.mucked[i]),
            # its name once shown with a full board (R11.4), as words (tables/play/phrases.py)
            "hand_words": [list(part) for part in name_words(names[i])] if i in names else None,
            "won": state.won[i],
            "bounty": state.bounty[i],  # R22: this hand's 7-2 bounty, collected or paid
            "small_blind": seat == small,
            "big_blind": seat == big,
            "button": seat == config.button,
            "equity": equities.get(seat),
            "last_action": last.get(seat),
        }
        if state.drawn:  # R42.3: how many cards the player changed in each draw, for all
            seat_views[seat]["drawn"] = list(state.drawn[i])
    legal = legal_actions(state)
    pending: dict[str, Any] | None = None
    legal_view: dict[str, Any] | None = None
    if legal is not None:
        if state.phase is Phase.RUN_TWICE:
            pending = {"kind": "run_twice", "seats": [state.seats[p] for p in state.to_act]}
        elif state.phase is Phase.DRAW:  # R42.2: throw any of the hole cards (R36.1: four)
            legal_view = {
                "seat": legal.seat,
                "draw": len(state.holes[state.to_act[0]]),
                "max_draw": legal.max_draw,
            }
        elif state.phase is Phase.SHOWDOWN:
            pending = {
                "kind": "show_or_muck",
                "seat": legal.seat,
                "may_muck": "muck" in legal.kinds,
            }
        elif state.phase is Phase.BUIO and ActionKind.LOOK in legal.kinds:
            # R33.5: the buio (or the controbuio) for its amount, or look at one's cards
            blind = ActionKind.BUIO if ActionKind.BUIO in legal.kinds else ActionKind.CONTROBUIO
            legal_view = {
                "seat": legal.seat,
                "blind": str(blind),
                "to": legal.min_to,
                "stack": legal.stack,
                "bet": legal.bet,
            }
        elif in_opening(state):
            # R34.1: "apro" or "passo". Whether this player's cards allow the opening is
            # theirs alone (projection.own_cards_by_user): the public view gives the
            # opening's limits to every player on turn, whatever their cards (R34.3, R34.4)
            index = state.seats.index(legal.seat)
            least, most = opening_limits(state, index)
            stack, bet = state.stacks[index], state.bets[index]
            legal_view = {
                "seat": legal.seat,
                "opening": True,
                "min_to": least,
                "max_to": most,
                "all_in_to": stack + bet if stack + bet <= most else None,
                "stack": stack,
                "bet": bet,
            }
        else:
            kinds = {str(k) for k in legal.kinds}
            legal_view = {
                "seat": legal.seat,
                "fold": "fold" in kinds,
                "check": "check" in kinds,
                "call": legal.call_amount if "call" in kinds else None,
                "bet_or_raise": "bet"
                if "bet" in kinds
                else ("raise" if "raise" in kinds else None),
                "min_to": legal.min_to,
                "max_to": legal.max_to,
                "all_in_to": legal.all_in_to,
                "stack": legal.stack,
                "bet": legal.bet,
            }
            if legal.bring_in is not None:  # R45.4: bring in, or complete to min_to
                legal_view["bring_in"] = legal.bring_in
    return {
        "number": number,
        "street": "finished"
        if finished
        else (
            "showdown" if state.phase is Phase.SHOWDOWN else street_name(state)
        ),  # during a runout ("phase": "runout"): the street last dealt
        "phase": str(state.phase),
        "boards": [cards(b) for b in state.boards],
        "pots": _pots(state),
        "pot_total": state.pot_total if not finished else 0,
        # preflop equities are estimated (PREFLOP_EQUITY_SAMPLES), later ones exact
        "equity_exact": bool(equities) and bool(next(b for b in state.boards if len(b) < 5)),
        "to_act": None if finished else state.seat_to_act,
        "legal": legal_view,
        "pending": pending,
        "finished": finished,
        "bomb_pot": config.bomb_pot,  # R21: this hand's bomb ante, 0 for an ordinary hand
        "double_board": config.double_board,  # R23: "boards" are two boards, not two runs
        "draws": game.draws,  # R42: a draw game's number of draws, else 0
        "stud": game.stud,  # R45: seats show up cards, the streets are third to seventh
        # poker all'italiana (R34, R35): the pair that opens, the pot carried in, the opener
        "italiana": {
            "pair": config.opening_pair,
            "opening_draw": config.opening_draw,
            "carried": config.carried,
            "opener": state.seats[state.opener] if state.opener is not None else None,
            # R33.5: this hand's buio (0: none), who bet blind (the buio's, the
            # controbuio's) and who has not looked at their cards yet
            "buio": config.buio,
            "blind": [state.seats[p] for p in state.blind],
            "unseen": [state.seats[p] for p in state.unseen],
        }
        if game.opening
        else None,
        "rake": state.rake,
        "winners": [state.seats[i] for i in range(n) if state.won[i] > 0] if finished else [],
        "seat_views": seat_views,
    }


PUBLIC_DECK_KEYS = (
    "table",
    "hand",
    "root",
    "committed_version",
    "dealt_version",
    "nonces",
    "seats",
    "hole_cards",
    "double_board",
    "deck_size",
    "draw_burns",
    "morto",
)
"""What every member may see of ``Table.deck`` (everything but its secret); ``hole_cards``
only in an Omaha hand's (R17), ``double_board`` only in a double-board hand's (R23),
``deck_size`` only in a short deck's (R30.4) or poker all'italiana's (R31.2), ``draw_burns``
(false) only in poker all'italiana's (R31)."""


def deck_order(deck: dict[str, Any]) -> tuple[DeckPlan, tuple[int, ...]]:
    """The plan (SECRET) and the public dealing order of a deck record with its secret
    (``Table.deck``, or a hand's proof with ``Hand.deck_secret`` as ``"secret"``)."""
    plan = DeckPlan(
        deck["table"],
        deck["hand"],
        bytes.fromhex(deck["secret"]),
        deck.get("deck_size", FULL),
        deck.get("draw_burns", True),
    )
    return plan, permutation(plan.root, [bytes.fromhex(e["nonce"]) for e in deck["nonces"]])


def open_cards(
    deck: dict[str, Any],
    players: int,
    boards: Any,
    indexes: Any = (),
    cards: Any = (),
    drawn: Any = (),
    stud: Any = (),
    fourth_last: bool = False,
) -> list[dict[str, Any]]:
    """The openings of the board cards, of the hole cards of the players at ``indexes``
    (position order) and of single hole cards ``cards`` ((index, k): the k-th card of the
    player at index) — give them only to whoever may see those cards (R15.3). In a draw
    game (``drawn``: the public counts, ``HandState.drawn``) a player's cards are those
    they were dealt and those they drew, wherever the proof covers them (R42.6); in a stud
    game (``stud``: how many cards each player was dealt, public) each street's card lies
    where :func:`engine.fairness.stud_positions` places it (R45.9); ``fourth_last``: poker
    all'italiana's fourth cards after the others' (R36.2)."""
    plan, order = deck_order(deck)
    holes = deck.get("hole_cards", 2)
    double = deck.get("double_board", False)
    if deck.get("morto") is True:  # R31.4: a fourth hand, after the button, never opened
        players += 1
        drawn = [*drawn, ()] if drawn else drawn
    if stud:  # (Telesina's first round is two cards, and it burns none: R40.3)
        places, middle = stud_positions(
            players, stud, len(boards[0]) if boards else 0, holes, deck.get("draw_burns", True)
        )
        positions = set(middle)
    else:
        places = [list(hole_positions(players, i, holes)) for i in range(players)]
        # a second board (R12) shares the cards dealt before the run twice: open each once
        positions = {p for b in board_positions(players, boards, holes, double) for p in b}
    deck_size = deck.get("deck_size", FULL)
    in_draws = (
        draw_positions(players, drawn, holes, deck_size, deck.get("draw_burns", True), fourth_last)
        if drawn
        else None
    )
    for index in indexes:
        positions.update(places[index])
        if in_draws:
            positions.update(p for p in in_draws[index] if p is not None)
    for index, k in cards:
        positions.add(places[index][k])
    if deck_size != FULL:  # R30.4: the hand's k-th card lies at the k-th position it deals from
        play = play_positions(order, deck_size)
        positions = {play[p] for p in positions}
    return [open_position(plan, order, k).to_json() for k in sorted(positions)]


def public_hole_cards(state: HandState) -> list[tuple[int, int]]:
    """(index, k) of every hole card everyone may see (``HandState.public_holes``). None in
    a draw game: a hand shown there is not the one dealt, and opening where its cards lie
    would tell which were drawn (R42.6)."""
    if state.drawn:
        return []
    return [
        (i, k)
        for i in range(len(state.seats))
        for k, card in enumerate(state.public_holes(i))
        if card is not None
    ]


def stud_counts(state: HandState) -> list[int]:
    """How many cards each player (position order) was dealt in a stud hand, public (every
    card is dealt in front of everyone, R45.2); empty in the other games."""
    return [len(hole) for hole in state.holes] if rules(state.config.game).stud else []


def deck_view(table: Table, state: HandState) -> dict[str, Any] | None:
    """The hand's public deck proof (R15) with the openings of the cards everyone may see:
    the board(s) and the shown hands (R15.3), and the 52 commitments once the hand is over
    (before, the root commits to them). Derived from the stored state: no query."""
    deck = table.deck
    if not deck or deck["hand"] != table.hand_count:
        return None
    view: dict[str, Any] = {"scheme": SCHEME, **{k: deck[k] for k in PUBLIC_DECK_KEYS if k in deck}}
    if state.drawn:  # the draws' public counts place the cards drawn (R42.6)
        view["drawn"] = [list(counts) for counts in state.drawn]
        if fourth_card_last(state.config):  # R36.2: the fourth cards after the others'
            view["fourth_card_last"] = True
    counts = stud_counts(state)
    if counts:  # the cards each stud player was dealt place every street's card (R45.9)
        view["stud"] = counts
    view["openings"] = open_cards(
        deck, len(state.seats), state.boards, cards=public_hole_cards(state), stud=counts
    )
    if state.is_finished:
        view["commitments"] = [c.hex() for c in deck_order(deck)[0].commitments]
    return view


def next_deck_view(table: Table) -> dict[str, Any] | None:
    """The next hand's commitment, published before any nonce for it is taken (R15.1)."""
    planned = table.next_deck
    if not planned:
        return None
    return {
        k: planned[k] for k in ("hand", "root", "committed_version", "deck_size") if k in planned
    }


def dealt_so_far(drawn: Any, holes: Any) -> list[list[int]]:
    """The draws' counts of the cards each player has been dealt so far: in poker
    all'italiana's draw a player holding four waits for their fourth card (R36.2), whose
    place is not theirs yet."""
    return [
        [*counts[:-1], counts[-1] - 1] if counts and len(hole) == 4 else list(counts)
        for counts, hole in zip(drawn, holes, strict=True)
    ]


def hole_openings(
    deck: dict[str, Any] | None,
    hand_number: int,
    players: int,
    index: int,
    drawn: Any = (),
    stud: Any = (),
    fourth_last: bool = False,
) -> list[dict[str, Any]]:
    """The openings of the hole cards of the player at ``index`` (and, in a draw game, of
    the cards they drew: ``drawn``, R42.6; in a stud game, each street's: ``stud``, the
    cards each player was dealt, R45.9): for that player only."""
    if not deck or deck["hand"] != hand_number:
        return []
    return open_cards(deck, players, (), (index,), drawn=drawn, stud=stud, fourth_last=fourth_last)


def _shown_names(state: HandState) -> dict[int, str]:
    game = state.config.hand_rules()  # (R32: the hand's ranking options)
    names: dict[int, str] = {}
    for i in range(len(state.seats)):
        if state.shown[i]:
            board = state.boards[0]
            if len(board) == game.board_cards:  # (a draw game's hand stands alone: R43, R44)
                names[i] = game.hand_name(state.holes[i], board)
    return names


def _pots(state: HandState) -> list[dict[str, Any]]:
    """Main and side pots by contribution level (R8.1), with their eligible seats."""
    if state.is_finished:
        return []
    return [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in engine_pots(state)]
