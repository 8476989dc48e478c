"""Running the browser's own modules (static/js) under Node.js, so that the engine and the
page are checked against the same inputs. Node comes with these machines; in CI a missing
Node fails the test (``require_service``), in development it skips."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import require_service

STATIC_JS = Path(__file__).resolve().parents[1] / "static" / "js"


def run_node(script: str) -> str:
    """Run an ES module ``script`` and return what it printed."""
    node = shutil.which("node")
    if node is None:
        require_service("Node.js", "`node` is not on the PATH")
    result = subprocess.run(
        [str(node), "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout
