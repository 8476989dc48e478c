"""A whole hand as the table deals it, its verifier's record, and the ways a dishonest
server could tamper with it: shared by the engine's fairness specification and the browser
verifier's test (test modules import this, never one another)."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import card_str
from engine.events import CardsDrawn, FourthCardDealt
from engine.fairness import (
    DeckPlan,
    board_positions,
    dealt_deck,
    draw_positions,
    hole_positions,
    nonce_bytes,
    open_position,
    permutation,
    play_positions,
    proof_json,
    stud_positions,
)
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig, HandState

# The test vector of engine/fairness.py's docstring; tests/tables/test_fairness_js.py checks
# the browser's verifier against the same numbers.
VECTOR = {
    "table": 7,
    "hand": 42,
    "secret": bytes(range(32)),
    "nonces": [bytes(32)],
    "root": "2abd6f874a45d9194f603618cc3b8f23988b98e7c124f7242a1a226bb87d3c47",
    "commitment_0": "a56cd1e902244c7c1fd46292f7d4030b8301da21506682a31987edfc6ab3aff4",
    "salt_0": "f2e2532a1fd4a4e7740720c4b733067e35ef2aff034fbec8ace81a27f9ba7f30",
    "committed_first_six": "5c 3c 6s 6c 7c 9c",
    "order_first_six": (5, 27, 24, 36, 2, 33),
    "dealt_first_six": "9c Qs 5h Kh 6s 4s",
    "filler_seat_3": "731508a617da5c93bf4c710826c2da64b90a49980dbc3a305233279402a2be6c",
}


def dealt_hand(
    n: int,
    secret: bytes,
    nonces: list[bytes],
    double_board: bool = False,
    game: Game = Game.HOLDEM,
) -> tuple[DeckPlan, HandState]:
    config = HandConfig(
        seats=tuple(range(1, n + 1)),
        stacks=tuple([100] * n),
        button=n,
        small_blind=1,
        big_blind=2,
        run_it_twice_allowed=True,
        double_board=double_board,
        game=game,
    )
    plan = DeckPlan(3, 17, secret, len(rules(game).deck))
    state, _ = start_hand(config, deck=dealt_deck(plan, nonces))
    return plan, state


def _step(state: HandState, kind: str, agree: bool) -> HandState:
    legal = legal_actions(state)
    amount = {"all_in": legal.all_in_to, "run_twice": int(agree)}.get(kind)
    return apply(state, Action(ActionKind(kind), legal.seat, amount))[0]


def _passive(state: HandState) -> str:
    kinds = {str(k) for k in legal_actions(state).kinds}
    return next(k for k in ("run_twice", "check", "call", "show") if k in kinds)


def play(state: HandState, mode: str, agree: bool = True) -> HandState:
    """Play the hand out: ``check_down``, ``all_in_preflop``, ``all_in_flop`` (everyone
    calls), or ``fold_preflop`` (everyone folds to the big blind); then check down, run
    twice if ``agree``."""
    if mode == "fold_preflop":
        while legal_actions(state) is not None and "fold" in {
            str(k) for k in legal_actions(state).kinds
        }:
            state = _step(state, "fold", agree)
    if mode == "all_in_flop":
        while not state.boards[0]:
            state = _step(state, _passive(state), agree)
    if mode in ("all_in_preflop", "all_in_flop"):
        state = _step(state, "all_in", agree)
    while legal_actions(state) is not None:
        state = _step(state, _passive(state), agree)
    return state


def record_of(plan: DeckPlan, state: HandState, nonces: list[bytes], viewer: int) -> dict[str, Any]:
    """What a viewer (position ``viewer``) verifies: the proof, the board and shown hands'
    openings, their own hole cards' openings."""
    entries = [
        {"seat": i + 1, "user_id": i + 1, "nonce": nonce.hex(), "by": "player", "version": 11}
        for i, nonce in enumerate(nonces)
    ]
    double = state.config.double_board
    deck_size = len(rules(state.config.game).deck)
    proof = proof_json(
        plan,
        entries,
        state.seats,
        committed_version=10,
        dealt_version=12,
        double_board=double,
        deck_size=deck_size,
    )
    order = permutation(plan.root, nonce_bytes(proof))
    n = len(state.seats)
    positions = [p for board in board_positions(n, state.boards, 2, double) for p in board]
    holes = {str(state.seats[viewer]): [card_str(c) for c in state.holes[viewer]]}
    for i in range(n):
        if state.shown[i]:
            holes[str(state.seats[i])] = [card_str(c) for c in state.holes[i]]
    for seat in holes:
        positions += hole_positions(n, state.seats.index(int(seat)))
    if deck_size != 52:  # R30.4: each card at its place among the positions the deck deals
        play = play_positions(order, deck_size)
        positions = [play[p] for p in positions]
    return {
        **proof,
        "openings": [open_position(plan, order, k).to_json() for k in sorted(set(positions))],
        "boards": [[card_str(c) for c in board] for board in state.boards],
        "holes": holes,
    }


