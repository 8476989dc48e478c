"""The table page against a fake server (harness.py): rendering from `state` messages, the
action bar, dialogs, chat escaping, reconnects and version gaps. No backend, no database."""

from __future__ import annotations

import json

import pytest

from .conftest import LAPTOP, PHONE, action_button
from .harness import load_state, open_table

FIXTURES = [
    "preflop_my_turn",
    "flop_nine_seats",
    "finished_run_twice",
    "spectator_paused",
    "run_twice_question",
]


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport=LAPTOP)
    yield context
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    yield context
    context.close()


@pytest.mark.parametrize("name", FIXTURES)
def test_every_fixture_state_renders_without_errors_on_laptop_and_phone(
    name, laptop, phone, console, shots
):
    for label, context in (("laptop", laptop), ("phone", phone)):
        page, server = open_table(context, load_state(name))
        console.watch(page, label)
        server.settle()  # the state sent in answer to the page's sync is drawn, too
        shots(page, f"{name}-{label}")
        assert page.locator("#seats > li").count() == load_state(name)["table"]["max_seats"]
    assert console.errors == []


def turn_state(**legal):
    state = load_state("preflop_my_turn")
    state["hand"]["legal"].update(legal)
    return state


def button(page, name):
    return action_button(page, name)


def test_my_turn_offers_exactly_the_legal_actions_with_their_names(laptop, console):
    page, _ = open_table(laptop, load_state("preflop_my_turn"))
    console.watch(page)
    for name in ("Fold", "Call", "Raise", "All-in"):
        assert button(page, name).is_visible(), name
    assert button(page, "Call").inner_text() == "Call 6"
    assert button(page, "All-in").inner_text() == "All-in 150"
    assert button(page, "Check").count() == 0 or not button(page, "Check").is_visible()
    assert not button(page, "Bet").is_visible() if button(page, "Bet").count() else True
    assert console.errors == []


def test_check_and_bet_replace_call_and_raise_when_nothing_is_to_call(laptop):
    page, _ = open_table(
        laptop, turn_state(fold=False, check=True, call=None, bet_or_raise="bet", min_to=2)
    )
    assert button(page, "Check").is_visible()
    assert button(page, "Bet").is_visible()
    assert button(page, "Bet").inner_text() == "Bet 2"
    assert not page.locator("#btn-fold").is_visible()
    assert not page.locator("#btn-call").is_visible()


def test_slider_and_number_field_stay_in_step_and_illegal_amounts_cannot_be_sent(laptop, shots):
    page, server = open_table(laptop, load_state("preflop_my_turn"))
    slider, field = page.locator("#amount-slider"), page.locator("#amount-input")
    assert (slider.input_value(), field.input_value()) == ("10", "10")
    slider.fill("80")
    assert field.input_value() == "80"
    assert button(page, "Raise").inner_text() == "Raise to 80"
    field.fill("40")
    assert slider.input_value() == "40"
    field.fill("5000")  # above the stack
    assert button(page, "Raise").is_disabled()
    assert field.get_attribute("aria-invalid") == "true"
    shots(page, "out-of-range")
    field.press("Enter")  # clamps to the maximum instead of sending
    assert field.input_value() == "150"
    server.flush()
    assert server.sent("act") == []
    field.fill("3")
    field.blur()
    assert field.input_value() == "10"  # clamped up to the minimum raise
    button(page, "Raise").click()
    act = server.wait_for(lambda _: server.sent("act"))[0]
    assert act == {"type": "act", "action": "raise", "amount": 10, "version": 42}
    assert button(page, "Fold").is_disabled()  # no double send while the server decides


