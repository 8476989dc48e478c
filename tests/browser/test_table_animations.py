"""What moves on the table: each seat's last action in the betting round, bets sliding into
the pot when a street is dealt, newly dealt board cards turning over, and the paced all-in
runout (no action bar, no countdown, a notice in the middle). Two tests against the fake
server (harness.py), where each step is a state we write; one against the live server, where
the labels come from real play."""

from __future__ import annotations

import re
from copy import deepcopy

from .conftest import LAPTOP, PHONE
from .harness import load_state, open_table
from .live_players import set_up_table, wait_for_new_hand, whose_turn


def label(page, seat: int):
    return page.locator(f'.seat[data-seat="{seat}"] .last-action')


def next_version(state: dict, **hand) -> dict:
    state = deepcopy(state)
    state["version"] += 1
    state["hand"].update(hand)
    return state


def test_labels_sweep_and_a_paced_runout_against_the_fake_server(browser, console, shots):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.clock.install()  # time runs as usual; the test may move it on (the runout below)
    # Flop: Carol (seat 3) bet 40; Frank (seat 6) is to act. Dana watches from seat 1.
    state = load_state("flop_nine_seats")
    seats = {s["number"]: s for s in state["seats"]}
    seats[3]["last_action"] = {"kind": "bet", "amount": 40}
    seats[8]["last_action"] = {"kind": "fold", "amount": None}
    page, server = open_table(context, state)
    console.watch(page)
    assert label(page, 3).inner_text() == "Bet 40"
    assert label(page, 8).inner_text() == "Fold"
    assert page.locator('.seat[data-seat="8"] .tag.fold').count() == 0  # "Fold" stands for "Folded"
    assert label(page, 6).count() == 0  # no last_action (or none yet): no label

    # Frank raises all-in to 88, Carol calls 48 more: each seat shows what it did.
    state = next_version(state, to_act=3)
    seats = {s["number"]: s for s in state["seats"]}
    seats[6].update(stack=0, bet=88, all_in=True, last_action={"kind": "raise", "amount": 88})
    server.push(state)
    label(page, 6).filter(has_text="Raise to 88").wait_for()
    state = next_version(state, to_act=1)
    seats = {s["number"]: s for s in state["seats"]}
    seats[3].update(stack=132, bet=88, last_action={"kind": "call", "amount": 48})
    server.push(state)
    label(page, 3).filter(has_text="Call 48").wait_for()
    shots(page, "labels")
    # The label sits below the seat box: the name and the stack stay in view.
    box = page.locator('.seat[data-seat="3"] .seat-box').bounding_box()
    tag = label(page, 3).bounding_box()
    assert tag["y"] >= box["y"] + box["height"] - 1

    # The turn: the bets slide into the pot, the labels go, only the new card turns over.
    state = next_version(
        state, street="turn", boards=[["Ah", "7c", "2d", "Kd"]], pot_total=300, to_act=1
    )
    for seat in state["seats"]:
        seat.update(bet=0, last_action=None)
    server.push(state)
    page.locator("#fx .fx-chips.sweep").first.wait_for(state="attached")
    assert page.locator("#fx .fx-chips.sweep").count() == 2  # from Carol's and Frank's bets
    assert page.locator(".seat .last-action").count() == 0
    assert page.locator("#boards .pcard.dealt").count() == 1
    assert page.locator("#boards .pcard.dealt").get_attribute("data-card") == "Kd"
    page.locator("#fx .fx-chips").first.wait_for(state="detached")

    # Everyone left is all-in (or covered): the runout. No action bar, no pre-actions, no
    # countdown ring even though there is a deadline (the dealer's next street).
    state = next_version(state, phase="runout", to_act=None, legal=None)
    for seat in state["seats"]:
        if seat["number"] in (1, 3, 6):
            seat["all_in"] = seat["number"] == 6
            seat["shown"] = True
            seat["cards"] = {1: ["Qs", "Qc"], 3: ["As", "Kh"], 6: ["9h", "9d"]}[seat["number"]]
        seat["equity"] = {1: 0.1, 3: 0.8, 6: 0.1}.get(seat["number"])
    state["you"]["cards"] = ["Qs", "Qc"]
    server.push(state)
    page.locator("#center-msg").filter(has_text="All-in — running it out").wait_for()
    page.clock.run_for(1000)  # five ticks of the page's clock (one each 200 ms) have run
    assert page.locator(".seat.timing").count() == 0
    assert page.locator(".seat-timer:not(:empty)").count() == 0
    assert not page.locator("#action-bar").is_visible()
    assert not page.locator("#pre-actions").is_visible()
    assert page.locator('.seat[data-seat="3"] .tag.equity').inner_text() == "80%"
    state = next_version(state, equity_exact=False)  # preflop equities are estimates
    server.push(state)
    page.locator('.seat[data-seat="3"] .tag.equity').filter(has_text="≈80%").wait_for()
    state = next_version(state, street="river", boards=[["Ah", "7c", "2d", "Kd", "5s"]])
    server.push(state)
    page.locator('#boards .pcard.dealt[data-card="5s"]').wait_for()
    assert page.locator("#boards .pcard.dealt").count() == 1
    shots(page, "runout")

    # A state after a version gap (or a sync) is drawn as it is: nothing is animated.
    state = next_version(state, phase=None, street="turn", boards=[["Ah", "7c", "2d", "Kd"]])
    for seat in state["seats"]:
        seat["bet"] = 20 if seat["number"] == 9 else 0
    server.push(state)
    page.locator('#boards .pcard[data-card="5s"]').wait_for(state="detached")
    state = next_version(state, street="river", boards=[["Ah", "7c", "2d", "Kd", "5s"]])
    state["version"] += 1
    for seat in state["seats"]:
        seat["bet"] = 0
    server.push(state)
    page.locator('#boards .pcard[data-card="5s"]').wait_for()
    assert page.locator("#boards .pcard.dealt").count() == 0
    assert page.locator("#fx .fx-chips").count() == 0
    assert console.errors == []
    context.close()