def draw_record(n: int, throws: int, viewer: int = 0) -> tuple[dict[str, Any], list[bytes], int]:
    """A 2-7 triple draw hand (R42) where everyone calls down and throws its first
    ``throws`` cards in every draw, as player ``viewer`` verifies it (R42.6): the proof,
    the draws' counts, every card the viewer was dealt and the openings of their places.
    Also returns how many of the viewer's cards came from a new stub."""
    nonces = [hashlib.sha256(b"d%d" % i).digest() for i in range(n)]
    plan, state = dealt_hand(
        n, hashlib.sha256(b"draw").digest(), nonces, game=Game.DEUCE_SEVEN_TRIPLE
    )
    dealt = list(state.holes[viewer])
    while (legal := legal_actions(state)) is not None:
        kinds = {str(k) for k in legal.kinds}
        if "draw" in kinds:
            action = Action(ActionKind.DRAW, legal.seat, (1 << throws) - 1)
        else:
            action = Action(
                ActionKind(next(k for k in ("check", "call", "show") if k in kinds)), legal.seat
            )
        state, events = apply(state, action)
        for e in events:
            if isinstance(e, CardsDrawn) and e.seat == state.seats[viewer]:
                dealt += e.drawn
    entries = [
        {"seat": i + 1, "user_id": i + 1, "nonce": nonce.hex(), "by": "player", "version": 11}
        for i, nonce in enumerate(nonces)
    ]
    proof = proof_json(plan, entries, state.seats, 10, 12, hole_cards=5)
    order = permutation(plan.root, nonce_bytes(proof))
    places = [*hole_positions(n, viewer, 5), *draw_positions(n, state.drawn)[viewer]]
    seat = str(state.seats[viewer])
    record = {
        **proof,
        "openings": [open_position(plan, order, k).to_json() for k in places if k is not None],
        "boards": [[]],
        "holes": {seat: [card_str(c) for c in state.holes[viewer]]},
        "drawn": [list(counts) for counts in state.drawn],
        "dealt": {seat: [card_str(c) for c in dealt]},
    }
    return record, nonces, places.count(None)


def italiana_plan(n: int, secret: bytes) -> DeckPlan:
    """The deck plan of a hand of poker all'italiana dealt to ``n`` (R31.2: its deck's size;
    R31: no burn in the draw, bound to the root)."""
    return DeckPlan(3, 17, secret, len(rules(Game.ITALIANA, n).deck), draw_burns=False)


def italiana_config(n: int, **changes: Any) -> HandConfig:
    base: dict[str, Any] = {
        "seats": tuple(range(1, n + 1)), "stacks": tuple([1000] * n), "button": n,
        "small_blind": 0, "big_blind": 10, "ante": 10, "game": Game.ITALIANA,
        "opening_draw": "flush",
    }  # fmt: skip
    base.update(changes)
    return HandConfig(**base)