def test_presets_are_pot_fractions_clamped_to_the_legal_range(laptop):
    # Preflop: Alice raised to 6, blinds 1 and 2, so the pot is 9 and Dana must call 6.
    page, _ = open_table(laptop, load_state("preflop_my_turn"))
    field = page.locator("#amount-input")
    expected = {"Minimum: 10": "10", "Half pot: 13": "13", "Pot: 21": "21", "Maximum: 150": "150"}
    for label, value in expected.items():
        page.get_by_role("button", name=label).click()
        assert field.input_value() == value, label
    # An unraised pot preflop offers 2.5 and 3 big blinds.
    state = turn_state(call=2, min_to=4)
    for seat in state["seats"]:
        seat["bet"] = {2: 1, 3: 2}.get(seat["number"], 0)
    state["hand"]["pot_total"] = 3
    page2, _ = open_table(laptop, state)
    page2.get_by_role("button", name="3 big blinds: 6").click()
    assert page2.locator("#amount-input").input_value() == "6"


def test_keyboard_shortcuts_fold_call_and_raise(laptop):
    page, server = open_table(laptop, load_state("preflop_my_turn"))
    page.keyboard.press("c")
    assert server.wait_for(lambda _: server.sent("act"))[0]["action"] == "call"

    page, server = open_table(laptop, load_state("preflop_my_turn"))
    page.keyboard.press("f")
    assert server.wait_for(lambda _: server.sent("act"))[0]["action"] == "fold"

    page, server = open_table(laptop, load_state("preflop_my_turn"))
    page.keyboard.press("r")
    assert page.evaluate("document.activeElement.id") == "amount-input"
    page.keyboard.type("24")
    page.keyboard.press("Enter")
    act = server.wait_for(lambda _: server.sent("act"))[0]
    assert (act["action"], act["amount"]) == ("raise", 24)


def test_a_server_error_unlocks_the_bar_and_is_shown(laptop):
    page, server = open_table(laptop, load_state("preflop_my_turn"))
    button(page, "Call").click()
    server.wait_for(lambda _: server.sent("act"))
    server.push({"type": "error", "code": "not_your_turn", "message": "It is not your turn."})
    page.get_by_role("alert").filter(has_text="It is not your turn.").wait_for()
    assert button(page, "Call").is_enabled()


def test_pre_action_check_fold_answers_when_the_turn_arrives(laptop):
    state = load_state("flop_nine_seats")
    page, server = open_table(laptop, state)
    assert not page.locator("#action-bar").is_visible()
    page.get_by_label("Check/Fold").check()
    state["version"] += 1
    state["hand"]["to_act"] = 1
    state["hand"]["legal"] = {
        "seat": 1,
        "fold": True,
        "check": False,
        "call": 40,
        "bet_or_raise": "raise",
        "min_to": 80,
        "max_to": 150,
        "all_in_to": 150,
    }
    server.push(state)
    act = server.wait_for(lambda _: server.sent("act"))[0]
    assert (act["action"], act["version"]) == ("fold", 58)


def test_a_spectator_sits_down_with_a_buy_in_within_the_limits(laptop, shots, console):
    page, server = open_table(laptop, load_state("spectator_paused"))  # euros: 10.00 to 50.00
    console.watch(page)
    assert page.locator(".seat .pcard").count() == 0
    page.get_by_role("button", name="Sit in seat 2").click()
    dialog = page.get_by_role("dialog")
    field = dialog.get_by_label("Buy-in", exact=True)
    assert field.input_value() == "50.00"
    field.fill("60")
    assert dialog.get_by_role("button", name="Sit down").is_disabled()
    shots(page, "buy-in-too-high")
    field.fill("25.5")
    dialog.get_by_role("button", name="Sit down").click()
    sit = server.wait_for(lambda _: server.sent("sit"))[0]
    assert sit == {"type": "sit", "seat": 2, "amount": 2550}
    assert console.errors == []


