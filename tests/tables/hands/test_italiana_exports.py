"""Poker all'italiana's stored hands (R31-R39) in the history: PHH (this club's ``PITA``:
``pN cc # pass`` and ``pN cbr X # open`` before the opening, the draw without a burn,
the pot carried in and out and the opening shown as user-defined fields), JSON (the
``"italiana"`` facts, the draws' counts to all and their cards to the drawer), no
PokerStars text (PokerStars never dealt the game: refused with ``no_pokerstars_text``),
the hand page, the replayer's steps and the statistics, each for one viewer.

What a viewer may see: their own cards; the hands shown at the showdown (R39.1); the
opener's qualifying cards, shown to everyone at the end of every opened hand (R39.2); how
many cards each player changed (R36.1). Never another player's dealt, thrown or drawn
cards: a hand nobody opened shows nothing at all (R35.1), nor does a parola (R37.3) but
the opening.

The hands are stored as the table stores them (a ``Hand`` and its ``HandAction`` rows) by
playing the engine from a known deck (``Hand.imported_deck``, which the replay deals again
from the deck of the players dealt in, R31.2)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest

from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import Card, card_str
from engine.events import CardsDrawn, FourthCardDealt, HandShown, HoleCardsDealt, OpeningShown
from engine.games import Game, rules
from engine.legal_actions import LegalActions
from engine.phh import loads
from engine.phh import replay as phh_replay
from engine.phh.writer import to_phh
from engine.state import HandConfig, HandState
from tables.hands.error_codes import HandsError, HandsErrorCode
from tables.hands.exports import formats_of, stream
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand, HandPlayer
from tables.hands.replay import ReplayedHand, replay
from tables.hands.timeline import steps
from tests.engine.hand_helpers import deck_for, italiana
from tests.tables.history_helpers import URLS, mentions_card, record_history
from tests.tables.stored_hands import NAMES, Policy, Script, phh_cards_of, store_hand

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

# R34's worked example (four players, seat 4 the mazziere): Ben (seat 2) holds Q♣ Q♦
R34_HANDS = ("7c 8d Tc Jd Ks", "Qc Qd 7h 9s Ah", "8c 9d Th Js As", "9c 9h Jc Ad 7s")
STUB = "8h 8s Kh Kd Qh Qs"  # the draw's cards, no burn (R31)


# --------------------------------------------------------------------------- stored hands


@dataclass
class Club:
    """A chip club: eight members who play (Ann .. Hal, seats 1..8), Mia who does not, and
    an eight-seat table."""

    club: object
    table: object
    users: list
    member: object

    def viewer(self, seat: int | None) -> Viewer:
        return Viewer.public() if seat is None else Viewer(self.users[seat - 1].pk)


@pytest.fixture
def club(django_user_model):
    from pokerclub import actions
    from pokerclub.models import Membership
    from tables.play import actions as services
    from tests.tables.conftest import table_settings

    def user(name: str):
        return django_user_model.objects.create_user(
            email=f"{name.lower()}.italiana@example.com", password="x", display_name=name
        )

    users = [user(name) for name in NAMES]
    member = user("Mia")
    club = actions.create_club(users[0], name="Italiana night")
    for person in [*users[1:], member]:
        Membership.objects.create(club=club, user=person)
    table = services.create_table(users[0], club, table_settings(name="Italiana", max_seats=8))
    return Club(club, table, users, member)


def store(club: Club, config: HandConfig, deck: Sequence[Card], policy: Policy) -> Hand:
    return store_hand(club.table, club.users, config, deck, policy)


def uncalled_hand(club: Club) -> Hand:
    """After a hand nobody opened (80 carried in, queens to open, R35.2): Ann passes, Ben
    opens for 40 with Q♣ Q♦, everyone folds; Ben takes the pot and shows the queens."""
    script = Script(("pass", None), ("open", 40), ("fold", None), ("fold", None), ("fold", None))
    return store(club, italiana(carried=80, opening_pair="Q"), deck_for(*R34_HANDS), script)


def showdown_hand(club: Club) -> Hand:
    """R34's example played on: Ann passes, Ben opens for 40, Cat folds, Dan and Ann call;
    Ann changes two (8♥ 8♠), Ben is servito, Dan changes one (K♥); Ben bets 40, Dan calls,
    Ann folds; Ben shows his queens, Dan mucks his king high."""
    script = Script(
        ("pass", None), ("open", 40), ("fold", None), ("call", None), ("call", None),
        ("draw", 0b00011), ("draw", 0), ("draw", 0b00001),
        ("bet", 40), ("call", None), ("fold", None),
        ("muck", None),
    )  # fmt: skip
    return store(club, italiana(), deck_for(*R34_HANDS, stub=STUB), script)


def nobody_opened_hand(club: Club) -> Hand:
    """Everyone passes (nobody may open but Dan, who passes too): the pot of 40 stays for
    the next hand (R35.1)."""
    deck = deck_for("7c 8d Tc Jd Ks", "Qc 9d 7h 9s Ah", "8c 9h Th Js As", "Td 8s Jc Jh 7s")
    script = Script(("pass", None), ("pass", None), ("pass", None), ("pass", None))
    return store(club, italiana(), deck, script)


def parola_hand(club: Club) -> Hand:
    """With 40 carried in and a mazziere's invito of 5 (Dan's): Ben opens, Cat folds, Dan
    and Ann call; after the draw everyone checks (R37.3): the pot of 205 stays; Ben's
    opening is shown all the same (R39.2)."""
    script = Script(
        ("pass", None), ("open", 40), ("fold", None), ("call", None), ("call", None),
        ("draw", 0b00011), ("draw", 0), ("draw", 0b00001),
        ("check", None), ("check", None), ("check", None),
    )  # fmt: skip
    config = italiana(carried=40, dealer_ante=5)
    return store(club, config, deck_for(*R34_HANDS, stub=STUB), script)


def random_policy(rng: random.Random) -> Policy:
    """Random legal decisions: openings most of the time, some folds, bets and raises,
    draws of none to four cards, mucks where a beaten hand may muck (R39.1)."""

    def policy(state: HandState, legal: LegalActions) -> Action:
        kinds = legal.kinds
        seat = legal.waiting[0] if legal.waiting else legal.seat
        if ActionKind.DRAW in kinds:
            count = rng.choice([0, 1, 2, 3, 4])
            return Action(ActionKind.DRAW, seat, sum(1 << k for k in rng.sample(range(5), count)))
        if ActionKind.SHOW in kinds:
            muck = ActionKind.MUCK in kinds and rng.random() < 0.5
            return Action(ActionKind.MUCK if muck else ActionKind.SHOW, seat)
        if ActionKind.OPEN in kinds and rng.random() < 0.8:
            assert legal.min_to is not None
            return Action(ActionKind.OPEN, seat, legal.min_to)
        if ActionKind.PASS in kinds:
            return Action(ActionKind.PASS, seat)
        if ActionKind.FOLD in kinds and rng.random() < 0.2:
            return Action(ActionKind.FOLD, seat)
        if legal.min_to is not None and legal.max_to is not None and rng.random() < 0.2:
            kind = ActionKind.RAISE if ActionKind.RAISE in kinds else ActionKind.BET
            return Action(kind, seat, rng.choice([legal.min_to, legal.max_to]))
        return Action(ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL, seat)

    return policy


def random_hands(club: Club, count: int, seed: int) -> list[Hand]:
    """``count`` random hands, two to eight players, every structure, some with a pot
    carried in and a mazziere's invito."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        n = rng.randint(2, 8)
        seats = sorted(rng.sample(range(1, 9), n))
        deck = list(rules(Game.ITALIANA, n).deck)
        rng.shuffle(deck)
        config = italiana(
            n,
            seats=tuple(seats),
            stacks=tuple(rng.choice([30, 200, 1000]) for _ in seats),
            button=rng.choice(seats),
            structure=rng.choice(list(Structure)),
            carried=rng.choice([0, 0, 40]),
            dealer_ante=rng.choice([0, 5]),
        )
        hands.append(store(club, config, deck, random_policy(rng)))
    return hands


