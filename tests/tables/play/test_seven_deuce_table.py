"""The 7-2 game at a live table (R22): the bounty moves chips between stacks at the end of
the hand, every chip accounted; the ledger keeps it as its own kinds (not in the session's
net, which the stacks already carry), the log and the JSON export say it."""

from __future__ import annotations

import pytest

from engine.events import SevenDeuceBounty
from pokerclub.models import Club
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.models import Hand
from tables.hands.replay import replay
from tables.money.models import LedgerEntry
from tables.money.settlement import session
from tables.play import actions as services
from tables.play.forms import TableForm
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.tables.conftest import table_form_data
from tests.tables.history_helpers import record_history
from tests.tables.play_helpers import assert_chips_accounted, deal, fresh, to_act, user_at

CHIPS = Club(amount_format="chips")  # a club that counts plain chips

pytestmark = pytest.mark.django_db


def own_cards(table, user) -> list[str]:
    from tables.play.projection import own_cards_by_user

    return own_cards_by_user(table.pk, fresh(table).hand_count)[user.pk]["cards"]


def is_seven_deuce(cards: list[str]) -> bool:
    return sorted(card[0] for card in cards) == ["2", "7"]


def play_until_seven_deuce_wins(table, players, tries: int = 400):
    """Deal hands; a player holding 7-2 raises and everyone else folds, every other hand is
    folded to the big blind. 7-2 comes about once in 83 hands to a player: 400 hands of
    three players make it all but certain (a miss fails loudly)."""
    for _ in range(tries):
        t = deal(table)
        holder = next((p for p in players if is_seven_deuce(own_cards(t, p))), None)
        while fresh(t).in_hand:
            seat, state = to_act(t)
            user = user_at(t, seat)
            legal = state["hand"]["legal"]
            if legal is None:
                services.act(user, t.pk, "show", None, None)
            elif user == holder and legal["bet_or_raise"]:
                services.act(user, t.pk, legal["bet_or_raise"], legal["min_to"], None)
            else:
                services.act(user, t.pk, "fold" if legal["fold"] else "check", None, None)
        if holder is not None:
            hand = Hand.objects.get(table=t, number=fresh(t).hand_count)
            return hand, holder
    raise AssertionError(f"no 7-2 in {tries} hands")


@pytest.mark.parametrize("shown", [True, False])
def test_a_pot_won_with_seven_deuce_collects_the_bounty_into_the_stacks_and_ledger_R22(
    make_table, players, seeded_decks, shown
):
    table = make_table(seven_deuce_bounty=5, seven_deuce_shown=shown)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    hand, holder = play_until_seven_deuce_wins(table, players[:3])
    t = fresh(table)
    assert_chips_accounted(t)  # R7.5: the bounty moved chips between the stacks only
    ledger = LedgerEntry.objects.filter(table=t)
    won = ledger.filter(kind="bounty_won", hand=hand)
    paid = ledger.filter(kind="bounty_paid", hand=hand)
    assert [(e.user_id, e.amount) for e in won] == [(holder.pk, 10)]
    assert sorted(e.amount for e in paid) == [5, 5] and holder.pk not in {e.user_id for e in paid}
    state = load_public_state(t.pk)
    mine = next(s for s in state["seats"] if s["player"] and s["player"]["user_id"] == holder.pk)
    assert mine["bounty"] == 10, mine
    # turned face up to collect, or (the table's choice) collected face down (R22.2)
    assert mine["cards"] == (own_cards(t, holder) if shown else ["??", "??"])
    assert any("collects the 7-2 bounty: 10" in render(line, str) for line in state["hand"]["log"])
    # the session's net is the stacks' (the ledger rows of the bounty are not counted twice)
    lines = {line.user_id: line for line in session(t).lines if line.user_id}
    assert {uid: line.bounty for uid, line in lines.items()}[holder.pk] == 10  # shown beside
    assert sum(line.bounty for line in lines.values()) == 0
    assert sum(line.net for line in lines.values()) == -sum(
        e.amount for e in ledger if e.kind == "rake"
    )
    record_history()
    replayed = replay(hand)
    assert replayed.final.to_json() == hand.final_state
    assert any(isinstance(e, SevenDeuceBounty) for e in replayed.events)
    data = record(replayed, Viewer.public())
    # the public PHH replays to its own finishing stacks, the 7-2's cards seen or not
    from engine.phh import loads
    from engine.phh import replay as replay_phh
    from tables.hands.exports.phh_text import phh

    public_phh = phh(replayed, Viewer.public())
    assert replay_phh(loads(public_phh)).state.stacks == replayed.final.stacks
    row = next(p for p in data["players"] if p["user_id"] == holder.pk)
    assert row["bounty"] == 10
    # a 7-2 collected face down stays face down in the public export too (R4.3)
    assert (row["cards"] is not None) is shown


def test_the_form_takes_a_bounty_for_holdem_tables_only_R22():
    assert TableForm(table_form_data(seven_deuce_bounty=5), club=CHIPS).is_valid()
    omaha = TableForm(
        table_form_data(seven_deuce_bounty=5, game="omaha", structure="pot_limit"), club=CHIPS
    )
    assert not omaha.is_valid() and "Hold'em" in omaha.errors["seven_deuce_bounty"][0]
    mixed = TableForm(table_form_data(seven_deuce_bounty=5, mixed_games=["NLH", "PLO"]), club=CHIPS)
    assert mixed.is_valid(), mixed.errors  # the Hold'em orbits play it


@pytest.mark.urls("pokerclub.urls")
def test_the_session_page_shows_the_bounties_beside_the_nets_R22(
    make_table, players, seeded_decks, client
):
    table = make_table(seven_deuce_bounty=5)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    play_until_seven_deuce_wins(table, players[:3])
    client.force_login(players[0])
    page = client.get(f"/clubs/{table.club.slug}/history/sessions/{table.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "7-2 bounties" in html and "+10" in html