def italiana_record(
    n: int,
    throws: int,
    viewer: int = 0,
    placed_with_burn: bool = False,
    fourth_card_last: bool = False,
    morto: bool = False,
) -> tuple[dict[str, Any], list[bytes], int]:
    """A hand of poker all'italiana (R31-R37) opened by the first player who may, called by
    everyone, where everyone changes its first ``throws`` cards and checks to the showdown,
    as player ``viewer`` verifies it: the proof (its deck's size, no burn), the draw's
    counts, every card the viewer was dealt and the openings of their places (the places in
    the short deck's sequence, at the deal positions it deals from). Also returns how many
    of the viewer's cards came from a new stub. ``placed_with_burn``: a dishonest record
    that opens the viewer's drawn cards where a draw with a burn would put them (R42.6) and
    says they were dealt those cards, though the root binds a draw without one (R31).
    ``fourth_card_last``: R36.2 on, the fourth cards dealt after every other player's draw
    (the record says so, ``"fourth_card_last": true``). ``morto``: three players and the
    morto's hand dealt after the button's (R31.4: the four players' deck)."""
    nonces = [hashlib.sha256(b"i%d" % i).digest() for i in range(n)]
    hands = n + morto
    for attempt in range(100):  # a deal somebody opens
        plan = italiana_plan(hands, hashlib.sha256(b"italiana %d" % attempt).digest())
        config = italiana_config(
            n, piatto_di_parola=False, fourth_card_last=fourth_card_last, morto=morto
        )
        state, _ = start_hand(config, deck=dealt_deck(plan, nonces))
        dealt = list(state.holes[viewer])
        while (legal := legal_actions(state)) is not None:
            kinds = {str(k) for k in legal.kinds}
            if "open" in kinds:
                action = Action(ActionKind.OPEN, legal.seat, legal.min_to)
            elif "draw" in kinds:
                action = Action(ActionKind.DRAW, legal.seat, (1 << throws) - 1)
            else:
                kind = next(k for k in ("check", "call", "show", "pass") if k in kinds)
                action = Action(ActionKind(kind), legal.seat)
            state, events = apply(state, action)
            for e in events:
                if isinstance(e, CardsDrawn) and e.seat == state.seats[viewer]:
                    dealt += e.drawn
                if isinstance(e, FourthCardDealt) and e.seat == state.seats[viewer]:
                    dealt.append(e.card)  # R36.2: after every other player's draw
        if state.opener is not None:
            break
    entries = [
        {"seat": i + 1, "user_id": i + 1, "nonce": nonce.hex(), "by": "player", "version": 11}
        for i, nonce in enumerate(nonces)
    ]
    proof = proof_json(
        plan, entries, state.seats, 10, 12, hole_cards=5, deck_size=plan.deck_size,
        draw_burns=False, morto=morto,
    )  # fmt: skip
    order = permutation(plan.root, nonce_bytes(proof))
    play_at = play_positions(order, plan.deck_size)
    drawn_at = draw_positions(
        hands,
        [*state.drawn, *([()] * morto)],
        5,
        plan.deck_size,
        burns=placed_with_burn,
        fourth_last=fourth_card_last,
    )
    places = [*hole_positions(hands, viewer, 5), *drawn_at[viewer]]
    openings = [open_position(plan, order, play_at[k]) for k in places if k is not None]
    if placed_with_burn:  # the cards opened at those places, as if dealt there
        at = iter(o.card for o in openings[5:])
        dealt = dealt[:5] + [
            c if k is None else next(at) for k, c in zip(drawn_at[viewer], dealt[5:], strict=True)
        ]
    seat = str(state.seats[viewer])
    record = {
        **proof,
        "openings": [o.to_json() for o in openings],
        "boards": [[]],
        "holes": {seat: [card_str(c) for c in state.holes[viewer]]},
        "drawn": [list(counts) for counts in state.drawn],
        "dealt": {seat: [card_str(c) for c in dealt]},
        **({"fourth_card_last": True} if fourth_card_last else {}),
    }
    return record, nonces, places.count(None)


def stud_record(n: int, viewer: int = 0) -> dict[str, Any]:
    """A seven-card stud hand (R45) where everyone brings in, checks or calls to the end,
    as player ``viewer`` verifies it (R45.9): the proof, the cards each player was dealt,
    everyone's up cards and the shown hands, the viewer's own cards, and the openings of
    exactly those (with eight players, the seventh-street card in the middle too)."""
    nonces = [hashlib.sha256(b"s%d" % i).digest() for i in range(n)]
    config = HandConfig(
        seats=tuple(range(1, n + 1)),
        stacks=tuple([100] * n),
        button=n,
        small_blind=1,
        big_blind=2,
        structure=Structure.FIXED_LIMIT,
        game=Game.SEVEN_CARD_STUD,
    )
    plan = DeckPlan(3, 17, hashlib.sha256(b"stud").digest())
    state, _ = start_hand(config, deck=dealt_deck(plan, nonces))
    while (legal := legal_actions(state)) is not None:
        kinds = {str(k) for k in legal.kinds}
        kind = next(k for k in ("bring_in", "check", "call", "show") if k in kinds)
        state = apply(state, Action(ActionKind(kind), legal.seat))[0]
    entries = [
        {"seat": i + 1, "user_id": i + 1, "nonce": nonce.hex(), "by": "player", "version": 11}
        for i, nonce in enumerate(nonces)
    ]
    proof = proof_json(plan, entries, state.seats, 10, 12, hole_cards=3)
    order = permutation(plan.root, nonce_bytes(proof))
    counts = [len(hole) for hole in state.holes]
    places, middle = stud_positions(n, counts, len(state.boards[0]))
    holes: dict[str, list[str | None]] = {}
    positions = list(middle)
    for i in range(n):
        cards = state.holes[i] if i == viewer else state.public_holes(i)
        holes[str(state.seats[i])] = [None if c is None else card_str(c) for c in cards]
        positions += [p for p, c in zip(places[i], cards, strict=True) if c is not None]
    return {
        **proof,
        "openings": [open_position(plan, order, k).to_json() for k in sorted(positions)],
        "boards": [[card_str(c) for c in board] for board in state.boards],
        "holes": holes,
        "stud": counts,
    }


