"""``python -m engine.phh replay PATH...``: replay PHH files through the engine.

PATH is a ``.phh`` file, a ``.phhs`` file (several hands) or a folder, read recursively for
both. One JSON object per hand goes to standard output:
``{"path": ..., "index": N, "finishing_stacks": [...]}`` (stacks in the file's player order;
``index`` counts the hands of a file from 0) or ``{"path": ..., "index": N, "error": "..."}``.
The exit status is 0 when every hand replayed, 1 otherwise, 2 on bad usage.

This module is the only part of ``engine/`` that reads files or prints.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from engine.phh.document import PhhError, PhhHand, read_hands
from engine.phh.replayer import replay

PHH_SUFFIXES: Final = (".phh", ".phhs")


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The ``.phh``/``.phhs`` files named, folders read recursively, in sorted order."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix in PHH_SUFFIXES
            )
        else:
            yield path


def read_file(path: Path) -> list[PhhHand | PhhError]:
    """Every hand of a file, or the reason it cannot be read, in file order."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [PhhError(f"cannot read {path}: {error}")]
    return read_hands(text, many=path.suffix == ".phhs")


def replay_paths(paths: Sequence[str | Path]) -> Iterator[dict[str, Any]]:
    """One result object per hand, as the ``replay`` command prints them."""
    for path in iter_files(paths):
        for index, hand in enumerate(read_file(path)):
            result: dict[str, Any] = {"path": str(path), "index": index}
            if isinstance(hand, PhhError):
                result["error"] = str(hand)
            else:
                try:
                    result["finishing_stacks"] = list(replay(hand).finishing_stacks)
                except PhhError as error:
                    result["error"] = str(error)
                except Exception as error:  # an engine failure: report, go on with the rest
                    result["error"] = f"{type(error).__name__}: {error}"
            yield result


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] != "replay":
        print("usage: python -m engine.phh replay PATH...", file=sys.stderr)
        return 2
    ok = True
    for result in replay_paths(args[1:]):
        ok = ok and "error" not in result
        print(json.dumps(result), flush=False)
    sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
