"""Poker all'italiana at a live table (R31-R39): the host picks it with its house rules; the
deck is the players' (R31.2) and its draw burns nothing; everyone antes the invito and
nobody posts a blind; "Apro" is offered only to the player whose cards allow it, and only
they are told so; a hand nobody opens (or everyone checks after the draw) leaves its pot in
the middle for the next hand, which needs queens, then kings (R35); the pot carried is
nobody's until it is won, and goes back when the table closes (R35.5)."""

from __future__ import annotations

import random

import pytest

from engine.cards import card_str, parse_cards
from engine.fairness import DeckPlan
from engine.opening import hand_opening_cards, opening_cards
from pokerclub.models import Club
from tables.money import balances, settlement
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.actions.deck import plan_next
from tables.play.error_codes import PlayError
from tables.play.forms import TableForm
from tables.play.hand_state import current_state
from tables.play.models import Seat, Table, split_hand_state
from tables.play.phrases import render
from tables.play.projection import load_public_state, own_cards_by_user, public_message
from tables.tournaments.forms import TournamentForm
from tests.tables.conftest import form_errors, table_form_data
from tests.tables.play_helpers import (
    ITALIANA_TABLE,
    assert_chips_accounted,
    cards_named,
    deal,
    first_opening,
    fresh,
    play_randomly,
    to_act,
    user_at,
)

pytestmark = pytest.mark.django_db

ITALIANA = ITALIANA_TABLE


@pytest.fixture
def italiana_table(make_table, players):
    table = make_table(max_seats=9, **ITALIANA)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def _everyone_passes(table) -> None:
    """R34.1: every player in turn says "passo"."""
    while fresh(table).in_hand:
        seat, state = to_act(table)
        assert state["hand"]["legal"]["opening"] is True
        services.act(user_at(table, seat), table.pk, "pass", None, None)


def test_the_form_offers_poker_all_italiana_with_its_house_rules_R31_R38():
    assert form_errors(**ITALIANA) == {}
    assert form_errors(**ITALIANA, max_seats=9) == {}
    assert "max_seats" in form_errors(**ITALIANA, max_seats=10)  # R31.1: nine at most
    assert "ante" in form_errors(**ITALIANA, ante=1)  # the invito is everyone's ante
    assert "straddle_allowed" in form_errors(**ITALIANA, straddle_allowed="on")
    assert "bomb_pot_ante" in form_errors(**ITALIANA, bomb_pot_ante=2, bomb_pot_every=5)
    assert "max_draw" in form_errors(**ITALIANA, max_draw=3)
    assert "opening_draw" in form_errors(**ITALIANA, opening_draw="gutshot")
    # every house rule left out is the commonest one (the model's defaults)
    form = TableForm(table_form_data(**ITALIANA), club=Club(amount_format="chips"))
    assert form.is_valid()
    values = form.table_values()
    assert values["opening_draw"] == "open_ended" and values["repeat_invito"] == "everyone"
    assert values["max_draw"] == 4 and values["dealer_ante"] == 0
    # a tournament never deals it: a pot nobody won would outlive its last hand (R35)
    assert "italiana" not in dict(TournamentForm.base_fields["game"].choices)


def test_the_deal_antes_the_invito_no_blinds_and_a_deck_of_the_players_R31_2_R33_1(
    italiana_table,
):
    t = deal(italiana_table)
    state = current_state(t)
    assert state.config.small_blind == 0 and state.config.ante == 1 and state.config.big_blind == 2
    assert state.pot_total == 4  # four invitos, nobody's blind
    deck = t.deck
    assert deck["deck_size"] == 32 and deck["draw_burns"] is False  # R31.2: 7 to ace
    plan = DeckPlan(t.pk, deck["hand"], bytes.fromhex(deck["secret"]), 32, False)
    assert plan.root.hex() == deck["root"]  # the root binds the size and the burnless draw
    dealt = {card_str(c) for hole in state.holes for c in hole}
    assert all(card[0] in "789TJQKA" for card in dealt)
    public = load_public_state(t.pk)
    hand = public["hand"]
    assert hand["italiana"] == {
        "pair": "J",
        "opening_draw": "open_ended",
        "carried": 0,
        "opener": None,
        "buio": 0,  # R33.5: none at this table
        "blind": [],
        "unseen": [],
    }
    seats = {s["number"]: s for s in public["seats"] if s["in_hand"]}
    assert not any(s["small_blind"] or s["big_blind"] for s in seats.values())
    texts = [render(line, str) for line in hand["log"]]
    assert sum(text.endswith("posts an ante of 1") for text in texts) == 4
    assert cards_named(public) == set()  # nobody's cards in what everyone sees


def test_apro_is_offered_only_to_cards_that_open_and_only_they_are_told_R34_2_R34_3(
    italiana_table, seeded_decks
):
    t, seat = first_opening(italiana_table)
    state = current_state(t)
    own = own_cards_by_user(t.pk, t.hand_count)
    for i, s in enumerate(state.seats):  # each player is told their own opening cards
        user = user_at(t, s)
        expected = opening_cards(state.holes[i], 4, state.config.opening_pair)
        assert own[user.pk]["opening_cards"] == [card_str(c) for c in expected]
    public = load_public_state(t.pk)
    legal = public["hand"]["legal"]
    # what everyone sees of the decision is the same whatever the cards (R34.3)
    assert legal == {
        "seat": seat,
        "opening": True,
        "min_to": 2,
        "max_to": state.pot_total,
        "all_in_to": None,
        "stack": state.stacks[state.seats.index(seat)],
        "bet": 0,
    }
    assert "opening_cards" not in str(public)
    services.act(user_at(t, seat), t.pk, "open", 3, t.version)
    t = fresh(t)
    public = load_public_state(t.pk)
    assert public["hand"]["italiana"]["opener"] == seat
    assert render(public["hand"]["log"][-1], str).endswith("opens for 3")


def test_a_player_whose_cards_do_not_open_is_refused_and_nothing_changes_R34_2_R39_3(
    italiana_table, seeded_decks
):
    for _ in range(40):
        t = deal(italiana_table)
        seat, _state = to_act(t)
        user = user_at(t, seat)
        if not own_cards_by_user(t.pk, t.hand_count)[user.pk]["opening_cards"]:
            break
        _everyone_passes(t)
    else:
        raise AssertionError("every first player could open")
    before = fresh(t).version
    for action, amount in (("open", 2), ("all_in", None), ("bet", 2), ("check", None)):
        with pytest.raises(PlayError) as refused:
            services.act(user, t.pk, action, amount, None)
        assert refused.value.code == "illegal_action"
    assert fresh(t).version == before
    services.act(user, t.pk, "pass", None, None)
    assert render(load_public_state(t.pk)["hand"]["log"][-1], str).endswith("passes")


def test_a_pot_nobody_opens_stays_and_the_next_hands_need_queens_then_kings_R35_1_R35_2(
    italiana_table,
):
    t = deal(italiana_table)
    _everyone_passes(t)
    t = fresh(t)
    users = [user_at(t, n).pk for n in (1, 2, 3, 4)]
    assert t.carried_pot == {
        "amount": 4,
        "streak": 1,
        "reason": "nobody_opened",
        "users": users,
    }
    texts = [render(line, str) for line in t.hand_log]
    assert texts[-1] == "Nobody opens: the pot of 4 stays for the next hand"
    assert {s.stack for s in Seat.objects.filter(table=t).exclude(user=None)} == {99}  # no winner
    with pytest.raises(PlayError) as refused:  # the cards are thrown in: nobody shows them
        services.show_after_hand(user_at(t, 1), t.pk, t.hand_count, [0])
    assert refused.value.code == "illegal_action" and fresh(t).version == t.version
    assert_chips_accounted(t)
    assert load_public_state(t.pk)["table"]["italiana"]["carried"] == {
        "amount": 4,
        "pair": "Q",
        "reason": "nobody_opened",
    }
    t = deal(t)  # the invito again from everyone (R35.1), the pot carried in as dead money
    state = current_state(t)
    assert state.config.carried == 4 and state.config.opening_pair == "Q"
    assert state.pot_total == 8
    assert "From the hands before, 4 in the pot" in [render(line, str) for line in t.hand_log]
    _everyone_passes(t)
    t = deal(t)
    state = current_state(t)
    assert state.config.carried == 8 and state.config.opening_pair == "K"  # two in a row
    assert fresh(t).carried_pot["streak"] == 2
    assert_chips_accounted(t)


def test_the_first_hand_won_takes_the_carried_pot_and_jacks_open_again_R35_2_R35_3(
    italiana_table, seeded_decks
):
    t, seat = first_opening(italiana_table)
    before = current_state(t)
    pot, stack = before.pot_total, before.stacks[before.seats.index(seat)]
    opener = user_at(t, seat)
    services.act(opener, t.pk, "open", 2, t.version)
    while fresh(t).in_hand:  # everyone else folds: the opener wins it uncalled (R34.6)
        number, state = to_act(t)
        legal = state["hand"]["legal"]
        if legal is None or legal.get("draw"):
            raise AssertionError("the hand went on past the opening round")
        services.act(user_at(t, number), t.pk, "fold", None, None)
    t = fresh(t)
    assert t.carried_pot == {}
    texts = [render(line, str) for line in t.hand_log]
    assert any(" opened with " in text for text in texts)  # R39.2: the opening shown
    # the invitos and whatever was carried in, the opening back uncalled (R8.2), no rake
    assert Seat.objects.get(table=t, number=seat).stack == stack + pot
    assert_chips_accounted(t)
    t = deal(t)
    assert current_state(t).config.opening_pair == "J" and current_state(t).config.carried == 0


def test_the_invito_again_from_the_dealer_only_when_the_host_says_so_R35_1(make_table, players):
    table = make_table(max_seats=9, repeat_invito="dealer", dealer_ante=1, **ITALIANA)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    state = current_state(t)
    assert state.pot_total == 3 + 1  # three invitos and the dealer's (R33.2)
    _everyone_passes(t)
    t = deal(t)
    state = current_state(t)
    assert state.config.ante == 0 and state.config.dealer_ante == 2  # invito + dealer's
    assert state.pot_total == 4 + 2


def test_a_table_closing_with_a_pot_in_the_middle_gives_it_back_and_the_nets_add_up_R35_5(
    italiana_table, club_with_roles
):
    t = deal(italiana_table)
    _everyone_passes(t)  # 4 in the middle, nobody's
    t = deal(t)
    _everyone_passes(t)  # 8
    leaver = user_at(t, 2)
    services.leave(leaver, t.pk)  # they leave their share in it (R35.3)
    # while it waits, the session and the club's book count it as the close would pay it
    running = settlement.session(fresh(t))
    assert [line.net for line in running.lines] == [0, 0, 0, 0]  # two invitos in, two back
    assert sum(m.net for m in balances.book(fresh(t).club).members) == 0
    services.close_table(club_with_roles["host"], t.pk)
    t = fresh(t)
    assert t.status == "closed" and t.carried_pot == {}
    ledger = LedgerEntry.objects.filter(table=t)
    bought = sum(e.amount for e in ledger if e.kind == "buy_in")
    out = sum(e.amount for e in ledger if e.kind == "cash_out")
    assert bought == out == 400  # every chip that came in went out
    # the 8 went back in equal shares to the four dealt into the last hand, the leaver too
    paid = {}
    for e in ledger.filter(kind="cash_out"):
        paid[e.user_id] = paid.get(e.user_id, 0) + e.amount
    assert sorted(paid.values()) == [100, 100, 100, 100]


def test_a_pot_that_stays_keeps_a_mixed_tables_orbit_until_it_is_won_R35_5(make_table, players):
    table = make_table(max_seats=4, mixed_games=["NLH", "ITA"], mixed_blinds="")
    for i, p in enumerate(players[:2]):
        services.sit(p, table.pk, i + 1, 100)
    t = fresh(table)
    t.game, t.structure = "italiana", "pot_limit"
    t.save(update_fields=["game", "structure"])
    for _ in range(4):  # heads-up, the orbit is two hands: nobody opening holds it
        t = deal(t)
        assert t.game == "italiana"
        _everyone_passes(t)
    assert fresh(t).carried_pot["amount"] > 0


def test_many_random_hands_keep_every_chip_and_the_deck_by_the_players_dealt_in_R31_2(
    make_table, players
):
    table = make_table(max_seats=9, **ITALIANA)
    for i, p in enumerate(players[:5]):
        services.sit(p, table.pk, i + 1, 60)
    rng = random.Random(2026)
    play_randomly(table, rng, 12)
    t = fresh(table)
    assert_chips_accounted(t)
    sizes = set()
    services.sit_out(user_at(t, 5), t.pk)
    play_randomly(t, rng, 6)
    for hand in t.hands.all():
        sizes.add((len(hand.players), hand.deck.get("deck_size"), hand.deck.get("draw_burns")))
    assert (5, 36, False) in sizes and (4, 32, False) in sizes
    assert_chips_accounted(fresh(table))


# --- R31.4: the morto ------------------------------------------------------------------------


def test_the_form_offers_the_morto_off_by_default_R31_4():
    assert "morto" in TableForm.house_rules["italiana"] and "morto" in TableForm.house_rules["ITA"]
    assert "morto" not in TableForm.house_rules["telesina"]
    form = TableForm(table_form_data(**ITALIANA), club=Club(amount_format="chips"))
    assert form.is_valid() and form.table_values()["morto"] is False
    form = TableForm(table_form_data(**ITALIANA, morto="on"), club=Club(amount_format="chips"))
    assert form.is_valid() and form.table_values()["morto"] is True


def test_three_players_with_the_morto_are_dealt_a_fourth_hand_from_the_deck_of_four_R31_4(
    make_table, players
):
    from tests.tables.play_helpers import verify_every_viewer

    table = make_table(max_seats=6, **ITALIANA, morto="on")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)  # (committed for two when the second sat, again at the deal: R31.2)
    state = current_state(t)
    assert t.deck["deck_size"] == 32 and t.deck["morto"] is True
    assert state.dealt == 20 and len(state.holes) == 3  # a fourth hand, nobody's
    public = load_public_state(t.pk)
    assert public["table"]["italiana"]["morto"] is True
    assert public["hand"]["deck"]["morto"] is True  # every viewer's check places it
    morto = {card_str(state.deck[3 + 4 * r]) for r in range(5)}
    for seat in (1, 2, 3):  # nobody is told the morto's cards, in any frame they get
        own = own_cards_by_user(t.pk, t.hand_count)[user_at(t, seat).pk]
        assert not morto & set(own["cards"])
        assert not morto & {o["card"] for o in own["openings"]}
    assert not morto & cards_named(public)
    rng = random.Random("morto")
    assert play_randomly(t, rng, 6) == 6
    assert_chips_accounted(fresh(table))
    hands = list(fresh(table).hands.filter(ended_at__isnull=False))
    assert hands and all(h.deck["morto"] is True and h.deck["deck_size"] == 32 for h in hands)
    for hand in hands:
        verify_every_viewer(hand)
    # the next hand's deck is planned for the players ready (whoever busted in the random
    # hands above: planned here on a copy of the table, with every seat's chips as they
    # are set below): three, the four players' deck (R31.4); two, the two players', no morto
    t = fresh(table)
    seats = list(Seat.objects.filter(table=t).exclude(user=None).order_by("number"))
    for chips, size in (((100, 100, 100), 32), ((100, 0, 100), 24)):
        for seat, stack in zip(seats, chips, strict=True):
            seat.stack, seat.pending_chips = stack, 0
        t.next_deck = None
        assert plan_next(t, seats=seats) == ["next_deck"]
        assert t.next_deck["deck_size"] == size
    # a fourth player: no morto, the deck of four all the same
    services.sit(players[3], table.pk, 4, 100)
    play_randomly(fresh(table), rng, 2)
    last = fresh(table).hands.order_by("-number").first()
    assert len(last.players) == 4 and "morto" not in last.deck and last.deck["deck_size"] == 32


