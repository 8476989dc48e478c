"""The draw at the table page (R42.2, R42.3) against a fake server (harness.py): on the
viewer's draw their own cards are toggles and one button sends the draw ("Stand pat",
"Draw 2"), by click, tap or keys; every seat shows how many cards its player changed in the
latest draw; the betting controls and pre-actions stay out of a draw. The fixture is a 2-7
triple draw in its second draw, Dana's turn to draw."""

from __future__ import annotations

import re
from copy import deepcopy

import pytest

from .conftest import LAPTOP, PHONE
from .harness import load_state, open_table

DANA = ["2h", "4d", "7c", "8s", "Kd"]
NAMES = [
    "Two of hearts",
    "Four of diamonds",
    "Seven of clubs",
    "Eight of spades",
    "King of diamonds",
]


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport=LAPTOP)
    yield context
    context.close()


def my_draw():
    return load_state("second_draw_my_turn")


def seat_of(state, number):
    return next(s for s in state["seats"] if s["number"] == number)


def after_my_draw(state, cards, version=58):
    """The state once Dana has changed two cards: Alice, the last one left, draws now."""
    state = deepcopy(state)
    state["version"] = version
    state["you"]["cards"] = cards
    seat_of(state, 4)["drawn"] = [1, 2]
    state["hand"].update(to_act=1, legal={"seat": 1, "draw": 5}, decision_version=version)
    return state


def betting_before_the_draw():
    """The betting round before the second draw, Alice to act: Dana waits, and may tick a box."""
    state = my_draw()
    state["version"] = 50
    state["hand"].update(
        street="first_draw",
        phase="betting",
        to_act=1,
        legal={
            "seat": 1,
            "fold": False,
            "check": True,
            "call": None,
            "bet_or_raise": "bet",
            "min_to": 4,
            "max_to": 4,
            "all_in_to": None,
        },
    )
    for seat in state["seats"]:
        if seat["drawn"]:
            seat["drawn"] = seat["drawn"][:1]
    return state


def cards(page):
    return page.get_by_role("group", name="Choose the cards to change").get_by_role("button")


def draw_button(page):
    return page.locator("#btn-draw")


def test_on_my_draw_my_cards_are_toggles_and_one_button_sends_them_R42_2(laptop, console, shots):
    page, server = open_table(laptop, my_draw())
    console.watch(page)
    toggles = cards(page)
    assert [toggles.nth(i).get_attribute("aria-pressed") for i in range(5)] == ["false"] * 5
    assert [page.get_by_role("button", name=n, exact=True).count() for n in NAMES] == [1] * 5
    # one button, no betting: no fold, check, call, bet or raise, no sizing, no pre-action
    assert draw_button(page).inner_text() == "Stand pat"
    visible = [b.inner_text() for b in page.locator("#action-bar button").all() if b.is_visible()]
    assert visible == ["Stand pat"]
    assert not page.locator("#sizing").is_visible()
    assert not page.locator("#pre-actions").is_visible()
    assert page.locator("#draw-hint").inner_text() == "Choose the cards to change"

    page.get_by_role("button", name="King of diamonds").click()
    assert draw_button(page).inner_text() == "Draw 1"
    page.get_by_role("button", name="Four of diamonds").click()
    assert draw_button(page).inner_text() == "Draw 2"
    page.get_by_role("button", name="King of diamonds").click()  # put back
    assert draw_button(page).inner_text() == "Draw 1"
    page.get_by_role("button", name="King of diamonds").click()
    pressed = [toggles.nth(i).get_attribute("aria-pressed") for i in range(5)]
    assert pressed == ["false", "true", "false", "false", "true"]
    shots(page, "two-picked")
    # a picked card looks picked: dimmed (and lifted, where there is room), read once the
    # cards' own transitions have ended (the last one clicked may still be moving)
    looks = page.evaluate(
        """async () => {
             const bs = [...document.querySelectorAll(".seat.me button[data-throw]")];
             await Promise.all(bs.flatMap((b) => b.getAnimations({subtree: true}).map((a) => a.finished)));
             return bs.map((b) => [
               getComputedStyle(b).transform, getComputedStyle(b.querySelector(".pcard")).filter]);
           }"""
    )
    assert looks[1] != looks[0] and looks[4] == looks[1]
    assert looks[0] == ["none", "none"] and "brightness" in looks[1][1]

    draw_button(page).click()
    sent = server.wait_for(lambda _: server.sent("draw"))
    assert sent == [{"type": "draw", "cards": ["4d", "Kd"], "version": 57}]
    # sent once: busy until the next state, the cards too
    assert draw_button(page).is_disabled() and toggles.nth(0).is_disabled()
    draw_button(page).click(force=True)
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Two of hearts").click(force=True)
    server.flush()
    assert len(server.sent("draw")) == 1
    assert toggles.nth(0).get_attribute("aria-pressed") == "false"

    # The server deals two new cards in their places: the toggles go, the three kept stay.
    server.push(after_my_draw(my_draw(), ["2h", "3c", "7c", "8s", "5h"]))
    page.locator('.seat.me .pcard[data-card="5h"]').wait_for()
    assert page.locator(".seat.me button[data-throw]").count() == 0
    assert not page.locator("#action-bar").is_visible()
    mine = page.locator(".seat.me .pcard.face").evaluate_all("cs => cs.map((c) => c.dataset.card)")
    assert mine == ["2h", "3c", "7c", "8s", "5h"]
    assert page.locator(".seat.me .tag.drawn").inner_text() == "2"
    shots(page, "drawn")
    assert console.errors == []


def test_keys_one_to_five_pick_my_cards_and_enter_draws(laptop):
    page, server = open_table(laptop, my_draw())
    for key in ("1", "5", "5", "3"):
        page.keyboard.press(key)
    assert draw_button(page).inner_text() == "Draw 2"
    assert cards(page).nth(0).get_attribute("aria-keyshortcuts") == "1"
    page.keyboard.press("f")  # no fold in a draw
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("draw")) == [
        {"type": "draw", "cards": ["2h", "7c"], "version": 57}
    ]
    assert server.sent("act") == []

    # Enter with no card picked stands pat; a card focused by Tab toggles with Space.
    page, server = open_table(laptop, my_draw())
    cards(page).nth(3).focus()
    page.keyboard.press("Space")
    assert cards(page).nth(3).get_attribute("aria-pressed") == "true"
    page.keyboard.press("Space")
    assert draw_button(page).inner_text() == "Stand pat"
    page.locator("#felt-wrap").click(position={"x": 5, "y": 5})  # focus off the buttons
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("draw"))[0]["cards"] == []


def test_a_refused_draw_unlocks_the_controls_with_the_cards_still_picked(laptop):
    page, server = open_table(laptop, my_draw())
    page.get_by_role("button", name="Seven of clubs").click()
    page.get_by_role("button", name="Eight of spades").click()
    draw_button(page).click()
    server.wait_for(lambda _: server.sent("draw"))
    server.push({"type": "error", "code": "illegal_action", "message": "Not your cards."})
    page.get_by_role("alert").filter(has_text="Not your cards.").wait_for()
    assert draw_button(page).is_enabled() and draw_button(page).inner_text() == "Draw 2"
    assert cards(page).nth(2).get_attribute("aria-pressed") == "true"
    # a state of the same draw that is not the answer (a player sat down) keeps them too
    again = my_draw()
    again["version"] = 58
    server.push(again)
    server.settle()
    assert draw_button(page).inner_text() == "Draw 2"
    draw_button(page).click()
    sent = server.wait_for(lambda _: len(server.sent("draw")) == 2 and server.sent("draw"))
    assert sent[1] == {"type": "draw", "cards": ["7c", "8s"], "version": 58}


def test_a_ticked_pre_action_never_answers_a_draw(laptop):
    page, server = open_table(laptop, betting_before_the_draw())
    page.get_by_label("Check/Fold").check()
    # Alice checks: the second draw starts, and it is Dana's turn to draw at once
    server.push(my_draw())
    draw_button(page).wait_for()
    server.settle()
    server.flush()
    assert server.sent("act") == [] and server.sent("draw") == []
    assert not page.locator("#pre-actions").is_visible()
    assert not page.get_by_label("Check/Fold").is_checked()
    # while the others draw, no pre-action either
    server.push(after_my_draw(my_draw(), DANA))
    server.settle()
    assert not page.locator("#action-bar").is_visible()
    assert not page.locator("#pre-actions").is_visible()


