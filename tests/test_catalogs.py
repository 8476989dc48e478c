"""The Italian catalogs follow the code: every string of the interface is in them, translated,
not fuzzy, with the English placeholders (pokerclub/management/commands/catalogs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from pokerclub.management.commands.catalogs import problems


def test_the_catalogs_are_current_with_the_code_translated_and_not_fuzzy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(settings.BASE_DIR)  # makemessages reads the tree it runs in
    assert problems(Path(settings.LOCALE_PATHS[0])) == []
