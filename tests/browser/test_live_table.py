"""Playing at a live table through the browser: sign up, make a club, invite, sit, buy in and
play hands by clicking, against Daphne + the table clock (live.py) on a database of their own.
Screenshots of each step go to SCREENSHOT_DIR (default test-artifacts/screenshots/)."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import time

import pytest

from .conftest import LAPTOP, PHONE, action_button

PASSWORD = "correct-horse-battery-42"
_emails = itertools.count(1)
TOTAL = 400  # two buy-ins of 200


class Player:
    """One person in one browser context."""

    def __init__(self, browser, base: str, name: str, console, viewport=LAPTOP, phone=False):
        extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
        self.context = browser.new_context(viewport=viewport, **extra)
        self.context.set_default_timeout(15000)
        self.page = self.context.new_page()
        self.base = base
        self.name = name
        self.frames: list[dict] = []
        console.watch(self.page, name)
        self.page.on("websocket", self._watch_socket)

    def _watch_socket(self, ws) -> None:
        def received(payload) -> None:
            with contextlib.suppress(TypeError, ValueError):  # binary or not JSON
                self.frames.append(json.loads(payload))

        ws.on("framereceived", received)

    def goto(self, path: str) -> None:
        self.page.goto(path if path.startswith("http") else self.base + path)

    def sign_up(self) -> None:
        page = self.page
        self.goto("/accounts/signup/")
        page.fill(
            "input[name=email]", f"{self.name.lower()}{next(_emails)}.{time.time_ns()}@example.com"
        )
        page.fill("input[name=display_name]", self.name)
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.locator("form").filter(has=page.locator("input[name=email]")).locator(
            "button[type=submit]"
        ).click()
        page.wait_for_url(re.compile(r"/clubs/"))

    def create_club(self, name: str) -> str:
        page = self.page
        self.goto("/clubs/new/")
        page.fill("input[name=name]", name)
        page.get_by_role("button", name=re.compile("Create|Save")).click()
        page.wait_for_url(re.compile(r"/clubs/[\w-]+/$"))
        return page.url

    def invitation_link(self) -> str:
        page = self.page
        page.get_by_role("button", name="Create invitation link").click()
        return page.get_by_label("Invitation link").first.input_value()

    def accept(self, link: str) -> None:
        self.goto(link)
        self.page.get_by_role("button", name=re.compile("^Join")).click()
        self.page.wait_for_url(re.compile(r"/clubs/[\w-]+/$"))

    def open_table(self, name: str, preset: str | None = None, more=None) -> str:
        page = self.page
        page.get_by_role("link", name="Open a table").click()
        if preset is not None:  # one of the form's stakes presets, e.g. "1/2 PLO, 40–200"
            page.get_by_role("button", name=preset).click()
        page.fill("input[name=name]", name)
        if more is not None:  # the host opens "More options" and sets some
            page.get_by_text("More options").click()
            more(page)
        page.get_by_role("button", name="Open table").click()
        page.wait_for_url(re.compile(r"/tables/\d+/$"))
        page.locator("#seats > li").first.wait_for()
        return page.url

    def sit(self, seat: int, amount: str | None = None) -> None:
        page = self.page
        page.get_by_role("button", name=f"Sit in seat {seat}").click()
        dialog = page.get_by_role("dialog")
        if amount is not None:
            dialog.get_by_label("Buy-in", exact=True).fill(amount)
        dialog.get_by_role("button", name="Sit down").click()
        page.locator(f'.seat.me[data-seat="{seat}"]').wait_for()

    def button(self, name: str):
        return action_button(self.page, name)

    def my_turn(self) -> bool:
        return self.page.locator("#action-bar").is_visible()

    def stacks(self) -> dict[str, int]:
        out = {}
        for seat in self.page.locator(".seat:not(.vacant)").all():
            name = seat.locator(".seat-name").inner_text()
            out[name] = int(seat.locator(".seat-stack").inner_text().replace(",", ""))
        return out

    def hand_number(self) -> int:
        text = self.page.locator("#hand-no").inner_text()
        return int(text.split("#")[1]) if "#" in text else 0

    def close(self) -> None:
        self.context.close()


def wait_until(predicate, timeout: float = 30.0, step_page=None, what: str = "condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        (step_page.wait_for_timeout(100) if step_page else time.sleep(0.1))
    raise AssertionError(f"timed out waiting for {what}")


def wait_for_new_hand(players, after: int, hole_cards: int = 2) -> int:
    """Wait until every player's page shows a hand numbered above ``after`` with cards dealt."""

    def dealt() -> bool:
        return all(
            p.hand_number() > after and p.page.locator(".seat.me .pcard.face").count() == hole_cards
            for p in players
        )

    wait_until(dealt, what="the next hand to be dealt", step_page=players[0].page)
    return players[0].hand_number()


def hand_over(player) -> bool:
    return "wins" in (player.page.locator("#center-msg").inner_text() or "")


def play_hand(players, decide, shots=None) -> None:
    """Click through one hand: whoever has the action bar acts by ``decide(player)``."""
    end = time.monotonic() + 90
    steps = 0
    while not all(hand_over(p) for p in players):
        assert time.monotonic() < end, "the hand did not finish"
        for player in players:
            if player.button("Show").is_visible():  # asked at showdown (R11.3): show
                shots and shots(player.page, f"{player.name}-show-or-muck")
                player.button("Show").click()
                player.page.wait_for_timeout(150)
            if player.my_turn() and not hand_over(player):
                if shots and steps < 6:
                    shots(player.page, f"{player.name}-to-act")
                decide(player)
                steps += 1
                player.page.wait_for_timeout(150)
        players[0].page.wait_for_timeout(100)


def check_or_call(player) -> None:
    (
        player.button("Check") if player.button("Check").is_visible() else player.button("Call")
    ).click()


def assert_no_hidden_cards_reached(spectator) -> None:
    """Every state the spectator's socket received: no hole card unless shown, none of 'you'."""
    states = [f for f in spectator.frames if f.get("type") == "state"]
    assert states, "the spectator received no state"
    for state in states:
        assert state["you"]["cards"] == []
        for seat in state["seats"]:
            if not seat["shown"]:
                assert seat["cards"] in ([], ["??", "??"]), seat


@pytest.fixture
def players(browser, live_server_url, console):
    made: list[Player] = []

    def make(name: str, **kwargs) -> Player:
        player = Player(browser, live_server_url, name, console, **kwargs)
        made.append(player)
        return player

    yield make
    for player in made:
        player.close()


def set_up_table(alice, bob, shots, spectator=None, preset=None, more=None):
    """Alice signs up, makes a club and a table and invites Bob (and the spectator)."""
    for p in (alice, bob, *([spectator] if spectator else [])):
        p.sign_up()
    alice.create_club("Friday Game")
    link = alice.invitation_link()
    shots(alice.page, "club-with-invitation")
    table_url = alice.open_table("Main", preset, more)
    for p in (bob, *([spectator] if spectator else [])):
        p.accept(link)
        shots(p.page, f"{p.name}-club-page")
        p.page.get_by_role("link", name="Join Main").click()  # on a phone too: the list is cards
        p.page.wait_for_url(table_url)
        p.page.locator("#seats > li").first.wait_for()
    return table_url


def host_pauses_after_this_hand(host) -> None:
    """The host keeps the finished hand on screen (so the test can look at it calmly)."""
    host.page.get_by_role("tab", name="Host").click()
    host.button("Pause after this hand").click()
    host.page.get_by_text("The game pauses after this hand.").wait_for()
    host.page.get_by_role("tab", name="Log").click()


def host_resumes(host) -> None:
    host.page.get_by_role("tab", name="Host").click()
    host.button("Resume").click()
    host.page.get_by_text("The game is running.").wait_for()
    host.page.get_by_role("tab", name="Log").click()


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
    folder = wait_until(lambda: next((p for p in (alice, bob) if p.my_turn()), None), what="a turn")
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
        play_hand([alice, bob], check_or_call)

        def logged(player) -> str:
            return player.page.locator("#hand-log").text_content() or ""

        wait_until(
            lambda: all(" wins " in logged(p) for p in (alice, bob)),
            step_page=alice.page,
            what="the pot's winners in the log",
        )
        if "the low half of" in logged(alice):
            split = True
            break
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
    wait_until(
        lambda: all("(2/2)" in (p.page.locator("#bomb-count").text_content() or "")
                    for p in (alice, bob)),
        step_page=alice.page,
        what="both votes on both screens",
    )  # fmt: skip
    shots(bob.page, "bomb-phone-voted")
    play_hand([alice, bob], check_or_call)
    wait_for_new_hand([alice, bob], after=first)
    for player in (alice, bob):
        page = player.page
        wait_until(
            lambda page=page: (
                page.locator("#table-status").inner_text() == "Bomb pot · double board"
            ),
            step_page=page,
            what="the bomb pot's pill",
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
    shots(alice.page, "bomb-laptop-flop")
    shots(bob.page, "bomb-phone-flop")
    play_hand([alice, bob], check_or_call)
    for player in (alice, bob):
        page = player.page
        wait_until(  # R23.2: each board's half has its line
            lambda page=page: " on board 2" in (page.locator("#hand-log").text_content() or ""),
            step_page=page,
            what="the second board's award in the log",
        )
    assert sum(bob.stacks().values()) == TOTAL
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []
