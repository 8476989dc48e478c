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


def test_a_new_string_in_the_code_fails_the_check_and_the_catalogs_stay_as_they_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check brings the catalogs up to date to look at them, then puts them back: a
    string the code gained is found untranslated, and the files are byte for byte the same
    (makemessages writes into the project's own locale folder, so a copy of the catalogs
    elsewhere never saw a new string: the check passed with strings untranslated)."""
    monkeypatch.chdir(settings.BASE_DIR)
    locale = Path(settings.LOCALE_PATHS[0])
    before = {p: p.read_bytes() for p in sorted(locale.rglob("*.po"))}
    script = Path(settings.BASE_DIR) / "static" / "js" / "zz_catalog_check_probe.js"
    script.write_text('gettext("A string no catalog has seen, for the check\'s own test");\n')
    try:
        found = problems(locale)
    finally:
        script.unlink()
    assert "it/LC_MESSAGES/djangojs.po: 1 entries untranslated" in found
    assert {p: p.read_bytes() for p in sorted(locale.rglob("*.po"))} == before
