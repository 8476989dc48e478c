"""Telesina at the table page (R40), against a fake server (harness.py) and then live. Every
seat shows its five cards in the order dealt, one down and four up, the others' down card as
a back and the viewer's own face up but marked, at nine seats on a laptop and a 360-px
phone; the middle names the round by the card just dealt ("Second card" ... "Fifth card");
nobody brings in; the house rules line says the invito, the least bet, who speaks first
(R40.4) and the ranking's options that are not the default; the last actions are the usual
bets. The states are the stud fixture of eight seats at seventh street made into a hand of
Telesina at nine (the server's shape, docs/protocol.md). Then a live hand at a four-seat
table: the host picks Telesina in the form (the blinds' fields become the invito and the
least bet, Telesina's house rules show and poker all'italiana's hide, also for a mixed list
with TEL), four people play it through the showdown, one on a 360-px phone reading Italian:
each sees every up card and only their own down card, every round named, and every browser
checks the deck."""

from __future__ import annotations

import json
from copy import deepcopy

import pytest

from .conftest import LAPTOP, PHONE, middle_of, screen, seat_cards, seat_of, visible_buttons
from .harness import load_state, open_table
from .interface_words import in_context, wrong_words
from .live_players import (
    hand_over,
    host_pauses_after_this_hand,
    host_resumes,
    seat_everyone_bob_in_italian,
    set_up_table,
    until,
    wait_for_new_hand,
)

VERSION = 40
ROUNDS = {
    "second_card": ("Second card", "Seconda carta"),
    "third_card": ("Third card", "Terza carta"),
    "fourth_card": ("Fourth card", "Quarta carta"),
    "fifth_card": ("Fifth card", "Quinta carta"),
}
"""Each betting round of Telesina (R40.3) as the middle names it, in English and Italian."""
# the cards every seat was dealt at the fifth card, Dan (seat 4) the viewer; Hal (seat 8)
# folded on the fourth card and keeps his up cards
FIFTH = {
    1: ["??", "5c", "5h", "5d", "Js"],
    2: ["??", "Qs", "8h", "7h", "9d"],
    3: ["??", "4s", "7c", "Ad", "5s"],
    5: ["??", "Kc", "Th", "3d", "2h"],
    6: ["??", "Ks", "6d", "7s", "Kd"],
    7: ["??", "4d", "7d", "6c", "Jc"],
    8: ["??", "3h", "9c", "8c"],
    9: ["??", "2c", "Tc", "Qd", "8d"],
}
DAN = ["3c", "9h", "Jd", "Qc", "Ah"]
HOUSE_RULES = {
    "best_showing_first": True,
    "full_over_flush_on_52": True,
    "minima_beats_massima": True,
    "flush_by_suit": False,
    "max_raises": None,
    "vele": 0,
}
VELE = {
    "vela": ("Vela", "Vela"),
    "second_vela": ("Second vela", "Seconda vela"),
}
"""Telesina con la vela (R41): the rounds after each vela, in English and Italian."""


def telesina(street="fifth_card", dealt=5, version=VERSION, **rules):
    """A hand of Telesina at nine seats, invito 1 and least bet 2, pot limit, Dan (seat 4) to
    speak, each player dealt ``dealt`` cards (Hal, folded, at most four)."""
    state = load_state("seventh_street_eight_seats")
    state["version"] = version
    ivy = deepcopy(seat_of(state, 7))
    ivy.update(number=9, player={"user_id": 13, "name": "Ivy"})
    state["seats"].append(ivy)
    state["table"].update(
        name="Telesina",
        game="telesina",
        game_letter=" Telesina",
        structure="pot_limit",
        small_blind=1,
        big_blind=2,
        ante=0,
        max_seats=9,
        telesina={**HOUSE_RULES, **rules},
    )
    public = {**FIFTH, 4: ["??", *DAN[1:]]}  # everyone sees Dan's up cards
    for seat in state["seats"]:
        seat.update(cards=public[seat["number"]][:dealt], last_action=None, bet=0)
    seat_of(state, 8)["cards"] = FIFTH[8][: min(dealt, 4)]
    state["you"]["cards"] = DAN[:dealt]
    state["hand"].update(
        street=street,
        pots=[{"amount": 45, "eligible": [1, 2, 3, 4, 5, 6, 7, 9]}],
        pot_total=45,
        to_act=4,
        decision_version=version,
        legal={
            "seat": 4,
            "fold": False,
            "check": True,
            "call": None,
            "bet_or_raise": "bet",
            "min_to": 2,
            "max_to": 45,
            "all_in_to": None,
            "stack": 198,
            "bet": 0,
        },
    )
    return state


def face_codes(page, seat: int) -> list[str | None]:
    """A seat's cards left to right: a face's code, None for a back."""
    return page.locator(f'.seat[data-seat="{seat}"] .seat-cards .pcard').evaluate_all(
        "cards => cards.map((c) => c.classList.contains('back') ? null : c.dataset.card)"
    )


OVERLAPS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const boxes = (seat, selector) => [...seat.querySelectorAll(selector)].filter((e) => e.offsetParent).map(box);
  const seats = [...document.querySelectorAll('#seats > li')].map((s) => ({
    n: s.dataset.seat, cards: boxes(s, '.pcard'), plate: boxes(s, '.seat-box'), tags: boxes(s, '.tag'),
  }));
  const middle = [...document.querySelectorAll('.center .pot-total, .center .center-msg:not([hidden])')].map(box);
  const out = [];
  const width = document.documentElement.clientWidth;
  for (const a of seats) {
    if (a.cards.some((c) => c.left < 0 || c.right > width)) out.push(`seat ${a.n}'s cards off the screen`);
    if ([...a.cards, ...a.plate, ...a.tags].some((c) => middle.some((m) => meets(c, m)))) out.push(`seat ${a.n} on the middle`);
    for (const b of seats) {
      if (a === b) continue;
      for (const kind of ['cards', 'plate', 'tags']) {
        if (a.cards.some((c) => b[kind].some((d) => meets(c, d)))) out.push(`seat ${a.n}'s cards on seat ${b.n}'s ${kind}`);
      }
    }
  }
  return out;
}"""
"""Where a seat's cards meet another seat's cards, plate or tags (a last action,
"Folded"), or leave the screen, and where a seat meets the middle's words and pot."""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "360"])
def test_nine_seats_show_one_card_down_and_four_up_and_nobody_brings_in_R40_3(
    viewport, browser, console, shots
):
    context = screen(browser, viewport)
    try:
        page, server = open_table(context, telesina())
        console.watch(page)
        server.settle()
        shots(page, "fifth-card-nine-seats")
        for number, cards in FIFTH.items():
            assert face_codes(page, number) == [None if c == "??" else c for c in cards], number
        # the viewer's own five, face up, the first (the others see its back) marked down
        assert face_codes(page, 4) == DAN
        mine = page.locator(".seat.me .seat-cards .pcard")
        down = mine.evaluate_all("cs => cs.map((c) => c.classList.contains('down'))")
        assert down == [True, False, False, False, False]
        assert mine.nth(0).get_attribute("aria-label") == "Three of clubs, face down"
        assert mine.nth(1).get_attribute("aria-label") == "Nine of hearts"
        assert page.locator("#boards .pcard").count() == 0
        assert page.locator("#center-msg").inner_text() == "Fifth card"
        # R40.2: no bring-in, the first speaker may check or bet
        assert visible_buttons(page) == ["Check", "Bet 2"]
        assert not page.locator("#btn-bringin").is_visible()
        assert page.evaluate(OVERLAPS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        context.close()
    assert console.errors == []


def with_vele(vele: list[str], version: int = VERSION) -> dict:
    """The hand at nine seats after its vele were turned (R41): the last one's round."""
    street = "vela" if len(vele) == 1 else "second_vela"
    state = telesina(street, version=version, vele=2 if len(vele) == 2 else 1)
    state["hand"]["boards"] = [vele]
    return state


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "360"])
def test_the_vela_lies_in_the_middle_and_names_its_round_R41(viewport, browser, console, shots):
    """Nine seats of five cards and the vela in the middle, on a laptop and a 360-px phone,
    nothing overlapping; the round is "Vela", then "Seconda vela" in Italian with two. The
    vela comes in a new state: a top-row seat redrawn keeps its tags beside its plate (they
    fell back below it, onto the row under it, before render.js kept "top-row")."""
    context = screen(browser, viewport)
    try:
        page, server = open_table(context, telesina())
        console.watch(page)
        server.settle()
        server.push(with_vele(["Qc"], VERSION + 1))
        page.locator('#boards .pcard[data-card="Qc"]').wait_for()
        shots(page, "vela-nine-seats")
        assert page.locator("#center-msg").inner_text() == "Vela"
        assert page.locator("#boards .pcard").count() == 1
        assert page.locator("#boards .board").get_attribute("aria-label") == "The vela, everyone's"
        assert face_codes(page, 4) == DAN  # the players' cards stay where they were
        assert page.evaluate(OVERLAPS) == []
        middle = page.locator("#boards .pcard").bounding_box()
        seats = page.locator("#seats > li .pcard").evaluate_all(
            "cs => cs.map((c) => c.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom])"
        )
        assert middle is not None
        right, bottom = middle["x"] + middle["width"], middle["y"] + middle["height"]
        assert not [
            box
            for box in seats
            if box[0] < right - 1
            and middle["x"] < box[2] - 1
            and box[1] < bottom - 1
            and middle["y"] < box[3] - 1
        ], "a seat's card on the vela"
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        server.push(with_vele(["Qc", "9h"], VERSION + 2))
        page.locator('#boards .pcard[data-card="9h"]').wait_for()
        assert page.locator("#center-msg").inner_text() == "Second vela"
        assert page.evaluate(OVERLAPS) == []
        for street, vele in (("vela", ["Qc"]), ("second_vela", ["Qc", "9h"])):
            page, server = open_table(context, with_vele(vele), language="it")
            server.settle()
            assert page.locator("#center-msg").inner_text() == VELE[street][1]
    finally:
        context.close()
    assert console.errors == []


def test_the_house_rules_say_the_vela_R41(laptop):
    page, _ = open_table(laptop, telesina(vele=1))
    assert "· With the vela" in page.locator("#house-rules summary").inner_text()
    page.locator("#house-rules summary").click()
    assert "each hand is the best five of the player's cards and the vela" in (
        page.locator("#house-rules ul").inner_text()
    )
    page, _ = open_table(laptop, telesina(vele=2), language="it")
    assert "· Con due vele" in page.locator("#house-rules summary").inner_text()
    page, _ = open_table(laptop, telesina())
    assert "vela" not in page.locator("#house-rules summary").inner_text()


def test_the_middle_names_each_round_by_the_card_just_dealt_R40_3(laptop, console):
    page, server = open_table(laptop, telesina("second_card", dealt=2))
    console.watch(page)
    server.settle()
    assert page.locator("#center-msg").inner_text() == "Second card"
    assert [len(face_codes(page, n)) for n in range(1, 10)] == [2] * 9
    for k, (street, (english, _)) in enumerate(ROUNDS.items()):
        if k == 0:
            continue
        server.push(telesina(street, dealt=2 + k, version=VERSION + k))
        page.get_by_text(english, exact=True).wait_for()
        assert face_codes(page, 1) == [None, *FIFTH[1][1 : 2 + k]]
        # a new round deals in its card and leaves the others in place
        kept = page.locator('.seat[data-seat="1"] .pcard').evaluate_all(
            "cs => cs.map((c) => c.classList.contains('kept'))"
        )
        assert kept == [True] * (1 + k) + [False], street
    for street, (_, italian) in ROUNDS.items():
        page, server = open_table(laptop, telesina(street), language="it")
        server.settle()
        assert page.locator("#center-msg").inner_text() == italian
    assert console.errors == []


def test_the_house_rules_say_the_invito_the_least_bet_and_who_speaks_first_R40(laptop):
    page, _ = open_table(laptop, telesina())
    assert page.locator("#stakes").inner_text() == "1/2 PL Telesina"
    line = page.locator("#house-rules summary")
    assert line.inner_text().startswith(
        "Invito 1 · least bet 2 · The best hand showing speaks first"
    )
    assert "Bring-in" not in line.inner_text() and "Ante" not in line.inner_text()
    line.click()
    full = page.locator("#house-rules ul").inner_text()
    assert "Everyone dealt in puts in the invito of 1; the least bet is 2." in full
    assert "In each round the player whose up cards make the best hand speaks first." in full
    # the host's choices that are not the default, and the first left of the dealer
    page, _ = open_table(
        laptop,
        telesina(
            best_showing_first=False,
            full_over_flush_on_52=False,
            minima_beats_massima=False,
            flush_by_suit=True,
            max_raises=3,
        ),
    )
    assert (
        page.locator("#house-rules summary")
        .inner_text()
        .startswith(
            "Invito 1 · least bet 2 · The first left of the dealer speaks first · Colore over full at"
            " 52 cards · Massima beats minima · Colore by suit · At most 3 raises"
        )
    )
    page, _ = open_table(laptop, telesina(), language="it")
    assert (
        page.locator("#house-rules summary")
        .inner_text()
        .startswith("Invito 1 · puntata minima 2 · Parla per primo il punto più alto scoperto")
    )
    # a table ante set for the other games of a mixed table is no part of Telesina's stakes
    mixed = telesina()
    mixed["table"].update(ante=1, mixed_games=["NLH", "TEL"])
    page, _ = open_table(laptop, mixed)
    assert "Ante" not in page.locator("#house-rules summary").inner_text()


def test_the_last_actions_are_bets_calls_raises_and_folds(laptop, console):
    state = telesina("third_card", dealt=3)
    seat_of(state, 1).update(bet=4, last_action={"kind": "bet", "amount": 4})
    seat_of(state, 2).update(bet=4, last_action={"kind": "call", "amount": 4})
    seat_of(state, 3).update(bet=12, last_action={"kind": "raise", "amount": 12})
    seat_of(state, 5).update(folded=True, last_action={"kind": "fold", "amount": None})
    state["hand"]["legal"].update(
        fold=True, check=False, call=12, bet_or_raise="raise", min_to=20, max_to=69
    )
    page, server = open_table(laptop, state)
    console.watch(page)
    server.settle()
    tag = lambda n: page.locator(f'.seat[data-seat="{n}"] .tag.last-action')  # noqa: E731
    assert [tag(n).inner_text() for n in (1, 2, 3, 5)] == ["Bet 4", "Call 4", "Raise to 12", "Fold"]
    assert visible_buttons(page) == ["Fold", "Call 12", "Raise to 20"]
    page, server = open_table(laptop, state, language="it")
    server.settle()
    assert [tag(n).inner_text() for n in (1, 2, 3)] == ["Punta 4", "Chiama 4", "Rilancia a 12"]
    assert console.errors == []


# --- a live hand of Telesina (live.py, live_players.py) -----------------------------------------

TELESINA_RULE = "Telesina: the best hand showing speaks first"
ITALIANA_RULE = "Poker all'italiana: rising openings"


def form(page) -> None:
    """The host picks Telesina: the blinds' fields are the invito and the least bet, its house
    rules show and poker all'italiana's do not; the same with TEL in a mixed list; invito 1,
    least bet 2, four seats."""
    shown = lambda label: page.get_by_label(label, exact=True).is_visible()  # noqa: E731
    assert not shown(TELESINA_RULE)
    page.select_option("select[name=game]", "telesina")
    assert page.locator("select[name=structure]").input_value() == "pot_limit"  # R40.5
    assert page.locator("label[for=id_small_blind]").inner_text() == "Invito (everyone's ante)"
    assert page.locator("label[for=id_big_blind]").inner_text() == "Least bet"
    assert shown(TELESINA_RULE) and shown("Poker all'italiana, Telesina: colore by suit")
    assert not shown(ITALIANA_RULE)
    page.select_option("select[name=game]", "holdem")
    assert not shown(TELESINA_RULE)
    assert page.locator("label[for=id_big_blind]").inner_text() != "Least bet"
    tel = page.locator("input[name=mixed_games][value=TEL]")
    tel.check()
    assert shown(TELESINA_RULE) and not shown(ITALIANA_RULE)
    tel.uncheck()
    assert not shown(TELESINA_RULE)
    page.select_option("select[name=game]", "telesina")
    page.select_option("select[name=structure]", "pot_limit")
    page.fill("input[name=small_blind]", "1")  # the invito
    page.fill("input[name=big_blind]", "2")  # the least bet
    page.fill("input[name=max_seats]", "4")
    assert page.locator("select[name=vele]").is_visible()  # R41, a house rule of Telesina
    page.select_option("select[name=vele]", label="One vela")


def act(player) -> None:
    """One decision, by the buttons' ids (Bob's page speaks Italian): on the second card the
    first to speak bets the least and the others call; after it everyone checks or calls."""
    page = player.page
    if page.locator("#btn-check").is_visible() and middle_of(player) in ROUNDS["second_card"]:
        page.locator("#btn-raise").click()
    elif page.locator("#btn-check").is_visible():
        page.locator("#btn-check").click()
    else:
        page.locator("#btn-call").click()


def test_a_hand_of_telesina_live_on_a_laptop_and_a_phone_R40(players, console, shots):
    """Alice opens Telesina at invito 1, least bet 2, four seats, with the vela (R41); Bob
    (a 360-px phone, in Italian), Carol and Dan sit. Each round every screen names it and
    shows each player's cards: their own all face up, the first marked down, the others'
    down card a back and their up cards face up, one more a round; no socket carries
    another's down card before the showdown. On the second card the first to speak bets 2
    and every screen shows it; nobody is ever offered a bring-in. The hand is called down
    through the vela, the same card in the middle of every screen, to the showdown, where
    the down cards are turned up; no chip is lost, every browser says "✓ deck checked",
    and Bob's page has no English word left."""
    alice = players("Alice")
    bob = players("Bob", viewport=PHONE, phone=True)
    carol = players("Carol")
    dan = players("Dan")
    everyone = [alice, bob, carol, dan]
    table_url = set_up_table(
        alice, bob, shots, spectator=carol, others=[dan], preset="2/4 FL, 40–200", more=form
    )
    assert alice.page.locator("#stakes").inner_text() == "1/2 PL Telesina"
    total = seat_everyone_bob_in_italian(alice, bob, table_url, ((alice, 1), (carol, 3), (dan, 4)))
    host_resumes(alice)
    wait_for_new_hand(everyone, after=0, hole_cards=2)
    host_pauses_after_this_hand(alice)
    assert "Invito 1 · least bet 2" in alice.page.locator("#house-rules summary").inner_text()
    assert "With the vela" in alice.page.locator("#house-rules summary").inner_text()

    own: dict[str, list[str]] = {}
    rounds_seen: list[str] = []

    def look_at_the_round() -> None:
        """Once a round, when every screen has it: the names, the cards, the down ones."""
        english = middle_of(alice)
        if english == VELE["vela"][0] and "vela" not in rounds_seen:  # R41: everyone's card
            until(
                everyone,
                lambda: all(
                    middle_of(p) in VELE["vela"] and p.page.locator("#boards .pcard").count() == 1
                    for p in everyone
                ),
                "the vela on every screen",
            )
            rounds_seen.append("vela")
            vela = {p.page.locator("#boards .pcard").get_attribute("data-card") for p in everyone}
            assert len(vela) == 1 and None not in vela, vela
            shots(bob.page, "phone-vela")
            return
        street = next((s for s, names in ROUNDS.items() if english == names[0]), None)
        if street is None or street in rounds_seen:
            return
        count = 2 + list(ROUNDS).index(street)
        until(
            everyone,
            lambda: all(
                len(seat_cards(p)[p.name]) == count and middle_of(p) in ROUNDS[street]
                for p in everyone
            ),
            f"{street} on every screen",
        )
        rounds_seen.append(street)
        assert middle_of(bob) == ROUNDS[street][1]
        for p in everyone:
            own[p.name] = seat_cards(p)[p.name]
            assert None not in own[p.name], p.name  # the viewer's own: all face up
            marked = p.page.locator(".seat.me .pcard").evaluate_all(
                "cs => cs.map((c) => c.classList.contains('down'))"
            )
            assert marked == [True] + [False] * (count - 1), p.name
            assert not p.page.locator("#btn-bringin").is_visible()
        for p in everyone:
            seen = seat_cards(p)
            for other in everyone:
                if other is not p:
                    assert seen[other.name] == [None, *own[other.name][1:]], (p.name, other.name)
        shots(bob.page, f"phone-{street}")
        shots(alice.page, f"laptop-{street}")
        box = bob.page.locator(".seat.me .pcard").last.bounding_box()
        assert box and box["x"] + box["width"] <= PHONE["width"]

    bettor: list[str] = []

    def over_or_act() -> bool:
        """One decision at a time, each after a look at the round."""
        look_at_the_round()
        if all(hand_over(p) for p in everyone):
            return True
        for player in everyone:
            show = player.page.locator("#prompt button.call")
            if show.is_visible():  # asked at the showdown (R11.3): show
                show.click()
                return False
            if player.my_turn() and not hand_over(player):
                first = not bettor and player.page.locator("#btn-check").is_visible()
                act(player)
                if first:
                    bettor.append(player.name)
                    until(
                        everyone,
                        lambda: all(
                            p.page.locator(".tag.last-action")
                            .filter(has_text="Punta 2" if p is bob else "Bet 2")
                            .count()
                            == 1
                            for p in everyone
                        ),
                        "the bet on every screen",
                    )
                return False
        return False

    until(everyone, over_or_act, "the end of the hand")
    assert rounds_seen == [*ROUNDS, "vela"] and bettor

    # the down cards reached nobody else before the showdown (R4.3, R40.3)
    down = {name: cards[0] for name, cards in own.items()}
    for player in everyone:
        others = {c for name, c in down.items() if name != player.name}
        states = [f for f in player.frames if f.get("type") == "state" and f.get("hand")]
        assert states, player.name
        for state in states:
            if state["hand"]["finished"] or any(s.get("shown") for s in state["seats"]):
                break
            text = json.dumps(state)
            assert not [c for c in others if f'"{c}"' in text], (
                player.name,
                state["hand"]["street"],
            )
    for player in everyone:
        player.page.locator("#hand-log li.deck-ok").first.wait_for()
        assert player.page.locator("#hand-log li.deck-bad").count() == 0
        assert sum(player.stacks().values()) == total
    until(
        everyone,
        lambda: all(
            "✓" in p.page.locator("#hand-log li.deck-ok").first.inner_text() for p in everyone
        ),
        "the deck checked on every screen",
    )
    assert "✓ deck checked" in alice.page.locator("#hand-log li.deck-ok").first.inner_text()
    # at the showdown the down cards are turned up for everyone (R40.7): Alice sees the
    # others' as their owners do
    on_alice = seat_cards(alice)
    shown = [p.name for p in everyone if p is not alice and on_alice[p.name] == own[p.name]]
    assert shown, on_alice
    assert alice.stacks() == bob.stacks() == carol.stacks() == dan.stacks()
    shots(alice.page, "laptop-over")
    shots(bob.page, "phone-over")
    assert bob.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    text = bob.page.evaluate("document.body.innerText")
    names = ("Alice", "Bob", "Carol", "Dan", "Friday Game", "Main", "Telesina")
    words = wrong_words(text, "it", names)
    assert words == [], in_context(text, words)
    assert console.errors == []
