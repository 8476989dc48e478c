"""Bytes of a hand's log in the table's state frames: its lines as phrases and values (what the
server sends since #38, tables/play/table_log.py) against the same lines as English sentences
(what it sent before), on random hands of the engine benchmark's policy (bench/engine.py).

Every state frame carries the hand's log so far, so its size is paid on every action. No
clock is involved: the numbers are the same on any machine.

    python bench/log_bytes.py --hands 500
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")

import django

django.setup()

from django.utils import translation  # noqa: E402

from bench.engine import play  # noqa: E402
from pokerclub.amounts import format_amount  # noqa: E402
from tables.play import table_log  # noqa: E402
from tables.play.phrases import render  # noqa: E402
from tables.play.projection import frame_json  # noqa: E402


def before(line: dict[str, Any], text: str) -> dict[str, Any]:
    """``line`` as the server sent it before #38: its sentence, and what the table needed
    besides (a decision's kind and amount, a board's street)."""
    old: dict[str, Any] = {"seat": line["seat"], "text": text}
    phrase = line["say"]
    if phrase in table_log.DECISION_PHRASES:
        kind = "all_in" if phrase.endswith("all_in") else phrase
        old |= {"action": kind, "amount": line["args"].get("amount")}
    elif phrase in table_log.BOARD_PHRASES:
        old["street"] = phrase.removesuffix("_2")
    return old


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = phrases = sentences = italian = 0
    for _ in range(args.hands):
        hand = play(rng)
        names = {seat: f"Player {seat}" for seat in hand.config.seats}
        log = table_log.lines(hand.events, names, boards=1)
        lines += len(log)
        phrases += len(frame_json(log))
        for language in ("en", "it"):
            with translation.override(language):

                def fmt(amount: int, language: str = language) -> str:
                    return format_amount(amount, places=0, language=language, symbol="")

                worded = [before(line, render(line, fmt)) for line in log]
            size = len(frame_json(worded))
            if language == "en":
                sentences += size
            else:
                italian += size
    print(f"{args.hands} hands, {lines} log lines ({lines / args.hands:.1f} a hand)")
    print(f"as phrases and values: {phrases / lines:.1f} bytes a line")
    print(f"as English sentences (before #38):  {sentences / lines:.1f} bytes a line")
    print(f"as Italian sentences (had they been): {italian / lines:.1f} bytes a line")
    print(f"phrases / English: {phrases / sentences:.2f}")


if __name__ == "__main__":
    main()
