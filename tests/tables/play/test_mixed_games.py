"""Mixed games (R20): a table deals its host's list of games, one an orbit, changing game
with the first hand whose button reaches the orbit's first seat; the form refuses a list
that cannot be dealt; the table says which game comes next."""

from __future__ import annotations

import pytest

from engine.fairness import verify_record
from pokerclub.models import Club
from tables.hands.models import Hand
from tables.hands.proof import public_proof
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.forms import TableForm
from tables.play.models import Table
from tables.play.projection import load_public_state
from tests.tables.conftest import table_form_data
from tests.tables.play_helpers import deal, fold_out, fresh

CHIPS = Club(amount_format="chips")  # a club that counts plain chips

pytestmark = pytest.mark.django_db


def fold_round(table) -> None:
    """Deal a hand and fold it to the big blind."""
    fold_out(deal(table))


def games_dealt(table) -> list[tuple[str, int]]:
    return [
        (hand.config["game"], hand.config["button"])
        for hand in Hand.objects.filter(table=table).order_by("number")
    ]


def test_the_table_deals_its_games_an_orbit_each_R20_1_R20_2(make_table, players, club_with_roles):
    table = make_table(max_seats=9)
    for number, p in zip((2, 5, 7), players[:3], strict=True):
        services.sit(p, table.pk, number, 100)
    assert services.update_settings(
        club_with_roles["host"], table.pk, {"mixed_games": ["NLH", "PLO8"]}
    )
    for _ in range(7):
        fold_round(table)
    dealt = games_dealt(table)
    games = [game for game, _ in dealt]
    assert games == ["holdem"] * 3 + ["omaha8"] * 3 + ["holdem"]
    # each orbit: the button visits every player once, the next game starts on the same seat
    assert dealt[0][1] == dealt[3][1] == dealt[6][1]
    assert len({button for _, button in dealt[:3]}) == 3
    assert [Hand.objects.get(table=table, number=n).config["structure"] for n in (1, 4)] == [
        "no_limit",
        "pot_limit",
    ]


def test_a_player_who_joins_mid_orbit_makes_the_orbit_longer_not_restart_R20_2(
    make_table, players, club_with_roles
):
    table = make_table(max_seats=9, new_player_policy="post")
    for number, p in zip((2, 5), players[:2], strict=True):
        services.sit(p, table.pk, number, 100)
    services.update_settings(club_with_roles["host"], table.pk, {"mixed_games": ["NLH", "PLO"]})
    fold_round(table)  # the first NLH hand: its button starts the orbit
    first_button = games_dealt(table)[0][1]
    other = 5 if first_button == 2 else 2
    services.sit(players[2], table.pk, 9, 100)  # posts a big blind and is dealt in (R2.6)
    for _ in range(5):
        fold_round(table)
    dealt = games_dealt(table)
    buttons = [button for _, button in dealt]
    nlh = [button for game, button in dealt if game == "holdem"]
    assert buttons[0] == first_button and other in nlh[:3]
    # the orbit ends when the button is back on its first seat, however many hands that took
    switch = next(i for i, (game, _) in enumerate(dealt) if game == "omaha")
    assert buttons[switch] == first_button
    assert switch == 3  # three buttons (the new player's seat among them), then PLO
    assert set(buttons) <= {2, 5, 9}


def test_the_table_says_which_game_comes_next_R20_4(make_table, players, club_with_roles):
    table = make_table()
    services.update_settings(
        club_with_roles["host"], table.pk, {"mixed_games": ["NLH", "PLO", "FLO8"]}
    )
    summary = load_public_state(table.pk)["table"]
    assert summary["mixed_games"] == ["NLH", "PLO", "FLO8"]
    assert summary["next_game"] == "PLO"
    assert summary["game"] == "holdem"


def form_data(**changes):
    return table_form_data(**{"name": "Mixed", "max_seats": 9, **changes})


def test_the_form_takes_two_or_more_games_and_deals_the_first_R20_1():
    form = TableForm(form_data(mixed_games=["PLO8", "NLH"]), club=CHIPS)
    assert form.is_valid(), form.errors
    values = form.table_values()
    assert values["mixed_games"] == ["NLH", "PLO8"]  # the form's order
    assert (values["game"], values["structure"]) == ("holdem", "no_limit")
    form = TableForm(form_data(mixed_games=["PLO", "FLO8"]), club=CHIPS)
    assert form.is_valid(), form.errors
    assert (form.table_values()["game"], form.table_values()["structure"]) == ("omaha", "pot_limit")


def test_the_form_refuses_one_game_an_unknown_one_or_too_many_seats_for_plo5_R20_3():
    one = TableForm(form_data(mixed_games=["PLO"]), club=CHIPS)
    assert not one.is_valid() and "at least two" in one.errors["mixed_games"][0]
    unknown = TableForm(form_data(mixed_games=["NLH", "BADUGI"]), club=CHIPS)
    assert not unknown.is_valid() and "mixed_games" in unknown.errors
    nine = TableForm(form_data(mixed_games=["NLH", "PLO5"]), club=CHIPS)
    assert not nine.is_valid() and "at most 8 players" in nine.errors["max_seats"][0]
    assert TableForm(form_data(mixed_games=["NLH", "PLO5"], max_seats=8), club=CHIPS).is_valid()


def test_only_a_host_sets_the_games_and_a_refusal_changes_nothing_R20(
    make_table, players, club_with_roles
):
    from tables.play.error_codes import PlayError

    table = make_table()
    with pytest.raises(PlayError) as refused:
        services.update_settings(players[0], table.pk, {"mixed_games": ["NLH", "PLO"]})
    assert refused.value.code == "not_allowed"
    assert fresh(table).mixed_games == [] and fresh(table).game == "holdem"


def test_the_table_label_names_the_next_game_in_the_browsers_own_code_R20_4():
    """static/js/table/render.js's stakesText, run under Node on the state's table."""
    import json

    from tests.node import STATIC_JS, run_node

    tables = [
        {"small_blind": 1, "big_blind": 2, "structure": "pot_limit", "game_letter": "O8",
         "next_game": "NLH"},
        {"small_blind": 1, "big_blind": 2, "structure": "no_limit", "game_letter": "",
         "next_game": None},
    ]  # fmt: skip
    out = run_node(
        f"import {{ stakesText }} from '{STATIC_JS / 'table' / 'render.js'}';\n"
        f"for (const t of {json.dumps(tables)}) console.log(stakesText(t));"
    )
    assert out.splitlines() == ["1/2 PLO8 · next NLH", "1/2 NL"]


def test_an_edit_form_opened_before_the_game_changed_does_not_undo_the_rotation_R20(
    make_table, club_with_roles
):
    """The host opened the edit form in the NLH orbit; the table has moved on to PLO8; the
    form posts the old game with a new blind: only the blind changes."""
    table = make_table(mixed_games=["NLH", "PLO8"])
    Table.objects.filter(pk=table.pk).update(game="omaha8", structure="pot_limit")
    table = Table.objects.get(pk=table.pk)
    posted = form_data(mixed_games=["NLH", "PLO8"], max_seats=6, big_blind=4, small_blind=2)
    form = TableForm(posted, instance=table, club=CHIPS)
    assert form.is_valid(), form.errors
    changes = form.table_values(changed_only=True)
    assert "game" not in changes and "structure" not in changes
    assert changes["big_blind"] == 4


def test_each_game_plays_its_own_blinds_when_the_host_sets_them_R20(make_table, players):
    """NLH at the table's 1/2, FLO8 at 2/4 (bets 4/8): every hand's blinds are its game's,
    and the table's label says the current game's."""
    form = TableForm(
        table_form_data(mixed_games=["NLH", "FLO8"], blinds_FLO8="2/4", max_seats=9), club=CHIPS
    )
    assert form.is_valid(), form.errors
    values = form.table_values()
    assert values["mixed_blinds"] == {"FLO8": [2, 4]}
    table = make_table(mixed_games=["NLH", "FLO8"], blinds_FLO8=" 2 / 4 ", max_seats=9)
    for number, p in zip((2, 5, 7), players[:3], strict=True):
        services.sit(p, table.pk, number, 100)
    labels = []
    for _ in range(4):
        t = deal(table)
        labels.append(load_public_state(t.pk)["table"]["big_blind"])
        fold_out(t)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [(h.config["game"], h.config["small_blind"], h.config["big_blind"]) for h in hands] == [
        ("holdem", 1, 2), ("holdem", 1, 2), ("holdem", 1, 2), ("omaha8", 2, 4),
    ]  # fmt: skip
    assert labels == [2, 2, 2, 4]
    assert fresh(table).stakes.startswith("2/4")
    # the edit form shows them again, and an edit that does not touch them keeps them
    edit = TableForm(instance=fresh(table), club=CHIPS)
    assert edit.initial["blinds_FLO8"] == "2/4"


@pytest.mark.parametrize(
    "text,message",
    [
        ("two/four", "digits only"),
        ("4/2", "at least the small blind"),
        ("0/0", "more than zero"),
        ("20/50", "cover this game's big blind"),
    ],
)
def test_blinds_for_a_game_that_cannot_be_played_are_refused_R20(text: str, message: str):
    form = TableForm(table_form_data(mixed_games=["NLH", "PLO"], blinds_PLO=text), club=CHIPS)
    assert not form.is_valid()
    assert message in form.errors["blinds_PLO"][0]


def test_blinds_of_a_game_not_in_the_list_are_not_kept_R20():
    form = TableForm(table_form_data(mixed_games=["NLH", "PLO"], blinds_FLO8="2/4"), club=CHIPS)
    assert form.is_valid(), form.errors
    assert form.table_values()["mixed_blinds"] == {}


def test_dealers_choice_each_player_in_turn_picks_an_orbits_game_R20_5(
    make_table, players, club_with_roles
):
    """Three players in seats 2, 5 and 7 pick PLO8, nothing and PLO. The first orbit is the
    first button's pick; then the next player clockwise after the last chooser picks; one who
    picked nothing gets the list's next game."""
    table = make_table(max_seats=9)
    for number, p in zip((2, 5, 7), players[:3], strict=True):
        services.sit(p, table.pk, number, 100)
    services.update_settings(
        club_with_roles["host"], table.pk,
        {"mixed_games": ["NLH", "PLO", "PLO8"], "mixed_mode": "dealers_choice"},
    )  # fmt: skip
    services.pick_game(players[0], table.pk, "PLO8")  # seat 2
    services.pick_game(players[2], table.pk, "PLO")  # seat 7
    picks = {s["number"]: s["game_pick"] for s in load_public_state(table.pk)["seats"]}
    assert picks == {**{n: None for n in range(1, 10)}, 2: "PLO8", 7: "PLO"}
    for _ in range(9):
        fold_round(table)
    dealt = games_dealt(table)
    first_button = dealt[0][1]
    by_seat = {2: "omaha8", 5: None, 7: "omaha"}
    # three orbits of three hands; the choosers are the first button and then clockwise
    choosers = [first_button]
    for _ in range(2):
        after = [s for s in (2, 5, 7) if s > choosers[-1]]
        choosers.append(after[0] if after else 2)
    games = [game for game, _ in dealt]
    expected: list[str] = []
    rotation = ["holdem", "omaha", "omaha8"]
    previous = "holdem"  # the table's game when the list was set
    for k, chooser in enumerate(choosers):
        if k == 0 and by_seat[chooser] is None:
            game = previous  # the first orbit keeps the current game when nobody picked
        else:
            game = by_seat[chooser] or rotation[(rotation.index(previous) + 1) % 3]
        expected += [game] * 3
        previous = game
    assert games == expected, (dealt, choosers)
    assert fresh(table).chooser_seat == choosers[-1]


def test_the_table_says_who_picks_next_and_their_game_R20_5(make_table, players, club_with_roles):
    table = make_table(max_seats=9)
    for number, p in zip((2, 5), players[:2], strict=True):
        services.sit(p, table.pk, number, 100)
    services.update_settings(
        club_with_roles["host"], table.pk,
        {"mixed_games": ["NLH", "PLO"], "mixed_mode": "dealers_choice"},
    )  # fmt: skip
    fold_round(table)
    t = fresh(table)
    chooser = t.chooser_seat
    assert chooser == Hand.objects.get(table=table, number=1).config["button"]
    nxt = 5 if chooser == 2 else 2
    user = players[0] if nxt == 2 else players[1]
    services.pick_game(user, table.pk, "PLO")
    summary = load_public_state(table.pk)["table"]
    assert (summary["mixed_mode"], summary["next_chooser_seat"], summary["next_game"]) == (
        "dealers_choice", nxt, "PLO",
    )  # fmt: skip
    services.pick_game(user, table.pk, None)  # taken back: the list's next game
    assert load_public_state(table.pk)["table"]["next_game"] == "PLO"  # NLH is on: next is PLO


def test_a_pick_is_refused_unless_a_seated_player_picks_a_listed_game_R20_5(
    make_table, players, club_with_roles
):
    from tables.play.error_codes import PlayError

    table = make_table(max_seats=9)
    services.sit(players[0], table.pk, 1, 100)
    with pytest.raises(PlayError) as refused:  # no dealer's choice here
        services.pick_game(players[0], table.pk, "NLH")
    assert refused.value.code == "not_allowed"
    services.update_settings(
        club_with_roles["host"], table.pk,
        {"mixed_games": ["NLH", "PLO"], "mixed_mode": "dealers_choice"},
    )  # fmt: skip
    for who, code, error in (
        (players[0], "PLO5", "bad_field"),  # not in the list
        (players[0], 7, "bad_field"),
        (players[1], "PLO", "not_seated"),
    ):
        with pytest.raises(PlayError) as refused:
            services.pick_game(who, table.pk, code)
        assert refused.value.code == error
    assert fresh(table).game_picks == {}


def test_a_short_deck_orbit_deals_from_a_deck_committed_as_a_short_deck_R20_R30_4(
    make_table, players, club_with_roles
):
    """The deck of the next hand is committed as the table's game's (52 cards); when the orbit
    turns to short deck the deal commits a short deck instead (R30.4: its size is bound to its
    root), and back. Every hand's proof checks out for the game it dealt."""
    table = make_table(max_seats=9)
    for number, p in zip((2, 5, 7), players[:3], strict=True):
        services.sit(p, table.pk, number, 100)
    assert services.update_settings(
        club_with_roles["host"], table.pk, {"mixed_games": ["NLH", "SD"]}
    )
    for _ in range(7):
        fold_round(table)
    assert [game for game, _ in games_dealt(table)] == ["holdem"] * 3 + ["shortdeck"] * 3 + [
        "holdem"
    ]
    for hand in Hand.objects.filter(table=table).order_by("number"):
        size = 36 if hand.config["game"] == "shortdeck" else 52
        assert hand.deck.get("deck_size", 52) == size
        record = {**public_proof(hand), "boards": [], "holes": {}, "openings": []}
        assert verify_record(record, expected_deck_size=size).ok
        assert min(replay(hand).final.deck) >= (16 if size == 36 else 0)
