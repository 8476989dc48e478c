"""A sit & go in the browser, against Daphne + the table clock (live.py): a host sets it up
on the form (its extras under "More options"), four friends register on the lobby, and at
their tables they read the tournament's numbers (level, blinds, the clock counting down in
m:ss, players left, prize pool, "Hand for hand" on the bubble), play it out all-in, and
every page ends on the winner with each player's place and a link to the results. On a
laptop (1440 × 900), a phone (390 × 844), a small phone (360 × 740) and a smaller laptop."""

from __future__ import annotations

import re

from tests.conftest import eventually

from .conftest import LAPTOP, pause_on
from .live_players import until

BIG = {"width": 1440, "height": 900}
PHONE_390 = {"width": 390, "height": 844}
PHONE_360 = {"width": 360, "height": 740}
CLOCK = re.compile(r"\b\d{1,2}:\d\d\b")


def line(player) -> str:
    return player.page.locator("#tournament-line").inner_text()


def no_sideways_scroll(player) -> bool:
    return player.page.evaluate(
        "() => document.scrollingElement.scrollWidth <= window.innerWidth + 1"
    )


def test_a_sit_and_go_of_four_reads_its_clock_plays_hand_for_hand_and_ends_on_its_winner(
    players, console, shots
):
    alice = players("Alice", viewport=BIG)
    bob = players("Bob", viewport=PHONE_390, phone=True)
    carol = players("Carol", viewport=PHONE_360, phone=True)
    dan = players("Dan", viewport=LAPTOP)
    everyone = [alice, bob, carol, dan]
    for p in everyone:
        p.sign_up()
    club_url = alice.create_club("Friday Game")
    link = alice.invitation_link()
    for p in (bob, carol, dan):
        p.accept(link)

    # the host's form: the common fields in sight, the rest under "More options"
    alice.goto(club_url + "tournaments/new/")
    page = alice.page
    assert not page.locator("input[name=payout]").is_visible()
    page.fill("input[name=name]", "Friday cup")
    page.fill("input[name=start_players]", "4")
    page.get_by_text("More options").click()
    page.fill("input[name=seats_per_table]", "2")
    page.fill("input[name=payout]", "50, 30, 20")
    shots(page, "tournament-form-more-options")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    lobby = page.url
    for p in everyone:
        p.goto(lobby)
        p.page.get_by_role("button", name=re.compile("^Register")).click()
        p.page.wait_for_url(lobby)
    # four entries, three paid, two tables of two: the bubble from the first hand
    alice.page.locator("#lobby-hand-for-hand").wait_for()
    for p in everyone:
        p.goto(lobby)
        p.page.locator("#my-table").click()
        p.page.wait_for_url(re.compile(r"/tables/\d+/$"))
        p.page.locator("#tournament-line:not([hidden])").wait_for()

    for p in everyone:
        text = until(everyone, lambda p=p: "Level 1" in line(p) and line(p), "the level")
        assert "Hand for hand" in text and "4 of 4 left" in text, text
        assert CLOCK.search(text), text
        assert re.search(r"prize pool .+ · 3 paid", text), text
        shots(p.page, f"{p.name}-tournament-line")
        if p is not alice:  # (a phone's line may wrap, never push the page sideways)
            assert no_sideways_scroll(p), p.name
    first = CLOCK.search(line(bob)).group(0)
    until(everyone, lambda: CLOCK.search(line(bob)).group(0) != first, "the clock to count down")

    def over(p) -> bool:
        return p.page.locator("#tournament-end .t-winner").count() > 0

    def all_in_or_call() -> bool:
        for p in everyone:
            if over(p) or not p.my_turn():
                continue
            for verb in ("All-in", "Call", "Check"):
                if p.button(verb).is_visible():
                    p.press(verb)  # (gone meanwhile: the clock acted; the next look sees)
                    break
        return all(over(p) for p in everyone)

    eventually(
        all_in_or_call,
        what=lambda: "the tournament to end on every page: "
        + repr([(p.name, p.page.url, p.page.locator("#tournament-end").inner_text(),
                 p.page.locator("#center-msg").inner_text(), line(p)) for p in everyone]),
        pause=pause_on(alice.page),
    )  # fmt: skip
    winner = alice.page.locator("#tournament-end .t-winner").inner_text()
    name = winner.removesuffix(" wins the tournament!")
    assert name in {"Alice", "Bob", "Carol", "Dan"}, winner
    for p in everyone:
        end = p.page.locator("#tournament-end")
        assert end.locator(".t-winner").inner_text() == winner
        mine = end.locator(".t-mine").inner_text()
        assert mine.startswith("You won") if p.name == name else "You finished in place" in mine
        shots(p.page, f"{p.name}-tournament-over")
        if p is not alice:
            assert no_sideways_scroll(p), p.name
    carol.page.get_by_role("link", name="See the results").click()
    carol.page.wait_for_url(lobby)
    results = carol.page.locator("#lobby-results").inner_text()
    assert name in results and "#lobby-clock" not in carol.page.content()
    assert console.errors == []
