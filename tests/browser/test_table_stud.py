"""A stud game at the table page (R45.2, R45.3, R45.4, R45.10) against a fake server
(harness.py): every seat shows its cards in the order dealt, the others' down cards as
backs and their up cards face up, the viewer's own down cards face up but marked; the middle
names the street and holds the seventh card when the deck runs short; the bring-in player is
offered "Bring in 1" and "Complete to 4" and nothing else, by click or key, and no pre-action
answers for them; facing the bring-in, the raise is "Complete to 4". The fixtures are hands
the server dealt: third street with Hal to bring in, seventh street at eight seats. Then a
whole stud hand between three people in their own browsers at a live table (live.py), one on
a 360-px phone."""

from __future__ import annotations

import json
from copy import deepcopy

import pytest

from .conftest import PHONE, action_button, seat_cards, seat_of
from .harness import load_state, open_table
from .live_players import (
    check_or_call,
    host_pauses_after_this_hand,
    host_pauses_now,
    host_resumes,
    play_hand,
    set_up_table,
    until,
    wait_for_new_hand,
    whose_turn,
)

BRING_IN = {"type": "act", "action": "bring_in", "version": 12}
COMPLETE = {"type": "act", "action": "bet", "amount": 4, "version": 12}
# the cards every seat was dealt on seventh street: Dan (seat 4) is the viewer; Hal (seat 8)
# folded on sixth street and keeps his up cards
SEVENTH = {
    1: ["??", "??", "5c", "5h", "5d", "Js", "??"],
    2: ["??", "??", "Qs", "8h", "7h", "9d", "??"],
    3: ["??", "??", "4s", "7c", "Ad", "5s", "??"],
    5: ["??", "??", "Kc", "Th", "3d", "2h", "??"],
    6: ["??", "??", "Ks", "6d", "7s", "Kd", "??"],
    7: ["??", "??", "4d", "7d", "6c", "Jc", "??"],
    8: ["??", "??", "3h", "9c", "8c", "8s"],
}
DAN = ["3c", "Jh", "9h", "Jd", "Qc", "Ah", "2d"]


def bring_in():
    """Third street, Hal's turn: his 3h is the lowest door card."""
    return load_state("third_street_bring_in")


def facing_the_bring_in(version=13):
    """Hal brought in for 1; Ann (seat 1) is next, and the page is hers."""
    state = bring_in()
    state["version"] = version
    seat_of(state, 8).update(bet=1, stack=198, last_action={"kind": "bring_in", "amount": 1})
    state["you"] = {"user_id": 5, "seat": 1, "is_host": False, "cards": ["2c", "Qh", "5c"]}
    state["hand"].update(
        to_act=1,
        pot_total=9,
        decision_version=version,
        legal={
            "seat": 1,
            "fold": True,
            "check": False,
            "call": 1,
            "bet_or_raise": "raise",
            "min_to": 4,
            "max_to": 4,
            "all_in_to": None,
            "stack": 199,
            "bet": 0,
        },
    )
    return state


def visible_buttons(page) -> list[str]:
    return [b.inner_text() for b in page.locator("#action-bar button").all() if b.is_visible()]


def face_codes(page, seat: int) -> list[str | None]:
    """A seat's cards left to right: a face's code, None for a back."""
    return page.locator(f'.seat[data-seat="{seat}"] .seat-cards .pcard').evaluate_all(
        "cards => cards.map((c) => c.classList.contains('back') ? null : c.dataset.card)"
    )


def test_the_bring_in_player_may_bring_in_or_complete_and_nothing_else_R45_4(
    laptop, console, shots
):
    page, server = open_table(laptop, bring_in())
    console.watch(page)
    assert visible_buttons(page) == ["Bring in 1", "Complete to 4"]
    # no fold, check or call, no amount to choose, no pre-action
    assert not page.locator("#sizing").is_visible()
    assert not page.locator("#pre-actions").is_visible()
    shots(page, "bring-in")
    action_button(page, "Bring in").click()
    assert server.wait_for(lambda _: server.sent("act")) == [BRING_IN]
    # sent once: busy until the next state
    assert action_button(page, "Bring in").is_disabled()
    action_button(page, "Complete").click(force=True)
    server.flush()
    assert server.sent("act") == [BRING_IN]

    page, server = open_table(laptop, bring_in())
    action_button(page, "Complete").click()
    assert server.wait_for(lambda _: server.sent("act")) == [COMPLETE]
    assert console.errors == []


