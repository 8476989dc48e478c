"""PHH, the Poker Hand History format: export our finished hands, import and replay PHH files.

The format is specified by uoftcprg/phh-std (https://phh.readthedocs.io); PokerKit reads and
writes it. A ``.phh`` file is one TOML document describing one hand; a ``.phhs`` file holds
several, each under a numbered table (``[1]``, ``[2]``, ...).

What we read and write:

* ``variant``: ``"NT"`` no-limit and ``"FT"`` fixed-limit Texas hold'em. The standard has no
  pot-limit Texas hold'em; we write and read ``"PT"`` for it, an extension in the way the
  standard invites new codes, and say so in a TOML comment above it (PokerKit does not know
  the code; docs/rules.md, *Exports*, gives the few lines that teach its reader). The other
  games' codes, the standard's and this club's, are in ``document.VARIANT_GAMES`` (Omaha,
  R17-R19; short deck ``NS``, R30; the draw games ``N2L1D``, ``F2L3D`` and ``N5CD``,
  R42-R44; the stud games ``F7S``, ``F7S/8`` and ``FR``, R45-R47, with a ``bring_in`` and
  no ``blinds_or_straddles``, the bring-in ``pN pb``, each street's cards a ``d dh``; poker
  all'italiana, R31-R39, this club's ``PITA``, ``NITA`` and ``FITA``: the invito as antes,
  the mazziere's on top in the last entry, no blinds, ``pN cc # pass`` and ``pN cbr X #
  open`` before the opening, a draw with no burn; Telesina, R40, this club's ``PTEL``,
  ``NTEL`` and ``FTEL``: a stud game's ``d dh`` for each street, the first round's two
  cards in one, no bring-in and no burn, the invito as antes, no blinds; con la vela,
  R41, each vela a ``d db`` of one card after the fifth cards' round).
* ``antes``, ``blinds_or_straddles``: one entry per player in PHH order (below). We write a
  uniform ante (R3.1) as the same value for everyone (with ``ante_trimming_status = true``:
  an all-in for less than the ante only wins what it matched, R8.1) and a big-blind ante (R3.2)
  at the big blind's index 1; blinds as ``[SB, BB, 0...]`` and a straddle (R3.3) as
  ``[SB, BB, 2*BB, 0...]``; a live big blind posted from the small-blind seat (R2.6) is the
  big blind in the small blind's entry. Heads-up the standard reverses both arrays, so the
  big blind is ``p1`` and the button ``p2`` posts the small blind (R2.4).
* ``min_bet`` (NT, PT) is the big blind (R7.1); ``small_bet``/``big_bet`` (FT) are the big
  blind and twice it (R7.3). A file with other values, other forced bets (a button ante, a
  second straddle) or more than 10 players is refused with the reason. A file's
  ``ante_trimming_status`` is not read: the engine always matches antes by contribution
  (R8.1), which is PokerKit's ``true``.
* ``actions`` in PHH notation: ``d dh p1 AcKd`` (hole cards), ``d db AhKh7c`` (board),
  ``p1 f``, ``p1 cc`` (check or call), ``p1 cbr 60`` (bet or raise *to* 60), a draw game's
  ``p1 sd 2h4h`` (the cards thrown; ``p1 sd`` stands pat, R42), ``p1 sm AcKd``
  (show), ``p1 sm`` (muck), ``p1 sm ????`` (a hand kept face down, one ``??`` a hole
  card: it takes only a pot nobody else contests, R8; read as a muck).
* Optional fields ``hand``, ``table``, ``seats``, ``seat_count``, ``players``,
  ``finishing_stacks``, ``winnings``; the club's exports add ``time`` (a TOML local time),
  ``time_zone``, ``day``, ``month``, ``year`` and, for a currency club, ``currency`` and
  ``currency_symbol``.
* User-defined fields (prefixed ``_``, as the standard allows) for what PHH has no field for:
  ``_seed`` and ``_commitment`` (R15); ``_live_big_blinds`` (players posting a live big blind
  to come in, R2.6, e.g. ``["p4"]``); ``_rake_basis_points`` and ``_rake_cap`` (R13);
  ``_run_it_twice_allowed`` and ``_run_twice_answers`` (R12, e.g. ``["p1 yes", "p2 yes"]``;
  the second run's boards follow the first's as further ``d db`` actions); ``_show_all``
  (R11.3); ``_currency_decimal_places`` (amounts are in the club's smallest unit); poker
  all'italiana's ``_deck_size`` (R31.2), ``_pot_carried_in`` (R35.3), ``_pot_carried`` and
  ``_pot_carried_reason`` (R35.1, R37.3), ``_opener`` and ``_opening_shown`` (R39.2) and
  its options ``_opening_pair``, ``_opening_draw``, ``_max_draw``, ``_piatto_di_parola``,
  ``_opener_first``, ``_full_over_flush_on_52``, ``_minima_beats_massima``,
  ``_flush_by_suit`` and ``_max_raises`` (absent: unlimited), ``_morto`` (R31.4) and
  ``_buio`` (R33.5: 1 the pot, 2 twice the pot; absent: none; the buio and controbuio are
  ``cbr`` to their amounts, a player who looks instead ``cc``, the buio making up the
  difference ``cc`` and giving up ``f``); Telesina's ``_deck_size``,
  ``_best_showing_first`` (R40.4), ``_vele`` (R41, 1 or 2; absent: no vela) and the same
  ranking options and ``_max_raises``. PokerKit
  ignores them, so it cannot replay hands with a live big blind outside the blinds (R2.6) or
  a second run (R12), and it takes no rake (R13).
* The hand in PHH terms: ``d dh`` for every player first, then the betting and the boards in
  the order they happened; an all-in showdown's shows come before the rest of the board
  (R11.1, as PokerKit writes them); a river showdown's shows and mucks in showdown order.

Player order: PHH lists players by position, ``p1`` being the first player clockwise after the
button (the small blind, or heads-up the big blind) and the last player the button. Our seats
are mapped onto that order, and back.

Import builds a :class:`~engine.state.HandConfig` and a deck order such that the engine deals
exactly the file's cards (the engine deals hole cards one at a time clockwise from ``p1``, then
burn + flop, burn + turn, burn + river, R4); unknown cards (``??``) and burn cards are filled
with cards the file does not mention. The actions are then applied through
:func:`engine.hand.apply`, the showdown driven by the file's own shows and mucks.

Modules: :mod:`engine.phh.document` (the TOML and the action notation),
:mod:`engine.phh.writer`, :mod:`engine.phh.replayer`, and :mod:`engine.phh.__main__`, the
command line (the only part of ``engine/`` that reads files)::

    python -m engine.phh replay [--jobs N] PATH...

replays every hand of every ``.phh``/``.phhs`` file (folders are read recursively) and prints
one JSON object per line, ``{"path": ..., "index": N, "finishing_stacks": [...]}`` (stacks in
the file's player order; ``index`` counts the hands of a file from 0) or
``{"path": ..., "index": N, "error": "..."}``. It exits 0 when every hand replayed. It
replays in one worker process per CPU (``--jobs N`` to choose; the output is the same).
"""

from engine.phh.document import (
    OPTIONAL_FIELDS,
    STRUCTURE_VARIANTS,
    VARIANT_STRUCTURES,
    PhhAction,
    PhhError,
    PhhHand,
    dumps,
    dumps_all,
    loads,
    loads_all,
    parse_action,
    parse_actions,
    parse_phh_cards,
    phh_cards,
    read_hands,
)
from engine.phh.replayer import Replay, deck_order, phh_config, replay
from engine.phh.writer import export, to_phh

__all__ = [
    "OPTIONAL_FIELDS",
    "STRUCTURE_VARIANTS",
    "VARIANT_STRUCTURES",
    "PhhAction",
    "PhhError",
    "PhhHand",
    "Replay",
    "deck_order",
    "phh_config",
    "dumps",
    "dumps_all",
    "export",
    "loads",
    "loads_all",
    "parse_action",
    "parse_actions",
    "parse_phh_cards",
    "phh_cards",
    "read_hands",
    "replay",
    "to_phh",
]
