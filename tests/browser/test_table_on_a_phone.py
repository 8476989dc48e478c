"""The table as a player on a phone sees and hears it (issue #14): own cards fully readable,
errors that cover nothing, and names a screen reader can say. Against the fake server
(harness.py)."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .harness import load_state, open_table

OMAHA = {2: ["Ah", "Kh"], 4: ["Ah", "Kh", "Td", "9c"], 5: ["Ah", "Kh", "Td", "9c", "2s"]}

# For each of the viewer's card faces: whether the centre and corners of its rank and of its
# suit are drawn by that card (nothing lies on top) and lie inside the window.
UNCOVERED = """() => [...document.querySelectorAll(".seat.me .pcard.face")].map((card) => {
  const parts = [card.querySelector(".rank"), card.querySelector(".suit")];
  const points = parts.flatMap((part) => {
    const r = part.getBoundingClientRect();
    const inset = 2;
    return [[r.left + r.width / 2, r.top + r.height / 2], [r.left + inset, r.top + inset],
            [r.right - inset, r.top + inset], [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]];
  });
  const covered = points.filter(([x, y]) => {
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
    const top = document.elementFromPoint(x, y);
    return !top || !card.contains(top);
  });
  return { card: card.dataset.card, covered: covered.length };
})"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    yield context
    context.close()


@pytest.mark.parametrize("count", sorted(OMAHA))
def test_my_own_cards_are_fully_readable_on_a_360_px_phone(count, phone, console, shots):
    state = load_state("preflop_my_turn")
    state["you"]["cards"] = OMAHA[count]
    page, _ = open_table(phone, state)
    console.watch(page)
    for code in OMAHA[count]:
        page.locator(f'.seat.me .pcard[data-card="{code}"]').wait_for()
    shots(page, f"{count}-cards")
    seen = page.evaluate(UNCOVERED)
    assert [c["card"] for c in seen] == OMAHA[count]
    assert [c for c in seen if c["covered"]] == []
    assert console.errors == []


def test_an_error_covers_no_card_and_no_control_and_lets_taps_through(phone, shots):
    page, server = open_table(phone, load_state("preflop_my_turn"))
    server.push(
        {
            "type": "error",
            "code": "not_your_turn",
            "message": "It is not your turn: wait for Alice.",
        }
    )
    toast = page.get_by_role("alert").filter(has_text="It is not your turn")
    toast.wait_for()
    shots(page, "error-shown")
    box = toast.bounding_box()
    assert box is not None
    controls = page.locator(
        ".seat.me .pcard, #action-dock button, .action-dock button, .action-dock input, "
        ".table-bar button, .table-bar summary"
    )
    for i in range(controls.count()):
        other = controls.nth(i)
        if not other.is_visible():
            continue
        b = other.bounding_box()
        overlap = min(box["x"] + box["width"], b["x"] + b["width"]) > max(box["x"], b["x"]) and min(
            box["y"] + box["height"], b["y"] + b["height"]
        ) > max(box["y"], b["y"])
        assert not overlap, f"the error covers {other.evaluate('e => e.outerHTML.slice(0, 80)')}"
    assert toast.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    # The betting buttons still take a tap while the error shows.
    page.get_by_role("button", name="Call 6").tap()
    assert server.wait_for(lambda _: server.sent("act"))[0]["action"] == "call"


def test_betting_buttons_seats_and_menus_say_their_amounts_to_a_screen_reader(phone):
    page, _ = open_table(phone, load_state("preflop_my_turn"))
    for name in ("Fold", "Call 6", "Raise to 10", "All-in 150"):
        button = page.get_by_role("button", name=name, exact=True)
        assert button.is_visible(), name
        assert button.inner_text() == name  # what the eye reads, too (with its space)
    seats = page.get_by_role("list", name="Seats")
    assert (
        seats.get_by_role("listitem", name="Alice, 194 chips, dealer, bet 6", exact=True).count()
        == 1
    )
    assert (
        seats.get_by_role("listitem", name="Bob, 199 chips, small blind, bet 1", exact=True).count()
        == 1
    )
    assert (
        seats.get_by_role("listitem", name="Carol, 198 chips, big blind, bet 2", exact=True).count()
        == 1
    )
    assert seats.get_by_role("listitem", name="Dana, 150 chips, to act", exact=True).count() == 1
    assert (
        seats.get_by_role("listitem", name="Frank, 200 chips, Sitting out", exact=True).count() == 1
    )
    assert page.get_by_role("group", name="Table options").count() == 1
    # The drawn plates, markers and bet chips repeat the seat's name: hidden from the reader.
    assert seats.get_by_text("194", exact=True).evaluate("e => !!e.closest('[aria-hidden=true]')")
