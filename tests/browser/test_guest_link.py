"""A friend plays from the table's link (issue #39), in real Chromium against Daphne and the
clock: the host copies the link; a second browser with no account opens it, types a
nickname, asks for a seat, is approved, plays hands, sees its own cards only, then saves an
account and finds the same hands and nets, on a laptop and on a phone."""

from __future__ import annotations

import re

import pytest

from .live_players import PASSWORD, Player, check_or_call, play_hand, until, wait_for_new_hand

DESKTOP = {"width": 1440, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_panel(player: Player, tab: str) -> None:
    """The side panel's tab (behind "Chat" on a phone)."""
    page = player.page
    toggle = page.locator("#btn-panel")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
        page.locator("#side-panel.open").wait_for()
    page.get_by_role("tab", name=tab).click()


def close_panel(player: Player) -> None:
    toggle = player.page.locator("#btn-panel")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "true":
        player.page.locator("#btn-panel-close").click()


def assert_only_own_cards(guest: Player, user_seat: int) -> None:
    """Every state the guest's socket received: other seats' cards face down unless shown."""
    states = [f for f in guest.frames if f.get("type") == "state"]
    assert states, "the guest received no state"
    for state in states:
        for seat in state["seats"]:
            if seat["number"] != user_seat and not seat["shown"]:
                assert seat["cards"] in ([], ["??", "??"]), seat


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440x900", "390x844"])
def test_a_friend_plays_from_the_link_then_keeps_an_account(players, console, shots, viewport):
    phone = viewport is PHONE
    alice = players("Alice", viewport=viewport, phone=phone)
    gigi = players("Gigi", viewport=viewport, phone=phone)
    alice.sign_up()
    alice.create_club("Friday Game")
    table_url = alice.open_table("Main")

    # The host copies the table's link.
    alice.page.get_by_label("Invite friends to this table").first.click()
    # the link is made by a form: wait for the page it reloads, scripts and all, before
    # clicking on it (a click that lands before copy.js has bound its button does nothing)
    with alice.page.expect_navigation():
        alice.page.get_by_role("button", name="Get the table's link").click()
    alice.page.wait_for_load_state("load")
    alice.page.get_by_label("Invite friends to this table").first.click()
    link = alice.page.locator("#table-link").input_value()
    assert re.search(r"/t/[\w-]+/$", link)
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"])
    alice.page.locator(".share-link").get_by_role("button", name="Copy link").click()
    alice.page.locator(".share-link [data-copied]").filter(has_text=re.compile(".")).wait_for()
    shots(alice.page, "host-table-link")
    alice.page.get_by_label("Invite friends to this table").first.click()  # closes it
    alice.sit(1)

    # A friend with no account opens it and gives a nickname.
    gigi.goto(link)
    shots(gigi.page, "guest-nickname")
    gigi.page.get_by_label("Your nickname").fill("Gigi")
    gigi.page.get_by_role("button", name="Go to the table").click()
    gigi.page.wait_for_url(table_url)
    gigi.page.locator("#guest-banner").wait_for()
    assert gigi.page.locator("#seats > li").count() >= 2

    # She asks for a seat; the host approves it from the table.
    gigi.page.get_by_role("button", name="Sit in seat 4").click()
    dialog = gigi.page.get_by_role("dialog")
    dialog.get_by_role("button", name="Ask the host").click()
    gigi.page.locator('.seat.requested[data-seat="4"]').wait_for()
    shots(gigi.page, "guest-asked")
    open_panel(alice, "Host")
    request = alice.page.locator("#host-requests li").filter(has_text="Gigi")
    request.get_by_role("button", name="Approve Gigi").click()
    alice.page.locator("#host-guests li").filter(has_text="in seat 4").wait_for()
    shots(alice.page, "host-guests")
    close_panel(alice)
    gigi.page.locator('.seat.me[data-seat="4"]').wait_for()
    # her name carries the guest mark on every screen
    alice.page.locator('.seat[data-seat="4"] .guest-mark').wait_for()

    # They play two hands.
    hand = 0
    for _ in range(2):
        hand = wait_for_new_hand([alice, gigi], after=hand)
        play_hand([alice, gigi], check_or_call)
        until(
            [alice, gigi],
            lambda: all(
                "wins" in p.page.locator("#center-msg").inner_text() for p in (alice, gigi)
            ),
            "the hand's end",
        )
    shots(gigi.page, "guest-played")
    assert sum(alice.stacks().values()) == 400
    assert_only_own_cards(gigi, 4)

    # The host closes the table: the session's nets are written.
    open_panel(alice, "Host")
    alice.page.locator("#host-close").click()
    alice.page.get_by_role("dialog").get_by_role("button", name="Close table").click()
    alice.page.get_by_text("The table is closed.").wait_for()

    # The guest's own page: her hands (written by the clock) and her net.
    def my_page_shows_hands() -> bool:
        gigi.goto("/guest/")
        return gigi.page.locator(".guest-hands tbody tr").count() >= 2

    until([gigi], my_page_shows_hands, "the guest's hands on her page")
    hands_before = gigi.page.locator(".guest-hands tbody").inner_text()
    net_before = gigi.page.locator("[id^=guest-total-]").inner_text()
    shots(gigi.page, "guest-my-game")
    # a hand of hers opens, with her own cards only
    gigi.page.locator(".guest-hands a").first.click()
    gigi.page.wait_for_url(re.compile(r"/history/hands/\d+/$"))

    # She saves an account and finds the same hands and net, on another browser too.
    gigi.page.get_by_role("link", name="Save my account").first.click()
    email = f"gigi.{id(gigi)}@example.com"
    gigi.page.get_by_label("E-mail address").fill(email)
    gigi.page.locator("input[name=password1]").fill(PASSWORD)
    gigi.page.locator("input[name=password2]").fill(PASSWORD)
    gigi.page.get_by_role("button", name="Save my account").click()
    gigi.page.wait_for_url(re.compile(r"/guest/$"))
    assert gigi.page.locator(".guest-hands tbody").inner_text() == hands_before
    assert gigi.page.locator("[id^=guest-total-]").inner_text() == net_before

    again = players("Gigi again", viewport=viewport, phone=phone)
    again.goto("/accounts/login/")
    again.page.fill("input[name=login]", email)
    again.page.fill("input[name=password]", PASSWORD)
    again.page.locator("form").filter(has=again.page.locator("input[name=login]")).locator(
        "button[type=submit]"
    ).click()
    again.page.wait_for_url(re.compile(r"/clubs/"))
    again.goto("/guest/")
    assert again.page.locator(".guest-hands tbody").inner_text() == hands_before
    assert again.page.locator("[id^=guest-total-]").inner_text() == net_before
    shots(again.page, "saved-account-my-game")
    if phone:
        for p in (alice, gigi):
            assert p.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1440x900", "390x844"])
def test_the_host_corrects_a_stack_and_the_player_reads_why(players, console, shots, viewport):
    """Issue #40: between hands the host corrects a player's stack from the Host tab, with
    a reason; the player's screen shows the new stack and the line in the log."""
    from .live_players import set_up_table

    phone = viewport is PHONE
    alice = players("Alice", viewport=viewport, phone=phone)
    bob = players("Bob", viewport=viewport, phone=phone)
    set_up_table(alice, bob, shots)
    open_panel(alice, "Host")
    alice.page.get_by_role("button", name="Pause after this hand").click()
    alice.page.get_by_text("The game is paused.").wait_for()
    close_panel(alice)
    alice.sit(1)
    bob.sit(5, amount="150")
    open_panel(alice, "Host")
    alice.page.get_by_role("button", name="Correct Bob's stack").click()
    dialog = alice.page.locator("#adjust-dialog")
    dialog.get_by_label("New stack").fill("162")
    dialog.get_by_label("Why").fill("a pot of 12 was miscounted")
    shots(alice.page, "host-corrects-a-stack")
    dialog.get_by_role("button", name="Correct the stack").click()
    bob.page.locator('.seat[data-seat="5"] .seat-stack').filter(has_text="162").wait_for()
    open_panel(bob, "Log")
    bob.page.locator("#hand-log").filter(
        has_text="The host sets Bob's stack to 162 (was 150): a pot of 12 was miscounted"
    ).wait_for()
    shots(bob.page, "player-reads-the-correction")
    if phone:
        for p in (alice, bob):
            assert p.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert console.errors == []