def test_keys_c_bring_in_and_enter_completes_and_f_folds_nothing(laptop):
    page, server = open_table(laptop, bring_in())
    page.keyboard.press("f")  # the bring-in may not fold
    server.flush()
    assert server.sent("act") == []
    page.keyboard.press("c")
    assert server.wait_for(lambda _: server.sent("act")) == [BRING_IN]
    assert action_button(page, "Bring in").get_attribute("aria-keyshortcuts") == "C"

    page, server = open_table(laptop, bring_in())
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("act")) == [COMPLETE]


def test_the_bring_in_and_completion_amounts_are_the_tables_money(laptop):
    """In a club that counts money, the buttons say it as the table does ("Bring in €0.10")."""
    state = bring_in()
    state["table"]["amount_format"] = {"kind": "currency", "symbol": "€", "decimals": 2}
    state["table"].update(small_blind=10, big_blind=40)
    state["hand"]["legal"].update(bring_in=10, min_to=40, max_to=40)
    page, server = open_table(laptop, state)
    assert visible_buttons(page) == ["Bring in €0.10", "Complete to €0.40"]
    action_button(page, "Complete").click()
    assert server.wait_for(lambda _: server.sent("act"))[0]["amount"] == 40


def test_no_pre_action_answers_the_bring_in(laptop):
    """A box ticked while another player acts never sends a fold (illegal, R45.4) nor
    anything else for the bring-in player: the choice is theirs."""
    for box in ("Check/Fold", "Call any"):
        waiting = bring_in()
        waiting["version"] = 11
        waiting["hand"].update(to_act=1, legal={**waiting["hand"]["legal"], "seat": 1})
        page, server = open_table(laptop, waiting)
        page.get_by_label(box).check()
        server.push(bring_in())
        action_button(page, "Bring in").wait_for()
        server.settle()
        server.flush()
        assert server.sent("act") == [], box
        assert visible_buttons(page) == ["Bring in 1", "Complete to 4"]
        assert not page.get_by_label(box).is_checked()


def test_facing_the_bring_in_the_raise_is_the_completion_then_a_raise(laptop, console):
    """R45.4: after the bring-in the next players fold, call 1 or complete to the small bet;
    over the completion, a raise; from fourth street, bets."""
    page, server = open_table(laptop, facing_the_bring_in())
    console.watch(page)
    assert visible_buttons(page) == ["Fold", "Call 1", "Complete to 4"]
    tag = page.locator('.seat[data-seat="8"] .tag.last-action')
    assert tag.inner_text() == "Bring-in 1"
    seats = page.get_by_role("list", name="Seats")
    assert seats.get_by_role(
        "listitem", name="Hal, 198 chips, bet 1, Bring-in 1", exact=True
    ).count()
    action_button(page, "Complete").click()
    assert server.wait_for(lambda _: server.sent("act")) == [
        {"type": "act", "action": "raise", "amount": 4, "version": 13}
    ]

    # Ben completed to 4: Ann may raise to 8
    state = facing_the_bring_in(version=15)
    seat_of(state, 2).update(bet=4, last_action={"kind": "raise", "amount": 4})
    state["hand"]["legal"].update(call=4, min_to=8, max_to=8)
    server.push(state)
    action_button(page, "Raise").wait_for()
    assert visible_buttons(page) == ["Fold", "Call 4", "Raise to 8"]

    # fourth street: nothing bet yet, the best hand showing opens
    state = facing_the_bring_in(version=20)
    state["hand"].update(street="fourth_street")
    state["hand"]["legal"].update(fold=False, check=True, call=None, bet_or_raise="bet")
    for seat in state["seats"]:
        seat.update(bet=0, last_action=None)
    server.push(state)
    action_button(page, "Bet").wait_for()
    assert visible_buttons(page) == ["Check", "Bet 4"]
    assert page.locator("#center-msg").inner_text() == "Fourth street"
    assert console.errors == []