def test_the_cards_that_open_are_told_by_the_morto_decks_ranking_R31_4_R34_2(make_table, players):
    """With the morto, three players are dealt from the four players' deck (7 to ace): there
    A-8-9-T-J is no straight and opens nothing, though in three players' deck (8 to ace, the
    ace below the 8) it would. A player is told the cards that open as the engine judges
    them, or they would be told to open and then be refused."""
    table = make_table(max_seats=6, **ITALIANA, morto="on")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    state = current_state(t)
    assert state.config.places == 4 and len(state.seats) == 3
    five = parse_cards("Jc 8c 9d Ah Ts")
    assert opening_cards(five, 3) and not opening_cards(five, 4)
    whole = fresh(t).hand_state
    stored, _fixed = split_hand_state({**whole, "holes": [list(five), *whole["holes"][1:]]})
    Table.objects.filter(pk=t.pk).update(hand_state=stored)
    own = own_cards_by_user(t.pk, t.hand_count)
    first = user_at(t, state.seats[0]).pk
    assert own[first]["cards"] == ["Jc", "8c", "9d", "Ah", "Ts"]
    assert own[first]["opening_cards"] == []
    for seat, hole in zip(state.seats[1:], state.holes[1:], strict=True):
        expected = [card_str(c) for c in hand_opening_cards(state.config, hole)]
        assert own[user_at(t, seat).pk]["opening_cards"] == expected


def test_the_form_offers_the_buio_off_by_default_twice_the_pot_first_R33_5():
    assert "buio" in TableForm.house_rules["italiana"] and "buio" in TableForm.house_rules["ITA"]
    assert "buio" not in TableForm.house_rules["telesina"]
    form = TableForm(table_form_data(**ITALIANA), club=Club(amount_format="chips"))
    assert form.is_valid() and form.table_values()["buio"] == 0
    assert [value for value, _ in form.fields["buio"].choices] == [0, 2, 1]
    for buio in (1, 2):
        form = TableForm(table_form_data(**ITALIANA, buio=buio), club=Club(amount_format="chips"))
        assert form.is_valid() and form.table_values()["buio"] == buio
    assert "buio" in form_errors(**ITALIANA, buio=3)


def test_a_buio_and_a_controbuio_at_the_table_each_player_seeing_only_what_they_may_R33_5(
    make_table, players
):
    """The player left of the dealer (Ann, below) is asked before being shown her cards, and
    so is the next (Ben); the third (Cat) sees hers from the deal. Ann goes blind for twice
    the pot, Ben answers with a controbuio, Ann makes up the difference and looks; Cat
    passes; Ben looks only at his turn, last, and may raise. No frame names a card its
    viewer may not see."""
    table = make_table(max_seats=6, **ITALIANA, buio=2)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    state = current_state(t)
    first, second, third = state.seats  # from the dealer's left (R33.3)
    ann, ben, cat = (user_at(t, n) for n in state.seats)

    def own(user):
        return own_cards_by_user(t.pk, t.hand_count)[user.pk]

    def secret(position):
        return {card_str(c) for c in state.holes[position]}

    assert own(ann) == {"cards": [], "openings": [], "unseen": True}
    assert own(ben) == {"cards": [], "openings": [], "unseen": True}
    assert set(own(cat)["cards"]) == secret(2) and own(cat)["openings"]
    public = load_public_state(t.pk)
    hand = public["hand"]
    assert public["table"]["italiana"]["buio"] == 2
    assert hand["phase"] == "buio" and hand["to_act"] == first
    assert hand["italiana"]["buio"] == 2 and hand["italiana"]["unseen"] == [first, second]
    assert hand["legal"] == {"seat": first, "blind": "buio", "to": 6, "stack": 99, "bet": 0}
    assert not cards_named(public)
    dealt_before = public_message(public)["dealt"]
    with pytest.raises(PlayError):  # not Ben's turn
        services.act(ben, t.pk, "controbuio", None, None)
    services.act(ann, t.pk, "buio", None, None)
    public = load_public_state(t.pk)
    assert public["hand"]["legal"]["blind"] == "controbuio" and public["hand"]["legal"]["to"] == 12
    assert own(ann)["unseen"] and own(ben)["unseen"]
    services.act(ben, t.pk, "controbuio", None, None)
    assert own(ann)["unseen"] and own(ben)["unseen"]  # Ann makes up the difference blind
    public = load_public_state(t.pk)
    assert public["hand"]["legal"]["call"] == 6 and public["hand"]["legal"]["fold"] is True
    services.act(ann, t.pk, "call", None, None)
    assert set(own(ann)["cards"]) == secret(0) and "unseen" not in own(ann)  # she looks now
    assert own(ben)["unseen"]
    public = load_public_state(t.pk)
    assert public_message(public)["dealt"] > dealt_before  # each socket asks for its cards
    assert public["hand"]["to_act"] == third and public["hand"]["legal"]["bet_or_raise"] is None
    assert public["hand"]["italiana"]["blind"] == [first, second]
    services.act(cat, t.pk, "fold", None, None)
    assert set(own(ben)["cards"]) == secret(1)  # Ben looks at his turn, last
    legal = load_public_state(t.pk)["hand"]["legal"]
    assert legal["seat"] == second and legal["check"] and legal["bet_or_raise"] == "raise"
    log = [line["say"] for line in load_public_state(t.pk)["hand"]["log"]]
    assert {"buio", "controbuio", "call", "fold"} <= set(log)
    services.act(ben, t.pk, "check", None, None)
    assert load_public_state(t.pk)["hand"]["phase"] == "draw"


def test_a_player_out_of_time_looks_instead_of_going_blind_R33_5_R14(make_table, players):
    table = make_table(max_seats=6, **ITALIANA, buio=1)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    assert services.handle_due(t.pk, t.version, now=t.deadline)
    t = fresh(table)
    hand = load_public_state(t.pk)["hand"]
    assert hand["phase"] == "betting" and hand["italiana"]["unseen"] == []
    assert hand["legal"]["opening"] is True  # the opening, as without a buio
    assert [line["say"] for line in load_public_state(t.pk)["hand"]["log"]][-2:] == [
        "timed_out",
        "look",
    ]


def test_no_buio_in_the_hand_after_a_piatto_di_parola_R33_5_R37_3(make_table, players):
    table = make_table(max_seats=6, **ITALIANA, buio=2)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = fresh(table)
    Table.objects.filter(pk=t.pk).update(
        carried_pot={"amount": 30, "streak": 1, "reason": "parola", "users": []}
    )
    t = deal(table)
    assert current_state(t).config.buio == 0
    assert load_public_state(t.pk)["hand"]["legal"]["opening"] is True


def test_random_hands_with_the_buio_keep_every_chip_and_prove_every_deck_R33_5(make_table, players):
    from tests.tables.play_helpers import verify_every_viewer

    table = make_table(max_seats=6, **ITALIANA, buio=2)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    deal(table)
    assert play_randomly(fresh(table), random.Random("buio"), 12) == 12
    assert_chips_accounted(fresh(table))
    hands = list(fresh(table).hands.filter(ended_at__isnull=False))
    assert any(h.final_state.get("blind") for h in hands)  # (about half the hands)
    for hand in hands:
        verify_every_viewer(hand)