def test_chat_lines_and_names_are_shown_as_text_never_as_html(laptop):
    page, server = open_table(laptop, load_state("flop_nine_seats"))
    evil = '<img src=x onerror="document.body.dataset.owned=1">'
    server.push(
        {
            "type": "chat_history",
            "messages": [
                {"id": 1, "name": "<b>Heidi</b>", "text": "hi", "at": "2026-11-29T21:59:00Z"}
            ],
        }
    )
    server.push(
        {"type": "chat", "id": 2, "name": "Mallory", "text": evil, "at": "2026-11-29T22:00:00Z"}
    )
    page.get_by_role("tab", name="Chat").click()
    page.locator("#chat-lines li").nth(1).wait_for()
    assert evil in page.locator("#chat-lines").inner_text()
    assert "<b>Heidi</b>" in page.locator("#chat-lines").inner_text()
    assert page.locator("#chat-lines img, #seats b").count() == 0
    assert page.evaluate("document.body.dataset.owned") is None
    page.get_by_label("Chat message").fill("nice hand")
    page.get_by_label("Chat message").press("Enter")
    assert server.wait_for(lambda _: server.sent("chat"))[0] == {
        "type": "chat",
        "text": "nice hand",
    }


def test_a_dropped_connection_shows_a_notice_reconnects_and_syncs(laptop, shots):
    page, server = open_table(laptop, load_state("flop_nine_seats"))
    server.ws.close(code=1011, reason="gone")
    notice = page.locator("#conn-notice")
    notice.filter(has_text="Reconnecting").wait_for()
    shots(page, "reconnecting")
    server.wait_for(lambda _: server.connects == 2 and len(server.sent("sync")) >= 2)
    notice.wait_for(state="hidden")


def test_after_a_reconnect_the_page_takes_the_table_even_at_an_older_version(laptop):
    """A database restored from a backup (docs/deploy.md) has the table at an older version
    than an open page last saw: once its socket reconnects to the restarted servers, the
    page shows the table as it is now (and follows it from there), not the lost future."""
    page, server = open_table(laptop, load_state("flop_nine_seats"))  # version 57, hand #13
    restored = load_state("preflop_my_turn")  # version 42, hand #12, before the flop
    server.state = restored
    server.ws.close(code=1011, reason="restarted")
    server.wait_for(lambda _: server.connects == 2 and len(server.sent("sync")) >= 2)
    server.settle()
    assert page.locator("#hand-no").inner_text() == "Hand #12"
    assert page.locator("#boards [data-card]").count() == 0
    later = json.loads(json.dumps(restored))
    later["version"] = 43
    later["hand"]["boards"] = [["Ah", "7c", "2d"]]
    server.push(later)
    server.settle()
    assert page.locator("#boards [data-card]").count() == 3


def test_a_nonce_refused_for_coming_too_fast_is_sent_again_R15_2(laptop):
    """The deal waits a bounded moment for the nonces of connected players
    (NONCE_WAIT_MS): a nonce refused with ``rate_limited`` (sent beside other messages) is
    sent again, the same nonce, so the hand still has it; one refused because the hand is
    dealt is not."""
    state = load_state("preflop_my_turn")
    state["next_deck"] = {"hand": 13, "root": "ab" * 32, "commitments_version": 42}
    page, server = open_table(laptop, state)
    first = server.wait_for(lambda got: [m for m in got if m.get("type") == "nonce"])[0]
    assert first["hand"] == 13 and first["ref"] == "nonce:13"
    server.push({"type": "error", "code": "rate_limited", "message": "Too many", "ref": "nonce:13"})
    again = server.wait_for(lambda got: [m for m in got if m.get("type") == "nonce"][1:])[0]
    assert again["nonce"] == first["nonce"] and again["hand"] == 13
    server.push({"type": "error", "code": "hand_dealt", "message": "Dealt", "ref": "nonce:13"})
    server.push({**state, "version": 43})
    server.settle()
    assert len(server.sent("nonce")) == 2


def test_a_refused_socket_says_why_and_never_reconnects(laptop, shots):
    """Close code 4403 (not signed in or not a member, docs/protocol.md): the page says so and
    stops; neither a timer nor coming back online opens another socket."""
    laptop.clock.install()  # the page's timers run when the test moves the clock on
    page, server = open_table(laptop, load_state("flop_nine_seats"))
    server.wait_for(lambda _: server.sent("sync"))
    page.evaluate("""() => {
      window.socketsMade = 0;
      window.WebSocket = new Proxy(window.WebSocket, {
        construct(target, args) { window.socketsMade += 1; return Reflect.construct(target, args); },
      });
    }""")
    server.ws.close(code=4403)
    notice = page.locator("#conn-notice.refused")
    notice.filter(has_text="not (or no longer) a member").wait_for()
    shots(page, "refused")
    # "online" makes a dropped socket reconnect at once (socket.js); a refused one stays down
    made = page.evaluate(
        "() => { window.dispatchEvent(new Event('online')); return window.socketsMade; }"
    )
    assert made == 0 and server.connects == 1
    page.clock.run_for(60_000)  # every timer due in a minute fires: the longest backoff is 17 s
    assert page.evaluate("window.socketsMade") == 0 and server.connects == 1
    assert notice.is_visible()


def test_a_version_gap_asks_for_a_sync_and_older_states_are_ignored(laptop):
    state = load_state("flop_nine_seats")
    page, server = open_table(laptop, state)
    syncs = len(server.sent("sync"))
    older = json.loads(json.dumps(state))
    older["version"] = 50
    older["hand"]["boards"] = [["2c", "3c", "4c"]]
    server.push(older)
    server.settle()  # the page has handled it: ignored
    assert page.locator("#boards [data-card]").first.get_attribute("data-card") == "Ah"
    newer = json.loads(json.dumps(state))
    newer["version"] = 60
    newer["hand"]["boards"] = [["Ah", "7c", "2d", "Kd"]]
    server.push(newer)
    server.wait_for(lambda _: len(server.sent("sync")) > syncs)
    assert page.locator("#boards [data-card]").count() == 4


def test_run_it_twice_asks_the_player_and_shows_two_boards_after(laptop, shots):
    page, server = open_table(laptop, load_state("run_twice_question"))
    assert page.get_by_text("81%").is_visible()  # all-in equity next to the player
    shots(page, "question")
    button(page, "Run it twice").click()
    assert server.wait_for(lambda _: server.sent("run_twice"))[0] == {
        "type": "run_twice",
        "agree": True,
    }
    server.push(load_state("finished_run_twice"))
    page.get_by_role("group", name="Board 2").wait_for()
    assert page.locator(".seat.winner").count() == 2
    assert "Alice wins 100 with Three of a kind, Queens" in page.locator("#center-msg").inner_text()
    shots(page, "two-boards")


def test_the_host_approves_a_seat_request_from_the_host_panel(laptop, shots):
    state = load_state("preflop_my_turn")
    state["seats"][4] = {
        **state["seats"][4],
        "status": "requested",
        "player": {"user_id": 55, "name": "Erin"},
        "stack": 0,
        "in_hand": False,
        "cards": [],
    }
    page, server = open_table(laptop, state)
    page.get_by_role("tab", name="Host").click()
    shots(page, "host-panel")
    page.get_by_role("button", name="Approve Erin").click()
    assert server.wait_for(lambda _: server.sent("host"))[0] == {
        "type": "host",
        "op": "approve",
        "seat": 5,
    }


def test_four_colour_deck_and_sound_preferences_are_remembered(laptop):
    page, _ = open_table(laptop, load_state("flop_nine_seats"))
    page.get_by_text("Options").click()
    page.get_by_label("Four-colour deck").check()
    page.get_by_label("Sounds").uncheck()
    page.get_by_label("Volume").fill("30")
    colour = page.locator('#boards [data-card="2d"] .rank').evaluate(
        "el => getComputedStyle(el).color"
    )
    assert colour == "rgb(20, 82, 200)"  # diamonds are blue
    page.reload()
    page.get_by_text("Options").click()
    assert page.get_by_label("Four-colour deck").is_checked()
    assert not page.get_by_label("Sounds").is_checked()
    assert page.get_by_label("Volume").input_value() == "30"