def test_every_seat_shows_its_cards_in_the_order_dealt_the_up_cards_face_up_R45_2(
    laptop, console, shots
):
    page, server = open_table(laptop, load_state("seventh_street_eight_seats"))
    console.watch(page)
    server.settle()
    shots(page, "seventh-street")
    for number, cards in SEVENTH.items():
        assert face_codes(page, number) == [None if c == "??" else c for c in cards], number
    # the viewer's own seven, all face up, the three the others see as backs marked down
    assert face_codes(page, 4) == DAN
    mine = page.locator(".seat.me .seat-cards .pcard")
    down = mine.evaluate_all("cs => cs.map((c) => c.classList.contains('down'))")
    assert down == [True, True, False, False, False, False, True]
    assert mine.nth(0).get_attribute("aria-label") == "Three of clubs, face down"
    assert mine.nth(2).get_attribute("aria-label") == "Nine of hearts"
    assert mine.nth(6).get_attribute("title") == "Face down: only you see it"
    # lifted above the up cards, and striped at the foot with the back's pattern
    tops = [mine.nth(i).bounding_box()["y"] for i in range(7)]
    assert tops[0] < tops[2] - 4 and tops[6] < tops[5] - 4 and tops[2] == tops[3]
    stripe = mine.nth(6).evaluate("c => getComputedStyle(c, '::after').backgroundImage")
    assert "repeating-linear-gradient" in stripe
    # Hal folded: his up cards stay, dimmed
    folded = page.locator('.seat[data-seat="8"] .seat-cards')
    assert float(folded.evaluate("c => getComputedStyle(c).opacity")) < 1
    # no board, not even its places; the middle names the street
    assert page.locator("#boards .pcard").count() == 0
    assert page.locator("#center-msg").inner_text() == "Seventh street"
    assert console.errors == []


FOURTH = {1: "7h", 2: "2s", 3: "8d", 4: "6h", 5: "Jc", 6: "9c", 7: "Ah", 8: "9s"}


def test_a_new_street_deals_in_its_card_and_leaves_the_others_in_place(laptop):
    page, server = open_table(laptop, bring_in())
    server.settle()
    assert page.locator("#center-msg").inner_text() == "Third street"
    state = bring_in()
    state["version"] = 20
    state["hand"].update(street="fourth_street", to_act=3, legal=None)
    for seat in state["seats"]:
        seat["cards"] = [*seat["cards"], FOURTH[seat["number"]]]
    state["you"]["cards"] = [*state["you"]["cards"], FOURTH[8]]
    server.push(state)
    page.locator('.seat[data-seat="1"] .pcard[data-card="7h"]').wait_for()
    assert page.locator("#center-msg").inner_text() == "Fourth street"
    for number in (1, 8):
        kept = page.locator(f'.seat[data-seat="{number}"] .pcard').evaluate_all(
            "cs => cs.map((c) => c.classList.contains('kept'))"
        )
        assert kept == [True, True, True, False], number


def test_the_seventh_card_lies_in_the_middle_when_the_deck_runs_short_R45_3(laptop, console):
    page, server = open_table(laptop, load_state("seventh_street_community_card"))
    console.watch(page)
    server.settle()
    middle = page.get_by_role("group", name="Everyone's seventh card")
    assert middle.locator(".pcard").evaluate_all("cs => cs.map((c) => c.dataset.card)") == ["Ac"]
    assert page.locator("#boards .pcard.slot").count() == 0
    assert [len(face_codes(page, n)) for n in range(1, 9)] == [6] * 8
    assert console.errors == []


