"""``python -m engine.phh replay [--jobs N] PATH...``: replay PHH files through the engine.

PATH is a ``.phh`` file, a ``.phhs`` file (several hands) or a folder, read recursively for
both. One JSON object per hand goes to standard output, in sorted file order:
``{"path": ..., "index": N, "finishing_stacks": [...]}`` (stacks in the file's player order;
``index`` counts the hands of a file from 0) or ``{"path": ..., "index": N, "error": "..."}``.
The exit status is 0 when every hand replayed, 1 otherwise, 2 on bad usage.

``--jobs N`` replays in N worker processes (default: the CPUs this process may use); the
output is the same, line for line, as with ``--jobs 1``, which replays in this process. A
few files are always replayed here: starting workers would cost more than it saves.

This module is the only part of ``engine/`` that reads files or prints.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from engine.phh.document import PhhError, PhhHand, read_hands
from engine.phh.replayer import replay

PHH_SUFFIXES: Final = (".phh", ".phhs")
BATCH_FILES: Final = 250  # files a worker replays per task (ordered output, little overhead)


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The ``.phh``/``.phhs`` files named, folders read recursively, in sorted order."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from (Path(name) for name in _files_under(str(path)))
        else:
            yield path


def _files_under(folder: str) -> list[str]:
    """The PHH files under ``folder`` (following no symbolic link to a folder), sorted as
    paths, component by component (``a/b`` before ``a-c``), as :meth:`Path.rglob` found
    them but without building a Path for every entry."""
    found: list[tuple[tuple[str, ...], str]] = []
    for top, dirs, files in os.walk(folder):
        parts = tuple(Path(top).relative_to(folder).parts)
        found.extend(
            ((*parts, name), os.path.join(top, name))
            for name in files
            if name.endswith(PHH_SUFFIXES) and os.path.isfile(os.path.join(top, name))
        )
        dirs.sort()
    found.sort()
    return [path for _, path in found]


def read_file(path: Path) -> list[PhhHand | PhhError]:
    """Every hand of a file, or the reason it cannot be read, in file order."""
    try:
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [PhhError(f"cannot read {path}: {error}")]
    return read_hands(text, many=path.suffix == ".phhs")


def replay_file(path: Path) -> Iterator[dict[str, Any]]:
    """One result object per hand of one file, as the ``replay`` command prints them."""
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


def _replay_batch(paths: list[str]) -> tuple[bool, str]:
    """A worker's task: the output lines of these files, and whether every hand replayed."""
    ok = True
    lines = []
    for path in paths:
        for result in replay_file(Path(path)):
            ok = ok and "error" not in result
            lines.append(json.dumps(result) + "\n")
    return ok, "".join(lines)


def default_jobs() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run(paths: Sequence[str | Path], jobs: int, out: Any = None) -> bool:
    """Replay ``paths`` with ``jobs`` processes, writing the lines to ``out`` (standard
    output by default) in file order; whether every hand replayed."""
    out = sys.stdout if out is None else out
    files = [str(path) for path in iter_files(paths)]
    batches = [files[i : i + BATCH_FILES] for i in range(0, len(files), BATCH_FILES)]
    if jobs <= 1 or len(batches) <= 1:
        results = map(_replay_batch, batches)
        return all([_write(out, ok, text) for ok, text in results])
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(min(jobs, len(batches))) as pool:
        return all([_write(out, ok, text) for ok, text in pool.imap(_replay_batch, batches)])


def _write(out: Any, ok: bool, text: str) -> bool:
    out.write(text)
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.phh", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("replay", help="replay PHH files through the engine")
    command.add_argument(
        "paths", nargs="+", metavar="PATH", help="a .phh or .phhs file, or a folder"
    )
    command.add_argument(
        "--jobs", type=_jobs, default=default_jobs(), metavar="N",
        help="worker processes (default: the CPUs this process may use; 1: no workers)",
    )  # fmt: skip
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)  # bad usage: exit 2
    ok = run(args.paths, args.jobs)
    sys.stdout.flush()
    return 0 if ok else 1


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of processes, at least 1, not {text!r}")
    return int(text)


if __name__ == "__main__":
    sys.exit(main())
