"""What the WAL between two LSNs was written for, by relation (issue #44).

Usage (the bench's live_load.sh runs it when PGDATA_DIR names a private cluster):
    python bench/wal_by_relation.py PG_WALDUMP WAL_DIR START END ACTIONS DSN

Reads ``pg_waldump``'s records between START and END, adds each record's total length to
the first relation its block references name (a TOAST table or index is named after the
table it serves: ``tables_table (TOAST)``, ``tables_table (TOAST index)``), and prints the
relations that took the most, in bytes per action, with the records and the kinds of
record behind them. Records that name no relation (a commit, say) are listed by kind.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict

import psycopg

RECORD = re.compile(r"rmgr: (\w+)\s+len \(rec/tot\):\s*\d+/\s*(\d+), tx:\s*(\d+),.*?desc: (\w+)")
REL = re.compile(r"rel \d+/\d+/(\d+)")


def relation_names(dsn: str) -> dict[int, str]:
    """Each relfilenode of the database, named by what it is for."""
    names: dict[int, str] = {}
    with psycopg.connect(dsn) as conn:
        for node, name, kind, owner in conn.execute(
            """
            select c.relfilenode, c.relname, c.relkind,
                   coalesce(t.relname, ti.relname, i.indrelid::regclass::text)
            from pg_class c
            left join pg_class t on t.reltoastrelid = c.oid
            left join pg_index ix on ix.indexrelid = c.oid
            left join pg_class tt on tt.oid = ix.indrelid and tt.relkind = 't'
            left join pg_class ti on ti.reltoastrelid = tt.oid
            left join pg_index i on i.indexrelid = c.oid and tt.oid is null
            where c.relfilenode <> 0
            """
        ):
            if kind == "t":
                names[node] = f"{owner} (TOAST)"
            elif kind == "i" and name.startswith("pg_toast_"):
                names[node] = f"{owner} (TOAST index)"
            elif kind == "i":
                names[node] = f"{owner}: {name}"
            else:
                names[node] = name
    return names


def main() -> None:
    waldump, wal_dir, start, end, actions, dsn = sys.argv[1:7]
    per_action = max(int(actions), 1)
    names = relation_names(dsn)
    size: Counter[str] = Counter()
    count: Counter[str] = Counter()
    kinds: defaultdict[str, Counter[str]] = defaultdict(Counter)
    shape: defaultdict[int, set[str]] = defaultdict(set)
    tx_bytes: Counter[int] = Counter()
    out = subprocess.run(
        [waldump, "--path", wal_dir, "--start", start, "--end", end],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    for line in out.splitlines():
        record = RECORD.search(line)
        if record is None:
            continue
        rmgr, total, tx, desc = (
            record.group(1),
            int(record.group(2)),
            int(record.group(3)),
            record.group(4),
        )
        rel = REL.search(line)
        where = names.get(int(rel.group(1)), f"relfilenode {rel.group(1)}") if rel else rmgr
        size[where] += total
        count[where] += 1
        kinds[where][f"{rmgr}/{desc}"] += total
        if tx:
            shape[tx].add(where if rel else f"{rmgr}/{desc}")
            tx_bytes[tx] += total
    all_bytes = sum(size.values())
    print(f"WAL by relation ({all_bytes} bytes, {per_action} actions):")
    for where, total in size.most_common(16):
        top = ", ".join(
            f"{kind} {bytes_ / per_action:.0f}" for kind, bytes_ in kinds[where].most_common(3)
        )
        print(
            f"  {total / per_action:7.0f} B/action  {count[where] / per_action:5.2f} rec/action"
            f"  {where}  ({top})"
        )

    # the transactions, grouped by the relations they wrote: which kind of change costs what
    by_shape: Counter[tuple[str, ...]] = Counter()
    shape_count: Counter[tuple[str, ...]] = Counter()
    for tx, rels in shape.items():
        key = tuple(sorted(r for r in rels if not r.startswith("Transaction/")))
        by_shape[key] += tx_bytes[tx]
        shape_count[key] += 1
    print("WAL by transaction, grouped by the relations each wrote:")
    for key, total in by_shape.most_common(10):
        n = shape_count[key]
        print(
            f"  {total / per_action:7.0f} B/action  {n / per_action:5.2f} tx/action"
            f"  {total / n:6.0f} B/tx  {' + '.join(key) or '(none)'}"
        )


if __name__ == "__main__":
    main()
