"""Short deck hold'em (R30): the 36-card deck, its ranking, and a hand dealt from it.

The ranking is checked exhaustively: every kind of five-card hand the deck can make (each
multiset of ranks, suited and not) against PokerKit's ShortDeckHoldemLookup, and every one
of the 376,992 five-card hands counted by category against the closed forms.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from pokerkit.lookups import ShortDeckHoldemLookup

from engine.actions import Action, ActionKind
from engine.cards import FULL_DECK, card_str, parse_cards
from engine.deck import shuffled_deck, verify
from engine.equity import all_in_equity
from engine.errors import EngineError, ErrorCode
from engine.evaluation import HandCategory
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.ranking import SHORT_DECK
from engine.state import HandConfig, HandState
from tests.engine.pokerkit_oracle import POKERKIT_SHORT_DECK

H = HandCategory
SHORT = rules(Game.SHORT_DECK)
SEED = bytes(range(32))


def test_R30_1_the_deck_is_the_36_cards_from_six_up() -> None:
    assert len(SHORT.deck) == 36
    assert {card_str(card)[0] for card in SHORT.deck} == set("6789TJQKA")
    assert SHORT.deck == tuple(card for card in FULL_DECK if card_str(card)[0] not in "2345")


def test_R30_1_a_hand_deals_the_seeds_order_without_the_cards_below_six() -> None:
    config = HandConfig(
        seats=(1, 2, 3), stacks=(200, 200, 200), button=3, small_blind=1, big_blind=2,
        game=Game.SHORT_DECK,
    )  # fmt: skip
    state, _ = start_hand(config, seed=SEED)
    expected = tuple(card for card in shuffled_deck(SEED) if card in SHORT.deck)
    assert state.deck == expected
    assert all(card in SHORT.deck for hole in state.holes for card in hole)
    assert HandState.from_json(state.to_json()) == state
    while not state.is_finished:  # everyone checks or calls down: a board of five
        legal = legal_actions(state)
        assert legal is not None
        kind = next(
            k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW) if legal.allows(k)
        )
        state, _ = apply(state, Action(kind, legal.seat))
    assert len(state.board) == 5 and all(card in SHORT.deck for card in state.board)
    assert verify(SEED, state.commitment or "", state.dealt_cards(), SHORT.deck)  # R15
    assert not verify(SEED, state.commitment or "", state.dealt_cards())  # not the 52 cards'


def test_R30_1_a_card_below_six_is_refused_in_a_replayed_deck_and_in_equity() -> None:
    config = HandConfig(
        seats=(1, 2), stacks=(100, 100), button=2, small_blind=1, big_blind=2,
        game=Game.SHORT_DECK,
    )  # fmt: skip
    with pytest.raises(EngineError) as refused:
        start_hand(config, deck=parse_cards("As Ks 5d Qh"))
    assert refused.value.code == ErrorCode.INVALID_DECK
    with pytest.raises(ValueError, match="not in a deck"):
        all_in_equity([parse_cards("As Ks"), parse_cards("5d 5h")], (), game=SHORT)


def test_R30_1_ten_players_fit_the_36_cards() -> None:
    assert SHORT.max_players == 10  # 20 hole cards, a board and three burns: 28 of 36
    assert SHORT.seats_for(2) == 10  # a double board: 20 + 10 + 3 = 33


@pytest.mark.parametrize(
    ("better", "worse", "why"),
    [
        ("Ah Kh Qh 9h 7h", "As Ad Ac Kd Ks", "R30.2: a flush beats a full house"),
        ("6c 6d 6h Ks Qd", "Th Jd Qs Kc Ah", "R30.2: three of a kind beats a straight"),
        ("6c 7d 8h 9s Ts", "Ah 6d 7s 8c 9s", "R30.3: A-6-7-8-9 is the lowest straight"),
        ("Ah 6h 7h 8h 9h", "Ks Kd Kc Kh Qs", "R30.3: A-6-7-8-9 of one suit is a straight flush"),
        ("Kh Qh Jh Th 9h", "As Ad Ac Ah 6h", "a straight flush beats four of a kind"),
        ("As Ad Ac Ah 6h", "Kh Qh Jh 8h 7h", "four of a kind beats a flush"),
    ],
)
def test_R30_2_R30_3_worked_examples(better: str, worse: str, why: str) -> None:
    assert SHORT.strength(parse_cards(better), ()) > SHORT.strength(parse_cards(worse), ()), why


def test_R30_2_seven_cards_holding_trips_and_a_straight_play_the_trips() -> None:
    value = SHORT.evaluate(parse_cards("6h 6d"), parse_cards("6s 7c 8d 9h Ts"))
    assert value.category is H.THREE_OF_A_KIND
    assert value.name == "Three of a kind, Sixes"


def test_R30_3_the_ace_plays_below_the_six_and_is_read_last() -> None:
    value = SHORT.evaluate(parse_cards("Ah Kd"), parse_cards("6d 7s 8c 9s Kh"))
    assert value.name == "Straight, Nine high"
    assert " ".join(card_str(card) for card in value.best_five) == "9s 8c 7s 6d Ah"


def _classes() -> list[tuple[int, ...]]:
    """One hand of every kind the deck makes: each multiset of five ranks six-up (at most four
    of a rank), of mixed suits, and of one suit when the ranks differ."""
    out = []
    for ranks in combinations_with_replacement(range(4, 13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        used: Counter[int] = Counter()
        mixed = []
        for k, rank in enumerate(ranks):  # suits in turn: never five of one suit
            suit = (used[rank] + k) % 4 if len(counts) < 5 else k % 4
            while rank * 4 + suit in mixed:
                suit = (suit + 1) % 4
            mixed.append(rank * 4 + suit)
            used[rank] += 1
        out.append(tuple(mixed))
        if len(counts) == 5:
            out.append(tuple(rank * 4 + 2 for rank in ranks))  # all hearts
    return out


def test_R30_2_every_kind_of_hand_ranks_as_pokerkit_ranks_it_trips_and_straights_apart() -> None:
    """PokerKit's lookup orders every kind of five-card hand (higher index, better hand).
    The engine agrees hand for hand on PokerKit's own order (the differential's ranking), and
    on R30.2's it agrees within each category while three of a kind moves above the straight."""
    lookup = ShortDeckHoldemLookup()
    classes = _classes()
    assert len(classes) == 1_278 + 126  # the rank multisets, and the flushes among them
    entries = {hand: lookup.get_entry("".join(card_str(c) for c in hand)) for hand in classes}
    for ranking in (POKERKIT_SHORT_DECK, SHORT_DECK):
        strengths = {hand: ranking.strength(hand) for hand in classes}
        for hand in classes:
            assert ranking.category(strengths[hand]).label == entries[hand].label.value, hand

        expected = {
            hand: (ranking.order.index(ranking.category(strengths[hand])), entries[hand].index)
            for hand in classes
        }
        by_engine = sorted(classes, key=lambda hand: strengths[hand])
        by_pokerkit = sorted(classes, key=lambda hand: expected[hand])
        assert [strengths[h] for h in by_engine] == [strengths[h] for h in by_pokerkit]
        distinct_entries = len({entries[h].index for h in classes})
        assert len(set(strengths.values())) == distinct_entries  # ties exactly where PokerKit's