def test_the_options_and_house_rules_say_how_stud_is_played(laptop):
    page, _ = open_table(laptop, bring_in())
    assert page.locator("#stakes").inner_text() == "1/4 ante 1 FL Stud"
    rules = page.locator("#house-rules summary").inner_text()
    assert "Bring-in 1 · bets 4/8" in rules
    page.locator("#house-rules summary").click()
    assert (
        "The lowest up card brings in for 1 or completes to 4; bets are 4 on third and "
        "fourth street, 8 from fifth street."
    ) in page.locator("#house-rules ul").inner_text()
    page.get_by_role("group", name="Table options").locator("summary").click()
    assert page.locator("#stud-keys").inner_text() == "To bring in: C brings in, Enter completes."
    assert not page.locator("#draw-keys").is_visible()
    # razz: the highest up card brings in (R47.1)
    razz = bring_in()
    razz["table"].update(game="razz", game_letter=" Razz")
    page, _ = open_table(laptop, razz)
    assert page.locator("#stakes").inner_text() == "1/4 ante 1 FL Razz"
    assert "The highest up card brings in" in page.locator("#house-rules ul").text_content()


@pytest.mark.parametrize("viewport", [PHONE, {"width": 390, "height": 844}], ids=["360", "390"])
def test_the_bring_in_buttons_fit_a_phone(viewport, browser, console, shots):
    context = browser.new_context(
        viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    try:
        page, server = open_table(context, bring_in())
        console.watch(page)
        server.settle()
        shots(page, f"phone-{viewport['width']}-bring-in")
        width = viewport["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for name in ("Bring in", "Complete"):
            box = action_button(page, name).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["y"] + box["height"] <= viewport["height"] and box["height"] >= 44
        action_button(page, "Bring in").tap()
        assert server.wait_for(lambda _: server.sent("act")) == [BRING_IN]
    finally:
        context.close()
    assert console.errors == []


def test_sounds_mark_a_bring_in_with_chips(laptop):
    """Ann watches Hal bring in: chips, as a call; then her turn."""
    watching = bring_in()
    watching["you"] = deepcopy(facing_the_bring_in()["you"])
    page, server = open_table(laptop, watching)
    server.settle()
    page.evaluate("""() => { window.heard = [];
      document.addEventListener("table-sound", (e) => window.heard.push(e.detail.kind)); }""")
    server.push(facing_the_bring_in(version=13))
    page.wait_for_function("window.heard.length >= 2")
    assert page.evaluate("window.heard") == ["chips", "turn"]


# --- a live stud hand (live.py, live_players.py) ------------------------------------------------


def stud(page) -> None:
    """The host's "More options": seven-card stud, bring-in 1, bets 4/8, ante 1 (R45.1)."""
    page.select_option("select[name=game]", "stud")
    page.fill("input[name=small_blind]", "1")  # the bring-in
    page.fill("input[name=big_blind]", "4")  # the small bet
    page.fill("input[name=ante]", "1")
    page.fill("input[name=max_seats]", "8")  # a stud table seats at most eight (R45.3)


def own_down_cards(player) -> list[str]:
    return player.page.locator(".seat.me .pcard.down").evaluate_all(
        "cards => cards.map((c) => c.dataset.card)"
    )


def assert_each_sees_the_up_cards_and_no_other_down_card(players, count: int) -> None:
    """Every screen shows each player's ``count`` cards in the order dealt, the others' down
    cards as backs, and the up cards each owner holds (R45.2)."""
    down = [0, 1, 6]
    own = {p.name: seat_cards(p)[p.name] for p in players}
    for player in players:
        seen = seat_cards(player)
        for other in players:
            assert len(seen[other.name]) == count, (player.name, other.name, seen)
            if other is player:
                assert None not in seen[player.name]  # the viewer's own: all face up
                continue
            expected = [None if k in down else c for k, c in enumerate(own[other.name])]
            assert seen[other.name] == expected, (player.name, other.name, seen)


def assert_no_down_card_reached_another_player(players, down: dict[str, list[str]]) -> None:
    """No frame a player's socket received before the showdown names another player's down
    card (R4.3, R45.2)."""
    for player in players:
        others = {c for name, cards in down.items() if name != player.name for c in cards}
        states = [f for f in player.frames if f.get("type") == "state" and f.get("hand")]
        assert states, player.name
        for state in states:
            hand = state["hand"]
            if hand["finished"] or any(s.get("shown") for s in state["seats"]):
                break
            text = json.dumps(state)
            assert not [c for c in others if f'"{c}"' in text], (player.name, hand["street"])


def test_a_stud_hand_on_a_laptop_and_a_phone_R45(players, console, shots):
    """The host opens seven-card stud at 1/4 fixed limit with an ante of 1; three players sit,
    Bob on a 360-px phone. On third street every screen shows each player's two backs and
    door card; the lowest door card's player sees "Bring in 1" and "Complete to 4" and brings
    in; the next sees "Complete to 4" and completes. The hand is called down: on seventh
    street every screen shows each other player's four up cards between three backs, and its
    own seven face up, three marked down; no socket ever carried another player's down card
    before the showdown; no chip is lost and every browser checks the deck (R45.9)."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    carol = players("Carol")
    everyone = [alice, bob, carol]
    set_up_table(alice, bob, shots, spectator=carol, preset="2/4 FL, 40–200", more=stud)
    assert alice.page.locator("#stakes").inner_text() == "1/4 ante 1 FL Stud"
    host_pauses_now(alice)
    for player, seat in ((alice, 2), (bob, 5), (carol, 7)):
        player.sit(seat)
    until(everyone, lambda: all(len(p.stacks()) == 3 for p in everyone), "three players seated")
    total = sum(alice.stacks().values())
    host_resumes(alice)
    wait_for_new_hand(everyone, after=0, hole_cards=3)
    host_pauses_after_this_hand(alice)
    for player in everyone:
        assert player.page.locator("#center-msg").inner_text() == "Third street"
        assert player.page.locator("#boards .pcard").count() == 0
    assert_each_sees_the_up_cards_and_no_other_down_card(everyone, 3)
    shots(bob.page, "stud-phone-third-street")
    shots(alice.page, "stud-laptop-third-street")

    # R45.4: the lowest door card brings in, or completes; nothing else
    bringer = whose_turn(everyone)
    assert [
        b.inner_text() for b in bringer.page.locator("#action-bar button").all() if b.is_visible()
    ] == [
        "Bring in 1",
        "Complete to 4",
    ]
    shots(bringer.page, f"stud-{bringer.name}-bring-in")
    bringer.button("Bring in").click()
    until(
        everyone,
        lambda: all(
            p.page.locator(".tag.last-action").filter(has_text="Bring-in 1").count() == 1
            for p in everyone
        ),
        "the bring-in on every screen",
    )
    completer = whose_turn(everyone)
    assert completer is not bringer
    assert [
        b.inner_text() for b in completer.page.locator("#action-bar button").all() if b.is_visible()
    ] == [
        "Fold",
        "Call 1",
        "Complete to 4",
    ]
    shots(completer.page, f"stud-{completer.name}-complete")
    completer.button("Complete").click()

    down: dict[str, list[str]] = {}

    def at_seventh_street(player) -> None:
        """Once, on seventh street: every screen shows it whole."""
        if down or player.page.locator("#center-msg").inner_text() != "Seventh street":
            return
        until(
            everyone,
            lambda: all(len(seat_cards(p)[p.name]) == 7 for p in everyone),
            "seventh street on every screen",
        )
        assert_each_sees_the_up_cards_and_no_other_down_card(everyone, 7)
        for p in everyone:
            down[p.name] = own_down_cards(p)
            assert len(down[p.name]) == 3, p.name
            assert p.page.locator("#center-msg").inner_text() == "Seventh street"
        mine = bob.page.locator(".seat.me .pcard")
        for i in range(7):
            box = mine.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        shots(bob.page, "stud-phone-seventh-street")
        shots(alice.page, "stud-laptop-seventh-street")

    def call_down(player) -> None:
        at_seventh_street(player)
        check_or_call(player)

    play_hand(everyone, call_down, shots)
    assert down, "the hand never showed seventh street"
    assert_no_down_card_reached_another_player(everyone, down)
    for player in everyone:
        player.page.locator("#hand-log li.deck-ok").filter(has_text="✓ deck checked").wait_for()
        assert player.page.locator("#hand-log li.deck-bad").count() == 0
        assert sum(player.stacks().values()) == total
    assert alice.stacks() == bob.stacks() == carol.stacks()
    shots(alice.page, "stud-laptop-over")
    shots(bob.page, "stud-phone-over")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []
