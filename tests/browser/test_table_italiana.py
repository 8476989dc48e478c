"""Poker all'italiana at the table page (R34-R37), against a fake server (harness.py) and then
live. In the opening round the player on turn sees "Pass" ("Passo") always, and "Open" with
its amount ("Apro 4") only when their own cards allow it (``you.opening_cards``), with those
cards marked and named; the others are told what opens; no pre-action answers the opening.
The middle says what opens and the pot the hands before left ("Piatto 24 · si apre di
donne"), and between hands the pot that stays. The draw takes at most four cards. The seats'
last actions say "Passo", "Apro 4" and, after the draw, "Parola". The states are a 2-7 triple
draw fixture made into a hand of poker all'italiana (the server's shape, docs/protocol.md).
Then a live game between three people, one on a 360-px phone reading Italian: a hand nobody
opens leaves its pot for the next, which needs queens; a hand opened, a draw of at most four
cards, the opening shown in the log at the end, and every browser checks the deck."""

from __future__ import annotations

import re
from copy import deepcopy

import pytest

from .conftest import LAPTOP, PHONE, action_button, middle_of, seat_of, visible_buttons
from .harness import load_state, open_table
from .live_players import (
    host_pauses_after_this_hand,
    host_resumes,
    seat_everyone_bob_in_italian,
    set_up_table,
    until,
    wait_for_new_hand,
)

DANA = ["Qc", "Qd", "9h", "Ts", "Ah"]
VERSION = 30


def italiana(to_act=4, opening_cards=(), pair="J", carried=0, version=VERSION):
    """The opening round of a hand of poker all'italiana at six seats, invito 2 and cip 4:
    Dana (seat 4, the viewer) holds ``DANA``; ``opening_cards`` are the cards that let her
    open (R34.2), the server's word for her alone."""
    state = load_state("second_draw_my_turn")
    state["version"] = version
    state["table"].update(
        name="Italiana",
        structure="pot_limit",
        small_blind=2,
        big_blind=4,
        game="italiana",
        game_letter=" ITA",
        italiana={
            "dealer_ante": 0,
            "opening_draw": "open_ended",
            "rising_openings": True,
            "repeat_invito": "everyone",
            "max_draw": 4,
            "piatto_di_parola": True,
            "opener_first": True,
            "carried": None,
        },
    )
    pot = 12 + carried
    state["you"]["cards"] = list(DANA)
    state["you"]["opening_cards"] = list(opening_cards)
    for seat in state["seats"]:
        seat.update(drawn=None, last_action=None, bet=0)
    state["hand"].update(
        street="predraw",
        phase="betting",
        draws=1,
        pots=[{"amount": pot, "eligible": [1, 2, 3, 4, 5, 6]}],
        pot_total=pot,
        to_act=to_act,
        decision_version=version,
        italiana={"pair": pair, "opening_draw": "open_ended", "carried": carried, "opener": None},
        legal={
            "seat": to_act,
            "opening": True,
            "min_to": 4,
            "max_to": pot,
            "all_in_to": None,
            "stack": 188,
            "bet": 0,
        },
    )
    return state


def middle(page) -> str:
    return page.locator("#center-msg").inner_text()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "360"])
def test_a_player_whose_cards_open_sees_open_with_its_amount_and_pass_R34(
    viewport, browser, console, shots
):
    phone = viewport is PHONE
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        page, server = open_table(context, italiana(opening_cards=["Qc", "Qd"]))
        console.watch(page)
        server.settle()
        shots(page, "may-open")
        assert visible_buttons(page) == ["Pass", "Open 4"]
        assert page.locator("#draw-hint").inner_text() == "You can open: Q♣ Q♦"
        # the amount from the cip to the pot (R34.4)
        assert page.locator("#amount-slider").get_attribute("min") == "4"
        assert page.locator("#amount-slider").get_attribute("max") == "12"
        assert not page.locator("#btn-allin").is_visible()
        assert not page.locator("#btn-fold").is_visible()
        # the two queens are marked among her cards, subtly
        marked = page.locator(".seat.me .pcard.opens")
        assert marked.evaluate_all("cs => cs.map((c) => c.dataset.card)") == ["Qc", "Qd"]
        assert marked.first.get_attribute("aria-label") == "Queen of clubs, opens"
        assert middle(page) == "Jacks to open"
        width = viewport["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for name in ("Pass", "Open"):
            box = action_button(page, name).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, name
            assert box["y"] + box["height"] <= viewport["height"], name
        page.locator(".preset", has_text="Max").click()
        assert visible_buttons(page) == ["Pass", "Open 12"]
        (action_button(page, "Open").tap() if phone else action_button(page, "Open").click())
        assert server.wait_for(lambda _: server.sent("act")) == [
            {"type": "act", "action": "open", "amount": 12, "version": VERSION}
        ]
    finally:
        context.close()
    assert console.errors == []


def test_keys_c_passes_and_enter_opens_and_f_folds_nothing(laptop):
    page, server = open_table(laptop, italiana(opening_cards=["Qc", "Qd"]))
    page.keyboard.press("f")  # a pass is no fold (R34.1): F does nothing
    server.flush()
    assert server.sent("act") == []
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("act")) == [
        {"type": "act", "action": "open", "amount": 4, "version": VERSION}
    ]
    page, server = open_table(laptop, italiana(opening_cards=["Qc", "Qd"]))
    page.keyboard.press("c")
    assert server.wait_for(lambda _: server.sent("act")) == [
        {"type": "act", "action": "pass", "version": VERSION}
    ]
    assert action_button(page, "Pass").get_attribute("aria-keyshortcuts") == "C"
    page.get_by_role("group", name="Table options").locator("summary").click()
    assert (
        page.locator("#italiana-keys").inner_text()
        == "Before the opening: C passes, R amount, Enter opens."
    )


def test_the_house_rules_say_the_morto_when_the_host_deals_it_R31_4(laptop):
    """A table with the morto says so in its house rules line ("Morto in tre" in Italian),
    in full on a tap; without it, nothing."""
    state = italiana()
    state["table"]["italiana"]["morto"] = True
    page, _ = open_table(laptop, state)
    line = page.locator("#house-rules summary")
    assert "Morto with three" in line.inner_text()
    line.click()
    assert "With three players a fourth hand is dealt to the place after the dealer" in (
        page.locator("#house-rules ul").inner_text()
    )
    page, _ = open_table(laptop, state, language="it")
    assert "Morto in tre" in page.locator("#house-rules summary").inner_text()
    page, _ = open_table(laptop, italiana())
    assert "Morto" not in page.locator("#house-rules").inner_text()


def buio(blind="buio", to=24, unseen=(4, 5)):
    """The buio's question (R33.5) to Dana (seat 4, left of the dealer, seat 3): she has not
    looked, so the server sends her no cards of her own (``you.unseen``), and her seat
    shows backs like anyone's."""
    state = italiana()
    state["table"]["italiana"]["buio"] = 2
    state["you"].update(cards=[], openings=[], opening_cards=[], unseen=True)
    state["hand"].update(
        phase="buio", legal={"seat": 4, "blind": blind, "to": to, "stack": 188, "bet": 0}
    )
    state["hand"]["italiana"].update(
        buio=2, blind=[] if blind == "buio" else [5], unseen=list(unseen)
    )
    for seat in state["seats"]:
        if seat.get("in_hand"):
            seat["cards"] = ["??"] * 5
    return state


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "360"])
def test_before_looking_the_player_left_of_the_dealer_goes_blind_or_looks_R33_5(
    viewport, browser, console, shots
):
    """ "Buio 24" and "Look at my cards" and nothing else; her own seat shows five backs (no
    card of hers is on the page); the middle says "The buio"; the button sends the buio
    with no amount (the rule's), and in Italian the buttons read "Buio 24" and "Guardo le
    carte"."""
    phone = viewport is PHONE
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        page, server = open_table(context, buio())
        console.watch(page)
        server.settle()
        shots(page, "buio-asked")
        assert visible_buttons(page) == ["Buio 24", "Look at my cards"]
        assert not page.locator("#sizing").is_visible()
        assert page.locator("#draw-hint").inner_text() == (
            "You have not looked at your cards: open blind, or look at them."
        )
        mine = page.locator(".seat.me .pcard")
        assert mine.count() == 5 and page.locator(".seat.me .pcard.face").count() == 0
        assert middle(page) == "The buio"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        button = action_button(page, "Buio")
        button.tap() if phone else button.click()
        assert server.wait_for(lambda _: server.sent("act")) == [
            {"type": "act", "action": "buio", "version": VERSION}
        ]
    finally:
        context.close()
    assert console.errors == []


def test_keys_c_looks_and_enter_goes_blind_and_the_controbuio_reads_so_R33_5(laptop):
    page, server = open_table(laptop, buio())
    page.keyboard.press("c")
    assert server.wait_for(lambda _: server.sent("act")) == [
        {"type": "act", "action": "look", "version": VERSION}
    ]
    page, server = open_table(laptop, buio(blind="controbuio", to=48))
    assert visible_buttons(page) == ["Controbuio 48", "Look at my cards"]
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("act")) == [
        {"type": "act", "action": "controbuio", "version": VERSION}
    ]
    page, _ = open_table(laptop, buio(), language="it")
    assert visible_buttons(page) == ["Buio 24", "Guardo le carte"]
    assert middle(page) == "Il buio"


def test_no_pre_action_is_offered_while_the_buio_is_decided_R33_5(laptop):
    """While another player decides blind, no box is offered (it would answer the viewer's
    own blind decision, or a controbuio's difference, unseen); her turn shows her choice."""
    state = buio()
    state["hand"].update(to_act=5, legal={**state["hand"]["legal"], "seat": 5})
    page, server = open_table(laptop, state)
    server.settle()
    assert not page.locator("#pre-actions").is_visible()
    server.push(buio(blind="controbuio", to=48) | {"version": VERSION + 1})
    action_button(page, "Controbuio").wait_for()
    server.settle()
    server.flush()
    assert server.sent("act") == []
    assert visible_buttons(page) == ["Controbuio 48", "Look at my cards"]


def test_the_house_rules_say_the_buio_when_the_host_allows_it_R33_5(laptop):
    state = italiana()
    state["table"]["italiana"]["buio"] = 2
    page, _ = open_table(laptop, state)
    line = page.locator("#house-rules summary")
    assert "Buio of twice the pot" in line.inner_text()
    line.click()
    assert "the player left of the dealer may open blind for twice the pot" in (
        page.locator("#house-rules ul").inner_text()
    )
    state["table"]["italiana"]["buio"] = 1
    page, _ = open_table(laptop, state, language="it")
    assert "Buio del piatto" in page.locator("#house-rules summary").inner_text()
    page, _ = open_table(laptop, italiana())
    assert "Buio" not in page.locator("#house-rules").inner_text()


def test_a_player_whose_cards_do_not_open_sees_only_pass_and_what_opens(laptop, console, shots):
    """R34.3: "Apro" only to cards that allow it; the public legal is the same for all, so
    the page goes by the viewer's own ``opening_cards`` (here none)."""
    page, server = open_table(laptop, italiana())
    console.watch(page)
    server.settle()
    shots(page, "only-pass")
    assert visible_buttons(page) == ["Pass"]
    assert not page.locator("#sizing").is_visible()
    assert page.locator("#draw-hint").inner_text() == "To open you need a pair of jacks or better"
    assert page.locator(".seat.me .pcard.opens").count() == 0
    page.keyboard.press("Enter")  # no opening to send
    page.keyboard.press("r")
    server.flush()
    assert server.sent("act") == []
    action_button(page, "Pass").click()
    assert server.wait_for(lambda _: server.sent("act")) == [
        {"type": "act", "action": "pass", "version": VERSION}
    ]
    page, server = open_table(laptop, italiana(pair="Q", carried=24), language="it")
    server.settle()
    shots(page, "only-passo")
    assert visible_buttons(page) == ["Passo"]
    assert (
        page.locator("#draw-hint").inner_text() == "Per aprire serve una coppia di donne o meglio"
    )
    assert middle(page) == "Piatto 24 · si apre di donne"
    assert console.errors == []


def test_no_pre_action_answers_the_opening(laptop):
    """A box ticked while another player speaks never passes nor opens for the viewer: the
    opening round's choice is theirs (as the stud bring-in's, R45.4)."""
    for box in ("Check/Fold", "Call any"):
        page, server = open_table(laptop, italiana(to_act=3, opening_cards=["Qc", "Qd"]))
        page.get_by_label(box).check()
        server.push(italiana(opening_cards=["Qc", "Qd"], version=VERSION + 1))
        action_button(page, "Open").wait_for()
        server.settle()
        server.flush()
        assert server.sent("act") == [], box
        assert visible_buttons(page) == ["Pass", "Open 4"]
        assert not page.get_by_label(box).is_checked()