def test_sounds_mark_the_deal_bets_folds_and_wins_at_the_chosen_volume(laptop):
    from copy import deepcopy

    page, server = open_table(laptop, load_state("preflop_my_turn"))
    page.evaluate("""() => { window.heard = [];
      document.addEventListener("table-sound", (e) => window.heard.push([e.detail.kind, e.detail.volume])); }""")
    state = deepcopy(server.state)

    def push(change):
        state["version"] += 1
        change(state)
        server.push(deepcopy(state))

    def seat(n):
        return next(s for s in state["seats"] if s["number"] == n)

    push(lambda s: seat(2).update(folded=True, last_action={"kind": "fold", "amount": None}))
    push(lambda s: seat(3).update(bet=6, last_action={"kind": "call", "amount": 4}))
    push(lambda s: (s["hand"].update(finished=True), seat(1).update(won=15)))
    push(lambda s: (s["hand"].update(number=13, finished=False), seat(1).update(won=0)))
    page.wait_for_function("window.heard.length >= 5")
    # the next hand is dealt, and it is Dana's turn again
    assert page.evaluate("window.heard") == [
        ["fold", 0.6],
        ["chips", 0.6],
        ["win", 0.6],
        ["deal", 0.6],
        ["turn", 0.6],
    ]
    page.get_by_text("Options").click()
    page.get_by_label("Volume").fill("20")
    page.get_by_label("Sounds").uncheck()  # the mute switch
    push(lambda s: seat(3).update(last_action={"kind": "check", "amount": None}))
    page.get_by_label("Sounds").check()
    push(lambda s: seat(1).update(last_action={"kind": "check", "amount": None}))
    page.wait_for_function("window.heard.length >= 6")
    assert page.evaluate("window.heard")[5:] == [["check", 0.2]]  # none while muted


def test_the_top_up_dialog_offers_exactly_the_servers_range(laptop):
    """R16.1: the dialog takes its limits from the state (``top_up``), never its own sum."""
    state = load_state("flop_nine_seats")
    mine = next(s for s in state["seats"] if s["number"] == state["you"]["seat"])
    mine["top_up"] = {"min": 40, "max": 113}  # e.g. all-in: measured on the chips behind
    page, server = open_table(laptop, state)
    button(page, "Top up").click()
    dialog = page.get_by_role("dialog")
    assert dialog.get_by_label("Chips to add").input_value() == "113"
    assert "40 to 113" in dialog.inner_text()
    dialog.get_by_label("Chips to add").fill("114")
    assert dialog.get_by_role("button", name="Add chips").is_disabled()
    dialog.get_by_label("Chips to add").fill("39")
    assert dialog.get_by_role("button", name="Add chips").is_disabled()
    dialog.get_by_label("Chips to add").fill("40")
    dialog.get_by_role("button", name="Add chips").click()
    assert server.wait_for(lambda _: server.sent("top_up"))[0] == {"type": "top_up", "amount": 40}


def test_top_up_and_leave_ask_first_then_send(laptop, shots):
    state = load_state("flop_nine_seats")  # Alice (seat 1) has 150; the maximum buy-in is 200
    page, server = open_table(laptop, state)
    button(page, "Top up").click()
    dialog = page.get_by_role("dialog")
    assert dialog.get_by_label("Chips to add").input_value() == "50"
    dialog.get_by_label("Chips to add").fill("30")
    shots(page, "top-up")
    dialog.get_by_role("button", name="Add chips").click()
    assert server.wait_for(lambda _: server.sent("top_up"))[0] == {"type": "top_up", "amount": 30}

    button(page, "Leave seat").click()
    confirm = page.get_by_role("dialog")
    assert "after this hand" in confirm.inner_text()
    confirm.get_by_role("button", name="Cancel").click()
    server.flush()
    assert server.sent("leave") == []
    button(page, "Leave seat").click()
    page.get_by_role("dialog").get_by_role("button", name="Leave seat").click()
    assert server.wait_for(lambda _: server.sent("leave"))[0] == {"type": "leave"}


def test_show_or_muck_prompt(laptop):
    state = load_state("finished_run_twice")
    state["hand"].update(
        finished=False,
        street="showdown",
        pending={"kind": "show_or_muck", "seat": 1, "may_muck": True},
    )
    for seat in state["seats"]:
        seat.update(
            won=0, hand_words=None, shown=False, cards=["??", "??"] if seat["player"] else []
        )
    page, server = open_table(laptop, state)
    button(page, "Muck").click()
    assert server.wait_for(lambda _: server.sent("muck"))[0] == {"type": "muck"}


def test_the_whole_seat_flow_works_by_keyboard(phone, shots):
    page, server = open_table(phone, load_state("spectator_paused"))
    sit = page.get_by_role("button", name="Sit in seat 4")
    for _ in range(40):
        page.keyboard.press("Tab")
        if sit.evaluate("el => el === document.activeElement"):
            break
    page.keyboard.press("Enter")
    page.get_by_role("dialog").wait_for()
    page.keyboard.type("30")
    shots(page, "sit-dialog-phone")
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("sit"))[0] == {
        "type": "sit",
        "seat": 4,
        "amount": 3000,
    }


def test_your_turn_flashes_the_title_when_the_page_is_in_the_background(laptop):
    state = load_state("flop_nine_seats")
    page, server = open_table(laptop, state)
    page.evaluate("document.hasFocus = () => false")
    state["version"] += 1
    state["hand"]["to_act"] = 1
    state["hand"]["legal"] = {
        "seat": 1,
        "fold": False,
        "check": True,
        "call": None,
        "bet_or_raise": "bet",
        "min_to": 2,
        "max_to": 150,
        "all_in_to": 150,
    }
    server.push(state)
    page.wait_for_function("document.title.startsWith('▶')")
    page.get_by_text("Options").click()
    assert page.get_by_label("Flash the tab title on my turn").is_checked()


def test_the_pause_pill_never_squeezes_the_table_name_on_a_small_phone(phone, shots):
    """At 360 px, "Pausing after this hand" goes to its own line: the name stays whole."""
    state = load_state("preflop_my_turn")
    state["table"]["name"] = "Friday Main"
    state["table"]["pause_requested"] = True
    page, _ = open_table(phone, state)
    pill = page.get_by_text("Pausing after this hand")
    pill.wait_for()
    shots(page, "pause-pill-360")
    name = page.get_by_role("heading", name="Friday Main")
    assert name.evaluate("h => h.scrollWidth <= h.clientWidth")  # not cut with an ellipsis
    box = pill.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360


def test_away_shows_one_tap_back_between_hands_and_never_over_a_hand_in_play(laptop):
    """R16.2: a player who is away keeps the seat; "I'm back" sends sit_in."""
    state = load_state("preflop_my_turn")
    mine = next(s for s in state["seats"] if s["number"] == state["you"]["seat"])
    mine["sitting_out"] = True  # away from the next hand, still playing this one
    page, server = open_table(laptop, state)
    banner = page.get_by_role("status").filter(has_text="You are away")
    page.get_by_role("button", name="I'm back").first.wait_for()
    assert not banner.is_visible()  # the hand in play keeps its controls
    state["hand"]["finished"] = True
    state["version"] += 1
    server.push(state)
    banner.wait_for()
    banner.get_by_role("button", name="I'm back").click()
    server.wait_for(lambda _: server.sent("sit_in"))


def test_after_the_hand_a_player_may_show_each_card_or_both_R11_5(laptop, shots):
    """The buttons come only once the hand is over, name each card, and go with what was shown."""
    state = load_state("preflop_my_turn")
    page, server = open_table(laptop, state)
    group = page.get_by_role("group", name="Show your cards")
    assert not group.is_visible()  # not during the hand
    state["hand"]["finished"] = True
    state["version"] += 1
    server.push(state)
    group.wait_for()
    shots(page, "show-after-buttons")
    names = [b.inner_text() for b in group.get_by_role("button").all()]
    assert names == ["Show A♥", "Show K♦", "Show both"]
    group.get_by_role("button", name="Show K♦").click()
    sent = server.wait_for(lambda _: server.sent("show_cards"))[0]
    assert (sent["hand"], sent["cards"]) == (12, [1])
    mine = next(s for s in state["seats"] if s["number"] == 4)
    mine.update(cards=["??", "Kd"], shown_after=True)
    state["version"] += 1
    server.push(state)
    page.wait_for_function("document.querySelectorAll('#show-after button').length === 1")
    assert group.get_by_role("button").all()[0].inner_text() == "Show A♥"


def seven_deuce_finished() -> dict:
    """A finished Hold'em hand that Bob won with 7-2, shown (R22): he collects a bounty of
    10 from Alice and from Carol."""
    state = load_state("finished_run_twice")
    hand = state["hand"]
    hand["boards"] = [["7h", "2h", "Qd", "9s", "3c"]]
    hand["winners"] = [2]
    hand["log"] = hand["log"][:-2] + [
        {"seat": None, "say": "flop", "args": {"cards": ["7h", "2h", "Qd"]}, "street": "flop"},
        {
            "seat": 2,
            "say": "wins_with",
            "args": {
                "who": "Bob",
                "amount": 200,
                "pot": {"index": 0, "half": None, "board": None},
                "hand": [["two_pair", "7", "2"]],
            },
        },
        {
            "seat": 2,
            "say": "bounty",
            "args": {"who": "Bob", "amount": 20, "paid": [[10, "Alice", 1], [10, "Carol", 4]]},
        },
    ]
    state["table"]["seven_deuce"] = {"bounty": 10, "shown": True}
    for seat in state["seats"]:
        if seat["number"] == 1:
            seat.update(
                won=0,
                stack=0,
                bounty=-10,
                cards=["Qs", "Qc"],
                hand_words=[["three_of_a_kind", "Q"]],
            )
        elif seat["number"] == 2:
            seat.update(won=200, stack=220, bounty=20, cards=["7c", "2d"], shown=True,
                        hand_words=[["two_pair", "7", "2"]])  # fmt: skip
        elif seat["number"] == 4:
            seat.update(bounty=-10, stack=140)
    return state


def test_a_seven_deuce_bounty_shows_on_a_laptop_and_a_phone_R22(laptop, phone, console, shots):
    """The winner's line says the bounty beside the pot, the log says who paid it, the 7-2
    is face up, and the phone fits it without scrolling sideways."""
    for label, context in (("laptop", laptop), ("phone", phone)):
        page, _ = open_table(context, seven_deuce_finished())
        console.watch(page, label)
        message = page.locator("#center-msg")
        message.filter(has_text="7-2 bounty").wait_for()
        assert "Bob wins 200 with Two pair, Sevens and Twos + 20 7-2 bounty" in message.inner_text()
        log = page.locator("#hand-log")
        assert "collects the 7-2 bounty: 20 (10 from Alice, 10 from Carol)" in log.text_content()
        for code in ("7c", "2d"):
            assert page.locator(f'.seat .pcard.face[data-card="{code}"]').count() == 1
        shots(page, f"seven-deuce-{label}")
        width = page.viewport_size["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert console.errors == []


def test_dealers_choice_offers_the_lists_games_and_sends_the_pick_R20_5(
    laptop, phone, console, shots
):
    """At a dealer's-choice table a seated player picks from the host's list; the label
    says whose pick comes next; the pick goes to the server as pick_game."""
    for label, context in (("laptop", laptop), ("phone", phone)):
        state = load_state("preflop_my_turn")
        state["table"].update(
            mixed_games=["NLH", "PLO", "PLO8"], mixed_mode="dealers_choice", next_game="PLO8",
            next_chooser_seat=4, chooser_seat=3, game_letter="", game="holdem",
        )  # fmt: skip
        for seat in state["seats"]:
            seat["game_pick"] = "PLO8" if seat["number"] == 4 else None
        page, server = open_table(context, state)
        console.watch(page, label)
        pick = page.locator("#game-pick")
        pick.wait_for()
        # the games by the names players use, not their codes (issue #40)
        assert pick.locator("option").all_inner_texts() == [
            "Next in the list",
            "NLH · No-limit Hold'em",
            "PLO · Pot-limit Omaha",
            "PLO8 · Pot-limit Omaha Hi-Lo",
        ]
        # "My pick" and its list on one line, even on a phone (it wrapped over three)
        box = page.locator("#pick-choice").bounding_box()
        assert box is not None and box["height"] <= 50, box
        assert pick.input_value() == "PLO8"
        assert "(you pick next)" in page.locator("#pick-choice").inner_text()
        assert page.locator("#stakes").inner_text().endswith("· next PLO8 (Dana)")
        shots(page, f"dealers-choice-{label}")
        pick.select_option("PLO")
        sent = server.wait_for(lambda got: [m for m in got if m.get("type") == "pick_game"])
        assert sent[-1]["game"] == "PLO"
        pick.select_option("")
        sent = server.wait_for(lambda got: [m for m in got if m.get("type") == "pick_game"][1:])
        assert sent[-1]["game"] is None
        width = page.viewport_size["width"]
        wide = page.evaluate(
            """(w) => [...document.querySelectorAll('body *')].filter((e) => {
            const r = e.getBoundingClientRect(); return r.right > w + 0.5 && r.width > 0;
          }).map((e) => e.tagName + '#' + e.id + '.' + e.className).slice(0, 8)""",
            width,
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width, wide
    assert console.errors == []


@pytest.mark.parametrize(
    "size",
    [(1440, 900), (390, 844), (360, 740)],
    ids=["1440x900", "390x844", "360x740"],
)
def test_the_house_rules_are_in_sight_in_one_line_and_in_full_on_a_tap(
    size, browser, console, shots
):
    """Issue #40: nothing at the table said the 7-2 game was on, or how bomb pots come. The
    line names each rule that is on; a tap says each in full; nothing leaves the screen."""
    width, height = size
    phone = width < 700
    extra = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True} if phone else {}
    context = browser.new_context(viewport={"width": width, "height": height}, **extra)
    state = load_state("preflop_my_turn")
    state["table"].update(
        seven_deuce={"bounty": 5, "shown": False},
        bomb_pot={"ante": 4, "every": 10, "vote": False, "next_by_count": False},
        double_board="bomb_pots",
        straddle_allowed=True,
        run_it_twice_allowed=True,
        rake={"percent": 5.0, "cap": 4},
        action_seconds=20,
        time_bank_seconds=30,
        away_seconds=5,
    )
    page, server = open_table(context, state)
    console.watch(page, f"{width}")
    server.settle()
    line = page.locator("#house-rules summary")
    line.wait_for()
    text = line.inner_text()
    for part in ("7-2: 5", "Bomb pot every 10 hands", "Double-board bomb pots", "Straddle",
                 "Run it twice", "Rake 5% (cap 4)", "Clock 20 s + 30 s"):  # fmt: skip
        assert part in text, (part, text)
    line.click()
    full = page.locator("#house-rules ul").inner_text()
    assert "collects 5 from every other player dealt in" in full
    assert "Every 10 hands a bomb pot: everyone puts in 4" in full
    shots(page, f"house-rules-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # a table with no specials says nothing but its clock
    plain = load_state("preflop_my_turn")
    plain["table"].update(action_seconds=30, time_bank_seconds=60, run_it_twice_allowed=False)
    server.push({**plain, "version": plain["version"] + 5})
    page.wait_for_function(
        "() => !document.querySelector('#house-rules summary').textContent.includes('7-2')"
    )
    assert page.locator("#house-rules summary").inner_text() == "Clock 30 s + 60 s"
    context.close()
    assert console.errors == []
