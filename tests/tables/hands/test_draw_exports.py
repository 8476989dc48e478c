"""The exports of the draw games (R42–R44): five-card draw, 2-7 single draw and 2-7 triple
draw as PokerStars text (its own draw files' lines), PHH (``pN sd``, PokerKit's notation)
and JSON, each for one viewer. How many cards each player changed is public; which ones
and the new cards only that player sees (R42.3): no export shows another player's dealt,
thrown or drawn cards, only the five a shown hand shows at the showdown (R11).

The hands are stored as the table stores them (a ``Hand`` with its ``HandAction`` rows,
a draw's amount the bit mask of the cards thrown) by playing the engine from a known deck
(``Hand.imported_deck``, which the replay deals again)."""

from __future__ import annotations

import json
import random
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import FULL_DECK, Card, card_str, parse_cards
from engine.events import (
    CardsDrawn,
    CardsShownAfter,
    DeckReshuffled,
    HandShown,
    HoleCardsDealt,
)
from engine.games import Game
from engine.legal_actions import LegalActions
from engine.phh import loads
from engine.phh import replay as phh_replay
from engine.phh.writer import to_phh
from engine.state import HandConfig, HandState
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand
from tables.hands.replay import ReplayedHand, replay
from tests.engine.pokerkit_oracle import replay_phh
from tests.tables import pokerstars_text as ps
from tests.tables.history_helpers import mentions_card, nets
from tests.tables.stored_hands import NAMES, Policy, Script, phh_cards_of, store_hand

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- stored hands


@dataclass
class Club:
    """A chip club, eight members and an eight-seat table (a draw game seats at most 8)."""

    club: object
    table: object
    users: list


@pytest.fixture
def club(django_user_model):
    from pokerclub import actions
    from tables.play import actions as services
    from tests.tables.conftest import table_settings

    users = [
        django_user_model.objects.create_user(
            email=f"{name.lower()}.draw@example.com", password="x", display_name=name
        )
        for name in NAMES
    ]
    club = actions.create_club(users[0], name="Draw night")
    table = services.create_table(users[0], club, table_settings(name="Lowball", max_seats=8))
    return Club(club, table, users)


def store(club: Club, config: HandConfig, deck: Sequence[Card], policy: Policy) -> Hand:
    """A hand of the engine stored at the club's table (:func:`store_hand`)."""
    return store_hand(club.table, club.users, config, deck, policy)


def random_policy(rng: random.Random) -> Policy:
    """Random legal decisions: some folds, bets and raises, draws of none to five cards,
    mucks where a beaten hand may muck (R11.3)."""

    def policy(state: HandState, legal: LegalActions) -> Action:
        kinds = legal.kinds
        if ActionKind.DRAW in kinds:
            count = rng.choice([0, 0, 1, 2, 2, 3, 5])
            return Action(
                ActionKind.DRAW, legal.seat, sum(1 << k for k in rng.sample(range(5), count))
            )
        if ActionKind.SHOW in kinds:
            seat = legal.waiting[0] if legal.waiting else legal.seat
            muck = ActionKind.MUCK in kinds and rng.random() < 0.5
            return Action(ActionKind.MUCK if muck else ActionKind.SHOW, seat)
        if ActionKind.FOLD in kinds and rng.random() < 0.15:
            return Action(ActionKind.FOLD, legal.seat)
        if legal.min_to is not None and legal.max_to is not None and rng.random() < 0.25:
            kind = ActionKind.RAISE if ActionKind.RAISE in kinds else ActionKind.BET
            return Action(kind, legal.seat, rng.choice([legal.min_to, legal.min_to, legal.max_to]))
        return Action(
            ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL, legal.seat
        )

    return policy


def dealt(rows: Sequence[str], *rest: str) -> tuple[Card, ...]:
    """A deck from each player's five cards (``rows``, p1 first: the deal goes one card at
    a time round the table, R4.1) and the cards after the deal, in order."""
    hands = [parse_cards(row) for row in rows]
    order = [hand[k] for k in range(5) for hand in hands]
    order += [card for text in rest for card in parse_cards(text)]
    assert len(set(order)) == len(order)
    return tuple(order)


def config_of(game: Game, structure: Structure, seats: Sequence[int], button: int, **extra):
    return HandConfig(
        seats=tuple(seats),
        stacks=extra.pop("stacks", (100,) * len(seats)),
        button=button,
        small_blind=1,
        big_blind=2,
        structure=structure,
        game=game,
        **extra,
    )


def triple_draw_hand(club: Club) -> Hand:
    """Fixed-limit 2-7 triple draw, three players: Ann (seat 1, small blind), Ben (seat 2,
    big blind), Cat (seat 3, the button). Ann folds after the first draw; Ben draws three,
    one, then stands pat; Cat draws two, one, then stands pat and wins with 7-5-4-3-2."""
    deck = dealt(
        ["As Ks 9c 9d 3h", "3d Tc 7c Kh Th", "7s 5h 4d Jc Jd"],
        "4s",  # the first draw's burn
        "Ac Kc",  # Ann's two
        "2s 8h Qs",  # Ben's three
        "9s 2h",  # Cat's two
        "4c 6d 3c",  # the second draw: the burn, Ben's one, Cat's one
        "5d",  # the third draw's burn
    )
    config = config_of(Game.DEUCE_SEVEN_TRIPLE, Structure.FIXED_LIMIT, (1, 2, 3), button=3)
    script = Script(
        ("call", None), ("call", None), ("check", None),  # Cat, Ann, Ben
        ("draw", 0b00011), ("draw", 0b11010), ("draw", 0b11000),  # Ann, Ben, Cat
        ("check", None), ("bet", 2), ("raise", 4), ("fold", None), ("call", None),
        ("draw", 0b10000), ("draw", 0b01000),  # Ben, Cat
        ("check", None), ("bet", 4), ("call", None),
        ("draw", 0), ("draw", 0),  # both stand pat
        ("check", None), ("check", None),  # both shown: Ben first, then Cat, who wins
    )  # fmt: skip
    return store(club, config, deck, script)


def five_card_draw_hand(club: Club) -> Hand:
    """No-limit five-card draw, four players: Cat folds first; Ann draws one, Ben (the big
    blind) throws all five, Dan (the button) stands pat; Ann folds to Ben's bet, Dan calls
    and mucks his beaten hand at the showdown."""
    deck = dealt(
        ["Ah Kd 8s 8c 2d", "9h 6c 5d 4s 3c", "Tc Td Ts 2h 2c", "Kh Kc Qd Jd 7h"],
        "5s",  # the burn
        "Qh",  # Ann's one
        "Js Jh 6s 6h Ad",  # Ben's five
    )
    config = config_of(Game.FIVE_CARD_DRAW, Structure.NO_LIMIT, (1, 2, 3, 4), button=4)
    script = Script(
        ("fold", None), ("call", None), ("call", None), ("check", None),  # Cat, Dan, Ann, Ben
        ("draw", 0b10000), ("draw", 0b11111), ("draw", 0),  # Ann, Ben, Dan
        ("check", None), ("bet", 6), ("call", None), ("fold", None),  # Ann, Ben, Dan, Ann
        ("muck", None),  # Ben shows (he bet last), Dan mucks
    )  # fmt: skip
    return store(club, config, deck, script)


def single_draw_all_in_hand(club: Club) -> Hand:
    """No-limit 2-7 single draw heads-up: Ann (seat 1, the button and small blind) moves
    all in, Ben calls; both draw one with nobody left to bet, and Ben's 8-6-4-3-2 beats
    Ann's pair of Fives."""
    deck = dealt(
        ["8d 6h 4s 3c Kd", "5c 5h 7d 4h 2c"],  # Ben (seat 2, p1), then Ann
        "Qc",  # the burn
        "2d",  # Ben's one, for the king
        "3s",  # Ann's one, for the 4h
    )
    config = config_of(
        Game.DEUCE_SEVEN_SINGLE, Structure.NO_LIMIT, (1, 2), button=1, stacks=(60, 100)
    )
    script = Script(
        ("raise", 60), ("call", None),  # Ann all in, Ben calls
        ("draw", 0b10000), ("draw", 0b01000),  # Ben throws the king, Ann the four
    )  # fmt: skip
    return store(club, config, deck, script)


def new_stub_hand(club: Club) -> Hand:
    """2-7 single draw at eight seats, everyone in and throwing all five: the stub runs out
    at the third player's draw and a new one is shuffled (R42.4)."""
    deck = list(FULL_DECK)
    random.Random(42).shuffle(deck)
    config = config_of(Game.DEUCE_SEVEN_SINGLE, Structure.NO_LIMIT, range(1, 9), button=8)

    def policy(state: HandState, legal: LegalActions) -> Action:
        kinds = legal.kinds
        if ActionKind.DRAW in kinds:
            return Action(ActionKind.DRAW, legal.seat, 0b11111)
        if ActionKind.SHOW in kinds:
            return Action(ActionKind.SHOW, legal.waiting[0] if legal.waiting else legal.seat)
        return Action(
            ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL, legal.seat
        )

    return store(club, config, deck, policy)


def random_hands(club: Club, count: int, seed: int) -> list[Hand]:
    """``count`` random hands of each draw game and structure, two to eight players."""
    rng = random.Random(seed)
    hands = []
    for game, structure in (
        (Game.FIVE_CARD_DRAW, Structure.NO_LIMIT),
        (Game.FIVE_CARD_DRAW, Structure.FIXED_LIMIT),
        (Game.DEUCE_SEVEN_SINGLE, Structure.NO_LIMIT),
        (Game.DEUCE_SEVEN_SINGLE, Structure.POT_LIMIT),
        (Game.DEUCE_SEVEN_TRIPLE, Structure.FIXED_LIMIT),
        (Game.DEUCE_SEVEN_TRIPLE, Structure.NO_LIMIT),
    ):
        for _ in range(count):
            seats = sorted(rng.sample(range(1, 9), rng.randint(2, 8)))
            stacks = tuple(rng.choice([8, 40, 100, 250]) for _ in seats)
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            config = config_of(game, structure, seats, rng.choice(seats), stacks=stacks)
            hands.append(store(club, config, deck, random_policy(rng)))
    return hands


def viewer_of(club: Club, seat: int) -> Viewer:
    return Viewer(club.users[seat - 1].pk)


# --------------------------------------------------------------------------- what a viewer may see


def cards_held(replayed: ReplayedHand, seat: int) -> set[str]:
    """Every card ``seat`` held in the hand: the deal, and each draw's new cards."""
    out = set()
    for e in replayed.events:
        if isinstance(e, HoleCardsDealt) and e.seat == seat:
            out |= {card_str(c) for c in e.cards}
        elif isinstance(e, CardsDrawn) and e.seat == seat:
            out |= {card_str(c) for c in e.drawn}
    return out


def unseen(replayed: ReplayedHand, me: int | None) -> set[str]:
    """The cards the player in seat ``me`` never saw: every card another player was dealt,
    threw or drew, but for the hands shown at the showdown (their five, R11), cards shown
    after the hand (R11.5) and the cards ``me`` held themselves (a new stub may deal them a
    card another player threw, R42.4)."""
    others = set()
    for seat in replayed.final.seats:
        if seat != me:
            others |= cards_held(replayed, seat)
    public = {
        card_str(c)
        for e in replayed.events
        if isinstance(e, HandShown | CardsShownAfter)
        for c in e.cards
    }
    own = cards_held(replayed, me) if me is not None else set()
    return others - public - own


# --------------------------------------------------------------------------- PokerStars' own draw lines

A = ps.A
CARD = ps.C
SOME = rf"{CARD}(?: {CARD}){{0,4}}"  # one to five cards
FIVE = rf"{CARD}(?: {CARD}){{4}}"
LOW = rf"Lo: (?:[2-9TJQKA](?:,[2-9TJQKA]){{4}}|{ps.HAND_NAME})"
SHOWN = rf"(?:{LOW}|{ps.HAND_NAME})"
RESULT = rf"(?:won \({A}\) with {SHOWN}|lost with {SHOWN})"
FOLDED = r"(?:before the Draw|after the Draw|after the (?:1st|2nd|3rd) Draw|before Flop)"
DRAW_HEADER = re.compile(
    rf"^PokerStars Hand #\d+:  (?P<game>5 Card Draw|Single Draw 2-7 Lowball|Triple Draw 2-7"
    rf" Lowball) (?P<limit>No Limit|Pot Limit|Limit) \({A}/{A}\) - {ps.TIME} UTC \[{ps.TIME} ET\]$"
)
DRAW_LINES = {
    **{k: ps.LINES[k] for k in ("table", "seat", "ante", "blind", "fold", "check", "call")},
    **{k: ps.LINES[k] for k in ("bet", "raise", "uncalled", "show down", "mucks")},
    **{k: ps.LINES[k] for k in ("collected", "summary", "total")},
    "dealing": r"^\*\*\* DEALING HANDS \*\*\*$",
    "dealt": rf"^Dealt to (?P<name>.+?) \[{FIVE}\]$",
    "draw dealt": rf"^Dealt to (?P<name>.+?) (?:\[{SOME}\] )?\[{SOME}\]$",
    "draw street": r"^\*\*\* (?:FIRST|SECOND|THIRD) DRAW \*\*\*$",
    "discards": r"^(?P<name>.+): discards [1-5] cards?(?: \[.+\])?$",
    "stands pat": rf"^(?P<name>.+): stands pat(?: on \[{FIVE}\])?$",
    "reshuffled": r"^The deck is reshuffled$",
    "shows": rf"^(?P<name>.+): shows \[{FIVE}\] \({SHOWN}\)$",
    "seat result": rf"^Seat \d+: .+?(?: \(button\))?(?: \(small blind\))?(?: \(big blind\))?"
    rf" (?:folded {FOLDED}(?: \(didn't bet\))?|collected \({A}\)|mucked(?: \[{FIVE}\])?"
    rf"|showed \[{FIVE}\] and {RESULT})$",
}
DRAW_PATTERNS = {kind: re.compile(pattern) for kind, pattern in DRAW_LINES.items()}
DRAWING = {"discards", "stands pat", "draw dealt", "reshuffled"}


def read_draw_hand(text: str) -> dict[str, int]:
    """Read one draw hand as a tracker does (fpdb splits a single draw's rounds at its first
    draw line: PokerStars writes no line there): every line is one PokerStars writes, and
    each player's net is what they collected less what they put in, each betting round's
    raises being "to" amounts of that round."""
    lines = text.splitlines()
    assert DRAW_HEADER.match(lines[0]), lines[0]
    stacks: dict[str, int] = {}
    invested: dict[str, int] = {}
    collected: dict[str, int] = {}
    street: dict[str, int] = {}
    drawing = in_summary = False

    def close() -> None:
        for name, chips in street.items():
            invested[name] = invested.get(name, 0) + chips
        street.clear()

    for line in lines[1:]:
        kind = next(
            (
                k
                for k, p in DRAW_PATTERNS.items()
                if p.match(line)
                and not (k == "seat" and in_summary)
                and not (k == "dealt" and drawing)
            ),
            None,
        )
        assert kind is not None, f"not a PokerStars draw line: {line!r}\n{text}"
        m = DRAW_PATTERNS[kind].match(line)
        assert m
        if kind in DRAWING or kind == "draw street" or (kind == "dealt" and drawing):
            if not drawing:
                close()
            drawing = True
            continue
        drawing = False
        if kind == "summary":
            close()
            in_summary = True
        elif kind == "seat" and not in_summary:
            stacks[m["name"]] = int(m["amount"])
        elif kind == "ante":
            invested[m["name"]] = invested.get(m["name"], 0) + int(m["amount"])
        elif kind in ("blind", "call"):
            street[m["name"]] = street.get(m["name"], 0) + int(m["amount"])
        elif kind in ("bet", "raise"):
            street[m["name"]] = int(m["amount"])
        elif kind == "uncalled":
            street[m["name"]] -= int(m["amount"])
        elif kind == "collected":
            collected[m["name"]] = collected.get(m["name"], 0) + int(m["amount"])
    close()
    return {name: collected.get(name, 0) - invested.get(name, 0) for name in stacks}


def body(text: str) -> list[str]:
    """The lines after the header (whose hand number and time vary)."""
    return text.splitlines()[1:]


# --------------------------------------------------------------------------- PokerStars text


def test_triple_draw_is_written_as_pokerstars_writes_it_for_the_player_who_drew(club):
    hand = triple_draw_hand(club)
    text = pokerstars(replay(hand), viewer_of(club, 2))
    assert text.splitlines()[0] == (
        f"PokerStars Hand #{hand.pk}:  Triple Draw 2-7 Lowball Limit (2/4)"
        " - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]"
    )
    assert body(text) == [
        "Table 'Lowball' 8-max Seat #3 is the button",
        "Seat 1: Ann (100 in chips)",
        "Seat 2: Ben (100 in chips)",
        "Seat 3: Cat (100 in chips)",
        "Ann: posts small blind 1",
        "Ben: posts big blind 2",
        "*** DEALING HANDS ***",
        "Dealt to Ben [3d Tc 7c Kh Th]",
        "Cat: calls 2",
        "Ann: calls 1",
        "Ben: checks",
        "*** FIRST DRAW ***",
        "Ann: discards 2 cards",
        "Ben: discards 3 cards [Tc Kh Th]",
        "Dealt to Ben [3d 7c] [2s 8h Qs]",
        "Cat: discards 2 cards",
        "Ann: checks",
        "Ben: bets 2",
        "Cat: raises 2 to 4",
        "Ann: folds",
        "Ben: calls 2",
        "*** SECOND DRAW ***",
        "Ben: discards 1 card [Qs]",
        "Dealt to Ben [3d 2s 7c 8h] [6d]",
        "Cat: discards 1 card",
        "Ben: checks",
        "Cat: bets 4",
        "Ben: calls 4",
        "*** THIRD DRAW ***",
        "Ben: stands pat on [3d 2s 7c 8h 6d]",
        "Cat: stands pat",
        "Ben: checks",
        "Cat: checks",
        "*** SHOW DOWN ***",
        "Ben: shows [3d 2s 7c 8h 6d] (Lo: 8,7,6,3,2)",
        "Cat: shows [7s 5h 4d 3c 2h] (Lo: 7,5,4,3,2)",
        "Cat collected 22 from pot",
        "*** SUMMARY ***",
        "Total pot 22 | Rake 0",
        "Seat 1: Ann (small blind) folded after the 1st Draw",
        "Seat 2: Ben (big blind) showed [3d 2s 7c 8h 6d] and lost with Lo: 8,7,6,3,2",
        "Seat 3: Cat (button) showed [7s 5h 4d 3c 2h] and won (22) with Lo: 7,5,4,3,2",
    ]


def test_another_players_draws_are_counts_only_in_pokerstars_text(club):
    hand = triple_draw_hand(club)
    mine = body(pokerstars(replay(hand), viewer_of(club, 2)))
    public = body(pokerstars(replay(hand), Viewer.public()))
    ann = body(pokerstars(replay(hand), viewer_of(club, 1)))
    # the public text: Ben's draws as counts, no "Dealt to" line at all
    assert "Dealt to" not in "\n".join(public)
    assert public[public.index("*** FIRST DRAW ***") + 1 : public.index("Ann: checks")] == [
        "Ann: discards 2 cards",
        "Ben: discards 3 cards",
        "Cat: discards 2 cards",
    ]
    assert "Ben: stands pat" in public and "Ben: stands pat on" not in "\n".join(public)
    # Ann sees her own draw, and Ben's as a count
    assert "Ann: discards 2 cards [As Ks]" in ann and "Dealt to Ann [9c 9d 3h] [Ac Kc]" in ann
    assert "Ben: discards 3 cards" in ann
    # the viewer's text differs from the public one only by the viewer's own cards
    assert [line for line in mine if line not in public] == [
        "Dealt to Ben [3d Tc 7c Kh Th]",
        "Ben: discards 3 cards [Tc Kh Th]",
        "Dealt to Ben [3d 7c] [2s 8h Qs]",
        "Ben: discards 1 card [Qs]",
        "Dealt to Ben [3d 2s 7c 8h] [6d]",
        "Ben: stands pat on [3d 2s 7c 8h 6d]",
    ]


def test_five_card_draw_has_no_draw_line_and_names_high_hands(club):
    hand = five_card_draw_hand(club)
    text = pokerstars(replay(hand), viewer_of(club, 2))
    assert text.splitlines()[0].startswith(
        f"PokerStars Hand #{hand.pk}:  5 Card Draw No Limit (1/2) - "
    )
    assert body(text)[5:] == [
        "Ann: posts small blind 1",
        "Ben: posts big blind 2",
        "*** DEALING HANDS ***",
        "Dealt to Ben [9h 6c 5d 4s 3c]",
        "Cat: folds",
        "Dan: calls 2",
        "Ann: calls 1",
        "Ben: checks",
        "Ann: discards 1 card",
        "Ben: discards 5 cards [9h 6c 5d 4s 3c]",
        "Dealt to Ben [Js Jh 6s 6h Ad]",  # all five thrown: the new ones alone
        "Dan: stands pat",
        "Ann: checks",
        "Ben: bets 6",
        "Dan: calls 6",
        "Ann: folds",
        "*** SHOW DOWN ***",
        "Ben: shows [Js Jh 6s 6h Ad] (two pair, Jacks and Sixes)",
        "Dan: mucks hand",
        "Ben collected 18 from pot",
        "*** SUMMARY ***",
        "Total pot 18 | Rake 0",
        "Seat 1: Ann (small blind) folded after the Draw",
        "Seat 2: Ben (big blind) showed [Js Jh 6s 6h Ad] and won (18) with two pair, Jacks and Sixes",
        "Seat 3: Cat folded before the Draw (didn't bet)",
        "Seat 4: Dan (button) mucked",
    ]
    dan = pokerstars(replay(hand), viewer_of(club, 4))
    assert dan.splitlines()[-1] == "Seat 4: Dan (button) mucked [Kh Kc Qd Jd 7h]"


def test_single_draw_all_in_draws_after_the_betting_and_names_a_paired_low(club):
    hand = single_draw_all_in_hand(club)
    text = pokerstars(replay(hand), Viewer.public())
    assert " Single Draw 2-7 Lowball No Limit (1/2) - " in text.splitlines()[0]
    assert body(text)[3:] == [
        "Ann: posts small blind 1",
        "Ben: posts big blind 2",
        "*** DEALING HANDS ***",
        "Ann: raises 58 to 60 and is all-in",
        "Ben: calls 58",
        "Ben: discards 1 card",  # no "*** DRAW ***": PokerStars writes none in a single draw
        "Ann: discards 1 card",
        "*** SHOW DOWN ***",
        "Ann: shows [5c 5h 7d 3s 2c] (Lo: a pair of Fives)",  # the all-in first
        "Ben: shows [8d 6h 4s 3c 2d] (Lo: 8,6,4,3,2)",
        "Ben collected 120 from pot",
        "*** SUMMARY ***",
        "Total pot 120 | Rake 0",
        "Seat 1: Ann (button) (small blind) showed [5c 5h 7d 3s 2c] and lost with Lo: a pair of Fives",
        "Seat 2: Ben (big blind) showed [8d 6h 4s 3c 2d] and won (120) with Lo: 8,6,4,3,2",
    ]


