"""House rules of the code base that a linter does not check (issue #13): test modules
share helpers through helper modules, never by importing one another, and a module grows
past about 800 lines only when it is one idea and says so at its top."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "pokerclub", "tables", "tests", "bench")
LONG = 800


def python_files() -> Iterator[Path]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_no_module_imports_a_test_module() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files()
        for name in sorted(imported_modules(path))
        if name.startswith("tests.") and name.rsplit(".", 1)[-1].startswith("test_")
    ]
    assert offenders == []


def test_a_long_module_says_at_its_top_why_it_is_one_idea() -> None:
    unexplained = []
    for path in python_files():
        if len(path.read_text().splitlines()) <= LONG:
            continue
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        if "long because it is one idea" not in doc:
            unexplained.append(str(path.relative_to(ROOT)))
    assert unexplained == []


def test_every_browser_script_parses_as_a_module() -> None:
    """Node parses each file of static/js as the ES module the page loads: a syntax error
    (a name declared twice in one scope, a stray bracket) fails here instead of leaving the
    table page blank. Only the parse is checked (from a data: URL, where the imports and
    ``document`` do not resolve, which is not a syntax error)."""
    import json

    from tests.node import STATIC_JS, run_node

    scripts = sorted(str(path) for path in STATIC_JS.rglob("*.js"))
    out = run_node(
        'import { readFileSync } from "node:fs";\n'
        f"for (const file of {json.dumps(scripts)}) {{\n"
        '  const url = "data:text/javascript," + encodeURIComponent(readFileSync(file, "utf8"));\n'
        "  try { await import(url); } catch (error) {\n"
        '    if (error instanceof SyntaxError) console.log(file + ": " + error.message);\n'
        "  }\n"
        "}"
    )
    assert out.splitlines() == []
    assert len(scripts) >= 15
