"""Telesina's stored hands (R40) in the history, played at a table through the services:
PHH (this club's ``PTEL``, ``NTEL``, ``FTEL``: a stud game's cards with no bring-in, the
invito as antes, the house rules as user-defined fields), no PokerStars text (PokerStars
never dealt the game: refused with ``no_pokerstars_text``, left out of a list's text),
JSON (the ``"telesina"`` facts, the rounds' cards as a stud hand's ``"streets"``), the hand
page and its replayer (the rounds named by their card, in English and Italian), and the
statistics (the invito is not VPIP; "the flop" is the third card), each for one viewer.
Con la vela (R41): the vele in PHH (``d db``, ``_vele``) and in the JSON (``"vele"``, the
``vela`` and ``second_vela`` streets), the page's facts say it, the statistics take the
vele's rounds as later streets; a hand without the vela is exported as before.

What a viewer may see: their own cards, every up card, the hands shown at the showdown
(R40.7); never another player's down card that was not shown."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils import translation

from engine.actions import Action, ActionKind
from engine.cards import card_str
from engine.events import BoardDealt, UpCardDealt
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.phh import loads
from engine.phh import replay as phh_replay
from engine.phh.writer import to_phh
from engine.state import HandConfig
from tables.hands import stats
from tables.hands.exports import formats_of, stream
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.italiana import page_lines
from tables.hands.models import Hand, HandAction, HandPlayer
from tables.hands.proof import start_kwargs
from tables.hands.replay import ReplayedHand, replay
from tables.hands.timeline import steps
from tables.play import actions as services
from tests.tables.history_helpers import URLS, mentions_card, record_history
from tests.tables.play_helpers import (
    TELESINA_TABLE,
    check_down,
    deal,
    fresh,
    play_randomly,
    to_act,
    user_at,
    verify_every_viewer,
)

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

ROUNDS = ("third_card", "fourth_card", "fifth_card")
"""Telesina's rounds after the first, each named by the up card just dealt (R40.3)."""


@pytest.fixture
def telesina_table(make_table, players, seeded_decks):
    """A pot-limit Telesina table (invito 1, least bet 2), four players of 100 chips."""
    table = make_table(max_seats=9, **TELESINA_TABLE)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def finished(table) -> list[Hand]:
    return list(Hand.objects.filter(table=table, ended_at__isnull=False).order_by("number"))


def checked_down(table) -> Hand:
    """One hand dealt and checked down to the showdown; the stored hand."""
    check_down(deal(table))
    return finished(table)[-1]


def secret_cards(replayed: ReplayedHand, me: int | None) -> set[str]:
    """The cards of other players that ``me`` never saw: their down cards, unless shown."""
    visible = replayed.visible_holes(me)
    secret = set()
    for seat, cards in zip(replayed.final.seats, replayed.final.holes, strict=True):
        if seat == me:
            continue
        seen = {c for c in visible.get(seat) or () if c is not None}
        secret |= {card_str(c) for c in cards if card_str(c) not in seen}
    return secret


def url(name: str, club, *args) -> str:
    return reverse(f"history:{name}", args=[club.slug, *args])


# --------------------------------------------------------------------------- PHH


def test_R40_the_phh_download_replays_for_every_viewer(telesina_table, players, client):
    """Hands checked down and random hands with all-ins: each viewer's PHH is ``PTEL``,
    the hand's own record with only others' unshown down cards unknown, and our reader
    replays it, unknown cards and all, to the stored stacks."""
    table = telesina_table
    checked_down(table)
    play_randomly(table, random.Random(40), 12)
    hands = finished(table)
    assert len(hands) == 13
    client.force_login(players[0])
    for hand in hands:
        replayed = replay(hand)
        full = to_phh(replayed.final, replayed.events).actions
        response = client.get(url("hand_export", table.club, hand.pk, "phh"))
        assert response.status_code == 200
        assert response["Content-Disposition"].endswith(f'hand-{hand.pk}.phh"')
        assert loads(response.content.decode()) == loads(phh(replayed, Viewer(players[0].pk)))
        for seat in (None, *replayed.final.seats):
            viewer = Viewer.public() if seat is None else Viewer(players[seat - 1].pk)
            document = loads(phh(replayed, viewer))
            assert document.variant == "PTEL"
            assert document.antes == (1,) * len(replayed.final.seats)  # the invito
            assert len(document.actions) == len(full)
            for seen, whole in zip(document.actions, full, strict=True):
                if seen != whole:  # the same deal, the down card unknown (R40.3)
                    assert whole.startswith("d dh ") and seen == f"{whole[:8]}??{whole[10:]}"
            assert phh_replay(replace(document, actions=full)).state.stacks == replayed.final.stacks
            assert phh_replay(document).state.stacks == replayed.final.stacks


def test_R40_5_another_structure_and_the_house_rules_are_in_the_phh(make_table, players):
    table = make_table(
        max_seats=9,
        **{**TELESINA_TABLE, "structure": "fixed_limit", "best_showing_first": "", "max_raises": 2},
    )
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    hand = checked_down(table)
    document = loads(phh(replay(hand), Viewer.public()))
    assert document.variant == "FTEL" and (document.small_bet, document.big_bet) == (2, 4)
    assert document.user_defined["_best_showing_first"] is False
    assert document.user_defined["_max_raises"] == 2
    assert document.user_defined["_deck_size"] == 28  # R31.2: three players, 8 to ace


# --------------------------------------------------------------------------- PokerStars text


def test_R40_pokerstars_text_is_refused_with_its_code_and_message(telesina_table, players, client):
    table = telesina_table
    hand = checked_down(table)
    assert formats_of("telesina") == ("phh", "json")
    client.force_login(players[0])
    response = client.get(url("hand_export", table.club, hand.pk, "pokerstars"))
    assert response.status_code == 404
    assert response.json()["code"] == "no_pokerstars_text"
    assert "PokerStars never dealt this game" in response.json()["message"]
    italian = client.get(
        url("hand_export", table.club, hand.pk, "pokerstars"), HTTP_ACCEPT_LANGUAGE="it"
    )
    assert italian.json()["code"] == "no_pokerstars_text"
    assert "PokerStars never dealt" not in italian.json()["message"]
    # a list's PokerStars text leaves Telesina's hands out; PHH and JSON hold them
    hands = Hand.objects.filter(pk=hand.pk)
    assert "".join(stream(hands, "pokerstars", Viewer.public())) == ""
    assert "PTEL" in "".join(stream(hands, "phh", Viewer.public()))
    listing = client.get(url("list", table.club))
    assert 'id="no-pokerstars-text"' in listing.content.decode()
    assert "Telesina" in listing.content.decode()
    page = client.get(url("hand", table.club, hand.pk)).content.decode()
    assert 'id="no-pokerstars-text"' in page and "variant = &quot;PTEL&quot;" in page
    assert list(client.get(url("hand", table.club, hand.pk)).context["formats"]) == ["phh", "json"]


# --------------------------------------------------------------------------- JSON


def test_R40_the_json_names_the_house_rules_and_the_rounds_cards(make_table, players):
    table = make_table(
        max_seats=9,
        **{**TELESINA_TABLE, "best_showing_first": "", "flush_by_suit": "on", "max_raises": 3},
    )
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    hand = checked_down(table)
    replayed = replay(hand)
    ann = players[0]
    data = record(replayed, Viewer(ann.pk))
    assert data["game"]["game"] == "telesina" and data["game"]["ante"] == 1
    assert data["telesina"] == {
        "deck_size": 32,  # R31.2: four players, 7 to ace
        "invito": 1,
        "best_showing_first": False,  # R40.4: the first left of the dealer
        "full_over_flush_on_52": True,
        "minima_beats_massima": True,
        "flush_by_suit": True,  # R32.6
        "max_raises": 3,  # R38.3
    }
    assert "italiana" not in data
    assert [s["street"] for s in data["streets"]] == ["second_card", *ROUNDS]
    first = data["streets"][0]["cards"]
    me = replayed.seat_of(ann)
    mine = [card_str(c) for c in replayed.final.hole_cards(me)]
    assert first[str(me)] == mine[:2]  # one down, one up: both the viewer's
    public = record(replayed, Viewer.public())
    for seat, cards in public["streets"][0]["cards"].items():
        hole = [card_str(c) for c in replayed.final.hole_cards(int(seat))]
        shown = int(seat) in replayed.shown()
        assert cards == (hole[:2] if shown else [None, hole[1]])  # the up card for all
    for street in public["streets"][1:]:
        assert all(len(cards) == 1 and cards[0] for cards in street["cards"].values())
    ups = [e for e in public["events"] if e["type"] == "up_card_dealt"]
    assert {e["street"] for e in ups} == {"second_card", *ROUNDS}


# --------------------------------------------------------------------------- the hand page


def test_R40_the_hand_page_shows_the_rounds_up_cards_and_showdown(telesina_table, players, client):
    table = telesina_table
    hand = checked_down(table)
    replayed = replay(hand)
    ann = players[0]
    me = replayed.seat_of(ann)
    client.force_login(ann)
    response = client.get(url("hand", table.club, hand.pk))
    assert response.status_code == 200
    page = response.content.decode()
    assert response.context["italiana"] == ["Invito: 1 each", "Speaks first: the best hand showing"]
    assert 'aria-label="Telesina"' in page
    for card in secret_cards(replayed, me):
        assert not mentions_card(page, card), card
    data = response.context["data"]
    said = [line["say"] for step in data["steps"] for line in step["lines"]]
    assert [s for s in said if s in ROUNDS] == list(ROUNDS)  # each round once, in order
    assert "seventh_street" not in said and said.count("up_card") == 4 * 4
    assert "shows_named" in said or "shows" in said  # the showdown (R40.7)
    assert data["steps"][0]["you"]["cards"] == [
        card_str(c) for c in replayed.final.hole_cards(me)[:2]
    ]
    dealt = [line for step in data["steps"] for line in step["lines"] if line["say"] == "dealt"]
    assert [line["args"]["cards"] for line in dealt] == [data["steps"][0]["you"]["cards"]]
    ups = {(e.seat, card_str(e.card)) for e in replayed.events if isinstance(e, UpCardDealt)}
    last = data["steps"][-1]["seats"]
    for seat, card in ups:  # every up card face up on its seat at the end
        assert card in last[str(seat)]["cards"]
    phrases = response.context["phrases"]["say"]
    assert [phrases[r] for r in ROUNDS] == ["Third card", "Fourth card", "Fifth card"]
    italian = client.get(url("hand", table.club, hand.pk), HTTP_ACCEPT_LANGUAGE="it")
    assert italian.context["italiana"] == [
        "Invito: 1 a testa",
        "Parla per primo: il punto più alto scoperto",
    ]
    phrases = italian.context["phrases"]["say"]
    assert [phrases[r] for r in ROUNDS] == ["Terza carta", "Quarta carta", "Quinta carta"]
    assert phrases["up_card"] == "%(who)s riceve %(cards)s scoperta"


def test_R40_the_replayer_shows_another_player_only_the_up_cards(telesina_table, players):
    table = telesina_table
    hand = checked_down(table)
    replayed = replay(hand)
    ben = replayed.seat_of(players[1])
    seen = 0
    for step in steps(replayed, ben):
        if any(line["say"] in ("shows", "shows_named") for line in step["lines"]):
            break  # the showdown (R40.7): the hands shown are everyone's
        seen += 1
        for seat, view in step["seats"].items():
            if int(seat) != ben and view["cards"]:
                assert view["cards"][0] == "??" and "??" not in view["cards"][1:]
    assert seen == 4 * 4  # the deal, then the checks; the last one brings the showdown


# --------------------------------------------------------------------------- statistics


def test_R40_stats_the_invito_is_not_vpip_and_the_third_card_is_the_flop(telesina_table):
    """The first round's first bet is the first raise (PFR, VPIP), a call of it VPIP, a
    raise over it the 3-bet; checking and the invito are nothing voluntary; "saw the flop"
    is saw the third card."""
    table = telesina_table
    t = deal(table)
    order = []
    for kind, amount in (("bet", 2), ("raise", 8), ("call", None), ("fold", None)):
        seat, state = to_act(t)
        order.append(seat)
        services.act(user_at(t, seat), t.pk, kind, amount, None)
        t = fresh(t)
    seat, state = to_act(t)
    assert seat == order[0]  # back to the bettor, who folds to the raise
    services.act(user_at(t, seat), t.pk, "fold", None, None)
    assert to_act(fresh(t))[1]["hand"]["street"] == "third_card"
    check_down(fresh(t))
    bettor, raiser, caller, folder = order
    hand = checked_down(t)  # everyone checks: nobody plays voluntarily, all see the flop
    record_history()
    first = {r.seat: r for r in HandPlayer.objects.filter(hand__table=table, hand__number=1)}

    def row(seat):
        return (first[seat].vpip, first[seat].pfr, first[seat].saw_flop, first[seat].three_bet)

    assert row(bettor) == (True, True, False, False)
    assert row(raiser) == (True, True, True, True)  # a raise over the first bet: the 3-bet
    assert row(caller) == (True, False, True, False)
    assert row(folder) == (False, False, False, False)  # paid the invito, played nothing
    checked = HandPlayer.objects.filter(hand=hand)
    assert checked.count() == 4 and not any(r.vpip or r.pfr for r in checked)
    assert all(r.saw_flop and r.went_to_showdown for r in checked)
    by_user = {s.user_id: s for s in stats.club_stats(table.club, game="telesina")}
    assert by_user[user_at(t, folder).pk].vpip == 0 and by_user[user_at(t, raiser).pk].pfr == 1
    assert stats.club_stats(table.club, game="italiana") == []
    games = dict(stats.stats_by_game(table.club, user_at(t, caller).pk))
    assert list(games) == ["Telesina"] and games["Telesina"].vpip == 1


# --------------------------------------------------------------------------- R41: the vela


def with_vela(hand: Hand, vele: int = 1) -> Hand:
    """The stored ``hand``, checked down, as a hand dealt con la vela (R41, ``vele`` 1 or
    2; the table's form has no such option yet): its config's ``vele``, its decisions to
    the end of the fifth cards' round kept, then everyone checking each vela's round and
    showing, stored as the table stores them. The deck is the hand's own: each vela is its
    next card (no burn, R41.1), and the deck proof opens it."""
    config = HandConfig.from_json({**hand.config, "vele": vele})
    state, _ = start_hand(config, **start_kwargs(hand))
    rows = list(hand.actions.order_by("sequence"))
    kept = [row for row in rows if row.kind not in ("show", "muck")]
    for row in kept:
        state, _ = apply(state, Action(ActionKind(row.kind), row.seat, row.amount))
    HandAction.objects.filter(pk__in=[row.pk for row in rows if row not in kept]).delete()
    sequence = kept[-1].sequence
    while (legal := legal_actions(state)) is not None:
        if ActionKind.SHOW in legal.kinds:
            action = Action(ActionKind.SHOW, legal.waiting[0] if legal.waiting else legal.seat)
        else:
            action = Action(ActionKind.CHECK, legal.seat)
        state, _ = apply(state, action)
        sequence += 1
        HandAction.objects.create(
            hand=hand, sequence=sequence, seat=action.seat, kind=str(action.kind),
            amount=None, version=sequence,
        )  # fmt: skip
    assert state.is_finished and len(state.board) == vele
    Hand.objects.filter(pk=hand.pk).update(
        config=config.to_json(), final_state=state.to_json(), history_recorded=False
    )
    return Hand.objects.get(pk=hand.pk)


def test_R41_the_phh_download_writes_the_vela_and_replays(telesina_table, players, client):
    """Each viewer's PHH has ``_vele`` and each vela's ``d db`` after the fifth cards'
    round, and our reader replays it to the stored stacks, the vele the hand's."""
    table = telesina_table
    for vele in (1, 2):
        hand = with_vela(checked_down(table), vele)
        verify_every_viewer(hand)  # R15: the proof opens the vele where they were dealt
        replayed = replay(hand)
        vele_dealt = [card_str(c) for c in replayed.final.board]
        assert len(vele_dealt) == vele
        for seat in (None, *replayed.final.seats):
            viewer = Viewer.public() if seat is None else Viewer(players[seat - 1].pk)
            document = loads(phh(replayed, viewer))
            assert document.variant == "PTEL" and document.user_defined["_vele"] == vele
            boards = [a for a in document.actions if a.startswith("d db")]
            assert boards == [f"d db {card}" for card in vele_dealt]  # public: every viewer's
            fifth = max(k for k, a in enumerate(document.actions) if a.startswith("d dh"))
            assert document.actions.index(boards[0]) > fifth + 1  # after the round's decisions
            again = phh_replay(document)
            assert again.config.vele == vele and again.state.stacks == replayed.final.stacks
            assert again.state.board == replayed.final.board
        client.force_login(players[0])
        response = client.get(url("hand_export", table.club, hand.pk, "phh"))
        assert response.status_code == 200 and "_vele = " in response.content.decode()
        pokerstars = client.get(url("hand_export", table.club, hand.pk, "pokerstars"))
        assert pokerstars.status_code == 404  # still none for Telesina (R40)
        assert pokerstars.json()["code"] == "no_pokerstars_text"


def test_R41_a_hand_without_the_vela_is_exported_as_before(telesina_table, players):
    """No ``_vele`` or ``d db`` in PHH, no ``"vele"`` and no vela street in the JSON, the
    page's facts as R40's: the same text as the hand's config without the field."""
    table = telesina_table
    hand = checked_down(table)
    assert "vele" not in hand.config
    replayed = replay(hand)
    viewer = Viewer(players[0].pk)
    text = phh(replayed, viewer)
    assert "_vele" not in text and "d db" not in text
    data = record(replayed, viewer)
    assert "vele" not in data["telesina"] and data["boards"] == [[]]
    assert [s["street"] for s in data["streets"]] == ["second_card", *ROUNDS]
    assert page_lines(replayed) == ["Invito: 1 each", "Speaks first: the best hand showing"]
    Hand.objects.filter(pk=hand.pk).update(config={**hand.config, "vele": 0})
    again = replay(Hand.objects.get(pk=hand.pk))  # vele 0 written out: the same exports
    assert phh(again, viewer) == text and record(again, viewer) == data


def test_R41_the_json_names_the_vele_and_their_streets(telesina_table, players):
    table = telesina_table
    for vele in (1, 2):
        hand = with_vela(checked_down(table), vele)
        replayed = replay(hand)
        vele_dealt = [card_str(c) for c in replayed.final.board]
        for viewer in (Viewer.public(), Viewer(players[1].pk)):
            data = record(replayed, viewer)
            assert data["telesina"]["vele"] == vele  # R41.4
            assert data["boards"] == [vele_dealt]
            streets = data["streets"]
            names = ["vela", "second_vela"][:vele]
            assert [s["street"] for s in streets] == ["second_card", *ROUNDS, *names]
            for street, card in zip(streets[4:], vele_dealt, strict=True):
                assert street["board"] == [card] and street["cards"] == {}  # everyone's
            turned = [e for e in data["events"] if e["type"] == "board_dealt"]
            assert [(e["street"], e["cards"]) for e in turned] == [
                (name, [card]) for name, card in zip(names, vele_dealt, strict=True)
            ]
            assert data["deck"] is not None and data["deck"]["boards"] == [vele_dealt]


def test_R41_the_hand_pages_facts_say_the_vela_in_english_and_italian(telesina_table):
    """The facts end with the vela: "With the vela: ...", "Con la vela: ..."; with two, "Con
    due vele: ..." (R41.4)."""
    table = telesina_table
    one = replay(with_vela(checked_down(table), 1))
    two = replay(with_vela(checked_down(table), 2))
    assert page_lines(one) == [
        "Invito: 1 each",
        "Speaks first: the best hand showing",
        "With the vela: one card in the middle for everyone",
    ]
    assert page_lines(two)[-1] == (
        "With two vele: two cards in the middle for everyone, one at a time"
    )
    with translation.override("it"):
        assert page_lines(one) == [
            "Invito: 1 a testa",
            "Parla per primo: il punto più alto scoperto",
            "Con la vela: una carta in mezzo, di tutti",
        ]
        assert page_lines(two)[-1] == "Con due vele: due carte in mezzo, di tutti, una alla volta"


def test_R41_the_hand_page_shows_the_facts_and_the_vela_in_the_middle(
    telesina_table, players, client
):
    table = telesina_table
    hand = with_vela(checked_down(table), 1)
    replayed = replay(hand)
    client.force_login(players[0])
    response = client.get(url("hand", table.club, hand.pk))
    assert response.status_code == 200
    assert response.context["italiana"][-1] == "With the vela: one card in the middle for everyone"
    vela = card_str(replayed.final.board[0])
    last = response.context["data"]["steps"][-1]
    assert last["hand"]["boards"] == [[vela]]  # in the middle, as stud's seventh card


def test_R41_stats_the_vele_rounds_are_later_streets(telesina_table):
    """A vela hand's statistics are those of the same hand without it: the invito is not
    VPIP, everyone who checks to the end saw the flop (the third card) and went to the
    showdown; the vele's rounds add nothing before the flop (R41, R40.3)."""
    table = telesina_table
    plain = checked_down(table)
    hand = with_vela(checked_down(table), 2)
    assert any(isinstance(e, BoardDealt) for e in replay(hand).events)
    record_history()
    rows = HandPlayer.objects.filter(hand=hand)
    assert rows.count() == 4 and not any(r.vpip or r.pfr or r.three_bet for r in rows)
    assert all(r.saw_flop and r.went_to_showdown and r.showdown for r in rows)
    assert sum(r.net for r in rows) == 0 and {r.pot for r in rows} == {4}
    assert sum(r.won_at_showdown for r in rows) == 1
    before = HandPlayer.objects.filter(hand=plain)
    assert {r.pot for r in before} == {4}
    by_user = {s.user_id: s for s in stats.club_stats(table.club, game="telesina")}
    assert all(s.hands == 2 and s.vpip == 0 for s in by_user.values())