def test_every_seat_shows_how_many_cards_it_changed_in_the_latest_draw_R42_3(laptop, console):
    page, server = open_table(laptop, my_draw())
    console.watch(page)
    seats = page.get_by_role("list", name="Seats")
    # Bob changed one card in this draw, Carol stood pat; Dana and Alice have not drawn in
    # it yet, Erin folded
    assert seats.get_by_role(
        "listitem", name="Bob, 188 chips, small blind, Changed 1 card", exact=True
    ).count()
    assert seats.get_by_role(
        "listitem", name="Carol, 188 chips, big blind, Stood pat", exact=True
    ).count()
    badges = {
        seat: page.locator(f'.seat[data-seat="{seat}"] .tag.drawn') for seat in (1, 2, 3, 4, 5)
    }
    assert badges[2].inner_text() == "1" and badges[2].get_attribute("title") == "Changed 1 card"
    assert badges[3].inner_text() == "Pat" and badges[3].get_attribute("title") == "Stood pat"
    assert [badges[s].count() for s in (1, 4, 5)] == [0, 0, 0]
    # no board in a draw game, and the middle says which draw it is
    assert page.locator("#boards .pcard").count() == 0
    assert page.locator("#center-msg").inner_text() == "Draw 2 of 3"

    # Everyone drew: the betting after the second draw shows the counts beside the actions.
    state = after_my_draw(my_draw(), DANA, version=60)
    seat_of(state, 1)["drawn"] = [1, 0]
    seat_of(state, 2)["last_action"] = {"kind": "check", "amount": None}
    state["hand"].update(
        phase="betting",
        to_act=3,
        legal={
            "seat": 3,
            "fold": False,
            "check": True,
            "call": None,
            "bet_or_raise": "bet",
            "min_to": 8,
            "max_to": 8,
            "all_in_to": None,
        },
    )
    server.push(state)
    seats.get_by_role(
        "listitem", name="Bob, 188 chips, small blind, Changed 1 card, Check", exact=True
    ).wait_for()
    assert [badges[s].inner_text() for s in (1, 2, 3, 4)] == ["Pat", "1", "Pat", "2"]
    assert page.locator("#center-msg").is_hidden()
    assert console.errors == []


@pytest.mark.parametrize("viewport", [PHONE, {"width": 390, "height": 844}], ids=["360", "390"])
def test_my_five_cards_to_draw_and_the_button_fit_a_phone(viewport, browser, console, shots):
    context = browser.new_context(
        viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    try:
        page, server = open_table(context, my_draw())
        console.watch(page)
        server.settle()
        cards(page).nth(1).tap()
        cards(page).nth(4).tap()
        assert draw_button(page).inner_text() == "Draw 2"
        shots(page, f"phone-{viewport['width']}-two-picked")
        width = viewport["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for i in range(5):
            box = cards(page).nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["height"] >= 44  # a finger's target, each card
        # each card's rank corner shows and takes the tap (the next card overlaps the rest)
        hits = page.evaluate(
            """() => [...document.querySelectorAll(".seat.me button[data-throw]")].map((b) => {
                 const r = b.querySelector(".rank").getBoundingClientRect();
                 return b.contains(document.elementFromPoint(r.left + 3, r.top + r.height / 2));
               })"""
        )
        assert hits == [True] * 5
        button = draw_button(page).bounding_box()
        assert button and button["x"] >= 0 and button["x"] + button["width"] <= width
        assert button["y"] + button["height"] <= viewport["height"] and button["height"] >= 44
        draw_button(page).tap()
        assert server.wait_for(lambda _: server.sent("draw"))[0]["cards"] == ["4d", "Kd"]
        # the viewer's own count shows too, beside their plate at the foot of the table
        server.push(after_my_draw(my_draw(), ["2h", "3c", "7c", "8s", "5h"]))
        mine = page.locator(".seat.me .tag.drawn")
        mine.wait_for()
        box, stage = mine.bounding_box(), page.locator(".table-stage").bounding_box()
        assert box and stage and mine.inner_text() == "2"
        assert box["x"] >= stage["x"] and box["x"] + box["width"] <= stage["x"] + stage["width"]
        assert box["y"] >= stage["y"] and box["y"] + box["height"] <= stage["y"] + stage["height"]
    finally:
        context.close()
    assert console.errors == []


def test_the_draw_keys_are_listed_in_the_options_at_a_draw_table(laptop):
    page, _ = open_table(laptop, my_draw())
    page.get_by_role("group", name="Table options").locator("summary").click()
    keys = page.locator("#draw-keys")
    assert keys.is_visible()
    assert re.fullmatch(
        r"On your draw: 1–5 pick the cards to change, Enter draws\.", keys.inner_text()
    )
    page, _ = open_table(laptop, load_state("preflop_my_turn"))
    assert page.locator("#draw-keys").count() == 1 and not page.locator("#draw-keys").is_visible()
