"""People at a live table, each in a browser of their own, against Daphne + the table clock
(live.py): sign up, make a club, invite, sit, buy in and play hands by clicking. Shared by
the live browser tests (test modules import this, never one another); the ``players``
fixture that makes them is in conftest.py."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import time

from tests.conftest import eventually

from .conftest import LAPTOP, action_button, pause_on

PASSWORD = "correct-horse-battery-42"
_emails = itertools.count(1)


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

    def press(self, name: str) -> bool:
        """Click the action button ``name`` if it still takes the click within a few seconds;
        False when it went first: on a busy machine the turn can move on between a look and
        the click (the clock acted for a player whose time ran out), and the caller looks
        again instead of waiting out the page's whole timeout on a button that is gone."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.button(name).click(timeout=3000)
        except PlaywrightTimeout:
            return False
        return True

    def my_turn(self) -> bool:
        """The action bar is up and takes a click: an action sent locks it (``busy``) until
        the next state comes (controls.js), so a player never acts twice on one state."""
        return self.page.locator("#action-bar:not(.busy)").is_visible()

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


def until(players, predicate, what: str):
    """:func:`tests.conftest.eventually` while the players' pages run."""
    return eventually(predicate, what=what, pause=pause_on(players[0].page))


def whose_turn(players) -> Player:
    """The player who may act now (waits until one may)."""
    return until(players, lambda: next((p for p in players if p.my_turn()), None), "a turn")


def wait_for_new_hand(players, after: int, hole_cards: int = 2) -> int:
    """Wait until every player's page shows a hand numbered above ``after`` with cards dealt."""

    def dealt() -> bool:
        return all(
            p.hand_number() > after and p.page.locator(".seat.me .pcard.face").count() == hole_cards
            for p in players
        )

    until(players, dealt, "the next hand to be dealt")
    return players[0].hand_number()


def hand_over(player) -> bool:
    """The middle says who won, in English or Italian ("Alice wins 12", "Alice vince 12")."""
    words = (player.page.locator("#center-msg").inner_text() or "").split()
    return "wins" in words or "vince" in words


def play_hand(players, decide, shots=None) -> None:
    """Click through one hand: whoever may act acts by ``decide(player)``; whoever is asked
    at the showdown shows (R11.3). A click locks what it answered until the next state, so
    each look acts only on what is new."""
    steps = 0

    def finished_or_act() -> bool:
        nonlocal steps
        if all(hand_over(p) for p in players):
            return True
        for player in players:
            if player.button("Show").is_visible():  # asked at showdown (R11.3): show
                shots and shots(player.page, f"{player.name}-show-or-muck")
                player.button("Show").click()
            if player.my_turn() and not hand_over(player):
                if shots and steps < 6:
                    shots(player.page, f"{player.name}-to-act")
                decide(player)
                steps += 1
        return False

    until(players, finished_or_act, "the end of the hand")


def check_or_call(player) -> None:
    (
        player.button("Check") if player.button("Check").is_visible() else player.button("Call")
    ).click()


def host_pauses_now(host) -> None:
    """Between hands a pause is at once: the players sit down, then the first hand deals them all."""
    host.page.get_by_role("tab", name="Host").click()
    host.button("Pause after this hand").click()
    host.page.get_by_text("The game is paused.").wait_for()
    host.page.get_by_role("tab", name="Log").click()


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


def seat_everyone_bob_in_italian(host, bob, table_url: str, others) -> int:
    """Bob (the phone) reads the table in Italian; with the game paused, ``others`` (player,
    seat) sit and Bob takes seat 2 from the Italian page; every screen sees them all
    seated. The chips on the table."""
    bob.goto(table_url)
    bob.page.get_by_role("button", name="Italiano").click()
    bob.page.wait_for_function("document.documentElement.lang === 'it'")
    bob.page.locator("#seats > li").first.wait_for()
    host_pauses_now(host)
    for player, seat in others:
        player.sit(seat)
    bob.page.get_by_role("button", name="Siediti al posto 2").click()
    bob.page.get_by_role("dialog").get_by_role("button", name="Siediti").click()
    bob.page.locator('.seat.me[data-seat="2"]').wait_for()
    everyone = [bob, *(player for player, _ in others)]
    until(
        everyone,
        lambda: all(len(p.stacks()) == len(everyone) for p in everyone),
        f"{len(everyone)} seated",
    )
    return sum(host.stacks().values())


def set_up_table(alice, bob, shots, spectator=None, preset=None, more=None, others=()):
    """Alice signs up, makes a club and a table and invites Bob (and the spectator, and
    ``others``)."""
    guests = (bob, *([spectator] if spectator else []), *others)
    for p in (alice, *guests):
        p.sign_up()
    alice.create_club("Friday Game")
    link = alice.invitation_link()
    shots(alice.page, "club-with-invitation")
    table_url = alice.open_table("Main", preset, more)
    for p in guests:
        p.accept(link)
        shots(p.page, f"{p.name}-club-page")
        p.page.get_by_role("link", name="Join Main").click()  # on a phone too: the list is cards
        p.page.wait_for_url(table_url)
        p.page.locator("#seats > li").first.wait_for()
    return table_url