def test_a_new_stub_is_written_where_it_was_shuffled(club):
    hand = new_stub_hand(club)
    replayed = replay(hand)
    assert any(isinstance(e, DeckReshuffled) for e in replayed.events)
    lines = body(pokerstars(replayed, Viewer.public()))
    draws = [line for line in lines if "discards 5 cards" in line or "reshuffled" in line]
    # 40 hole cards and the burn leave 11: two players are served, the third needs a new stub
    assert draws[:4] == [
        "Ann: discards 5 cards",
        "Ben: discards 5 cards",
        "The deck is reshuffled",
        "Cat: discards 5 cards",
    ]
    reshuffles = sum(isinstance(e, DeckReshuffled) for e in replayed.events)
    assert draws.count("The deck is reshuffled") == reshuffles > 1
    assert len(draws) == 8 + reshuffles


def test_every_draw_hand_reads_as_pokerstars_lines_with_the_money_of_the_hand(club):
    hands = random_hands(club, count=6, seed=7) + [
        triple_draw_hand(club),
        five_card_draw_hand(club),
        single_draw_all_in_hand(club),
        new_stub_hand(club),
    ]
    for hand in hands:
        replayed = replay(hand)
        for seat in (None, *replayed.final.seats):
            viewer = Viewer.public() if seat is None else viewer_of(club, seat)
            text = pokerstars(replayed, viewer)
            assert read_draw_hand(text) == nets(replayed), text
            lowball = replayed.config.game is not Game.FIVE_CARD_DRAW
            assert ("(Lo: " in text) == (lowball and "shows [" in text), text


# --------------------------------------------------------------------------- PHH


def test_phh_of_a_draw_hides_another_players_deal_discards_and_draws(club):
    hand = triple_draw_hand(club)
    replayed = replay(hand)
    text = phh(replayed, viewer_of(club, 2))  # Ben, p2
    assert 'variant = "F2L3D"' in text
    assert loads(text).actions == (
        "d dh p1 ??????????",
        "d dh p2 3dTc7cKhTh",
        "d dh p3 ??????????",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "p1 sd ????",
        "p2 sd TcKhTh",
        "p3 sd ????",
        "d dh p1 ????",
        "d dh p2 2s8hQs",
        "d dh p3 ????",
        "p1 cc",
        "p2 cbr 2",
        "p3 cbr 4",
        "p1 f",
        "p2 cc",
        "p2 sd Qs",
        "p3 sd ??",
        "d dh p2 6d",
        "d dh p3 ??",
        "p2 cc",
        "p3 cbr 4",
        "p2 cc",
        "p2 sd",  # standing pat: no cards, for anyone
        "p3 sd",
        "p2 cc",
        "p3 cc",
        "p2 sm 3d2s7c8h6d",
        "p3 sm 7s5h4d3c2h",  # a shown hand: its final five
    )


def test_the_viewers_phh_is_the_hands_record_with_only_others_cards_unknown(club):
    """Filled in with the cards the viewer did not see, the viewer's PHH is the hand's own
    record, which our reader replays to the recorded stacks (a hand dealt from a new stub
    is not replayed from PHH: the file does not hold the shuffle, R42.4); PokerKit replays
    the viewer's file itself, unknown cards and all, to the same stacks."""
    hands = random_hands(club, count=4, seed=11) + [
        triple_draw_hand(club),
        five_card_draw_hand(club),
        single_draw_all_in_hand(club),
    ]
    replayed_by_pokerkit = 0
    for hand in hands:
        replayed = replay(hand)
        full = to_phh(replayed.final, replayed.events).actions
        new_stub = any(isinstance(e, DeckReshuffled) for e in replayed.events)
        for seat in replayed.final.seats:
            text = phh(replayed, viewer_of(club, seat))
            seen = loads(text).actions
            assert len(seen) == len(full)
            for mine, whole in zip(seen, full, strict=True):
                if mine != whole:  # the same action, its cards unknown
                    assert re.sub(r"[2-9TJQKA][cdhs]", "??", whole) == mine, (mine, whole)
            if new_stub:
                continue
            filled = replace(loads(text), actions=full)
            assert phh_replay(filled).state.stacks == replayed.final.stacks
            if loads(text).variant in ("N2L1D", "F2L3D", "N5CD"):  # PokerKit's (N5CD: the oracle's)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    theirs = replay_phh(text, rulebook=True)
                assert theirs == replayed.final.stacks, text
                replayed_by_pokerkit += 1
    assert replayed_by_pokerkit >= 10


# --------------------------------------------------------------------------- JSON


def test_json_record_lists_every_draw_with_its_count_and_the_viewers_own_cards(club):
    hand = triple_draw_hand(club)
    replayed = replay(hand)
    data = record(replayed, viewer_of(club, 2))  # Ben
    draws = [a for a in data["actions"] if a["kind"] == "draw"]
    assert [(a["name"], a["count"]) for a in draws] == [
        ("Ann", 2), ("Ben", 3), ("Cat", 2), ("Ben", 1), ("Cat", 1), ("Ben", 0), ("Cat", 0),
    ]  # fmt: skip
    bens = [a for a in draws if a["name"] == "Ben"]
    assert [(a["amount"], a["discarded"], a["drawn"]) for a in bens] == [
        (0b11010, ["Tc", "Kh", "Th"], ["2s", "8h", "Qs"]),
        (0b10000, ["Qs"], ["6d"]),
        (0, [], []),
    ]
    others = [a for a in draws if a["name"] != "Ben"]
    assert all(a["amount"] is None and "discarded" not in a and "drawn" not in a for a in others)
    assert [a["kind"] for a in data["actions"]] == list(
        hand.actions.order_by("sequence").values_list("kind", flat=True)
    )
    assert {p["name"]: p["cards"] for p in data["players"]} == {
        "Ann": None,
        "Ben": ["3d", "2s", "7c", "8h", "6d"],
        "Cat": ["7s", "5h", "4d", "3c", "2h"],  # shown at the showdown
    }
    counts = [(e["seat"], e["count"]) for e in data["events"] if e["type"] == "draw_taken"]
    assert counts == [(1, 2), (2, 3), (3, 2), (2, 1), (3, 1), (2, 0), (3, 0)]
    assert all(e["seat"] == 2 for e in data["events"] if e["type"] == "cards_drawn")


# --------------------------------------------------------------------------- no leak, in any format


def test_no_export_shows_a_card_another_player_was_dealt_threw_or_drew_R42_3(club):
    hands = random_hands(club, count=5, seed=3) + [
        triple_draw_hand(club),
        five_card_draw_hand(club),
        single_draw_all_in_hand(club),
        new_stub_hand(club),
    ]
    hidden_discards = hidden_after_a_show = 0
    for hand in hands:
        replayed = replay(hand)
        shown = {e.seat for e in replayed.events if isinstance(e, HandShown)}
        for me in (None, *replayed.final.seats):
            viewer = Viewer.public() if me is None else viewer_of(club, me)
            secret = unseen(replayed, me)
            thrown = {
                card_str(c)
                for e in replayed.events
                if isinstance(e, CardsDrawn) and e.seat != me
                for c in e.discarded
            }
            hidden_discards += len(secret & thrown)
            hidden_after_a_show += sum(
                1
                for e in replayed.events
                if isinstance(e, CardsDrawn) and e.seat in shown and e.seat != me and e.drawn
            )
            text = pokerstars(replayed, viewer)
            document = phh(replayed, viewer)
            data = json.dumps(record(replayed, viewer))
            named = phh_cards_of(document)
            leaks = {
                "pokerstars": {c for c in secret if mentions_card(text, c)},
                "phh": secret & named,
                "json": {c for c in secret if mentions_card(data, c)},
            }
            assert leaks == {"pokerstars": set(), "phh": set(), "json": set()}, (me, hand.pk)
            if me is not None:  # and the viewer's own cards are all there
                own = cards_held(replayed, me)
                assert all(mentions_card(text, c) for c in own), text
                assert own <= named
                assert all(mentions_card(data, c) for c in own)
    assert hidden_discards > 100 and hidden_after_a_show > 10  # the test has teeth
