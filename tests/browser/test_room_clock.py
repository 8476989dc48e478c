"""A tournament at a real table in the browser, against Daphne + the clock (live.py): the
host sets it up "at a real table", friends register, a laptop shows the clock for the room
(1440 × 900), the host keeps it from a phone (390 × 844): next level, players out, to the
winner; a friend on a small phone (360 × 740) reads their seat and the clock. The clock
page survives a reload (it reads the server's stored times)."""

from __future__ import annotations

import re

from .live_players import until

BIG = {"width": 1440, "height": 900}
PHONE_390 = {"width": 390, "height": 844}
PHONE_360 = {"width": 360, "height": 740}


def test_the_room_reads_the_clock_while_the_host_keeps_it_from_a_phone(players, console, shots):
    host = players("Alice", viewport=PHONE_390, phone=True)
    room = players("Room", viewport=BIG)
    bob = players("Bob", viewport=PHONE_360, phone=True)
    carol = players("Carol", viewport=PHONE_390, phone=True)
    for p in (host, room, bob, carol):
        p.sign_up()
    club_url = host.create_club("Friday Game")
    link = host.invitation_link()
    for p in (room, bob, carol):
        p.accept(link)
    host.goto(club_url + "tournaments/new/")
    page = host.page
    page.fill("input[name=name]", "Kitchen cup")
    page.get_by_label(re.compile("At a real table")).check()
    page.fill("input[name=start_players]", "3")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    lobby = page.url
    for p in (host, bob, carol):
        p.goto(lobby)
        p.page.get_by_role("button", name=re.compile("^Register")).click()
        p.page.wait_for_url(lobby)
    bob.goto(lobby)
    assert re.match(r"Your seat: table 1, seat \d$", bob.page.locator("#my-seat").inner_text())
    room.goto(lobby)
    room.page.locator("#open-clock").click()
    room.page.wait_for_url(re.compile(r"/clock/$"))
    clock = room.page
    until([room], lambda: clock.locator("#rc-level").inner_text() == "Level 1", "level 1")
    first = clock.locator("#rc-time").inner_text()
    assert re.fullmatch(r"\d{1,2}:\d\d", first), first
    until([room], lambda: clock.locator("#rc-time").inner_text() != first, "the countdown")
    assert clock.locator("#rc-left").inner_text() == "3 of 3"
    shots(clock, "room-clock-level-1")

    host.goto(lobby)
    host.page.locator("#at-the-table").wait_for()
    shots(host.page, "host-keeps-it-on-a-phone")
    assert host.page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
    host.page.get_by_role("button", name="Next level").click()
    host.page.wait_for_url(lobby)
    until([room], lambda: clock.locator("#rc-level").inner_text() == "Level 2", "level 2")
    clock.reload()
    until([room], lambda: clock.locator("#rc-level").inner_text() == "Level 2", "level 2 again")

    host.page.on("dialog", lambda dialog: dialog.accept())
    for name in ("Bob", "Carol"):
        host.page.get_by_role("button", name=f"{name} is out").click()
        host.page.wait_for_url(lobby)
    until(
        [room],
        lambda: clock.locator("#rc-end").inner_text() == "Alice wins the tournament!",
        "the winner on the room's clock",
    )
    shots(clock, "room-clock-winner")
    bob.goto(lobby)
    results = bob.page.locator("#lobby-results").inner_text()
    assert "Alice" in results and "Bob" in results
    bob.page.goto(clock.url)
    until([bob], lambda: bob.page.locator("#rc-end").inner_text() != "", "the end on a phone")
    shots(bob.page, "small-phone-clock")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE_360["width"]
    assert console.errors == []