def all_hands(club: Club) -> list[Hand]:
    return [
        uncalled_hand(club),
        showdown_hand(club),
        nobody_opened_hand(club),
        parola_hand(club),
        *random_hands(club, 30, seed=31),
    ]


def unseen(replayed: ReplayedHand, me: int | None) -> set[str]:
    """Every card another player was dealt, threw or drew that ``me`` never saw: all but
    the hands shown at the showdown (R39.1), the opening shown (R39.2) and ``me``'s own."""
    held: dict[int, set[str]] = {}
    for e in replayed.events:
        if isinstance(e, HoleCardsDealt):
            held.setdefault(e.seat, set()).update(card_str(c) for c in e.cards)
        elif isinstance(e, CardsDrawn):
            held.setdefault(e.seat, set()).update(card_str(c) for c in e.drawn)
        elif isinstance(e, FourthCardDealt):  # R36.2
            held.setdefault(e.seat, set()).add(card_str(e.card))
    public = {
        card_str(c)
        for e in replayed.events
        if isinstance(e, HandShown | OpeningShown)
        for c in e.cards
    }
    others = {c for seat, cards in held.items() if seat != me for c in cards}
    return others - public - held.get(me, set())


# --------------------------------------------------------------------------- PokerStars text


def test_pokerstars_text_is_refused_with_a_code_PokerStars_never_dealt_the_game_R31(club):
    hand = showdown_hand(club)
    with pytest.raises(HandsError) as refused:
        pokerstars(replay(hand), club.viewer(2))
    assert refused.value.code == HandsErrorCode.NO_POKERSTARS_TEXT
    assert "PHH or JSON" in refused.value.message
    assert formats_of("italiana") == ("phh", "json")
    assert formats_of("holdem") == ("pokerstars", "phh", "json")


def test_the_download_of_pokerstars_text_is_refused_and_the_lists_leave_the_hand_out(club, client):
    hand = showdown_hand(club)
    client.force_login(club.users[1])
    base = f"/clubs/{club.club.slug}/history/"
    response = client.get(f"{base}hands/{hand.pk}/export.pokerstars")
    assert response.status_code == 404
    assert response.json()["code"] == "no_pokerstars_text"
    assert client.get(f"{base}hands/{hand.pk}/export.phh").status_code == 200
    assert client.get(f"{base}hands/{hand.pk}/export.json").status_code == 200
    listed = b"".join(client.get(f"{base}export.pokerstars").streaming_content)
    assert listed == b""  # the club's only hand is left out
    assert "[1]" in "".join(stream(Hand.objects.all(), "phh", club.viewer(2)))
    page = client.get(f"{base}hands/{hand.pk}/").content.decode()
    assert "export.pokerstars" not in page and "export.phh" in page
    assert 'id="no-pokerstars-text"' in page and "variant = &quot;PITA&quot;" in page
    listing = client.get(base).content.decode()
    assert 'id="no-pokerstars-text"' in listing


# --------------------------------------------------------------------------- PHH


def test_phh_of_an_opening_won_uncalled_shows_the_opening_to_everyone_R34_6_R39_2(club):
    hand = uncalled_hand(club)
    document = loads(phh(replay(hand), Viewer.public()))
    assert document.variant == "PITA"
    assert document.antes == (10, 10, 10, 10)
    assert document.actions == (
        "d dh p1 ??????????",
        "d dh p2 ??????????",
        "d dh p3 ??????????",
        "d dh p4 ??????????",
        "p1 cc # pass",
        "p2 cbr 40 # open",
        "p3 f",
        "p4 f",
        "p1 f",
    )
    user = document.user_defined
    assert (user["_opener"], user["_opening_shown"]) == ("p2", "QcQd")  # public (R39.2)
    assert (user["_pot_carried_in"], user["_opening_pair"]) == (80, "Q")  # R35.2, R35.3
    assert "_pot_carried" not in user
    assert document.optional["winnings"] == [0, 120, 0, 0]  # the invitos and the 80 carried


def test_phh_of_a_showdown_gives_the_viewer_their_draw_and_others_their_counts_R36_1(club):
    hand = showdown_hand(club)
    ann = loads(phh(replay(hand), club.viewer(1)))
    assert ann.actions == (
        "d dh p1 7c8dTcJdKs",
        "d dh p2 ??????????",
        "d dh p3 ??????????",
        "d dh p4 ??????????",
        "p1 cc # pass",
        "p2 cbr 40 # open",
        "p3 f",
        "p4 cc",
        "p1 cc",
        "p1 sd 7c8d",
        "p2 sd",  # servito
        "p4 sd ??",
        "d dh p1 8h8s",  # no burn: the stub's first two (R31)
        "d dh p4 ??",
        "p2 cbr 40",
        "p4 cc",
        "p1 f",
        "p2 sm QcQd7h9sAh",  # shown at the showdown (R39.1)
        "p4 sm",
    )
    assert ann.user_defined["_opening_shown"] == "QcQd"
    assert ann.optional["winnings"] == [0, 240, 0, 0]


def test_phh_of_a_hand_nobody_opened_names_no_card_and_carries_the_pot_R35_1(club):
    hand = nobody_opened_hand(club)
    document = loads(phh(replay(hand), club.viewer(3)))
    assert document.actions[4:] == ("p1 cc # pass", "p2 cc # pass", "p3 cc # pass", "p4 cc # pass")
    assert phh_cards_of(phh(replay(hand), club.viewer(3))) == {
        "8c", "9h", "Th", "Js", "As"  # Cat's own, nobody else's
    }  # fmt: skip
    user = document.user_defined
    assert (user["_pot_carried"], user["_pot_carried_reason"]) == (40, "nobody_opened")
    assert "_opener" not in user and document.optional["winnings"] == [0, 0, 0, 0]


def test_phh_of_a_parola_carries_the_pot_with_the_mazzieres_invito_R33_2_R37_3(club):
    hand = parola_hand(club)
    document = loads(phh(replay(hand), club.viewer(4)))
    assert document.antes == (10, 10, 10, 15)  # Dan, p4, the mazziere
    assert document.actions[-3:] == ("p2 cc", "p4 cc", "p1 cc")
    assert not any(" sm" in action for action in document.actions)
    user = document.user_defined
    assert (user["_pot_carried_in"], user["_pot_carried"], user["_pot_carried_reason"]) == (
        40, 205, "parola",
    )  # fmt: skip
    assert (user["_opener"], user["_opening_shown"]) == ("p2", "QcQd")


def test_the_viewers_phh_is_the_hands_record_with_only_others_cards_unknown(club):
    """Filled in with the cards the viewer did not see, each viewer's PHH is the hand's own
    record, which our reader replays to the stored stacks and pot carried (a hand whose
    draw ran the stub out is not replayed from PHH, R36.3)."""
    replayed_count = 0
    for hand in all_hands(club):
        replayed = replay(hand)
        full = to_phh(replayed.final, replayed.events).actions
        for seat in replayed.final.seats:
            text = phh(replayed, club.viewer(seat))
            seen = loads(text).actions
            assert len(seen) == len(full)
            for mine, whole in zip(seen, full, strict=True):
                if mine != whole:  # the same action, its cards unknown
                    assert re.sub(r"[2-9TJQKA][cdhs]", "??", whole) == mine, (mine, whole)
            if "deck_reshuffled" in {e.type for e in replayed.events}:
                continue
            again = phh_replay(replace(loads(text), actions=full))
            assert again.state.stacks == replayed.final.stacks
            assert again.state.carried == replayed.final.carried
            replayed_count += 1
    assert replayed_count > 60


# --------------------------------------------------------------------------- JSON


def test_json_record_gives_the_opening_the_draw_counts_and_the_pots_carried(club):
    hand = parola_hand(club)
    data = record(replay(hand), club.viewer(1))  # Ann
    assert data["italiana"] == {
        "deck_size": 32,
        "invito": 10,
        "dealer_ante": 5,
        "pot_carried_in": 40,
        "opening_pair": "J",
        "opening_draw": "open_ended",
        "opener": 2,
        "opening_shown": ["Qc", "Qd"],
        "pot_carried": {"amount": 205, "reason": "parola"},
        "full_over_flush_on_52": True,  # R32.2, R32.4, R32.6, R38.3: the house rules
        "minima_beats_massima": True,
        "flush_by_suit": False,
        "max_raises": None,
    }
    kinds = [(a["name"], a["kind"], a["amount"]) for a in data["actions"][:5]]
    assert kinds == [
        ("Ann", "pass", None), ("Ben", "open", 40), ("Cat", "fold", None),
        ("Dan", "call", None), ("Ann", "call", None),
    ]  # fmt: skip
    draws = [a for a in data["actions"] if a["kind"] == "draw"]
    assert [(a["name"], a["count"]) for a in draws] == [("Ann", 2), ("Ben", 0), ("Dan", 1)]
    assert (draws[0]["discarded"], draws[0]["drawn"]) == (["7c", "8d"], ["8h", "8s"])
    assert all("drawn" not in a and a["amount"] is None for a in draws[1:])
    assert {p["name"]: p["cards"] for p in data["players"]} == {
        "Ann": ["8h", "8s", "Tc", "Jd", "Ks"],
        "Ben": None,  # never shown: his opening is in "italiana", not his hand
        "Cat": None,
        "Dan": None,
    }
    assert data["pots"] == [] and data["shown"] == {}
    assert [p["net"] for p in data["players"]] == [-50, -50, -10, -55]
    types = [e["type"] for e in data["events"]]
    assert types[:2] == ["hand_started", "pot_carried_in"]
    assert "dealer_ante_posted" in types and types[-3:-1] == ["pot_carried", "opening_shown"]


def test_json_record_gives_a_change_of_four_its_fourth_card_to_the_drawer_alone_R36_2(club):
    """Ann changes four: three at her turn (8♥ 8♠ K♥), Dan one (K♦), then Ann's fourth
    (Q♥) after every other draw; her record's draw names all four, the others' the count."""
    script = Script(
        ("pass", None), ("open", 40), ("fold", None), ("call", None), ("call", None),
        ("draw", 0b01111), ("draw", 0), ("draw", 0b00001),
        ("bet", 40), ("call", None), ("fold", None),
        ("muck", None),
    )  # fmt: skip
    hand = store(club, italiana(), deck_for(*R34_HANDS, stub=STUB), script)
    ann = next(a for a in record(replay(hand), club.viewer(1))["actions"] if a["kind"] == "draw")
    assert ann["count"] == 4
    assert ann["discarded"] == ["7c", "8d", "Tc", "Jd"]
    assert ann["drawn"] == ["8h", "8s", "Kh", "Qh"]
    for viewer in (club.viewer(4), club.viewer(None)):  # Dan, and a member
        theirs = next(a for a in record(replay(hand), viewer)["actions"] if a["kind"] == "draw")
        assert theirs["count"] == 4 and "drawn" not in theirs and theirs["amount"] is None
    dan = [a for a in record(replay(hand), club.viewer(4))["actions"] if a["kind"] == "draw"]
    assert dan[2]["drawn"] == ["Kd"]  # Dan's own one card, no fourth of Ann's


def test_a_fourth_card_that_is_the_two_of_clubs_is_in_the_drawers_record_too_R36_2():
    """2♣ is card 0 (a deck of nine players holds it): it is a card like any other."""
    from engine.actions import ActionKind
    from engine.cards import parse_card
    from engine.events import CardsDrawn
    from tables.hands.exports.json_record import _action_json
    from tables.hands.replay import RecordedAction, Step

    two = parse_card("2c")
    assert two == 0
    drawn = CardsDrawn(seat=1, discarded=(1, 2, 3, 4), drawn=(5, 6, 7), hole=(5, 6, 7, 8))
    step = Step(RecordedAction(1, ActionKind.DRAW, 0b01111), None, (drawn,))
    assert _action_json(1, step, {1: "Ann"}, 1, two)["drawn"][-1] == "2c"
    assert len(_action_json(1, step, {1: "Ann"}, 1, None)["drawn"]) == 3


def test_json_record_of_a_hand_nobody_opened_has_no_winner_and_no_card_but_the_viewers(club):
    hand = nobody_opened_hand(club)
    data = record(replay(hand), club.viewer(4))
    assert data["italiana"]["opener"] is None and data["italiana"]["opening_shown"] is None
    assert data["italiana"]["pot_carried"] == {"amount": 40, "reason": "nobody_opened"}
    assert data["pots"] == [] and [p["net"] for p in data["players"]] == [-10] * 4
    assert [p["name"] for p in data["players"] if p["cards"]] == ["Dan"]


# --------------------------------------------------------------------------- no leak


def test_no_export_page_or_step_shows_a_card_another_player_held_unshown_R35_1_R39(club, client):
    hands = all_hands(club)
    client.force_login(club.member)  # Mia, who played none of them
    hidden = 0
    for hand in hands:
        replayed = replay(hand)
        page_of_mia = client.get(f"/clubs/{club.club.slug}/history/hands/{hand.pk}/")
        assert page_of_mia.status_code == 200
        for me in (None, *replayed.final.seats):
            secret = unseen(replayed, me)
            hidden += len(secret)
            viewer = club.viewer(me)
            document = phh(replayed, viewer)
            data = json.dumps(record(replayed, viewer))
            timeline = json.dumps(steps(replayed, me))
            assert not secret & phh_cards_of(document), (hand.pk, me)
            assert not {c for c in secret if mentions_card(data, c)}, (hand.pk, me)
            assert not {c for c in secret if mentions_card(timeline, c)}, (hand.pk, me)
            if me is None:
                text = page_of_mia.content.decode()
                assert not {c for c in secret if mentions_card(text, c)}, hand.pk
    assert hidden > 500  # the test has teeth


# --------------------------------------------------------------------------- the hand page


def test_the_hand_page_shows_the_player_their_cards_and_the_member_only_whats_public(club, client):
    hand = showdown_hand(club)
    url = f"/clubs/{club.club.slug}/history/hands/{hand.pk}/"
    client.force_login(club.users[0])  # Ann, who passed, called, drew two and folded
    page = client.get(url)
    assert page.status_code == 200
    ann = page.content.decode()
    for card in ("7c", "8d", "8h", "8s", "Ks"):  # her deal and draw
        assert mentions_card(ann, card)
    assert page.context["italiana"] == [
        "Invito: 10 each",
        "To open: jacks or better",
        "Also opens: four to an open-ended straight flush",
        "Ben opened with Q♣ Q♦",
    ]
    client.force_login(club.member)  # Mia
    mia = client.get(url).content.decode()
    for card in ("7c", "8d", "8h", "Ks", "9c", "Kh", "8c", "Jc"):  # Ann's, Dan's, Cat's
        assert not mentions_card(mia, card), card
    assert "Ben opened with Q♣ Q♦" in mia
    data = client.get(url).context["data"]
    assert data["me"] is None and all(step["you"]["cards"] == [] for step in data["steps"])


def test_a_hand_with_no_winner_renders_and_names_no_winner_R35_1(club, client):
    hand = nobody_opened_hand(club)
    record_history()
    client.force_login(club.member)
    base = f"/clubs/{club.club.slug}/history/"
    response = client.get(f"{base}hands/{hand.pk}/", HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 200
    assert response.context["italiana"][-1] == (
        "Nessuno apre: il piatto di 40 resta per la mano dopo"
    )
    listing = client.get(base)
    assert [h.winners for h in listing.context["hands"]] == [[]]
    assert [h.pot for h in listing.context["hands"]] == [40]  # the pot carried


def test_the_hand_page_names_the_pot_carried_in_and_the_mazzieres_invito_in_italian(club, client):
    hand = parola_hand(club)
    client.force_login(club.users[2])  # Cat
    response = client.get(
        f"/clubs/{club.club.slug}/history/hands/{hand.pk}/", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.context["italiana"] == [
        "Dalle mani prima, 40 nel piatto",
        "Invito: 10 a testa",
        "Dan, il mazziere, mette 5 in più",
        "Per aprire: jack o meglio",
        "Apre anche: scala reale bilaterale",
        "Tutti parola: il piatto di 205 resta per la mano dopo",
        "Ben apriva con Q♣ Q♦",
    ]


def test_the_replayer_has_a_step_for_each_pass_opening_and_draw_and_the_viewers_cards(club):
    hand = showdown_hand(club)
    replayed = replay(hand)
    ann = steps(replayed, 1)
    assert len(ann) == 1 + hand.actions.count()  # the deal, then one step a decision
    said = [[line["say"] for line in step["lines"]] for step in ann]
    assert said[1] == ["pass"] and said[2] == ["open"]
    mine = [line for step in ann for line in step["lines"] if line["seat"] == 1]
    assert {
        "say": "you_draw",
        "seat": 1,
        "args": {"thrown": ["7c", "8d"], "cards": ["8h", "8s"]},
    } in mine
    counts = [
        line
        for step in ann
        for line in step["lines"]
        if line["say"] in ("draws", "draws_one", "stands_pat")
    ]
    assert [(line["seat"], line["say"]) for line in counts] == [
        (1, "draws"), (2, "stands_pat"), (4, "draws_one"),
    ]  # fmt: skip
    assert ann[0]["you"]["cards"] == ["7c", "8d", "Tc", "Jd", "Ks"]


# --------------------------------------------------------------------------- replay, stats


def test_a_stored_hand_replays_from_the_deck_of_its_players_R31_2(club):
    config = italiana(3)  # three players: 8 to ace, 28 cards
    deck = deck_for("8c 8d Tc Jd Ks", "Qc Qd 9h 9s Ah", "8h 9d Th Js As")
    hand = store(club, config, deck, Script(("pass", None), ("open", 10), ("fold", None),
                                            ("fold", None)))  # fmt: skip
    replayed = replay(hand)
    assert len(replayed.final.deck) == 28 == len(rules(Game.ITALIANA, 3).deck)
    assert replayed.final == HandState.from_json(hand.final_state)


def test_stats_count_the_opening_and_its_calls_as_voluntary_and_a_pass_as_not_R34(club):
    """Opening is the first round's bet (VPIP, PFR); calling it is VPIP; "passo" and the
    invito are not; "the flop" is the draw; a pot carried has no showdown and no winner."""
    showdown_hand(club)
    nobody_opened_hand(club)
    record_history()
    rows = {(r.hand.number, r.name): r for r in HandPlayer.objects.select_related("hand").all()}

    def row(number: int, name: str):
        r = rows[(number, name)]
        return (r.vpip, r.pfr, r.saw_flop, r.went_to_showdown, r.won_at_showdown)

    assert row(1, "Ann") == (True, False, True, False, False)  # passed, called, folded
    assert row(1, "Ben") == (True, True, True, True, True)  # opened, won at the showdown
    assert row(1, "Cat") == (False, False, False, False, False)
    assert row(1, "Dan") == (True, False, True, True, False)
    assert all(row(2, name) == (False,) * 5 for name in NAMES[:4])  # nobody opened
    assert not rows[(2, "Ann")].showdown and rows[(2, "Ann")].pot == 40
    assert rows[(1, "Ben")].pot == 240


def test_a_hand_of_three_with_the_morto_says_so_in_its_json_phh_and_page_R31_4(club):
    """R31.4: three players and the morto's hand, from the deck of four (32 cards): the JSON
    facts say ``"morto": true`` and the deck's size, the PHH ``_morto`` and replays, the hand
    page's facts say it in the reader's language; the morto's cards are in none of them
    (nobody saw them). A hand of three without it says nothing of a morto."""
    from django.utils import translation

    from tables.hands.italiana import page_lines

    rng = random.Random(314)
    config = italiana(3, morto=True)
    deck = list(config.hand_rules().deck)
    rng.shuffle(deck)
    hand = store(club, config, deck, random_policy(rng))
    replayed = replay(hand)
    morto = {card_str(replayed.final.deck[3 + 4 * r]) for r in range(5)}
    for seat in (None, 1, 2, 3):
        data = record(replayed, club.viewer(seat))
        assert data["italiana"]["morto"] is True and data["italiana"]["deck_size"] == 32
        text = json.dumps(data)
        assert not [c for c in morto if f'"{c}"' in text], seat
        document = phh(replayed, club.viewer(seat))
        assert "_morto = true" in document
        assert not morto & set(phh_cards_of(document))
    # filled in with every player's cards, the PHH replays (this deal never ran the stub
    # out, which PHH cannot replay, R36.3)
    assert "deck_reshuffled" not in {e.type for e in replayed.events}
    full = to_phh(replayed.final, replayed.events).actions
    again = phh_replay(replace(loads(phh(replayed, club.viewer(1))), actions=full))
    assert again.config.morto is True and again.state.stacks == replayed.final.stacks
    assert "Morto: a fourth hand dealt, never played" in page_lines(replayed)
    with translation.override("it"):
        assert "Morto: una quarta mano servita e mai giocata" in page_lines(replayed)
    three = list(rules(Game.ITALIANA, 3).deck)  # 28 cards, 8 to ace
    rng.shuffle(three)
    plain = replay(store(club, italiana(3), three, random_policy(rng)))
    assert "morto" not in record(plain, club.viewer(None))["italiana"]
    assert not any("Morto" in line for line in page_lines(plain))


def test_a_buio_hand_says_so_in_its_json_phh_and_page_R33_5(club):
    """R33.5: a hand with a buio and a controbuio: the JSON facts say the table's buio and
    who went blind (nobody's opening shown: the buio is never proved), the PHH ``_buio`` and
    the blind bets, and replays; the hand page says the buio in the reader's language. A
    hand without it says nothing of one."""
    from django.utils import translation

    from tables.hands.italiana import page_lines

    rng = random.Random(335)
    others = random_policy(rng)

    def blind(state: HandState, legal: LegalActions) -> Action:
        for kind in (ActionKind.BUIO, ActionKind.CONTROBUIO):
            if kind in legal.kinds:
                return Action(kind, legal.seat)
        if ActionKind.DRAW in legal.kinds:  # one card each: the stub never runs out (R36.3)
            return Action(ActionKind.DRAW, legal.seat, 0b1)
        return others(state, legal)

    config = italiana(4, buio=2)
    deck = list(config.hand_rules().deck)
    rng.shuffle(deck)
    replayed = replay(store(club, config, deck, blind))
    first, second = replayed.final.seats[:2]
    assert replayed.final.blind == (0, 1)
    for seat in (None, 1, 2, 3, 4):
        data = record(replayed, club.viewer(seat))
        assert data["italiana"]["buio"] == 2 and data["italiana"]["blind"] == [first, second]
        assert data["italiana"]["opener"] is None and data["italiana"]["opening_shown"] is None
        document = phh(replayed, club.viewer(seat))
        assert "_buio = 2" in document and "cbr 80 # buio" in document
        assert "cbr 160 # controbuio" in document
    # filled in with every player's cards, the PHH replays
    full = to_phh(replayed.final, replayed.events).actions
    again = phh_replay(replace(loads(phh(replayed, club.viewer(1))), actions=full))
    assert again.config.buio == 2 and again.state.stacks == replayed.final.stacks
    record_history()  # the buio and the controbuio are bets before the draw (VPIP, PFR)
    rows = {r.seat: r for r in HandPlayer.objects.filter(hand=replayed.hand)}
    assert rows[first].vpip and rows[first].pfr and rows[second].pfr
    assert "Buio of twice the pot" in page_lines(replayed)
    with translation.override("it"):
        assert "Buio del doppio del piatto" in page_lines(replayed)
    plain = list(config.hand_rules().deck)
    rng.shuffle(plain)
    without = replay(store(club, italiana(4), plain, random_policy(rng)))
    assert "buio" not in record(without, club.viewer(None))["italiana"]
    assert not any("Buio" in line for line in page_lines(without))
