"""Nothing on the felt covers a player's cards (#40): four Omaha cards on a phone, or five to
draw (R42.2), reach neither neighbour's name plate, and a player's own bet chip lies off their
cards on a laptop. Against the fake server (harness.py), at 1440 × 900, 390 × 844 and 360 × 740."""

from __future__ import annotations

import pytest

from .harness import load_state, open_table

SIZES = {
    "laptop": ({"width": 1440, "height": 900}, False),
    "phone-390": ({"width": 390, "height": 844}, True),
    "phone-360": ({"width": 360, "height": 740}, True),
}

# Pairs of boxes that overlap: each card of a seat against every other seat's name plate,
# and each seat's bet chip against that seat's own cards.
OVERLAPS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  const seats = [...document.querySelectorAll("#seats > li")];
  for (const seat of seats) {
    const cards = [...seat.querySelectorAll(".pcard")].map(box);
    for (const other of seats) {
      if (other === seat) continue;
      const plate = other.querySelector(".seat-box");
      if (!plate) continue;
      if (cards.some((c) => meets(c, box(plate)))) out.push(`seat ${seat.dataset.seat} cards on seat ${other.dataset.seat}'s plate`);
    }
  }
  return out;
}"""

MY_BET = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const cards = [...document.querySelectorAll(".seat.me .pcard")].map(box);
  return [...document.querySelectorAll("#bets .bet")].map(box).filter((b) => cards.some((c) => meets(b, c))).length;
}"""


def omaha_state(cards: int = 4):
    state = load_state("flop_nine_seats")
    mine = ["Ah", "Kh", "Td", "9c", "2s"][:cards]
    state["you"]["cards"] = mine
    for seat in state["seats"]:
        if seat["cards"]:
            seat["cards"] = ["??"] * cards
    me = next(s for s in state["seats"] if s["number"] == state["you"]["seat"])
    me["cards"] = mine
    return state


@pytest.mark.parametrize("size", sorted(SIZES))
def test_four_omaha_cards_cover_no_neighbours_name_plate(size, browser, shots, console):
    viewport, phone = SIZES[size]
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        page, server = open_table(context, omaha_state(4))
        console.watch(page)
        server.settle()
        shots(page, f"omaha-{size}")
        assert page.evaluate(OVERLAPS) == []
    finally:
        context.close()
    assert console.errors == []


@pytest.mark.parametrize("size", sorted(SIZES))
def test_my_five_cards_to_draw_cover_no_neighbours_name_plate_R42(size, browser, shots, console):
    """On the viewer's draw (2-7 triple draw, R42.2) their five cards are toggles; with two
    picked to change (lifted where there is room) none reaches another seat's plate."""
    viewport, phone = SIZES[size]
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        page, server = open_table(context, load_state("second_draw_my_turn"))
        console.watch(page)
        server.settle()
        toggles = page.locator(".seat.me button[data-throw]")
        for i in (1, 4):
            toggles.nth(i).click()
        page.locator('.seat.me button[data-throw][aria-pressed="true"]').nth(1).wait_for()
        shots(page, f"draw-{size}")
        assert page.evaluate(OVERLAPS) == []
    finally:
        context.close()
    assert console.errors == []


@pytest.mark.parametrize("size", sorted(SIZES))
def test_my_own_bet_lies_off_my_cards(size, browser, shots):
    viewport, phone = SIZES[size]
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        for cards in (2, 4):
            state = omaha_state(cards)
            me = next(s for s in state["seats"] if s["number"] == state["you"]["seat"])
            me["bet"] = 40
            page, server = open_table(context, state)
            server.settle()
            shots(page, f"my-bet-{cards}-{size}")
            assert page.evaluate(MY_BET) == 0, (size, cards)
    finally:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_bomb_pot_vote_and_its_count_stay_on_one_line(size, browser, shots):
    """#40: "Bomb pot next hand (1/6)" with its box does not wrap over lines (R21)."""
    viewport, phone = SIZES[size]
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        state = load_state("flop_nine_seats")
        state["table"]["bomb_pot"] = {"vote": True, "ante": 5, "every": 0}
        page, server = open_table(context, state)
        server.settle()
        choice = page.locator("#bomb-choice")
        choice.wait_for()
        shots(page, f"bomb-vote-{size}")
        lines = page.evaluate(
            """() => { const tops = new Set();
            const walk = document.createTreeWalker(document.querySelector("#bomb-choice"), NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) {
              if (!walk.currentNode.textContent.trim()) continue;
              const r = document.createRange(); r.selectNodeContents(walk.currentNode);
              for (const b of r.getClientRects()) tops.add(Math.round(b.top / 6));
            }
            return tops.size; }"""
        )
        assert lines == 1, (size, choice.bounding_box())
        box = choice.bounding_box()
        assert box is not None and box["x"] + box["width"] <= viewport["width"]
    finally:
        context.close()
