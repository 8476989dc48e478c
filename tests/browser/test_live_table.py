"""Playing at a live table through the browser: sign up, make a club, invite, sit, buy in and
play hands by clicking, against Daphne + the table clock (live.py) on a database of their own.
Screenshots of each step go to SCREENSHOT_DIR (default test-artifacts/screenshots/)."""

from __future__ import annotations

import re

from .conftest import LAPTOP, PHONE
from .live_players import (
    check_or_call,
    host_pauses_after_this_hand,
    host_resumes,
    play_hand,
    set_up_table,
    until,
    wait_for_new_hand,
    whose_turn,
)

TOTAL = 400  # two buy-ins of 200


def assert_no_hidden_cards_reached(spectator) -> None:
    """Every state the spectator's socket received: no hole card unless shown, none of 'you'."""
    states = [f for f in spectator.frames if f.get("type") == "state"]
    assert states, "the spectator received no state"
    for state in states:
        assert state["you"]["cards"] == []
        for seat in state["seats"]:
            if not seat["shown"]:
                assert seat["cards"] in ([], ["??", "??"]), seat


def test_two_players_play_a_fold_and_a_showdown_while_a_spectator_watches(players, console, shots):
    alice, bob, carol = players("Alice"), players("Bob"), players("Carol")
    set_up_table(alice, bob, shots, spectator=carol)
    shots(carol.page, "spectator-empty-table")

    alice.sit(1)
    bob.sit(5, amount="200")
    shots(alice.page, "alice-seated")

    # Hand one: whoever acts first folds.
    first = wait_for_new_hand([alice, bob], after=0)
    host_pauses_after_this_hand(alice)
    shots(alice.page, "hand1-alice")
    shots(bob.page, "hand1-bob")
    shots(carol.page, "hand1-spectator")
    assert carol.page.locator(".seat .pcard.face").count() == 0  # no hole cards for a spectator
    assert carol.page.locator(".seat .pcard.back").count() == 4
    folder = whose_turn([alice, bob])
    winner = bob if folder is alice else alice
    folder.button("Fold").click()
    for p in (alice, bob, carol):
        p.page.locator("#center-msg").filter(has_text=f"{winner.name} wins").wait_for()
    shots(winner.page, "hand1-winner")
    stacks = alice.stacks()
    assert stacks[winner.name] > 200 > stacks[folder.name]
    assert sum(stacks.values()) == TOTAL
    assert bob.stacks() == stacks == carol.stacks()
    assert carol.page.locator(".seat .pcard.face").count() == 0  # nobody had to show

    # Hand two: check and call down to a showdown.
    host_resumes(alice)
    wait_for_new_hand([alice, bob], after=first)
    host_pauses_after_this_hand(alice)
    assert carol.page.locator(".seat .pcard.face").count() == 0
    play_hand([alice, bob], check_or_call, shots)
    for p in (alice, bob, carol):
        p.page.locator("#center-msg").filter(has_text="wins").wait_for()
        assert p.page.locator("#boards .pcard.face").count() == 5
    message = alice.page.locator("#center-msg").inner_text()
    assert (
        bob.page.locator("#center-msg").inner_text()
        == message
        == carol.page.locator("#center-msg").inner_text()
    )
    shots(alice.page, "showdown-alice")
    shots(bob.page, "showdown-bob")
    shots(carol.page, "showdown-spectator")
    # The winner's hand is face up for everyone, with its name (the loser may muck, R11.3);
    # the winner is highlighted.
    shown = carol.page.locator(".seat .pcard.face").count()
    assert shown in (2, 4)
    assert carol.page.locator(".seat .tag.handname").count() == shown // 2
    assert carol.page.locator(".seat.winner").count() >= 1
    winners = [n.split(" wins")[0] for n in message.split(" · ")]
    stacks = alice.stacks()
    assert sum(stacks.values()) == TOTAL
    assert bob.stacks() == stacks == carol.stacks()
    if len(winners) == 1:
        loser = next(n for n in stacks if n != winners[0])
        assert stacks[winners[0]] > stacks[loser]
    assert_no_hidden_cards_reached(carol)
    # R15.4: every browser checked the deck of the hand it saw, by itself; the players'
    # browsers sent a nonce that the deal used, the spectator's none.
    for p in (alice, bob, carol):
        p.page.locator("#hand-log li.deck-ok").filter(has_text="✓ deck checked").wait_for()
        assert p.page.locator("#hand-log li.deck-bad").count() == 0
    for p in (alice, bob):
        assert "your nonce was used" in p.page.locator("#hand-log li.deck-ok").inner_text()
    assert "no nonce of yours" in carol.page.locator("#hand-log li.deck-ok").inner_text()
    assert console.errors == []


def test_a_player_on_a_phone_plays_a_hand(players, console, shots):
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    set_up_table(alice, bob, shots)
    alice.sit(2)
    bob.sit(7)
    shots(bob.page, "phone-seated")
    wait_for_new_hand([alice, bob], after=0)
    host_pauses_after_this_hand(alice)
    shots(bob.page, "phone-hand-dealt")

    def decide(player) -> None:
        pot = bob.page.get_by_role("button", name=re.compile("^Pot"))
        # the phone player raises once with a preset, then checks or calls
        if player is bob and not getattr(bob, "raised", False) and pot.is_visible():
            pot.click()
            shots(bob.page, "phone-raise-sized")
            bob.button("Raise").click() if bob.button("Raise").is_visible() else bob.button(
                "Bet"
            ).click()
            bob.raised = True
            return
        check_or_call(player)

    play_hand([alice, bob], decide, shots)
    bob.page.locator("#center-msg").filter(has_text="wins").wait_for()
    shots(bob.page, "phone-showdown")
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.stacks() == alice.stacks()
    # Everything on the phone fits the screen: no sideways scrolling.
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Away and back with one tap each (R16.2): the seat and the chips stay.
    stack = bob.stacks()["Bob"]
    bob.button("Away").click()
    back = bob.page.get_by_role("status").get_by_role("button", name="I'm back")
    back.wait_for()
    shots(bob.page, "phone-away")
    bob_seat = alice.page.get_by_role("listitem", name=re.compile(r"^Bob, .*Sitting out"))
    bob_seat.wait_for()
    back.click()
    back.wait_for(state="hidden")
    bob_seat.wait_for(state="detached")
    assert bob.button("Away").is_visible() and bob.stacks()["Bob"] == stack
    assert console.errors == []


def test_a_pot_limit_omaha_hand_on_a_laptop_and_a_phone_R17(players, console, shots):
    """The host opens "1/2 PLO" from the presets; both players see their own four cards,
    whole and apart from the name plate, even on a 360-px phone; the hand plays out."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    set_up_table(alice, bob, shots, preset="1/2 PLO, 40–200")
    assert alice.page.locator("#stakes").inner_text() == "1/2 PLO"
    alice.sit(2)
    bob.sit(7)
    wait_for_new_hand([alice, bob], after=0, hole_cards=4)
    host_pauses_after_this_hand(alice)
    shots(bob.page, "plo-phone-dealt")
    shots(alice.page, "plo-laptop-dealt")
    for player, width in ((alice, LAPTOP["width"]), (bob, PHONE["width"])):
        cards = player.page.locator(".seat.me .pcard.face")
        boxes = [cards.nth(i).bounding_box() for i in range(4)]
        plate = player.page.locator(".seat.me .seat-box").bounding_box()
        assert all(b is not None for b in boxes) and plate is not None
        for b in boxes:
            assert b["x"] >= 0 and b["x"] + b["width"] <= width  # on the screen
        # the cards do not cover one another's rank and suit corner, nor hide under the plate
        lefts = sorted(b["x"] for b in boxes)
        assert all(later - earlier >= 12 for earlier, later in zip(lefts, lefts[1:], strict=False))
        assert max(b["y"] for b in boxes) + 12 <= plate["y"] + plate["height"]
    play_hand([alice, bob], check_or_call, shots)
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


def test_a_short_deck_hand_on_a_laptop_and_a_phone_R30(players, console, shots):
    """The host picks "Short Deck Hold'em (6+)"; the stakes read "1/2 NL 6+"; every card on
    either screen is a six or higher; the hand plays out and each browser checks its deck,
    the sixteen cards below six opened to place the rest (R30.4)."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)

    def short_deck(page) -> None:
        page.select_option("select[name=game]", "shortdeck")

    set_up_table(alice, bob, shots, preset="1/2 NL, 40–200", more=short_deck)
    assert alice.page.locator("#stakes").inner_text() == "1/2 NL 6+"
    alice.sit(2)
    bob.sit(7)
    wait_for_new_hand([alice, bob], after=0)
    host_pauses_after_this_hand(alice)  # the stacks are read after it: no next hand's blinds
    shots(bob.page, "short-deck-phone-dealt")
    play_hand([alice, bob], check_or_call, shots)
    for player in (alice, bob):
        player.page.locator("#hand-log li.deck-ok").filter(has_text="✓ deck checked").wait_for()
        assert player.page.locator("#hand-log li.deck-bad").count() == 0
        seen = player.page.locator(".pcard.face").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        assert seen and all(card[0] in "6789TJQKA" for card in seen), seen
    shots(alice.page, "short-deck-laptop-over")
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


def own_cards(player) -> list[str]:
    return player.page.locator(".seat.me .pcard.face").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )


def test_a_triple_draw_hand_on_a_laptop_and_a_phone_R42_R44(players, console, shots):
    """The host opens 2-7 triple draw at 2/4 fixed limit; both players are dealt five cards,
    no board. At the first draw Bob, on a 360-px phone, taps two of his cards, sees "Draw 2",
    sends it and holds two new cards in their places beside the three he kept; Alice, on a
    laptop, picks a card with the key 2, puts it back and stands pat from the keyboard. Both
    screens show each seat's count ("2", "Pat"); the hand plays out with every later draw
    pat, no chip is lost, and each browser checks the deck of the hand it saw (R42.5)."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)

    def triple_draw(page) -> None:
        page.select_option("select[name=game]", "27triple")
        page.fill("input[name=max_seats]", "6")  # a draw game seats at most 8 (R42.4)

    set_up_table(alice, bob, shots, preset="2/4 FL, 40–200", more=triple_draw)
    assert alice.page.locator("#stakes").inner_text() == "2/4 FL 2-7 TD"
    alice.sit(2)
    bob.sit(5)
    wait_for_new_hand([alice, bob], after=0, hole_cards=5)
    host_pauses_after_this_hand(alice)
    for player in (alice, bob):
        assert player.page.locator("#boards .pcard").count() == 0  # no board, not even places
        assert player.page.locator(".seat:not(.me) .pcard.back").count() == 5
    shots(bob.page, "draw-phone-dealt")

    def draw_button(player):
        return player.page.locator("#btn-draw")

    def my_draw(player) -> bool:
        return player.my_turn() and draw_button(player).is_visible()

    def to_the_first_draw():
        for player in (alice, bob):
            if my_draw(player):
                return player
            if player.my_turn():
                check_or_call(player)
        return None

    until([alice, bob], to_the_first_draw, "the first draw")
    for player in (alice, bob):  # no pre-action can answer a draw
        assert not player.page.locator("#pre-actions").is_visible()
    before = own_cards(bob)

    def bob_draws_two() -> None:
        page = bob.page
        toggles = page.get_by_role("group", name="Choose the cards to change").get_by_role("button")
        assert toggles.count() == 5 and draw_button(bob).inner_text() == "Stand pat"
        visible = [
            b.inner_text() for b in page.locator("#action-bar button").all() if b.is_visible()
        ]
        assert visible == ["Stand pat"]
        toggles.nth(1).tap()
        toggles.nth(3).tap()
        assert draw_button(bob).inner_text() == "Draw 2"
        pressed = [toggles.nth(i).get_attribute("aria-pressed") for i in range(5)]
        assert pressed == ["false", "true", "false", "true", "false"]
        # the five cards and the button fit the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for box in [toggles.nth(i).bounding_box() for i in range(5)] + [
            draw_button(bob).bounding_box()
        ]:
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert box["y"] + box["height"] <= PHONE["height"]
        shots(page, "draw-phone-two-picked")
        draw_button(bob).tap()

    def alice_stands_pat() -> None:
        page = alice.page
        page.keyboard.press("2")
        assert draw_button(alice).inner_text() == "Draw 1"
        page.keyboard.press("2")
        assert draw_button(alice).inner_text() == "Stand pat"
        shots(page, "draw-laptop-pat")
        draw_button(alice).focus()
        page.keyboard.press("Enter")

    drew: set[str] = set()

    def first_draw() -> bool:
        for player, draw in ((alice, alice_stands_pat), (bob, bob_draws_two)):
            if player.name not in drew and my_draw(player):
                draw()
                drew.add(player.name)
        return len(drew) == 2

    until([alice, bob], first_draw, "both players' first draw")

    def counted(player) -> bool:
        return player.page.locator(".seat .tag.drawn").count() == 2

    until(
        [alice, bob], lambda: counted(alice) and counted(bob), "each seat's count on both screens"
    )
    for player in (alice, bob):
        page = player.page
        assert page.locator('.seat:has(.seat-name:text-is("Bob")) .tag.drawn').inner_text() == "2"
        assert (
            page.locator('.seat:has(.seat-name:text-is("Alice")) .tag.drawn').inner_text() == "Pat"
        )
        seats = page.get_by_role("list", name="Seats")
        assert seats.get_by_role("listitem", name=re.compile(r"^Bob, .*Changed 2 cards")).count()
        assert seats.get_by_role("listitem", name=re.compile(r"^Alice, .*Stood pat")).count()
    after = own_cards(bob)
    assert [after[i] for i in (0, 2, 4)] == [before[i] for i in (0, 2, 4)]
    assert len(set(after)) == 5 and not {after[1], after[3]} & set(before)
    shots(bob.page, "draw-phone-drawn")
    shots(alice.page, "draw-laptop-drawn")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    def pat_or_check(player) -> None:
        if draw_button(player).is_visible():
            draw_button(player).click()  # "Stand pat" in the later draws
        else:
            check_or_call(player)

    play_hand([alice, bob], pat_or_check, shots)
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.stacks() == alice.stacks()
    for player in (alice, bob):
        player.page.locator("#hand-log li.deck-ok").filter(has_text="✓ deck checked").wait_for()
        assert player.page.locator("#hand-log li.deck-bad").count() == 0
    shots(alice.page, "draw-laptop-over")
    shots(bob.page, "draw-phone-over")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


def test_an_omaha_hi_lo_pot_splits_high_and_low_on_a_laptop_and_a_phone_R19(
    players, console, shots
):
    """The host opens "1/2 PLO8"; the players check hands down until a board makes a low
    (about one hand in three heads-up; at most 20): the log on both screens says who won
    the high half and who the low half, the hand names show both halves, no chip is lost."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    set_up_table(alice, bob, shots, preset="1/2 PLO8, 40–200")
    assert alice.page.locator("#stakes").inner_text() == "1/2 PLO8"
    alice.sit(2)
    bob.sit(7)
    hand = 0
    split = False
    for _ in range(20):
        hand = wait_for_new_hand([alice, bob], after=hand, hole_cards=4)
        host_pauses_after_this_hand(alice)  # the stacks are read after the hand, none dealt since
        play_hand([alice, bob], check_or_call)

        def logged(player) -> str:
            return player.page.locator("#hand-log").text_content() or ""

        until(
            [alice, bob],
            lambda: all(" wins " in logged(p) for p in (alice, bob)),
            "the pot's winners in the log",
        )
        if "the low half of" in logged(alice):
            split = True
            break
        host_resumes(alice)
    assert split, "20 hands checked down without a low"
    for player in (alice, bob):
        text = player.page.locator("#hand-log").text_content() or ""
        assert "the high half of the main pot" in text
        assert " low" in text.split("the low half of the main pot", 1)[1]
    shots(alice.page, "plo8-laptop-split")
    shots(bob.page, "plo8-phone-split")
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


def test_the_players_call_a_double_board_bomb_pot_on_a_laptop_and_a_phone_R21_R23(
    players, console, shots
):
    """The host lets the players call bomb pots of 4, dealt on two boards; both tick "Bomb
    pot next hand" during the first hand; the second hand is one: no blinds, everyone's 4
    in, both flops dealt at once (two rows that fit a phone without overlapping) and the
    betting starts there; each board's half is paid and logged; no chip is lost."""

    def bomb_options(page) -> None:
        page.fill("input[name=bomb_pot_ante]", "4")
        page.get_by_label("Players may call a bomb pot").check()
        page.select_option("select[name=double_board]", "bomb_pots")

    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    set_up_table(alice, bob, shots, more=bomb_options)
    alice.sit(2)
    bob.sit(7)
    first = wait_for_new_hand([alice, bob], after=0)
    for player in (alice, bob):
        vote = player.page.get_by_label(re.compile("Bomb pot next hand"))
        vote.check()
    until(
        [alice, bob],
        lambda: all("(2/2)" in (p.page.locator("#bomb-count").text_content() or "")
                    for p in (alice, bob)),
        "both votes on both screens",
    )  # fmt: skip
    shots(bob.page, "bomb-phone-voted")
    play_hand([alice, bob], check_or_call)
    wait_for_new_hand([alice, bob], after=first)
    for player in (alice, bob):
        page = player.page
        until(
            [player],
            lambda page=page: (
                page.locator("#table-status").inner_text() == "Bomb pot · double board"
            ),
            "the bomb pot's pill",
        )
        # both flops at once (R23.1), and no blinds
        rows = page.locator("#boards .board")
        assert rows.count() == 2
        assert [rows.nth(i).get_attribute("aria-label") for i in (0, 1)] == ["Board 1", "Board 2"]
        assert page.locator("#boards .board .pcard:not(.slot)").count() == 6
        first, second = (rows.nth(i).bounding_box() for i in (0, 1))
        assert first and second and first["y"] + first["height"] <= second["y"] + 1
        assert second["x"] >= 0 and second["x"] + second["width"] <= page.viewport_size["width"]
        assert page.locator(".seat .marker.blind").count() == 0
        log = page.locator("#hand-log").text_content() or ""
        assert log.count("puts 4 in the bomb pot") == 2
        assert "blind" not in log.lower()
    host_pauses_after_this_hand(alice)  # the stacks are read after it: no next hand's blinds
    shots(alice.page, "bomb-laptop-flop")
    shots(bob.page, "bomb-phone-flop")
    play_hand([alice, bob], check_or_call)
    for player in (alice, bob):
        page = player.page
        until(  # R23.2: each board's half has its line
            [player],
            lambda page=page: " on board 2" in (page.locator("#hand-log").text_content() or ""),
            "the second board's award in the log",
        )
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


ITALIAN_HAND = re.compile(
    r"Carta alta|Coppia di|Doppia coppia|Tris di|Scala|Colore|Full di|Poker di"
)
"""A hand's name as Italian players say it (docs/glossary.md), whatever the cards."""
ITALIAN_EUROS = re.compile(r"\d,\d\d\u00a0€")  # "0,04 €": a decimal comma, the symbol after


def test_a_hand_played_and_replayed_in_italian_on_a_phone(players, console, shots):
    """Issue #38: Bob taps "IT" at the table on his phone (390 × 844) and plays a hand to the
    showdown against Alice, who reads English: his buttons, log lines, hand names and amounts
    are Italian and written the Italian way, hers English, from the same frames; the hand's
    page in the history is Italian too (its PokerStars text keeps its own English)."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    for p in (alice, bob):
        p.sign_up()
    page = alice.page  # a club that counts euros: amounts show the reader's way
    alice.goto("/clubs/new/")
    page.fill("input[name=name]", "Friday Game")
    page.get_by_label("Currency", exact=True).check()
    page.get_by_label("Currency symbol").fill("€")
    page.get_by_role("button", name=re.compile("Create|Save")).click()
    page.wait_for_url(re.compile(r"/clubs/[\w-]+/$"))
    link = alice.invitation_link()
    table_url = alice.open_table("Main")
    bob.accept(link)
    bob.goto(table_url)
    bob.page.locator("#seats > li").first.wait_for()
    bob.page.get_by_role("button", name="Italiano").click()  # the switcher, on every page
    bob.page.wait_for_function("document.documentElement.lang === 'it'")
    bob.page.locator("#seats > li").first.wait_for()
    alice.sit(2)
    bob.page.get_by_role("button", name="Siediti al posto 7").click()
    bob.page.get_by_role("dialog").get_by_role("button", name="Siediti").click()
    bob.page.locator('.seat.me[data-seat="7"]').wait_for()
    wait_for_new_hand([alice, bob], after=0)
    host_pauses_after_this_hand(alice)
    assert bob.page.locator("#btn-fold").text_content() == "Passa"
    assert alice.page.locator("#btn-fold").text_content() == "Fold"

    def over(player, word) -> bool:
        return word in (player.page.locator("#center-msg").inner_text() or "")

    def act() -> bool:  # both check or call to the showdown, and show when asked (R11.3)
        if over(alice, "wins") and over(bob, "vince"):
            return True
        for player, show in ((alice, "Show"), (bob, "Mostra")):
            asked = player.page.get_by_role("button", name=show, exact=True)
            if asked.is_visible():
                asked.click()
            if player.my_turn():
                check = player.page.locator("#btn-check")
                (check if check.is_visible() else player.page.locator("#btn-call")).click()
        return False

    until([alice, bob], act, "the showdown")
    shots(bob.page, "italian-phone-showdown")
    told = bob.page.locator("#center-msg").inner_text()
    assert ITALIAN_EUROS.search(told) and ITALIAN_HAND.search(told), told
    log = bob.page.locator("#hand-log").inner_text()
    assert "vince" in log and ("fa check" in log or "chiama" in log), log
    assert "piccolo buio" in log and ITALIAN_HAND.search(log), log
    assert not re.search(r"\b(wins|checks|calls|posts|shows)\b", log), log
    assert ITALIAN_EUROS.search(log), log
    assert "wins" in alice.page.locator("#hand-log").inner_text()  # the same frames, in English
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    history = table_url.split("/tables/")[0] + "/history/"
    bob.goto(history)
    bob.page.locator("#hand-list a").first.click()
    bob.page.wait_for_url(re.compile(r"/history/hands/\d+/$"))
    assert bob.page.evaluate("document.documentElement.lang") == "it"
    bob.page.locator("[data-last]").click()
    replayed = bob.page.locator("[data-log]").inner_text()
    assert "vince" in replayed and ITALIAN_HAND.search(replayed), replayed
    assert not re.search(r"\b(wins|checks|calls|posts|shows)\b", replayed), replayed
    assert "PokerStars Hand #" in bob.page.locator("pre.hand-text").inner_text()
    shots(bob.page, "italian-phone-replayer")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []
