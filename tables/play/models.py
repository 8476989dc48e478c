"""Live play's rows: tables, seats, the server processes holding sockets, presence, chat.

The database is the only truth of play: a table row holds its settings, its version (bumped by
every change, sent with every state message) and, during a hand, the engine's state as JSON.
Only ``tables.play.actions`` changes these rows.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from engine.betting import Structure as EngineStructure
from engine.games import Game
from engine.table import mixed_game_code
from pokerclub.amounts import format_amount
from pokerclub.models import Club


class Structure(models.TextChoices):
    """The betting structure (``engine.betting.Structure``, R7): its values are the engine's,
    the labels are for people."""

    NO_LIMIT = EngineStructure.NO_LIMIT.value, _("No-limit")
    POT_LIMIT = EngineStructure.POT_LIMIT.value, _("Pot-limit")
    FIXED_LIMIT = EngineStructure.FIXED_LIMIT.value, _("Fixed-limit")


class GameChoice(models.TextChoices):
    """What the table deals (``engine.games.Game``; its values are the engine's, the labels
    are for people): Texas Hold'em, Omaha (R17), five-card Omaha (R18), Omaha Hi-Lo (R19),
    short deck hold'em (R30), five-card draw (R43), deuce-to-seven single and triple draw
    (R44), seven-card stud (R45), stud hi-lo (R46), razz (R47), poker all'italiana
    (R31-R39) and Telesina (R40)."""

    HOLDEM = Game.HOLDEM.value, _("Texas Hold'em")
    OMAHA = Game.OMAHA.value, _("Omaha")
    OMAHA5 = Game.OMAHA5.value, _("Five-card Omaha")
    OMAHA_HILO = Game.OMAHA_HILO.value, _("Omaha Hi-Lo (eight or better)")
    SHORT_DECK = Game.SHORT_DECK.value, _("Short Deck Hold'em (6+)")
    FIVE_CARD_DRAW = Game.FIVE_CARD_DRAW.value, _("Five-card draw")
    DEUCE_SEVEN_SINGLE = Game.DEUCE_SEVEN_SINGLE.value, _("2-7 single draw")
    DEUCE_SEVEN_TRIPLE = Game.DEUCE_SEVEN_TRIPLE.value, _("2-7 triple draw")
    SEVEN_CARD_STUD = Game.SEVEN_CARD_STUD.value, _("Seven-card stud")
    STUD_HILO = Game.STUD_HILO.value, _("Seven-card stud Hi-Lo (eight or better)")
    RAZZ = Game.RAZZ.value, _("Razz")
    ITALIANA = Game.ITALIANA.value, _("Poker all'italiana")
    TELESINA = Game.TELESINA.value, _("Telesina")


class OpeningDraw(models.TextChoices):
    """R34.2, "apertura con progetto": the draw that opens too, besides a pair of jacks or
    better (``engine.opening.OPENING_DRAWS``)."""

    OPEN_ENDED = "open_ended", _("Four to an open-ended straight flush")
    STRAIGHT_FLUSH = "straight_flush", _("Any four to a straight flush")
    FLUSH = "flush", _("Four to a flush")
    NONE = "none", _("No draw: a pair of jacks or better only")


class RepeatInvito(models.TextChoices):
    """R35.1, "invito ripetuto": who puts the invito in again in a hand that starts with a
    pot carried from the one before."""

    EVERYONE = "everyone", _("Everyone dealt in")
    DEALER = "dealer", _("The dealer only")
    NOBODY = "nobody", _("Nobody")


MAX_RAISES = 10
"""R38.3, "rilanci massimi": the highest cap a table sets on a round's raises (0: none)."""


class MixedMode(models.TextChoices):
    """How a mixed-game table's game changes each orbit (R20)."""

    ROTATE = "rotate", _("The next game of the list")
    DEALERS_CHOICE = "dealers_choice", _("Dealer's choice: each player in turn picks")


class DoubleBoard(models.TextChoices):
    """When a hand is dealt on two boards (R23)."""

    OFF = "off", _("Never")
    BOMB_POTS = "bomb_pots", _("Bomb pots only")
    ALWAYS = "always", _("Every hand")


class NewPlayerPolicy(models.TextChoices):
    WAIT = "wait", _("Wait for the big blind")
    POST = "post", _("Post a big blind")


GAME_NAMES = {
    Game.HOLDEM.value: _("Texas Hold'em"),
    Game.OMAHA.value: _("Omaha"),
    Game.OMAHA5.value: _("Five-card Omaha"),
    Game.OMAHA_HILO.value: _("Omaha Hi-Lo"),
    Game.SHORT_DECK.value: _("Short Deck Hold'em"),
    Game.FIVE_CARD_DRAW.value: _("Five-card draw"),
    Game.DEUCE_SEVEN_SINGLE.value: _("2-7 single draw"),
    Game.DEUCE_SEVEN_TRIPLE.value: _("2-7 triple draw"),
    Game.SEVEN_CARD_STUD.value: _("Seven-card stud"),
    Game.STUD_HILO.value: _("Stud Hi-Lo"),
    Game.RAZZ.value: _("Razz"),
    Game.ITALIANA.value: _("Poker all'italiana"),
    Game.TELESINA.value: _("Telesina"),
}
"""Each game's short name (``engine.games.rules(game).name``), for people."""


def game_label(game: str, structure: str) -> str:
    """A game and its structure, for people: "No-limit Hold'em", "Pot-limit Omaha"."""
    name = gettext("Hold'em") if game == GameChoice.HOLDEM else GameChoice(game).label
    # Translators: a betting structure and a game, e.g. "No-limit Hold'em", "Pot-limit Omaha"
    return gettext("%(structure)s %(game)s") % {
        "structure": Structure(structure).label,
        "game": name,
    }


HAND_FIXED_KEYS = ("config", "deck")
"""The keys of a hand's state (``HandState.to_json``) that only the deal sets (and a draw's
reshuffle, the deck): more than half of the state's bytes, kept in ``Table.hand_fixed``."""


def split_hand_state(state: dict[str, Any] | None) -> tuple[Any, Any]:
    """A hand's state as two columns store it: ``(hand_state, hand_fixed)``, the second
    holding :data:`HAND_FIXED_KEYS` (None: no hand)."""
    if state is None:
        return None, None
    fixed = {key: state[key] for key in HAND_FIXED_KEYS if key in state}
    return {key: value for key, value in state.items() if key not in fixed}, fixed or None


class TableQuerySet(models.QuerySet["Table"]):
    def open_in(self, club: Club) -> list[Table]:
        """The club's tables that are not closed, each with ``taken``: its occupied seats."""
        return list(
            self.filter(club=club)
            .exclude(status=Table.Status.CLOSED)
            .exclude(in_person=True)  # a game at a real table has no seats to take
            .annotate(taken=models.Count("seats", filter=~Q(seats__user=None)))
            .select_related("club")
        )


class Table(models.Model):
    objects = TableQuerySet.as_manager()
    taken: int  # occupied seats, on the tables TableQuerySet.open_in returns

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        PAUSED = "paused", _("Paused")
        CLOSED = "closed", _("Closed")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=60)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    imported = models.CharField(
        max_length=20,
        blank=True,
        help_text="Where an imported session came from (e.g. 'pokernow'); empty for the "
        "club's own.",
    )
    tournament = models.ForeignKey(
        "tables.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tables",
        help_text="A tournament's table: its chips are tournament chips, never money.",
    )
    tournament_number = models.PositiveSmallIntegerField(null=True, blank=True)
    tournament_level = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="R24: the level of the tournament's clock it deals at."
    )
    in_person = models.BooleanField(
        default=False,
        help_text="A game played at a real table: a banker records buy-ins and cash-outs; "
        "no seats, no hands (tables.money.actions.bank).",
    )

    # --- settings (a change during a hand is stored in pending_settings, applied next hand)
    game = models.CharField(max_length=12, choices=GameChoice.choices, default=GameChoice.HOLDEM)
    structure = models.CharField(
        max_length=12, choices=Structure.choices, default=Structure.NO_LIMIT
    )
    mixed_games = models.JSONField(
        default=list,
        blank=True,
        help_text="R20: the games the table rotates through, one an orbit (codes of "
        "engine.table.MIXED_GAMES, e.g. ['NLH', 'PLO', 'PLO8']); empty: one game.",
    )
    mixed_blinds = models.JSONField(
        default=dict,
        blank=True,
        help_text="R20: a mixed-game table's blinds for some of its games, {code: [small, "
        "big]} (e.g. {'FLO8': [2, 4]}); a game not named plays the table's blinds.",
    )
    mixed_mode = models.CharField(
        max_length=14,
        choices=MixedMode.choices,
        default=MixedMode.ROTATE,
        help_text="R20: each orbit the list's next game, or dealer's choice (each player in "
        "turn picks the orbit's game).",
    )
    game_picks = models.JSONField(
        default=dict,
        blank=True,
        help_text="R20.5: each player's pick for the orbit they choose, {user id: code}.",
    )
    chooser_seat = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="R20.5: the seat of the player who picked the current orbit's game.",
    )
    orbit_start_seat = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="R20: the button seat of the current game's first hand (None: not started).",
    )
    bomb_pot_ante = models.PositiveIntegerField(
        default=0, help_text="R21: what every player puts in a bomb pot (0: no bomb pots)."
    )
    bomb_pot_every = models.PositiveSmallIntegerField(
        default=0, help_text="R21: every N-th hand of the table is a bomb pot (0: never by count)."
    )
    bomb_pot_vote = models.BooleanField(
        default=False, help_text="R21: the players may call a bomb pot by a unanimous vote."
    )
    double_board = models.CharField(
        max_length=10,
        choices=DoubleBoard.choices,
        default=DoubleBoard.OFF,
        help_text="R23: deal two boards, each pot halved between them: never, in bomb pots "
        "only, or every hand.",
    )
    seven_deuce_bounty = models.PositiveIntegerField(
        default=0, help_text="R22: what a pot won with 7-2 collects from each other player."
    )
    seven_deuce_shown = models.BooleanField(
        default=True, help_text="R22: a 7-2 that collects is turned face up."
    )
    # poker all'italiana's house rules (R31-R39; the small and big blind are its invito and
    # cip, engine.state.HandConfig's ante and big_blind)
    dealer_ante = models.PositiveIntegerField(
        default=0, help_text="R33.2: what the dealer (mazziere) adds to the invito."
    )
    opening_draw = models.CharField(
        max_length=14,
        choices=OpeningDraw.choices,
        default=OpeningDraw.OPEN_ENDED,
        help_text="R34.2: the draw that opens too (apertura con progetto).",
    )
    rising_openings = models.BooleanField(
        default=True,
        help_text="R35.2: after hands nobody opened, queens then kings are needed to open.",
    )
    repeat_invito = models.CharField(
        max_length=8,
        choices=RepeatInvito.choices,
        default=RepeatInvito.EVERYONE,
        help_text="R35.1: who puts the invito in again when a pot is carried.",
    )
    max_draw = models.PositiveSmallIntegerField(
        default=4,
        validators=[MinValueValidator(4), MaxValueValidator(5)],
        help_text="R36.1: the most cards a player changes, 4 or 5.",
    )
    piatto_di_parola = models.BooleanField(
        default=True,
        help_text="R37.3: everyone checking after the draw carries the pot to the next hand.",
    )
    opener_first = models.BooleanField(
        default=True, help_text="R37.1: the opener speaks first after the draw."
    )
    full_over_flush_on_52 = models.BooleanField(
        default=True, help_text="R32.2: with the whole deck (nine players) full beats colore."
    )
    minima_beats_massima = models.BooleanField(
        default=True,
        help_text="R32.4: the ace-low straight flush (minima) beats the ace-high (massima).",
    )
    flush_by_suit = models.BooleanField(
        default=False,
        help_text="R32.6: between two flushes the higher suit wins whatever the ranks.",
    )
    max_raises = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_RAISES)],
        help_text="R38.3: the most raises in a betting round after its first bet; 0: no cap.",
    )
    fourth_card_last = models.BooleanField(
        default=True,
        help_text="R36.2: a player changing four gets the fourth after every other player.",
    )
    morto = models.BooleanField(
        default=False,
        help_text="R31.4: with three players a fourth hand is dealt and never played.",
    )
    buio = models.PositiveSmallIntegerField(
        default=0,
        choices=[(0, "0"), (2, "2"), (1, "1")],
        help_text="R33.5: the buio: 0 none; the player left of the dealer may open blind for "
        "twice the pot (2) or the pot (1).",
    )
    # Telesina's (R40; its ranking's options and the raise cap are the fields above)
    best_showing_first = models.BooleanField(
        default=True,
        help_text="R40.4: the best hand showing speaks first; else the first left of the dealer.",
    )
    vele = models.PositiveSmallIntegerField(
        default=0,
        choices=[(0, "0"), (1, "1"), (2, "2")],
        help_text="R41: Telesina con la vela: community cards after the fifth cards (0: none).",
    )
    small_blind = models.PositiveIntegerField(default=1, validators=[MinValueValidator(1)])
    big_blind = models.PositiveIntegerField(default=2, validators=[MinValueValidator(1)])
    ante = models.PositiveIntegerField(default=0)
    ante_by_big_blind = models.BooleanField(
        default=False, help_text="The big blind posts the ante for the whole table (R3.2)."
    )
    straddle_allowed = models.BooleanField(default=False)
    min_buy_in = models.PositiveIntegerField(default=40)
    max_buy_in = models.PositiveIntegerField(default=200)
    max_seats = models.PositiveSmallIntegerField(
        default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    action_seconds = models.PositiveSmallIntegerField(
        default=30, validators=[MinValueValidator(5), MaxValueValidator(600)]
    )
    time_bank_seconds = models.PositiveSmallIntegerField(
        default=60, validators=[MaxValueValidator(3600)]
    )
    away_seconds = models.PositiveSmallIntegerField(
        default=5,
        validators=[MaxValueValidator(120)],
        help_text="The clock of a player whose sockets have all closed: short, without "
        "their time bank; the action clock again once they are back.",
    )
    run_it_twice_allowed = models.BooleanField(default=False)
    show_all_called = models.BooleanField(default=False)
    new_player_policy = models.CharField(
        max_length=4, choices=NewPlayerPolicy.choices, default=NewPlayerPolicy.WAIT
    )
    rake_bps = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(1000)],
        help_text="Rake in basis points of each pot that sees a flop (500 = 5 %, R13); at most 10 %.",
    )
    rake_cap = models.PositiveIntegerField(default=0, help_text=_("0 means no cap."))
    approve_seats = models.BooleanField(default=False)

    # --- live state
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    pause_requested = models.BooleanField(default=False)
    close_requested = models.BooleanField(default=False)
    version = models.PositiveBigIntegerField(default=0)
    decision_version = models.PositiveBigIntegerField(
        default=0,
        help_text="The version at which the current decision began: an action sent from an "
        "older one is stale; changes that do not touch the hand (chat, seats) are not.",
    )
    hand_log = models.JSONField(default=list, blank=True)
    pending_settings = models.JSONField(default=dict, blank=True)
    bomb_votes = models.JSONField(
        default=list, blank=True, help_text="R21: users who want the next hand to be a bomb pot."
    )
    hand_state = models.JSONField(
        null=True,
        blank=True,
        help_text="The engine's state of the hand on the table as of its last snapshot; the "
        "hand now is it with hand_tail's actions applied (tables.play.hand_state.current_state).",
    )
    hand_tail = models.JSONField(
        default=list,
        blank=True,
        help_text="The betting actions applied since hand_state's snapshot, [kind, seat, "
        "amount] each, all in its betting round: an action appends here instead of rewriting "
        "the state (issue #44: the state's rewrite was most of an action's WAL).",
    )
    hand_fixed = models.JSONField(
        null=True,
        blank=True,
        help_text="The parts of the hand's state only the deal changes (HAND_FIXED_KEYS: its "
        "config and its deck, which a draw's reshuffle changes too), stored apart from "
        "hand_state so that each street's snapshot does not write them again (issue #44). "
        "Reading a table puts them back into hand_state (Table.from_db); "
        "tables.play.actions.rows.save_table takes them out.",
    )
    # No index (issue #44): nothing looks a table up by its hand, and an indexed column
    # changed at every deal made the deal's update of the row a new version with an entry
    # in each of the table's indexes, not an update in place (HOT).
    current_hand = models.ForeignKey(
        "Hand", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", db_index=False
    )
    hand_players = models.JSONField(
        default=dict,
        blank=True,
        help_text="Who was dealt each seat of the hand on the table ({seat: user id}): hole "
        "cards and the hand's seat views belong to these users, never to whoever sits there now.",
    )
    deck = models.JSONField(
        null=True,
        blank=True,
        help_text="Deck v2 of the hand on the table (R15): its secret (SECRET, server-side "
        "only), root, nonces, versions and seats in position order.",
    )
    next_deck = models.JSONField(
        null=True,
        blank=True,
        help_text="The next hand's committed deck (R15): its secret (SECRET), root and the "
        "version that published it; the players' nonces are on their chairs (Seat.nonce).",
    )
    carried_pot = models.JSONField(
        default=dict,
        blank=True,
        help_text="Poker all'italiana (R35, R37.3): the pot the last hand left in the middle, "
        "in nobody's stack, for the next hand: {amount, streak (hands in a row nobody won), "
        "reason ('nobody_opened' or 'parola'), users (who was dealt into that hand)}; empty: "
        "none.",
    )
    hand_count = models.PositiveIntegerField(default=0)
    button_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # a tournament table's dead button (R28.5): the last hand's blinds, by seat, dead or not
    small_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    big_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # deadline and next_hand_at change with nearly every action: they are not indexed, so
    # PostgreSQL can update the row in place (a HOT update, pruned without VACUUM); the clock
    # scans the open tables instead (tables.clock.due_tables). See migration 0006.
    deadline = models.DateTimeField(null=True, blank=True)
    deadline_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    time_bank_in_use = models.BooleanField(default=False)
    next_hand_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(small_blind__lte=models.F("big_blind")), name="sb_not_above_bb"
            ),
            models.CheckConstraint(
                condition=Q(min_buy_in__lte=models.F("max_buy_in")), name="min_buy_in_not_above_max"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def from_db(cls, *args: Any, **kwargs: Any) -> Table:
        """The row as a table, its hand's state whole: the parts stored apart
        (``hand_fixed``) put back, where the stored state does not hold them itself."""
        table = super().from_db(*args, **kwargs)
        loaded = table.__dict__
        if loaded.get("hand_fixed") and loaded.get("hand_state") is not None:
            table.hand_state = {**loaded["hand_fixed"], **loaded["hand_state"]}
        return table

    def get_absolute_url(self) -> str:
        return reverse("tables:detail", args=[self.club.slug, self.pk])

    @property
    def game_label(self) -> str:
        """The game and its structure, for people: "No-limit Hold'em", "Pot-limit Omaha"."""
        return game_label(self.game, self.structure)

    @property
    def format_label(self) -> str:
        """What the table plays, for the club's list: the format rather than the hand of
        the moment ("Dealer's choice: NLH, PLO", "Mixed games: NLH, PLO8"), then its house
        specials ("bomb pots", "double board", "7-2 game")."""
        if self.mixed_games and self.mixed_mode == MixedMode.DEALERS_CHOICE:
            label = gettext("Dealer's choice: %(games)s") % {"games": ", ".join(self.mixed_games)}
        elif self.mixed_games:
            label = gettext("Mixed games: %(games)s") % {"games": ", ".join(self.mixed_games)}
        else:
            label = self.game_label
        extras = []
        if self.bomb_pot_ante and (self.bomb_pot_every or self.bomb_pot_vote):
            extras.append(gettext("bomb pots"))
        if self.double_board != DoubleBoard.OFF:
            extras.append(gettext("double board"))
        if self.seven_deuce_bounty:
            extras.append(gettext("7-2 game"))
        return " · ".join([label, *extras])

    @property
    def blinds(self) -> tuple[int, int]:
        """The blinds of the current game: the table's, or on a mixed-game table the ones
        the host set for this game (R20)."""
        code = mixed_game_code(self.game, self.structure) if self.mixed_games else None
        small, big = self.mixed_blinds.get(code, (self.small_blind, self.big_blind))
        return int(small), int(big)

    def format_amount(self, amount: int) -> str:
        """An amount of this table's chips for people: the club's money, or on a
        tournament's table plain chips (they are never money)."""
        if self.tournament_id is not None:
            return format_amount(amount, places=0, language=get_language())
        return self.club.format_amount(amount)

    @property
    def stakes(self) -> str:
        fmt = self.format_amount
        small, big = self.blinds
        if self.game == GameChoice.ITALIANA:
            # Translators: poker all'italiana's stakes (R33.1, R34.4): everyone's ante and the
            # least opening bet, e.g. "invito €1, cip €2"
            return gettext("invito %(invito)s, cip %(cip)s") % {
                "invito": fmt(small),
                "cip": fmt(big),
            }
        text = f"{fmt(small)}/{fmt(big)}"
        if self.ante:
            # Translators: the stakes, e.g. "€0.50/€1 ante €0.10"
            text = gettext("%(blinds)s ante %(ante)s") % {"blinds": text, "ante": fmt(self.ante)}
        return text

    @property
    def buy_in_range(self) -> str:
        fmt = self.format_amount
        return f"{fmt(self.min_buy_in)}–{fmt(self.max_buy_in)}"

    def carried_shares(self) -> list[tuple[int, int]]:
        """R35.5: the pot of poker all'italiana in the middle (``carried_pot``) as it goes
        back when the table closes: ``(user id, chips)`` in equal shares to the players dealt
        into the hand that left it, the odd chips one each in seat order; empty when none.
        The running book counts it so (tables.money.balances), as the close pays it
        (tables.play.actions.between_hands.share_carried_pot)."""
        users = list(self.carried_pot.get("users") or ())
        amount = int(self.carried_pot.get("amount", 0))
        if not amount or not users:
            return []
        share, odd = divmod(amount, len(users))
        return [(user, share + (1 if k < odd else 0)) for k, user in enumerate(users)]

    @property
    def in_hand(self) -> bool:
        """A hand is being played (a finished hand's state stays for display until the next)."""
        return self.hand_state is not None and self.hand_state.get("phase") != "finished"


class Seat(models.Model):
    """A chair at a table. ``user`` is empty when the chair is free."""

    class Status(models.TextChoices):
        EMPTY = "empty", _("Empty")
        REQUESTED = "requested", _("Waiting for the host")
        SEATED = "seated", _("Seated")
        SITTING_OUT = "sitting_out", _("Sitting out")

    # (no index of its own: the unique (table, number) leads with it; issue #44)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", db_index=False)
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.EMPTY)
    stack = models.PositiveBigIntegerField(default=0)
    pending_chips = models.PositiveBigIntegerField(
        default=0, help_text="A top-up asked for during a hand, added before the next (R16.1)."
    )
    owes_big_blind = models.BooleanField(
        default=False, help_text="Newly seated, or sat out while the big blind passed (R2.6)."
    )
    blind_choice = models.CharField(
        max_length=4,
        choices=NewPlayerPolicy.choices,
        blank=True,
        help_text="The player's own choice when owing a big blind; empty = the table default.",
    )
    leave_after_hand = models.BooleanField(default=False)
    sit_out_next_hand = models.BooleanField(default=False)
    timeouts_in_row = models.PositiveSmallIntegerField(default=0)
    time_bank = models.PositiveIntegerField(default=0)
    run_twice_preference = models.BooleanField(null=True, blank=True)
    straddle = models.BooleanField(
        default=False, help_text="Straddle when under the gun, if the table allows it (R3.3)."
    )
    connections = models.PositiveSmallIntegerField(
        default=0, help_text="Open table sockets of the seated player (0 = disconnected)."
    )
    gone_since = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the seated player's last socket closed (None: connected, or never "
        "seen by a socket): a player who is gone gets the short clock, Table.away_seconds.",
    )
    auto_act = models.BooleanField(
        default=False,
        help_text="The player timed out in this hand and has not acted since: their next "
        "decisions in it are taken at once (check, else fold).",
    )
    # The last nonce sent from this chair (R15.2, tables.play.actions.deck.send_nonce): for
    # hand ``nonce_hand``, by the user ``nonce_by``, at the table's version ``nonce_version``.
    # On the chair rather than in Table.next_deck (issue #44): a nonce then rewrites these
    # few bytes at the row's end, not the next deck's whole JSON (a TOASTed kilobyte each).
    nonce = models.CharField(max_length=64, blank=True, default="")
    nonce_hand = models.PositiveIntegerField(null=True, blank=True)
    nonce_by = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="The user who sent the nonce (their id)."
    )
    nonce_version = models.PositiveBigIntegerField(null=True, blank=True)
    # not a column: the player's role in the club, on the seats services.rows.table_seats reads
    member_role: str | None

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_chair_per_number"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=Q(user__isnull=False),
                name="one_seat_per_player_per_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.number}"


class ServerProcess(models.Model):
    """A server process with table sockets. It says it is alive every
    ``PRESENCE_HEARTBEAT_S``; when it has not for ``PRESENCE_TIMEOUT_S`` (it crashed or was
    killed), the clock takes its sockets off the seats (``tables.play.heartbeat``)."""

    id = models.CharField(primary_key=True, max_length=32)
    started_at = models.DateTimeField(default=timezone.now)
    seen_at = models.DateTimeField(default=timezone.now, db_index=True)


class Presence(models.Model):
    """How many of a player's table sockets one server process holds open: what a crashed
    process leaves behind in ``Seat.connections`` is known and can be taken off."""

    server = models.ForeignKey(ServerProcess, on_delete=models.CASCADE, related_name="presences")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sockets = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["server", "table", "user"], name="one_presence_per_server_table_user"
            )
        ]


class ChatMessage(models.Model):
    MAX_LENGTH = 300

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]


def new_link_token() -> str:
    return secrets.token_urlsafe(18)


class TableLink(models.Model):
    """A link to one table that a host (or a member, if the club lets them) sends to friends:
    ``play`` asks for a nickname and lets the guest ask for a seat; ``watch`` (the club's
    choice, ``Club.spectator_links``) shows the table as to any spectator, without a name.
    A table has at most one live link of each kind; revoking one makes a new one."""

    class Kind(models.TextChoices):
        # Translators: a table's link that lets friends play with a nickname.
        PLAY = "play", _("Play")
        # Translators: a table's link that lets anybody watch the table.
        WATCH = "watch", _("Watch")

    DEFAULT_MAX_GUESTS = 12
    MOST_GUESTS = 50
    """What a link admits at most, whatever its host says: a flood of nicknames cannot fill
    a table's memory or its list of who is waiting."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="links")
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.PLAY)
    token = models.CharField(max_length=40, unique=True, default=new_link_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    revoked_at = models.DateTimeField(null=True, blank=True)
    max_guests = models.PositiveSmallIntegerField(
        default=DEFAULT_MAX_GUESTS,
        help_text="How many guests this link admits (each nickname once).",
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "kind"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_link_per_table_and_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} link to {self.table}"

    def get_absolute_url(self) -> str:
        name = "table_watch" if self.kind == self.Kind.WATCH else "table_link"
        return reverse(name, args=[self.token])

    @property
    def is_live(self) -> bool:
        return self.revoked_at is None


class TableGuest(models.Model):
    """A guest's way in to one table: they came by ``link`` and see this table, its chat and
    their own hands, nothing else of the club. ``left_at``: a host removed them (or banned
    them from the club, ``Membership.banned_at``)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="guests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    link = models.ForeignKey(TableLink, on_delete=models.CASCADE, related_name="guests")
    joined_at = models.DateTimeField(default=timezone.now)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_guest_pass_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.user} (guest) at {self.table}"
