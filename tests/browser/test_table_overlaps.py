"""Nothing on the felt covers a player's cards (#40): four Omaha cards on a phone, or five to
draw (R42.2), reach neither neighbour's name plate, seven stud cards at eight seats (R45.2)
reach no other seat and leave the middle clear, and a player's own bet chip lies off their
cards on a laptop. Against the fake server (harness.py), at 1440 × 900, 390 × 844 and
360 × 740 (and a tablet, 820 × 1180, for stud)."""

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

# Stud (R45.2): each seat's cards against every other seat's plate (its name and stack), cards
# and dealer button; each seat's cards, plate and button against the middle (the pot, the
# street or the winners, the seventh card); every card whole on the stage.
STUD_OVERLAPS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  const stage = box(document.querySelector(".table-stage"));
  const seats = [...document.querySelectorAll("#seats > li")];
  const parts = (seat) => ({
    cards: [...seat.querySelectorAll(".pcard")].map(box),
    plate: [...seat.querySelectorAll(".seat-box")].map(box),
    button: [...seat.querySelectorAll(".marker")].map(box),
  });
  const middle = [...document.querySelectorAll(".center .pot-total, .center .center-msg:not([hidden]), .center .pcard")];
  for (const seat of seats) {
    const mine = parts(seat);
    const name = `seat ${seat.dataset.seat}`;
    if (mine.cards.some((c) => c.left < stage.left || c.right > stage.right || c.top < stage.top || c.bottom > stage.bottom)) {
      out.push(`${name}'s cards off the stage`);
    }
    for (const other of seats) {
      if (other === seat) continue;
      for (const [kind, boxes] of Object.entries(parts(other))) {
        if (mine.cards.some((c) => boxes.some((b) => meets(c, b)))) out.push(`${name}'s cards on seat ${other.dataset.seat}'s ${kind}`);
      }
    }
    for (const [kind, boxes] of Object.entries(mine)) {
      for (const m of middle) {
        if (boxes.some((b) => meets(b, box(m)))) out.push(`${name}'s ${kind} on the middle's ${m.className}`);
      }
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


STUD_SIZES = {**SIZES, "tablet": ({"width": 820, "height": 1180}, True)}


def stud_showdown():
    """Seventh street's eight seats at the showdown: every hand still in turned up, seven
    faces each, with a long hand's name, and the winner's message in the middle."""
    state = load_state("seventh_street_eight_seats")
    deck = iter(f"{rank}{suit}" for suit in "hcsd" for rank in "23456789TJQKA")
    for seat in state["seats"]:
        if not seat["folded"]:
            seat.update(cards=[next(deck) for _ in range(7)], shown=True, last_action=None)
            seat["hand_words"] = [["full_house", "T", "2"]]
    state["seats"][0]["won"] = 16
    state["hand"].update(
        finished=True, street="finished", phase="finished", to_act=None, legal=None
    )
    me = next(s for s in state["seats"] if s["number"] == state["you"]["seat"])
    state["you"]["cards"] = me["cards"]
    return state


@pytest.mark.parametrize(
    "hand", ["seventh_street_eight_seats", "seventh_street_community_card", "showdown"]
)
@pytest.mark.parametrize("size", sorted(STUD_SIZES))
def test_seven_stud_cards_at_eight_seats_cover_no_other_seat_and_leave_the_middle_clear_R45_2(
    size, hand, browser, shots, console
):
    """Seven players holding seven cards (one folded with six), eight holding six and one in
    the middle (R45.3), or every hand turned up at the showdown."""
    viewport, phone = STUD_SIZES[size]
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=viewport, **extra)
    try:
        state = stud_showdown() if hand == "showdown" else load_state(hand)
        page, server = open_table(context, state)
        console.watch(page)
        server.settle()
        shots(page, f"stud-{hand}-{size}")
        seven = 7 if hand != "seventh_street_community_card" else 6
        assert page.locator(".seat.me .pcard.face").count() == seven
        assert page.evaluate(STUD_OVERLAPS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        context.close()
    assert console.errors == []
