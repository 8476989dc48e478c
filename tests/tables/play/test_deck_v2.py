"""Deck v2 at the table (R15): the next hand's deck is committed before any nonce, players'
nonces enter the deal, each player can check every hand they saw, and no folded, mucked,
burnt or undealt card is ever opened."""

from __future__ import annotations

import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from engine.actions import Action, ActionKind
from engine.cards import card_str
from engine.fairness import DeckPlan, dealt_deck, nonce_bytes, verify_record
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.models import Hand, HandAction
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat
from tables.play.projection import load_public_state, own_cards_by_user
from tests.tables.play_helpers import deal, fresh, play_randomly, to_act, user_at

pytestmark = pytest.mark.django_db

NONCES = ["a1" * 32, "b2" * 32, "c3" * 32]


@pytest.fixture
def three(table, players):
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    return fresh(table)


def test_the_next_hands_deck_is_committed_when_it_is_planned_before_any_nonce(three):
    """R15.1: the root is public, the secret is not, and the version that published it is
    the table's version before any nonce arrives."""
    table = three
    planned = table.next_deck
    assert table.next_hand_at is not None and planned["hand"] == 1
    assert not Seat.objects.filter(table=table, nonce_hand=1).exists()  # no nonce yet
    assert planned["committed_version"] <= table.version
    assert DeckPlan(table.pk, 1, bytes.fromhex(planned["secret"])).root.hex() == planned["root"]
    state = load_public_state(table.pk)
    assert state["next_deck"] == {
        "hand": 1,
        "root": planned["root"],
        "committed_version": planned["committed_version"],
    }
    assert planned["secret"] not in json.dumps(state)


def finish_by_checking(table):
    while fresh(table).in_hand:
        t = fresh(table)
        seat, state = to_act(t)
        hand = state["hand"]
        if hand["phase"] == "runout":
            services.handle_due(t.pk, t.version, now=t.deadline)
        elif hand["pending"]:
            services.act(user_at(t, seat), t.pk, "show", None, None)
        else:
            services.act(
                user_at(t, seat), t.pk, "check" if hand["legal"]["check"] else "call", None, None
            )
    return fresh(table)


def browser_record(public, own):
    """What a player's browser verifies at the end of a hand (static/js/table/deckcheck.js)."""
    hand = public["hand"]
    deck = hand["deck"]
    openings = list(deck["openings"])
    holes = {str(s["number"]): s["cards"] for s in public["seats"] if s["in_hand"] and s["shown"]}
    if own and own["openings"]:
        openings += [o for o in own["openings"] if o["k"] not in {p["k"] for p in openings}]
        holes[str(deck["seats"][min(o["k"] for o in own["openings"])])] = own["cards"]
    return {**deck, "openings": openings, "boards": hand["boards"], "holes": holes}


def test_players_nonces_make_the_deal_and_every_player_checks_the_hand(three, players):
    """R15.2, R15.4: two players send nonces, the third none (a stand-in fixed by the root);
    the deck dealt is the committed one in the order of all nonces; each player's own
    record checks out with their nonce and the root they saw."""
    table = three
    root = table.next_deck["root"]
    for p, nonce in zip(players[:2], NONCES, strict=False):
        services.send_nonce(p, table.pk, 1, nonce)
    table = deal(table)
    proof = Hand.objects.get(table=table, number=1).deck
    by = {e["user_id"]: e for e in proof["nonces"]}
    assert [by[p.pk]["nonce"] for p in players[:2]] == NONCES[:2]
    assert by[players[0].pk]["by"] == "player" and by[players[2].pk]["by"] == "server"
    assert (
        proof["committed_version"]
        <= by[players[0].pk]["version"]
        < proof["dealt_version"]
        == table.version
    )
    plan = DeckPlan(table.pk, 1, bytes.fromhex(table.deck["secret"]))
    assert tuple(table.hand_state["deck"]) == dealt_deck(plan, nonce_bytes(proof))
    assert table.next_deck is None
    table = finish_by_checking(table)
    public = load_public_state(table.pk)
    own = own_cards_by_user(table.pk, 1)
    for p, nonce in zip(players[:3], [*NONCES[:2], None], strict=True):
        mine = own[p.pk]
        assert len(mine["openings"]) == 2 and [o["card"] for o in mine["openings"]] == mine["cards"]
        verdict = verify_record(
            browser_record(public, mine),
            my_nonce=bytes.fromhex(nonce) if nonce else None,
            root_seen=bytes.fromhex(root),
        )
        assert verdict.ok, verdict.problems


@pytest.mark.parametrize(
    ("who", "hand", "nonce", "code"),
    [
        ("player", 1, "A1" * 32, PlayErrorCode.BAD_FIELD),
        ("player", 1, "a1" * 31, PlayErrorCode.BAD_FIELD),
        ("player", 1, 12345, PlayErrorCode.BAD_FIELD),
        ("player", "1", "a1" * 32, PlayErrorCode.BAD_FIELD),
        ("player", True, "a1" * 32, PlayErrorCode.BAD_FIELD),
        ("spectator", 1, "a1" * 32, PlayErrorCode.NOT_SEATED),
        ("player", 0, "a1" * 32, PlayErrorCode.HAND_DEALT),
        ("player", 2, "a1" * 32, PlayErrorCode.NOT_COMMITTED),
        ("sender", 1, "d4" * 32, PlayErrorCode.NONCE_SENT),
    ],
)
def test_a_bad_nonce_gets_a_code_and_changes_nothing(
    three, players, club_with_roles, who, hand, nonce, code
):
    services.send_nonce(players[1], three.pk, 1, NONCES[1])
    user = {"player": players[0], "sender": players[1], "spectator": club_with_roles["member"]}[who]
    before = fresh(three), _chairs_nonces(three)
    with pytest.raises(PlayError) as err:
        services.send_nonce(user, three.pk, hand, nonce)
    assert err.value.code == code
    after = fresh(three), _chairs_nonces(three)
    assert (after[0].version, after[0].next_deck, after[1]) == (
        before[0].version,
        before[0].next_deck,
        before[1],
    )


def _chairs_nonces(table) -> list[tuple]:
    return list(
        Seat.objects.filter(table=table)
        .order_by("number")
        .values_list("number", "nonce", "nonce_hand", "nonce_by", "nonce_version")
    )


def test_a_nonce_is_kept_on_the_players_chair_and_the_table_row_is_not_rewritten_R15_2(
    three, players
):
    """Issue #44: a nonce writes the sender's chair alone; the next deck's JSON (a TOASTed
    kilobyte) and the table's version stay as they were."""
    before = fresh(three)
    services.send_nonce(players[1], three.pk, 1, NONCES[1])
    after = fresh(three)
    assert (after.version, after.next_deck) == (before.version, before.next_deck)
    assert "nonces" not in after.next_deck
    assert [c for c in _chairs_nonces(three) if c[1]] == [
        (2, NONCES[1], 1, players[1].pk, before.version)
    ]
    proof = Hand.objects.get(table=deal(three), number=1).deck
    sent = [(e["seat"], e["user_id"], e["nonce"], e["by"]) for e in proof["nonces"]]
    assert (2, players[1].pk, NONCES[1], "player") in sent


def test_nonces_that_come_together_are_each_taken_or_refused_as_alone_in_one_write_R15_2(
    three, players, club_with_roles
):
    """Issue #44: the nonces a server's sockets send together are taken in one transaction,
    with one write of the chairs; each is taken or refused as it would be alone, and a
    refusal stops none of the others."""
    sent = [
        (players[0], 1, NONCES[0]),
        (club_with_roles["member"], 1, NONCES[1]),  # a spectator
        (players[1], 1, NONCES[1]),
        (players[0], 1, NONCES[2]),  # the same player's second
        (players[2], "1", NONCES[2]),  # not a hand number
    ]
    with CaptureQueriesContext(connection) as queries:
        refused = services.send_nonces(three.pk, sent)
    assert [error and error.code for error in refused] == [
        None,
        PlayErrorCode.NOT_SEATED,
        None,
        PlayErrorCode.NONCE_SENT,
        PlayErrorCode.BAD_FIELD,
    ]
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE")]
    assert len(writes) == 1 and "tables_seat" in writes[0]
    assert [c for c in _chairs_nonces(three) if c[1]] == [
        (1, NONCES[0], 1, players[0].pk, three.version),
        (2, NONCES[1], 1, players[1].pk, three.version),
    ]
    proof = Hand.objects.get(table=deal(three), number=1).deck
    sent_by = {e["user_id"]: (e["nonce"], e["by"]) for e in proof["nonces"]}
    assert sent_by[players[0].pk] == (NONCES[0], "player")
    assert sent_by[players[1].pk] == (NONCES[1], "player")
    assert sent_by[players[2].pk][1] == "server"  # its malformed one was never taken


def test_malformed_nonces_alone_are_refused_without_a_query(three, players):
    with CaptureQueriesContext(connection) as queries:
        refused = services.send_nonces(three.pk, [(players[0], 1, "A1" * 32), (players[1], 1, 7)])
    assert [error.code for error in refused] == [PlayErrorCode.BAD_FIELD] * 2
    assert queries.captured_queries == []


def test_a_player_who_moves_to_another_chair_sends_one_nonce_for_a_hand_R15_2(three, players):
    """The chair left keeps the nonce sent from it, and it still counts: the player cannot
    send a second one for the same hand from their new chair."""
    services.send_nonce(players[0], three.pk, 1, NONCES[0])
    services.leave(players[0], three.pk)
    services.sit(players[0], three.pk, 5, 100)
    with pytest.raises(PlayError) as err:
        services.send_nonce(players[0], three.pk, 1, NONCES[1])
    assert err.value.code == PlayErrorCode.NONCE_SENT
    proof = Hand.objects.get(table=deal(three), number=1).deck
    mine = [(e["seat"], e["nonce"], e["by"]) for e in proof["nonces"]]
    mine = [m for m, e in zip(mine, proof["nonces"], strict=True) if e["user_id"] == players[0].pk]
    # the nonce sent counts, with the chair it came from; the chair dealt gets the stand-in
    # of a player who sent none from it (engine.fairness.nonce_list)
    assert [(seat, by) for seat, _nonce, by in mine] == [(1, "player"), (5, "server")]
    assert mine[0][1] == NONCES[0]


def test_a_nonce_for_a_hand_already_dealt_is_refused(three, players):
    table = deal(three)
    with pytest.raises(PlayError) as err:
        services.send_nonce(players[0], table.pk, 1, NONCES[0])
    assert err.value.code == PlayErrorCode.HAND_DEALT
    assert fresh(table).deck == table.deck


def test_no_state_ever_opens_a_card_its_viewers_may_not_see(make_table, players, monkeypatch):
    """R15.3 over random hands with folds, mucks and run-twice: every public state opens
    exactly the board and the shown hands; each player's own part opens exactly their two
    cards; no state carries the secret."""
    from tables.play.actions import common

    states = []
    original = common.broadcast_on_commit

    def capture(table_id, message):
        states.append(json.loads(message["json"]))
        original(table_id, message)

    monkeypatch.setattr(common, "broadcast_on_commit", capture)
    table = make_table(run_it_twice_allowed=True, max_seats=6)
    rng = random.Random(3)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, rng.randint(40, 200))
    assert play_randomly(table, rng, hands=25) == 25
    secrets_ = set(Hand.objects.filter(table=table).values_list("deck_secret", flat=True))
    checked = 0
    for state in states:
        text = json.dumps(state)
        assert not any(s in text for s in secrets_) and "secret" not in text
        hand = state["hand"]
        if not hand or not hand["deck"]:
            continue
        visible = [c for b in hand["boards"] for c in b]
        visible += [c for s in state["seats"] if s["in_hand"] and s["shown"] for c in s["cards"]]
        assert sorted(o["card"] for o in hand["deck"]["openings"]) == sorted(set(visible))
        checked += 1
    assert checked > 100
    for own in own_cards_by_user(table.pk, fresh(table).hand_count).values():
        assert [o["card"] for o in own["openings"]] == own["cards"]


def test_a_hand_dealt_before_deck_v2_keeps_its_seed_and_checks_the_old_way(table, players):
    """Hands stored with a revealed seed replay from it, and their proof (scheme 1) checks."""
    config = HandConfig(seats=(1, 4), stacks=(100, 100), button=4, small_blind=1, big_blind=2)
    seed = bytes(range(32))
    state, _ = start_hand(config, seed=seed)
    final, _ = apply(state, Action(ActionKind.FOLD, legal_actions(state).seat, None))
    hand = Hand.objects.create(
        table=table,
        number=1,
        players=[
            {"seat": 1, "user_id": players[0].pk, "name": "A", "stack": 100},
            {"seat": 4, "user_id": players[1].pk, "name": "B", "stack": 100},
        ],
        config=config.to_json(),
        commitment=state.commitment,
        seed=seed.hex(),
        final_state=final.to_json(),
        result={"stacks": {"1": 99, "4": 101}},
        ended_at=timezone.now(),
    )
    HandAction.objects.create(
        hand=hand, sequence=1, seat=legal_actions(state).seat, kind="fold", version=1
    )
    replayed = replay(hand)
    assert replayed.final.to_json() == final.to_json()
    proof = viewer_record(replayed, 1)
    assert proof["scheme"] == 1 and verify_record(proof).ok
    assert record(replayed, Viewer(players[0].pk))["deck"] == proof
    holes = {str(1): [card_str(c) for c in final.hole_cards(1)]}
    assert proof["holes"] == holes


def test_an_exported_file_checks_offline_with_the_command_line(
    make_table, players, tmp_path, capsys
):
    """R15: ``python -m engine.fairness verify FILE`` checks every hand of a player's JSON
    export, and fails a file whose card was changed."""
    from engine.fairness import main

    table = make_table(max_seats=6)
    rng = random.Random(5)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    play_randomly(table, rng, hands=6)
    hands = [
        record(replay(h), Viewer(players[0].pk))
        for h in Hand.objects.filter(table=table, ended_at__isnull=False)
    ]
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(hands))
    assert main(["verify", str(path)]) == 0
    assert f"{len(hands)} of {len(hands)} hands check out" in capsys.readouterr().out
    opening = hands[0]["deck"]["openings"][0]
    opening["card"] = "2c" if opening["card"] != "2c" else "3c"
    path.write_text(json.dumps(hands))
    assert main(["verify", str(path)]) == 1


def test_a_board_card_both_runs_share_is_opened_once_R12_R15_3():
    """Run it twice from the turn: the flop belongs to both boards, and is opened once."""
    from tables.play.hand_state import open_cards

    plan = DeckPlan(7, 3, bytes(range(32)))
    deck = {"table": 7, "hand": 3, "secret": bytes(range(32)).hex(), "nonces": []}
    cards = [card_str(c) for c in dealt_deck(plan, [])]
    # two players: hole cards at 0-3; burn 4, flop 5-7, burn 8, turn 9, burn 10, river 11;
    # the second run: burn 12, river 13
    first = [cards[k] for k in (5, 6, 7, 9, 11)]
    second = [cards[k] for k in (5, 6, 7, 9, 13)]
    openings = open_cards(deck, 2, [first, second])
    assert [o["k"] for o in openings] == [5, 6, 7, 9, 11, 13]
    assert sorted(o["card"] for o in openings) == sorted(set(first + second))


def test_a_due_deal_waits_a_bounded_moment_for_connected_players_nonces(three, players, settings):
    """#41, R15.2: at the due time, a seated player whose socket is open has sent no nonce:
    the deal looks again shortly, no new version (nobody's screen changes); the last such
    nonce lets it go at once; a player with no socket open is never waited for."""
    from datetime import timedelta

    settings.NONCE_WAIT_MS = 1500
    table = three
    Seat.objects.filter(table=table, user__in=players[:2]).update(connections=1)
    services.send_nonce(players[0], table.pk, 1, NONCES[0])
    table = fresh(table)
    due, version = table.next_hand_at, table.version
    assert services.handle_due(table.pk, version, now=due)
    table = fresh(table)
    assert table.hand_count == 0 and table.version == version  # waiting, silently
    assert due < table.next_hand_at <= due + timedelta(milliseconds=100)
    services.send_nonce(players[1], table.pk, 1, NONCES[1])  # the last one connected
    table = fresh(table)
    assert table.next_hand_at <= timezone.now()
    assert services.handle_due(table.pk, table.version, now=timezone.now())
    proof = Hand.objects.get(table=table, number=1).deck
    by = {e["user_id"]: e["by"] for e in proof["nonces"]}
    assert by == {players[0].pk: "player", players[1].pk: "player", players[2].pk: "server"}


def test_a_deal_waits_no_longer_than_the_bound_for_a_nonce_that_never_comes(
    three, players, settings
):
    from datetime import timedelta

    settings.NONCE_WAIT_MS = 1500
    table = three
    Seat.objects.filter(table=table, user=players[0]).update(connections=2)
    due = table.next_hand_at
    moment = due
    while fresh(table).hand_count == 0:
        table = fresh(table)
        assert moment <= due + timedelta(milliseconds=1600), "the wait is bounded"
        services.handle_due(table.pk, table.version, now=moment)
        moment = max(moment, fresh(table).next_hand_at or moment) + timedelta(milliseconds=1)
    proof = Hand.objects.get(table=table, number=1).deck
    assert {e["by"] for e in proof["nonces"]} == {"server"}