def test_reduced_motion_moves_nothing(browser):
    context = browser.new_context(viewport=LAPTOP, reduced_motion="reduce")
    state = load_state("flop_nine_seats")
    page, server = open_table(context, state)
    state = next_version(state, street="turn", boards=[["Ah", "7c", "2d", "Kd"]])
    for seat in state["seats"]:
        seat["bet"] = 0
    server.push(state)
    page.locator('#boards .pcard[data-card="Kd"]').wait_for()
    assert page.locator("#boards .pcard.dealt").count() == 0
    assert page.locator("#fx .fx-chips").count() == 0
    context.close()


def test_players_see_each_others_last_action_until_the_next_street(players, console, shots):
    alice, bob = players("Alice"), players("Bob")
    set_up_table(alice, bob, shots)
    alice.sit(1)
    bob.sit(5)
    wait_for_new_hand([alice, bob], after=0)

    def actor():
        return whose_turn([alice, bob])

    def seat_of(player) -> int:
        return int(player.page.locator(".seat.me").get_attribute("data-seat"))

    def other(player):
        return bob if player is alice else alice

    # Preflop, heads-up: the small blind calls; both players see "Call 1" on that seat.
    caller = actor()
    caller.button("Call").click()
    for p in (alice, bob):
        label(p.page, seat_of(caller)).filter(has_text=re.compile(r"^Call \d")).wait_for()
    shots(other(caller).page, "call-label")

    # The big blind checks: the flop is dealt and the labels are gone.
    checker = actor()
    assert checker is other(caller)
    checker.button("Check").click()
    for p in (alice, bob):
        p.page.locator("#boards .pcard.face").nth(2).wait_for()
        assert p.page.locator(".seat .last-action").count() == 0

    # On the flop the first to act checks: "Check" on their seat, for both.
    first = actor()
    first.button("Check").click()
    for p in (alice, bob):
        label(p.page, seat_of(first)).filter(has_text="Check").wait_for()
    shots(other(first).page, "check-label")
    assert console.errors == []