def test_the_pot_that_stays_is_shown_between_hands_and_in_the_next_R35(laptop, console):
    nobody = italiana(to_act=None)
    nobody["table"]["italiana"]["carried"] = {"amount": 24, "pair": "Q", "reason": "nobody_opened"}
    nobody["hand"].update(finished=True, street="finished", legal=None, pots=[], pot_total=0)
    page, server = open_table(laptop, nobody, language="it")
    console.watch(page)
    server.settle()
    assert middle(page) == "Il piatto resta: 24 · si apre di donne"
    assert page.locator("#show-after").is_hidden()  # R35.1: nobody shows the cards
    between = deepcopy(nobody)
    between["hand"] = None
    between["version"] = VERSION + 1
    server.push(between)
    server.settle()
    assert middle(page) == "Il piatto resta: 24 · si apre di donne"
    # the next hand: the pot carried in, queens to open (R35.2)
    server.push(italiana(to_act=1, pair="Q", carried=24, version=VERSION + 2))
    page.get_by_text("Piatto 24 · si apre di donne").wait_for()
    page, server = open_table(laptop, nobody)
    server.settle()
    assert middle(page) == "The pot stays: 24 · queens to open"
    won = deepcopy(nobody)  # a hand that was won: its players may show what nobody saw (R11.5)
    won["table"]["italiana"]["carried"] = None
    page, server = open_table(laptop, won)
    server.settle()
    assert page.locator("#show-after").is_visible()
    assert console.errors == []


def test_the_last_actions_say_pass_open_and_parola(laptop, console):
    state = italiana(to_act=5, opening_cards=["Qc", "Qd"])
    seat_of(state, 1)["last_action"] = {"kind": "pass", "amount": None}
    seat_of(state, 2).update(bet=8, last_action={"kind": "open", "amount": 8})
    state["hand"]["italiana"]["opener"] = 2
    state["hand"]["legal"] = {
        "seat": 5,
        "fold": True,
        "check": False,
        "call": 8,
        "bet_or_raise": "raise",
        "min_to": 16,
        "max_to": 36,
        "all_in_to": None,
        "stack": 188,
        "bet": 0,
    }
    page, server = open_table(laptop, state)
    console.watch(page)
    server.settle()
    tag = lambda n: page.locator(f'.seat[data-seat="{n}"] .tag.last-action')  # noqa: E731
    assert tag(1).inner_text() == "Pass"
    assert tag(2).inner_text() == "Open 8"
    assert middle(page) == "The opening"
    # nobody opens now: the cards are not marked any more
    assert page.locator(".seat.me .pcard.opens").count() == 0
    after = deepcopy(state)
    after["version"] = VERSION + 5
    after["hand"].update(street="draw", to_act=5)
    for seat in after["seats"]:
        seat.update(bet=0, last_action=None, drawn=[2])
    seat_of(after, 2)["last_action"] = {"kind": "check", "amount": None}
    page, server = open_table(laptop, after, language="it")
    server.settle()
    assert tag(2).inner_text() == "Parola"
    assert middle(page) == "Dopo il cambio"
    assert console.errors == []


def test_the_draw_takes_at_most_four_cards_R36_1(laptop, console):
    state = italiana()
    state["hand"]["italiana"]["opener"] = 4
    state["hand"].update(phase="draw", legal={"seat": 4, "draw": 5, "max_draw": 4})
    page, server = open_table(laptop, state)
    console.watch(page)
    server.settle()
    assert page.locator("#draw-hint").inner_text() == "Choose up to 4 cards to change"
    for key in "12345":
        page.keyboard.press(key)
    pressed = page.locator(".seat.me button[data-throw]").evaluate_all(
        "bs => bs.map((b) => b.getAttribute('aria-pressed'))"
    )
    assert pressed == ["true", "true", "true", "true", "false"]
    assert visible_buttons(page) == ["Draw 4"]
    page.keyboard.press("1")  # put one back: the fifth may be picked instead
    page.keyboard.press("5")
    page.keyboard.press("Enter")
    assert server.wait_for(lambda _: server.sent("draw")) == [
        {"type": "draw", "cards": ["Qd", "9h", "Ts", "Ah"], "version": VERSION}
    ]
    assert console.errors == []


# --- a live game of poker all'italiana (live.py, live_players.py) -------------------------------


def may_open(player) -> bool:
    return player.page.locator("#btn-raise").is_visible()


def carried(player) -> int:
    """The pot that stays, as the English middle says it ("The pot stays: 6 · ..."), else 0."""
    found = re.match(r"The pot stays: (\d+)", middle_of(player))
    return int(found.group(1)) if found else 0


def hand_ended(player) -> bool:
    return "wins" in middle_of(player) or "The pot stays" in middle_of(player)


def act_in_italiana(player, opened: dict, drew: list) -> None:
    """One decision: open with the least when the cards allow it (once a pot nobody won
    waits), else pass; call an opening, check after the draw; change four cards (at most)."""
    page = player.page
    if page.locator("#btn-draw").is_visible():
        for key in "12345":
            page.keyboard.press(key)
        assert page.locator(".seat.me button[data-throw][aria-pressed=true]").count() == 4
        drew.append(player.name)
        page.keyboard.press("Enter")
    elif page.locator("#btn-pass").is_visible():
        hint = page.locator("#draw-hint").inner_text()
        assert may_open(player) == hint.startswith(("You can open", "Puoi aprire")), hint
        if may_open(player) and opened["allowed"]:
            assert page.locator(".seat.me .pcard.opens").count() >= 2
            opened["who"] = player.name
            page.locator("#btn-raise").click()
        else:
            page.locator("#btn-pass").click()
    elif page.locator("#btn-check").is_visible():
        page.locator("#btn-check").click()
    else:
        page.locator("#btn-call").click()


def play_one_hand(everyone, opened: dict, drew: list, shots) -> None:
    steps = 0

    def over_or_act() -> bool:
        nonlocal steps
        if hand_ended(everyone[0]):
            return True
        for player in everyone:
            if player.my_turn():
                if steps < 8:
                    shots(player.page, f"{player.name}-to-act")
                steps += 1
                act_in_italiana(player, opened, drew)
        return False

    until(everyone, over_or_act, "the end of the hand")


def test_poker_all_italiana_live_on_a_laptop_and_a_phone(players, console, shots):
    """Alice opens a table of poker all'italiana (the form turns the preset's fixed limit to
    pot limit and names the invito); Bob (a 360-px phone, in Italian) and Carol sit. Hand 1:
    everyone passes, whatever their cards, each offered "Open" only with the cards the hint
    names; the pot stays and every screen says queens open the next hand. Then hands are
    dealt until someone may open: they open, the others call, every draw takes at most four
    cards, the hand is checked down, and the log shows the opening (Bob's: "apriva con"); no
    chip is lost and every browser checks the deck."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    carol = players("Carol")
    everyone = [alice, bob, carol]

    def form(page) -> None:
        page.select_option("select[name=game]", "italiana")
        assert page.locator("select[name=structure]").input_value() == "pot_limit"
        assert page.locator("label[for=id_small_blind]").inner_text() == "Invito (everyone's ante)"
        assert page.get_by_label("Poker all'italiana: rising openings").is_visible()

    table_url = set_up_table(alice, bob, shots, spectator=carol, preset="2/4 FL, 40–200", more=form)
    total = seat_everyone_bob_in_italian(alice, bob, table_url, ((alice, 1), (carol, 3)))
    host_resumes(alice)
    number = wait_for_new_hand(everyone, after=0, hole_cards=5)
    host_pauses_after_this_hand(alice)

    opened: dict = {"who": None, "allowed": False}
    drew: list[str] = []
    play_one_hand(everyone, opened, drew, shots)  # R34.3: who may open need not
    assert opened["who"] is None and not drew
    until(
        everyone,
        lambda: all(re.search(r"queens to open|si apre di donne", middle_of(p)) for p in everyone),
        "the pot that stays on every screen",
    )
    assert re.fullmatch(r"Il piatto resta: \d+ · si apre di donne", middle_of(bob)), middle_of(bob)
    assert "Nessuno apre" in bob.page.locator("#hand-log").inner_text()
    assert sum(alice.stacks().values()) + carried(alice) == total
    shots(bob.page, "phone-pot-stays")
    shots(alice.page, "laptop-pot-stays")

    opened["allowed"] = True
    for _ in range(10):  # until a hand is opened (each one nobody opens needs kings, R35.2)
        host_resumes(alice)
        number = wait_for_new_hand(everyone, after=number, hole_cards=5)
        host_pauses_after_this_hand(alice)
        play_one_hand(everyone, opened, drew, shots)
        if opened["who"]:
            break
    assert opened["who"], "nobody could open in ten hands"
    until(
        everyone,
        lambda: (
            "opened with" in alice.page.locator("#hand-log").inner_text()
            and "apriva con" in bob.page.locator("#hand-log").inner_text()
        ),
        "the opening shown in the log (R39.2)",
    )
    for player in everyone:
        player.page.locator("#hand-log li.deck-ok").first.wait_for()
        assert player.page.locator("#hand-log li.deck-bad").count() == 0
        assert sum(player.stacks().values()) + carried(alice) == total
    shots(alice.page, "laptop-over")
    shots(bob.page, "phone-over")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


def test_a_buio_live_each_blind_player_sees_their_cards_only_once_they_may_R33_5(
    players, console, shots
):
    """Alice opens poker all'italiana with "Buio of twice the pot"; Bob (a 360-px phone, in
    Italian) and Carol sit. The player left of the dealer is asked first, his own cards
    backs on his screen; he goes blind. The next, her cards backs too, is asked the
    controbuio and looks: hers come face up. She sees the buio, the third too, and only
    then, at his turn, the blind player's cards come face up; the hand is played out
    standing pat and checking; every log says the buio, every browser checks the deck, and
    no chip is lost."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    carol = players("Carol")
    everyone = [alice, bob, carol]

    def form(page) -> None:
        page.select_option("select[name=game]", "italiana")
        page.select_option("select[name=buio]", "2")

    table_url = set_up_table(alice, bob, shots, spectator=carol, preset="2/4 FL, 40–200", more=form)
    total = seat_everyone_bob_in_italian(alice, bob, table_url, ((alice, 1), (carol, 3)))
    host_resumes(alice)
    until(everyone, lambda: all(p.hand_number() > 0 for p in everyone), "the first hand")
    host_pauses_after_this_hand(alice)

    def asked(button: str):
        found: list = []

        def one_asked() -> bool:
            found[:] = [p for p in everyone if p.my_turn() and p.page.locator(button).is_visible()]
            return len(found) == 1

        until(everyone, one_asked, f"one player offered {button}")
        return found[0]

    def face_up(player) -> int:
        return player.page.locator(".seat.me .pcard.face").count()

    first = asked("#btn-blind")
    second = everyone[(everyone.index(first) + 1) % 3]
    third = everyone[(everyone.index(first) + 2) % 3]
    for player in (first, second):  # neither has looked: five backs, no card of theirs
        assert face_up(player) == 0 and player.page.locator(".seat.me .pcard").count() == 5
    until([third], lambda: face_up(third) == 5, "the third player's own cards")
    assert re.fullmatch(r"The buio|Il buio", middle_of(first).split("\n")[0]), middle_of(first)
    shots(first.page, "asked-the-buio")
    first.page.locator("#btn-blind").click()
    assert asked("#btn-blind") is second  # the controbuio, before she looks
    assert second.page.locator("#btn-blind .verb").inner_text() == "Controbuio"
    assert face_up(second) == 0
    shots(second.page, "asked-the-controbuio")
    second.page.locator("#btn-look").click()
    until([second], lambda: face_up(second) == 5, "her cards once she looks")
    assert face_up(first) == 0  # he speaks last: he has not looked yet
    for player in (second, third):  # in turn after him they see the buio ("vedo il buio")
        until([player], player.my_turn, f"{player.name}'s turn")
        assert not player.page.locator("#btn-raise").is_visible()  # only the blind may raise
        player.page.locator("#btn-call").click()
    until([first], lambda: first.my_turn() and face_up(first) == 5, "his cards at his turn")
    shots(first.page, "the-blind-player-looks")
    assert first.page.locator("#btn-raise").is_visible()  # alone he may raise
    first.page.locator("#btn-check").click()

    def stand_pat_and_check() -> bool:
        if all(
            hand_ended(p) or "vince" in middle_of(p) or "resta" in middle_of(p) for p in everyone
        ):
            return True
        for player in everyone:
            if player.my_turn():
                for button in ("#btn-draw", "#btn-check", "#btn-call"):
                    if player.page.locator(button).is_visible():
                        player.page.locator(button).click()
                        break
        return False

    until(everyone, stand_pat_and_check, "the end of the hand")
    until(
        everyone,
        lambda: (
            "goes blind for" in alice.page.locator("#hand-log").inner_text()
            and "va al buio" in bob.page.locator("#hand-log").inner_text()
        ),
        "the buio in the log",
    )
    for player in everyone:
        player.page.locator("#hand-log li.deck-ok").first.wait_for()
        assert player.page.locator("#hand-log li.deck-bad").count() == 0
    assert sum(alice.stacks().values()) + carried(alice) == total
    shots(bob.page, "phone-over")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []
