"""A game night on phones (#42): the host plans a night at a real table and a season; Ada
and Bruno say yes and take the two seats, Carla's yes goes to the waitlist; Bruno drops out
and Carla moves up; the host opens the night's bank, writes the game down and closes it; the
season's standings then rank the night's players. Each person on their own 390-px phone."""

from __future__ import annotations

import json
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ROME = ZoneInfo("Europe/Rome")


@pytest.fixture(scope="module")
def world(live_pokerclub):
    return json.loads(live_pokerclub.run_python("tests.browser.seed_nights"))


def phone(browser, live_pokerclub, world, who, console):
    context = browser.new_context(**PHONE)
    context.add_cookies([{**world["cookies"][who], "url": live_pokerclub.url}])
    page = context.new_page()
    console.watch(page, who)
    return page


def go(page, url):
    page.goto(url)
    page.wait_for_load_state("load")


def test_a_host_plans_a_night_members_answer_the_waitlist_moves_and_the_season_follows(
    browser, live_pokerclub, world, console, shots
):
    base = live_pokerclub.url
    slug = world["slug"]
    host = phone(browser, live_pokerclub, world, "Hosta", console)

    # the season first: it will count the night's game
    go(host, f"{base}/clubs/{slug}/nights/seasons/")
    today = timezone.localtime(timezone.now(), ROME).date()
    host.get_by_label("Name:", exact=True).fill("Winter league")
    host.get_by_label("From:", exact=True).fill(str(today - timedelta(days=7)))
    host.get_by_label("To:", exact=True).fill(str(today + timedelta(days=60)))
    host.get_by_role("button", name="Set the season").click()
    host.wait_for_load_state("load")
    season_url = host.url
    assert "No results in this season yet." in host.content()

    # the night: soon, at a real table, two seats, on with two yes
    go(host, f"{base}/clubs/{slug}/nights/new/")
    start = timezone.localtime(timezone.now(), ROME) + timedelta(minutes=90)
    answer_by = start - timedelta(minutes=30)
    host.get_by_label("Name:", exact=True).fill("Poker at Ada's")
    host.get_by_label("What is played:", exact=True).select_option("real_table")
    host.get_by_label("Starts at (Europe/Rome time):", exact=True).fill(
        start.strftime("%Y-%m-%dT%H:%M")
    )
    host.get_by_label("Answers by:", exact=True).fill(answer_by.strftime("%Y-%m-%dT%H:%M"))
    host.get_by_label("Seats:", exact=True).fill("2")
    host.get_by_label("On if at least this many say yes:", exact=True).fill("2")
    host.get_by_label("Where (for a real table):", exact=True).fill("Ada's kitchen")
    host.get_by_role("button", name="Plan", exact=True).click()
    host.wait_for_load_state("load")
    night_url = host.url
    assert "Ada's kitchen" in host.locator("#night-facts").inner_text()
    assert host.evaluate("document.documentElement.scrollWidth") <= 390

    def answer(who: str, reply: str):
        page = phone(browser, live_pokerclub, world, who, console)
        go(page, night_url)
        page.get_by_role("button", name=reply, exact=True).click()
        page.wait_for_load_state("load")
        return page

    ada = answer("Ada", "Yes")
    assert "you have a seat" in ada.locator("#my-answer").inner_text()
    bruno = answer("Bruno", "Yes")
    carla = answer("Carla", "Yes")
    assert "waitlist" in carla.locator("#my-answer").inner_text()
    assert carla.locator("#waitlist").inner_text().strip() == "Carla"
    shots(carla, "night-waitlist")
    bruno.get_by_role("button", name="No", exact=True).click()
    bruno.wait_for_load_state("load")
    go(carla, night_url)
    assert "you have a seat" in carla.locator("#my-answer").inner_text()
    assert carla.locator("#coming").inner_text().split("\n") == ["Ada", "Carla"]

    # the host opens the night's bank and writes the game down
    go(host, night_url)
    host.get_by_role("button", name="Open the bank").click()
    host.wait_for_load_state("load")
    host.get_by_role("link", name="To the bank").click()
    host.wait_for_load_state("load")

    def write(player: str, what: str, amount: str) -> None:
        host.get_by_label("Player").select_option(label=player)
        host.get_by_label(what, exact=True).check()
        host.get_by_label("Amount").fill(amount)
        host.get_by_role("button", name="Write it down").click()
        host.wait_for_load_state("load")

    write("Ada", "Buy-in", "2000")
    write("Carla", "Buy-in", "2000")
    write("Ada", "Cash-out", "3000")
    write("Carla", "Cash-out", "1000")
    host.get_by_role("button", name="Close the session").click()
    host.wait_for_load_state("load")

    # the season's standings now rank the night's players
    go(ada, season_url)
    rows = ada.locator("#standings tbody tr")
    assert rows.count() == 2
    assert rows.nth(0).locator("td").nth(1).inner_text() == "Ada"
    assert rows.nth(1).locator("td").nth(1).inner_text() == "Carla"
    assert "You: place 1" in ada.locator("#my-season").inner_text()
    shots(ada, "season-standings")
    assert console.errors == []
