"""Engine benchmark (issue 3, "Speed"): a script, not a test.

    .venv/bin/python bench/engine.py [--hands N] [--seed S] [--game holdem|omaha|omaha8|...]
    .venv/bin/python bench/engine.py --per-game [--hands N]

From one run on the same generated hands it prints:

* hands/s of our engine against PokerKit replaying the same PHH hands (the JSON's
  ``hands_per_s``, ``pokerkit_hands_per_s`` and ``ratio``): both replay the hands already
  read from their TOML text, ours with ``engine.phh.replay`` (which parses every action and
  checks every card and turn against the file), PokerKit by iterating its ``HandHistory``
  (which parses every action and deals the file's cards). Also printed: both from the TOML
  text (``tomllib`` parsing, the same for both, included), and our engine alone
  (``start_hand`` and ``apply`` on prepared actions, no PHH).
* microseconds per action: the engine-alone time divided by the number of ``apply`` calls
  (betting actions and showdown decisions; ``start_hand``'s posting and dealing included).
* 7-card evaluations/s: ``engine.evaluation.strength_batch(hands, checked=False)`` on random
  valid hands (phevaluator's C core driven by ``itertools.starmap``; the fastest honest path:
  the inputs are valid by construction); the checked batch and one-at-a-time
  ``strength()`` rates are printed too.
* all-in equity time for two players preflop (``engine.equity.all_in_equity``, exact over
  all 1,712,304 boards), median of three runs.

With ``--folder PATH`` (a folder of PHH files, e.g. PokerKit's 10,000 Pluribus hands:
``git -C pokerkit archive 14f7714d086b22ae6b51306b0350ddef4e17f8ed data/pluribus | tar -x``
in a clone of https://github.com/uoftcprg/pokerkit) it times instead whole processes as a
user runs them, interpreter start, listing, reading, parsing, replaying and printing
included: ``python -m engine.phh replay PATH`` (worker processes, one per CPU) and with
``--jobs 1``, against a PokerKit script that loads each file with ``HandHistory.load``,
iterates its states and prints the final stacks as JSON lines. The runs alternate; wall and
CPU seconds (the process and its children) are the median of ``--rounds``; every file's
final stacks must agree. The last line is one JSON object with the keys ``wall_s``,
``jobs1_wall_s``, ``pokerkit_wall_s``, ``ratio`` (PokerKit's wall over ours),
``jobs1_ratio`` and the CPU seconds of each.

With ``--game omaha`` the hands are pot-limit Omaha (PHH ``PO``, which PokerKit reads as its
``PotLimitOmahaHoldem``), and the evaluation and equity lines are Omaha's: evaluations/s of
phevaluator's Omaha evaluator (four hole cards and five board cards), and the time of a
heads-up all-in's equity on the flop (exact) and before it (5,000 sampled boards, R17).
With ``--game omaha8`` the hands are fixed-limit Omaha Hi-Lo (PHH ``FO/8``, the one Hi-Lo
code PokerKit reads), and the lines add the eight-or-better lows evaluated per second and
the Hi-Lo equity times, each half counted (R19).

With ``--per-game`` it prints instead each game's engine alone in microseconds per action
and its ratio to Hold'em's, in the same interleaved runs (``--game shortdeck`` alone is
no-limit short deck, PHH ``NS``: PokerKit's final stacks differ where a straight met three
of a kind, R30.2). The stud games (``stud``, ``stud8``, ``razz``, R45-R47) are fixed-limit
with a bring-in of half the small bet and antes in most hands, 2 to 8 players (PHH ``F7S``,
``F7S/8``, ``FR``); ``--game stud`` leaves out of PokerKit's comparison the hands with a
seventh-street community card (R45.3), which PokerKit deals otherwise. Poker all'italiana
(``italiana``, R31-R39) is in ``--per-game`` only (PHH has no code for it): pot-limit, 2 to
9 players, an invito (ante) and a cip of the big blind, a pot carried in now and then; the
random policy opens when it may, with the morto (R31.4) in half the hands of three, and the
buio (R33.5) allowed in half the hands: the player asked goes blind, and the next answers
with a controbuio, half the time.
Telesina (``telesina``, R40) is there too, the same way (pot-limit, 2 to 9 players, the
invito, the least bet the big blind), with no vela, one or two (R41) a third of the time
each.

The hands are random no-limit (NT) and fixed-limit (FT) hands, 2-10 players, uneven stacks,
antes, big-blind antes and straddles, played by our engine with a seeded random policy and
exported to PHH. The last line is one JSON object with the keys ``hands_per_s``,
``pokerkit_hands_per_s``, ``ratio``, ``evals_per_s``, ``us_per_action``, ``equity_ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from itertools import starmap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import phh
from engine.actions import Action, ActionKind
from engine.betting import Structure
from engine.cards import card_str, parse_cards
from engine.equity import all_in_equity, sampled_equity
from engine.evaluation import RANK_OMAHA_4, low_strength_unchecked, strength, strength_batch
from engine.events import Event
from engine.games import Game, rules
from engine.hand import apply, start_hand
from engine.legal_actions import legal_actions
from engine.state import HandConfig, HandState


@dataclass(frozen=True)
class BenchHand:
    config: HandConfig
    deck: tuple[int, ...]
    actions: tuple[Action, ...]
    text: str
    stacks: tuple[int, ...]
    events: tuple[Event, ...] = ()
    """Everything the hand's events said, in order (bench/log_bytes.py)."""


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"
        f" ({platform.python_implementation()}), {platform.system()} {platform.machine()}"
    )


def random_config(rng: random.Random, game: Game = Game.HOLDEM) -> HandConfig:
    n = min(rng.choice([2, 3, 4, 5, 6, 6, 7, 8, 9, 10]), rules(game).max_players)  # R18, R42
    big_blind = rng.choice([2, 10, 20, 100])
    italiana = rules(game).opening
    if italiana or game is Game.TELESINA:  # R31-R38, R40: the invito, pot limit, no blinds
        seats = tuple(sorted(rng.sample(range(1, 10), n)))
        return HandConfig(
            seats=seats,
            stacks=tuple(rng.randint(20, 250) * big_blind for _ in range(n)),
            button=rng.choice(seats),
            small_blind=0,
            big_blind=big_blind,
            ante=big_blind,
            structure=Structure.POT_LIMIT,
            game=game,
            carried=rng.choice([0, 0, 0, n * big_blind]) if italiana else 0,
            vele=0 if italiana else rng.choice([0, 1, 2]),  # R41: con la vela, one or two
            morto=italiana and rng.random() < 0.5,  # R31.4 (with three players only)
            buio=rng.choice([0, 2]) if italiana else 0,  # R33.5
            explicit_showdown=True,
        )
    ante = big_blind_ante = 0
    roll = rng.random()
    stud = rules(game).stud
    if stud:  # R45.1: fixed-limit, a bring-in (half the small bet), antes
        ante = max(1, big_blind // 4) if roll < 0.6 else 0
    elif roll < 0.2:
        ante = max(1, big_blind // 4)
    elif roll < 0.35:
        big_blind_ante = big_blind
    stacks = tuple(
        rng.randint(1, 3 * big_blind) if rng.random() < 0.1 else rng.randint(20, 250) * big_blind
        for _ in range(n)
    )
    seats = tuple(sorted(rng.sample(range(1, 11), n)))
    return HandConfig(
        seats=seats,
        stacks=stacks,
        button=rng.choice(seats),
        small_blind=big_blind // 2,
        big_blind=big_blind,
        structure=rng.choice([Structure.NO_LIMIT, Structure.FIXED_LIMIT])
        if game is Game.HOLDEM
        else Structure.FIXED_LIMIT
        if game is Game.OMAHA_HILO  # FO/8: the Hi-Lo code PokerKit reads
        else Structure.NO_LIMIT
        if game in (Game.SHORT_DECK, Game.DEUCE_SEVEN_SINGLE, Game.FIVE_CARD_DRAW)  # NS, N2L1D
        else Structure.FIXED_LIMIT
        if game is Game.DEUCE_SEVEN_TRIPLE or stud  # F2L3D, F7S, F7S/8, FR
        else Structure.POT_LIMIT,
        game=game,
        ante=ante,
        big_blind_ante=big_blind_ante,
        straddle=n >= 3 and not stud and rng.random() < 0.15,
        explicit_showdown=True,
    )


def play(rng: random.Random, game: Game = Game.HOLDEM) -> BenchHand:
    """One hand by a random policy: folds, calls, min raises, all-ins and sizes between."""
    config = random_config(rng, game)
    deck = list(config.hand_rules().deck)  # R30.1, R31.2: a short deck (R31.4: the morto)
    rng.shuffle(deck)
    state, events = start_hand(config, deck=deck)
    history = list(events)
    actions: list[Action] = []
    while (legal := legal_actions(state)) is not None:
        kinds = legal.kinds
        if ActionKind.DRAW in kinds:  # a draw game's draw (R42): none to five cards thrown
            most = legal.max_draw or 5  # (R36.1: four in poker all'italiana)
            action = Action(
                ActionKind.DRAW,
                legal.seat,
                rng.choice([m for m in range(32) if m.bit_count() <= most]),
            )
        elif ActionKind.LOOK in kinds:  # poker all'italiana's buio (R33.5): blind, or look
            blind = next(k for k in kinds if k is not ActionKind.LOOK)
            action = Action(blind if rng.random() < 0.5 else ActionKind.LOOK, legal.seat)
        elif ActionKind.PASS in kinds:  # poker all'italiana before its opening (R34)
            opens = ActionKind.OPEN in kinds and rng.random() < 0.8
            amount = rng.randint(legal.min_to or 0, legal.max_to or 0)
            action = (
                Action(ActionKind.OPEN, legal.seat, amount)
                if opens
                else Action(ActionKind.PASS, legal.seat)
            )
        elif ActionKind.BRING_IN in kinds:  # a stud game's (R45.4): bring in, or complete
            complete = ActionKind.BET in kinds and rng.random() < 0.3
            action = (
                Action(ActionKind.BET, legal.seat, legal.min_to)
                if complete
                else Action(ActionKind.BRING_IN, legal.seat)
            )
        elif ActionKind.SHOW in kinds:
            action = Action(ActionKind.SHOW, legal.seat)
        elif ActionKind.FOLD in kinds and rng.random() < 0.25:
            action = Action(ActionKind.FOLD, legal.seat)
        elif legal.min_to is not None and legal.max_to is not None and rng.random() < 0.25:
            kind = ActionKind.BET if ActionKind.BET in kinds else ActionKind.RAISE
            roll = rng.random()
            amount = (
                legal.min_to
                if roll < 0.5
                else legal.max_to
                if roll < 0.7
                else (rng.randint(legal.min_to, legal.max_to))
            )
            action = Action(kind, legal.seat, amount)
        else:
            kind = ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL
            action = Action(kind, legal.seat)
        state, events = apply(state, action)
        history.extend(events)
        actions.append(action)
    no_code = rules(game).opening or game is Game.TELESINA  # (no PHH code, R31, R40)
    text = "" if no_code else phh.export(state, history)
    return BenchHand(config, tuple(deck), tuple(actions), text, state.stacks, tuple(history))


def best_of(functions: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """The fastest of ``rounds`` runs of each function, in seconds of this process's CPU time.

    The runs are interleaved (A, B, C, A, B, C, ...) and timed with ``time.process_time`` so
    that other work on a shared machine disturbs the comparison as little as possible.
    """
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(rounds):
        for name, function in functions.items():
            started = time.process_time()
            function()
            best[name] = min(best[name], time.process_time() - started)
    return best


POKERKIT_REPLAY = """
import json, pathlib, sys, warnings
from pokerkit import HandHistory
warnings.simplefilter("ignore")
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.phh")):
    with open(path, "rb") as file:
        history = HandHistory.load(file)
    for state in history:
        pass
    print(json.dumps({"path": str(path), "finishing_stacks": list(state.stacks)}))
"""


def timed_process(command: list[str], cwd: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the process and its children) and standard output."""
    before = os.times()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    if result.returncode not in (0, 1):
        sys.exit(f"{command[:4]} failed: {result.stderr[-2000:]}")
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu, result.stdout


def whole_process(folder: Path, rounds: int) -> None:
    """Ours (default workers and --jobs 1) against PokerKit, whole processes, alternating."""
    python = sys.executable
    root = str(Path(__file__).resolve().parents[1])
    commands = {
        "ours": [python, "-m", "engine.phh", "replay", str(folder)],
        "jobs1": [python, "-m", "engine.phh", "replay", "--jobs", "1", str(folder)],
        "pokerkit": [python, "-c", POKERKIT_REPLAY, str(folder)],
    }
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    outputs: dict[str, str] = {}
    for _ in range(rounds):
        for name, command in commands.items():
            wall, cpu, outputs[name] = timed_process(command, root)
            walls[name].append(wall)
            cpus[name].append(cpu)
    stacks = {
        name: {
            line["path"]: line.get("finishing_stacks", line.get("error"))
            for line in map(json.loads, text.splitlines())
        }
        for name, text in outputs.items()
    }
    disagree = [
        path for path in stacks["pokerkit"] if stacks["ours"].get(path) != stacks["pokerkit"][path]
    ]
    if stacks["ours"] != stacks["jobs1"]:
        sys.exit("--jobs 1 and the workers disagree")
    wall = {name: statistics.median(values) for name, values in walls.items()}
    cpu = {name: statistics.median(values) for name, values in cpus.items()}
    print(f"{len(stacks['pokerkit'])} files in {folder}; median of {rounds} alternating runs;"
          f" final stacks differ on {len(disagree)} files {disagree[:3]}")  # fmt: skip
    for name, label in (
        ("ours", "ours, workers"),
        ("jobs1", "ours, --jobs 1"),
        ("pokerkit", "PokerKit"),
    ):
        print(f"  {label:>15}: {wall[name]:6.2f} s wall, {cpu[name]:6.2f} s CPU"
              f"  (runs: {', '.join(f'{w:.2f}' for w in walls[name])})")  # fmt: skip
    print(
        json.dumps(
            {
                "wall_s": round(wall["ours"], 2),
                "jobs1_wall_s": round(wall["jobs1"], 2),
                "pokerkit_wall_s": round(wall["pokerkit"], 2),
                "ratio": round(wall["pokerkit"] / wall["ours"], 2),
                "jobs1_ratio": round(wall["pokerkit"] / wall["jobs1"], 2),
                "cpu_s": round(cpu["ours"], 2),
                "jobs1_cpu_s": round(cpu["jobs1"], 2),
                "pokerkit_cpu_s": round(cpu["pokerkit"], 2),
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each; the best counts")
    parser.add_argument("--seed", type=int, default=20260)
    parser.add_argument("--game", choices=[str(g) for g in Game], default="holdem")
    parser.add_argument("--folder", type=Path, help="time whole-process replays of this folder")
    parser.add_argument(
        "--per-game", action="store_true", help="each game's engine per action against hold'em's"
    )
    args = parser.parse_args()
    if args.per_game:
        print(f"machine: {machine()}")
        per_game(args.hands, args.rounds, args.seed)
        return
    if args.folder is not None:
        print(f"machine: {machine()}")
        whole_process(args.folder, args.rounds)
        return
    game = Game(args.game)
    if rules(game).opening or game is Game.TELESINA:
        sys.exit(f"{rules(game).name} has no PHH code for PokerKit: use --per-game")

    from importlib.metadata import version

    from pokerkit import HandHistory  # a test-only dependency

    pokerkit_version = version("pokerkit")

    print(f"machine: {machine()}")
    print(f"pokerkit {pokerkit_version}")
    rng = random.Random(args.seed)
    hands = [play(rng, game) for _ in range(args.hands)]
    if rules(game).stud:  # R45.3: PokerKit cannot replay a seventh-street community card
        shared = [
            hand
            for hand in hands
            if any(a.startswith("d db") for a in phh.loads(hand.text).actions)
        ]
        hands = [hand for hand in hands if hand not in shared]
        print(f"{len(shared)} hands with a community card (R45.3) left out: PokerKit deals none")
    actions = sum(len(hand.actions) for hand in hands)
    print(f"{game}: {len(hands)} hands (seed {args.seed}), {actions} actions; best of {args.rounds}"
          " interleaved runs each, in CPU seconds of this process")  # fmt: skip

    def ours_engine() -> None:
        for hand in hands:
            state: HandState
            state, _ = start_hand(hand.config, deck=hand.deck)
            for action in hand.actions:
                state, _ = apply(state, action)

    documents = [phh.loads(hand.text) for hand in hands]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = [HandHistory.loads(hand.text) for hand in hands]

    def ours_phh() -> None:
        for document in documents:
            phh.replay(document)

    def pokerkit_phh() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for history in histories:
                for _ in history:
                    pass

    def ours_text() -> None:
        for hand in hands:
            phh.replay(phh.loads(hand.text))

    def pokerkit_text() -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for hand in hands:
                for _ in HandHistory.loads(hand.text):
                    pass

    mismatches = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for hand in hands:
            *_, final = HandHistory.loads(hand.text)
            mismatches += tuple(final.stacks) != hand.stacks
    print(
        f"PokerKit's final stacks differ on {mismatches} of {len(hands)} hands"
        " (odd chips of split pots: R10.1/R10.2 differ from PokerKit's convention)"
    )

    best = best_of(
        {
            "engine": ours_engine,
            "ours": ours_phh,
            "pokerkit": pokerkit_phh,
            "ours_text": ours_text,
            "pokerkit_text": pokerkit_text,
        },
        args.rounds,
    )
    count = len(hands)
    hands_per_s = count / best["ours"]
    pokerkit_hands_per_s = count / best["pokerkit"]
    us_per_action = best["engine"] / actions * 1e6
    rows = [
        ("ours, replaying the parsed PHH hands", hands_per_s),
        ("PokerKit, replaying the parsed PHH hands", pokerkit_hands_per_s),
        ("ours, PHH text (TOML) -> final stacks", count / best["ours_text"]),
        ("PokerKit, PHH text (TOML) -> final stacks", count / best["pokerkit_text"]),
        ("ours, engine alone (prepared actions)", count / best["engine"]),
    ]
    for label, rate in rows:
        print(f"{label:44} {rate:8.0f} hands/s  ({rate / pokerkit_hands_per_s:5.1f} x PokerKit)")
    print(
        f"ratio (parsed PHH, the JSON's):               {hands_per_s / pokerkit_hands_per_s:8.1f} x"
    )
    print(f"microseconds per action (engine alone):       {us_per_action:8.1f}")

    if game in (Game.OMAHA, Game.OMAHA_HILO):
        evals_per_s, equity_ms = omaha_figures(args.rounds, args.seed, game)
        print_json(hands_per_s, pokerkit_hands_per_s, evals_per_s, us_per_action, equity_ms)
        return

    eval_rng = random.Random(args.seed)
    seven = [tuple(eval_rng.sample(range(52), 7)) for _ in range(1_000_000)]
    sample = seven[:200_000]
    evals = best_of(
        {
            "batch": lambda: strength_batch(seven, checked=False),
            "checked": lambda: strength_batch(seven),
            "single": lambda: [strength(cards) for cards in sample],
        },
        args.rounds,
    )
    batch_seconds, checked_seconds, single_seconds = (
        evals["batch"],
        evals["checked"],
        evals["single"],
    )
    evals_per_s = len(seven) / batch_seconds
    print(f"7-card evaluations/s, strength_batch(checked=False): {evals_per_s:12,.0f}")
    print(
        f"7-card evaluations/s, strength_batch(checked=True):  {len(seven) / checked_seconds:12,.0f}"
    )
    print(
        f"7-card evaluations/s, strength() one at a time:      {len(sample) / single_seconds:12,.0f}"
    )

    holes = [parse_cards("AhKh"), parse_cards("QsQd")]
    shares = all_in_equity(holes, ())
    equity_ms = best_of({"equity": lambda: all_in_equity(holes, ())}, args.rounds)["equity"] * 1000
    print(f"all-in equity AhKh vs QsQd preflop: {equity_ms:.0f} ms, shares"
          f" {shares[0]:.4f} / {shares[1]:.4f}")  # fmt: skip

    print_json(hands_per_s, pokerkit_hands_per_s, evals_per_s, us_per_action, equity_ms)


def per_game(count: int, rounds: int, seed: int) -> None:
    """Each game's hand machine alone (``start_hand`` and ``apply`` on prepared actions, the
    showdown's evaluation included), in microseconds per action, and its ratio to Hold'em's
    measured in the same interleaved runs (issue 43: within 1.5x). The last line is JSON."""
    rngs = {game: random.Random(f"{seed} {game}") for game in Game}
    hands = {game: [play(rngs[game], game) for _ in range(count)] for game in Game}

    def engine(game: Game) -> Callable[[], None]:
        def run() -> None:
            for hand in hands[game]:
                state, _ = start_hand(hand.config, deck=hand.deck)
                for action in hand.actions:
                    state, _ = apply(state, action)

        return run

    best = best_of({str(game): engine(game) for game in Game}, rounds)
    per_action = {
        str(game): best[str(game)] / sum(len(h.actions) for h in hands[game]) * 1e6 for game in Game
    }
    base = per_action[str(Game.HOLDEM)]
    print(f"{count} hands a game (seed {seed}), best of {rounds} interleaved runs")
    for game, us in per_action.items():
        print(f"{game:10} {us:7.1f} us/action  {us / base:4.2f} x holdem")
    print(json.dumps({g: round(us, 1) for g, us in per_action.items()}))


def omaha_figures(rounds: int, seed: int, game: Game = Game.OMAHA) -> tuple[float, float]:
    """Omaha evaluations/s and a heads-up flop all-in's exact equity time (R17); for Hi-Lo
    (R19) also the lows evaluated per second, and the equities count both halves."""
    rng = random.Random(seed)
    deals = [tuple(rng.sample(range(52), 9)) for _ in range(500_000)]
    evals = best_of({"omaha": lambda: list(starmap(RANK_OMAHA_4, deals))}, rounds)["omaha"]
    evals_per_s = len(deals) / evals
    print(f"Omaha evaluations/s (4 hole + 5 board, the best of 60):  {evals_per_s:12,.0f}")
    if game is Game.OMAHA_HILO:
        pairs = [(deal[5:], deal[:5]) for deal in deals[:200_000]]
        lows = best_of({"low": lambda: list(starmap(low_strength_unchecked, pairs))}, rounds)
        print(
            f"eight-or-better lows/s (4 hole + 5 board, cached sets): {len(pairs) / lows['low']:12,.0f}"
        )
    holes = [parse_cards("AsAdKsKd"), parse_cards("QhJhTh9h")]
    flop = parse_cards("2c 7d 8h")
    if game is Game.OMAHA_HILO:
        holes = [parse_cards("As2dKcKh"), parse_cards("QsQdJcJh")]
    rules_of_game = rules(game)
    times = best_of(
        {
            "flop": lambda: all_in_equity(holes, flop, game=rules_of_game),
            "preflop": lambda: sampled_equity(holes, (), samples=5000, game=rules_of_game),
        },
        rounds,
    )
    shares = all_in_equity(holes, flop, game=rules_of_game)
    named = " vs ".join("".join(card_str(c) for c in hole) for hole in holes)
    print(
        f"{rules_of_game.name} all-in {named} on 2c 7d 8h, exact: {times['flop'] * 1000:.1f} ms"
        f" ({shares[0]:.4f} / {shares[1]:.4f}); preflop, 5,000 sampled boards:"
        f" {times['preflop'] * 1000:.1f} ms"
    )
    return evals_per_s, times["flop"] * 1000


def print_json(
    hands_per_s: float,
    pokerkit_hands_per_s: float,
    evals_per_s: float,
    us_per_action: float,
    equity_ms: float,
) -> None:
    print(
        json.dumps(
            {
                "hands_per_s": round(hands_per_s, 1),
                "pokerkit_hands_per_s": round(pokerkit_hands_per_s, 1),
                "ratio": round(hands_per_s / pokerkit_hands_per_s, 2),
                "evals_per_s": round(evals_per_s),
                "us_per_action": round(us_per_action, 2),
                "equity_ms": round(equity_ms, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
