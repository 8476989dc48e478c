"""House rules of the code base that a linter does not check: test modules share helpers
through helper modules, never by importing one another (issue #13); no module of the
application grows past 900 lines, and the tables app keeps one package per domain, with
no flat ``tables/tournament_*.py`` or ``tables/models_*.py`` modules beside them (#37)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "pokerclub", "tables", "tests", "bench")
APPLICATION = ("engine", "pokerclub", "tables")
LONGEST = 900  # lines


def python_files(packages: tuple[str, ...] = PACKAGES) -> Iterator[Path]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """The modules (and names) that ``source``, the text of ``module``, imports; relative
    imports resolved: ``from .test_x import y`` in ``tests.browser.z`` is
    ``tests.browser.test_x``."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            imported = ".".join([*base, *([node.module] if node.module else [])])
            names.add(imported)
            names |= {f"{imported}.{alias.name}" for alias in node.names}
    return names


def imported_modules(path: Path) -> set[str]:
    return imports_of(path.read_text(), module_name(path), path.name == "__init__.py")


def test_no_module_imports_a_test_module() -> None:
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in python_files()
        for name in sorted(imported_modules(path))
        if name.startswith("tests.") and name.rsplit(".", 1)[-1].startswith("test_")
    ]
    assert offenders == []


def test_a_relative_import_of_a_test_module_counts_as_one() -> None:
    """The check above resolves relative imports: one slipped past it once (tests/browser
    shared a fixture through ``from .test_live_table import players``)."""
    source = "from .test_live_table import players\nfrom .. import conftest\n"
    assert imports_of(source, "tests.browser.test_table_animations") == {
        "tests.browser.test_live_table",
        "tests.browser.test_live_table.players",
        "tests",
        "tests.conftest",
    }


def test_no_application_module_is_longer_than_900_lines() -> None:
    """engine/, pokerclub/ and tables/ (their migrations and tests aside): a module that
    grows past 900 lines is split by what its parts do."""
    lines = {path: len(path.read_text().splitlines()) for path in python_files(APPLICATION)}
    assert {str(p.relative_to(ROOT)): n for p, n in lines.items() if n > LONGEST} == {}


def test_tournaments_and_models_live_in_their_domain_packages_not_flat_modules() -> None:
    """Issue #37 moved tables/tournament_*.py and tables/models_*.py into tables/play/,
    tables/tournaments/, tables/hands/ and tables/money/; none comes back."""
    flat = sorted(ROOT.glob("tables/tournament_*.py")) + sorted(ROOT.glob("tables/models_*.py"))
    assert [str(path.relative_to(ROOT)) for path in flat] == []


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
