"""Playing hands through the services as the clock and the players would: shared by the
play, deck, run-out and history tests (test modules import this, never one another)."""

from __future__ import annotations

import re
from datetime import timedelta

from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.models import Seat, Table
from tables.play.projection import load_public_state, own_cards_by_user


def verify_every_viewer(hand) -> None:
    """Every seat's and a member's deck proof of the stored ``hand`` checks out (R15)."""
    from engine.fairness import verify_record
    from tables.hands.proof import viewer_record
    from tables.hands.replay import replay

    replayed = replay(hand)
    for seat in [*replayed.final.seats, None]:
        verdict = verify_record(viewer_record(replayed, seat))
        assert verdict.ok, (seat, verdict.problems)


def fresh(table):
    return Table.objects.get(pk=table.pk)


def deal(table, now=None):
    """Let the scheduled next hand start (as the clock would)."""
    table = fresh(table)
    assert table.next_hand_at is not None, "no hand is scheduled"
    now = now or table.next_hand_at + timedelta(milliseconds=1)
    assert services.handle_due(table.pk, table.version, now=now)
    return fresh(table)


def to_act(table):
    state = load_public_state(table.pk)
    return state["hand"]["to_act"], state


def user_at(table, number):
    return Seat.objects.get(table=table, number=number).user


def play_randomly(table, rng, hands):
    """Play ``hands`` hands with random legal actions through the services; busted
    players rebuy so that the game goes on."""
    played = 0
    for _ in range(hands * 80):
        t = fresh(table)
        if not t.in_hand:
            if played >= hands:
                return played
            for s in Seat.objects.filter(table=t, stack=0).exclude(user=None):
                services.top_up(s.user, t.pk, rng.randint(t.min_buy_in, t.max_buy_in))
            deal(t)
            played += 1
            continue
        step_randomly(t, rng)
    return played


def step_randomly(t, rng) -> None:
    """One step of the hand on table ``t`` (fresh): a random legal decision of the player
    to act, or the clock's next street of an all-in runout."""
    seat, state = to_act(t)
    hand = state["hand"]
    if hand["phase"] == "runout":  # the clock deals the next street when it is due
        assert services.handle_due(t.pk, t.version, now=t.deadline)
        return
    user = user_at(t, seat)
    if hand["pending"]:
        if hand["pending"]["kind"] == "run_twice":
            services.act(user, t.pk, "run_twice", rng.choice([0, 1]), None)
        else:
            may_muck = hand["pending"]["may_muck"]
            services.act(
                user, t.pk, rng.choice(["show", "muck"]) if may_muck else "show", None, None
            )
        return
    legal = hand["legal"]
    if legal.get("draw"):  # R42.2: throw some of one's own cards (R36.1: at most max_draw)
        own = own_cards_by_user(t.pk, t.hand_count)[user.pk]["cards"]
        most = min(len(own), legal.get("max_draw") or len(own))
        services.draw(user, t.pk, rng.sample(own, rng.randint(0, most)), t.version)
        return
    if legal.get("blind"):  # R33.5: the buio or the controbuio, or look
        choice = legal["blind"] if rng.random() < 0.5 else "look"
        services.act(user, t.pk, choice, None, t.version)
        return
    if legal.get("opening"):  # R34.1: open when one's cards allow it, or pass
        mine = own_cards_by_user(t.pk, t.hand_count)[user.pk]
        if mine.get("opening_cards") and rng.random() < 0.7:
            amount = rng.randint(legal["min_to"], legal["max_to"])
            services.act(user, t.pk, "open", amount, t.version)
        else:
            services.act(user, t.pk, "pass", None, t.version)
        return
    if legal.get("bring_in") is not None:  # R45.4: bring in, or complete
        if legal["bet_or_raise"] and rng.random() < 0.3:
            services.act(user, t.pk, "bet", legal["min_to"], t.version)
        else:
            services.act(user, t.pk, "bring_in", None, t.version)
        return
    options = ["fold"] if legal["fold"] else []
    options += ["check"] if legal["check"] else ["call"]
    if legal["bet_or_raise"]:  # all-in only where it is legal (pot and fixed limit, R6)
        options += ["raise", "all_in"] if legal["all_in_to"] is not None else ["raise"]
    choice = rng.choice(options)
    if choice == "raise":
        amount = rng.randint(legal["min_to"], legal["max_to"])
        services.act(user, t.pk, legal["bet_or_raise"], amount, t.version)
    else:
        services.act(user, t.pk, choice, None, t.version)


