"""The stud games' stored hands (R45-R47): seven-card stud, stud hi-lo and razz as
PokerStars text (its own stud files' lines), PHH (``F7S``, ``F7S/8``, ``FR``) and JSON, the
hand page and its replayer, and the statistics, each for one viewer. Every player's up
cards are public from when they are dealt; a player's down cards (the first two and the
seventh) only that player sees, and everyone once the hand is shown (R45.2, R11): no
export, page or step shows another player's down card.

Two kinds of hands: hands played at a table through the services (seeded decks; passive
hands to the showdown, hands folded out, random hands with all-ins, eight players sharing
a community card, R45.3), and a few hands stored as the table stores them from a known deck
(``Hand.imported_deck``), whose PokerStars text is compared line by line.

The PokerStars lines are those of PokerStars' own stud files, read in fpdb's regression
files (repository jejellyroll-fr/fpdb-3, regression-test-files/cash/Stars/Stud/):
``7-Stud-USD-0.04-0.08-200911.txt`` (7 Card Stud Limit: the table line without a button,
antes in seat order, ``*** 3rd STREET ***`` ... ``*** RIVER ***``, "Dealt to Hero [3d Th As]",
"Dealt to Nikolay Zem [9s]", "Dealt to Nikolay Zem [9s 6h] [7s]", the hero's own seventh card
"Dealt to Hero [5h 5c 2s As 5d Ah] [4d]", "brings in for $0.02", the bring-in player's
completion "Hero: bets $0.04", "folded on the 3rd Street (didn't bet)", "folded on the
River", seven cards shown), ``7-StudHL-USD-0.04-0.08-200911.txt`` (7 Card Stud Hi/Lo Limit:
"(HI: a pair of Sevens; LO: 8,7,5,4,2)", "(HI: two pair, Aces and Eights)", "No low hand
qualified"), ``Razz-USD-0.04-0.08-200911.txt`` (Razz Limit: "(Lo: 8,6,4,3,2)", "Lo:
K,8,6,3,A", the completion after a bring-in "Hero: raises $0.02 to $0.04"),
``7-StudHL-USD-400-800-201701.3bet.fix.txt`` ("brings in for $120", "raises $280 to $400")
and ``HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt`` (an all-in player
still dealt each street, main and side pots). No file there has a community card: its line
is this club's choice (docs/rules.md, R45 Choices)."""

from __future__ import annotations

import json
import random
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import Card, card_str, parse_cards
from engine.events import (
    CardsShownAfter,
    DownCardDealt,
    HandShown,
    HoleCardsDealt,
    UpCardDealt,
)
from engine.games import Game
from engine.legal_actions import LegalActions
from engine.phh import loads
from engine.phh import replay as phh_replay
from engine.phh.writer import to_phh
from engine.state import HandConfig, HandState
from tables.hands import stats
from tables.hands.exports import pokerstars_text
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand, HandPlayer
from tables.hands.replay import ReplayedHand, replay
from tables.hands.timeline import steps
from tables.play import actions as services
from tests.engine.hand_helpers import stacked_deck
from tests.engine.pokerkit_oracle import mucked_beside_a_pot_of_their_own, replay_phh
from tests.tables import pokerstars_text as ps
from tests.tables.history_helpers import URLS, mentions_card, nets, record_history
from tests.tables.play_helpers import (
    check_down,
    deal,
    fold_out,
    fresh,
    play_randomly,
    to_act,
    user_at,
)
from tests.tables.stored_hands import NAMES, Policy, Script, phh_cards_of, store_hand

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

STUD = {"structure": "fixed_limit", "small_blind": 1, "big_blind": 4, "ante": 1}
GAMES = ("stud", "stud8", "razz")

# --------------------------------------------------------------------------- the club


@dataclass
class Club:
    """A chip club, eight members who play and one who does not; ``hand_ids``: the hands
    played at its tables, once they are."""

    club: object
    users: list
    member: object
    hand_ids: list[int] = field(default_factory=list)

    def viewer(self, seat: int | None) -> Viewer:
        return Viewer.public() if seat is None else Viewer(self.users[seat - 1].pk)

    def table(self, game: str, name: str | None = None):
        from tests.tables.conftest import table_settings

        return services.create_table(
            self.users[0],
            self.club,
            table_settings(name=name or game.title(), game=game, max_seats=8, **STUD),
        )


def make_club(tag: str) -> Club:
    from pokerclub import actions
    from pokerclub.models import Membership, User

    def user(name: str):
        return User.objects.create_user(
            email=f"{name.lower()}.{tag}@example.com", password="x", display_name=name
        )

    users = [user(name) for name in NAMES]
    member = user("Mia")
    club = actions.create_club(users[0], name=f"Stud night {tag}")
    for person in [*users[1:], member]:
        Membership.objects.create(club=club, user=person)
    return Club(club, users, member)


@pytest.fixture
def club(db, monkeypatch):
    """A club of its own for one test, dealing deterministic decks."""
    rng = random.Random(4545)  # (as the seeded_decks fixture)
    monkeypatch.setattr("tables.play.actions.deck.new_secret", lambda: rng.randbytes(32))
    return make_club("fresh")


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """A club whose hands are played once for the module (:func:`played_hands`, and the
    worked example and the community card's hand from known decks); removed after it."""
    from django.db import transaction

    from tables.money.models import LedgerEntry
    from tables.play.models import Table

    rng = random.Random(4747)
    with django_db_blocker.unblock(), transaction.atomic(), pytest.MonkeyPatch.context() as mp:
        mp.setattr("tables.play.actions.deck.new_secret", lambda: rng.randbytes(32))
        mp.setattr("django.conf.settings.EMBEDDED_CLOCK", False, raising=False)
        built = make_club("played")
        hands = played_hands(built) + [worked_example(built), community_hand(built)]
        built.hand_ids = [hand.pk for hand in hands]
    yield built
    with django_db_blocker.unblock():
        LedgerEntry.objects.filter(table__club=built.club).delete()
        Table.objects.filter(club=built.club).delete()
        built.club.delete()
        for person in [*built.users, built.member]:
            person.delete()


def hands_of(club: Club) -> list[Hand]:
    return list(Hand.objects.filter(pk__in=club.hand_ids).order_by("pk"))


def sit(club: Club, table, count: int, stack: int = 200) -> None:
    for seat in range(1, count + 1):
        services.sit(club.users[seat - 1], table.pk, seat, stack)


def finished(table) -> list[Hand]:
    return list(Hand.objects.filter(table=table, ended_at__isnull=False).order_by("number"))


def played_hands(club: Club) -> list[Hand]:
    """Hands of each stud game played through the services: passive hands to the
    showdown, hands folded out on third street, random hands with all-ins (short stacks),
    and eight players checking to seventh street, who share its card in the middle."""
    hands = []
    for game in GAMES:
        table = club.table(game)
        sit(club, table, 4)
        check_down(deal(table))  # to the showdown
        fold_out(deal(table))  # the bring-in takes it
        hands += finished(table)
        shorts = club.table(game, f"{game} short")
        sit(club, shorts, 5, stack=40)
        play_randomly(shorts, random.Random(f"stud-{game}"), 8)
        hands += finished(shorts)
    eight = club.table("razz", "Eight")
    sit(club, eight, 8)
    check_down(deal(eight))
    hands += finished(eight)
    record_history()
    return hands


# --------------------------------------------------------------------------- hands from a known deck


def store(club: Club, config: HandConfig, deck: Sequence[Card], policy: Policy) -> Hand:
    """A hand of the engine stored at a table of its own (:func:`store_hand`)."""
    from tests.tables.conftest import table_settings

    table = services.create_table(
        club.users[0],
        club.club,
        table_settings(name="Known", game=str(config.game), max_seats=8, **STUD),
    )
    return store_hand(table, club.users, config, deck, policy)


def passive(state: HandState, legal: LegalActions) -> Action:
    """Bring in, check or call, and show at the showdown."""
    kinds = legal.kinds
    seat = legal.waiting[0] if legal.waiting else legal.seat
    for kind in (ActionKind.BRING_IN, ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL):
        if kind in kinds:
            return Action(kind, seat)
    raise AssertionError(legal)


def stud_config(game: Game, seats: Sequence[int], button: int) -> HandConfig:
    return HandConfig(
        seats=tuple(seats),
        stacks=(100,) * len(seats),
        button=button,
        small_blind=1,
        big_blind=4,
        ante=1,
        structure=Structure.FIXED_LIMIT,
        game=game,
    )


WORKED = {1: "Ah Kd 4c Ks 9d 2h 7c", 2: "Qs Qh 2c", 3: "8s 8d 5s 7h 8h Js 3d"}
"""R45's worked example: seat 2's 2c brings in, seat 3 completes, seat 1 calls, seat 2
folds; three Eights beat a pair of Kings."""


def worked_example(club: Club, game: Game = Game.SEVEN_CARD_STUD) -> Hand:
    """Ben (seat 2) brings in, Cat (seat 3) completes to 4, Ann calls and Ben folds; Cat
    bets fourth and fifth street, both check sixth, Cat bets the river, Ann calls, and
    mucks her beaten hand once Cat has shown."""
    config = stud_config(game, (1, 2, 3), button=3)
    deck = stacked_deck(config, WORKED)
    script = Script(
        ("bring_in", None), ("raise", 4), ("call", None), ("fold", None),  # Ben, Cat, Ann, Ben
        ("check", None), ("bet", 4), ("call", None),  # fourth street: Ann's King high first
        ("check", None), ("bet", 8), ("call", None),  # fifth street
        ("check", None), ("check", None),  # sixth street
        ("check", None), ("bet", 8), ("call", None),  # the river
        ("muck", None),  # Cat, the last bettor, is shown; Ann mucks
    )  # fmt: skip
    return store(club, config, deck, script)


def community_hand(club: Club) -> Hand:
    """Razz, eight players checking to seventh street: 24 + 3 x 9 = 51 cards leave the
    deck, and the 52nd is everyone's seventh card, in the middle (R45.3)."""
    config = stud_config(Game.RAZZ, range(1, 9), button=8)
    rows = [
        "Ac 2c 3c 4c 5c 6c", "Ad 2d 3d 4d 5d 6d", "Ah 2h 3h 4h 5h 6h", "As 2s 3s 4s 5s 6s",
        "7c 8c 9c Tc Jc Qc", "7d 8d 9d Td Jd Qd", "7h 8h 9h Th Jh Qh", "7s 8s 9s Ts Js Qs",
    ]  # fmt: skip
    holes = dict(zip(range(1, 9), rows, strict=True))
    deck = stacked_deck(config, holes, board="Kd")
    return store(club, config, deck, passive)


def body(text: str) -> list[str]:
    """The lines after the header (whose hand number varies)."""
    return text.splitlines()[1:]


# --------------------------------------------------------------------------- what a viewer may see


def secret_cards(replayed: ReplayedHand, me: int | None) -> set[str]:
    """The cards the player in seat ``me`` never saw (``None``: anyone who did not play):
    every other player's down cards (their first two and their seventh), but for the hands
    shown at the showdown (all their cards, R11) and cards shown after the hand (R11.5)."""
    down = {
        card_str(c)
        for e in replayed.events
        if isinstance(e, HoleCardsDealt) and e.seat != me
        for c in e.cards[:2]
    } | {card_str(e.card) for e in replayed.events if isinstance(e, DownCardDealt) and e.seat != me}
    shown = {e.seat for e in replayed.events if isinstance(e, HandShown)}
    public = {card_str(c) for seat in shown for c in replayed.final.hole_cards(seat)}
    public |= {
        card_str(c) for e in replayed.events if isinstance(e, CardsShownAfter) for c in e.cards
    }
    return down - public


def own_cards(replayed: ReplayedHand, me: int) -> set[str]:
    return {card_str(c) for c in replayed.final.hole_cards(me)}


def leaks(replayed: ReplayedHand, viewer: Viewer, me: int | None) -> dict[str, set[str]]:
    """The cards ``viewer`` never saw that each format names (empty sets: none)."""
    secret = secret_cards(replayed, me)
    text = pokerstars(replayed, viewer)
    data = json.dumps(record(replayed, viewer))
    named = phh_cards_of(phh(replayed, viewer))
    return {
        "pokerstars": {c for c in secret if mentions_card(text, c)},
        "phh": secret & named,
        "json": {c for c in secret if mentions_card(data, c)},
    }


NO_LEAK = {"pokerstars": set(), "phh": set(), "json": set()}

# --------------------------------------------------------------------------- PokerStars' own stud lines

A = ps.A
CARD = ps.C
CARDS = rf"{CARD}(?: {CARD}){{0,6}}"
RANK = "[2-9TJQKA]"
LOW = rf"{RANK}(?:,{RANK}){{4}}"
SHOWN = rf"(?:{ps.HAND_NAME}|HI: {ps.HAND_NAME}(?:; LO: {LOW})?|Lo: {LOW})"
RESULT = rf"(?:won \({A}\) with {SHOWN}|lost with {SHOWN})"
STUD_HEADER = re.compile(
    rf"^PokerStars Hand #\d+:  (?P<game>7 Card Stud|7 Card Stud Hi/Lo|Razz) Limit"
    rf" \({A}/{A}\) - {ps.TIME} UTC \[{ps.TIME} ET\]$"
)
STUD_LINES = {
    **{k: ps.LINES[k] for k in ("seat", "ante", "fold", "check", "call", "bet", "raise")},
    **{k: ps.LINES[k] for k in ("uncalled", "show down", "mucks", "collected", "summary")},
    **{k: ps.LINES[k] for k in ("total", "board")},
    "table": r"^Table '.+' \d+-max$",  # no button in a stud file
    "street": rf"^\*\*\* (?:(?:3rd|4th|5th|6th) STREET|RIVER) \*\*\*(?: \[{CARD}\])?$",
    "dealt": rf"^Dealt to (?P<name>.+?) \[(?P<seen>{CARDS})\](?: \[(?P<new>{CARD})\])?$",
    "bring in": rf"^(?P<name>.+): brings in for (?P<amount>{A})(?: and is all-in)?$",
    "shows": rf"^(?P<name>.+): shows \[{CARDS}\] \({SHOWN}\)$",
    "no low": r"^No low hand qualified$",
    "seat result": rf"^Seat \d+: .+? (?:folded on the (?:(?:3rd|4th|5th|6th) Street|River)"
    rf"(?: \(didn't bet\))?|collected \({A}\)|mucked(?: \[{CARDS}\])?|showed \[{CARDS}\] and"
    rf" {RESULT})$",
}
STUD_PATTERNS = {kind: re.compile(pattern) for kind, pattern in STUD_LINES.items()}


def read_stud_hand(text: str, me: str | None) -> dict[str, int]:
    """Read one stud hand as a tracker does: every line is one PokerStars writes, the
    viewer ``me`` is the only player whose third street shows three cards and the only
    one dealt a seventh-street card, each "Dealt to" line repeats the cards the viewer saw
    of that player before; returns each player's net: what they collected less what they
    put in, each street's raises being "to" amounts of that street."""
    lines = text.splitlines()
    assert STUD_HEADER.match(lines[0]), lines[0]
    stacks: dict[str, int] = {}
    invested: dict[str, int] = {}
    collected: dict[str, int] = {}
    street: dict[str, int] = {}
    seen: dict[str, list[str]] = {}
    in_summary = False
    current = ""

    def close() -> None:
        for name, chips in street.items():
            invested[name] = invested.get(name, 0) + chips
        street.clear()

    for line in lines[1:]:
        kind = next(
            (
                k
                for k, p in STUD_PATTERNS.items()
                if p.match(line) and not (k == "seat" and in_summary)
            ),
            None,
        )
        assert kind is not None, f"not a PokerStars stud line: {line!r}\n{text}"
        m = STUD_PATTERNS[kind].match(line)
        assert m
        if kind == "street":
            close()
            current = line
        elif kind == "dealt":
            name, cards = m["name"], m["seen"].split()
            if m["new"] is None:  # third street: the viewer's three, another's door card
                assert current == "*** 3rd STREET ***", line
                assert len(cards) == (3 if name == me else 1), line
                seen[name] = cards
            else:
                assert cards == seen[name], (line, seen[name])
                assert name == me or current != "*** RIVER ***", line  # a down card: own only
                seen[name] = [*cards, m["new"]]
        elif kind == "summary":
            close()
            in_summary = True
        elif kind == "seat" and not in_summary:
            stacks[m["name"]] = int(m["amount"])
        elif kind == "ante":
            invested[m["name"]] = invested.get(m["name"], 0) + int(m["amount"])
        elif kind in ("call", "bring in"):
            street[m["name"]] = street.get(m["name"], 0) + int(m["amount"])
        elif kind in ("bet", "raise"):
            street[m["name"]] = int(m["amount"])
        elif kind == "uncalled":
            street[m["name"]] -= int(m["amount"])
        elif kind == "collected":
            collected[m["name"]] = collected.get(m["name"], 0) + int(m["amount"])
    close()
    return {name: collected.get(name, 0) - invested.get(name, 0) for name in stacks}


# --------------------------------------------------------------------------- PokerStars text


def test_a_stud_hand_is_written_as_pokerstars_writes_its_own_stud_files(club):
    hand = worked_example(club)
    text = pokerstars(replay(hand), club.viewer(1))
    assert text.splitlines()[0] == (
        f"PokerStars Hand #{hand.pk}:  7 Card Stud Limit (4/8)"
        " - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]"
    )
    assert body(text) == [
        "Table 'Known' 8-max",
        "Seat 1: Ann (100 in chips)",
        "Seat 2: Ben (100 in chips)",
        "Seat 3: Cat (100 in chips)",
        "Ann: posts the ante 1",
        "Ben: posts the ante 1",
        "Cat: posts the ante 1",
        "*** 3rd STREET ***",
        "Dealt to Ann [Ah Kd 4c]",
        "Dealt to Ben [2c]",
        "Dealt to Cat [5s]",
        "Ben: brings in for 1",
        "Cat: raises 3 to 4",
        "Ann: calls 4",
        "Ben: folds",
        "*** 4th STREET ***",
        "Dealt to Ann [Ah Kd 4c] [Ks]",
        "Dealt to Cat [5s] [7h]",
        "Ann: checks",
        "Cat: bets 4",
        "Ann: calls 4",
        "*** 5th STREET ***",
        "Dealt to Ann [Ah Kd 4c Ks] [9d]",
        "Dealt to Cat [5s 7h] [8h]",
        "Ann: checks",
        "Cat: bets 8",
        "Ann: calls 8",
        "*** 6th STREET ***",
        "Dealt to Ann [Ah Kd 4c Ks 9d] [2h]",
        "Dealt to Cat [5s 7h 8h] [Js]",
        "Ann: checks",
        "Cat: checks",
        "*** RIVER ***",
        "Dealt to Ann [Ah Kd 4c Ks 9d 2h] [7c]",  # her own down card; never Cat's
        "Ann: checks",
        "Cat: bets 8",
        "Ann: calls 8",
        "*** SHOW DOWN ***",
        "Cat: shows [8s 8d 5s 7h 8h Js 3d] (three of a kind, Eights)",
        "Ann: mucks hand",
        "Cat collected 52 from pot",
        "*** SUMMARY ***",
        "Total pot 52 | Rake 0",
        "Seat 1: Ann mucked [Ah Kd 4c Ks 9d 2h 7c]",
        "Seat 2: Ben folded on the 3rd Street",
        "Seat 3: Cat showed [8s 8d 5s 7h 8h Js 3d] and won (52) with three of a kind, Eights",
    ]
    assert read_stud_hand(text, "Ann") == nets(replay(hand)) == {"Ann": -25, "Ben": -2, "Cat": 27}


def test_another_player_sees_only_up_cards_and_the_hands_shown(club):
    hand = worked_example(club)
    ann = body(pokerstars(replay(hand), club.viewer(1)))
    ben = body(pokerstars(replay(hand), club.viewer(2)))
    public = body(pokerstars(replay(hand), Viewer.public()))
    assert [line for line in ben if line.startswith("Dealt to")] == [
        "Dealt to Ann [4c]",
        "Dealt to Ben [Qs Qh 2c]",
        "Dealt to Cat [5s]",
        "Dealt to Ann [4c] [Ks]",
        "Dealt to Cat [5s] [7h]",
        "Dealt to Ann [4c Ks] [9d]",
        "Dealt to Cat [5s 7h] [8h]",
        "Dealt to Ann [4c Ks 9d] [2h]",
        "Dealt to Cat [5s 7h 8h] [Js]",
    ]  # no seventh street line: nobody's down card but one's own
    assert "Seat 1: Ann mucked" in ben and "Seat 1: Ann mucked" in public
    # the viewer's text differs from the public one only by the viewer's own cards
    assert [line for line in ann if line not in public] == [
        "Dealt to Ann [Ah Kd 4c]",
        "Dealt to Ann [Ah Kd 4c] [Ks]",
        "Dealt to Ann [Ah Kd 4c Ks] [9d]",
        "Dealt to Ann [Ah Kd 4c Ks 9d] [2h]",
        "Dealt to Ann [Ah Kd 4c Ks 9d 2h] [7c]",
        "Seat 1: Ann mucked [Ah Kd 4c Ks 9d 2h 7c]",
    ]
    down = {"Ann": {"Ah", "Kd", "7c"}, "Ben": {"Qs", "Qh"}}  # Cat's were shown
    for name, text in (("Ann", ann), ("Ben", ben), (None, public)):
        named = {c for cards in down.values() for c in cards if mentions_card("\n".join(text), c)}
        assert named == down.get(name or "", set()), (name, named)


def test_stud_hi_lo_names_both_halves_and_says_when_no_low_qualified_R46(club):
    # R46's worked example: seat 1's 8-5-3-2-A is the only low, seat 2's Queens the high
    config = stud_config(Game.STUD_HILO, (1, 2), button=2)
    deck = stacked_deck(config, {1: "Ah 2d 3c 8s Kd 5h Kc", 2: "Qs Qh 9c Qd Jd 4s 2c"})
    split = store(club, config, deck, passive)
    lines = body(pokerstars(replay(split), Viewer.public()))
    assert lines[lines.index("*** SHOW DOWN ***") :] == [
        "*** SHOW DOWN ***",
        "Ann: shows [Ah 2d 3c 8s Kd 5h Kc] (HI: a pair of Kings; LO: 8,5,3,2,A)",
        "Ben: shows [Qs Qh 9c Qd Jd 4s 2c] (HI: three of a kind, Queens)",
        "Ben collected 2 from pot",
        "Ann collected 2 from pot",
        "*** SUMMARY ***",
        "Total pot 4 | Rake 0",
        "Seat 1: Ann showed [Ah 2d 3c 8s Kd 5h Kc] and won (2) with HI: a pair of Kings;"
        " LO: 8,5,3,2,A",
        "Seat 2: Ben showed [Qs Qh 9c Qd Jd 4s 2c] and won (2) with HI: three of a kind, Queens",
    ]
    high_only = body(pokerstars(replay(worked_example(club, Game.STUD_HILO)), Viewer.public()))
    assert high_only[high_only.index("*** SHOW DOWN ***") :][1:4] == [
        "Cat: shows [8s 8d 5s 7h 8h Js 3d] (HI: three of a kind, Eights)",
        "Ann: mucks hand",
        "Cat collected 52 from pot",
    ]
    assert high_only[high_only.index("*** SUMMARY ***") - 1] == "No low hand qualified"


def test_razz_names_its_lows_highest_first_the_ace_last_R47(club):
    config = stud_config(Game.RAZZ, (1, 2), button=2)
    deck = stacked_deck(config, {1: "6h 8h 3d Ad Ac Kh 8c", 2: "2d 4s 9d 7c Ts 5s Tc"})
    lines = body(pokerstars(replay(store(club, config, deck, passive)), Viewer.public()))
    shows = [line for line in lines if ": shows [" in line or "showed" in line]
    assert shows == [
        "Ann: shows [6h 8h 3d Ad Ac Kh 8c] (Lo: K,8,6,3,A)",
        "Ben: shows [2d 4s 9d 7c Ts 5s Tc] (Lo: 9,7,5,4,2)",
        "Seat 1: Ann showed [6h 8h 3d Ad Ac Kh 8c] and lost with Lo: K,8,6,3,A",
        "Seat 2: Ben showed [2d 4s 9d 7c Ts 5s Tc] and won (4) with Lo: 9,7,5,4,2",
    ]
    assert lines[3:6] == ["Ann: posts the ante 1", "Ben: posts the ante 1", "*** 3rd STREET ***"]
    # a paired razz hand (no file has one): its five ranks, highest first
    paired = parse_cards("9s 9h 9d 9c Ts Js Qs")
    assert pokerstars_text.pokerstars_hand_label(paired, (), "razz") == "Lo: Q,J,T,9,9"
    # the highest door card brings in (R47.1): Ben's 9d over Ann's 3d
    assert lines[lines.index("*** 3rd STREET ***") + 3] == "Ben: brings in for 1"


def test_the_community_card_is_on_the_river_line_and_the_board_R45_3(club):
    hand = community_hand(club)
    replayed = replay(hand)
    assert replayed.final.boards[0] and all(len(h) == 6 for h in replayed.final.holes)
    lines = body(pokerstars(replayed, club.viewer(3)))
    river = lines.index("*** RIVER *** [Kd]")  # the card in the middle, everyone's seventh
    assert not any(line.startswith("Dealt to") for line in lines[river:])
    assert "Cat: shows [Ah 2h 3h 4h 5h 6h] (Lo: 5,4,3,2,A)" in lines
    assert "Board [Kd]" in lines
    assert lines[lines.index("*** 6th STREET ***") + 1 : lines.index("*** 6th STREET ***") + 4] == [
        "Dealt to Ann [3c 4c 5c] [6c]",
        "Dealt to Ben [3d 4d 5d] [6d]",
        "Dealt to Cat [Ah 2h 3h 4h 5h] [6h]",
    ]
    assert read_stud_hand(pokerstars(replayed, club.viewer(3)), "Cat") == nets(replayed)


def test_every_stud_hand_reads_as_pokerstars_lines_with_the_money_of_the_hand(played):
    club = played
    hands = hands_of(club)
    assert {h.config["game"] for h in hands} == set(GAMES)
    for hand in hands:
        replayed = replay(hand)
        for me in (None, *replayed.final.seats):
            viewer = club.viewer(me)
            text = pokerstars(replayed, viewer)
            name = replayed.names[me] if me is not None else None
            assert read_stud_hand(text, name) == nets(replayed), text
            assert "Seat #" not in text.splitlines()[1]  # no button in a stud file


# --------------------------------------------------------------------------- PHH


def test_phh_of_a_stud_hand_hides_another_players_down_cards(club):
    hand = worked_example(club)
    text = phh(replay(hand), club.viewer(2))  # Ben, p2
    document = loads(text)
    assert document.variant == "F7S" and document.bring_in == 1
    assert document.actions[:3] == ("d dh p1 ????4c", "d dh p2 QsQh2c", "d dh p3 8s8d5s")
    assert "d dh p1 ??" in document.actions  # Ann's seventh card, face down
    assert "d dh p3 3d" in document.actions  # Cat's, shown at the showdown
    assert "p1 sm" in document.actions  # Ann mucked: nothing of hers
    mine = loads(phh(replay(hand), club.viewer(1))).actions
    assert mine[:3] == ("d dh p1 AhKd4c", "d dh p2 ????2c", "d dh p3 8s8d5s")
    assert "d dh p1 7c" in mine


def test_the_viewers_phh_replays_and_is_the_hands_record_with_only_others_down_cards_unknown(
    played,
):
    """Filled in with the cards the viewer did not see, the viewer's PHH is the hand's own
    record, which our reader replays to the recorded stacks; our reader and PokerKit replay
    the viewer's file itself, unknown cards and all, to the same stacks (PokerKit: without
    a community card, which it deals another way, Differences from PokerKit 12, nor a hand
    mucked beside a pot of its own, 9: found by a CI run, tables numbered from 1,149)."""
    club = played
    hands = hands_of(club)
    replayed_by_pokerkit = 0
    for hand in hands:
        replayed = replay(hand)
        full = to_phh(replayed.final, replayed.events).actions
        for seat in (None, *replayed.final.seats):
            text = phh(replayed, club.viewer(seat))
            seen = loads(text).actions
            assert len(seen) == len(full)
            for mine, whole in zip(seen, full, strict=True):
                if mine != whole:  # the same action, some of its cards unknown
                    assert whole.startswith("d dh ") and "??" in mine, (mine, whole)
                    assert re.fullmatch(mine.replace("?", "."), whole), (mine, whole)
            assert (
                phh_replay(replace(loads(text), actions=full)).state.stacks == replayed.final.stacks
            )
            assert phh_replay(loads(text)).state.stacks == replayed.final.stacks
            if "d db" not in text and not mucked_beside_a_pot_of_their_own(replayed.events):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    assert replay_phh(text, rulebook=True) == replayed.final.stacks, text
                replayed_by_pokerkit += 1
    assert replayed_by_pokerkit >= 50


def test_python_m_engine_phh_replays_the_exported_stud_hands(club, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    hands = [worked_example(club), community_hand(club)]
    for k, hand in enumerate(hands):
        (tmp_path / f"hand{k}.phh").write_text(phh(replay(hand), club.viewer(1)))
    result = subprocess.run(
        [sys.executable, "-m", "engine.phh", "replay", "--jobs", "1", str(tmp_path)],
        cwd=Path(__file__).resolve().parents[3],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --------------------------------------------------------------------------- JSON


def test_json_record_gives_each_streets_up_cards_to_all_and_down_cards_to_their_owner(club):
    hand = worked_example(club)
    replayed = replay(hand)
    data = record(replayed, club.viewer(2))  # Ben folded on third street
    assert data["streets"] == [
        {
            "street": "third_street",
            "cards": {"1": [None, None, "4c"], "2": ["Qs", "Qh", "2c"], "3": ["8s", "8d", "5s"]},
            "board": [],
        },
        {"street": "fourth_street", "cards": {"1": ["Ks"], "3": ["7h"]}, "board": []},
        {"street": "fifth_street", "cards": {"1": ["9d"], "3": ["8h"]}, "board": []},
        {"street": "sixth_street", "cards": {"1": ["2h"], "3": ["Js"]}, "board": []},
        {"street": "seventh_street", "cards": {"1": [None], "3": ["3d"]}, "board": []},
    ]  # Cat's down cards: shown at the showdown; Ann's: never
    assert {p["name"]: p["cards"] for p in data["players"]} == {
        "Ann": [None, None, "4c", "Ks", "9d", "2h", None],
        "Ben": ["Qs", "Qh", "2c"],
        "Cat": ["8s", "8d", "5s", "7h", "8h", "Js", "3d"],
    }
    ups = [
        (e["seat"], e["card"], e["street"]) for e in data["events"] if e["type"] == "up_card_dealt"
    ]
    assert ups[:3] == [
        (1, "4c", "third_street"),
        (2, "2c", "third_street"),
        (3, "5s", "third_street"),
    ]
    assert not [e for e in data["events"] if e["type"] == "down_card_dealt"]  # Ben had none
    ann = record(replayed, club.viewer(1))
    downs = [(e["seat"], e["card"]) for e in ann["events"] if e["type"] == "down_card_dealt"]
    assert downs == [(1, "7c")]
    assert [a["kind"] for a in data["actions"]][:4] == ["bring_in", "raise", "call", "fold"]
    public = record(replay(community_hand(club)), Viewer.public())
    assert public["streets"][-1]["board"] == ["Kd"] and public["boards"] == [["Kd"]]


# --------------------------------------------------------------------------- no leak, in any format


def test_no_export_shows_a_card_another_player_was_dealt_face_down_R45_2(played):
    club = played
    hands = hands_of(club)
    hidden = shown_hands = early_shows = communities = 0
    for hand in hands:
        replayed = replay(hand)
        shown_hands += sum(isinstance(e, HandShown) for e in replayed.events)
        communities += bool(replayed.final.boards[0])
        shown: set[int] = set()  # R11.1: all in, shown before a later street's cards
        for e in replayed.events:
            if isinstance(e, HandShown):
                shown.add(e.seat)
            elif isinstance(e, UpCardDealt | DownCardDealt) and e.seat in shown:
                early_shows += 1
        for me in (None, *replayed.final.seats):
            viewer = club.viewer(me)
            secret = secret_cards(replayed, me)
            hidden += len(secret)
            assert leaks(replayed, viewer, me) == NO_LEAK, (me, hand.pk)
            if me is not None:  # and the viewer's own cards are all there
                own = own_cards(replayed, me)
                text = pokerstars(replayed, viewer)
                assert all(mentions_card(text, c) for c in own), text
                assert own <= phh_cards_of(phh(replayed, viewer))
                data = json.dumps(record(replayed, viewer))
                assert all(mentions_card(data, c) for c in own)
        # a member who did not play sees what the public sees
        assert leaks(replayed, Viewer(club.member.pk), None) == NO_LEAK
    # the test has teeth: hidden cards, showdowns, all-ins shown early, community cards
    assert hidden > 500 and shown_hands > 10 and early_shows > 5 and communities >= 2


def test_the_leak_check_catches_each_format_broken_on_purpose(club, monkeypatch):
    """Each format made to write the down cards it must not: the check finds them."""
    hand = worked_example(club)
    replayed = replay(hand)
    viewer = club.viewer(2)  # Ben never saw Ann's down cards
    assert leaks(replayed, viewer, 2) == NO_LEAK
    secret = secret_cards(replayed, 2)
    assert secret == {"Ah", "Kd", "7c"}

    original = pokerstars_text._stud_street

    def every_card(dealt, names, me, seen_of):  # a writer that forgets whose cards they are
        lines = original(dealt, names, me, seen_of)
        for e in dealt:
            if isinstance(e, HoleCardsDealt | DownCardDealt) and e.seat != me:
                cards = e.cards if isinstance(e, HoleCardsDealt) else (e.card,)
                lines.append(f"Dealt to {names[e.seat]} [{' '.join(map(card_str, cards))}]")
        return lines

    with monkeypatch.context() as patch:
        patch.setattr(pokerstars_text, "_stud_street", every_card)
        assert leaks(replayed, viewer, 2) == {**NO_LEAK, "pokerstars": secret}

    def every_hole(self, viewer_seat):  # a replay that shows everyone's cards
        return {
            seat: [card_str(c) for c in self.final.hole_cards(seat)] for seat in self.final.seats
        }

    with monkeypatch.context() as patch:
        patch.setattr(ReplayedHand, "visible_holes", every_hole)
        found = leaks(replayed, viewer, 2)
        assert found["phh"] == secret and found["json"] == secret

    with monkeypatch.context() as patch:  # JSON's events: another player's secret events
        patch.setattr(ReplayedHand, "public_events", lambda self, seat: list(self.events))
        assert leaks(replayed, viewer, 2)["json"] == secret


# --------------------------------------------------------------------------- the hand page


def test_a_stud_hands_page_and_replayer_show_the_viewers_cards_and_nobody_elses_down_cards(
    played, client
):
    club = played
    hands = hands_of(club)
    user = club.users[1]  # Ben
    client.force_login(user)
    pages = 0
    for hand in hands:
        replayed = replay(hand)
        me = replayed.seat_of(user)
        response = client.get(f"/clubs/{club.club.slug}/history/hands/{hand.pk}/")
        assert response.status_code == 200
        page = response.content.decode()
        pages += 1
        for card in secret_cards(replayed, me):
            assert not mentions_card(page, card), f"hand {hand.pk} shows {card}"
        if me is None:
            continue
        for card in own_cards(replayed, me):
            assert mentions_card(page, card)
        data = response.context["data"]
        visible = replayed.visible_holes(me)
        for step in data["steps"]:
            for seat, view in step["seats"].items():
                if int(seat) != me:  # up cards face up, down cards face down (or shown)
                    allowed = {c for c in visible.get(int(seat), []) if c is not None} | {"??"}
                    assert set(view["cards"]) <= allowed, (hand.pk, seat, view["cards"])
            dealt = step["you"]["cards"]
            assert dealt == [card_str(c) for c in replayed.final.hole_cards(me)][: len(dealt)]
        assert data["steps"][0]["you"]["cards"] and len(data["steps"][0]["you"]["cards"]) == 3
    assert pages == len(hands)


def test_the_replayer_names_the_streets_and_the_viewers_own_down_card(club):
    hand = worked_example(club)
    replayed = replay(hand)
    ann = steps(replayed, 1)
    said = [line["say"] for step in ann for line in step["lines"]]
    for street in ("fourth_street", "fifth_street", "sixth_street", "seventh_street"):
        assert street in said
    mine = [line for step in ann for line in step["lines"] if line["say"] == "dealt"]
    assert [line["args"]["cards"] for line in mine] == [["Ah", "Kd", "4c"], ["7c"]]
    said_in = [[line["say"] for line in step["lines"]] for step in ann]
    seventh = next(says for says in said_in if "seventh_street" in says)
    # "Seventh street", then "You are dealt 7c"
    assert seventh.index("seventh_street") < seventh.index("dealt")
    # each step shows the up cards dealt so far on every seat, face down the others
    fourth = next(step for step, says in zip(ann, said_in, strict=True) if "fourth_street" in says)
    assert fourth["seats"]["3"]["cards"] == ["??", "??", "5s", "7h"]
    assert fourth["seats"]["2"]["cards"] == ["??", "??", "2c"] or fourth["seats"]["2"]["folded"]
    assert fourth["you"]["cards"] == ["Ah", "Kd", "4c", "Ks"]
    ben = steps(replayed, 2)
    bens = [line for step in ben for line in step["lines"] if line["say"] == "dealt"]
    assert [line["args"]["cards"] for line in bens] == [["Qs", "Qh", "2c"]]
    assert all(step["seats"]["1"]["cards"][:2] == ["??", "??"] for step in ben)


# --------------------------------------------------------------------------- statistics


def test_stats_count_third_street_as_preflop_and_fourth_street_as_the_flop(club):
    """The bring-in is forced (not VPIP, R45.4); completing it is the first raise (PFR), a
    call of it VPIP; "saw the flop" is saw fourth street (R45.2)."""
    table = club.table("stud")
    sit(club, table, 4)
    t = deal(table)
    seat, state = to_act(t)
    bringer = seat
    services.act(user_at(t, seat), t.pk, "bring_in", None, None)
    seat, state = to_act(t)
    completer = seat
    services.act(user_at(t, seat), t.pk, "raise", 4, None)
    seat, state = to_act(t)
    caller = seat
    services.act(user_at(t, seat), t.pk, "call", None, None)
    seat, state = to_act(t)
    folder = seat
    services.act(user_at(t, seat), t.pk, "fold", None, None)
    seat, state = to_act(t)
    assert seat == bringer
    services.act(user_at(t, seat), t.pk, "fold", None, None)  # the bring-in folds to the raise
    assert to_act(t)[1]["hand"]["street"] == "fourth_street"
    fold_out(fresh(t))
    record_history()
    rows = {r.seat: r for r in HandPlayer.objects.filter(hand__table=table)}

    def row(seat):
        return (rows[seat].vpip, rows[seat].pfr, rows[seat].saw_flop)

    assert row(bringer) == (False, False, False)
    assert row(completer) == (True, True, True)
    assert row(caller) == (True, False, True)
    assert row(folder) == (False, False, False)
    assert rows[bringer].three_bet_chance  # it faced the completion: a raise to re-raise
    by_user = {s.user_id: s for s in stats.club_stats(club.club, game="stud")}
    assert by_user[user_at(t, completer).pk].pfr == 1
    assert by_user[user_at(t, bringer).pk].vpip == 0
    assert stats.club_stats(club.club, game="razz") == []
    games = dict(stats.stats_by_game(club.club, user_at(t, caller).pk))
    assert list(games) == ["Seven-card stud"] and games["Seven-card stud"].saw_flop == 1


def test_the_hand_list_filters_the_stud_games(club, client):
    for game in GAMES:
        table = club.table(game)
        sit(club, table, 2)
        fold_out(deal(table))
    client.force_login(club.users[0])
    for game in GAMES:
        response = client.get(f"/clubs/{club.club.slug}/history/?game={game}")
        assert response.status_code == 200
        listed = {h.table.name for h in response.context["hands"]}
        assert listed == {game.title()}