def telesina_record(n: int, viewer: int = 0, vele: int = 0) -> dict[str, Any]:
    """A hand of Telesina (R40) where everyone checks or calls to the end, as player
    ``viewer`` verifies it: the proof (the players' deck, no burn, R31.2), the cards each
    was dealt (``"stud"``), everyone's up cards and the shown hands, the viewer's own hole
    card, the ``vele`` in the middle (R41), and the openings of exactly those, at their
    places in the deck's own sequence."""
    nonces = [hashlib.sha256(b"t%d" % i).digest() for i in range(n)]
    config = HandConfig(
        seats=tuple(range(1, n + 1)), stacks=tuple([100] * n), button=n, small_blind=0,
        big_blind=2, ante=2, structure=Structure.POT_LIMIT, game=Game.TELESINA, vele=vele,
    )  # fmt: skip
    plan = italiana_plan(n, hashlib.sha256(b"telesina").digest())
    state, _ = start_hand(config, deck=dealt_deck(plan, nonces))
    while (legal := legal_actions(state)) is not None:
        kinds = {str(k) for k in legal.kinds}
        kind = next(k for k in ("check", "call", "show") if k in kinds)
        state = apply(state, Action(ActionKind(kind), legal.seat))[0]
    entries = [
        {"seat": i + 1, "user_id": i + 1, "nonce": nonce.hex(), "by": "player", "version": 11}
        for i, nonce in enumerate(nonces)
    ]
    proof = proof_json(
        plan, entries, state.seats, 10, 12, deck_size=plan.deck_size, draw_burns=False
    )
    order = permutation(plan.root, nonce_bytes(proof))
    play_at = play_positions(order, plan.deck_size)
    counts = [len(hole) for hole in state.holes]
    places, middle = stud_positions(n, counts, len(state.board), first=2, burns=False)
    holes: dict[str, list[str | None]] = {}
    positions = [play_at[p] for p in middle]
    for i in range(n):
        cards = state.holes[i] if i == viewer else state.public_holes(i)
        holes[str(state.seats[i])] = [None if c is None else card_str(c) for c in cards]
        positions += [play_at[p] for p, c in zip(places[i], cards, strict=True) if c is not None]
    return {
        **proof,
        "openings": [open_position(plan, order, k).to_json() for k in sorted(positions)],
        "boards": [[card_str(c) for c in state.board]],
        "holes": holes,
        "stud": counts,
    }


def finished_record(
    n: int = 4, double_board: bool = False, game: Game = Game.HOLDEM
) -> tuple[dict[str, Any], list[bytes]]:
    nonces = [hashlib.sha256(b"n%d" % i).digest() for i in range(n)]
    plan, state = dealt_hand(n, hashlib.sha256(b"finished").digest(), nonces, double_board, game)
    state = play(state, "check_down")
    return record_of(plan, state, nonces, viewer=0), nonces


def tampered(change: Any) -> dict[str, Any]:
    record, _ = finished_record()
    record = copy.deepcopy(record)
    change(record)
    return record


def swap_board_card(r: dict[str, Any]) -> None:
    """The server deals the turn from another committed position (a swap)."""
    n = len(r["seats"])
    turn = board_positions(n, r["boards"])[0][3]
    other = next(o for o in r["openings"] if o["k"] not in (turn,) and o["k"] < 2 * n)
    r["boards"][0][3] = other["card"]


def open_other_position(r: dict[str, Any]) -> None:
    o = r["openings"][-1]
    o["j"] = (o["j"] + 1) % 52


def wrong_salt(r: dict[str, Any]) -> None:
    r["openings"][0]["salt"] = "00" * 32


def wrong_card(r: dict[str, Any]) -> None:
    o = r["openings"][0]
    o["card"] = "2c" if o["card"] != "2c" else "3c"


def commitment_changed(r: dict[str, Any]) -> None:
    r["commitments"][10] = "00" * 32


def nonce_dropped(r: dict[str, Any]) -> None:
    r["nonces"] = r["nonces"][1:]


def nonce_after_deal(r: dict[str, Any]) -> None:
    r["nonces"][1]["version"] = r["dealt_version"]


def nonce_before_commitments(r: dict[str, Any]) -> None:
    r["nonces"][1]["version"] = r["committed_version"] - 1


def server_chose_a_nonce(r: dict[str, Any]) -> None:
    r["nonces"][2].update(by="server", version=r["dealt_version"], nonce="ab" * 32)


def opened_twice(r: dict[str, Any]) -> None:
    r["openings"].append(dict(r["openings"][0]))


def card_never_opened(r: dict[str, Any]) -> None:
    r["openings"] = [o for o in r["openings"] if o["card"] != r["boards"][0][0]]


def garbage(r: dict[str, Any]) -> None:
    r["commitments"] = "nope"