def fold_out(table) -> None:
    """Play the current hand to its end with everyone folding (checking when nothing is to
    call, showing when asked at showdown, R11.3): the big blind usually takes it."""
    while fresh(table).in_hand:
        seat, state = to_act(table)
        legal = state["hand"]["legal"]  # None: asked to show or muck
        kind = "show" if legal is None else "fold" if legal.get("fold") else "check"
        if legal and legal.get("bring_in") is not None:  # R45.4: neither fold nor check
            kind = "bring_in"
        if legal and legal.get("opening"):  # R34.1: nobody opens
            kind = "pass"
        if legal and legal.get("blind"):  # R33.5: nobody goes blind
            kind = "look"
        services.act(user_at(table, seat), table.pk, kind, None, None)


def check_down(table) -> None:
    """Play the current hand to its end with everyone checking or calling, showing when
    asked at showdown (the hands and the boards are the test's subject)."""
    while fresh(table).in_hand:
        seat, state = to_act(table)
        hand = state["hand"]
        user = user_at(table, seat)
        if hand["pending"]:
            services.act(user, table.pk, "show", None, None)
        else:
            legal = hand["legal"]
            kind = "check" if legal.get("check") else "call"
            if legal.get("bring_in") is not None:  # R45.4
                kind = "bring_in"
            if legal.get("opening"):  # R34.1: nobody opens
                kind = "pass"
            if legal.get("blind"):  # R33.5: nobody goes blind
                kind = "look"
            services.act(user, table.pk, kind, None, fresh(table).version)


def assert_chips_accounted(table) -> None:
    """R7.5: every chip bought in (or added by a host's correction) is on the table, cashed
    out, raked or taken off by a correction (a 7-2 bounty and the pots only move chips
    between the stacks)."""
    ledger = LedgerEntry.objects.filter(table=table)
    bought = sum(e.amount for e in ledger if e.kind in ("buy_in", "top_up", "adjust_add"))
    out = sum(e.amount for e in ledger if e.kind in ("cash_out", "rake", "adjust_remove"))
    # (poker all'italiana, R35: a pot nobody won waits in the middle, in nobody's stack)
    carried = int(Table.objects.get(pk=table.pk).carried_pot.get("amount", 0))
    assert bought == sum(s.stack for s in Seat.objects.filter(table=table)) + out + carried


def cards_named(value) -> set[str]:
    """Every string in a JSON value that names a card."""
    if isinstance(value, dict):
        return set().union(*map(cards_named, value.values()))
    if isinstance(value, list):
        return set().union(*map(cards_named, value))
    return {value} if isinstance(value, str) and re.fullmatch("[2-9TJQKA][cdhs]", value) else set()


def first_opening(table):
    """Poker all'italiana: deal hands, everyone passing, until a player on turn in the
    opening round holds cards that open (R34.2); the table and that player's seat, before
    they decide."""
    for _ in range(40):
        t = deal(table)
        while fresh(t).in_hand:
            seat, _state = to_act(t)
            user = user_at(t, seat)
            if own_cards_by_user(t.pk, t.hand_count)[user.pk].get("opening_cards"):
                return fresh(t), seat
            services.act(user, t.pk, "pass", None, None)
    raise AssertionError("nobody could open in 40 hands")


ITALIANA_TABLE = {
    "game": "italiana",
    "structure": "pot_limit",
    "small_blind": 1,
    "big_blind": 2,
    # the form's checkboxes as the browser posts them, ticked by default
    "rising_openings": "on",
    "piatto_di_parola": "on",
    "opener_first": "on",
    "full_over_flush_on_52": "on",
    "minima_beats_massima": "on",
    "fourth_card_last": "on",
}
"""A poker all'italiana table's form post (the invito is the small blind field, the cip the
big blind's; R31-R39's house rules at their defaults)."""


TELESINA_TABLE = {
    "game": "telesina",
    "structure": "pot_limit",
    "small_blind": 1,
    "big_blind": 2,
    # the form's checkboxes as the browser posts them, ticked by default
    "best_showing_first": "on",
    "full_over_flush_on_52": "on",
    "minima_beats_massima": "on",
}
"""A Telesina table's form post (R40): the invito in the small blind field, the least bet in
the big blind's, the house rules at their defaults."""