def test_R30_2_every_five_card_hand_counted_by_category_matches_the_closed_forms() -> None:
    """All C(36, 5) = 376,992 hands: the counts that put the flush above the full house."""
    counts = Counter(
        SHORT_DECK.category(SHORT_DECK.strength(five)) for five in combinations(SHORT.deck, 5)
    )
    assert counts == {
        H.STRAIGHT_FLUSH: 6 * 4,  # six straights (A-6-7-8-9 to T-J-Q-K-A) in four suits
        H.FOUR_OF_A_KIND: 9 * 32,
        H.FLUSH: 4 * 126 - 24,  # rarer than the full house: it ranks above (R30.2)
        H.FULL_HOUSE: 9 * 4 * 8 * 6,
        H.STRAIGHT: 6 * (4**5 - 4),
        H.THREE_OF_A_KIND: 9 * 4 * 28 * 16,
        H.TWO_PAIR: 36 * 36 * 7 * 4,
        H.ONE_PAIR: 9 * 6 * 56 * 64,
        H.HIGH_CARD: (126 - 6) * (4**5 - 4),
    }
    assert sum(counts.values()) == 376_992


def test_R11_4_the_five_cards_named_are_the_first_five_that_make_the_hand() -> None:
    """The hand shown is made of the earliest cards that make it (hole cards are passed
    first), as engine.evaluation.evaluate picks them: checked against the first of the
    five-card combinations, in order, with the best strength, on random hands."""
    rng = random.Random(30)
    for _ in range(3_000):
        hand = tuple(rng.sample(SHORT.deck, rng.choice([5, 6, 7])))
        value = SHORT_DECK.evaluate(hand)
        first = next(
            five for five in combinations(hand, 5) if SHORT_DECK.strength(five) == value.strength
        )
        assert sorted(value.best_five) == sorted(first), hand


def test_R30_a_short_deck_hand_exports_to_phh_ns_and_replays_to_the_same_stacks() -> None:
    """The deck of a replay from PHH is the short deck's (a reader that laid out 52 cards
    broke on the first short-deck file)."""
    from engine import phh

    config = HandConfig(
        seats=(1, 2, 3), stacks=(200, 200, 200), button=3, small_blind=1, big_blind=2,
        game=Game.SHORT_DECK, explicit_showdown=True,
    )  # fmt: skip
    state, history = start_hand(config, seed=SEED)
    history = list(history)
    while not state.is_finished:
        legal = legal_actions(state)
        assert legal is not None
        kind = next(
            k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW) if legal.allows(k)
        )
        state, events = apply(state, Action(kind, legal.waiting[0]))
        history += events
    text = phh.export(state, history)
    assert 'variant = "NS"' in text
    assert phh.replay(phh.loads(text)).state.stacks == state.stacks
